#!/usr/bin/env python3
"""Summarises results/korf24_zero_aware/*.csv (scripts/korf24_zero_aware.sh)
beside the published counts of datasets/korf50_24_catalogues.tsv, as a
Markdown table per heuristic plus expansion rates. Prints to standard output.

Usage: scripts/korf24_zero_aware_summary.py [RESULTS_DIR [CATALOGUES_TSV]]
"""
import csv
import os
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
results = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "results", "korf24_zero_aware")
published_path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, "datasets", "korf50_24_catalogues.tsv")

with open(published_path) as f:
    published = {row["id"]: row for row in csv.DictReader(f, delimiter="\t")}

# Our heuristic -> the published column of the same kind of heuristic.
columns = {
    "pdb_6666": ("reinefeld_apdb_expanded", "6-6-6-6 + transpose, plain"),
    "zpdb_6666": ("reinefeld_zpdb_expanded", "6-6-6-6 + transpose, zero-aware"),
    "cat_small": ("small_zpdb_expanded", "small catalogue, zero-aware"),
    "cat_small-plain": ("small_apdb_expanded", "small catalogue, plain"),
}
published_rate = {"reinefeld_zpdb_expanded": 3.7e6, "small_zpdb_expanded": 1.0e6}

def fmt(n):
    return f"{int(n):,}"

for name in ["pdb_6666", "zpdb_6666", "cat_small", "cat_small-plain"]:
    path = os.path.join(results, name + ".csv")
    if not os.path.exists(path):
        continue
    column, label = columns[name]
    with open(path) as f:
        rows = list(csv.DictReader(f))
    print(f"### {name.replace('_', ':', 1)} (published: {label}, `{column}`)\n")
    print("| id | status | length | published length | expanded | published expanded | ratio | CPU s | M expanded / CPU s | load |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    total_exp = total_cpu = total_pub = 0
    for r in rows:
        p = published[r["id"]]
        exp = int(r["expanded"])
        cpu = float(r["cpu_seconds"])
        pub = int(p[column])
        ratio = exp / pub if pub else float("nan")
        rate = exp / cpu / 1e6 if cpu else float("nan")
        ok = r["status"] == "optimal" and r["length"] == p["optimal_length"]
        total_exp += exp
        total_cpu += cpu
        total_pub += pub
        print(f"| {r['id']} | {r['status']}{'' if ok else ' (!)'} | {r['length']} | {p['optimal_length']} | {fmt(exp)} | "
              f"{fmt(pub)} | {ratio:.3f} | {cpu:.1f} | {rate:.2f} | {r['load']} |")
    if rows:
        rate = total_exp / total_cpu / 1e6 if total_cpu else float("nan")
        print(f"| **all {len(rows)}** | | | | **{fmt(total_exp)}** | {fmt(total_pub)} | {total_exp / total_pub:.3f} | "
              f"{total_cpu:.1f} | **{rate:.2f}** | |")
        if column in published_rate:
            print(f"\nPublished solver: {published_rate[column] / 1e6:.1f} M expansions per CPU second for this kind "
                  f"of heuristic; here {rate:.2f} M ({rate * 1e6 / published_rate[column]:.2f}x).")
    print()
