# Sourced by the scripts that build a scratch tree of their own
# (sanitize.sh, fuzz.sh).

# ninja_tree DIR: prepares DIR for a Ninja configure. Ninja builds several
# named targets as one graph; CMake's Makefiles build them one after
# another, and a test binary is one unit, so each would compile on one core
# (the ASan tree: 231 s against 168 s). A tree configured with another
# generator is the script's own scratch tree, so it is removed.
ninja_tree() {
  local cache=$1/CMakeCache.txt
  if [ -f "$cache" ] && ! grep -qx 'CMAKE_GENERATOR:INTERNAL=Ninja' "$cache"; then rm -rf "$1"; fi
}
