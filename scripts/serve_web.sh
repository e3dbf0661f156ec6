#!/usr/bin/env bash
# Serves web/ on http://127.0.0.1:PORT/ for a quick look at the page
# (PORT: the first argument, else 8000). Any static server will do; this one
# is Python's. Ctrl-C stops it. Build the engine first: scripts/build_web.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
port=${1:-8000}
if [ ! -f "$root/web/engine/npuzzle.js" ]; then
  echo "serve_web: web/engine/npuzzle.js is missing: run scripts/build_web.sh first (the page says so too)" >&2
fi
echo "serve_web: open http://127.0.0.1:$port/ (Ctrl-C stops)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$root/web"
