"""npuzzle: optimal sliding-tile puzzle solving (the 8-, 15- and 24-puzzle and
any R x C board) from Python, on the npuzzle C++ engine.

    >>> import npuzzle
    >>> r = npuzzle.solve([[1, 2, 3], [4, 5, 6], [7, 0, 8]])
    >>> r.status, r.length, r.moves
    ('optimal', 1, 'r')

Boards are given as a flat sequence of tiles (0 is the blank), a list of
rows, a NumPy array, or a Board. Goals: "blank-last" (1 2 ... N-1 0, the
default) or "blank-first" (0 1 ... N-1, Korf's and Coursera's). Moves are
strings in a notation: "blank" (u d l r, where the blank goes; the
default), "tile" (U D L R, where the tile slides) or "vim" (H J K L).

Functions: solve, solve_many, replay, generate, algorithms, heuristics.
Classes: Board, SolveResult. Exceptions: UnsolvableError (a ValueError).
Compatibility layers for two course assignments: npuzzle.tiledriver (Cal
Poly's Tile Driver) and npuzzle.fifteen (Coursera's "Fifteen").
"""

from typing import Iterable, Iterator, List, Optional, Tuple

from . import _npuzzle
from ._npuzzle import Board, SolveResult

__version__ = _npuzzle.__version__
__all__ = [
    "Board",
    "DEFAULT_CHUNK_SIZE",
    "SolveResult",
    "UnsolvableError",
    "algorithms",
    "generate",
    "heuristics",
    "replay",
    "solve",
    "solve_many",
]

# How many items solve_many hands the batch pipeline at a time.
DEFAULT_CHUNK_SIZE = 1024


class UnsolvableError(ValueError):
    """The board cannot reach the goal: its permutation parity is wrong.

    Attributes: ``goal`` (the goal asked for) and ``solvable_for`` (the
    other goal when the board solves for it, else None). On even widths
    (2x2, 4x4, ...) every board solves for exactly one of the two goals.
    """

    def __init__(self, message: str, goal: str, solvable_for: Optional[str]):
        super().__init__(message)
        self.goal = goal
        self.solvable_for = solvable_for


def solve(tiles, rows: Optional[int] = None, cols: Optional[int] = None,
          goal: Optional[str] = None, heuristic: str = "auto",
          algorithm: str = "ida", notation: str = "blank",
          time_limit: Optional[float] = None,
          max_nodes: Optional[int] = None, weight: float = 1.0,
          prune: str = "parent", fsm_depth: int = 0,
          threads: Optional[int] = 1) -> SolveResult:
    """Solve one board optimally and return a SolveResult.

    tiles: a flat sequence of the tiles in row-major order (0 is the blank),
        a list of rows, a NumPy array (1-D or 2-D), or a Board.
    rows, cols: the shape of a flat sequence; a square board needs neither,
        and one of them gives the other. A grid or a Board has its own.
    goal: "blank-last" (1 2 ... N-1 0) or "blank-first" (0 1 ... N-1);
        default: a Board's own goal, else "blank-last".
    heuristic: a name of npuzzle.heuristics(); an explicit table set
        (pdb:..., zpdb:..., cat:..., max(pdb:...,wd)) is built and cached
        first when missing, before the board is solved. The names, from the
        engine's registry:
{HEURISTICS}
    algorithm: "ida" (IDA*), "astar" (A*) or "phased" (any size, not optimal). See npuzzle.algorithms().
    notation: how result.moves is written: "blank" (u d l r: where the
        blank goes), "tile" (U D L R: where the tile slides) or "vim"
        (H J K L).
    time_limit: seconds of search before giving up with status "limit"
        (and a proven lower_bound); None for no limit.
    max_nodes: expanded nodes before giving up with status "limit".
    weight: W > 1 (up to 1000): weighted search, f = g + W*h, with
        algorithm "ida" or "astar": a solution at most W times the optimal
        length (status "solved"), found much sooner on large boards.
    prune: "parent" (never undo the last move) or "fsm": a move-pruning
        machine that also cuts duplicate move sequences (fewer nodes, the
        same optimal length; algorithm "ida" without a weight). Node counts
        are reported for the pruning used.
    fsm_depth: with prune="fsm", the longest move sequences the machine
        compares, 2 to 14 (10 above 25 cells); 0 is the shape's default.
    threads: threads that search this board together (parallel IDA*: the
        same length and node counts as one thread); None for all cores.
        With max_nodes, where the search stops depends on their timing.

    The search runs without the GIL, so other Python threads go on (and
    several threads can solve at once). Ctrl-C stops it and raises
    KeyboardInterrupt.

    Returns a SolveResult with status "optimal" ("solved" from an algorithm
    that does not prove optimality), or "limit" when a limit ended the
    search. Raises UnsolvableError (a ValueError) when the board
    cannot reach the goal, ValueError for a malformed board (the message
    names what is wrong: a duplicate tile, a missing one, a ragged grid),
    an unknown name or a request the engine cannot serve (a board above 64
    cells for optimal search), and TypeError for tiles that are not
    integers.
    """
    result = _npuzzle._solve(tiles, rows, cols, goal, heuristic, algorithm,
                             notation, time_limit, max_nodes, weight, prune,
                             fsm_depth, threads)
    _raise_for(result)
    return result


