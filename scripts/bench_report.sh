#!/usr/bin/env bash
# The heuristic benchmark report, regenerated from scratch in one command:
# every heuristic over the same datasets with the same build and options,
# one tidy per-puzzle CSV, its provenance, Markdown tables and gnuplot plots.
#
# Usage: scripts/bench_report.sh [--quick | --full]      (default --quick)
#
#   --quick  (30-40 seconds on 2 cores) Korf's first 25 15-puzzles with
#            linear-conflict and pdb:555, pdb:663, pdb:78 with and without
#            reflection, manhattan on the 15 of them Korf (1985) needed fewer
#            than 1.1e8 nodes for; 1000 random 3x3 boards (seed 1) with
#            manhattan and linear-conflict; linear-conflict on Korf's 25
#            again on 2 threads.
#   --full   (about 8.5 minutes on 2 cores, see results/README.md) Korf's 100
#            with manhattan, linear-conflict and the three PDBs with and
#            without reflection; all 181,440 3x3 boards with manhattan and
#            linear-conflict; 100 random 4x4 boards (gen --seed 2026,
#            blank-first) with linear-conflict and the PDBs; linear-conflict
#            on Korf's 100 again on 2 threads.
#
# Every heuristic run uses 1 thread (per-puzzle seconds are then CPU
# seconds of one core); the thread-scaling run repeats one of them on 2.
#
# Writes, in results/report/:
#   MODE.csv        one row per (dataset, heuristic, threads, puzzle):
#                   dataset,heuristic,algorithm,threads,id,status,length,
#                   expanded,generated,seconds,initial_h
#   MODE.csv.json   provenance: git revision, command, machine, dates,
#                   thread counts, and every batch run with its wall time
#   MODE.md         the tables (scripts/summarize_report.py)
#   MODE_*.png      the plots
#   raw/MODE/       the batch outputs it was built from (not committed)
# Fails (exit 1, naming the puzzle ids) if two runs disagree on a length,
# a run is not optimal on every puzzle, a Korf length differs from the
# published one, or node counts change with the thread count.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=quick
case "${1:---quick}" in
  --quick) mode=quick ;;
  --full) mode=full ;;
  -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "usage: $0 [--quick | --full]" >&2; exit 2 ;;
esac
bin=${NPUZZLE:-$root/build/npuzzle}
if [ ! -x "$bin" ] || ! command -v gnuplot > /dev/null; then "$root/scripts/setup.sh" --tests; fi
report=$root/results/report
raw=$report/raw/$mode
rm -rf "$raw"
mkdir -p "$raw"
started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
t0=$(date +%s)
load_start=$(cut -d' ' -f1 /proc/loadavg)

# The tables (cached; a fresh machine builds them: pdb:78 takes about 3.5
# minutes and 2 GB on 2 cores).
for spec in pdb:555 pdb:663 pdb:78; do
  "$bin" pdb build "$spec" --goal blank-first --threads 2 >&2
done
pdb_seconds=$(($(date +%s) - t0))

# Datasets: NAME -> file in $raw.
korf=$root/datasets/korf100.txt
if [ "$mode" = quick ]; then
  # Korf's first 25, and those of them Korf (1985) solved in < 1.1e8 nodes.
  awk '/^#/ || ++n <= 25' "$korf" > "$raw/korf25.txt"
  easy=$(awk -F'\t' 'NR > 1 && $1 <= 25 && $6 < 110000000 { printf "%s|", $1 }' "$root/datasets/korf100.tsv")
  awk -v easy="|$easy" '/^#/ || index(easy, "|" $1 "|")' "$raw/korf25.txt" > "$raw/korf25-easy.txt"
  "$bin" gen --size 3x3 --count 1000 --seed 1 > "$raw/random3x3.txt"
else
  cp "$korf" "$raw/korf100.txt"
  "$bin" gen --size 3x3 --all > "$raw/all3x3.txt"
  "$bin" gen --size 4x4 --count 100 --seed 2026 --goal blank-first > "$raw/random4x4.txt"
fi

