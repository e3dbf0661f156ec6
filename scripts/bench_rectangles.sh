#!/usr/bin/env bash
# The 40 hardest 3x4 and 4x3 states (datasets/3x4_hardest.txt,
# 4x3_hardest.txt, from scripts/bfs_3x4.sh), linear conflict against the
# rectangle PDBs (pdb:3x4-65, pdb:4x3-65), in one run on one thread: nodes
# and seconds side by side, lengths checked against the BFS depths and every
# solution replayed. Prints a markdown table (for results/rectangles.md);
# the CSVs go to OUT_DIR.
#
#   scripts/bench_rectangles.sh [BUILD_DIR] [OUT_DIR]   (defaults: build, /tmp/npuzzle-rect)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
out=${2:-/tmp/npuzzle-rect}
bin=$build/npuzzle
mkdir -p "$out"
for size in 3x4 4x3; do
  "$bin" pdb build "pdb:$size-65" --goal blank-first --threads 1 >&2
done
for size in 3x4 4x3; do
  for h in linear-conflict "pdb:$size-65"; do
    name=${h//:/}
    "$bin" batch -i "$root/datasets/${size}_hardest.txt" -o "$out/${size}_${name}.csv" --heuristic "$h" \
      --threads 1 --no-progress >&2
    "$bin" verify -i "$root/datasets/${size}_hardest.txt" -r "$out/${size}_${name}.csv" >&2
  done
done
python3 - "$root" "$out" <<'EOF'
import csv, sys
root, out = sys.argv[1], sys.argv[2]
print("| board | id | BFS depth | LC length | LC expanded | LC s | PDB length | PDB expanded | PDB s | nodes LC/PDB | time LC/PDB |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for size in ("3x4", "4x3"):
    depth = {}
    for row in open(f"{root}/datasets/{size}_hardest.tsv"):
        f = row.rstrip("\n").split("\t")
        if f[0] != "id":
            depth[f[0]] = int(f[2])
    lc = {r["id"]: r for r in csv.DictReader(open(f"{out}/{size}_linear-conflict.csv"))}
    pdb = {r["id"]: r for r in csv.DictReader(open(f"{out}/{size}_pdb{size}-65.csv"))}
    tot = [0, 0.0, 0, 0.0]
    for i in lc:
        a, b = lc[i], pdb[i]
        assert a["status"] == "optimal" and b["status"] == "optimal", i
        assert int(a["length"]) == depth[i] == int(b["length"]), (size, i)
        na, nb = int(a["expanded"]), int(b["expanded"])
        sa, sb = float(a["seconds"]), float(b["seconds"])
        tot = [tot[0] + na, tot[1] + sa, tot[2] + nb, tot[3] + sb]
        print(f"| {size} | {i} | {depth[i]} | {a['length']} | {na:,} | {sa:.3f} | {b['length']} | {nb:,} | {sb:.4f} "
              f"| {na / max(nb, 1):.0f} | {sa / max(sb, 1e-6):.0f} |")
    print(f"| {size} | all {len(lc)} | | | {tot[0]:,} | {tot[1]:.2f} | | {tot[2]:,} | {tot[3]:.3f} "
          f"| {tot[0] / max(tot[2], 1):.0f} | {tot[1] / max(tot[3], 1e-6):.0f} |")
EOF
