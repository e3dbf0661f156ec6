#!/usr/bin/env python3
"""Korf & Felner's 50 24-puzzles, one row each: the expansions npuzzle
measured beside the published plain, zero-aware and catalogue counts
(datasets/korf50_24_catalogues.tsv, Clausecker's IDA*, the companion of
ZIB-Report 17-59), and what each published heuristic saves against the plain
6-6-6-6. Prints Markdown to standard output.

    scripts/korf24_published_table.py [--parent CSV] [--fsm CSV]
        [--campaign HEURISTIC=CSV ...] [TSV]

--parent: a coverage table of pdb:6666 with parent pruning (default
results/korf24_coverage/pdb_6666.csv), whose counts must equal the
published plain ones; --fsm: one with `--prune fsm` (default
results/korf24_coverage/pdb_6666_fsm_xeon.csv, the campaign of all 50).
--campaign: the tables of issue 40's EPYC campaign, `--prune fsm` with a
heuristic per instance (default: zpdb:6666 and cat:small's tables under
results/korf24_coverage/); each count is set beside its heuristic's
published (parent pruning) count: zpdb:6666 against the zero-aware 6-6-6-6,
cat:small against the zero-aware small catalogue.
A row marked "differs" is a count that does not reproduce the published one.
"""
import argparse
import csv
import math
import os
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_counts(path):
    """id -> (length, expanded) of the solved rows of a coverage table."""
    counts = {}
    if not os.path.exists(path):
        return counts
    with open(path) as f:
        for row in csv.DictReader(f):
            if row["status"] == "optimal":
                counts[int(row["id"])] = (int(row["length"]), int(row["expanded"]))
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tsv", nargs="?", default=os.path.join(root, "datasets/korf50_24_catalogues.tsv"))
    ap.add_argument("--parent", default=os.path.join(root, "results/korf24_coverage/pdb_6666.csv"))
    ap.add_argument("--fsm", default=os.path.join(root, "results/korf24_coverage/pdb_6666_fsm_xeon.csv"))
    ap.add_argument("--catalogue", default=os.path.join(root, "results/korf24_coverage/cat_small.csv"),
                    help="a coverage table of cat:small, whose counts must equal small_zpdb_expanded")
    ap.add_argument("--campaign", action="append", default=None, metavar="HEURISTIC=CSV",
                    help="a table of issue 40's EPYC campaign with --prune fsm (repeatable)")
    args = ap.parse_args()
    coverage = os.path.join(root, "results/korf24_coverage")
    campaign_tables = args.campaign or [f"zpdb:6666={coverage}/campaign_zpdb_6666_fsm_epyc.csv",
                                        f"cat:small={coverage}/campaign_cat_small_fsm_epyc.csv"]
    published_column = {"zpdb:6666": "reinefeld_zpdb_expanded", "cat:small": "small_zpdb_expanded"}
    campaign = {}  # id -> (heuristic, length, expanded)
    for item in campaign_tables:
        heuristic, _, path = item.partition("=")
        if heuristic not in published_column:
            ap.error(f"--campaign {item}: the heuristic must be one of {', '.join(published_column)}")
        for i, (length, expanded) in read_counts(path).items():
            campaign[i] = (heuristic, length, expanded)
    parent = read_counts(args.parent)
    fsm = read_counts(args.fsm)
    catalogue = read_counts(args.catalogue)
    with open(args.tsv) as f:
        published = list(csv.DictReader(f, delimiter="\t"))

    print("| id | length | npuzzle pdb:6666, parent pruning | npuzzle pdb:6666 --prune fsm | fsm / plain "
          "| plain 6-6-6-6 (published) | zero-aware 6-6-6-6 | / plain | small catalogue, plain | / plain "
          "| small catalogue, zero-aware | / plain | EPYC campaign, --prune fsm | / its published |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    logs = {"fsm": [], "zpdb": [], "small_apdb": [], "small_zpdb": []}
    campaign_logs = {h: [] for h in published_column}
    campaign_sums = {h: [0, 0] for h in published_column}
    sums = {k: 0 for k in ("apdb", "zpdb", "small_apdb", "small_zpdb", "fsm", "fsm_apdb")}
    differs = 0
    for p in published:
        i = int(p["id"])
        length = int(p["optimal_length"])
        apdb = int(p["reinefeld_apdb_expanded"])
        zpdb = int(p["reinefeld_zpdb_expanded"])
        small_apdb = int(p["small_apdb_expanded"])
        small_zpdb = int(p["small_zpdb_expanded"])
        cells = []
        if i in catalogue and catalogue[i] != (length, small_zpdb):
            differs += 1
            print(f"<!-- cat:small differs on {i}: {catalogue[i]} -->")
        if i in parent:
            ok = parent[i] == (length, apdb)
            differs += not ok
            cells.append(f"{parent[i][1]:,}" + ("" if ok else " **differs**"))
        else:
            cells.append("")
        if i in fsm:
            if fsm[i][0] != length:
                differs += 1
            cells.append(f"{fsm[i][1]:,}" + ("" if fsm[i][0] == length else " **length differs**"))
            cells.append(f"{fsm[i][1] / apdb:.3f}")
            logs["fsm"].append(math.log(fsm[i][1] / apdb))
            sums["fsm"] += fsm[i][1]
            sums["fsm_apdb"] += apdb
        else:
            cells += ["", ""]
        if i in campaign:
            heuristic, measured_length, expanded = campaign[i]
            if measured_length != length:
                differs += 1
            own = int(p[published_column[heuristic]])
            cells.append(f"{heuristic} {expanded:,}" + ("" if measured_length == length else " **length differs**"))
            cells.append(f"{expanded / own:.3f}")
            campaign_logs[heuristic].append(math.log(expanded / own))
            campaign_sums[heuristic][0] += expanded
            campaign_sums[heuristic][1] += own
        else:
            cells += ["", ""]
        for key, value in (("zpdb", zpdb), ("small_apdb", small_apdb), ("small_zpdb", small_zpdb)):
            logs[key].append(math.log(value / apdb))
            sums[key] += value
        sums["apdb"] += apdb
        print(f"| {i} | {length} | {cells[0]} | {cells[1]} | {cells[2]} | {apdb:,} | {zpdb:,} | {zpdb / apdb:.3f} "
              f"| {small_apdb:,} | {small_apdb / apdb:.3f} | {small_zpdb:,} | {small_zpdb / apdb:.3f} "
              f"| {cells[3]} | {cells[4]} |")

    def geo(key):
        return math.exp(sum(logs[key]) / len(logs[key])) if logs[key] else float("nan")

    print()
    print(f"- Instances npuzzle ran with parent pruning: {len(parent)} with pdb:6666 (column 3) and "
          f"{len(catalogue)} with cat:small (against the last column); counts or lengths that differ from "
          f"the published: {differs}.")
    if fsm:
        print(f"- `--prune fsm` over its {len(fsm)} instances: {sums['fsm']:,} expanded against "
              f"{sums['fsm_apdb']:,} published plain, {sums['fsm'] / sums['fsm_apdb']:.3f} "
              f"(geometric mean of the rows {geo('fsm'):.3f}).")
    for key, name in (("zpdb", "zero-aware 6-6-6-6"), ("small_apdb", "small catalogue, plain"),
                      ("small_zpdb", "small catalogue, zero-aware")):
        print(f"- {name}: {sums[key]:,} over the 50, {sums[key] / sums['apdb']:.3f} of the plain "
              f"{sums['apdb']:,} (geometric mean of the rows {geo(key):.3f}).")
    for heuristic, logs_of in campaign_logs.items():
        if logs_of:
            measured, own = campaign_sums[heuristic]
            print(f"- EPYC campaign, {heuristic} --prune fsm over its {len(logs_of)} instances: {measured:,} "
                  f"expanded against {own:,} published ({published_column[heuristic]}), {measured / own:.3f} "
                  f"(geometric mean of the rows {math.exp(sum(logs_of) / len(logs_of)):.3f}).")
    return 1 if differs else 0


if __name__ == "__main__":
    sys.exit(main())
