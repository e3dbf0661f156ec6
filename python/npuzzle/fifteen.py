"""Coursera's "Fifteen" puzzle (Principles of Computing, poc_fifteen_template)
on the npuzzle engine.

The template's Puzzle class with the same methods, whose solve_puzzle()
returns a solution found by npuzzle instead of the student's phases. The
goal is the template's: the tiles 0, 1, 2, ... in row-major order, the blank
(0) in the upper left corner. Moves are the template's "udlr" letters: the
direction the blank moves.

    >>> from npuzzle.fifteen import Puzzle
    >>> puzzle = Puzzle(3, 3, [[1, 4, 2], [3, 0, 5], [6, 7, 8]])
    >>> puzzle.solve_puzzle()
    'ul'
    >>> puzzle.get_number(0, 0)
    0

Boards of up to 16 cells are solved optimally (the 4x4 hardest ones take
minutes with linear conflicts; seconds once a pattern database is cached:
``npuzzle pdb build pdb:78 --goal blank-first``). Larger boards, of any
size, are solved at once by the phased (row-by-row) solver: a valid
solution, not a shortest one.
"""

from typing import Optional, Sequence, Tuple

import npuzzle

GOAL = "blank-first"
# Cells up to which solve_puzzle searches for an optimal solution without a limit.
OPTIMAL_CELLS = 16

__all__ = ["GOAL", "OPTIMAL_CELLS", "Puzzle"]


class Puzzle:
    """Class representation for the Fifteen puzzle (the template's)."""

    def __init__(self, puzzle_height: int, puzzle_width: int,
                 initial_grid: Optional[Sequence[Sequence[int]]] = None):
        """A puzzle of the given height and width, solved unless
        initial_grid (a list of rows) gives its tiles."""
        self._height = puzzle_height
        self._width = puzzle_width
        self._grid = [[col + puzzle_width * row for col in range(puzzle_width)]
                      for row in range(puzzle_height)]
        if initial_grid is not None:
            for row in range(puzzle_height):
                for col in range(puzzle_width):
                    self._grid[row][col] = initial_grid[row][col]

    def __str__(self) -> str:
        """Each row as a Python list, one a line (the template's format)."""
        return "".join(str(row) + "\n" for row in self._grid)

    def get_height(self) -> int:
        return self._height

    def get_width(self) -> int:
        return self._width

    def get_number(self, row: int, col: int) -> int:
        return self._grid[row][col]

    def set_number(self, row: int, col: int, value: int) -> None:
        self._grid[row][col] = value

    def clone(self) -> "Puzzle":
        return Puzzle(self._height, self._width, self._grid)

    def current_position(self, solved_row: int, solved_col: int) -> Tuple[int, int]:
        """Where the tile that belongs on (solved_row, solved_col) is now."""
        solved_value = solved_col + self._width * solved_row
        for row in range(self._height):
            for col in range(self._width):
                if self._grid[row][col] == solved_value:
                    return row, col
        raise AssertionError("Value " + str(solved_value) + " not found")

    def update_puzzle(self, move_string: str) -> None:
        """Moves the blank along `move_string` ("u", "d", "l", "r").
        AssertionError for a move off the grid or another letter, as the
        template (also under python -O)."""
        zero_row, zero_col = self.current_position(0, 0)
        steps = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}
        for direction in move_string:
            if direction not in steps:
                raise AssertionError("invalid direction: " + direction)
            d_row, d_col = steps[direction]
            row, col = zero_row + d_row, zero_col + d_col
            if not (0 <= row < self._height and 0 <= col < self._width):
                raise AssertionError("move off grid: " + direction)
            self._grid[zero_row][zero_col] = self._grid[row][col]
            self._grid[row][col] = 0
            zero_row, zero_col = row, col

    def solve_puzzle(self) -> str:
        """Solves the puzzle, updates it to the goal and returns the moves
        ("udlr", the blank's directions).

        Raises npuzzle.UnsolvableError (a ValueError) when the tiles cannot
        reach the goal, ValueError when the grid is not a permutation of
        0 .. height*width-1. Boards above OPTIMAL_CELLS cells are solved
        by the phased solver (not optimal).
        """
        tiles = [list(row) for row in self._grid]
        cells = self._height * self._width
        if cells <= OPTIMAL_CELLS:
            result = npuzzle.solve(tiles, goal=GOAL, notation="blank")
        else:
            result = npuzzle.solve(tiles, goal=GOAL, notation="blank", algorithm="phased")
        self.update_puzzle(result.moves)
        return result.moves


# Only the annotations above used them: they are not part of the module.
del Optional, Sequence, Tuple
