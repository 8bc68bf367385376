"""The package's layout: no import cycles, no module over 500 lines, and the layers that
docs/engine.md draws ("Packages and what each may import").

The import graph is read from the sources with :mod:`ast`, the way Python runs them:

* every ``import`` and ``from ... import`` counts, at module level and inside functions and
  methods alike, and so do those under ``if TYPE_CHECKING:`` (they never run, but a module
  that needs another's types to be read depends on it all the same: a cycle through them is
  a cycle); so does ``importlib.import_module("studkit...")`` with a constant name;
* relative imports are resolved against the importing module;
* ``from package import name`` is an edge to the submodule ``package.name`` when there is
  one, and otherwise to the package; a package whose ``__init__`` loads its names on first
  use (``_EXPORTS``: ``studkit``, ``studkit.simulation``) leads to the module defining the
  name;
* importing ``a.b.c`` first runs the ``__init__`` of ``a.b``: an edge to each package on the
  way that the importing module is not itself inside (those have started already).
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT

PACKAGE = ROOT / "studkit"
MAX_LINES = 500
STILL_LONG: frozenset[str] = frozenset()
"""Modules over the limit that are still to be split (a test fails once one of them is
short enough, so the list only shrinks)."""
ONE_CLASS: dict[str, tuple[int, str]] = {
    "studkit.engine.hand": (1000, (
        "Hand is one class in one module: the rules core's driver for one hand (its queries, "
        "the one check per verb, the verbs, the driver loop and the copies). A class is "
        "sized by its concept and never split across files to meet a line count."
    )),
}
"""Modules allowed over the limit because they hold one class that is one unit: the most
lines each may have, and why."""

LAYERS: list[tuple[str, ...]] = [
    ("studkit.errors", "studkit.compiled", "studkit._checkout", "studkit.user_cache",
     "studkit.defaults", "studkit.extras"),
    ("studkit.cards",),
    ("studkit.evaluation",),
    ("studkit.variant", "studkit.variant.model", "studkit.variant.yaml_source",
     "studkit.variant.schema", "studkit.variant.extends", "studkit.variant.semantics",
     "studkit.variant.file_data",
     "studkit.variant.stakes", "studkit.variant.reference_doc"),
    ("studkit.hooks",),
    ("studkit.variant.loader", "studkit.variant.rules_text",
     "studkit.variant.rule_differences", "studkit.variant.catalogue"),
    ("studkit.core",),
    ("studkit.engine",),
    ("studkit.history", "studkit.equity"),
    ("studkit.bots", "studkit.play", "studkit.game", "studkit.kernel"),
    ("studkit.simulation",),
    ("studkit.compare", "studkit.rl", "studkit.tune"),
    ("studkit.web",),
    ("studkit.cli",),
    ("studkit", "studkit.__main__"),
]
"""The layers, lowest first: a module imports modules of its own layer or below, never one
above. A name stands for that module and everything inside it (the most specific name
decides); ``studkit.variant`` is split in two, its model and file format below the plugin
machinery (``studkit.hooks``), its loader and rules in words above it."""

EXCEPTIONS: set[tuple[str, str]] = set()
"""Imports allowed across the layers, each with its reason (none)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _lazy_exports(package: str) -> dict[str, str]:
    """A package's names loaded on first use: name -> the module defining it."""
    exports = getattr(importlib.import_module(package), "_EXPORTS", None)
    if not isinstance(exports, dict):
        return {}
    return {name: where if isinstance(where, str) else where[0] for name, where in exports.items()}


def _nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node, at any depth (the imports made only for type checking included)."""
    for child in ast.iter_child_nodes(tree):
        yield child
        yield from _nodes(child)


def _named(name: str) -> str | None:
    """The module ``name`` is, or the innermost module containing it."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imported_names(module: str) -> set[str]:
    """The dotted names ``module`` imports, as written (resolved, not yet to modules)."""
    path = MODULES[module]
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in _nodes(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            lazy = _lazy_exports(source) if source in MODULES else {}
            for alias in node.names:
                if f"{source}.{alias.name}" in MODULES:
                    found.add(f"{source}.{alias.name}")
                elif alias.name in lazy:
                    found.add(lazy[alias.name])
                else:
                    found.add(source)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, (ast.Attribute, ast.Name))
            and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id)
            == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    return found


