"""PHH hand histories: the reader with precise errors, and the writer.

A PHH file (the Poker Hand History format of the uoftcprg/phh-std project) is TOML: required
fields set up the hand (``variant``, ``antes``, ``bring_in``, ``small_bet``, ``big_bet``,
``starting_stacks``), ``actions`` lists what happened, optional fields describe it (``players``,
``event``, ``finishing_stacks``...), and fields whose names start with ``_`` are user-defined.
A ``.phhs`` file holds several hands, each a table (``[1]``, ``[2]``...).

studkit reads and writes the stud codes ``F7S``, ``F7S/8`` and ``FR``, and writes every other
studkit game with ``variant = "studkit"`` and the user-defined field ``_studkit_variant``
naming it (see docs/hand-histories.md). The hand itself is a
:class:`~studkit.history.hand_history.HandHistory`; its cards are checked by
:func:`~studkit.history.card_check.check_cards`.

>>> text = '''variant = "FR"
... antes = [1, 1]
... bring_in = 1
... small_bet = 2
... big_bet = 4
... starting_stacks = [50, 50]
... actions = ["d dh p1 2c3d4h", "d dh p2 KcKdKh", "p2 pb", "p1 f"]
... '''
>>> (hand,) = loads(text)
>>> hand.variant, hand.player_count, str(hand.actions[2])
('FR', 2, 'p2 pb')
>>> loads(dumps(hand)) == [hand]
True
"""

from __future__ import annotations

import datetime
import difflib
import os
import re
import stat
import tomllib
from collections.abc import Iterable, Mapping
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType
from typing import Any

from studkit.engine.decisions import DecisionKinds, known_kinds
from studkit.errors import HistoryError
from studkit.history.actions import (
    Action,
    Amount,
    format_action,
    is_decision_verb,
    parse_action,
)
from studkit.history.card_check import check_cards
from studkit.history.hand_history import (
    PHH_CODES,
    STUDKIT_CODE,
    STUDKIT_STAKES_FIELD,
    STUDKIT_VARIANT_FIELD,
    HandHistory,
)
from studkit.history.phh_toml import read_phh_toml
from studkit.history.toml_writer import toml_array_lines, toml_line
from studkit.hooks.registry import PluginRegistry

__all__ = [
    "HandHistory",
    "PHH_CODES",
    "STUDKIT_CODE",
    "OPTIONAL_FIELDS",
    "loads",
    "load_file",
    "load_file_each",
    "read_history_bytes",
    "loads_each",
    "history_files",
    "read_histories",
    "dumps",
    "dumps_all",
]

_STAKE_FIELDS = ("bring_in", "small_bet", "big_bet")
_REQUIRED: Mapping[str, tuple[str, ...]] = {
    **{code: ("antes", *_STAKE_FIELDS, "starting_stacks", "actions") for code in PHH_CODES},
    STUDKIT_CODE: ("antes", "starting_stacks", "actions", STUDKIT_VARIANT_FIELD),
}
_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")
_OTHER_PHH_CODES = ("FT", "NT", "NS", "PO", "FO/8", "N2L1D", "F2L3D", "FB")
_NOT_STUD_FIELDS = ("blinds_or_straddles", "min_bet")


def _is_amount(value: Any) -> bool:
    return isinstance(value, int | Decimal) and not isinstance(value, bool)


def _is_chips(value: Any) -> bool:
    """A finite amount, zero or more."""
    return (
        _is_amount(value)
        and not (isinstance(value, Decimal) and not value.is_finite())
        and value >= 0
    )


_WHOLE = frozenset((int,))
_TEXT = frozenset((str,))


