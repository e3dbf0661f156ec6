#!/usr/bin/env python3
"""Coverage of Korf & Felner's 50 24-puzzles: how many would be solved
within 10 minutes and within an hour each, on this machine, for each kind of
heuristic, from the published per-instance expansions
(datasets/korf50_24_catalogues.tsv, whose node counts npuzzle reproduces
exactly where it was run) and a measured expansion rate.

    time(instance) = published expansions / (rate per thread * speed-up)

The rates are measured ones, given on the command line (M expansions per
CPU second, one thread: results/korf24_zero_aware.md), and the 2-thread
speed-up of parallel IDA* (results/intra.md). A heuristic named with
"/fsm" (pdb:6666/fsm) is that heuristic with `--prune fsm`: its expansions
are the published ones (parent pruning) times --fsm-nodes, the measured
fraction that the move-pruning machine leaves (results/move_pruning.md). The instances that were really
run are marked in the tables (RUN_IDS), so the projection can be checked
against them. Prints Markdown to standard output.

Usage: scripts/korf24_coverage.py --rate pdb:6666=19.2 --rate zpdb:6666=3.3
           [--rate pdb:6666/fsm=24 --fsm-nodes 0.58] [--speedup 1.9]
           [--run pdb:6666=1,38,40] [--measured pdb:6666/fsm=CSV]
           [--campaign CSV --campaign-rate pdb:6666/fsm=30.5] [CATALOGUES_TSV]

--campaign sums a campaign's wall times (all 50 in one campaign, one row per
instance, solved ones only) and projects the instances it has not yet run at
--campaign-rate: the moonshot's figure, measured as far as it has got.
"""
import argparse
import csv
import os
import re

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
columns = {
    "pdb:6666": ("reinefeld_apdb_expanded", "6-6-6-6 + transpose, plain"),
    "zpdb:6666": ("reinefeld_zpdb_expanded", "6-6-6-6 + transpose, zero-aware"),
    "cat:small": ("small_zpdb_expanded", "small catalogue, zero-aware"),
}
# What the published solver needed for all 50 (the README of the dataset).
published_minutes = {"zpdb:6666": 26069, "cat:small": 20301}

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--rate", action="append", default=[], help="HEURISTIC=M expansions per CPU second, one thread")
parser.add_argument("--speedup", type=float, default=1.9, help="2 threads over 1 (parallel IDA*)")
parser.add_argument("--fsm-nodes", type=float, default=1.0,
                    help="expansions with --prune fsm over the published (parent pruning) ones")
parser.add_argument("--run", action="append", default=[], help="HEURISTIC=ID,ID,...: instances really run")
parser.add_argument("--measured", action="append", default=[],
                    help="HEURISTIC=CSV of scripts/korf24_coverage.sh: the instances run, with their wall times "
                         "(repeatable, also for one heuristic)")
parser.add_argument("--campaign", help="CSV of scripts/korf24_coverage.sh (TABLE=...): all 50 in one campaign")
parser.add_argument("--campaign-rate", help="HEURISTIC=M expansions per CPU second, one thread, on the campaign's machine")
parser.add_argument("tsv", nargs="?", default=os.path.join(root, "datasets", "korf50_24_catalogues.tsv"))
args = parser.parse_args()

with open(args.tsv) as f:
    rows = list(csv.DictReader(f, delimiter="\t"))
run_ids = {}
measured = {}
for item in args.measured:
    # Several files may name one heuristic; a file of a chosen machine depth
    # (HEURISTIC_fsmN.csv, FSM_DEPTH=N) marks its rows with that depth.
    name, path = item.split("=", 1)
    depth = re.search(r"_fsm(\d+)\.csv$", path)
    with open(path) as f:
        rows_run = {r["id"]: dict(r, depth=depth.group(1) if depth else "") for r in csv.DictReader(f)}
    measured.setdefault(name, {}).update(rows_run)
    run_ids.setdefault(name, set()).update(rows_run)
for item in args.run:
    name, ids = item.split("=", 1)
    run_ids[name] = {i for i in ids.split(",") if i}


