#!/usr/bin/env bash
# Usage: scripts/pair_cores.sh ROUNDS OUT.tsv BIN_A 'ARGS_A' BIN_B 'ARGS_B'
#
# Times two one-thread configurations side by side: in each round A and B
# run at once, each pinned to one of the two cores (taskset), and the cores
# swap every round. A VM's speed drifts by up to 1.5x within minutes
# (results/korf24_levers.md section 33), so runs one after another compare
# badly; run together, both see the same drift, and the ratio of each
# round's pair is what is compared.
#
# Each side runs `BIN batch ARGS --threads 1 -o FILE` (ARGS split on spaces:
# the input, the heuristic, the pruning, a node limit ...). OUT.tsv gets a
# provenance header, then per run: round, side, core, wall seconds, the sum
# of the CSV's search seconds and of its expanded nodes. Standard output gets
# each round's B/A ratio of search seconds and their mean, median and the
# ratio of the sums. The sides must expand the same nodes (the same search)
# unless ALLOW_DIFFERENT_COUNTS=1. Exit status 2 on bad usage, 1 when a run
# writes no row or the counts differ.
set -euo pipefail
[ $# -eq 6 ] || { awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0" >&2; exit 2; }
rounds=$1 out=$2 bin_a=$3 args_a=$4 bin_b=$5 args_b=$6
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "pair_cores: ROUNDS must be a positive integer" >&2; exit 2; }
for b in "$bin_a" "$bin_b"; do [ -x "$b" ] || { echo "pair_cores: $b is not executable" >&2; exit 2; }; done
[ "$(nproc)" -ge 2 ] || { echo "pair_cores: needs two cores" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
{
  echo "# scripts/pair_cores.sh $rounds $out '$bin_a' '$args_a' '$bin_b' '$args_b'"
  echo "# git $(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), family $(grep -m1 'cpu family' /proc/cpuinfo | cut -d: -f2 | tr -d ' ') model $(grep -m1 -E '^model\s' /proc/cpuinfo | cut -d: -f2 | tr -d ' '); ${MACHINE:-machine unnamed}; started $(date -u +%FT%TZ)"
  printf 'round\tside\tcore\twall_seconds\tsearch_seconds\texpanded\n'
} >"$out"
run() {  # side core bin args
  local side=$1 core=$2 bin=$3 args=$4 start end
  start=$(date +%s.%N)
  # shellcheck disable=SC2086  # ARGS is a list of words by design
  # A node limit's rows end the batch with a nonzero status, so a run fails
  # only when it wrote no row.
  taskset -c "$core" "$bin" batch $args --threads 1 -o "$work/$side.csv" --no-progress 2>"$work/$side.err" || true
  [ "$(wc -l <"$work/$side.csv" 2>/dev/null || echo 0)" -ge 2 ] ||
    { echo "pair_cores: side $side wrote no row:" >&2; cat "$work/$side.err" >&2; return 1; }
  end=$(date +%s.%N)
  awk -F, -v r="$round" -v s="$side" -v c="$core" -v w="$(echo "$end - $start" | bc)" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    { sec += $col["seconds"]; nodes += $col["expanded"] }
    END { printf "%s\t%s\t%s\t%.2f\t%.3f\t%.0f\n", r, s, c, w, sec, nodes }' "$work/$side.csv" >"$work/$side.row"
}
for round in $(seq 1 "$rounds"); do
  core_a=$(((round + 1) % 2)) core_b=$((round % 2))
  run A "$core_a" "$bin_a" "$args_a" & pid_a=$!
  run B "$core_b" "$bin_b" "$args_b" & pid_b=$!
  wait "$pid_a" && wait "$pid_b" || exit 1
  cat "$work/A.row" "$work/B.row" >>"$out"
  if [ "${ALLOW_DIFFERENT_COUNTS:-0}" != 1 ] && [ "$(cut -f6 "$work/A.row")" != "$(cut -f6 "$work/B.row")" ]; then
    echo "pair_cores: round $round expanded $(cut -f6 "$work/A.row") with A and $(cut -f6 "$work/B.row") with B" >&2
    exit 1
  fi
done
awk -F'\t' '!/^#/ && $1 != "round" { s[$1, $2] = $5; n = $1 }
  END {
    for (r = 1; r <= n; r++) { q[r] = s[r, "B"] / s[r, "A"]; line = line sprintf(" %.3f", q[r]); sum += q[r]; a += s[r, "A"]; b += s[r, "B"] }
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (q[j] < q[i]) { t = q[i]; q[i] = q[j]; q[j] = t }
    med = n % 2 ? q[(n + 1) / 2] : (q[n / 2] + q[n / 2 + 1]) / 2
    printf "B/A by round:%s\nmean %.3f, median %.3f, sums %.1f s / %.1f s = %.3f\n", line, sum / n, med, b, a, b / a
  }' "$out"
