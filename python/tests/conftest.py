"""Shared fixtures: the exhaustive BFS distances (the ground truth) and Korf's instances."""

import os
import pathlib

import pytest

import npuzzle

REPO = pathlib.Path(__file__).resolve().parents[2]
KORF100 = REPO / "datasets" / "korf100.tsv"


@pytest.fixture(scope="session")
def bfs():
    """bfs(rows, cols, goal) -> {tiles: distance} over every solvable state (cached)."""
    cache = {}

    def distances(rows, cols, goal="blank-last"):
        key = (rows, cols, goal)
        if key not in cache:
            cache[key] = dict(npuzzle._npuzzle._bfs_distances(rows, cols, goal))
        return cache[key]

    return distances


@pytest.fixture(scope="session")
def korf100():
    """{id: (tiles, published optimal length)} for Korf's 100 (blank-first goal)."""
    instances = {}
    for line in KORF100.read_text().splitlines()[1:]:
        fields = line.split("\t")
        instances[int(fields[0])] = (tuple(int(t) for t in fields[1].split()), int(fields[2]))
    return instances


def two_cores():
    return (os.cpu_count() or 1) >= 2
