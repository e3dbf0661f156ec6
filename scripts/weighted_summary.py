#!/usr/bin/env python3
"""The markdown tables of scripts/bench_weighted.sh and bench_weighted_large.sh.

Usage: weighted_summary.py small|large OUT_DIR "SIZES" "WEIGHTS" LIMIT

Reads the batch CSVs the scripts wrote into OUT_DIR (SxS_wW.csv,
SxS_wW_astar.csv, SxS_wW_gG.csv, SxS_phased.csv, 4x4_optimal.csv). A board's
time counts as LIMIT when it was not solved; lengths are divided by a
reference: the optimal length (4x4, `small`) or the best lower bound any run
proved for the board.
"""
import csv
import glob
import os
import statistics
import sys


def rows(path):
    """id -> row of a batch CSV; empty when the file is missing."""
    return {r["id"]: r for r in csv.DictReader(open(path))} if os.path.exists(path) else {}


def best_lower_bounds(paths):
    """id -> the largest lower_bound any of the CSVs proved."""
    bound = {}
    for path in paths:
        for i, r in rows(path).items():
            if r["lower_bound"]:
                bound[i] = max(bound.get(i, 0), int(r["lower_bound"]))
    return bound


def summarize(run, reference, limit, digits):
    """(solved, median seconds, median ratio, max ratio) of one run, ratios to `reference`."""
    solved = [r for r in run.values() if r["status"] in ("solved", "optimal")]
    secs = [float(r["seconds"]) if r in solved else float(limit) for r in run.values()]
    ratios = [int(r["length"]) / reference[r["id"]] for r in solved if reference.get(r["id"])]
    med = f"{statistics.median(ratios):.{digits}f}" if ratios else "-"
    mx = f"{max(ratios):.{digits}f}" if ratios else "-"
    return len(solved), statistics.median(secs), med, mx


def small_table(out, sizes, weights, limit):
    print(f"| W | solver | size | boards | solved (limit {limit} s) | median s (all boards, limit counted as {limit}) "
          "| median length / reference | max length / reference | reference |")
    print("|---|---|---|---|---|---|---|---|---|")
    for s in sizes:
        size = f"{s}x{s}"
        if s == "4":
            ref = {i: int(r["length"]) for i, r in rows(f"{out}/4x4_optimal.csv").items() if r["status"] == "optimal"}
            refname = "optimal (pdb:663)"
        else:
            ref = best_lower_bounds(glob.glob(f"{out}/{size}_w*.csv"))
            refname = "best proven lower bound"
        for w in weights:
            for path in [f"{out}/{size}_w{w}.csv"] + sorted(glob.glob(f"{out}/{size}_w{w}_*.csv")):
                run = rows(path)
                if not run:
                    continue
                tag = os.path.basename(path)[len(f"{size}_w{w}"):-4]
                solver = ("weighted A*" if tag == "_astar" else
                          f"weighted IDA*, growth {tag[2:]}" if tag.startswith("_g") else "weighted IDA*")
                solved, secs, med, mx = summarize(run, ref, limit, 3)
                print(f"| {w} | {solver} | {size} | {len(run)} | {solved} | {secs:.3f} | {med} | {mx} | {refname} |")


def large_table(out, sizes, weights, limit):
    print(f"| size | solver | boards | solved (limit {limit} s) | median s (limit counted as {limit}) "
          "| median length / best lower bound | max |")
    print("|---|---|---|---|---|---|---|")
    for s in sizes:
        size = f"{s}x{s}"
        lb = best_lower_bounds(glob.glob(f"{out}/{size}_*.csv"))
        names = ["phased"]
        for w in weights:
            names += [f"w{w}"] + sorted(os.path.basename(p)[len(size) + 1:-4]
                                        for p in glob.glob(f"{out}/{size}_w{w}_g*.csv"))
        for name in names:
            run = rows(f"{out}/{size}_{name}.csv")
            if not run:
                continue
            solved, secs, med, mx = summarize(run, lb, limit, 2)
            w, _, g = name[1:].partition("_g")
            label = "phased" if name == "phased" else f"weighted IDA*, W = {w}" + (f", growth {g}" if g else "")
            print(f"| {size} | {label} | {len(run)} | {solved} | {secs:.3f} | {med} | {mx} |")


if __name__ == "__main__":
    if len(sys.argv) != 6 or sys.argv[1] not in ("small", "large"):
        sys.exit(__doc__)
    table = small_table if sys.argv[1] == "small" else large_table
    table(sys.argv[2], sys.argv[3].split(), sys.argv[4].split(), sys.argv[5])
