#!/usr/bin/env bash
# The batch's memory on a long input: `npuzzle batch` over LINES puzzles
# (default ten million 3x3 boards, 8-move random walks: the solving is
# trivial, so reading, the pipeline and writing dominate), sampling the
# process's resident memory every second. Writes results/streaming.md with
# the peak RSS, the RSS over time, the rate, the command, revision and
# machine. With NPUZZLE_BASELINE=/path/to/an/older/npuzzle the same input is
# run through that binary too, side by side.
#
# Usage: scripts/bench_stream.sh [LINES [THREADS]]   (about 2 minutes per run on 2 cores)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lines=${1:-10000000}
threads=${2:-2}
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || "$root/scripts/setup.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/npuzzle-stream.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$bin" gen --size 3x3 --count "$lines" --walk 8 --seed 1 > "$work/in.txt"
input_bytes=$(stat -c %s "$work/in.txt")

# run NAME BINARY: one batch, RSS sampled every second; prints a table row.
run() {
  local name=$1 binary=$2
  local samples="$work/$name.rss"
  : > "$samples"
  /usr/bin/time -f '%M %e' -o "$work/$name.time" "$binary" batch -i "$work/in.txt" -o "$work/$name.csv" \
    --threads "$threads" --heuristic manhattan --no-progress 2> "$work/$name.err" &
  local pid=$!
  local child=""
  while kill -0 "$pid" 2>/dev/null; do
    [ -n "$child" ] || child=$(pgrep -P "$pid" | head -n 1 || true)
    if [ -n "$child" ] && [ -r "/proc/$child/status" ]; then
      awk '/^VmRSS/ {print $2}' "/proc/$child/status" >> "$samples" 2>/dev/null || true
    fi
    sleep 1
  done
  wait "$pid" || { echo "bench_stream: $name failed:" >&2; cat "$work/$name.err" >&2; exit 1; }
  read -r peak_kib wall < "$work/$name.time"
  local rows
  rows=$(($(wc -l < "$work/$name.csv") - 1))
  [ "$rows" -eq "$lines" ] || { echo "bench_stream: $name wrote $rows rows for $lines puzzles" >&2; exit 1; }
  # RSS after 10%, 50% and 90% of the samples: flat or growing.
  local n p10 p50 p90
  n=$(wc -l < "$samples")
  p10=$(sed -n "$((n / 10 + 1))p" "$samples")
  p50=$(sed -n "$((n / 2 + 1))p" "$samples")
  p90=$(sed -n "$((n * 9 / 10 + 1))p" "$samples")
  printf '| %s | %s | %.0f MiB | %.0f / %.0f / %.0f MiB | %.1f s | %.0f |\n' "$name" "$("$binary" --version)" \
    "$(echo "$peak_kib / 1024" | bc -l)" "$(echo "$p10 / 1024" | bc -l)" "$(echo "$p50 / 1024" | bc -l)" \
    "$(echo "$p90 / 1024" | bc -l)" "$wall" "$(echo "$lines / $wall" | bc -l)"
  rm -f "$work/$name.csv"
}

out=$root/results/streaming.md
{
  echo "# The batch on a long input: memory over time"
  echo
  echo "- command: \`scripts/bench_stream.sh $lines $threads\` — \`npuzzle batch -i IN -o OUT.csv --threads $threads --heuristic manhattan --no-progress\`"
  echo "- input: \`npuzzle gen --size 3x3 --count $lines --walk 8 --seed 1\`, $lines puzzles, $((input_bytes / 1048576)) MiB"
  echo "- revision: $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet || echo -dirty), run $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "- machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "| binary | version | peak RSS | RSS at 10% / 50% / 90% of the run | wall | puzzles/s |"
  echo "|---|---|---:|---:|---:|---:|"
  run current "$bin"
  if [ -n "${NPUZZLE_BASELINE:-}" ]; then run baseline "$NPUZZLE_BASELINE"; fi
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"
