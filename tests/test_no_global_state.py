"""No process-global mutable state in the package: what a module keeps at module level is a
table nobody changes, a constant, or a cache of pure values keyed by value (each listed
below with its reason).

Read from the code (``ast``) and from the imported modules:

* no ``global`` statement;
* a module-level ``dict``, ``list``, ``set`` (or ``defaultdict``, ``deque``...) is a table: no
  code in the package changes it (``NAME[k] = v``, ``del NAME[k]``, ``NAME.append(...)``,
  ``NAME.update(...)``, ``NAME += ...``, through an import or ``module.NAME`` too);
* a module-level object of a class is immutable (a frozen dataclass, a named tuple, an enum,
  a ``MappingProxyType``...), or listed with its reason;
* a module-level function cache (``functools.cache``, ``lru_cache``) is listed with what it
  keeps and why that is a pure value of its arguments.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
from conftest import ROOT

PACKAGE = ROOT / "studkit"

GLOBAL_STATEMENTS: dict[str, str] = {
    "studkit.simulation.runner._init_worker": (
        "a process pool's initializer keeps the run's setup in the worker process it starts "
        "(set once there, never in the parent): ProcessPoolExecutor gives a worker no other "
        "place for what all its tasks share"
    ),
}
"""``global`` statements that are meant (``module.function``), with the reason."""

MUTATED_TABLES: dict[str, str] = {
    "studkit.engine.descriptions._DESCRIPTIONS": (
        "a bounded cache of hand descriptions keyed by (evaluator, strength) values: the "
        "words are a pure function of the key"
    ),
}
"""Module-level containers that code changes on purpose (caches of pure values keyed by
value), with the reason."""

OBJECTS: dict[str, str] = {
    "studkit.simulation.cluster_worker._GATE": (
        "guards sys.path and sys.modules, which are process-wide, for the bot modules a Dask "
        "run ships: a lock over process state must be one per process"
    ),
    "studkit.engine.decisions.NO_KINDS": (
        "the empty DecisionKinds: its lookups are filled in __init__ and never changed"
    ),
    "studkit.rl.openspiel._GAME_TYPE": "OpenSpiel's description of the game, registered once",
    "studkit.hooks.specs.hookimpl": "pluggy's marker: it holds the project name only",
    "studkit.hooks.specs.hookspec": "pluggy's marker: it holds the project name only",
    "studkit.web.app.log": "a logger, from logging's own registry of loggers by name",
}
"""Module-level objects of mutable classes that are meant, with the reason."""

_TABLES = "lookup tables computed from the arguments alone (read, never written, by the evaluators)"
CACHES: dict[str, str] = {
    "studkit.equity.spot._deck": "a deck (tuples) per stripped ranks and jokers",
    "studkit.evaluation._cached": "a stateless evaluator per ranking name and wild cards",
    "studkit.evaluation.odds.combinations_array": "a read-only array of k-subsets per (n, k)",
    "studkit.evaluation.tables.multiset_index": _TABLES,
    "studkit.evaluation.tables.rank_strengths": _TABLES,
    "studkit.evaluation.tables.rank_tables": _TABLES,
    "studkit.evaluation.tables.flush_table": _TABLES,
    "studkit.evaluation.tables.wild_tables": _TABLES,
    "studkit.evaluation.tables.wild_flush_tables": _TABLES,
    "studkit.evaluation.tables.straight_fill_tables": _TABLES,
    "studkit.evaluation.wildtables.wild_layout": "a frozen layout per wild-card rule",
    "studkit.evaluation.special._razz": "the stateless ace-to-five evaluator",
    "studkit.evaluation.special_batch._loops": "the compiled row loops (functions) by name",
    "studkit.evaluation.special_batch._rank_only_table": "a read-only strength table per "
    "rank-only ranking",
    "studkit.history.actions._parse_action": (
        "an immutable Action per action text and decision kinds (kinds compare by their names "
        "and classes)"
    ),
    "studkit.history.rules.load_variant_named": (
        "an immutable Variant per name and plugin registry (registries compare by their "
        "directories): what loading gives every time"
    ),
    "studkit.history.rules._phh_variant": (
        "an immutable Variant per PHH code, compat, registry and card room"
    ),
    "studkit.kernel.run.kernel_run": (
        "the kernel's prepared, read-only tables per (variant, stakes, players, stack, bots, "
        "seed) values (the kernel runs only variants no plugin acts in)"
    ),
    "studkit.simulation.tally.category_of": "a category name per evaluator strength",
    "studkit.variant.loader._aliases": "the alias table per folder and its files' stamps",
    "studkit.variant.loader._read_stamped": (
        "a parsed (immutable) file tree per path, shown name and (mtime, size) stamp"
    ),
    "studkit.variant.schema._schema_text": "the shipped schema's text",
    "studkit.variant.schema._validator": "the stateless validator of the shipped schema",
    "studkit.variant.schema._key_homes": "where each schema key lives, from the schema",
    "studkit.variant.schema_cache._versions": "the installed versions of studkit and jsonschema",
}
"""Module-level function caches, each with what it keeps: pure values keyed by value."""

_MUTATORS = frozenset({
    "append", "extend", "insert", "update", "setdefault", "pop", "popitem", "clear", "add",
    "discard", "remove", "sort", "reverse", "appendleft", "extendleft", "rotate",
    "__setitem__", "__delitem__",
})
_CONTAINER_CALLS = frozenset({
    "dict", "list", "set", "defaultdict", "OrderedDict", "deque", "Counter", "bytearray",
})


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
TREES: dict[str, ast.Module] = {
    name: ast.parse(path.read_text(encoding="utf-8")) for name, path in MODULES.items()
}


def _module_assignments(tree: ast.Module) -> Iterator[tuple[str, ast.expr]]:
    """``(name, value)`` of every plain assignment at module level (also inside ``if`` and
    ``try`` at module level)."""
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If | ast.Try):
            stack.extend(node.body)
            stack.extend(node.orelse)
            if isinstance(node, ast.Try):
                for handler in node.handlers:
                    stack.extend(handler.body)
                stack.extend(node.finalbody)
            continue
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    yield target.id, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            if isinstance(node.target, ast.Name):
                yield node.target.id, node.value


def _is_container(value: ast.expr) -> bool:
    if isinstance(value, ast.Dict | ast.List | ast.Set | ast.DictComp | ast.ListComp
                  | ast.SetComp):
        return True
    if isinstance(value, ast.Call):
        func = value.func
        name = func.id if isinstance(func, ast.Name) else (
            func.attr if isinstance(func, ast.Attribute) else "")
        return name in _CONTAINER_CALLS
    return False


def module_containers() -> dict[str, tuple[str, str]]:
    """``module.NAME`` -> (module, NAME) for every module-level container."""
    found = {}
    for module, tree in TREES.items():
        for name, value in _module_assignments(tree):
            if _is_container(value) and not (name.startswith("__") and name.endswith("__")):
                found[f"{module}.{name}"] = (module, name)
    return found


def _changed(node: ast.AST) -> Iterator[str]:
    """The names (or ``x.NAME`` attribute names) a node changes in place."""
    def named(target: ast.AST) -> Iterator[str]:
        if isinstance(target, ast.Name):
            yield target.id
        elif isinstance(target, ast.Attribute):
            yield target.attr

    if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign | ast.Delete):
        targets = node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target]
        for target in targets:
            if isinstance(target, ast.Subscript):
                yield from named(target.value)
            elif isinstance(node, ast.AugAssign):
                yield from named(target)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr in _MUTATORS:
            yield from named(node.func.value)


def changed_names() -> dict[str, set[str]]:
    """For every module: the names it changes in place, with the module each import of a
    name comes from (``name@module``)."""
    out: dict[str, set[str]] = {}
    for module, tree in TREES.items():
        imported: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module is not None:
                for alias in node.names:
                    imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        names: set[str] = set()
        for node in ast.walk(tree):
            for name in _changed(node):
                names.add(imported.get(name, f"{module}.{name}"))
                names.add(f"*.{name}")  # as an attribute of anything
        out[module] = names
    return out


def _local_changes(module: str, name: str) -> bool:
    """Whether ``module`` changes its own module-level ``name`` (not a local of the same
    name in a function)."""
    tree = TREES[module]
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue  # run once, as the module is imported: building the table
        for inner in ast.walk(node):
            if name in _changed(inner) and not _shadowed(node, inner, name):
                return True
    return False


def _shadowed(top: ast.stmt, node: ast.AST, name: str) -> bool:
    """Whether ``name`` at ``node`` is a function's own variable (assigned or a parameter in
    the enclosing function), not the module's."""
    for function in ast.walk(top):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if not any(inner is node for inner in ast.walk(function)):
            continue
        arguments = function.args
        params = {a.arg for a in (*arguments.args, *arguments.kwonlyargs, *arguments.posonlyargs)}
        if name in params:
            return True
        if isinstance(function, ast.Lambda):
            continue
        for inner in ast.walk(function):
            if isinstance(inner, ast.Global) and name in inner.names:
                return False
            targets: list[ast.AST] = []
            if isinstance(inner, ast.Assign):
                targets = list(inner.targets)
            elif isinstance(inner, ast.AnnAssign | ast.For | ast.comprehension):
                targets = [inner.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return True
    return False


def test_no_global_statements() -> None:
    found = []
    for module, tree in TREES.items():
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Global):
                    where = f"{module}.{function.name}"
                    if where not in GLOBAL_STATEMENTS:
                        found.append(f"{where}: global {', '.join(node.names)}")
    assert not found, "module state changed from a function:\n" + "\n".join(found)