def _raise_for(result: SolveResult) -> None:
    if result.status == "unsolvable":
        message = "board is unsolvable for the %s goal" % result.goal
        if result.solvable_for:
            message += " (it solves for goal=%r)" % result.solvable_for
        raise UnsolvableError(message, result.goal, result.solvable_for)
    if result.status == "unsupported":
        raise ValueError(result.explanation)
    if result.status == "invalid":  # a solution that did not replay: never expected
        raise RuntimeError(result.explanation or "npuzzle: internal error")


def solve_many(boards: Iterable, threads: Optional[int] = None,
               rows: Optional[int] = None, cols: Optional[int] = None,
               goal: Optional[str] = None, heuristic: str = "auto",
               algorithm: str = "ida", notation: str = "blank",
               time_limit: Optional[float] = None,
               max_nodes: Optional[int] = None, weight: float = 1.0,
               prune: str = "parent", fsm_depth: int = 0,
               chunk_size: int = DEFAULT_CHUNK_SIZE) -> Iterator[SolveResult]:
    """Solve many boards on all cores; yield their SolveResults in input order.

    boards: an iterable of boards, each in any form solve() takes.
    threads: worker threads (default: all cores).
    The other keywords are solve()'s and apply to every board (each board
    is searched by one thread).

    This runs npuzzle's batch pipeline (the one behind ``npuzzle batch``):
    each board is solved by one thread, so lengths and node counts equal
    solve()'s on any thread count. Results carry ``index``, the board's
    0-based position, and the statuses of the batch CSV: "optimal",
    "solved", "limit", "unsolvable" or "invalid" (a malformed board, or one
    the engine cannot serve; ``explanation`` says why). Nothing is raised
    for a single board: a bad one is a result like the others.

    The boards are taken ``chunk_size`` at a time: each chunk is solved
    completely before its results are yielded, so the first result comes
    after the first chunk and memory stays bounded by the chunk. Ctrl-C
    cancels the chunk in flight and raises KeyboardInterrupt; an exception
    from the iterable itself is raised after the results before it.
    """
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    iterator = iter(boards)
    first = 0
    while True:
        results, exhausted, error = _npuzzle._solve_chunk(
            iterator, first, chunk_size, threads, rows, cols, goal, heuristic,
            algorithm, notation, time_limit, max_nodes, weight, prune,
            fsm_depth)
        yield from results
        first += len(results)
        if error is not None:
            raise error
        if exhausted or not results:
            return


