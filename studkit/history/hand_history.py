"""A hand as a PHH file records it (:class:`HandHistory`), and the ``variant`` codes studkit
reads and writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from studkit.errors import HistoryError
from studkit.history.actions import Action, Amount, format_action

__all__ = [
    "HandHistory",
    "PHH_CODES",
    "STUDKIT_CODE",
    "STUDKIT_VARIANT_FIELD",
    "STUDKIT_STAKES_FIELD",
    "STUDKIT_ROOM_FIELD",
]

PHH_CODES: Mapping[str, str] = MappingProxyType(
    {"F7S": "seven-card-stud", "F7S/8": "seven-card-stud-hi-lo", "FR": "razz"}
)
"""The PHH variant codes studkit plays, and the shipped variant each is played with."""

STUDKIT_CODE = "studkit"
"""The ``variant`` code of a hand of any other studkit game, named by ``_studkit_variant``."""

STUDKIT_VARIANT_FIELD = "_studkit_variant"
STUDKIT_STAKES_FIELD = "_studkit_stakes"
STUDKIT_ROOM_FIELD = "_studkit_room"
"""The card room whose rules a hand was played by (a room's history imported to PHH):
:mod:`studkit.history.rooms.room_rules`."""


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand as a PHH file records it.

    Amounts are integers, or :class:`~decimal.Decimal` where the file has fractional chips.
    ``fields`` keeps every optional and user-defined field in file order; ``source`` and
    ``key`` say where the hand came from (``key`` is its table in a ``.phhs`` file).
    """

    variant: str
    antes: tuple[Amount, ...]
    starting_stacks: tuple[Amount, ...]
    actions: tuple[Action, ...]
    bring_in: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    ante_trimming_status: bool | None = None
    fields: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    source: str | None = field(default=None, compare=False)
    key: str | None = field(default=None, compare=False)
    texts: tuple[str, ...] = field(default=(), compare=False)
    """The actions as the file wrote them (error messages quote these)."""
    notes: Mapping[int, str] = field(default_factory=dict, compare=False)
    """TOML comments the writer puts before actions (``{index: "fourth street"}``)."""
    warnings: tuple[str, ...] = field(default=(), compare=False)
    """Things the reader noticed but tolerated (e.g. an unknown field)."""

    @property
    def player_count(self) -> int:
        """How many players were dealt in."""
        return len(self.starting_stacks)

    @property
    def finishing_stacks(self) -> tuple[Amount, ...] | None:
        """The ``finishing_stacks`` field, if the file has one."""
        value = self.fields.get("finishing_stacks")
        return tuple(value) if value is not None else None

    @property
    def players(self) -> tuple[str, ...] | None:
        """The players' names, if the file has them."""
        value = self.fields.get("players")
        return tuple(value) if value is not None else None

    @property
    def studkit_variant(self) -> str | None:
        """The ``_studkit_variant`` field: the studkit game the hand was played in."""
        value = self.fields.get(STUDKIT_VARIANT_FIELD)
        return value if isinstance(value, str) else None

    @property
    def studkit_room(self) -> str | None:
        """The ``_studkit_room`` field: the card room whose rules the hand was played by."""
        value = self.fields.get(STUDKIT_ROOM_FIELD)
        return value if isinstance(value, str) else None

    @property
    def label(self) -> str:
        """Where the hand came from, for messages: ``hands.phhs[3]`` or ``hand-85.phh``."""
        base = self.source or "<history>"
        return f"{base}[{self.key}]" if self.key is not None else base

    def text_of(self, index: int) -> str:
        """The action at ``index`` as the file wrote it."""
        if index < len(self.texts):
            return self.texts[index]
        return format_action(self.actions[index])

    def error(self, index: int, why: str) -> HistoryError:
        """A :class:`HistoryError` naming this hand, the action's index and text, and why."""
        return HistoryError(f"{self.label}: actions[{index}] {self.text_of(index)!r}: {why}")
