# Writes OUT with the version and git revision; rewrites it only on change so
# that a build with no new commit does not recompile anything.
execute_process(COMMAND git -C ${SRC} rev-parse --short=12 HEAD
                OUTPUT_VARIABLE rev OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR rev STREQUAL "")
  set(rev "unknown")
else()
  execute_process(COMMAND git -C ${SRC} status --porcelain --untracked-files=no
                  OUTPUT_VARIABLE dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT dirty STREQUAL "")
    set(rev "${rev}-dirty")
  endif()
endif()
set(content "#pragma once\n#define NPUZZLE_VERSION \"${VERSION}\"\n#define NPUZZLE_GIT_REVISION \"${rev}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${content}")
  file(WRITE ${OUT} "${content}")
endif()
