#!/usr/bin/env python3
"""Issue 40's calibration: a candidate 24-puzzle configuration against
`pdb:6666 --prune fsm`, run instance by instance on one machine
(scripts/korf24_coverage.sh with TABLE=...), and the 50-instance campaign
projected from it.

    per instance: ratio = candidate wall / pdb:6666 fsm wall (side by side)
    machine factor = this machine's pdb:6666 fsm wall / the reference
                     campaign's (all 50 in one campaign, --campaign), summed
                     over the calibration instances that take over 5 minutes
    cost per node = (candidate wall / expanded) / (pdb wall / expanded), the
                    same instances
    projection(i) = campaign wall(i) x machine factor x cost per node
                    x published candidate expansions(i) / published plain(i)

The published counts are parent-pruning ones (datasets/korf50_24_catalogues.tsv);
their ratio stands for the ratio with --prune fsm, which the calibration
rows also print. Prints Markdown.

Usage: scripts/korf24_calibration.py PDB_CSV CANDIDATE_CSV CANDIDATE_COLUMN
           [--campaign results/korf24_coverage/pdb_6666_fsm_xeon.csv] [--over 300]
  CANDIDATE_COLUMN: reinefeld_zpdb_expanded (zpdb:6666) or small_zpdb_expanded (cat:small)
"""
import argparse
import csv
import os

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("pdb_csv")
parser.add_argument("candidate_csv")
parser.add_argument("candidate_column")
parser.add_argument("--campaign", default=os.path.join(root, "results", "korf24_coverage", "pdb_6666_fsm_xeon.csv"))
parser.add_argument("--over", type=float, default=300, help="seconds of pdb:6666 fsm that make an instance hard")
args = parser.parse_args()


def rows(path):
    with open(path) as f:
        return {int(r["id"]): r for r in csv.DictReader(f) if r["status"] == "optimal"}


with open(os.path.join(root, "datasets", "korf50_24_catalogues.tsv")) as f:
    published = {int(r["id"]): r for r in csv.DictReader(f, delimiter="\t")}
pdb, candidate, campaign = rows(args.pdb_csv), rows(args.candidate_csv), rows(args.campaign)
ids = sorted(set(pdb) & set(candidate), key=lambda i: float(pdb[i]["wall_seconds"]))

print("| id | length | pdb:6666 fsm expanded | wall (s) | candidate expanded | wall (s) | nodes | wall ratio | reference campaign wall (s) |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
hard = []
for i in ids:
    p, c = pdb[i], candidate[i]
    if not p["length"] == c["length"] == published[i]["optimal_length"]:
        raise SystemExit(f"instance {i}: length {p['length']} and {c['length']}, published {published[i]['optimal_length']}")
    pw, cw = float(p["wall_seconds"]), float(c["wall_seconds"])
    pe, ce = int(p["expanded"]), int(c["expanded"])
    if pw > args.over:
        hard.append(i)
    print(f"| {i} | {p['length']} | {pe:,} | {pw:.1f} | {ce:,} | {cw:.1f} | {ce / pe:.3f} | {cw / pw:.3f} | "
          f"{float(campaign[i]['wall_seconds']):.1f} |")
pw_all = sum(float(pdb[i]["wall_seconds"]) for i in ids)
cw_all = sum(float(candidate[i]["wall_seconds"]) for i in ids)
print(f"\nAll {len(ids)}: {cw_all:.1f} s against {pw_all:.1f} s, **{cw_all / pw_all:.3f}x**.")
if not hard:
    print(f"\nNo instance took over {args.over:.0f} s with pdb:6666 fsm: no projection.")
    raise SystemExit
pw_hard = sum(float(pdb[i]["wall_seconds"]) for i in hard)
cw_hard = sum(float(candidate[i]["wall_seconds"]) for i in hard)
factor = pw_hard / sum(float(campaign[i]["wall_seconds"]) for i in hard)
cost = (cw_hard / sum(int(candidate[i]["expanded"]) for i in hard)) / (pw_hard / sum(int(pdb[i]["expanded"]) for i in hard))
print(f"The {len(hard)} over {args.over:.0f} s ({', '.join(f'#{i}' for i in hard)}): {cw_hard:.1f} s against "
      f"{pw_hard:.1f} s, **{cw_hard / pw_hard:.3f}x**; cost per node {cost:.3f}x pdb:6666 fsm's; this machine "
      f"{factor:.3f}x the reference campaign's time.")
plain_total = sum(float(r["wall_seconds"]) for r in campaign.values())
projected = 0.0
for i, r in campaign.items():
    node_ratio = int(published[i][args.candidate_column]) / int(published[i]["reinefeld_apdb_expanded"])
    projected += float(r["wall_seconds"]) * factor * cost * node_ratio
print(f"\nThe 50 ({len(campaign)} rows in the reference campaign, {plain_total / 3600:.2f} h there): "
      f"pdb:6666 fsm projects to **{plain_total * factor / 3600:.2f} h** on this machine, "
      f"the candidate to **{projected / 3600:.2f} h**.")
