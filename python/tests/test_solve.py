"""npuzzle.solve: inputs, options, results (replayed and held to BFS) and errors."""

import pytest

import npuzzle

PUZZLE04 = [[0, 1, 3], [4, 2, 5], [7, 8, 6]]  # Princeton's puzzle04.txt: 4 moves


def test_solves_princeton_puzzle04():
    r = npuzzle.solve(PUZZLE04)
    assert (r.status, r.length, r.lower_bound) == ("optimal", 4, 4)
    assert r.moves == "rdrd"  # the only 4-move solution: each of 1, 2, 5, 6 moves once
    assert npuzzle.replay(PUZZLE04, r.moves).is_goal()
    assert r.solved and r.goal == "blank-last" and r.notation == "blank"
    assert (r.rows, r.cols, r.index) == (3, 3, None)
    assert r.expanded > 0 and r.generated >= r.expanded and r.seconds >= 0
    assert r.heuristic == "exact" and r.algorithm == "ida"  # auto's choice for 3x3


def test_every_input_form_gives_the_same_board():
    flat = [0, 1, 3, 4, 2, 5, 7, 8, 6]
    forms = [flat, tuple(flat), iter(flat), PUZZLE04, npuzzle.Board(flat), (x for x in flat)]
    lengths = {npuzzle.solve(f).length for f in forms}
    assert lengths == {4}


def test_numpy_arrays():
    np = pytest.importorskip("numpy")
    for array in (np.array(PUZZLE04), np.array(PUZZLE04, dtype=np.uint8).ravel(),
                  np.array(PUZZLE04, dtype=np.int64).T.T):
        assert npuzzle.solve(array).moves == "rdrd"
    assert npuzzle.Board(np.arange(12), rows=3, goal="blank-first").is_goal()


def test_non_square_boards_need_a_shape(bfs):
    tiles = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11)  # 3x4, tile 11 one step off
    assert npuzzle.solve(tiles, rows=3, cols=4).moves == "r"
    assert npuzzle.solve(tiles, rows=3).moves == "r"
    assert npuzzle.solve(tiles, cols=4).moves == "r"
    r = npuzzle.solve(tiles, rows=4)  # read as 4x3, whose last row is 10 0 11
    assert (r.rows, r.cols, r.moves) == (4, 3, "r")
    with pytest.raises(ValueError, match="square"):
        npuzzle.solve(tiles)
    with pytest.raises(ValueError, match="do not fill"):
        npuzzle.solve(tiles, rows=5)


def test_notations_and_goals():
    tiles = [1, 2, 3, 4, 5, 6, 7, 0, 8]
    assert npuzzle.solve(tiles, notation="blank").moves == "r"
    assert npuzzle.solve(tiles, notation="tile").moves == "L"
    assert npuzzle.solve(tiles, notation="vim").moves == "H"
    first = npuzzle.solve([1, 0, 2, 3, 4, 5, 6, 7, 8], goal="blank-first")
    assert first.moves == "l" and first.goal == "blank-first"
    # A Board brings its goal; the keyword overrides it.
    board = npuzzle.Board([1, 0, 2, 3, 4, 5, 6, 7, 8], goal="blank-first")
    assert npuzzle.solve(board).moves == "l"
    with pytest.raises(npuzzle.UnsolvableError):
        npuzzle.solve([1, 0, 2, 3], goal="blank-last")  # 2x2: parity


def test_results_match_bfs_on_random_boards(bfs):
    truth = bfs(3, 3)
    for heuristic in ("hamming", "manhattan", "linear-conflict"):
        for algorithm in ("ida", "astar"):
            for board in npuzzle.generate(3, 3, 15, seed=5):
                r = npuzzle.solve(board, heuristic=heuristic, algorithm=algorithm)
                assert r.length == truth[board.tiles], (board, heuristic, algorithm)
                assert r.heuristic == heuristic and r.algorithm == algorithm
                assert npuzzle.replay(board, r.moves).is_goal()