def _is_amounts(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    return set(map(type, value)) <= _WHOLE or all(_is_amount(v) for v in value)


def _is_ints(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    )


def _is_strings(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    return set(map(type, value)) <= _TEXT or all(isinstance(v, str) for v in value)


def _is(*types: type) -> Any:
    def check(value: Any) -> bool:
        return isinstance(value, types) and not (isinstance(value, bool) and bool not in types)

    return check


OPTIONAL_FIELDS: Mapping[str, tuple[Any, str]] = MappingProxyType(
    {
        "author": (_is(str), "a string"),
        "event": (_is(str), "a string"),
        "url": (_is(str), "a string"),
        "venue": (_is(str), "a string"),
        "address": (_is(str), "a string"),
        "city": (_is(str), "a string"),
        "region": (_is(str), "a string"),
        "postal_code": (_is(str), "a string"),
        "country": (_is(str), "a string"),
        "time": (_is(datetime.time, datetime.datetime), "a local time such as 14:30:00"),
        "time_zone": (_is(str), "a string"),
        "time_zone_abbreviation": (_is(str), "a string"),
        "day": (_is(int), "an integer"),
        "month": (_is(int), "an integer"),
        "year": (_is(int), "an integer"),
        "hand": (_is(str, int), "a string or an integer"),
        "level": (_is(int), "an integer"),
        "seats": (_is_ints, "an array of integers, one per player"),
        "seat_count": (_is(int), "an integer"),
        "table": (_is(str, int), "a string or an integer"),
        "players": (_is_strings, "an array of strings, one per player"),
        "finishing_stacks": (_is_amounts, "an array of numbers, one per player"),
        "winnings": (_is_amounts, "an array of numbers, one per player"),
        "currency": (_is(str), "a string"),
        "currency_symbol": (_is(str), "a string"),
        "time_limit": (_is(int, Decimal), "a number"),
        "time_banks": (_is_amounts, "an array of numbers, one per player"),
    }
)
"""The PHH optional fields studkit checks and keeps, with the type each must have."""

_SETUP = frozenset(
    {"variant", "ante_trimming_status", "bring_in", "small_bet", "big_bet", "antes"}
    | {"starting_stacks", "actions"}
)
_PER_PLAYER = ("seats", "players", "finishing_stacks", "winnings", "time_banks")
_KNOWN = frozenset(
    {"variant", "ante_trimming_status", *_STAKE_FIELDS, "antes", "starting_stacks", "actions"}
    | set(OPTIONAL_FIELDS)
)


# --------------------------------------------------------------------------------------------
# Reading


def _field_error(label: str, name: str, why: str) -> HistoryError:
    return HistoryError(f"{label}: field {name!r}: {why}")


def _check_amounts(label: str, name: str, value: Any, count: int | None, *, positive: bool) -> None:
    if not _is_amounts(value):
        raise _field_error(label, name, f"expected an array of numbers, got {value!r}")
    if count is not None and len(value) != count:
        raise _field_error(
            label, name, f"has {len(value)} entries for {count} players (one per player)"
        )
    if value and set(map(type, value)) <= _WHOLE and min(value) >= (1 if positive else 0):
        return  # whole chips, all in range: the usual case, checked in one pass
    for i, v in enumerate(value):
        if isinstance(v, Decimal) and v.is_nan():
            raise _field_error(label, name, f"entry {i} is nan: each must be a number of chips")
        if v < 0 or (positive and v == 0):
            need = "positive" if positive else "zero or more"
            raise _field_error(label, name, f"entry {i} is {v}: each must be {need}")


def _check_amount(label: str, name: str, value: Any) -> Amount:
    if (
        not _is_amount(value)
        or (isinstance(value, Decimal) and not value.is_finite())
        or value <= 0
    ):
        raise _field_error(label, name, f"expected a positive number, got {value!r}")
    return value  # type: ignore[no-any-return]


def _from_table(
    table: Mapping[str, Any],
    label: str,
    source: str | None,
    key: str | None,
    kinds: DecisionKinds | None = None,
) -> HandHistory:
    code = table.get("variant")
    if code is None:
        raise _field_error(label, "variant", "missing (a PHH file must say its game, e.g. 'F7S')")
    if not isinstance(code, str):
        raise _field_error(label, "variant", f"expected a string, got {code!r}")
    if code not in _REQUIRED:
        if code in _OTHER_PHH_CODES:
            why = f"{code!r} is not a stud game; studkit plays F7S, F7S/8 and FR"
        else:
            why = f"unknown variant code {code!r}: expected F7S, F7S/8, FR or {STUDKIT_CODE!r}"
        raise _field_error(label, "variant", why)
    for name in _REQUIRED[code]:
        if name not in table:
            raise _field_error(label, name, f"missing: every {code} hand history needs it")
    for name in _NOT_STUD_FIELDS:
        if name in table:
            raise _field_error(label, name, "stud games have a bring-in, not blinds or a min bet")
    stacks = table["starting_stacks"]
    if not isinstance(stacks, list) or len(stacks) < 2:
        raise _field_error(
            label, "starting_stacks", f"expected one number per player (2 or more), got {stacks!r}"
        )
    count = len(stacks)
    _check_amounts(label, "starting_stacks", stacks, count, positive=True)
    _check_amounts(label, "antes", table["antes"], count, positive=False)
    stakes = {
        name: _check_amount(label, name, table[name]) for name in _STAKE_FIELDS if name in table
    }
    trimming = table.get("ante_trimming_status")
    if trimming is not None and not isinstance(trimming, bool):
        raise _field_error(
            label, "ante_trimming_status", f"expected true or false, got {trimming!r}"
        )

    extra: dict[str, Any] = {}
    warnings: list[str] = []
    for name, value in table.items():
        if name in _SETUP:
            continue
        if name in OPTIONAL_FIELDS:
            check, what = OPTIONAL_FIELDS[name]
            if not check(value):
                raise _field_error(label, name, f"expected {what}, got {value!r}")
            if name in _PER_PLAYER and len(value) != count:
                raise _field_error(label, name, f"has {len(value)} entries for {count} players")
            if name in ("finishing_stacks", "winnings"):
                _check_amounts(label, name, value, count, positive=False)
        elif not name.startswith("_"):
            close = difflib.get_close_matches(name, sorted(_KNOWN), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            warnings.append(f"{label}: unknown field {name!r}{hint} kept but not used")
        extra[name] = value
    if code == STUDKIT_CODE and not isinstance(extra.get(STUDKIT_VARIANT_FIELD), str):
        raise _field_error(label, STUDKIT_VARIANT_FIELD, "expected a studkit variant name or path")
    stakes_field = extra.get(STUDKIT_STAKES_FIELD)
    if stakes_field is not None and not (
        isinstance(stakes_field, dict) and all(_is_chips(v) for v in stakes_field.values())
    ):
        raise _field_error(
            label, STUDKIT_STAKES_FIELD,
            f"expected a table of amounts (numbers, 0 or more), got {stakes_field!r}"
        )

    raw = table["actions"]
    if not _is_strings(raw):
        raise _field_error(label, "actions", "expected an array of strings such as 'p1 cc'")
    actions: list[Action] = []
    bad: tuple[int, str] | None = None
    for index, text in enumerate(raw):
        try:
            action = parse_action(text, kinds)
        except HistoryError as error:
            bad = (index, str(error))
            break
        if is_decision_verb(action.verb) and code != STUDKIT_CODE:
            bad = (index, f"{action.verb!r} is a studkit plugin decision: {code} hands do not "
                   "have it")
            break
        if action.player is not None and action.player >= count:
            bad = (index, f"there is no player p{action.player + 1}: the hand has {count} "
                   "players")
            break
        actions.append(action)
    history = HandHistory(
        variant=code,
        antes=tuple(table["antes"]),
        starting_stacks=tuple(stacks),
        actions=tuple(actions) if bad is None else (),
        ante_trimming_status=trimming,
        fields=MappingProxyType(extra),
        source=source,
        key=key,
        texts=tuple(raw),
        warnings=tuple(warnings),
        bring_in=stakes.get("bring_in"),
        small_bet=stakes.get("small_bet"),
        big_bet=stakes.get("big_bet"),
    )
    if bad is not None:
        raise history.error(*bad)
    check_cards(history, kinds)
    return history


def _document(text: str, label: str) -> dict[str, Any]:
    document = read_phh_toml(text)  # the usual PHH layout, read fast
    if document is not None:
        if not document:
            raise HistoryError(f"{label}: empty: no hand history in it")
        return document
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        at = _TOML_AT.search(message)
        if at is not None:
            where = f"{label}:{at.group(1)}:{at.group(2)}"
            message = message[: at.start()].rstrip()
        else:
            where = label
        raise HistoryError(f"{where}: not valid TOML: {message}") from None
    if not document:
        raise HistoryError(f"{label}: empty: no hand history in it")
    return document


def loads_each(
    text: str, *, source: str | None = None, registry: PluginRegistry | None = None
) -> list[tuple[str | None, HandHistory | HistoryError]]:
    """Like :func:`loads`, hand by hand: ``(table, hand)`` pairs where a hand that cannot be
    read is its :class:`HistoryError`, so the other hands of a multi-hand text are still
    read (``table`` is ``None`` for a single-hand text). Bad TOML still raises. The plugin
    decisions read are those the plugins of ``registry`` register (default: the built-ins'
    and entry points')."""
    kinds = known_kinds(registry) if registry is not None else None
    label = source or "<history>"
    document = _document(text, label)
    if "variant" in document or not all(isinstance(v, dict) for v in document.values()):
        tables: list[tuple[str, str | None, Any]] = [(label, None, document)]
    else:
        tables = [(f"{label}[{key}]", key, table) for key, table in document.items()]
    out: list[tuple[str | None, HandHistory | HistoryError]] = []
    for where, key, table in tables:
        try:
            out.append((key, _from_table(table, where, source, key, kinds)))
        except HistoryError as error:
            out.append((key, error))
    return out


def loads(
    text: str, *, source: str | None = None, registry: PluginRegistry | None = None
) -> list[HandHistory]:
    """Read the hands of a PHH (one hand) or PHHS (tables ``[1]``, ``[2]``...) text; the
    first problem raises :class:`HistoryError` (``registry``: as for :func:`loads_each`)."""
    hands: list[HandHistory] = []
    for _, hand in loads_each(text, source=source, registry=registry):
        if isinstance(hand, HistoryError):
            raise hand
        hands.append(hand)
    return hands


def read_history_bytes(name: str) -> bytes:
    """A hand history file's bytes; a :class:`HistoryError` naming the file when it cannot be
    read or is a device (``/dev/zero`` would be read forever)."""
    try:
        mode = os.stat(name).st_mode
    except OSError:
        mode = 0  # reading says why
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise HistoryError(f"{name}: a device, not a hand history file")
    try:
        return Path(name).read_bytes()
    except OSError as error:
        raise HistoryError(f"{name}: cannot read: {error.strerror or error}") from None


def _read_text(name: str) -> str:
    raw = read_history_bytes(name)
    try:
        return raw.decode("utf-8-sig")  # a byte-order mark is tolerated
    except UnicodeDecodeError as error:
        raise HistoryError(
            f"{name}: not UTF-8 text (byte {error.start}): is it a PHH file?"
        ) from None


def load_file(
    path: str | os.PathLike[str], registry: PluginRegistry | None = None
) -> list[HandHistory]:
    """Read every hand of one ``.phh`` or ``.phhs`` file (``registry``: as for
    :func:`loads_each`)."""
    name = os.fspath(path)
    return loads(_read_text(name), source=name, registry=registry)


def load_file_each(
    path: str | os.PathLike[str], registry: PluginRegistry | None = None
) -> list[tuple[str | None, HandHistory | HistoryError]]:
    """Read one file hand by hand (see :func:`loads_each`); an unreadable file raises."""
    name = os.fspath(path)
    return loads_each(_read_text(name), source=name, registry=registry)


def history_files(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Expand files and directories (``*.phh`` and ``*.phhs`` inside, sorted) to file names.

    One path on its own (not in a list) is one path, never a string of one-letter names.
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out: list[str] = []
    for path in paths:
        name = os.fspath(path)
        if os.path.isdir(name):
            found = sorted(
                str(p)
                for p in Path(name).rglob("*")
                if p.suffix in (".phh", ".phhs") and p.is_file()
            )
            if not found:
                raise HistoryError(f"{name}: no .phh or .phhs files in this directory")
            out.extend(found)
        elif os.path.exists(name):
            out.append(name)
        else:
            raise HistoryError(f"{name}: no such file or directory")
    return out


def read_histories(*paths: str | os.PathLike[str]) -> list[HandHistory]:
    """Every hand in the given files and directories, in order; the first problem raises."""
    return [hand for name in history_files(paths) for hand in load_file(name)]


# --------------------------------------------------------------------------------------------
# Writing


def _head(history: HandHistory) -> list[str]:
    lines = [toml_line("variant", history.variant)]
    if history.ante_trimming_status is not None:
        lines.append(toml_line("ante_trimming_status", history.ante_trimming_status))
    lines.append(toml_line("antes", list(history.antes)))
    for name in _STAKE_FIELDS:
        value = getattr(history, name)
        if value is not None:
            lines.append(toml_line(name, value))
    lines.append(toml_line("starting_stacks", list(history.starting_stacks)))
    return lines


def dumps(history: HandHistory) -> str:
    """The hand as PHH text (one action a line, with the writer's notes as TOML comments)."""
    items: list[tuple[str | None, Any]] = []
    for index, action in enumerate(history.actions):
        note = history.notes.get(index)
        if note is not None:
            items.append((note, None))
        items.append((None, format_action(action)))
    lines = _head(history) + toml_array_lines("actions", items)
    lines.extend(toml_line(name, value) for name, value in history.fields.items())
    return "\n".join(lines) + "\n"


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """Several hands as one PHHS text: tables ``[1]``, ``[2]``..."""
    return "\n".join(f"[{i}]\n{dumps(h)}" for i, h in enumerate(histories, 1))
