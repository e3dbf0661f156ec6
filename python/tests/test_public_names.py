"""The package's public names: each module's __all__ lists exactly what it
offers (its public attributes, what `from ... import *` gives, what its .pyi
stub declares), and none of the names that only served the implementation
(typing's, the __future__ feature `annotations`) leaks out."""

import ast
import inspect
import pathlib
import types
import typing

import pytest

import npuzzle
from npuzzle import fifteen, tiledriver

MODULES = [npuzzle, fifteen, tiledriver]

# Names only a stub declares: type aliases for type checkers, absent at run time.
STUB_ONLY = {"npuzzle": {"Tiles"}, "npuzzle.fifteen": set(), "npuzzle.tiledriver": set()}

# What the modules import for their own use and must not offer.
IMPLEMENTATION_NAMES = ["annotations", "typing", "Any", "Iterable", "Iterator", "List", "Optional", "Sequence",
                        "Tuple", "Union"]


def public_attributes(module):
    """The module's attributes a user sees: no leading underscore, no submodule
    (npuzzle.fifteen appears once imported) and no imported module."""
    return {name for name, value in vars(module).items()
            if not name.startswith("_") and not isinstance(value, types.ModuleType)}


def stub_names(module):
    """The public top-level names the module's .pyi stub declares."""
    stub = pathlib.Path(module.__file__).with_suffix(".pyi")
    names = set()
    for node in ast.parse(stub.read_text()).body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(target.id for target in node.targets if isinstance(target, ast.Name))
    return {name for name in names if not name.startswith("_")}


def star_import(module):
    namespace = {}
    exec("from %s import *" % module.__name__, namespace)
    del namespace["__builtins__"]
    return set(namespace)


@pytest.fixture(params=MODULES, ids=lambda module: module.__name__)
def module(request):
    return request.param


def test_all_lists_each_name_once(module):
    assert len(module.__all__) == len(set(module.__all__))
    assert all(isinstance(name, str) for name in module.__all__)


def test_all_is_exactly_the_public_attributes(module):
    assert set(module.__all__) == public_attributes(module)


def test_all_is_what_the_stub_declares(module):
    assert set(module.__all__) == stub_names(module) - STUB_ONLY[module.__name__]


def test_star_import_gives_exactly_all(module):
    assert star_import(module) == set(module.__all__)


def test_typing_names_are_not_exported(module):
    offered = star_import(module)
    for name in IMPLEMENTATION_NAMES:
        assert name not in module.__all__
        assert name not in offered
        assert not hasattr(module, name), "%s.%s" % (module.__name__, name)


def test_the_package_api():
    # The names the package documents; a change here is a change of its API.
    assert sorted(npuzzle.__all__) == sorted([
        "Board", "DEFAULT_CHUNK_SIZE", "SolveResult", "UnsolvableError", "algorithms", "generate",
        "heuristics", "replay", "solve", "solve_many"])
    assert sorted(fifteen.__all__) == ["GOAL", "OPTIMAL_CELLS", "Puzzle"]
    assert sorted(tiledriver.__all__) == ["GOAL", "Heuristic", "is_solvable", "solve_puzzle"]


def test_annotations_still_resolve(module):
    # The typing names are gone from the modules, but the signatures keep
    # what they meant: get_type_hints needs no module globals for them.
    functions = []
    for name in module.__all__:
        value = getattr(module, name)
        if inspect.isfunction(value):
            functions.append(value)
        elif inspect.isclass(value) and value.__module__ == module.__name__:
            functions.extend(member for _, member in inspect.getmembers(value, inspect.isfunction)
                             if member.__module__ == module.__name__)
    assert functions
    for function in functions:
        typing.get_type_hints(function)
    assert typing.get_type_hints(npuzzle.replay)["notation"] == typing.Optional[str]
