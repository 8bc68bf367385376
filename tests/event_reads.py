"""Finds code that reads a hand's events by position (``event[2]``, ``kind, seat, *_ =
event``) instead of by field name (``event.card``), as far as reading the code can tell.

An *event collection* is an ``events`` attribute (``hand.events``, ``hand.view(0).events``),
a name or a call of a function ending in ``events`` (``street_events(hand, "fourth")``), a
slice, copy or filter of one (``hand.events[3:]``, ``list(...)``, ``[e for e in ... if
...]``), or a name bound to one. An *event* is a name ``event``, an item of a collection
(``hand.events[-1]``, ``next(e for e in ...)``), or a name bound to one by a ``for`` (also
through ``enumerate`` and ``zip``), a comprehension or an assignment. Reading an event by
subscript, or unpacking it into names, is a positional read. Names are followed per function
and comprehension (a nested one sees its parent's), without regard to the order of
statements.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

__all__ = ["PositionalRead", "positional_event_reads"]

_COPIES = frozenset({"list", "tuple", "reversed", "sorted", "iter"})


@dataclass(frozen=True)
class PositionalRead:
    """One place that reads an event by position."""

    line: int
    column: int
    code: str


@dataclass
class _Scope:
    collections: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)

    def child(self) -> _Scope:
        return _Scope(set(self.collections), set(self.events))


def _called_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _filtering(node: ast.AST, scope: _Scope) -> bool:
    """A comprehension that keeps events of a collection as they are."""
    if not isinstance(node, ast.ListComp | ast.GeneratorExp | ast.SetComp):
        return False
    if len(node.generators) != 1:
        return False
    generator = node.generators[0]
    return (
        isinstance(node.elt, ast.Name)
        and isinstance(generator.target, ast.Name)
        and node.elt.id == generator.target.id
        and _is_collection(generator.iter, scope)
    )


def _is_collection(node: ast.AST, scope: _Scope) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == "events" or node.attr.endswith("_events")
    if isinstance(node, ast.Name):
        return node.id in scope.collections or node.id.endswith("events")
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Slice) and _is_collection(node.value, scope)
    if isinstance(node, ast.Call):
        name = _called_name(node)
        if name.endswith("events") and name != "format_events":
            return True
        if name in _COPIES and node.args:
            return _is_collection(node.args[0], scope)
        return False
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _is_collection(node.left, scope) or _is_collection(node.right, scope)
    return _filtering(node, scope)


def _is_event(node: ast.AST, scope: _Scope) -> bool:
    if isinstance(node, ast.Name):
        return node.id in scope.events or node.id == "event"
    if isinstance(node, ast.Subscript):
        return not isinstance(node.slice, ast.Slice) and _is_collection(node.value, scope)
    if isinstance(node, ast.Call) and _called_name(node) == "next" and node.args:
        first = node.args[0]
        return _filtering(first, scope) or (
            isinstance(first, ast.Call)
            and _called_name(first) == "iter"
            and bool(first.args)
            and _is_collection(first.args[0], scope)
        )
    return False


def _names(target: ast.AST) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id


def _bind_loop(target: ast.AST, iterable: ast.AST, scope: _Scope) -> bool:
    """Bind a ``for`` target over ``iterable``; True when something was bound."""
    if _is_collection(iterable, scope):
        if isinstance(target, ast.Name):
            return _add(scope.events, target.id)
        return False  # a tuple target unpacks each event: reported, not bound
    if isinstance(iterable, ast.Call) and isinstance(target, ast.Tuple | ast.List):
        name = _called_name(iterable)
        if name == "enumerate" and iterable.args and len(target.elts) == 2:
            return _bind_loop(target.elts[1], iterable.args[0], scope)
        if name == "zip" and len(iterable.args) == len(target.elts):
            bound = False
            for item, source in zip(target.elts, iterable.args, strict=True):
                bound = _bind_loop(item, source, scope) or bound
            return bound
    return False


def _add(names: set[str], name: str) -> bool:
    if name in names:
        return False
    names.add(name)
    return True


def _bind(node: ast.AST, scope: _Scope) -> bool:
    """Learn the names one node binds; True when a name was new."""
    changed = False
    if isinstance(node, ast.For | ast.AsyncFor):
        changed = _bind_loop(node.target, node.iter, scope)
    elif isinstance(node, ast.comprehension):
        changed = _bind_loop(node.target, node.iter, scope)
    elif isinstance(node, ast.Assign | ast.AnnAssign | ast.NamedExpr):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        value = node.value
        if value is not None:
            for target in targets:
                for name in _names(target):
                    if _is_collection(value, scope):
                        changed = _add(scope.collections, name) or changed
                    elif _is_event(value, scope):
                        changed = _add(scope.events, name) or changed
    return changed


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _own_nodes(roots: list[ast.AST]) -> Iterator[ast.AST]:
    """Every node under ``roots`` outside nested functions and comprehensions (which are
    scopes of their own: they are yielded, their insides are not)."""
    stack: list[ast.AST] = list(roots)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, _COMPREHENSIONS):
            stack.append(node.generators[0].iter)  # evaluated in the enclosing scope
            continue
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, _FUNCTIONS):
                stack.append(child)


def _nested(nodes: list[ast.AST]) -> Iterator[ast.AST]:
    for node in nodes:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, _FUNCTIONS):
                yield child


def _comprehension_parts(node: ast.AST, scope: _Scope) -> list[ast.AST]:
    """Bind a comprehension's targets in ``scope`` (its own), and the parts read there."""
    assert isinstance(node, _COMPREHENSIONS)
    parts: list[ast.AST] = []
    for number, generator in enumerate(node.generators):
        for target in ast.walk(generator.target):
            if isinstance(target, ast.Name):
                scope.events.discard(target.id)
                scope.collections.discard(target.id)
        _bind_loop(generator.target, generator.iter, scope)
        parts.append(generator)
        if number:
            parts.append(generator.iter)
        parts.extend(generator.ifs)
    if isinstance(node, ast.DictComp):
        parts.extend((node.key, node.value))
    else:
        parts.append(node.elt)
    return parts


