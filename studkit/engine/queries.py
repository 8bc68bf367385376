"""Read-only questions about a hand: :class:`HandQueries`, a base of :class:`Hand`.

Properties and ``can_...`` checks that never change the hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from studkit.cards import Card
from studkit.engine.actions import BET, COMPLETE, RAISE
from studkit.pots import Pot, build_pots

if TYPE_CHECKING:
    from studkit.engine.rules import Rules
    from studkit.variant import Variant

__all__ = ["HandQueries"]


class HandQueries:
    """The read-only part of :class:`~studkit.engine.hand.Hand`."""

    __slots__ = ()

    rules: Rules
    variant: Variant
    n: int
    is_over: bool
    street: int
    actor: int | None
    stacks: list[int]
    starting_stacks: tuple[int, ...]
    bets: list[int]
    contrib: list[int]
    dead: int
    folded: list[bool]
    cards: list[list[Card]]
    up: list[list[Card]]
    down: list[list[Card]]
    community: list[Card]
    burned: list[Card]
    folded_cards: list[Card]
    _pots: list[Pot] | None
    _steps: list[tuple[int, bool]]
    _cur: int
    _forced: int
    _exposed: bool

    def _aggressive_now(self, seat: int) -> tuple[str, list[tuple[int, int]]] | None:
        raise NotImplementedError  # pragma: no cover - Hand defines it

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.actor} to act"
        return f"<Hand {self.variant.name} {self.n} players, {self.street_name} street, {state}>"


    @property
    def street_name(self) -> str:
        """The current street's name (``""`` before the first card; the last street's once
        the hand is over)."""
        streets = self.rules.streets
        if self.street < 0:
            return ""
        return streets[self.street if self.street < len(streets) else -1].name

    @property
    def pot(self) -> int:
        """All chips put in so far, current bets and dead money included."""
        return sum(self.contrib) + self.dead

    @property
    def _pot_total(self) -> int:
        return sum(self.contrib) + self.dead

    @property
    def pots(self) -> list[Pot]:
        """The main pot and side pots (as they stand; final once the hand is over)."""
        if self._pots is not None:
            return self._pots
        live = [not f for f in self.folded]
        return build_pots(self.contrib, live, dead=self.dead)

    @property
    def payoffs(self) -> list[int]:
        """Chips won or lost per seat (zero-sum once the hand is over)."""
        return [s - t for s, t in zip(self.stacks, self.starting_stacks, strict=True)]

    @property
    def needs_card(self) -> tuple[int, bool] | None:
        """With ``auto_deal=False``: who the next card goes to and whether it is dealt up
        (seat ``-1`` a burn, ``-2`` the community card), or ``None``."""
        return self._steps[-1] if self._steps else None

    @property
    def to_call(self) -> int:
        """Chips the player to act needs to call (0 when there is no actor)."""
        if self.actor is None:
            return 0
        return min(self._cur - self.bets[self.actor], self.stacks[self.actor])

    @property
    def all_in(self) -> list[bool]:
        """Per seat: in the hand with no chips left."""
        return [not f and s == 0 for f, s in zip(self.folded, self.stacks, strict=True)]

    @property
    def exposed(self) -> bool:
        """Whether all hands have been turned up (betting closed by all-ins)."""
        return self._exposed

    @property
    def forced_seat(self) -> int | None:
        """The seat that must bring in or complete now, if any."""
        return self._forced if self._forced >= 0 else None

    def up_cards(self, seat: int) -> tuple[Card, ...]:
        """The seat's face-up cards, in deal order."""
        return tuple(self.up[seat])

    def down_cards(self, seat: int) -> tuple[Card, ...]:
        """The seat's face-down cards, in deal order."""
        return tuple(self.down[seat])


    def cards_out(self) -> set[int]:
        """Cards that are not in the stub: held by live players, folded (until reused),
        burned (until reshuffled) or on the table."""
        out = {int(c) for c in self.burned}
        out.update(int(c) for c in self.community)
        out.update(int(c) for c in self.folded_cards)
        for seat, cards in enumerate(self.cards):
            if not self.folded[seat]:
                out.update(int(c) for c in cards)
        return out

    def can_fold(self) -> bool:
        """Whether the player to act may fold (only facing a bet)."""
        seat = self.actor
        return seat is not None and self._forced != seat and self._cur > self.bets[seat]

    def can_check(self) -> bool:
        """Whether the player to act may check."""
        seat = self.actor
        return seat is not None and self._forced != seat and self._cur <= self.bets[seat]

    def can_call(self) -> bool:
        """Whether the player to act faces a bet to call."""
        return self.can_fold()

    def can_bring_in(self) -> bool:
        """Whether the player to act is the forced player who may post the bring-in."""
        return self.actor is not None and self._forced == self.actor

    def can_complete(self, amount: int | None = None) -> bool:
        """Whether the player to act may complete (to ``amount``, if given)."""
        return self._can_aggress(COMPLETE, amount)

    def can_bet(self, amount: int | None = None) -> bool:
        """Whether the player to act may bet (``amount`` total, if given)."""
        return self._can_aggress(BET, amount)

    def can_raise_to(self, amount: int | None = None) -> bool:
        """Whether the player to act may raise (to ``amount`` total, if given)."""
        return self._can_aggress(RAISE, amount)

    def _can_aggress(self, kind: str, amount: int | None) -> bool:
        if self.actor is None:
            return False
        aggressive = self._aggressive_now(self.actor)
        if aggressive is None or aggressive[0] != kind:
            return False
        return amount is None or any(lo <= amount <= hi for lo, hi in aggressive[1])
