#!/usr/bin/env python3
"""Figures for results/python.md: the Python module against the CLI and
against a pure-Python solver.

  1. per-call overhead of npuzzle.solve on an already-solved 3x3 board;
  2. Korf's 100 (blank-first, linear-conflict, 2 threads) through
     npuzzle.solve_many and through `npuzzle batch`, wall time side by side;
  3. a textbook pure-Python A* (Manhattan, below) against npuzzle.solve
     (Manhattan, IDA*) on 100 uniform random 3x3 boards.

Usage (with the installed module, e.g. build/pyvenv/bin/python):
  scripts/bench_python.py --cli build/npuzzle [--skip-korf]
"""

import argparse
import heapq
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import timeit

import npuzzle

ROOT = pathlib.Path(__file__).resolve().parents[1]


def pure_python_astar(tiles, width):
    """Optimal length by A* with Manhattan distance (blank-last goal): the kind
    of solver the Python packages people use today are."""
    n = len(tiles)
    goal = tuple(list(range(1, n)) + [0])
    def h(state):
        return sum(abs(i // width - (t - 1) // width) + abs(i % width - (t - 1) % width)
                   for i, t in enumerate(state) if t)
    start = tuple(tiles)
    g = {start: 0}
    frontier = [(h(start), 0, start)]
    while frontier:
        f, cost, state = heapq.heappop(frontier)
        if state == goal:
            return cost
        if cost > g[state]:
            continue
        blank = state.index(0)
        r, c = divmod(blank, width)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < n // width and 0 <= c + dc < width:
                other = (r + dr) * width + c + dc
                child = list(state)
                child[blank], child[other] = child[other], 0
                child = tuple(child)
                if cost + 1 < g.get(child, 1 << 30):
                    g[child] = cost + 1
                    heapq.heappush(frontier, (cost + 1 + h(child), cost + 1, child))
    return None


def overhead():
    solved = [1, 2, 3, 4, 5, 6, 7, 8, 0]
    board = npuzzle.Board(solved)
    n = 20000
    per_list = min(timeit.repeat(lambda: npuzzle.solve(solved), number=n, repeat=5)) / n
    per_board = min(timeit.repeat(lambda: npuzzle.solve(board), number=n, repeat=5)) / n
    per_many = min(timeit.repeat(lambda: list(npuzzle.solve_many([solved] * 1000, threads=1)),
                                 number=5, repeat=3)) / 5000
    print(f"solve(solved 3x3 list):  {per_list * 1e6:.2f} us/call")
    print(f"solve(solved 3x3 Board): {per_board * 1e6:.2f} us/call")
    print(f"solve_many, 1 thread:    {per_many * 1e6:.2f} us/board (1000 solved boards)")


def korf(cli):
    boards = []
    for line in (ROOT / "datasets" / "korf100.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            boards.append([int(t) for t in line.split()[1:]])
    start = time.perf_counter()
    results = list(npuzzle.solve_many(boards, threads=2, goal="blank-first", heuristic="linear-conflict"))
    python_wall = time.perf_counter() - start
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        subprocess.run([cli, "batch", "-i", str(ROOT / "datasets" / "korf100.txt"), "-o", f"{tmp}/out.csv",
                        "--heuristic", "linear-conflict", "--threads", "2", "--no-progress"], check=True,
                       stderr=subprocess.DEVNULL)
        cli_wall = time.perf_counter() - start
        rows = (pathlib.Path(tmp) / "out.csv").read_text().splitlines()[1:]
    cli_nodes = sum(int(row.split(",")[6]) for row in rows)
    py_nodes = sum(r.expanded for r in results)
    print(f"Korf 100, solve_many: {python_wall:.1f} s wall, {py_nodes} expanded")
    print(f"Korf 100, npuzzle batch: {cli_wall:.1f} s wall, {cli_nodes} expanded")
    print(f"ratio solve_many / batch: {python_wall / cli_wall:.3f}; nodes equal: {py_nodes == cli_nodes}")


def pure_python(count=100):
    boards = npuzzle.generate(3, 3, count, seed=2024)
    start = time.perf_counter()
    pure = [pure_python_astar(b.tiles, 3) for b in boards]
    pure_wall = time.perf_counter() - start
    start = time.perf_counter()
    engine = [npuzzle.solve(b, heuristic="manhattan").length for b in boards]
    engine_wall = time.perf_counter() - start
    start = time.perf_counter()
    engine_lc = [npuzzle.solve(b).length for b in boards]
    engine_lc_wall = time.perf_counter() - start
    assert pure == engine == engine_lc, "lengths differ"
    print(f"{count} random 3x3: pure-Python A* {pure_wall:.2f} s; npuzzle.solve manhattan {engine_wall:.4f} s "
          f"(x{pure_wall / engine_wall:.0f}); linear-conflict {engine_lc_wall:.4f} s (x{pure_wall / engine_lc_wall:.0f});"
          f" mean length {sum(pure) / count:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default=str(ROOT / "build" / "npuzzle"))
    parser.add_argument("--skip-korf", action="store_true")
    args = parser.parse_args()
    print(f"npuzzle {npuzzle.__version__} from {npuzzle.__file__}; python {sys.version.split()[0]}; "
          f"{os.cpu_count()} cpus; load {os.getloadavg()[0]:.2f}")
    overhead()
    pure_python()
    if not args.skip_korf:
        korf(args.cli)


if __name__ == "__main__":
    main()
