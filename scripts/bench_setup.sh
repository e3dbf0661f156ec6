#!/usr/bin/env bash
# The README's first command and the set-up with every front end, timed on
# a fresh clone (the figures of results/lean_engine.md):
#   1. git clone of this repository's HEAD into a scratch directory;
#   2. `scripts/setup.sh ARGS` there, timed (wall and CPU);
#   3. for the default set-up, the rest of the first command: Korf's 100 on
#      all cores with the default heuristic, timed;
#   4. the size of build/npuzzle (and of its code).
# Packages are taken as installed: on a machine that lacks them, the apt-get
# part of setup.sh comes on top (measured once, on a fresh machine, in the
# results). Usage: scripts/bench_setup.sh [fresh | SETUP_ARGS...]   e.g. all
#   fresh  what the first command builds on a fresh machine, where no front
#          end's packages are installed: the CLI alone, then Korf's 100
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/npuzzle-setup.XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/npuzzle"
cd "$work/npuzzle"
rev=$(git rev-parse --short=12 HEAD)
echo "revision $rev, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
     "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
first_command=no
if [ $# -eq 0 ] || [ "$1" = fresh ]; then first_command=yes; fi
if [ "${1:-}" = fresh ]; then
  set -- -- -DNPUZZLE_GUI=OFF -DNPUZZLE_RENDER=OFF -DNPUZZLE_PYTHON=OFF -DNPUZZLE_MPI=OFF -DNPUZZLE_WEB=OFF
fi
start=$(date +%s.%N)
/usr/bin/time -f "setup.sh $*: %e s wall, %U s user, %S s system" scripts/setup.sh "$@" 2>&1 | grep -E "^setup" || true
end=$(date +%s.%N)
echo "setup wall: $(echo "$end - $start" | bc) s"
if [ $first_command = yes ]; then
  # A fresh machine has no tables cached: auto is linear-conflict there.
  export XDG_CACHE_HOME=$work/cache
  /usr/bin/time -f "korf100 batch: %e s wall" build/npuzzle batch -i datasets/korf100.txt -o korf100.csv --no-progress \
    2>&1 | tail -2
  echo "first command total: $(echo "$(date +%s.%N) - $start" | bc) s"
fi
echo "build/npuzzle: $(stat -c %s build/npuzzle) bytes; $(size build/npuzzle | awk 'NR==2 {print $1}') bytes of code"
