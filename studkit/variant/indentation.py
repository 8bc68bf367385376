"""Where a YAML indentation mistake is, and what it is, for PyYAML's syntax errors.

PyYAML reports a mis-indented key where it notices the damage, not where it was done. A key
de-indented out of its mapping

.. code-block:: yaml

    betting:
      small_bet: 5
    big_bet: 10        # line 3: the mistake
      max_raises: 4    # line 4: "mapping values are not allowed here"

is read as a key of the outer mapping whose value ``10`` goes on to line 4, where the ``:``
of ``max_raises`` is refused. :func:`indentation_mistake` looks at the lines around the
reported one and names the line that is wrong and why.

>>> text = "betting:\\n  small_bet: 5\\nbig_bet: 10\\n  max_raises: 4\\n"
>>> line, column, message = indentation_mistake(text, 4, "mapping values are not allowed here")
>>> line, column
(3, 1)
>>> message.split(", so")[0]
"'big_bet' is indented less than 'small_bet' above it (column 1; 'small_bet' is at column 3)"
"""

from __future__ import annotations

import re
from typing import NamedTuple

__all__ = ["indentation_mistake"]

_KEY = re.compile(r"^(?P<lead>[ ]*(?:-[ ]+)*)(?P<key>[^\s:#'\"{}\[\],-][^:#]*?)[ ]*:(?:[ ]+|$)")
"""A block mapping key: indentation, any list dashes, the key, then ``:`` and a space or
the end of the line."""


class _Line(NamedTuple):
    number: int
    """1-based."""
    column: int
    """1-based column of the key, or of the first character when there is no key."""
    key: str | None
    value: str
    """What follows the key's ``:`` (without a comment), or the whole line without a key."""


def _read(text: str, number: int) -> _Line | None:
    lines = text.splitlines()
    if not 1 <= number <= len(lines):
        return None
    raw = lines[number - 1]
    stripped = raw.strip()
    if not stripped or stripped.startswith("#"):
        return None
    match = _KEY.match(raw)
    if match is None:
        return _Line(number, len(raw) - len(raw.lstrip(" ")) + 1, None, stripped)
    value = re.sub(r"(^|[ ]+)#.*$", "", raw[match.end() :]).strip()
    return _Line(number, len(match.group("lead")) + 1, match.group("key"), value)


def _before(text: str, number: int) -> list[_Line]:
    """The lines with content above line ``number``, nearest first."""
    found = (_read(text, above) for above in range(number - 1, 0, -1))
    return [line for line in found if line is not None]


def indentation_mistake(text: str, number: int, problem: str) -> tuple[int, int, str] | None:
    """``(line, column, message)`` for the mis-indented line behind PyYAML's ``problem``
    reported on line ``number`` of ``text``, or ``None`` when indentation is not the cause."""
    reported = _read(text, number)
    above = _before(text, number)
    if reported is None or reported.key is None or not above:
        return None
    previous = above[0]
    if previous.key is None:
        return None
    if problem.startswith("mapping values are not allowed here"):
        return _continued_value(reported, previous, above[1:])
    if problem.startswith("expected <block end>") and reported.column < previous.column:
        return (
            reported.number,
            reported.column,
            (
                f"{reported.key!r} is indented less than {previous.key!r} above it (column "
                f"{reported.column}; {previous.key!r} is at column {previous.column}) and lines "
                "up with no key above it: the keys of one mapping start in the same column"
            ),
        )
    return None


def _continued_value(
    reported: _Line, previous: _Line, earlier: list[_Line]
) -> tuple[int, int, str] | None:
    """A key line read as the rest of the value of the key above it (``previous``): either
    ``previous`` was de-indented out of the mapping that ``reported`` is still in, or
    ``reported`` is indented too far."""
    if previous.key is None or not previous.value or reported.column <= previous.column:
        return None
    for line in earlier:
        if line.column < reported.column:
            break
        if line.column == reported.column and line.key is not None:
            return (
                previous.number,
                previous.column,
                (
                    f"{previous.key!r} is indented less than {line.key!r} above it (column "
                    f"{previous.column}; {line.key!r} is at column {line.column}), so it ends "
                    f"that mapping and line {reported.number} reads as part of its value; the "
                    "keys of one mapping start in the same column"
                ),
            )
    return (
        reported.number,
        reported.column,
        (
            f"{reported.key!r} is indented more than {previous.key!r} above it (column "
            f"{reported.column}; {previous.key!r} is at column {previous.column}), so it reads as "
            f"part of the value of {previous.key!r}; line it up with {previous.key!r} or quote a "
            "value holding ': '"
        ),
    )
