"""A safe YAML reader that remembers where every value came from.

Variant files are plain data. This reader accepts only the YAML core types (mappings, lists,
strings, whole numbers, decimals, ``true``/``false`` and ``null``), refuses every tag that
could build a Python object, refuses duplicate keys, and caps how far aliases may expand so a
hostile file cannot exhaust memory or time. Each value comes back as a :class:`Located` node
carrying the file, line and column it was written at, so that later checks (schema, merge,
semantics) can point at the exact spot.

Booleans follow YAML 1.2: only ``true`` and ``false`` (any case) are booleans; ``yes``,
``no``, ``on`` and ``off`` stay strings, and the schema then says a boolean was expected.
Dates are not recognised: ``2024-01-01`` is a string.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from studkit.errors import VariantError
from studkit.variant.indentation import indentation_mistake

__all__ = [
    "Location",
    "Located",
    "Problem",
    "VariantFileError",
    "MAX_FILE_BYTES",
    "MAX_NODES",
    "MAX_DEPTH",
    "read_located",
    "parse_located",
    "to_plain",
    "walk",
    "describe",
    "check_format_version_text",
    "FORMAT_VERSION",
]

MAX_FILE_BYTES = 256 * 1024
"""Largest variant file read (a real one is a few kilobytes)."""
MAX_NODES = 20_000
"""Most values a file may expand to once aliases are followed (alias bombs stop here)."""
MAX_DEPTH = 32
"""Deepest nesting of lists and mappings accepted (a real file nests four or five levels)."""
MAX_SHOWN_PROBLEMS = 20
"""Problems listed in an error message; the rest are counted (the full list is on ``problems``)."""


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a file: 1-based line and column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a variant file, located and phrased for a reader.

    ``line`` and ``column`` are 1-based; 0 when the problem has no place in a file (an
    unknown variant name).
    """

    file: str
    line: int
    column: int
    path: str
    """The readable key path, e.g. ``streets[2] (fifth).cards[0]``; empty for the whole file."""
    message: str

    def __str__(self) -> str:
        if self.line > 0:
            where = f"{self.file}:{self.line}:{self.column}"
        else:
            where = self.file
        parts = [part for part in (where, self.path, self.message) if part]
        return ": ".join(parts)

    def as_dict(self) -> dict[str, Any]:
        """The problem as JSON-ready fields (``validate --json``)."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "message": self.message,
        }


class VariantFileError(VariantError):
    """A variant file that cannot be loaded; :attr:`problems` lists every problem found.

    The message is the problems, one per line, each ``file:line:column: key.path: message``.
    """

    problems: tuple[Problem, ...]

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        lines = [str(problem) for problem in self.problems[:MAX_SHOWN_PROBLEMS]]
        hidden = len(self.problems) - MAX_SHOWN_PROBLEMS
        if hidden > 0:
            lines.append(f"... and {hidden} more problem{'s' if hidden > 1 else ''}")
        super().__init__("\n".join(lines))

    @classmethod
    def at(cls, location: Location, path: str, message: str) -> VariantFileError:
        """An error with a single problem."""
        return cls([Problem(location.file, location.line, location.column, path, message)])


@dataclass(slots=True)
class Located:
    """A YAML value with its location. Mappings keep each key's location in ``key_locations``.

    ``value`` is a ``dict[str, Located]``, a ``list[Located]`` or a plain scalar.
    """

    value: Any
    location: Location
    key_locations: dict[str, Location] = field(default_factory=dict)

    def get(self, key: str) -> Located | None:
        """The child under ``key`` if this is a mapping that has it."""
        if isinstance(self.value, dict):
            child: Located | None = self.value.get(key)
            return child
        return None


_SCALAR_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}
_SEQ_TAG = "tag:yaml.org,2002:seq"
_MAP_TAG = "tag:yaml.org,2002:map"
_BOOL_TAG = "tag:yaml.org,2002:bool"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"


class _StrictResolver(yaml.resolver.Resolver):
    """The safe resolver with YAML 1.2 booleans and no implicit dates."""


_StrictResolver.yaml_implicit_resolvers = {
    first: [
        (tag, regexp)
        for tag, regexp in resolvers
        if tag not in (_BOOL_TAG, _TIMESTAMP_TAG)
    ]
    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
}
_StrictResolver.add_implicit_resolver(
    _BOOL_TAG, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


class _Composer(
    yaml.reader.Reader,
    yaml.scanner.Scanner,
    yaml.parser.Parser,
    yaml.composer.Composer,
    yaml.constructor.SafeConstructor,
    _StrictResolver,
):
    """Builds the node graph only; values are constructed by :func:`_convert` below."""

    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        _StrictResolver.__init__(self)


def read_located(path: Path, shown_as: str | None = None) -> Located:
    """Read a variant file from disk; errors name the file as ``shown_as`` (default: the path)."""
    name = shown_as if shown_as is not None else str(path)
    try:
        with path.open("rb") as stream:  # never more than the limit: /dev/zero is endless
            raw = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise VariantFileError.at(Location(name, 0, 0), "", "no such file") from None
    except IsADirectoryError:
        raise VariantFileError.at(Location(name, 0, 0), "", "is a directory, not a file") from None
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise VariantFileError.at(Location(name, 0, 0), "", f"cannot read: {reason}") from None
    return parse_located(raw, name)


def parse_located(raw: bytes | str, name: str) -> Located:
    """Parse variant text (bytes are decoded as UTF-8) into a located tree.

    The checks run cheapest first: size, binary content, encoding, emptiness, the ``studkit:``
    format version (so a file from a newer studkit fails clearly even if its syntax is new),
    tabs in indentation, then YAML syntax, tags, duplicate keys and alias expansion.
    """
    start = Location(name, 1, 1)
    if isinstance(raw, bytes):
        if len(raw) > MAX_FILE_BYTES:
            raise VariantFileError.at(
                start, "", f"file is over {MAX_FILE_BYTES:,} bytes; a variant file may be at "
                f"most {MAX_FILE_BYTES:,} bytes"
            )
        if b"\x00" in raw:
            offset = raw.index(b"\x00")
            raise VariantFileError.at(
                _offset_location(raw[:offset], name), "",
                "binary data (a NUL byte), not a YAML text file",
            )
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            bad = raw[error.start]
            raise VariantFileError.at(
                _offset_location(raw[: error.start], name), "",
                f"byte 0x{bad:02x} is not UTF-8 text; save the file as UTF-8",
            ) from None
    else:
        text = raw
        if "\x00" in text:
            raise VariantFileError.at(
                _offset_location(text[: text.index("\x00")].encode(), name), "",
                "binary data (a NUL byte), not a YAML text file",
            )
        if len(text) > MAX_FILE_BYTES:
            raise VariantFileError.at(
                start, "", f"text is {len(text):,} characters; a variant file may be at most "
                f"{MAX_FILE_BYTES:,} bytes"
            )
    if not _has_content(text):
        raise VariantFileError.at(
            start, "", "file is empty; a variant file starts with 'studkit: 1'"
        )
    check_format_version_text(text, name)
    _check_tabs(text, name)
    root = _compose(text, name)
    if root is None:
        raise VariantFileError.at(
            start, "", "file is empty; a variant file starts with 'studkit: 1'"
        )
    return _Converter(name).convert(root)


FORMAT_VERSION = 1
"""The variant file format this studkit reads."""

_VERSION_LINE = re.compile(r"^studkit[ \t]*:[ \t]*(?P<value>[^#\n]*?)[ \t]*(?:#.*)?$", re.M)


def check_format_version_text(text: str, name: str) -> None:
    """Refuse a file written for a newer format, before any other check reads it."""
    match = _VERSION_LINE.search(text)
    if match is None:
        return
    value = match.group("value").strip("'\"")
    if value.isdigit() and int(value) > FORMAT_VERSION:
        line = text.count("\n", 0, match.start()) + 1
        column = match.start("value") - match.start() + 1
        raise VariantFileError.at(
            Location(name, line, column), "studkit",
            f"format version {int(value)}: this file needs a newer studkit "
            f"(this one reads version {FORMAT_VERSION})",
        )


def _has_content(text: str) -> bool:
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and stripped not in ("---", "..."):
            return True
    return False


def _check_tabs(text: str, name: str) -> None:
    for number, line in enumerate(text.splitlines(), start=1):
        indent = len(line) - len(line.lstrip(" \t"))
        if "\t" in line[:indent]:
            column = line.index("\t") + 1
            raise VariantFileError.at(
                Location(name, number, column), "",
                "tab character in indentation; YAML indents with spaces only",
            )


def _code(character: object) -> str:
    code = character if isinstance(character, int) else ord(str(character)[:1] or "\0")
    return f"U+{code:04X}"


def _offset_location(before: bytes, name: str) -> Location:
    line = before.count(b"\n") + 1
    column = len(before) - (before.rfind(b"\n") + 1) + 1
    return Location(name, line, column)


_SYNTAX_HINTS = (
    ("mapping values are not allowed here", "; check this line's indentation (a key indented "
     "more than the key above it reads as part of that key's value) or quote a value "
     "holding ': '"),
    ("expected <block end>", "; check this line's indentation: it lines up with no key "
     "above it (the keys of one mapping start in the same column)"),
    ("could not find expected ':'", "; a key needs ': ' after it (a line indented under "
     "it continues it)"),
)
"""What to check for PyYAML's terse syntax errors, keyed by the start of its message."""


