#!/usr/bin/env bash
# Builds the engine for the browser page: web/engine/npuzzle.js, one file
# holding the WebAssembly (emscripten, -sSINGLE_FILE: Debian's emscripten
# 3.1.6 under node 20 cannot fetch a separate .wasm). Installs emscripten
# when it is missing. Debian's emscripten finds its JavaScript tools only
# with NODE_PATH=/usr/share/nodejs (else "Cannot find module 'acorn'").
# Usage: scripts/build_web.sh     (NPUZZLE_JOBS: parallel jobs, default all cores)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/scripts/packages.sh"
install_missing build_web emscripten
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
start=$SECONDS
emcmake cmake -S "$root" -B "$root/build-web" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$root/build-web" -j"${NPUZZLE_JOBS:-$(nproc)}" --target npuzzle_web
echo "build_web: web/engine/npuzzle.js, $(stat -c %s "$root/web/engine/npuzzle.js") bytes, in $((SECONDS - start)) s" >&2