def test_module_level_tables_are_never_changed() -> None:
    containers = module_containers()
    changes = changed_names()
    found = []
    for dotted, (module, name) in sorted(containers.items()):
        if dotted in MUTATED_TABLES:
            continue
        elsewhere = [other for other, names in changes.items()
                     if other != module and dotted in names]
        attribute = [other for other, names in changes.items()
                     if other != module and f"*.{name}" in names and name.isupper()]
        if _local_changes(module, name) or elsewhere or attribute:
            found.append(f"{dotted} (changed in {', '.join([module] + elsewhere + attribute)})")
    assert not found, "module-level containers that code changes:\n" + "\n".join(found)
    assert set(MUTATED_TABLES) <= set(containers), "a listed table no longer exists"


_IMMUTABLE_TYPES = (
    type(None), bool, int, float, complex, str, bytes, tuple, frozenset, range,
    types.MappingProxyType, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
    types.GenericAlias, types.UnionType, type, enum.Enum, re.Pattern, property,
    staticmethod, classmethod,
)


def _stateless(value: Any) -> bool:
    """An object with no attributes to change (``__slots__ = ()`` all the way up; a class
    that mypyc compiles keeps no ``__slots__`` but lists its attributes, here none, in
    ``__mypyc_attrs__``)."""
    return not hasattr(value, "__dict__") and all(
        getattr(klass, "__slots__", getattr(klass, "__mypyc_attrs__", None)) == ()
        for klass in type(value).__mro__[:-1]
    )


