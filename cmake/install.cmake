# Install rules: the npuzzle CLI, the engine's headers and libraries, and a
# CMake package, so that a client does
#
#   find_package(npuzzle CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE npuzzle::engine)
#
# and includes headers as the sources do ("search/solver.h"). See examples/.
# The engine's libraries are npuzzle_engine's (src/CMakeLists.txt lists them
# once); each is exported too, without its prefix: npuzzle::core, npuzzle::heuristics...
include(CMakePackageConfigHelpers)

set(npuzzle_package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/npuzzle)
get_target_property(npuzzle_engine_libraries npuzzle_engine INTERFACE_LINK_LIBRARIES)
foreach(library IN LISTS npuzzle_engine_libraries)
  string(REGEX REPLACE "^npuzzle_" "" name ${library})
  set_target_properties(${library} PROPERTIES EXPORT_NAME ${name})
endforeach()
set_target_properties(npuzzle_engine PROPERTIES EXPORT_NAME engine)

install(TARGETS npuzzle RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET npuzzle-mpi)
  install(TARGETS npuzzle-mpi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
if(TARGET npuzzle-play)
  install(TARGETS npuzzle-play RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
install(TARGETS npuzzle_engine ${npuzzle_engine_libraries} EXPORT npuzzleTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Headers: the engine's public headers and nothing else. The rule: every
# *.h in a directory that holds sources of the engine's libraries (those of
# npuzzle_engine: core, heuristics, heuristics/pdb, search, tools, io,
# batch), at the same relative path under include/npuzzle, except the
# kernel-internal headers listed below, which only the libraries' own
# sources include. So never installed: the front ends' headers (cli/,
# render/, gui/, mpi/: programs, not the package), *.inc files (kernel
# bodies compiled into the libraries: search/kernels.inc,
# heuristics/pdb/bfs_kernel.inc), and revision.h (generated, private to
# batch/). A header added to an engine directory is public unless listed
# here; tests/install_example.cmake checks the rule on the installed tree.
set(npuzzle_internal_headers search/kernels.h search/kernel_dispatch.h heuristics/kernel_rows.h)
set(npuzzle_header_dirs)
foreach(library IN LISTS npuzzle_engine_libraries)
  get_target_property(sources ${library} SOURCES)
  get_target_property(source_dir ${library} SOURCE_DIR)
  foreach(source IN LISTS sources)
    if(NOT IS_ABSOLUTE ${source})
      set(source ${source_dir}/${source})
    endif()
    file(RELATIVE_PATH relative ${PROJECT_SOURCE_DIR}/src ${source})
    get_filename_component(dir ${relative} DIRECTORY)
    if(NOT relative MATCHES "^\\.\\./")  # a source outside src/ (generated) has no headers to install
      list(APPEND npuzzle_header_dirs ${dir})
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES npuzzle_header_dirs)
foreach(dir IN LISTS npuzzle_header_dirs)
  file(GLOB headers RELATIVE ${PROJECT_SOURCE_DIR}/src CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/${dir}/*.h)
  list(REMOVE_ITEM headers ${npuzzle_internal_headers})
  list(TRANSFORM headers PREPEND ${PROJECT_SOURCE_DIR}/src/)
  install(FILES ${headers} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/npuzzle/${dir})
endforeach()
install(EXPORT npuzzleTargets NAMESPACE npuzzle:: DESTINATION ${npuzzle_package_dir})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/npuzzleConfig.cmake.in
  ${PROJECT_BINARY_DIR}/npuzzleConfig.cmake INSTALL_DESTINATION ${npuzzle_package_dir})
# 0.x: a new minor version may break the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/npuzzleConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/npuzzleConfig.cmake ${PROJECT_BINARY_DIR}/npuzzleConfigVersion.cmake
  DESTINATION ${npuzzle_package_dir})
