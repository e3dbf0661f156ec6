# The InstallExample test: installs the build tree into a scratch prefix,
# builds examples/solve_one against that prefix alone (find_package(npuzzle
# CONFIG), npuzzle::engine), runs it and checks its optimal lengths. Fails on
# anything a broken package breaks: a missing file, a bad config or targets
# file, a header that includes one not installed, a missing usage requirement.
# Usage: cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... [-DCONFIG=Release]
#          [-DCXX_COMPILER=...] [-DGENERATOR=...] -P install_example.cmake
foreach(var BUILD_DIR SOURCE_DIR WORK_DIR)
  if(NOT ${var})
    message(FATAL_ERROR "install_example.cmake: ${var} is not set")
  endif()
endforeach()
set(prefix ${WORK_DIR}/prefix)
set(example_build ${WORK_DIR}/build)
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# run(STEP command...): runs the command; fails the test with its output if
# it fails. Leaves the standard output in `out`.
function(run step)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  if(NOT rc EQUAL 0)
    list(JOIN ARGN " " command)
    message(FATAL_ERROR "${step} failed (${rc}): ${command}\n${stdout}\n${stderr}")
  endif()
  set(out "${stdout}" PARENT_SCOPE)
endfunction()

set(config_args)
if(CONFIG)
  set(config_args --config ${CONFIG})
endif()
run("install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix} ${config_args})

# The public headers of each engine library (cmake/install.cmake states the
# rule), and none of what is not public: the front ends' directories, the
# kernel-internal header and every *.inc (kernel bodies, not headers).
foreach(file include/npuzzle/core/board.h include/npuzzle/heuristics/heuristic.h
             include/npuzzle/heuristics/pdb/additive.h include/npuzzle/search/engine.h include/npuzzle/tools/generate.h
             include/npuzzle/io/reader.h include/npuzzle/batch/batch.h bin/npuzzle)
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "the install lacks ${file}")
  endif()
endforeach()
foreach(dir cli render gui mpi)
  if(EXISTS ${prefix}/include/npuzzle/${dir})
    message(FATAL_ERROR "the install has the headers of a front end (include/npuzzle/${dir})")
  endif()
endforeach()
foreach(internal search/kernels.h search/kernel_dispatch.h heuristics/kernel_rows.h)
  if(EXISTS ${prefix}/include/npuzzle/${internal})
    message(FATAL_ERROR "the install has the kernel-internal include/npuzzle/${internal}")
  endif()
endforeach()
file(GLOB_RECURSE installed_inc RELATIVE ${prefix} ${prefix}/include/npuzzle/*.inc)
if(installed_inc)
  message(FATAL_ERROR "the install has kernel bodies (*.inc): ${installed_inc}")
endif()

set(configure_args -S ${SOURCE_DIR}/examples/solve_one -B ${example_build} -DCMAKE_PREFIX_PATH=${prefix}
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(GENERATOR)
  list(APPEND configure_args -G ${GENERATOR})
endif()
if(CXX_COMPILER)
  list(APPEND configure_args -DCMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
if(CONFIG)
  list(APPEND configure_args -DCMAKE_BUILD_TYPE=${CONFIG})
endif()
run("configuring the example" ${CMAKE_COMMAND} ${configure_args})
# The package found must be the one just installed, not another on the machine.
file(STRINGS ${example_build}/CMakeCache.txt npuzzle_dir REGEX "^npuzzle_DIR:")
string(FIND "${npuzzle_dir}" "${prefix}/" at)
if(NOT at GREATER -1)
  message(FATAL_ERROR "the example found another npuzzle package: ${npuzzle_dir}")
endif()
run("building the example" ${CMAKE_COMMAND} --build ${example_build} ${config_args})

find_program(solve_one solve_one PATHS ${example_build} ${example_build}/${CONFIG} NO_DEFAULT_PATH REQUIRED)
run("running the example" ${solve_one})
message(STATUS "solve_one:\n${out}")
# Their published optimal lengths.
foreach(expected "3x3: 31 moves, " "4x4 Korf #12: 45 moves, ")
  string(FIND "${out}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the example's output lacks \"${expected}\"")
  endif()
endforeach()

find_program(princeton_board princeton_board PATHS ${example_build} ${example_build}/${CONFIG} NO_DEFAULT_PATH REQUIRED)
run("running the Princeton example" ${princeton_board})
message(STATUS "princeton_board:\n${out}")
string(FIND "${out}" "hamming 5, manhattan 10, solvable yes, size 3" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the Princeton example's output lacks Princeton's values")
endif()
