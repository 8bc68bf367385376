"""The TOML that PHH files use, read fast; anything else is left to :mod:`tomllib`.

PHH files (and the ``.phhs`` files of several hands) are a small part of TOML: ``key =
value`` lines with bare keys, one level of ``[table]`` headers, and values that are strings
without escapes, decimal integers and numbers, booleans and arrays of those, arrays often
spread over lines with comments between their items. :func:`read_phh_toml` reads exactly
that part, several times faster than the general parser, and gives the same result
:func:`tomllib.loads` (with ``parse_float=Decimal``) gives; for any text outside that part
(escapes, dates and times, inline tables, dotted or quoted keys, other number forms, a
key defined twice, anything invalid) it returns ``None`` and the caller uses ``tomllib``,
which also words the errors.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

__all__ = ["read_phh_toml"]

_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
"""Control characters TOML forbids (a lone carriage return among them): left to tomllib."""
_BLANK = re.compile(r"[ \t\n]*(?:#[^\n]*[ \t\n]*)*")
"""Empty lines and comment lines, then the indentation of the next line (or a last comment
line without a newline)."""
_HEADER = re.compile(r"\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\][ \t]*(?:#[^\n]*)?(?:\n|\Z)")
_KEY = re.compile(r"([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
_END = re.compile(r"[ \t]*(?:#[^\n]*)?(?:\n|\Z)")
"""The rest of a key-value line: spaces and a comment."""
_GAP = re.compile(r"[ \t\n]*(?:#[^\n]*[ \t\n]*)*")
"""Between an array's items: spaces, newlines and comments."""
_DELIMITED = r"(?=[ \t\n,\]#]|\Z)"
_SCALARS = (
    r'"([^"\\\n]*)"'
    r"|'([^'\n]*)'"
    rf"|(-?(?:0|[1-9][0-9]*)\.[0-9]+){_DELIMITED}"
    rf"|(-?(?:0|[1-9][0-9]*)){_DELIMITED}"
    rf"|(true|false){_DELIMITED}"
)
"""A basic string without escapes, a literal string, a decimal number, an integer, a
boolean: groups 1 to 5."""
_SCALAR = re.compile(_SCALARS)
_SCALAR_LINE = re.compile(
    rf"([A-Za-z0-9_-]+)[ \t]*=[ \t]*(?:{_SCALARS})[ \t]*(?:#[^\n]*)?(?:\n|\Z)"
    r"[ \t\n]*(?:#[^\n]*[ \t\n]*)*"
)
"""A whole ``key = scalar`` line and the blank and comment lines after it: the key is group
1, the value groups 2 to 6."""
_ANY_SCALAR = (
    r'"[^"\\\n]*"'
    r"|'[^'\n]*'"
    rf"|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?{_DELIMITED}"
    rf"|(?:true|false){_DELIMITED}"
)
"""The same scalars, without groups."""
_GAP_TEXT = r"[ \t\n]*(?:#[^\n]*[ \t\n]*)*"
_FLAT_ARRAY = re.compile(
    rf"\[(?:{_GAP_TEXT}(?:{_ANY_SCALAR}){_GAP_TEXT},)*(?:{_GAP_TEXT}(?:{_ANY_SCALAR}))?"
    rf"{_GAP_TEXT}\]"
)
"""An array of scalars (no nested arrays), over any number of lines."""
_STRING = r"""(?:"[^"\\\n]*"|'[^'\n]*')"""
_STRING_ARRAY = re.compile(
    rf"\[{_GAP_TEXT}(?:{_STRING}{_GAP_TEXT},{_GAP_TEXT})*(?:{_STRING}{_GAP_TEXT})?\]"
)
"""The usual array of actions or names: strings, comments between them."""
_STRINGS = re.compile(r"""(#)[^\n]*|"([^"\\\n]*)"|'([^'\n]*)'""")
_INT_ARRAY = re.compile(
    r"\[[ \t]*(?:-?(?:0|[1-9][0-9]*)[ \t]*,[ \t]*)*(?:-?(?:0|[1-9][0-9]*)[ \t]*)?\]"
)
"""The usual array of amounts: integers on one line."""
_INT = re.compile(r"-?[0-9]+")
_ITEMS = re.compile(rf"(#)[^\n]*|{_SCALARS}")
"""In a flat array already checked: its comments (group 1) and its items (groups 2 to 6),
in order."""


