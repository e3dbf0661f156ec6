"""npuzzle.generate and npuzzle.replay."""

import pytest

import npuzzle


def test_generate_matches_the_cli():
    # `npuzzle gen --size 3x3 --count 3 --seed 1` and
    # `npuzzle gen --size 4x4 --count 2 --seed 7 --goal blank-first`.
    assert [b.tiles for b in npuzzle.generate(3, 3, 3, seed=1)] == [
        (8, 3, 2, 1, 7, 0, 4, 6, 5), (1, 7, 4, 3, 2, 6, 8, 0, 5), (0, 6, 1, 8, 3, 7, 5, 2, 4)]
    assert [b.tiles for b in npuzzle.generate(4, 4, 2, seed=7, goal="blank-first")] == [
        (2, 6, 5, 3, 14, 12, 15, 13, 11, 9, 10, 1, 4, 8, 0, 7),
        (5, 1, 3, 0, 8, 10, 6, 12, 4, 11, 13, 14, 7, 15, 2, 9)]


def test_generated_boards_are_solvable_and_spread(bfs):
    truth = bfs(3, 3)
    boards = npuzzle.generate(3, 3, 2000, seed=3)
    assert all(b.tiles in truth for b in boards)
    assert len(set(boards)) > 1980  # 181,440 states: few repeats
    # Uniform boards average 21.97 moves (exact mean over all states).
    mean = sum(truth[b.tiles] for b in boards) / len(boards)
    assert 21.6 < mean < 22.4
    assert npuzzle.generate(3, 3, 5, seed=9) == npuzzle.generate(3, 3, 5, seed=9)
    assert all(b.is_solvable() and b.goal == "blank-first"
               for b in npuzzle.generate(4, 4, 50, goal="blank-first"))


def test_walks_stay_within_their_length(bfs):
    truth = bfs(3, 3)
    for b in npuzzle.generate(3, 3, 200, seed=2, walk=6):
        assert truth[b.tiles] <= 6 and truth[b.tiles] % 2 == 0


def test_generate_rejects_bad_arguments():
    for args, kwargs in [((1, 3, 1), {}), ((3, 3, -1), {}), ((3, 3, 1), {"goal": "x"}),
                         ((3, 3, 1), {"walk": -2})]:
        with pytest.raises(ValueError):
            npuzzle.generate(*args, **kwargs)


def test_replay_in_every_notation():
    start = [1, 2, 3, 4, 5, 6, 7, 0, 8]
    assert npuzzle.replay(start, "ur").tiles == (1, 2, 3, 4, 6, 0, 7, 5, 8)  # docs/contract.md: u then r
    for moves in ("r", "L", "H"):  # detected: blank, tile, vim
        assert npuzzle.replay(start, moves).is_goal()
    assert npuzzle.replay(start, "L", notation="tile").is_goal()
    assert npuzzle.replay(start, "H", notation="vim").is_goal()
    with pytest.raises(ValueError, match="not a letter of the blank notation"):
        npuzzle.replay(start, "L", notation="blank")
    assert npuzzle.replay(start, "").tiles == tuple(start)


def test_replay_names_the_bad_move():
    with pytest.raises(ValueError, match="move 3"):
        npuzzle.replay([1, 2, 3, 4, 5, 6, 7, 0, 8], "uuu")
    with pytest.raises(ValueError, match=r"move 2 \('x'\)"):
        npuzzle.replay([1, 2, 3, 4, 5, 6, 7, 0, 8], "ux")
