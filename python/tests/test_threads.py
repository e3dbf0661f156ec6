"""The GIL is released while searching, and Ctrl-C cancels a search."""

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import npuzzle
from conftest import two_cores

# Korf's #82 with Manhattan: 5.5 billion nodes, far more than a test waits for.
KORF82 = (14, 10, 2, 1, 13, 9, 8, 11, 7, 3, 6, 12, 15, 5, 4, 0)


def timed(fn):
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


# About half a second of search, fixed by a node limit: the same work every time.
HALF_SECOND = dict(goal="blank-first", heuristic="manhattan", max_nodes=30_000_000)


def solve_in_threads(tiles, count):
    """Solves `tiles` in `count` threads at once; returns each solve's (start, end)."""
    spans = [None] * count

    def work(i):
        start = time.perf_counter()
        npuzzle.solve(tiles, **HALF_SECOND)
        spans[i] = (start, time.perf_counter())

    threads = [threading.Thread(target=work, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return spans


def test_two_searches_overlap_in_time(korf100):
    # With the GIL held, the second solve() could not even be called before
    # the first returned: the two spans would not overlap. Independent of load.
    (a_start, a_end), (b_start, b_end) = solve_in_threads(korf100[1][0], 2)
    overlap = min(a_end, b_end) - max(a_start, b_start)
    assert overlap > 0.5 * min(a_end - a_start, b_end - b_start)


@pytest.mark.skipif(not two_cores(), reason="needs two cores")
@pytest.mark.skipif(os.getloadavg()[0] > 1.0, reason="the machine is busy: timings would say nothing")
def test_two_threads_solve_in_about_the_time_of_one(korf100):
    tiles = korf100[1][0]
    one = min(timed(lambda: npuzzle.solve(tiles, **HALF_SECOND)) for _ in range(2))
    both = min(timed(lambda: solve_in_threads(tiles, 2)) for _ in range(2))
    assert both < 1.6 * one, (both, one)


def test_other_threads_run_during_a_search():
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=ticker)
    t.start()
    r = npuzzle.solve(KORF82, goal="blank-first", heuristic="manhattan", time_limit=0.5)
    stop.set()
    t.join()
    assert r.status == "limit"
    assert len(ticks) >= 20  # a held GIL would allow one or two


def interrupt_after_start(code):
    """Runs `code` in a fresh interpreter, sends SIGINT once it prints "start",
    and returns (seconds from the signal to its exit, returncode, stderr)."""
    # A shell that starts its jobs in the background without job control
    # (CI, nohup ... &) leaves SIGINT ignored, and Python then keeps it
    # ignored: the child restores the interpreter's own handler first.
    prologue = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"
    proc = subprocess.Popen([sys.executable, "-c", prologue + textwrap.dedent(code)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "start"
        time.sleep(0.5)
        sent = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
        return time.perf_counter() - sent, proc.returncode, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_ctrl_c_cancels_solve():
    seconds, code, err = interrupt_after_start(f"""
        import npuzzle
        print("start", flush=True)
        npuzzle.solve({KORF82}, goal="blank-first", heuristic="manhattan")
        print("finished")
    """)
    assert "KeyboardInterrupt" in err and code != 0, err
    assert seconds < 2


def test_ctrl_c_cancels_solve_many():
    seconds, code, err = interrupt_after_start(f"""
        import npuzzle
        print("start", flush=True)
        for r in npuzzle.solve_many([{KORF82}] * 4, goal="blank-first", heuristic="manhattan", threads=2):
            print(r)
    """)
    assert "KeyboardInterrupt" in err and code != 0, err
    assert seconds < 2


def test_ctrl_c_can_be_caught_and_the_next_solve_works():
    seconds, code, err = interrupt_after_start(f"""
        import npuzzle
        try:
            print("start", flush=True)
            npuzzle.solve({KORF82}, goal="blank-first", heuristic="manhattan")
        except KeyboardInterrupt:
            assert npuzzle.solve([1, 2, 3, 4, 5, 6, 7, 0, 8]).moves == "r"
            raise SystemExit(7)
    """)
    assert code == 7, err
