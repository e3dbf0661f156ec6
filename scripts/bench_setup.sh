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
# results). Usage: scripts/bench_setup.sh [SETUP_ARGS...]   e.g. all
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/npuzzle-setup.XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/npuzzle"
cd "$work/npuzzle"
rev=$(git rev-parse --short=12 HEAD)
echo "revision $rev, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
     "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s.%N)
/usr/bin/time -f "setup.sh $*: %e s wall, %U s user, %S s system" scripts/setup.sh "$@" 2>&1 | grep -E "^setup" || true
end=$(date +%s.%N)
echo "setup wall: $(echo "$end - $start" | bc) s"
if [ $# -eq 0 ]; then
  /usr/bin/time -f "korf100 batch: %e s wall" build/npuzzle batch -i datasets/korf100.txt -o korf100.csv --no-progress \
    2>&1 | tail -2
  echo "first command total: $(echo "$(date +%s.%N) - $start" | bc) s"
fi
echo "build/npuzzle: $(stat -c %s build/npuzzle) bytes; $(size build/npuzzle | awk 'NR==2 {print $1}') bytes of code"