def _compose(text: str, name: str) -> yaml.Node | None:
    loader: _Composer | None = None
    try:
        loader = _Composer(text)
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        if (error.problem or "").startswith("could not find expected ':'"):
            mark = error.context_mark or mark  # the key that lacks its ':', not the next line
        where = Location(name, mark.line + 1, mark.column + 1) if mark else Location(name, 1, 1)
        problem = error.problem or "invalid YAML"
        if "expected a single document" in (error.context or ""):
            problem = "more than one YAML document ('---'); a variant file holds one"
            error.context = None
        context = f" ({error.context})" if error.context else ""
        hint = next((h for start, h in _SYNTAX_HINTS if problem.startswith(start)), "")
        message = f"YAML syntax error: {problem}{context}{hint}"
        mistake = indentation_mistake(text, where.line, problem)
        if mistake is not None:  # the mis-indented line, not where PyYAML noticed it
            line, column, what = mistake
            where, message = Location(name, line, column), f"YAML syntax error: {what}"
        raise VariantFileError.at(where, "", message) from None
    except yaml.reader.ReaderError as error:
        where = _offset_location(text[: error.position].encode(), name)
        raise VariantFileError.at(
            where, "", f"control character {_code(error.character)} is not allowed in a YAML file"
        ) from None
    except yaml.YAMLError as error:
        raise VariantFileError.at(Location(name, 1, 1), "", f"YAML error: {error}") from None
    except RecursionError:
        raise VariantFileError.at(
            Location(name, 1, 1), "", f"values are nested more than {MAX_DEPTH} levels deep"
        ) from None
    finally:
        if loader is not None:
            loader.dispose()
    result: yaml.Node | None = node
    return result


