#!/usr/bin/env bash
# Everything a fresh Debian machine needs: installs the missing packages,
# then configures and builds npuzzle (Release) into build/. gnuplot-nox
# draws the plots of scripts/bench_report.sh; clang and its runtime
# (libFuzzer, in libclang-rt-dev) are for the fuzz targets (scripts/fuzz.sh);
# GCC's sanitizer runtimes come with g++. qt6-base-dev builds the game window
# npuzzle-play; xvfb, xauth, xdotool, imagemagick and python3-pil run it on a
# virtual display for its screenshots (scripts/game_screenshots.sh).
# Usage: scripts/setup.sh [extra cmake arguments...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
packages=(cmake g++ make git libtbb-dev libboost-program-options-dev libgtest-dev libgmock-dev libbenchmark-dev
          gnuplot-nox clang libclang-rt-dev qt6-base-dev xvfb xauth xdotool x11-apps imagemagick python3-pil)
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
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release -DNPUZZLE_BUILD_TESTS=ON -DNPUZZLE_BUILD_BENCH=ON "$@" >/dev/null
cmake --build "$root/build" -j"${NPUZZLE_JOBS:-$(nproc)}"
