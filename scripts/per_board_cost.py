#!/usr/bin/env python3
"""Where a batch's search time goes, board by board: a least-squares fit of
each board's search seconds to its expanded nodes (seconds = fixed + per_node
x expanded), and the time per node and per board by board size. From the
CSV of `npuzzle batch` (its `expanded` and `seconds` columns). Prints
Markdown.

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
if len(rows) < 2:
    sys.exit(f"per_board_cost: {args.batch_csv}: fewer than 2 rows after skipping {args.skip}")

nodes = [int(r["expanded"]) for r in rows]
seconds = [float(r["seconds"]) for r in rows]
n = len(rows)
mean_nodes = sum(nodes) / n
mean_seconds = sum(seconds) / n
spread = sum((x - mean_nodes) ** 2 for x in nodes)
if spread == 0:
    sys.exit(f"per_board_cost: {args.batch_csv}: every board expanded the same count; nothing to fit")
per_node = sum((x - mean_nodes) * (y - mean_seconds) for x, y in zip(nodes, seconds)) / spread
fixed = mean_seconds - per_node * mean_nodes

print(f"{n} boards (the first {len(first_rows)} left out: "
      f"{sum(float(r['seconds']) for r in first_rows):.3f} s, {sum(int(r['expanded']) for r in first_rows):,} expanded); "
      f"{sum(seconds):.3f} s of search, {sum(nodes):,} expanded")
print(f"fit: {fixed * 1e6:.1f} us per board + {per_node * 1e9:.1f} ns per expanded node")
print()
print("| expanded | boards | share of the search time | ns per node | us per board |")
print("|---|---:|---:|---:|---:|")
total = sum(seconds)
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
