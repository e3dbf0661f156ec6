"""npuzzle.solve_many: every 3x3 state against BFS, the round trip with solve,
order, statuses as the batch CSV's, chunks and errors."""

import pytest

import npuzzle


def test_every_3x3_state_against_bfs(bfs):
    truth = bfs(3, 3)
    states = list(truth)
    count = 0
    for r, tiles in zip(npuzzle.solve_many(states, threads=2, heuristic="linear-conflict"), states):
        assert r.status == "optimal" and r.length == truth[tiles], tiles
        assert r.index == count
        count += 1
    assert count == len(states) == 181440


def test_every_3x3_solution_replays(bfs):
    states = list(bfs(3, 3, "blank-first"))[::7]
    for r, tiles in zip(npuzzle.solve_many(states, goal="blank-first", notation="vim"), states):
        assert npuzzle.replay(tiles, r.moves, goal="blank-first", notation="vim").is_goal()


def fields(r):
    return (r.status, r.length, r.lower_bound, r.moves, r.expanded, r.generated, r.heuristic,
            r.algorithm, r.goal, r.notation, r.rows, r.cols)


@pytest.mark.parametrize("kwargs", [{}, {"heuristic": "manhattan", "algorithm": "astar"},
                                    {"heuristic": "manhattan", "notation": "tile"}])
def test_round_trip_equals_solve(kwargs):
    boards = npuzzle.generate(3, 3, 60, seed=21) + npuzzle.generate(2, 5, 20, seed=22, goal="blank-first")
    boards += npuzzle.generate(3, 4, 4, seed=23)
    many = list(npuzzle.solve_many(boards, threads=2, chunk_size=7, **kwargs))
    assert [r.index for r in many] == list(range(len(boards)))
    for board, r in zip(boards, many):
        assert fields(r) == fields(npuzzle.solve(board, **kwargs))


def test_korf_instances_equal_solve_and_published_lengths(korf100):
    ids = [79, 12, 55, 97]
    boards = [korf100[i][0] for i in ids]
    many = list(npuzzle.solve_many(boards, goal="blank-first", heuristic="linear-conflict", threads=2))
    for i, board, r in zip(ids, boards, many):
        assert r.length == korf100[i][1]
        assert fields(r) == fields(npuzzle.solve(board, goal="blank-first", heuristic="linear-conflict"))


def test_statuses_are_the_csvs():
    boards = [
        [1, 2, 3, 4, 5, 6, 7, 0, 8],        # optimal
        [2, 1, 3, 4, 5, 6, 7, 8, 0],        # unsolvable
        [1, 2, 3, 4, 5, 6, 7, 8, 8],        # invalid: duplicate
        "not a board",                      # invalid: not a sequence
        list(range(1, 81)) + [0],           # unsupported by the engine: invalid, as in the CSV
        npuzzle.generate(4, 4, 1, seed=3, goal="blank-first")[0],  # hits the node limit
        npuzzle.Board([1, 0, 2, 3, 4, 5, 6, 7, 8], goal="blank-first"),  # its own goal
    ]
    results = list(npuzzle.solve_many(boards, max_nodes=2000, heuristic="manhattan"))
    assert [r.status for r in results] == ["optimal", "unsolvable", "invalid", "invalid", "invalid", "limit",
                                           "optimal"]
    assert results[1].solvable_for is None and "unsolvable" in results[1].explanation
    assert "duplicate tile 8" in results[2].explanation
    assert "sequence" in results[3].explanation and results[3].rows is None
    assert "64 cells" in results[4].explanation
    assert results[5].lower_bound > 0 and results[5].length is None
    assert results[6].moves == "l" and results[6].goal == "blank-first"


def test_empty_and_lazy_inputs():
    assert list(npuzzle.solve_many([])) == []
    boards = (b for b in npuzzle.generate(3, 3, 50, seed=1))
    it = npuzzle.solve_many(boards, chunk_size=16)
    first = next(it)
    assert first.index == 0 and first.status == "optimal"
    assert len(list(it)) == 49


def test_an_exception_from_the_iterable_comes_after_the_results_before_it():
    def boards():
        yield [1, 2, 3, 4, 5, 6, 7, 0, 8]
        yield [1, 2, 3, 4, 5, 6, 0, 7, 8]
        raise LookupError("the source ran dry")

    got = []
    with pytest.raises(LookupError, match="ran dry"):
        for r in npuzzle.solve_many(boards()):
            got.append(r.length)
    assert got == [1, 2]


def test_bad_arguments():
    with pytest.raises(ValueError, match="threads"):
        list(npuzzle.solve_many([[1, 2, 3, 0]], threads=0))
    with pytest.raises(ValueError, match="chunk_size"):
        list(npuzzle.solve_many([[1, 2, 3, 0]], chunk_size=0))
    with pytest.raises(ValueError, match="unknown heuristic"):
        list(npuzzle.solve_many([[1, 2, 3, 0]], heuristic="x"))
