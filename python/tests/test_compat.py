"""The seeds' Python interfaces: Cal Poly's Tile Driver and Coursera's Fifteen,
on their own examples, with lengths held to BFS."""

import pytest

import npuzzle
from npuzzle import fifteen, tiledriver
from npuzzle.fifteen import Puzzle
from npuzzle.tiledriver import Heuristic, is_solvable, solve_puzzle


# --- Tile Driver: blank-first goal, flat tuples, H J K L ---------------------

def test_tile_driver_docstring_examples(bfs):
    assert Heuristic.get((0, 1, 2, 3)) == 0
    assert Heuristic.get((3, 2, 1, 0)) == 6
    # 6 is exact: (3, 2, 1, 0) is the 2x2 board farthest from the goal.
    truth = bfs(2, 2, "blank-first")
    assert truth[(3, 2, 1, 0)] == 6 == max(truth.values())
    assert solve_puzzle((3, 2, 1, 0)) == "JLKHJL"
    assert is_solvable((3, 2, 1, 0)) and not is_solvable((0, 2, 1, 3))


def test_tile_driver_move_letters():
    # The assignment's make_adjacent example: from (3, 2, 1, 0), "J" slides 2
    # down into the blank and "L" slides 1 right.
    assert npuzzle.replay((3, 2, 1, 0), "J", goal="blank-first").tiles == (3, 0, 1, 2)
    # "L" alone reads as the tile notation (no H, J or K): name the notation.
    assert npuzzle.replay((3, 2, 1, 0), "L", goal="blank-first", notation="vim").tiles == (3, 2, 0, 1)


def test_tile_driver_solutions_are_optimal(bfs):
    for rows in (2, 3):
        truth = bfs(rows, rows, "blank-first")
        boards = list(truth) if rows == 2 else [b.tiles for b in npuzzle.generate(3, 3, 100, seed=11,
                                                                                   goal="blank-first")]
        for tiles in boards:
            moves = solve_puzzle(tiles)
            assert set(moves) <= set("HJKL")
            assert len(moves) == truth[tiles]
            assert npuzzle.replay(tiles, moves, goal="blank-first", notation="vim").is_goal()
            assert Heuristic.get(tiles) <= truth[tiles]


def test_tile_driver_heuristic_is_admissible_on_every_3x3_state(bfs):
    for tiles, distance in bfs(3, 3, "blank-first").items():
        assert Heuristic.get(tiles) <= distance


def test_tile_driver_errors():
    with pytest.raises(npuzzle.UnsolvableError):
        solve_puzzle((0, 2, 1, 3))
    with pytest.raises(ValueError):
        solve_puzzle((1, 2, 3))


# --- Coursera's Fifteen: blank-first goal, rows of a grid, u d l r ---------

def test_fifteen_template_methods():
    p = Puzzle(4, 4)
    assert str(p) == "[0, 1, 2, 3]\n[4, 5, 6, 7]\n[8, 9, 10, 11]\n[12, 13, 14, 15]\n"
    assert (p.get_height(), p.get_width(), p.get_number(2, 1)) == (4, 4, 9)
    q = p.clone()
    q.update_puzzle("ddrr")
    assert p.get_number(0, 0) == 0 and q.get_number(2, 2) == 0
    assert q.current_position(0, 0) == (2, 2)
    q.set_number(0, 0, 99)
    assert q.get_number(0, 0) == 99 and p.get_number(0, 0) == 0
    with pytest.raises(AssertionError, match="move off grid: u"):
        Puzzle(3, 3).update_puzzle("u")


# Grids from the assignment's tests and the seeds' own scripts.
@pytest.mark.parametrize("height, width, grid", [
    (3, 3, [[8, 7, 6], [5, 4, 3], [2, 1, 0]]),
    (3, 3, [[3, 2, 1], [6, 5, 4], [0, 7, 8]]),
    (3, 3, [[1, 2, 0], [3, 4, 5], [6, 7, 8]]),
    (2, 2, [[3, 2], [1, 0]]),
    (2, 4, [[0, 3, 2, 7], [4, 1, 5, 6]]),
    (3, 2, [[5, 4], [3, 2], [1, 0]]),
])
def test_fifteen_solves_small_boards_optimally(bfs, height, width, grid):
    p = Puzzle(height, width, grid)
    moves = p.solve_puzzle()
    tiles = tuple(t for row in grid for t in row)
    assert len(moves) == bfs(height, width, "blank-first")[tiles]
    assert set(moves) <= set("udlr")
    assert str(p) == str(Puzzle(height, width))  # solve_puzzle updates the puzzle to the goal
    q = Puzzle(height, width, grid)
    q.update_puzzle(moves)
    assert str(q) == str(Puzzle(height, width))


def test_fifteen_4x4_from_the_template():
    p = Puzzle(4, 4)
    p.update_puzzle("rddd")  # the blank walks away from the goal: only "uuul" returns in 4
    assert str(p) == "[1, 5, 2, 3]\n[4, 9, 6, 7]\n[8, 13, 10, 11]\n[12, 0, 14, 15]\n"
    assert p.solve_puzzle() == "uuul"
    assert str(p) == str(Puzzle(4, 4))


def test_fifteen_larger_boards_with_phased_solver():
    # Coursera's Fifteen solves any size: above 16 cells by the phased
    # solver, whose moves must take the board to the goal.
    for height, width, seed in ((4, 5, 1), (5, 5, 4), (10, 10, 7), (3, 17, 2)):
        board = npuzzle.generate(height, width, 1, seed=seed, goal="blank-first")[0]
        grid = [list(board.tiles[r * width:(r + 1) * width]) for r in range(height)]
        moves = Puzzle(height, width, grid).solve_puzzle()
        assert set(moves) <= set("udlr")
        q = Puzzle(height, width, grid)
        q.update_puzzle(moves)
        assert str(q) == str(Puzzle(height, width)), (height, width)


def test_fifteen_errors():
    with pytest.raises(npuzzle.UnsolvableError):
        Puzzle(2, 2, [[0, 2], [1, 3]]).solve_puzzle()
    with pytest.raises(ValueError, match="duplicate"):
        Puzzle(2, 2, [[0, 1], [1, 3]]).solve_puzzle()
