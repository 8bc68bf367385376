"""What plugins read of a hand: :class:`PluginView`, a read-only view.

Every hook, and every decision kind's ``check``, ``options`` and ``take``, receives the hand in
play as a :class:`PluginView`: the properties of :class:`studkit.hooks.specs.HandView`, each a
copy (tuples), so a plugin reads the hand and cannot change it. A plugin changes a hand only
through what its hooks return: effect records and decision requests, which the engine applies
through the rules core.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studkit.cards import Card
from studkit.engine.pots import Pot
from studkit.engine.reading import HandReading
from studkit.variant.model import Variant

__all__ = ["PluginView"]


class PluginView:
    """A read-only view of one hand, for plugins (:class:`studkit.hooks.specs.HandView`)."""

    __slots__ = ("_hand",)

    def __init__(self, hand: HandReading) -> None:
        self._hand = hand

    def __repr__(self) -> str:
        return f"<PluginView of {self._hand!r}>"

    @property
    def variant(self) -> Variant:
        """The game being played."""
        return self._hand.variant

    @property
    def events(self) -> Sequence[tuple[Any, ...]]:
        """Everything that happened so far, in order (see :mod:`studkit.engine.events`)."""
        return tuple(self._hand.events)

    @property
    def n(self) -> int:
        """How many players the hand seats (seats ``0`` to ``n - 1``, clockwise)."""
        return self._hand.n

    @property
    def button(self) -> int:
        """The dealer's seat."""
        return self._hand.button

    @property
    def street(self) -> int:
        """The index of the street in play in ``variant.streets``."""
        return self._hand.street

    @property
    def folded(self) -> tuple[bool, ...]:
        """Per seat: whether the player has folded."""
        return tuple(self._hand.folded)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Per seat: the chips behind."""
        return tuple(self._hand.stacks)

    @property
    def pot(self) -> int:
        """All chips put in so far."""
        return self._hand.pot

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot and the side pots as they stand (main first)."""
        return tuple(self._hand.pots)

    @property
    def cards_left(self) -> int:
        """Cards left in the stub."""
        return self._hand.cards_left

    @property
    def up(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat: the face-up cards, in the order dealt."""
        hand = self._hand
        return tuple(hand.up_cards(seat) for seat in range(hand.n))

    @property
    def down(self) -> tuple[tuple[Card, ...], ...]:
        """Per seat: the face-down cards, in the order dealt."""
        hand = self._hand
        return tuple(hand.down_cards(seat) for seat in range(hand.n))

    @property
    def community(self) -> tuple[Card, ...]:
        """The community cards dealt."""
        return tuple(self._hand.community)