def _immutable(value: Any) -> bool:
    if isinstance(value, _IMMUTABLE_TYPES) or _stateless(value):
        return True
    if type(value).__module__ == "typing" or isinstance(value, TypeVar):
        return True  # a type alias
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.generic):
        return True
    if numpy is not None and isinstance(value, numpy.ndarray):
        return not value.flags.writeable
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        params = getattr(type(value), "__dataclass_params__", None)
        return bool(params is not None and params.frozen)
    return False


def _objects() -> Iterator[tuple[str, Any]]:
    for module, tree in TREES.items():
        if module == "studkit.__main__":
            continue  # runs the command line
        if module.startswith(("studkit.web", "studkit.rl", "studkit.simulation.cluster_worker",
                              "studkit.kernel")) and not _importable(module):
            continue
        loaded = importlib.import_module(module)
        for name, node in _module_assignments(tree):
            if name.startswith("__") and name.endswith("__") or _is_container(node):
                continue
            if name not in vars(loaded):
                continue
            yield f"{module}.{name}", vars(loaded)[name]


def _importable(module: str) -> bool:
    try:
        importlib.import_module(module)
    except ImportError:
        return False
    return True


def test_module_level_objects_are_immutable() -> None:
    found = []
    for dotted, value in _objects():
        if dotted in OBJECTS or isinstance(value, dict | list | set):
            continue
        if hasattr(value, "cache_info"):  # a function cache: see the next test
            continue
        if not _immutable(value):
            found.append(f"{dotted}: {type(value).__name__}")
    assert not found, "module-level objects of mutable classes:\n" + "\n".join(found)


def test_module_level_function_caches_are_listed() -> None:
    found = []
    for module, tree in TREES.items():
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef):
                continue
            for decorator in node.decorator_list:
                text = ast.unparse(decorator)
                if re.search(r"\b(cache|lru_cache)\b", text) and f"{module}.{node.name}" not in (
                    CACHES
                ):
                    found.append(f"{module}.{node.name} (@{text})")
    assert not found, "function caches with no reason given:\n" + "\n".join(found)


@pytest.mark.parametrize(("code", "changes"), [
    ("T = {}\ndef f():\n    T['a'] = 1\n", True),
    ("T = []\ndef f():\n    T.append(1)\n", True),
    ("T = {}\ndef f():\n    T = {}\n    T['a'] = 1\n", False),
    ("T = {'a': 1}\ndef f(T):\n    T.update(b=2)\n", False),
    ("T = set()\ndef f():\n    return len(T)\n", False),
    ("T = {}\nT['a'] = 1\n", False),
])
def test_the_scan_sees_a_table_changed(code: str, changes: bool) -> None:
    TREES["studkit._sample"] = ast.parse(code)
    try:
        assert _local_changes("studkit._sample", "T") is changes
    finally:
        del TREES["studkit._sample"]


def test_the_scan_tells_a_registry_from_a_constant() -> None:
    from studkit.hooks.registry import PluginRegistry

    assert not _immutable(PluginRegistry())
    assert not _immutable(DecisionKindsLike())
    assert _immutable(types.MappingProxyType({})) and _immutable((1, "a"))
    assert _immutable(dataclasses.make_dataclass("F", [], frozen=True)())
    assert not _immutable(dataclasses.make_dataclass("M", [])())


class DecisionKindsLike:
    """An ordinary class: its instances take new attributes."""
