"""The betting-action events of a hand, shared between hands of the same compiled rules.

A hand logs a dozen or more :class:`~studkit.engine.events.ActionEvent` records; they are
immutable, so one record per kind, seat and amounts serves every hand of the rules
(``Rules.action_records``).
"""

from __future__ import annotations

from typing import Final

from studkit.engine.events import ActionEvent, Event
from studkit.engine.rules import Rules

__all__ = ["action_record"]

_new: Final = tuple.__new__  # a typed event without its constructor's Python frame


def action_record(rules: Rules, code: int, kind: str, seat: int, to: int, add: int) -> Event:
    """The :class:`ActionEvent` ``(kind, seat, to, add)`` (``code``: 1 to 7, one per kind),
    shared through ``rules.action_records``: a hand logs a dozen or more, and looking one
    up costs less than building a record (a tuple subclass) and freeing it later."""
    if seat >= 16 or not 0 <= add < 1 << 24 or not 0 <= to < 1 << 24:
        return _new(ActionEvent, (kind, seat, to, add))  # outside the key's fields
    # 55 bits: compiled, a native int (wider keys were Python long arithmetic, slow)
    key = ((to << 24 | add) << 4 | seat) << 3 | code
    memo = rules.action_records
    record = memo.get(key)
    if record is None:
        if len(memo) > 4096:
            memo.clear()  # amounts seen across many stack sizes: keep the memory bounded
        record = memo[key] = _new(ActionEvent, (kind, seat, to, add))
    return record