class _Outside(Exception):
    """The text leaves the part of TOML this reader knows."""


def read_phh_toml(text: str) -> dict[str, Any] | None:
    """The document ``tomllib.loads(text, parse_float=Decimal)`` returns, or ``None`` when
    ``text`` is not in the part of TOML read here (then ``tomllib`` must read it)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    if _UNSAFE.search(text):
        return None
    try:
        return _document(text)
    except _Outside:
        return None


def _document(text: str) -> dict[str, Any]:
    document: dict[str, Any] = {}
    table = document
    end = len(text)
    pos = _skip(_BLANK, text, 0)
    while pos < end:
        if text[pos] == "[":
            header = _HEADER.match(text, pos)
            if header is None or header.group(1) in document:
                raise _Outside
            table = document[header.group(1)] = {}
            pos = header.end()
        else:
            line = _SCALAR_LINE.match(text, pos)
            if line is not None:  # the common case: one match for the line
                name = line.group(1)
                if name in table:
                    raise _Outside
                last = line.lastindex or 2
                table[name] = _scalar(last - 1, line.group(last))
                pos = line.end()
                continue  # the blank lines after it are matched already
            else:
                key = _KEY.match(text, pos)
                if key is None or key.group(1) in table:
                    raise _Outside
                value, pos = _value(text, key.end())
                table[key.group(1)] = value
                rest = _END.match(text, pos)
                if rest is None:
                    raise _Outside
                pos = rest.end()
        pos = _skip(_BLANK, text, pos)
    return document


def _skip(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where a pattern that also matches nothing ends, from ``pos``."""
    found = pattern.match(text, pos)
    return found.end() if found is not None else pos


def _scalar(kind: int, text: str) -> Any:
    """The value of scalar ``text`` matched as kind 1 (basic string) to 5 (boolean)."""
    if kind <= 2:
        return text
    if kind == 4:
        return int(text)
    if kind == 3:
        return Decimal(text)
    return text == "true"


def _value(text: str, pos: int) -> tuple[Any, int]:
    """The value starting at ``pos`` and where it ends."""
    if text.startswith("[", pos):
        strings = _STRING_ARRAY.match(text, pos)
        if strings is not None:
            return [
                basic or literal
                for comment, basic, literal in _STRINGS.findall(text, pos, strings.end())
                if not comment
            ], strings.end()
        amounts = _INT_ARRAY.match(text, pos)
        if amounts is not None:
            return [int(item) for item in _INT.findall(text, pos, amounts.end())], amounts.end()
        flat = _FLAT_ARRAY.match(text, pos)
        if flat is not None:  # scalars only: one match checks it, one scan reads it
            found: list[Any] = []
            add = found.append
            for comment, basic, literal, number, integer, boolean in _ITEMS.findall(
                text, pos, flat.end()
            ):
                if basic:
                    add(basic)
                elif integer:
                    add(int(integer))
                elif comment:
                    continue
                elif literal:
                    add(literal)
                elif number:
                    add(Decimal(number))
                elif boolean:
                    add(boolean == "true")
                else:
                    add("")  # an empty string
            return found, flat.end()
        items: list[Any] = []
        pos = _skip(_GAP, text, pos + 1)
        while not text.startswith("]", pos):
            item, pos = _value(text, pos)
            items.append(item)
            pos = _skip(_GAP, text, pos)
            if text.startswith(",", pos):
                pos = _skip(_GAP, text, pos + 1)
            elif not text.startswith("]", pos):
                raise _Outside
        return items, pos + 1
    scalar = _SCALAR.match(text, pos)
    if scalar is None or scalar.lastindex is None:
        raise _Outside
    return _scalar(scalar.lastindex, scalar.group(scalar.lastindex)), scalar.end()
