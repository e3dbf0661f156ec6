#!/usr/bin/env bash
# Sets up and builds npuzzle on a Debian machine: installs the packages that
# are missing, then configures and builds a Release tree in build/.
#
#   scripts/setup.sh                  the CLI (build/npuzzle), plus every front end
#                                     whose packages are already installed
#   scripts/setup.sh all              the CLI and every front end, installing their packages
#   scripts/setup.sh gui render ...   the CLI and the named front ends:
#       gui     the game window build/npuzzle-play (Qt 6)
#       render  pictures of solutions, `npuzzle render` (libgd, DejaVu fonts)
#       python  the Python module (pybind11, the Python headers, venv)
#       mpi     build/npuzzle-mpi, the batch over MPI ranks (Open MPI)
#       web     the page web/ (web/engine/npuzzle.js: the engine in
#               WebAssembly, emscripten; scripts/build_web.sh)
#   scripts/setup.sh --tests [...]    also the test suite's packages (GoogleTest,
#                                     Google Benchmark, Ninja, clang's libFuzzer, pytest,
#                                     NumPy, Pillow, Xvfb ...) and the tests and
#                                     benchmarks themselves: scripts/test.sh uses it
# Arguments after `--` go to cmake (-DNPUZZLE_GUI=OFF, ... -DNPUZZLE_WEB=OFF
# leave a front end out). NPUZZLE_JOBS sets the build's parallel
# jobs (default: all cores). Tests and benchmarks are never built without
# --tests (or -DNPUZZLE_BUILD_TESTS=ON by hand).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
start=$SECONDS

cli_packages=(cmake g++ make git libtbb-dev libboost-program-options-dev)
declare -A front_end_packages=(
  [gui]="qt6-base-dev"
  [render]="libgd-dev fonts-dejavu-core"
  [python]="pybind11-dev python3-dev python3-venv"
  [mpi]="libopenmpi-dev openmpi-bin"
  [web]="emscripten"
)
# What the tests need beyond the front ends: to build them, GoogleTest,
# Google Benchmark and Ninja (the sanitizer and fuzzing trees); only to run
# them, clang and its libFuzzer runtime (scripts/fuzz.sh); pytest and NumPy
# (the Python module's tests);
# Pillow (decodes the renderer's GIFs in tests/render_test); Xvfb, xauth,
# xdotool, x11-apps and ImageMagick (the game's screenshots,
# scripts/game_screenshots.py); bc and GNU time (scripts/bench_intra.sh);
# gnuplot for the benchmark report's plots; chromium, node and npm
# (puppeteer-core) for the page's browser tests (scripts/test_web.sh).
test_build_packages=(libgtest-dev libgmock-dev libbenchmark-dev ninja-build)
test_run_packages=(clang libclang-rt-dev python3-pytest python3-numpy python3-pil xvfb xauth xdotool x11-apps
                   imagemagick bc time gnuplot-nox chromium nodejs npm)

tests=OFF
wanted=()
cmake_args=()
while (($#)); do
  case $1 in
    --tests) tests=ON ;;
    all | --all) wanted=(gui render python mpi web) ;;
    gui | render | python | mpi | web) wanted+=("$1") ;;
    --) shift; cmake_args=("$@"); break ;;
    -h | --help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "setup: unknown argument '$1' (expected all, gui, render, python, mpi, web, --tests, or -- CMAKE_ARGS)" >&2
       exit 2 ;;
  esac
  shift
done
if [ "$tests" = ON ]; then wanted=(gui render python mpi web); fi

# What CMake must find comes first. What only the page's build (emscripten)
# and the tests' runs use is installed in the background while build/
# builds: apt-get waits on the network and dpkg, the compiler on the CPU.
packages=("${cli_packages[@]}")
later_packages=()
for f in "${wanted[@]}"; do
  read -r -a more <<<"${front_end_packages[$f]}"
  if [ "$f" = web ]; then later_packages+=("${more[@]}"); else packages+=("${more[@]}"); fi
done
if [ "$tests" = ON ]; then packages+=("${test_build_packages[@]}"); later_packages+=("${test_run_packages[@]}"); fi

source "$root/scripts/packages.sh"
install_missing setup "${packages[@]}"
later_pid=
if ((${#later_packages[@]})); then
  install_missing setup "${later_packages[@]}" &
  later_pid=$!
fi

# Front ends not asked for are built when their packages are there anyway
# (CMake finds them); those asked for must be found.
front_end_args=()
for f in "${wanted[@]}"; do
  case $f in
    web) ;;  # its own build, below
    gui) front_end_args+=(-DNPUZZLE_GUI=ON) ;;
    render) front_end_args+=(-DNPUZZLE_RENDER=ON) ;;
    python) front_end_args+=(-DNPUZZLE_PYTHON=ON) ;;
    mpi) front_end_args+=(-DNPUZZLE_MPI=ON) ;;
  esac
done
# The Python module is built for Debian's interpreter, the one that sees the
# packages above (a pyenv or conda python3 earlier on PATH would not).
python_args=()
if [ -x /usr/bin/python3 ]; then python_args=(-DPython_EXECUTABLE=/usr/bin/python3); fi
configure_start=$SECONDS
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DNPUZZLE_BUILD_TESTS=$tests -DNPUZZLE_BUILD_BENCH=$tests \
  "${python_args[@]}" "${front_end_args[@]}" "${cmake_args[@]}" >/dev/null
cmake --build "$root/build" -j"${NPUZZLE_JOBS:-$(nproc)}"
if [ -n "$later_pid" ]; then
  wait "$later_pid" || { echo "setup: installing ${later_packages[*]} failed" >&2; exit 1; }
fi
built=$(grep -E '^NPUZZLE_(GUI|RENDER|PYTHON|MPI):BOOL=ON' "$root/build/CMakeCache.txt" | sed -E 's/^NPUZZLE_([A-Z]+).*/\1/' |
          tr 'A-Z\n' 'a-z ' || true)
# The page: when asked for, or when emscripten is there anyway (unless
# -DNPUZZLE_WEB=OFF is among the cmake arguments, as for the other front ends).
web_off=no
for a in "${cmake_args[@]}"; do [[ $a =~ ^-DNPUZZLE_WEB(:BOOL)?=(OFF|0|NO|FALSE)$ ]] && web_off=yes; done
if [[ " ${wanted[*]} " == *" web "* ]] || { [ $web_off = no ] && command -v emcmake >/dev/null; }; then
  "$root/scripts/build_web.sh"
  built="${built}web "
fi
echo "setup: built build/npuzzle ${built:+with: $built}in $((SECONDS - configure_start)) s" \
     "(tests and benchmarks: $tests; $((SECONDS - start)) s in all)" >&2
