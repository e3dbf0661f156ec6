#!/usr/bin/env python3
"""Where a batch's search time goes, board by board: the share of the search
time, the time per node and the time per board, by board size (expanded
nodes). From the CSV of `npuzzle batch` (its `expanded` and `seconds`
columns). Prints Markdown. (A straight-line fit of seconds to nodes misleads
here: a node's cost falls as boards grow, results/random15.md.)

Usage: scripts/per_board_cost.py BATCH_CSV [--skip N]
  --skip N: leave out the first N rows (the first boards of a run pay for the
            tables' first touches; default 20)
"""
import argparse
import csv
import sys

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("batch_csv")
parser.add_argument("--skip", type=int, default=20)
args = parser.parse_args()

try:
    with open(args.batch_csv, newline="") as f:
        rows = list(csv.DictReader(f))
except OSError as e:
    sys.exit(f"per_board_cost: {args.batch_csv}: {e.strerror}")
if not rows or "expanded" not in rows[0] or "seconds" not in rows[0]:
    sys.exit(f"per_board_cost: {args.batch_csv}: not a batch CSV with expanded and seconds columns")
first_rows = rows[: args.skip]
rows = rows[args.skip :]
if not rows:
    sys.exit(f"per_board_cost: {args.batch_csv}: no rows after skipping {args.skip}")

nodes = [int(r["expanded"]) for r in rows]
seconds = [float(r["seconds"]) for r in rows]
total = sum(seconds)
if total <= 0:
    sys.exit(f"per_board_cost: {args.batch_csv}: no search time to split")

print(f"{len(rows)} boards (the first {len(first_rows)} left out: "
      f"{sum(float(r['seconds']) for r in first_rows):.3f} s, {sum(int(r['expanded']) for r in first_rows):,} expanded); "
      f"{total:.3f} s of search, {sum(nodes):,} expanded")
print()
print("| expanded | boards | share of the search time | ns per node | us per board |")
print("|---|---:|---:|---:|---:|")
bounds = [0, 50, 200, 1000, 5000, 20000, 100000, None]
for lo, hi in zip(bounds, bounds[1:]):
    chosen = [(x, y) for x, y in zip(nodes, seconds) if x >= lo and (hi is None or x < hi)]
    if not chosen:
        continue
    s = sum(y for _, y in chosen)
    e = sum(x for x, _ in chosen)
    label = f"{lo:,} or more" if hi is None else f"{lo:,}-{hi - 1:,}"
    per = f"{s / e * 1e9:.0f}" if e else "-"
    print(f"| {label} | {len(chosen)} | {s / total:.1%} | {per} | {s / len(chosen) * 1e6:.1f} |")