def _reads(roots: list[ast.AST], scope: _Scope, text: str) -> Iterator[PositionalRead]:
    nodes = list(_own_nodes(roots))
    while any([_bind(node, scope) for node in nodes]):
        pass

    def read(node: ast.AST) -> PositionalRead:
        code = ast.get_source_segment(text, node) or ast.unparse(node)
        line: int = getattr(node, "lineno", 0)
        return PositionalRead(line, getattr(node, "col_offset", 0), code.splitlines()[0])

    for node in nodes:
        if isinstance(node, ast.Subscript) and _is_event(node.value, scope):
            yield read(node)
        elif isinstance(node, ast.For | ast.AsyncFor | ast.comprehension):
            if isinstance(node.target, ast.Tuple | ast.List | ast.Starred) and _is_collection(
                node.iter, scope
            ):
                yield read(node.target)
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Tuple | ast.List) for t in node.targets) and _is_event(
                node.value, scope
            ):
                yield read(node)
        elif isinstance(node, ast.Call) and _called_name(node) in ("tuple", "list") and node.args:
            if _is_event(node.args[0], scope):
                yield read(node)
        elif isinstance(node, ast.Starred) and _is_event(node.value, scope):
            yield read(node)
        elif isinstance(node, _COMPREHENSIONS):
            inner = scope.child()
            yield from _reads(_comprehension_parts(node, inner), inner, text)
    for function in _nested(nodes):
        body = function.body if isinstance(function.body, list) else [function.body]
        yield from _reads(list(body), scope.child(), text)


def positional_event_reads(text: str) -> list[PositionalRead]:
    """Every positional read of an event in the Python source ``text``, in line order."""
    tree = ast.parse(text)
    found = set(_reads(list(tree.body), _Scope(), text))
    return sorted(found, key=lambda read: (read.line, read.column))