def test_korf_instance_with_published_length(korf100):
    tiles, length = korf100[79]
    r = npuzzle.solve(tiles, goal="blank-first", heuristic="linear-conflict")
    assert r.status == "optimal" and r.length == length
    assert npuzzle.replay(tiles, r.moves, goal="blank-first").is_goal()
    # On 4x4 every board solves for exactly one goal: Korf's are unsolvable for blank-last.
    with pytest.raises(npuzzle.UnsolvableError) as caught:
        npuzzle.solve(tiles)
    assert caught.value.goal == "blank-last" and caught.value.solvable_for == "blank-first"
    assert "blank-first" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_limits_give_a_status_and_a_proven_bound(korf100):
    tiles, length = korf100[1]
    r = npuzzle.solve(tiles, goal="blank-first", heuristic="manhattan", max_nodes=100000)
    assert r.status == "limit" and r.length is None and r.moves == ""
    assert 41 <= r.lower_bound <= length  # Manhattan of #1 is 41
    assert r.expanded == 100000
    r = npuzzle.solve(tiles, goal="blank-first", heuristic="manhattan", time_limit=0.2)
    assert r.status == "limit" and r.seconds < 2
    assert "limit" in r.explanation


def test_move_pruning_keeps_bfs_lengths_with_fewer_nodes(bfs):
    truth = bfs(3, 3)
    hardest = sorted(t for t, d in truth.items() if d >= 30)  # the 2 at 31 and the 221 at 30
    assert len(hardest) == 223
    totals = {2: 0, 6: 0, 0: 0, 14: 0}
    for tiles in hardest[::16]:
        parent = npuzzle.solve(tiles, heuristic="manhattan")
        depth2 = npuzzle.solve(tiles, heuristic="manhattan", prune="fsm", fsm_depth=2)
        # A depth-2 machine cuts exactly the move back: parent pruning's tree.
        assert (depth2.expanded, depth2.generated, depth2.moves) == (parent.expanded, parent.generated,
                                                                     parent.moves)
        totals[2] += parent.expanded
        for depth in (6, 0, 14):  # 0: the 3x3 default, 10
            r = npuzzle.solve(tiles, heuristic="manhattan", prune="fsm", fsm_depth=depth)
            assert (r.status, r.length) == ("optimal", truth[tiles]), (tiles, depth)
            assert npuzzle.replay(tiles, r.moves).is_goal()
            totals[depth] += r.expanded
    # Deeper machines cut more (in all: one board's last iteration may end sooner or later).
    assert totals[2] > totals[6] > totals[0] > totals[14]
    many = list(npuzzle.solve_many(hardest[:40], heuristic="manhattan", prune="fsm", threads=2))
    for tiles, r in zip(hardest[:40], many):
        one = npuzzle.solve(tiles, heuristic="manhattan", prune="fsm")
        assert (r.length, r.expanded, r.moves) == (truth[tiles], one.expanded, one.moves)


def test_weight_bounds_the_length(bfs, korf100):
    truth = bfs(3, 3)
    for weight in (1.5, 3):
        for algorithm in ("ida", "astar"):
            for board in npuzzle.generate(3, 3, 10, seed=11):
                r = npuzzle.solve(board, heuristic="manhattan", algorithm=algorithm, weight=weight)
                assert r.status == "solved"
                assert truth[board.tiles] <= r.length <= weight * truth[board.tiles], (board, weight)
                assert npuzzle.replay(board, r.moves).is_goal()
    tiles, length = korf100[1]  # 57 moves; hours with manhattan alone, unweighted
    r = npuzzle.solve(tiles, goal="blank-first", heuristic="manhattan", weight=2)
    assert length <= r.length <= 2 * length
    assert npuzzle.replay(tiles, r.moves, goal="blank-first").is_goal()


def test_threads_search_one_board_with_the_same_counts(korf100):
    tiles, length = korf100[79]
    one = npuzzle.solve(tiles, goal="blank-first", heuristic="linear-conflict")
    for threads in (2, None):
        r = npuzzle.solve(tiles, goal="blank-first", heuristic="linear-conflict", threads=threads)
        assert (r.status, r.length) == ("optimal", length)
        assert (r.expanded, r.generated) == (one.expanded, one.generated)
        assert npuzzle.replay(tiles, r.moves, goal="blank-first").is_goal()


