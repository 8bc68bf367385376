"""A TOML writer for the subset PHH files use (the standard library only reads TOML).

Values: strings, booleans, integers, decimals and floats (``inf`` included), local times,
dates and date-times, arrays of those, and inline tables. Output is read back by
:mod:`tomllib` to the same values (with ``parse_float=Decimal`` for decimals).

>>> print(toml_line("antes", [100, 100]))
antes = [100, 100]
>>> print(toml_line("author", 'Ann "the Rock" Lee'))
author = "Ann \\"the Rock\\" Lee"
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from studkit.errors import HistoryError

__all__ = ["toml_key", "toml_value", "toml_line", "toml_array_lines"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_key(key: str) -> str:
    """A key, bare when it can be, else quoted."""
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _string(text: str) -> str:
    out = []
    for ch in text:
        escaped = _ESCAPES.get(ch)
        if escaped is not None:
            out.append(escaped)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _float(value: float | Decimal) -> str:
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        text = format(value, "f")
        return text if "." in text else text + ".0"
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "-inf" if value < 0 else "inf"
    return repr(value)


def toml_value(value: Any) -> str:
    """One value written inline."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float | Decimal):
        return _float(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, Mapping):
        pairs = ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items())
        return "{" + pairs + "}" if pairs else "{}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise HistoryError(f"cannot write {value!r} ({type(value).__name__}) in a PHH file")


def toml_line(key: str, value: Any) -> str:
    """``key = value`` on one line."""
    return f"{toml_key(key)} = {toml_value(value)}"


def toml_array_lines(key: str, items: Sequence[tuple[str | None, Any]]) -> list[str]:
    """An array written one item a line; an item whose value is ``None`` is a TOML comment.

    >>> print("\\n".join(toml_array_lines("actions", [("third street", None), (None, "p1 f")])))
    actions = [
      # third street
      "p1 f",
    ]
    """
    lines = [f"{toml_key(key)} = ["]
    for comment, value in items:
        if value is None:
            lines.append(f"  # {comment}" if comment else "")
        else:
            lines.append(f"  {toml_value(value)},")
    lines.append("]")
    return lines
