"""Cal Poly's "Tile Driver" assignment (CSC 480 / CPE 202) on the npuzzle engine.

The assignment's interface, solved optimally by npuzzle: boards are flat
tuples of a square board, read row by row, 0 the blank; the goal is the
tiles in order with the blank first ((0, 1, 2, 3) on 2x2); moves are the
letters H, J, K, L: the tile next to the blank slides left, down, up or
right into it.

    >>> from npuzzle.tiledriver import Heuristic, solve_puzzle
    >>> solve_puzzle((3, 2, 1, 0))
    'JLKHJL'
    >>> Heuristic.get((3, 2, 1, 0))
    6
"""

from typing import Tuple

import npuzzle

GOAL = "blank-first"

__all__ = ["GOAL", "Heuristic", "is_solvable", "solve_puzzle"]


def _board(tiles: Tuple[int, ...]) -> npuzzle.Board:
    return npuzzle.Board(tuple(tiles), goal=GOAL)


class Heuristic:
    """The assignment's heuristic: Manhattan distance plus linear conflicts."""

    @staticmethod
    def get(tiles: Tuple[int, ...]) -> int:
        """The estimated distance of `tiles` to the goal: Manhattan distance
        plus two moves per tile that must leave its row or column to let a
        tile of the same line pass. Never more than the true distance.

        >>> Heuristic.get((0, 1, 2, 3))
        0
        >>> Heuristic.get((3, 2, 1, 0))
        6
        """
        return _board(tiles).linear_conflict()


def is_solvable(tiles: Tuple[int, ...]) -> bool:
    """Whether `tiles` can reach the goal (0, 1, ..., N-1).

    >>> is_solvable((3, 2, 1, 0))
    True
    >>> is_solvable((0, 2, 1, 3))
    False
    """
    return _board(tiles).is_solvable()


def solve_puzzle(tiles: Tuple[int, ...]) -> str:
    """An optimal solution of `tiles` as a string of H, J, K, L moves.

    Raises npuzzle.UnsolvableError (a ValueError) for a board that cannot
    reach the goal, and ValueError for one that is not a square board of
    the tiles 0 .. N-1.

    >>> solve_puzzle((3, 2, 1, 0))
    'JLKHJL'
    """
    return npuzzle.solve(tuple(tiles), goal=GOAL, notation="vim").moves


# Only the annotations above used it: it is not part of the module.
del Tuple
