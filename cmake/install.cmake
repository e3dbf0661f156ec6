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
# Every header of the engine (revision.h, generated, is private to batch/);
# the CLI, the renderer and the game are front ends, not part of the package.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/npuzzle
  FILES_MATCHING PATTERN "*.h" PATTERN "*.inc"
  PATTERN "cli" EXCLUDE PATTERN "render" EXCLUDE PATTERN "gui" EXCLUDE)
install(EXPORT npuzzleTargets NAMESPACE npuzzle:: DESTINATION ${npuzzle_package_dir})

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/npuzzleConfig.cmake.in
  ${PROJECT_BINARY_DIR}/npuzzleConfig.cmake INSTALL_DESTINATION ${npuzzle_package_dir})
# 0.x: a new minor version may break the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/npuzzleConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/npuzzleConfig.cmake ${PROJECT_BINARY_DIR}/npuzzleConfigVersion.cmake
  DESTINATION ${npuzzle_package_dir})