def imports_of(module: str) -> set[str]:
    """The studkit modules that importing or running ``module`` may import."""
    parts = module.split(".")
    started = {".".join(parts[:i]) for i in range(1, len(parts))}  # its packages
    edges: set[str] = set()
    for name in imported_names(module):
        target = _named(name)
        if target is None:
            continue
        pieces = target.split(".")
        for i in range(1, len(pieces) + 1):
            step = ".".join(pieces[:i])
            if step in MODULES and step not in started and step != module:
                edges.add(step)
    return edges


GRAPH: dict[str, set[str]] = {module: imports_of(module) for module in MODULES}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each as a cycle
    through its modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(_cycle_through(graph, set(component)))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _cycle_through(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """One import cycle inside a strongly connected component, for the error message."""
    start = min(component)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for other in sorted(graph[node] & component):
                if other == start:
                    return [*paths[node], start]
                if other not in paths:
                    paths[other] = [*paths[node], other]
                    following.append(other)
        frontier = following
    return sorted(component)


def test_the_graph_reader_sees_every_kind_of_import() -> None:
    """The reader must see a function-level import, a relative one, a submodule named in a
    ``from`` list, a lazily exported name and the packages on an import's way."""
    assert "studkit.variant.loader" in GRAPH["studkit.cli.play"] or any(
        "studkit.variant" in edge for edge in GRAPH["studkit.cli.play"]
    )
    # studkit.engine.hand imports the engine's modules; studkit.engine (its package) has
    # started before it runs, so it is no edge.
    assert "studkit.engine.events" in GRAPH["studkit.engine.hand"]
    assert "studkit.engine" not in GRAPH["studkit.engine.hand"]
    # ``from studkit import load_variant`` inside a function leads to the loader
    assert "studkit.variant.loader" in GRAPH["studkit.equity.calculator"]
    # importing studkit.engine.hand from another package runs studkit/engine/__init__.py
    assert "studkit.engine" in GRAPH["studkit.simulation.runner"]
    # a cycle is found
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_import_cycles() -> None:
    found = cycles(GRAPH)
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def _layer(module: str) -> int:
    best, where = -1, -1
    for number, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > best:
                best, where = len(name), number
    return where


def test_every_module_has_a_layer() -> None:
    assert [module for module in MODULES if _layer(module) < 0] == []


def test_modules_import_only_their_layer_or_below() -> None:
    upward = sorted(
        f"{module} (layer {_layer(module)}) imports {other} (layer {_layer(other)})"
        for module, others in GRAPH.items()
        for other in others
        if _layer(other) > _layer(module) and (module, other) not in EXCEPTIONS
    )
    assert upward == []


def test_the_exceptions_are_still_needed() -> None:
    stale = sorted(pair for pair in EXCEPTIONS if pair[1] not in GRAPH.get(pair[0], set()))
    assert stale == []


def _lines(module: str) -> int:
    return len(MODULES[module].read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize("module", sorted(set(MODULES) - STILL_LONG - set(ONE_CLASS)))
def test_no_module_over_500_lines(module: str) -> None:
    lines = _lines(module)
    assert lines <= MAX_LINES, f"{MODULES[module]} has {lines} lines (at most {MAX_LINES})"


def test_the_long_modules_listed_are_still_long() -> None:
    assert sorted(m for m in STILL_LONG if m not in MODULES or _lines(m) <= MAX_LINES) == []


@pytest.mark.parametrize("module", sorted(ONE_CLASS))
def test_a_one_class_module_stays_within_its_own_limit(module: str) -> None:
    most, _why = ONE_CLASS[module]
    lines = _lines(module)
    assert MAX_LINES < lines <= most, f"{MODULES[module]} has {lines} lines (at most {most})"