def replay(tiles, moves: str, rows: Optional[int] = None,
           cols: Optional[int] = None, goal: Optional[str] = None,
           notation: Optional[str] = None) -> Board:
    """Apply a move string to a board and return the Board it leads to.

    notation: "blank", "tile" or "vim"; by default read from the letters
    (H, J or K: vim; upper case: tile; else blank). Raises ValueError
    naming the first move that is not a letter of the notation or that
    would take the blank off the board.

    >>> replay([1, 2, 3, 4, 5, 6, 7, 0, 8], "r").is_goal()
    True
    """
    return _npuzzle._replay(tiles, moves, rows, cols, goal, notation)


def generate(rows: int, cols: int, count: int, seed: Optional[int] = None,
             goal: str = "blank-last", walk: Optional[int] = None) -> List[Board]:
    """Return `count` random boards solvable for `goal`.

    Uniform over the solvable boards (or, with walk=K, K random moves from
    the goal without undoing the last). The same seed gives the same boards
    as ``npuzzle gen --size RxC --count N --seed S`` on any machine; with no
    seed one is drawn.
    """
    return _npuzzle._generate(rows, cols, count, seed, goal, walk)


def algorithms() -> List[Tuple[str, str]]:
    """The algorithm names solve() takes, with what each means."""
    return _npuzzle._algorithms()


def heuristics() -> List[Tuple[str, str]]:
    """The heuristic names solve() takes, with what each means."""
    return _npuzzle._heuristics()


SolveResult.__doc__ = """What solve() and solve_many() return for one board.

status: "optimal" (proved optimal), "solved" (valid, not proved optimal),
    "limit" (a time or node limit ended the search), and from solve_many
    also "unsolvable" and "invalid" (as the batch CSV).
length: moves of the solution (None unless solved).
lower_bound: a proven lower bound on the optimal length (== length when
    optimal; for "limit", the last bound searched completely).
moves: the solution as a string in the chosen notation ("" when the board
    is already solved or was not solved).
expanded, generated: nodes of this search; seconds: its wall time.
heuristic: the heuristic used ("pdb:663", "linear-conflict": what "auto"
    picked); algorithm: "ida" or "astar".
explanation: why a board was not solved; notice: what "auto" chose for
    the board's shape (the cached table it used, or one worth building).
solvable_for: for an unsolvable board, the other goal when it solves it.
goal, notation, rows, cols: what was solved and how moves are written.
index: the board's 0-based position in solve_many's input (None from solve).
solved: True when status is "optimal" or "solved".
"""

Board.__doc__ = """A board and the goal it is measured against, with the
operations of Princeton's 8-puzzle Board.

Board(tiles, rows=None, cols=None, goal=None): tiles in any form solve()
takes; goal "blank-last" (default) or "blank-first".

rows, cols, goal, tiles (a flat tuple): what it is.
size(): n for an n x n board. tile_at(row, col): the tile on a cell.
hamming(), manhattan(), linear_conflict(): heuristic values for the goal.
is_goal(), is_solvable(): whether it is the goal / can reach it.
neighbors(): the boards one move away (blank up, down, left, right).
twin(): the board with its first two tiles (not the blank) swapped.
str(board): Princeton's format, n then the grid. Boards are equal when
tiles, shape and goal are; they hash and pickle.
"""


def _heuristics_text(indent: str) -> str:
    # The heuristic rows' help, as a docstring paragraph per name.
    import textwrap
    return "\n".join(textwrap.fill("%s: %s" % (name, text), width=76, initial_indent=indent,
                                    subsequent_indent=indent + "    ")
                      for name, text in _npuzzle._heuristics())


if solve.__doc__:  # None under python -OO
    solve.__doc__ = solve.__doc__.replace("{HEURISTICS}", _heuristics_text(" " * 8))
del _heuristics_text

# The typing names served the annotations above, evaluated as each def ran;
# they are not part of the package: `import npuzzle` offers exactly __all__
# (python/tests/test_public_names.py).
del Iterable, Iterator, List, Optional, Tuple
