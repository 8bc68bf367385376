"""The checkable part of a file the schema rejects: what the rule checks can still read.

So that a file's every independent problem is reported at once (a misspelt key *and* a small
bet over the big bet), the loader runs the semantic checks even when the schema finds
problems. They read schema-valid data, so each value the schema rejects is set aside first:
an unknown key is dropped, and a rejected value or a missing required key gets a stand-in
that the schema accepts. The checks run twice, over two different stand-ins for each value
(:data:`STAND_IN_KINDS`: the default or first allowed value, then another one), and only
the problems found both times are kept: those do not depend on a value the file did not
give. Problems about a set-aside place are dropped too: the schema's message covers them.

>>> file = {"studkit": 1, "name": "x", "betting": {"small_bet": "5", "ant": 1}}
>>> [list(checkable_data(file, kind).data["betting"]) for kind in STAND_IN_KINDS]
[[], ['small_bet']]
>>> checkable_data(file, "first").set_aside
(('betting', 'ant'), ('betting', 'small_bet'))
"""

from __future__ import annotations

import copy
import re
from dataclasses import replace
from typing import Any, NamedTuple

from studkit.variant.schema import path_text, schema_errors
from studkit.variant.yaml_source import Problem

__all__ = ["checkable_data", "Checkable", "KeyPath", "STAND_IN_KINDS", "MAX_SET_ASIDE_ROUNDS"]

KeyPath = tuple[str | int, ...]


class Checkable(NamedTuple):
    """A file's data with the values the schema rejects set aside."""

    data: dict[str, Any]
    """Data the schema accepts (defaults not yet filled)."""
    set_aside: tuple[KeyPath, ...]
    """Where a value was dropped or stood in for, sorted."""
    stand_in_names: frozenset[str]
    """The texts standing in for a missing or rejected text (``pots-0-name``)."""

    def problems_beyond(self, problems: list[Problem], filled: Any) -> list[Problem]:
        """``problems`` (found in :attr:`data` with defaults: ``filled``) less those about a
        value set aside, their key paths without a stand-in's name."""
        aside = [path_text(path, filled) for path in self.set_aside]
        return [
            replace(problem, path=_without_stand_ins(problem.path, self.stand_in_names))
            for problem in problems
            if not any(_within(problem.path, place) for place in aside)
        ]


def _within(path: str, place: str) -> bool:
    """Whether the key path text ``path`` is ``place`` or inside it."""
    return path == place or (path.startswith(place) and path[len(place)] in ".[ ")


def _without_stand_ins(path: str, names: frozenset[str]) -> str:
    for name in names:
        path = path.replace(f" ({name})", "")
    return path


STAND_IN_KINDS: tuple[str, ...] = ("first", "other")
"""The two kinds of stand-in: ``first``, the default (or the first allowed value); ``other``,
a different allowed value where there is one (the last allowed value, a far bigger number,
the other of true and false, another text)."""

MAX_SET_ASIDE_ROUNDS = 8
"""How many times the schema is asked again after setting values aside (a stand-in mapping
can miss keys of its own); past this the file is not checked beyond its schema."""

_CANNOT = object()
"""No stand-in fits the schema here."""


def checkable_data(data: Any, kind: str = "first") -> Checkable | None:
    """``data`` (a file's plain data) with every value the schema rejects set aside, stood
    in for by a value of ``kind`` (one of :data:`STAND_IN_KINDS`); ``None`` when that leaves
    nothing the checks could read (the file is not a mapping, or a rejected value has no
    stand-in)."""
    if not isinstance(data, dict):
        return None
    checkable = copy.deepcopy(data)
    set_aside: set[KeyPath] = set()
    for _round in range(MAX_SET_ASIDE_ROUNDS):
        errors = schema_errors(checkable)
        if not errors:
            places = tuple(sorted(set_aside, key=lambda path: tuple(map(str, path))))
            names = frozenset(
                value
                for found, value in (_at(checkable, path) for path in places)
                if found and isinstance(value, str)
            )
            return Checkable(checkable, places, names)
        for error in errors:
            if not _set_aside(checkable, error, set_aside, kind):
                return None
    return None


def _set_aside(data: dict[str, Any], error: Any, set_aside: set[KeyPath], kind: str) -> bool:
    """Set aside what ``error`` (a jsonschema error) rejects; False if nothing fits."""
    path: KeyPath = tuple(error.absolute_path)
    found, instance = _at(data, path)
    if not found:
        return True  # inside a value already set aside this round
    schema = error.schema if isinstance(error.schema, dict) else {}
    if error.validator == "additionalProperties" and isinstance(instance, dict):
        known = schema.get("properties", {})
        for key in [key for key in instance if key not in known]:
            del instance[key]
            set_aside.add((*path, key))
        return True
    if error.validator == "required" and isinstance(instance, dict):
        for key in error.validator_value:
            if key not in instance:
                sub = schema.get("properties", {}).get(key, {})
                stand_in = _stand_in(sub, (*path, key), kind)
                if stand_in is _CANNOT:
                    return False
                instance[key] = stand_in
                set_aside.add((*path, key))
        return True
    if not path:
        return False
    _, parent = _at(data, path[:-1])
    stand_in = _stand_in(schema, path, kind)
    if isinstance(parent, dict) and (stand_in is _CANNOT or kind == "first"):
        parent.pop(path[-1], None)  # its default, or a stand-in if required, comes next
    elif stand_in is not _CANNOT and isinstance(parent, (dict, list)):
        parent[path[-1]] = stand_in  # type: ignore[index]
    else:
        return False
    set_aside.add(path)
    return True


def _at(data: Any, path: KeyPath) -> tuple[bool, Any]:
    """``(True, value)`` at ``path`` in ``data``, or ``(False, None)`` if it is gone."""
    for step in path:
        if isinstance(step, int) and isinstance(data, list) and step < len(data):
            data = data[step]
        elif isinstance(step, str) and isinstance(data, dict) and step in data:
            data = data[step]
        else:
            return False, None
    return True, data


_EMPTY: dict[str, Any] = {"null": None, "object": {}, "array": []}
"""The stand-in for a value of each type that has no bounds to meet."""


def _stand_in(schema: dict[str, Any], path: KeyPath, kind: str) -> Any:
    """A value of ``kind`` that ``schema`` accepts, for a value that is missing or rejected;
    a text names its place (``pots-0-name``) so no two stand-ins are equal."""
    other = kind != "first"
    if "const" in schema:
        return copy.deepcopy(schema["const"])
    if "default" in schema and not other:
        return copy.deepcopy(schema["default"])
    if schema.get("enum"):
        return copy.deepcopy(schema["enum"][-1 if other else 0])
    kinds = schema.get("type")
    names = [kinds] if isinstance(kinds, str) else list(kinds or ())
    kind_of_value = next(iter(reversed(names) if other else names), None)
    if kind_of_value == "string":
        text = ("x-" if other else "") + "-".join(map(str, path)).replace("_", "-").lower()
        return text if re.search(schema.get("pattern", ""), text) else _CANNOT
    if kind_of_value in ("integer", "number"):
        least = max(0, schema.get("minimum", 0), schema.get("exclusiveMinimum", -1) + 1)
        far = min(least + 1_000_000, schema.get("maximum", least + 1_000_000))
        return far if other else least
    if kind_of_value == "boolean":
        return other != bool(schema.get("default", False))
    if kind_of_value == "array" and schema.get("minItems"):
        return _CANNOT
    if kind_of_value in _EMPTY:
        return copy.deepcopy(_EMPTY[kind_of_value])
    return _CANNOT