@pytest.mark.parametrize("kwargs, message", [
    ({"weight": 0.5}, "weight must be from 1 to 1000"),
    ({"weight": 2, "algorithm": "phased"}, "weight applies to"),
    ({"prune": "grandparent"}, "unknown prune 'grandparent'"),
    ({"prune": "fsm", "algorithm": "astar"}, "prune='fsm' applies to"),
    ({"prune": "fsm", "weight": 2}, "prune='fsm' applies to"),
    ({"fsm_depth": 6}, "fsm_depth applies to prune='fsm' only"),
    ({"prune": "fsm", "fsm_depth": 15}, "fsm_depth must be from 2 to 14"),
    ({"prune": "fsm", "fsm_depth": 1}, "fsm_depth must be from 2 to 14"),
    ({"threads": 0}, "threads must be at least 1"),
])
def test_bad_search_keywords_raise_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        npuzzle.solve([1, 2, 3, 4, 5, 6, 7, 0, 8], **kwargs)
    if "threads" not in kwargs:
        with pytest.raises(ValueError, match=message):
            list(npuzzle.solve_many([[1, 2, 3, 4, 5, 6, 7, 0, 8]], **kwargs))


def test_a_machine_too_deep_for_the_shape_raises_value_error():
    six = list(range(1, 36)) + [0]  # 6x6: machines up to depth 10
    with pytest.raises(ValueError, match="from 2 to 10 on 6x6"):
        npuzzle.solve(six, prune="fsm", fsm_depth=12)
    assert npuzzle.solve(six, prune="fsm", fsm_depth=10).length == 0


@pytest.mark.parametrize("tiles, message", [
    ([1, 2, 3, 4, 5, 6, 7, 8, 8], "duplicate tile 8"),
    ([1, 2, 3, 4, 5, 6, 7, 8, 9], "tile 9 is out of range"),
    ([1, 2, 3, -1], "out of range"),
    ([1, 2, 3, 4, 5, 6, 7, 0], "8 tiles do not make a square"),
    ([[1, 2, 3], [4, 5], [6, 7, 0]], "ragged grid: row 2 has 2 tiles"),
    ([], "no tiles"),
    ([0], "below the minimum 2x2"),
    ([0, 1, 2], "square"),
    ([0] * (2 ** 24 + 1), "exceed the maximum"),  # one more than kMaxCells (4096 x 4096)
])
def test_bad_boards_raise_value_error_naming_the_reason(tiles, message):
    with pytest.raises(ValueError, match=message):
        npuzzle.solve(tiles)
    with pytest.raises(ValueError, match=message):
        npuzzle.Board(tiles)


@pytest.mark.parametrize("tiles", ["012345678", [1.0, 2, 3, 0], [True, False, 2, 3], 42, None,
                                   [[1, 2], 3, 0]])
def test_wrong_types_raise_type_error(tiles):
    with pytest.raises(TypeError):
        npuzzle.solve(tiles)


def test_bad_options_raise_value_error():
    board = [1, 2, 3, 0]
    for kwargs, message in [({"heuristic": "euclid"}, "unknown heuristic 'euclid'"),
                            ({"algorithm": "bfs"}, "unknown algorithm 'bfs'"),
                            ({"notation": "chess"}, "unknown notation"),
                            ({"goal": "middle"}, "unknown goal"),
                            ({"time_limit": -1}, "time_limit"),
                            ({"max_nodes": 0}, "max_nodes"),
                            ({"rows": 1}, "at least 2"),
                            ({"heuristic": "pdb:1,2/3,4,5"}, "")]:
        with pytest.raises(ValueError, match=message):
            npuzzle.solve(board, **kwargs)


def test_requests_the_engine_cannot_serve_raise_value_error():
    big = list(range(1, 81)) + [0]  # 9x9, already solved: still above 64 cells
    with pytest.raises(ValueError, match="at most 64 cells"):
        npuzzle.solve(big)
    with pytest.raises(ValueError, match="astar"):
        npuzzle.solve(list(range(1, 36)) + [0], algorithm="astar")
    # A board too big to search is still a Board.
    assert npuzzle.Board(big).is_goal()


def test_solved_board_has_empty_moves():
    r = npuzzle.solve([1, 2, 3, 0])
    assert (r.status, r.length, r.moves) == ("optimal", 0, "")


def test_names_are_listed():
    assert {"ida", "astar"} <= {name for name, _ in npuzzle.algorithms()}
    names = {name for name, _ in npuzzle.heuristics()}
    assert {"auto", "hamming", "manhattan", "linear-conflict"} <= names
