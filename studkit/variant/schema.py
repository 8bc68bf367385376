"""The variant JSON Schema: loading it, checking a file against it, and filling defaults.

The schema (``studkit/variant/schema.json``, draft 2020-12) is the single source of truth for
the file format: every key, its type, its description and its default. This module runs
``jsonschema`` over a file's data and rewrites each error into one located sentence, e.g.
``variants/razz.yaml:14:5: streets[2] (fifth).cards[0]: 'upp' is not one of 'up', 'down',
'choice' (did you mean 'up'?)``.
"""

from __future__ import annotations

import copy
import difflib
import json
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeAlias

from studkit.variant.schema_cache import accepted_key, record_accepted, was_accepted
from studkit.variant.yaml_source import Located, Location, Problem, describe

if TYPE_CHECKING:  # jsonschema is imported when a file is first checked, not with studkit
    from jsonschema.exceptions import (  # type: ignore[import-untyped,unused-ignore]
        ValidationError,
    )

__all__ = [
    "variant_schema",
    "schema_problems",
    "fill_defaults",
    "path_text",
    "locate",
    "suggest",
    "one_of_text",
    "schema_errors",
]

Path = tuple[str | int, ...]


@cache
def _schema_text() -> str:
    return (resources.files("studkit.variant") / "schema.json").read_text(encoding="utf-8")


def variant_schema() -> dict[str, Any]:
    """The variant file JSON Schema (a fresh copy each call)."""
    schema: dict[str, Any] = json.loads(_schema_text())
    return schema


