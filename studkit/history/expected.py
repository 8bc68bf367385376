"""A folder's ``expected.json``: the finishing stacks its hand histories must replay to.

A PHH file may carry its hand's result in ``finishing_stacks``. Hands published without it
(the WSOP transcriptions in ``examples/hands/wsop-2023-43-ppc``) are checked against a file
named ``expected.json`` in the same folder: one JSON object, a member per hand, named by the
hand file's name (a hand of a ``.phhs`` file: ``"NAME.phhs[KEY]"``, as replay names it)::

    {
      "hand-05.phh": {"variant": "F7S", "finishing_stacks": [4000000, 7700000, 4775000]},
      "hand-06.phh": {"finishing_stacks": [2150000, 9750000, 4675000]}
    }

``finishing_stacks`` is one number per player in the file's units, as the PHH field;
``variant``, optional, is the hand's ``variant`` code and must be the file's. A hand file the
object does not name is not checked; a name with no hand file is ignored. A file's own
``finishing_stacks`` take precedence.

>>> import json, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "expected.json").write_text(json.dumps(
...     {"hand-1.phh": {"variant": "FR", "finishing_stacks": [52, 48]}}))
>>> expectations = Expectations()
>>> expectations.of(folder / "hand-1.phh", None).finishing_stacks
(52, 48)
>>> expectations.of(folder / "hand-2.phh", None) is None
True
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Final

from studkit.errors import HistoryError
from studkit.history.actions import Amount
from studkit.history.phh import _is_chips

__all__ = ["EXPECTED_NAME", "Expectation", "Expectations", "read_expected"]

EXPECTED_NAME: Final = "expected.json"
"""The file in a folder of hand histories that gives the stacks they end on."""

_FIELDS: Final[frozenset[str]] = frozenset(("variant", "finishing_stacks"))


@dataclass(frozen=True, slots=True)
class Expectation:
    """What one hand must replay to, and the ``expected.json`` that says so."""

    source: str
    finishing_stacks: tuple[Amount, ...]
    variant: str | None = None


def read_expected(path: str | os.PathLike[str]) -> dict[str, Expectation]:
    """The expectations of one ``expected.json`` by hand name; :class:`HistoryError` naming
    the file (and the member) when it is not valid JSON or not in the layout above."""
    name = os.fspath(path)
    try:
        with open(name, encoding="utf-8") as stream:
            data = json.load(stream, parse_float=Decimal)
    except (OSError, UnicodeDecodeError) as error:
        raise HistoryError(f"{name}: cannot be read: {error}") from None
    except json.JSONDecodeError as error:
        raise HistoryError(f"{name}: not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise HistoryError(
            f"{name}: expected an object of hands by file name "
            f'({{"hand-05.phh": {{"finishing_stacks": [...]}}}}), got {_short(data)}'
        )
    return {hand: _expectation(name, hand, entry) for hand, entry in data.items()}


def _expectation(name: str, hand: str, entry: Any) -> Expectation:
    where = f"{name}: {hand!r}"
    if not isinstance(entry, dict):
        raise HistoryError(
            f'{where}: expected an object with "finishing_stacks", got {_short(entry)}'
        )
    unknown = sorted(set(entry) - _FIELDS)
    if unknown:
        raise HistoryError(
            f"{where}: unknown field {unknown[0]!r} (expected {' and '.join(sorted(_FIELDS))})"
        )
    stacks = entry.get("finishing_stacks")
    if not (isinstance(stacks, list) and stacks and all(_is_chips(s) for s in stacks)):
        raise HistoryError(
            f'{where}: "finishing_stacks" must be an array of numbers of chips '
            f"(zero or more), one per player, got {_short(stacks)}"
        )
    variant = entry.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise HistoryError(
            f'{where}: "variant" must be a string such as "F7S", got {_short(variant)}'
        )
    return Expectation(name, tuple(_whole(s) for s in stacks), variant)


def _whole(value: Amount) -> Amount:
    """``4000000.0`` as the whole number it is (the engine's stacks compare equal)."""
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 60 else text[:57] + "..."


@dataclass(slots=True)
class Expectations:
    """The ``expected.json`` of each folder a replay reads, each read once (a malformed one
    raises :class:`HistoryError` when a hand of its folder asks for it)."""

    _folders: dict[str, dict[str, Expectation]] = field(default_factory=dict)

    def of(self, path: str | os.PathLike[str], key: str | None) -> Expectation | None:
        """The expectation for the hand ``key`` (``None`` for a ``.phh`` file) of the hand
        file ``path``, from ``expected.json`` beside it; ``None`` when there is none."""
        folder, file = os.path.split(os.fspath(path))
        known = self._folders.get(folder)
        if known is None:
            expected = os.path.join(folder, EXPECTED_NAME)
            known = read_expected(expected) if os.path.isfile(expected) else {}
            self._folders[folder] = known
        return known.get(file if key is None else f"{file}[{key}]")
