#!/usr/bin/env bash
# The Python module's tests, run against the installed package: builds the
# module in BUILD (default build/), makes a venv BUILD/pyvenv with the
# interpreter it was built for (--system-site-packages, for Debian's
# python3-pytest and python3-numpy), installs the package into it with
# `cmake --install BUILD --component python`, and runs pytest on
# python/tests from outside the source tree. pytest's exit 5 (no tests ran)
# is a failure.
# Usage: scripts/test_python.sh [BUILD] [pytest arguments...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
shift || true
if [ ! -f "$build/python/interpreter.txt" ]; then
  echo "test_python: $build has no Python module (NPUZZLE_PYTHON is OFF: apt-get install pybind11-dev python3-dev, then reconfigure)" >&2
  exit 1
fi
python=$(cat "$build/python/interpreter.txt")
nice -n 10 cmake --build "$build" --target _npuzzle -j"${NPUZZLE_JOBS:-$(nproc)}"
venv=$build/pyvenv
if [ ! -x "$venv/bin/python" ]; then
  "$python" -m venv --system-site-packages "$venv"
fi
cmake --install "$build" --component python --prefix "$venv" >/dev/null
cd "$venv"
status=0
"$venv/bin/python" -m pytest -p no:cacheprovider -q "$root/python/tests" "$@" || status=$?
if [ "$status" -eq 5 ]; then
  echo "test_python: pytest collected no tests" >&2
  exit 1
fi
exit "$status"
