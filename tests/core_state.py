"""A hand's core state with fields set by hand, for the tests of a single rule: the rules
core's state is bytes laid out as ``studkit/core/hand.h`` declares it
(:data:`studkit.core.HAND_FIELDS` gives each field's place), so a test edits the bytes of a
real hand's state and loads them into a copy."""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

from studkit.core import HAND_FIELDS, State
from studkit.engine import Hand

FIELDS = {name: (length, offset, code) for name, length, offset, code in HAND_FIELDS}
CARDS_PER_SEAT = FIELDS["cards"][0] // FIELDS["stack"][0]


def edited(hand: Hand, **values: Any) -> State:
    """A copy of ``hand``'s core state with ``values``: a number, a per-seat list, or, for
    ``up`` and ``down``, each seat's cards (the counts and the seat's ``cards`` follow)."""
    data = bytearray(hand._core.save())
    cards: dict[str, Sequence[Sequence[int]]] = {}
    for name, value in values.items():
        if name in ("up", "down"):
            cards[name] = value
            continue
        if name == "community":
            _write(data, "ncommunity", len(value))
        _write(data, name, value)
    for name, seats in cards.items():
        _write(data, f"n{name}", [len(held) for held in seats])
        _write(data, name, [c for held in seats for c in _padded(held)])
    if cards:
        up = cards.get("up") or [hand.up_cards(s) for s in range(hand.n)]
        down = cards.get("down") or [hand.down_cards(s) for s in range(hand.n)]
        held = [list(d) + list(u) for d, u in zip(down, up, strict=True)]
        _write(data, "ncards", [len(h) for h in held])
        _write(data, "cards", [c for h in held for c in _padded(h)])
    state = hand._core.copy([])
    state.load(bytes(data))
    return state


def _padded(cards: Sequence[int]) -> list[int]:
    return [int(c) for c in cards] + [0] * (CARDS_PER_SEAT - len(cards))


def _write(data: bytearray, name: str, value: Any) -> None:
    length, offset, code = FIELDS[name]
    items = [value] if length == 0 else list(value)
    size = struct.calcsize(code)
    for i, item in enumerate(items):
        struct.pack_into(code, data, offset + i * size, int(item))
