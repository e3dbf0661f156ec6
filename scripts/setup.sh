#!/usr/bin/env bash
# Everything a fresh Debian machine needs: installs the missing packages,
# then configures and builds npuzzle (Release) into build/. gnuplot-nox
# draws the plots of scripts/bench_report.sh; clang and its runtime
# (libFuzzer, in libclang-rt-dev) are for the fuzz targets (scripts/fuzz.sh);
# GCC's sanitizer runtimes come with g++. pybind11-dev and python3-dev build
# the Python module (python/); python3-venv, python3-pytest and python3-numpy
# install and test it (scripts/test_python.sh). libgd-dev and
# fonts-dejavu-core are for `npuzzle render` (GIF/PNG encoding, FreeType
# text, the numbers' font); python3-pil decodes every frame of its GIFs in
# tests/render_test.
# qt6-base-dev builds the game window npuzzle-play; xvfb, xauth, xdotool,
# imagemagick and python3-pil run it on a virtual display for its
# screenshots (scripts/game_screenshots.py). libopenmpi-dev and openmpi-bin
# build npuzzle-mpi and run its tests under mpirun. bc and time (GNU time, for
# the CPU seconds) are for scripts/bench_intra.sh.
# Usage: scripts/setup.sh [extra cmake arguments...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
packages=(cmake g++ make git libtbb-dev libboost-program-options-dev libgtest-dev libgmock-dev libbenchmark-dev
          gnuplot-nox clang libclang-rt-dev pybind11-dev python3-dev python3-venv python3-pytest python3-numpy
          libgd-dev fonts-dejavu-core python3-pil qt6-base-dev xvfb xauth xdotool x11-apps imagemagick
          libopenmpi-dev openmpi-bin bc time)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; fi
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# The Python module is built for Debian's interpreter, the one that sees the
# packages above (a pyenv or conda python3 earlier on PATH would not).
python_args=()
if [ -x /usr/bin/python3 ]; then python_args=(-DPython_EXECUTABLE=/usr/bin/python3); fi
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DNPUZZLE_BUILD_TESTS=ON -DNPUZZLE_BUILD_BENCH=ON \
  "${python_args[@]}" "$@" >/dev/null
cmake --build "$root/build" -j"${NPUZZLE_JOBS:-$(nproc)}"
