"""Setting numbers in a variant file's text, keeping everything else as written (comments,
order, flow or block style): what the web app's designer does with the values ``studkit
tune`` found.

A key the text already has gets its number replaced where it stands; a key whose top-level
section the text lacks gets that section added at the end; anything else (a number inside a
section the text has but without that key) cannot be placed without rewriting the section,
and is reported as not placed.

>>> text = "studkit: 1\\nextends: seven-card-stud\\nname: mine\\nforced_bets: {ante: 1}\\n"
>>> print(set_numbers(text, {"forced_bets.ante": 3, "betting.max_raises": 4})[0], end="")
studkit: 1
extends: seven-card-stud
name: mine
forced_bets: {ante: 3}
betting:
  max_raises: 4
>>> set_numbers("forced_bets: {ante: 0.25}\\n", {"forced_bets.ante": 0.5})
('forced_bets: {ante: 0.5}\\n', [])
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import yaml

from studkit.variant.yaml_source import Located, parse_located

__all__ = ["set_numbers"]

_NUMBER = re.compile(r"-?\d+(?:\.\d*)?|-?\.\d+")


def set_numbers(text: str, values: Mapping[str, int | float]) -> tuple[str, list[str]]:
    """``text`` with each ``key.path`` set to its value, and the keys that could not be
    placed (left out of the text). Raises :class:`~studkit.variant.yaml_source.
    VariantFileError` if ``text`` is not a readable variant file."""
    lines = text.splitlines(keepends=True)
    root = parse_located(text, "<text>")
    added: dict[str, Any] = {}
    unplaced: list[str] = []
    for key, value in values.items():
        parts = key.split(".")
        node: Located | None = root
        for part in parts:
            node = node.get(part) if node is not None else None
        number = isinstance(node.value, int | float) if node is not None else False
        if node is not None and number and not isinstance(node.value, bool):
            row = node.location.line - 1
            start = node.location.column - 1
            found = _NUMBER.match(lines[row], start)
            if found is not None:
                lines[row] = lines[row][:start] + str(value) + lines[row][found.end():]
                continue
        if node is None and root.get(parts[0]) is None:  # a section the text lacks: added
            section = added
            for part in parts[:-1]:
                section = section.setdefault(part, {})
            section[parts[-1]] = value
            continue
        unplaced.append(key)
    if lines and not lines[-1].endswith("\n") and added:
        lines[-1] += "\n"
    tail = yaml.safe_dump(added, sort_keys=False, default_flow_style=False) if added else ""
    return "".join(lines) + tail, unplaced
