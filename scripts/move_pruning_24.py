#!/usr/bin/env python3
"""Summary of scripts/move_pruning_24.sh: per instance, the expansions of
--prune parent (and whether they equal the published count) and of --prune
fsm, their ratio, and the search seconds summed over the rounds for each,
with the time ratio parent/fsm and each side's expansions per second.
Prints Markdown.

Usage: scripts/move_pruning_24.py OUT.csv [OUT.csv ...]
"""
import csv
import sys
from collections import defaultdict

runs = defaultdict(list)  # (heuristic, id, prune) -> rows
for path in sys.argv[1:]:
    with open(path) as f:
        for row in csv.DictReader(f):
            runs[(row["heuristic"], int(row["id"]), row["prune"])].append(row)

print("| heuristic | id | length | parent expanded | = published | fsm expanded | fsm/parent nodes "
      "| rounds | parent s | fsm s | time parent/fsm | parent M exp/s | fsm M exp/s |")
print("|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
totals = defaultdict(lambda: [0, 0, 0.0, 0.0])
for heuristic, id_ in sorted({(h, i) for h, i, _ in runs}):
    parent = runs.get((heuristic, id_, "parent"), [])
    fsm = runs.get((heuristic, id_, "fsm"), [])
    if not parent or not fsm:
        continue
    for side in (parent, fsm):
        if len({(r["status"], r["length"], r["expanded"], r["generated"]) for r in side}) != 1:
            sys.exit(f"instance {id_}: the rounds disagree")
    p, q = parent[0], fsm[0]
    if p["length"] != q["length"] or p["status"] != "optimal" or q["status"] != "optimal":
        sys.exit(f"instance {id_}: parent and fsm disagree on the length")
    rounds = min(len(parent), len(fsm))
    ps = sum(float(r["search_seconds"]) for r in parent[:rounds])
    fs = sum(float(r["search_seconds"]) for r in fsm[:rounds])
    pe, fe = int(p["expanded"]), int(q["expanded"])
    t = totals[heuristic]
    t[0] += pe * rounds
    t[1] += fe * rounds
    t[2] += ps
    t[3] += fs
    same = "yes" if p["expanded"] == p["published_expanded"] else "no"
    print(f"| {heuristic} | {id_} | {p['length']} | {pe:,} | {same} | {fe:,} | {fe / pe:.3f} | {rounds} "
          f"| {ps:.2f} | {fs:.2f} | {ps / fs:.2f} | {pe * rounds / ps / 1e6:.2f} | {fe * rounds / fs / 1e6:.2f} |")
for heuristic, (pe, fe, ps, fs) in sorted(totals.items()):
    print(f"| {heuristic} | all | | {pe:,} | | {fe:,} | {fe / pe:.3f} | | {ps:.2f} | {fs:.2f} | {ps / fs:.2f} "
          f"| {pe / ps / 1e6:.2f} | {fe / fs / 1e6:.2f} |")
