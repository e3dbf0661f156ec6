# The WebAssembly build of the engine for the page web/, included by the
# top-level CMakeLists.txt under emscripten (scripts/build_web.sh runs
# `emcmake cmake`). The engine's libraries without oneTBB (no threads: the
# table builders run their loops on one thread), the compile-time kernels of
# 4x4 only, and the kernels of boards up to 16 cells: above that the page
# uses the phased solver. No batch pipeline, CLI, tests or other front end.
set(CMAKE_CXX_FLAGS_RELEASE "-O3 -DNDEBUG")
set(NPUZZLE_TBB OFF)
set(NPUZZLE_WEB ON)
set(NPUZZLE_SHAPE_KERNELS ON)
set(NPUZZLE_SHAPES "4x4" CACHE STRING "shapes with compile-time kernels" FORCE)
set(NPUZZLE_MAX_KERNEL_CELLS 16 CACHE STRING "the most cells optimal search serves" FORCE)
set(NPUZZLE_RESEARCH_KERNELS OFF)
set(NPUZZLE_WEB_OUTPUT "${PROJECT_SOURCE_DIR}/web/engine" CACHE PATH "where npuzzle.js is written")
# The engine reports bad specs and table files by exceptions: emscripten
# ignores them by default (-fignore-exceptions), so they are switched on.
add_compile_options(-fexceptions)
add_link_options(-fexceptions)
add_library(npuzzle_warnings INTERFACE)
target_compile_options(npuzzle_warnings INTERFACE -Wall -Wextra)
add_subdirectory(src)