# run DATASET FILE HEURISTIC THREADS: one batch run, verified by replay.
# HEURISTIC is the CSV's label: manhattan, pdb:78, pdb:78/no-reflect, ...
run() {
  local dataset=$1 input=$2 label=$3 threads=$4
  local args=(--heuristic "${label%/no-reflect}")
  [[ $label == */no-reflect ]] && args+=(--no-reflect)
  local name=${dataset}_${label//[:\/]/-}_${threads}t
  echo "report: $dataset, $label, $threads thread(s)" >&2
  "$bin" batch -i "$input" -o "$raw/$name.csv" "${args[@]}" --algorithm ida --threads "$threads" --no-progress
  "$bin" verify -i "$input" -r "$raw/$name.csv" > "$raw/$name.verify"
  printf '%s\t%s\t%s\t%s\t%s\n' "$dataset" "$input" "$label" "$threads" "$raw/$name.csv" >> "$raw/runs.tsv"
}
# initial_h DATASET FILE SPEC...: the root h of every puzzle, for each PDB
# spec and (from `info`) hamming, manhattan and linear-conflict.
initial_h() {
  local dataset=$1 input=$2
  shift 2
  "$bin" info --pdb none "$input" > "$raw/$dataset.info"
  for spec in "$@"; do "$bin" pdb eval "$spec" "$input" > "$raw/$dataset.${spec#pdb:}.eval"; done
}

pdbs=(pdb:555 pdb:555/no-reflect pdb:663 pdb:663/no-reflect pdb:78 pdb:78/no-reflect)
if [ "$mode" = quick ]; then
  run korf25 "$raw/korf25-easy.txt" manhattan 1
  for h in linear-conflict "${pdbs[@]}"; do run korf25 "$raw/korf25.txt" "$h" 1; done
  for h in manhattan linear-conflict; do run random3x3 "$raw/random3x3.txt" "$h" 1; done
  run korf25 "$raw/korf25.txt" linear-conflict 2
  initial_h korf25 "$raw/korf25.txt" pdb:555 pdb:663 pdb:78
  initial_h random3x3 "$raw/random3x3.txt"
else
  for h in manhattan linear-conflict "${pdbs[@]}"; do run korf100 "$raw/korf100.txt" "$h" 1; done
  for h in manhattan linear-conflict; do run all3x3 "$raw/all3x3.txt" "$h" 1; done
  for h in linear-conflict "${pdbs[@]}"; do run random4x4 "$raw/random4x4.txt" "$h" 1; done
  run korf100 "$raw/korf100.txt" linear-conflict 2
  initial_h korf100 "$raw/korf100.txt" pdb:555 pdb:663 pdb:78
  initial_h all3x3 "$raw/all3x3.txt"
  initial_h random4x4 "$raw/random4x4.txt" pdb:555 pdb:663 pdb:78
fi

# Collect into the tidy CSV and its provenance; check the lengths.
status=0
python3 - "$raw" "$report/$mode.csv" "$root" "$mode" "$started" "$t0" "$0 --$mode" "$load_start" "$pdb_seconds" <<'PY' || status=$?
import csv, json, os, platform, subprocess, sys, time
from collections import defaultdict
from pathlib import Path

raw, out, root, mode, started, t0, command, load_start, pdb_seconds = sys.argv[1:]
raw, out, root = Path(raw), Path(out), Path(root)

def table(path):
    """Whitespace-separated columns with a header line (info, pdb eval)."""
    lines = [l.split() for l in path.read_text().splitlines() if l.strip()]
    head = lines[0]
    return {l[0]: dict(zip(head, l)) for l in lines[1:] if len(l) >= len(head) - 1 and not l[0].startswith("pdb:")}

def initial_h(dataset, label, pid):
    if label.startswith("pdb:"):
        spec, _, plain = label.partition("/")
        row = evals[(dataset, spec)][pid]
        return row["plain" if plain == "no-reflect" else "h"]
    return infos[dataset][pid][label]

runs = [l.split("\t") for l in (raw / "runs.tsv").read_text().splitlines()]
infos = {p.stem: table(p) for p in raw.glob("*.info")}
evals = {}
for p in raw.glob("*.eval"):
    dataset, spec = p.name[: -len(".eval")].split(".", 1)
    evals[(dataset, "pdb:" + spec)] = table(p)

rows, run_info = [], []
for dataset, input_path, label, threads, csv_path in runs:
    side = json.loads(Path(csv_path + ".json").read_text())
    run_info.append({"dataset": dataset, "heuristic": label, "threads": int(threads),
                     "command_line": side["command_line"], "git_revision": side["git_revision"],
                     "start_time": side["start_time"], "puzzles": side["puzzles"],
                     "wall_seconds": side["wall_seconds"], "search_seconds": side["search_seconds"],
                     "total_expanded": side["total_expanded"], "total_generated": side["total_generated"],
                     "verify": Path(csv_path).with_suffix(".verify").read_text().strip()})
    for r in csv.DictReader(open(csv_path)):
        rows.append({"dataset": dataset, "heuristic": r["heuristic"], "algorithm": r["algorithm"],
                     "threads": threads, "id": r["id"], "status": r["status"], "length": r["length"],
                     "expanded": r["expanded"], "generated": r["generated"], "seconds": r["seconds"],
                     "initial_h": initial_h(dataset, label, r["id"])})

out.parent.mkdir(parents=True, exist_ok=True)
with open(out, "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)

problems = []
lengths = defaultdict(set)
nodes = defaultdict(set)
for r in rows:
    if r["status"] != "optimal":
        problems.append(f"{r['dataset']} #{r['id']}: {r['heuristic']} on {r['threads']} thread(s) is {r['status']}")
    lengths[(r["dataset"], r["id"])].add(r["length"])
    nodes[(r["dataset"], r["heuristic"], r["id"])].add((r["expanded"], r["generated"]))
bad = sorted({k for k, v in lengths.items() if len(v) > 1})
if bad:
    problems.append("optimal lengths disagree on " + ", ".join(f"{d} #{i} ({'/'.join(sorted(lengths[(d, i)]))})" for d, i in bad))
bad = sorted(k for k, v in nodes.items() if len(v) > 1)
if bad:
    problems.append("node counts differ across thread counts on " + ", ".join(f"{d} {h} #{i}" for d, h, i in bad))
published = {r["id"]: r["optimal_length"] for r in csv.DictReader(open(root / "datasets/korf100.tsv"), delimiter="\t")}
bad = sorted({(d, i) for (d, i), v in lengths.items() if d.startswith("korf") and v != {published[i]}})
if bad:
    problems.append("lengths differ from Korf's published ones on " + ", ".join(f"#{i}" for _, i in bad))

def sh(*args):
    return subprocess.run(args, capture_output=True, text=True, cwd=root).stdout.strip()

cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
mem = next((int(l.split()[1]) * 1024 for l in open("/proc/meminfo") if l.startswith("MemTotal")), 0)
provenance = {
    "command": command,
    "mode": mode,
    "git_revision": sh("git", "rev-parse", "HEAD"),
    "git_dirty": bool(sh("git", "status", "--porcelain", "--untracked-files=no")),
    "npuzzle_revision": run_info[0]["git_revision"],
    "machine": {"hostname": platform.node(), "cpu": cpu, "logical_cores": os.cpu_count(),
                "memory_bytes": mem, "os": f"{platform.system()} {platform.release()} {platform.machine()}"},
    "start_time": started,
    "end_time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    "wall_seconds": round(time.time() - int(t0), 1),
    "pdb_build_seconds": int(pdb_seconds),  # building (or finding cached) pdb:555, pdb:663, pdb:78
    "threads": sorted({r["threads"] for r in run_info}),
    "load_average": {"start": float(load_start), "end": round(os.getloadavg()[0], 2)},
    "columns": list(rows[0]),
    "rows": len(rows),
    "checks": problems or ["every run optimal on every puzzle; all heuristics agree on every length; "
                           "node counts identical across thread counts; Korf lengths = published"],
    "runs": run_info,
}
Path(str(out) + ".json").write_text(json.dumps(provenance, indent=2) + "\n")
if problems:
    for p in problems:
        print(f"bench_report: FAILED: {p}", file=sys.stderr)
    sys.exit(1)
print(f"bench_report: {len(rows)} rows in {out}; every length agrees", file=sys.stderr)
PY
if [ "$status" -ne 0 ]; then
  echo "bench_report: disagreement, see above (the CSV is kept for inspection: $report/$mode.csv)" >&2
  exit 1
fi

python3 "$root/scripts/summarize_report.py" "$report/$mode.csv" > "$report/$mode.md"
# A CSV too big for git (the full mode's all-3x3 rows) is kept gzipped.
if [ "$(stat -c %s "$report/$mode.csv")" -gt 5000000 ]; then gzip -9nkf "$report/$mode.csv"; fi
echo "bench_report: $mode mode took $(($(date +%s) - t0)) s; tables in $report/$mode.md" >&2