@cache
def _validator() -> Any:
    import jsonschema  # type: ignore[import-untyped,unused-ignore]

    def is_integer(checker: object, value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    base = jsonschema.Draft202012Validator
    checker = base.TYPE_CHECKER.redefine("integer", is_integer)
    validator_class = jsonschema.validators.extend(base, type_checker=checker)
    return validator_class(variant_schema())


def suggest(word: object, choices: Iterable[object]) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or an empty string."""
    if not isinstance(word, str):
        return ""
    names = [str(choice) for choice in choices]
    lowered = {name.lower(): name for name in names}
    matches = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return f" (did you mean {lowered[matches[0]]!r}?)" if matches else ""


def one_of_text(values: Sequence[object]) -> str:
    """``'up', 'down', 'choice'``: values as a reader would type them."""
    return ", ".join(repr(value) if isinstance(value, str) else _plain(value) for value in values)


def _plain(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def path_text(path: Path, data: Any) -> str:
    """``streets[2] (fifth).cards[0]``: a key path with list items named where they have one."""
    text = ""
    node = data
    for step in path:
        if isinstance(step, int):
            text += f"[{step}]"
            item = node[step] if isinstance(node, list) and step < len(node) else None
            if isinstance(item, dict) and isinstance(item.get("name"), str):
                text += f" ({item['name']})"
            node = item
        else:
            text += f".{step}" if text else step
            node = node.get(step) if isinstance(node, dict) else None
    return text


def locate(root: Located, path: Path, key: str | None = None) -> Location:
    """Where ``path`` was written (its key's place when ``key`` is given); else the nearest
    enclosing value that has a place."""
    node = root
    for step in path:
        child: Located | None = None
        if isinstance(step, int) and isinstance(node.value, list) and step < len(node.value):
            child = node.value[step]
        elif isinstance(step, str) and isinstance(node.value, dict):
            child = node.value.get(step)
        if child is None:
            return node.location
        node = child
    if key is not None and key in node.key_locations:
        return node.key_locations[key]
    return node.location


_TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}

_YAML_11_BOOLEANS = {"yes", "no", "on", "off", "y", "n"}


def schema_problems(root: Located, data: Any, *, remember: bool = True) -> list[Problem]:
    """Every schema error in ``data`` (the plain form of ``root``), located and phrased.

    Data accepted before (:mod:`studkit.variant.schema_cache`) is not checked again; with
    ``remember`` (files, not texts typed into the designer) an acceptance is recorded."""
    key = accepted_key(_schema_text(), data)
    if was_accepted(key):
        return []
    problems: list[Problem] = []
    seen: set[tuple[str, str, int, int]] = set()
    for error in _validator().iter_errors(data):
        for problem in _translate(error, root, data):
            marker = (problem.path, problem.message, problem.line, problem.column)
            if marker not in seen:
                seen.add(marker)
                problems.append(problem)
    problems.sort(key=lambda problem: (problem.file, problem.line, problem.column))
    if not problems and remember:
        record_accepted(key)
    return problems


def _translate(error: ValidationError, root: Located, data: Any) -> list[Problem]:
    path: Path = tuple(error.absolute_path)
    handler = _HANDLERS.get(str(error.validator))
    if handler is None:
        return [_problem(root, data, path, error.message)]
    return handler(error, root, data, path)


def _problem(root: Located, data: Any, path: Path, message: str, key: str | None = None) -> Problem:
    where = locate(root, path, key)
    return Problem(where.file, where.line, where.column, path_text(path, data), message)


Handler: TypeAlias = "Callable[[ValidationError, Located, Any, Path], list[Problem]]"


def _enum(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    values = [value for value in error.validator_value
              if not (isinstance(value, str) and value.isdigit())]  # a quoted rank's twin
    message = f"{describe(error.instance)} is not one of {one_of_text(values)}"
    return [_problem(root, data, path, message + suggest(error.instance, values))]


def _const(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    if path == ("studkit",):
        message = (
            f"format version {describe(error.instance)} is not one studkit reads; "
            f"write 'studkit: {error.validator_value}'"
        )
    else:
        message = f"{describe(error.instance)} must be {one_of_text([error.validator_value])}"
    return [_problem(root, data, path, message)]


def _type(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    wanted = error.validator_value
    names = [wanted] if isinstance(wanted, str) else list(wanted)
    expected = " or ".join(_TYPE_WORDS.get(name, name) for name in names)
    message = f"expected {expected}, got {describe(error.instance)}"
    instance = error.instance
    if "boolean" in names and isinstance(instance, str) and instance.lower() in _YAML_11_BOOLEANS:
        message += " (write true or false)"
    elif "integer" in names and isinstance(instance, float) and instance.is_integer():
        message += f" (write {int(instance)})"
    elif isinstance(instance, str) and _is_number_text(instance, names):
        message += (f" (quoted, so it is text, not a number: write {instance.strip()} without "
                    "quotes)")
    elif path and isinstance(path[-1], str) and path[-1] in _TYPE_HINTS:
        message += _TYPE_HINTS[path[-1]](instance)
    return [_problem(root, data, path, message)]


def _qualifier_hint(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and 2 <= value <= 10:
        return f" (write '{value}-low': lows of {value} or better qualify)"
    return ""


def _bring_in_hint(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f" (write bring_in: {{amount: {value}}})"
    return ""


_TYPE_HINTS: dict[str, Callable[[object], str]] = {
    "qualifier": _qualifier_hint,
    "bring_in": _bring_in_hint,
}
"""What to write instead, by key, when a value has the wrong type (``qualifier: 8``)."""


def _is_number_text(text: str, names: list[str]) -> bool:
    """Whether quoted ``text`` would be a value of one of the schema types ``names`` unquoted
    (a whole number for ``integer``, also a decimal such as 0.25 for ``number``)."""
    readers: dict[str, type[int] | type[Decimal]] = {"integer": int, "number": Decimal}
    for name in names:
        if name in readers:
            try:
                value = readers[name](text.strip())
            except (ValueError, ArithmeticError):
                continue
            if not isinstance(value, Decimal) or value.is_finite():
                return True
    return False


def _required(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    instance = error.instance if isinstance(error.instance, dict) else {}
    missing = [key for key in error.validator_value if key not in instance]
    problems = []
    for key in missing:
        hint = " (the format version: write 'studkit: 1')" if key == "studkit" and not path else ""
        problems.append(_problem(root, data, path, f"missing required key {key!r}{hint}"))
    return problems


def _additional(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    schema_properties = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
    known = list(schema_properties)
    instance = error.instance if isinstance(error.instance, dict) else {}
    problems = []
    for key in instance:
        if key in schema_properties:
            continue
        homes = _key_homes().get(key)  # a key of another mapping: name its place
        hint = f" (did you mean {homes[0]!r}?)" if homes else suggest(key, known)
        if not hint:
            hint = f" (known keys: {', '.join(known)})"
        problems.append(_problem(root, data, path, f"unknown key {key!r}{hint}", key=key))
    return problems


@cache
def _key_homes() -> dict[str, tuple[str, ...]]:
    """Each mapping key of the schema and the key paths it belongs at (``betting.max_raises``)."""
    homes: dict[str, list[str]] = {}

    def walk(schema: dict[str, Any], prefix: str) -> None:
        for key, sub in schema.get("properties", {}).items():
            homes.setdefault(key, []).append(prefix + key)
            walk(sub, f"{prefix}{key}.")

    walk(variant_schema(), "")
    return {key: tuple(paths) for key, paths in homes.items()}


def _minimum(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    message = f"must be at least {error.validator_value}, got {describe(error.instance)}"
    return [_problem(root, data, path, message)]


def _maximum(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    message = f"must be at most {error.validator_value}, got {describe(error.instance)}"
    return [_problem(root, data, path, message)]


def _min_items(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    count = error.validator_value
    noun = "item" if count == 1 else "items"
    message = f"needs at least {count} {noun}, got {len(error.instance)}"
    return [_problem(root, data, path, message)]


def _max_items(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    message = f"allows at most {error.validator_value} items, got {len(error.instance)}"
    return [_problem(root, data, path, message)]


def _unique(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    seen: list[object] = []
    for index, item in enumerate(error.instance):
        if item in seen:
            message = f"{describe(item)} is listed twice"
            return [_problem(root, data, (*path, index), message)]
        seen.append(item)
    return [_problem(root, data, path, "has repeated items")]


def _pattern(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    hint = error.schema.get("x-hint", "") if isinstance(error.schema, dict) else ""
    expected = hint or f"text matching {error.validator_value}"
    message = f"{describe(error.instance)} is not valid here: expected {expected}"
    return [_problem(root, data, path, message)]


def _min_length(error: ValidationError, root: Located, data: Any, path: Path) -> list[Problem]:
    return [_problem(root, data, path, "must not be empty")]


_HANDLERS: dict[str, Handler] = {
    "enum": _enum,
    "const": _const,
    "type": _type,
    "required": _required,
    "additionalProperties": _additional,
    "minimum": _minimum,
    "maximum": _maximum,
    "minItems": _min_items,
    "maxItems": _max_items,
    "uniqueItems": _unique,
    "pattern": _pattern,
    "minLength": _min_length,
}


def schema_errors(data: Any) -> list[ValidationError]:
    """The schema's own errors for plain ``data`` (jsonschema records, unphrased)."""
    return list(_validator().iter_errors(data))


def data_errors(data: Any, *, remember: bool = True) -> list[str]:
    """What the schema says is wrong with plain ``data`` (no locations), as short texts
    (data accepted before is not checked again; ``remember`` as for
    :func:`schema_problems`)."""
    key = accepted_key(_schema_text(), data)
    if was_accepted(key):
        return []
    errors = [
        f"{path_text(tuple(error.absolute_path), data) or 'the file'}: {error.message}"
        for error in _validator().iter_errors(data)
    ]
    if not errors and remember:
        record_accepted(key)
    return errors


def fill_defaults(data: Any, schema: dict[str, Any] | None = None) -> Any:
    """``data`` with every missing key that has a schema default filled in (a new value)."""
    schema = variant_schema() if schema is None else schema
    result = copy.deepcopy(data)
    _fill(result, schema)
    return result


def _fill(value: Any, schema: dict[str, Any]) -> None:
    if isinstance(value, dict):
        for key, sub_schema in schema.get("properties", {}).items():
            if key not in value and "default" in sub_schema:
                value[key] = copy.deepcopy(sub_schema["default"])
            if key in value:
                _fill(value[key], sub_schema)
    elif isinstance(value, list) and isinstance(schema.get("items"), dict):
        for item in value:
            _fill(item, schema["items"])
