"""npuzzle.Board: Princeton's operations, held to hand-computed values and BFS."""

import itertools
import pickle

import pytest

import npuzzle

# Princeton's assignment example: hamming 5, manhattan 10.
EXAMPLE = [[8, 1, 3], [4, 0, 2], [7, 6, 5]]


def test_princeton_example_values():
    b = npuzzle.Board(EXAMPLE)
    assert (b.hamming(), b.manhattan()) == (5, 10)
    assert b.linear_conflict() >= b.manhattan()
    assert (b.size(), b.rows, b.cols, b.goal) == (3, 3, 3, "blank-last")
    assert b.tile_at(0, 0) == 8 and b.tile_at(2, 2) == 5 and b.tile_at(1, 1) == 0
    assert b.tiles == (8, 1, 3, 4, 0, 2, 7, 6, 5)
    assert not b.is_goal() and b.is_solvable()
    with pytest.raises(IndexError):
        b.tile_at(3, 0)


def test_str_is_princetons_format():
    assert str(npuzzle.Board(EXAMPLE)) == "3\n 8  1  3 \n 4  0  2 \n 7  6  5 \n"
    assert str(npuzzle.Board(range(6), rows=2)) == "2 3\n 0  1  2 \n 3  4  5 \n"


def test_neighbors_are_one_move_away(bfs):
    truth = bfs(3, 3)
    b = npuzzle.Board(EXAMPLE)
    neighbors = b.neighbors()
    assert len(neighbors) == 4  # the blank is in the middle
    assert len(npuzzle.Board([0, 1, 2, 3, 4, 5, 6, 7, 8]).neighbors()) == 2
    for n in neighbors:
        assert sum(x != y for x, y in zip(n.tiles, b.tiles)) == 2
        assert abs(truth[n.tiles] - truth[b.tiles]) == 1
    assert [n.tiles.index(0) for n in neighbors] == [1, 7, 3, 5]  # blank up, down, left, right


def test_equality_and_hashing():
    a = npuzzle.Board(EXAMPLE)
    b = npuzzle.Board([8, 1, 3, 4, 0, 2, 7, 6, 5])
    c = npuzzle.Board(EXAMPLE, goal="blank-first")
    assert a == b and hash(a) == hash(b)
    assert a != c and a != b.twin() and a != EXAMPLE
    assert len({a, b, c, b.twin()}) == 3
    assert pickle.loads(pickle.dumps(c)) == c
    assert npuzzle.Board(range(6), rows=2) != npuzzle.Board(range(6), rows=3)


def test_twin_swaps_the_first_two_tiles():
    assert npuzzle.Board(EXAMPLE).twin().tiles == (1, 8, 3, 4, 0, 2, 7, 6, 5)
    assert npuzzle.Board([0, 1, 2, 3]).twin().tiles == (0, 2, 1, 3)


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 2), (2, 4)])
@pytest.mark.parametrize("goal", ["blank-last", "blank-first"])
def test_solvability_and_heuristics_against_bfs(bfs, rows, cols, goal):
    truth = bfs(rows, cols, goal)
    for tiles in itertools.permutations(range(rows * cols)):
        b = npuzzle.Board(tiles, rows=rows, cols=cols, goal=goal)
        assert b.is_solvable() == (tiles in truth)
        if tiles in truth:
            d = truth[tiles]
            assert b.hamming() <= b.manhattan() <= b.linear_conflict() <= d
            assert b.is_goal() == (d == 0)


def test_size_is_for_square_boards():
    with pytest.raises(ValueError, match="rows and cols"):
        npuzzle.Board(range(6), rows=2).size()
