"""The tests run against the installed package, never the source tree."""

import pathlib

import npuzzle
from conftest import REPO


def test_imports_the_installed_package():
    where = pathlib.Path(npuzzle.__file__).resolve()
    assert REPO / "python" not in where.parents, where
    assert "site-packages" in where.parts, where
    assert pathlib.Path(npuzzle._npuzzle.__file__).resolve().parent == where.parent


def test_help_reads_well():
    doc = npuzzle.solve.__doc__
    for word in ("tiles", "goal", "heuristic", "time_limit", "KeyboardInterrupt", "UnsolvableError"):
        assert word in doc
    assert "status" in npuzzle.SolveResult.__doc__
    assert "Princeton" in npuzzle.Board.__doc__
    stubs = pathlib.Path(npuzzle.__file__).with_name("__init__.pyi")
    assert "def solve(" in stubs.read_text()


def test_numpy_is_not_imported_unless_given():
    import subprocess
    import sys
    code = ("import sys, npuzzle; npuzzle.solve([1, 2, 3, 0]); npuzzle.solve_many([[1, 2, 3, 0]]);"
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_docstring_examples():
    import doctest

    import npuzzle.fifteen
    import npuzzle.tiledriver
    for module in (npuzzle, npuzzle.tiledriver, npuzzle.fifteen):
        failures, tried = doctest.testmod(module)
        assert failures == 0 and tried > 0, module