class _Converter:
    """Turns composed nodes into :class:`Located` values, enforcing the safety rules."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.nodes = 0
        self.active: set[int] = set()
        self.scalars = yaml.constructor.SafeConstructor()

    def location(self, node: yaml.Node) -> Location:
        mark = node.start_mark
        return Location(self.name, mark.line + 1, mark.column + 1)

    def convert(self, node: yaml.Node) -> Located:
        if len(self.active) >= MAX_DEPTH:
            raise VariantFileError.at(
                self.location(node), "", f"values are nested more than {MAX_DEPTH} levels deep"
            )
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise VariantFileError.at(
                self.location(node), "",
                f"more than {MAX_NODES:,} values once aliases are expanded; "
                "refusing a file that may be an alias bomb",
            )
        if id(node) in self.active:
            raise VariantFileError.at(
                self.location(node), "", "an alias refers to a value that contains it"
            )
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                self._check_tag(node, _SEQ_TAG)
                return Located([self.convert(item) for item in node.value], self.location(node))
            if isinstance(node, yaml.MappingNode):
                self._check_tag(node, _MAP_TAG)
                return self._mapping(node)
        finally:
            self.active.discard(id(node))
        raise VariantFileError.at(self.location(node), "", "unsupported YAML node")

    def _check_tag(self, node: yaml.Node, expected: str) -> None:
        if node.tag != expected:
            raise VariantFileError.at(
                self.location(node), "",
                f"tag {_show_tag(node.tag)} is not allowed; variant files are plain YAML data",
            )

    def _scalar(self, node: yaml.ScalarNode) -> Located:
        if node.tag not in _SCALAR_TAGS:
            raise VariantFileError.at(
                self.location(node), "",
                f"tag {_show_tag(node.tag)} is not allowed; variant files are plain YAML data",
            )
        try:
            value = self.scalars.construct_object(node)
        except (yaml.constructor.ConstructorError, ValueError) as error:
            raise VariantFileError.at(
                self.location(node), "", f"cannot read {node.value!r}: {error}"
            ) from None
        return Located(value, self.location(node))

    def _mapping(self, node: yaml.MappingNode) -> Located:
        result: dict[str, Located] = {}
        keys: dict[str, Location] = {}
        for key_node, value_node in node.value:
            where = self.location(key_node)
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise VariantFileError.at(
                    where, "", "merge keys ('<<') are not supported; use 'extends:' instead"
                )
            key = self.convert(key_node)
            if not isinstance(key.value, str):
                raise VariantFileError.at(
                    where, "", f"a key must be a name (text), not {describe(key.value)}"
                )
            if key.value in result:
                first = keys[key.value]
                raise VariantFileError.at(
                    where, "", f"duplicate key {key.value!r} (first given at line {first.line})"
                )
            keys[key.value] = where
            result[key.value] = self.convert(value_node)
        return Located(result, self.location(node), keys)


def describe(value: Any) -> str:
    """A short phrase for what a value is: ``a list``, ``the number 5``, ``'yes'``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    if isinstance(value, (dict, Located)) or hasattr(value, "keys"):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    return type(value).__name__


def _show_tag(tag: str) -> str:
    prefix = "tag:yaml.org,2002:"
    return f"'!!{tag[len(prefix):]}'" if tag.startswith(prefix) else f"'{tag}'"


def to_plain(node: Located) -> Any:
    """The value without locations: dicts, lists and scalars."""
    if isinstance(node.value, dict):
        return {key: to_plain(child) for key, child in node.value.items()}
    if isinstance(node.value, list):
        return [to_plain(child) for child in node.value]
    return node.value


def walk(node: Located, path: tuple[str | int, ...] = ()) -> Iterator[
    tuple[tuple[str | int, ...], Located]
]:
    """Every node with its path from the root (the root first)."""
    yield path, node
    if isinstance(node.value, dict):
        for key, child in node.value.items():
            yield from walk(child, (*path, key))
    elif isinstance(node.value, list):
        for index, child in enumerate(node.value):
            yield from walk(child, (*path, index))
