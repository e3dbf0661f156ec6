#!/usr/bin/env bash
# The web page's tests in a real browser: Debian's chromium driven by
# puppeteer-core (tests/web/package.json pins it). Serves web/ on a free
# port of 127.0.0.1, runs tests/web/browser_test.mjs against it (node's test
# runner), stops the server; exits non-zero on any failure.
#
#   scripts/test_web.sh              # the browser tests (about a minute)
#   scripts/test_web.sh --engine     # and tests/web/engine_check.mjs (all 3x3 boards; long)
#
# Installs what is missing: chromium and nodejs/npm (apt-get), puppeteer-core
# (npm ci in tests/web), and builds web/engine/npuzzle.js
# (scripts/build_web.sh) when it is not there. Screenshots go to
# SCREENSHOT_DIR (default build-web/screenshots/). CHROMIUM overrides
# /usr/bin/chromium.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

engine_check=0
for arg in "$@"; do
  case $arg in
    --engine) engine_check=1 ;;
    -h|--help) awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) echo "test_web: unknown argument $arg" >&2; exit 2 ;;
  esac
done

source "$root/scripts/packages.sh"
# chromium unless CHROMIUM names another browser.
need=(nodejs npm)
[ -n "${CHROMIUM:-}" ] || need+=(chromium)
install_missing test_web "${need[@]}"

if [ ! -f web/engine/npuzzle.js ]; then
  echo "test_web: web/engine/npuzzle.js is missing: building it (scripts/build_web.sh)" >&2
  scripts/build_web.sh
fi

if [ ! -d tests/web/node_modules/puppeteer-core ] ||
   [ tests/web/package-lock.json -nt tests/web/node_modules/.package-lock.json ]; then
  (cd tests/web && npm ci --no-audit --no-fund --loglevel=error)
fi

export SCREENSHOT_DIR=${SCREENSHOT_DIR:-$root/build-web/screenshots}
log=$(mktemp)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -f "$log"
}
trap cleanup EXIT

node tests/web/static_server.mjs web 0 >"$log" 2>&1 &
server=$!
url=""
for _ in $(seq 1 100); do
  url=$(head -n 1 "$log")
  [ -n "$url" ] && break
  if ! kill -0 "$server" 2>/dev/null; then cat "$log" >&2; echo "test_web: the server did not start" >&2; exit 1; fi
  sleep 0.1
done
[ -n "$url" ] || { echo "test_web: the server printed no URL" >&2; exit 1; }
echo "test_web: serving web/ at $url; screenshots in $SCREENSHOT_DIR" >&2

status=0
WEB_URL=$url node --test --test-reporter=spec tests/web/browser_test.mjs || status=$?
if [ "$engine_check" = 1 ] && [ "$status" = 0 ]; then
  node tests/web/engine_check.mjs || status=$?
fi
exit "$status"