def kind(name):
    """The published column, its label and the node factor of a heuristic name."""
    base, _, prune = name.partition("/")
    column, label = columns[base]
    if prune == "fsm":
        return column, label + ", `--prune fsm`", args.fsm_nodes
    if prune:
        raise SystemExit(f"unknown pruning in {name}")
    return column, label, 1.0


def projected_seconds(name, rate):
    """Each instance's projected wall time on 2 threads, by id, at RATE M expansions per CPU second."""
    column, _, nodes = kind(name)
    per_second = float(rate) * 1e6 * args.speedup
    return {r["id"]: int(r[column]) * nodes / per_second for r in rows}


def duration(seconds):
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.1f} min"
    if seconds < 86400:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


print(f"Projected wall time per instance on 2 threads = published expansions / "
      f"(measured rate x {args.speedup:g}).\n")
print("| heuristic | rate (M exp/CPU s, 1 thread) | within 10 min | within 1 h | within 24 h | all 50 (wall, 2 threads) | published solver, all 50 (CPU) |")
print("|---|---:|---:|---:|---:|---:|---:|")
for item in args.rate:
    name, rate = item.split("=", 1)
    times = list(projected_seconds(name, rate).values())
    total = sum(times)
    published = published_minutes.get(name)
    published_text = duration(published * 60) if published else "n/a"
    print(f"| {name} | {float(rate):.2f} | {sum(t <= 600 for t in times)} | {sum(t <= 3600 for t in times)} | "
          f"{sum(t <= 86400 for t in times)} | {duration(total)} | {published_text} |")
print()
for item in args.rate:
    name, rate = item.split("=", 1)
    column, label, _ = kind(name)
    projected = projected_seconds(name, rate)
    ranked = sorted(rows, key=lambda r: int(r[column]))
    print(f"### {name} ({label}, `{column}`), easiest first\n")
    print("| id | published expanded | projected wall, 2 threads | run here | measured: status, expanded, wall s (load) |")
    print("|---:|---:|---:|---|---|")
    for r in ranked:
        seconds = projected[r["id"]]
        if seconds > 86400:
            break
        mark = "yes" if r["id"] in run_ids.get(name, set()) else ""
        m = measured.get(name, {}).get(r["id"])
        got = f"{m['status']}, {int(m['expanded']):,}, {float(m['wall_seconds']):.1f} ({m['load']})" if m else ""
        if m and m["depth"]:
            got += f", `--fsm-depth {m['depth']}`"
        print(f"| {r['id']} | {int(r[column]):,} | {duration(seconds)} | {mark} | {got} |")
    print()

if args.campaign:
    if not args.campaign_rate:
        raise SystemExit("--campaign needs --campaign-rate HEURISTIC=RATE")
    name, rate = args.campaign_rate.split("=", 1)
    nodes = kind(name)[2]
    with open(args.campaign) as f:
        solved = {r["id"]: float(r["wall_seconds"]) for r in csv.DictReader(f) if r["status"] == "optimal"}
    left = {i: t for i, t in projected_seconds(name, rate).items() if i not in solved}
    walls = list(solved.values())
    print(f"### All 50 in one campaign, one source: `{os.path.relpath(args.campaign, root)}`\n")
    print(f"- Run and solved: **{len(solved)} of {len(rows)}**, {sum(w <= 600 for w in walls)} within 10 minutes "
          f"and {sum(w <= 3600 for w in walls)} within an hour, **{duration(sum(walls))} in all** "
          f"(the sum of their wall times).")
    if left:
        order = sorted(left, key=left.get)
        print(f"- Left: {len(left)} ({', '.join('#' + i for i in order)}), projected at {duration(sum(left.values()))} "
              f"({name} at {float(rate):g} M/s per thread x {args.speedup:g}"
              + (f", {nodes:g} of the published nodes" if nodes != 1.0 else "") + ").")
        print(f"- **All 50: {duration(sum(walls) + sum(left.values()))}**, measured and projected.")
    else:
        print(f"- **All 50: {duration(sum(walls))}**, measured.")
    print()
