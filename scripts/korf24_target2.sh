#!/usr/bin/env bash
# Issue 40's target 2, measured: `scripts/korf24_best.sh IDS` (B) against
# `npuzzle batch --heuristic pdb:6666 --prune fsm --threads 2` (P) on the same
# instances, one run at a time, in ABBA groups (P B B P). Run it on an
# otherwise idle machine. The VMs' speed drifts by up to 1.5x within an hour
# (results/korf24_levers.md section 31), so only the runs of one group are
# compared: a group's ratio is its two B walls over its two P walls, and the
# overall ratio sums whole groups.
#
# Usage: scripts/korf24_target2.sh GROUPS OUT.csv [IDS]     (IDS: default "3 4 26")
#   Runs groups until OUT.csv holds GROUPS of them, so it resumes: a group is
#   appended only when its four runs are done and checked, and a group cut
#   off is run again whole. Each invocation first runs #38 once with each
#   configuration, unrecorded, so that the tables are built (on first use)
#   and in the page cache before the first timed run. Each recorded run's
#   rows, without their solutions, go to OUT.csv.runs/gGrRC.csv (group G,
#   run R, configuration C), for each instance's seconds.
# Every run's rows must be optimal at the published length
# (datasets/korf50_24.tsv) and pass `npuzzle verify`, or the script stops.
# Environment: NPUZZLE (default build/npuzzle), HEURISTIC (B's configuration,
#   passed to korf24_best.sh), MACHINE (the VM's name for the rows, e.g.
#   EPYC18; default: /proc/cpuinfo's model name, family and model),
#   PDB_DIR (the tables' directory, both configurations).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { awk 'NR > 1 { if (!/^#/) exit; sub(/^# ?/, ""); print }' "$0" >&2; exit 2; }
groups=$1 out=$2 ids=${3:-3 4 26}
bin=${NPUZZLE:-$root/build/npuzzle}
[ -x "$bin" ] || { echo "korf24_target2: $bin is not built (scripts/setup.sh)" >&2; exit 2; }
export NPUZZLE=$bin THREADS=2
dir_args=()
[ -n "${PDB_DIR:-}" ] && dir_args=(--pdb-dir "$PDB_DIR")
if [ -z "${MACHINE:-}" ]; then
  MACHINE=$(awk -F': ' '/^model name/ && !n { n = $2 } /^cpu family/ && !f { f = $2 } /^model\t/ && !m { m = $2 }
                        END { printf "%s family %s model %s", n, f, m }' /proc/cpuinfo)
fi
rev=$(git -C "$root" rev-parse --short=12 HEAD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# instances IDS FILE: the puzzle file of the instances, and their published lengths in FILE.lengths.
instances() {
  echo "# goal: blank-first" >"$2"
  : >"$2.lengths"
  for id in $1; do
    awk -v id="$id" '!/^#/ && $1 == id' "$root/datasets/korf50_24.txt" >>"$2"
    awk -F'\t' -v id="$id" '$1 == id { print id, $3 }' "$root/datasets/korf50_24.tsv" >>"$2.lengths"
  done
  [ "$(wc -l <"$2.lengths")" -eq "$(wc -w <<<"$1")" ] || { echo "korf24_target2: an instance of '$1' is not in 1..50" >&2; exit 2; }
}
instances "$ids" "$work/in.txt"
instances 38 "$work/warm.txt"

# run CONFIG INPUT CSV: one timed run of P or B; its "WALL PEAK_KB" in $work/time.
run() {
  rm -f "$3" "$work/time"
  case $1 in
    P) /usr/bin/time -f "%e %M" -o "$work/time" "$bin" batch -i "$2" -o "$3" --heuristic pdb:6666 --prune fsm \
         --threads 2 "${dir_args[@]}" --no-progress 2>"$work/err" ;;
    B) local list
       list=$(awk '!/^#/ { printf "%s ", $1 }' "$2")
       # shellcheck disable=SC2086  # the instance numbers are words
       /usr/bin/time -f "%e %M" -o "$work/time" "$root/scripts/korf24_best.sh" $list >"$3" 2>"$work/err" ;;
  esac || { echo "korf24_target2: $1 failed:" >&2; cat "$work/err" "$work/time" >&2; exit 1; }
}

# check INPUT CSV: the rows are optimal at the published lengths and replay; prints "LENGTHS,EXPANDED"
# (%.0f: mawk's %d stops at 2^31 - 1).
check() {
  awk -F, 'FNR == NR { want[$1] = $2; next } FNR == 1 { next }
           { if ($4 != "optimal" || $5 != want[$1]) { print "instance " $1 ": " $4 " " $5 ", published " want[$1] > "/dev/stderr"; bad = 1 }
             n++; lengths = lengths (lengths ? " " : "") $5; expanded += $7 }
           END { if (bad || n != length(want)) exit 1; printf "%s,%.0f\n", lengths, expanded }' \
    FS=' ' "$1.lengths" FS=, "$2" || { echo "korf24_target2: $2 does not hold the published lengths" >&2; exit 1; }
  "$bin" verify -i "$1" -r "$2" >/dev/null 2>"$work/verify" \
    || { echo "korf24_target2: npuzzle verify failed on $2:" >&2; cat "$work/verify" >&2; exit 1; }
}

[ -f "$out" ] || echo "group,run,config,wall_seconds,peak_rss_kb,lengths,expanded,b_heuristic,git,machine,finished" >"$out"
done_groups=$(awk -F, 'NR > 1 { g[$1] = 1 } END { print length(g) }' "$out")
if ((done_groups < groups)); then
  for config in P B; do
    run "$config" "$work/warm.txt" "$work/warm.csv"
    check "$work/warm.txt" "$work/warm.csv" >/dev/null
  done
else
  echo "korf24_target2: $out already holds $done_groups groups" >&2
fi
for ((g = done_groups + 1; g <= groups; ++g)); do
  : >"$work/group"
  r=0
  for config in P B B P; do
    r=$((r + 1))
    run "$config" "$work/in.txt" "$work/run.csv"
    read -r wall peak < <(tail -1 "$work/time")
    checked=$(check "$work/in.txt" "$work/run.csv")
    # The run's rows without their solutions, for each instance's seconds.
    cut -d, -f1-11 "$work/run.csv" >"$work/g${g}r$r$config.csv"
    echo "$g,$r,$config,$wall,$peak,$checked,${HEURISTIC:-korf24_best.sh default},$rev,\"$MACHINE\",$(date -u +%FT%TZ)" >>"$work/group"
    echo "korf24_target2: group $g run $r $config: $wall s" >&2
  done
  mkdir -p "$out.runs"
  cp "$work"/g"$g"r?[PB].csv "$out.runs/"
  cat "$work/group" >>"$out"
done

# The ratio per group and over all groups: B's walls over P's.
awk -F, 'NR > 1 { w[$1, $3] += $4; g[$1] = 1 }
  END { for (i = 1; i in g; ++i) { printf "group %d: B %.1f s, P %.1f s, B/P %.3f\n", i, w[i, "B"], w[i, "P"], w[i, "B"] / w[i, "P"]
                                    b += w[i, "B"]; p += w[i, "P"] }
        if (p) printf "all %d groups: B/P %.3f\n", i - 1, b / p }' "$out"
