"""Read-only questions about a hand: :class:`HandQueries`, the root of :class:`Hand`.

Properties that never change the hand. The class also declares every piece of a hand's state
(the compiled build needs them declared where they are read); :class:`Hand` documents them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from studkit.cards import Card
from studkit.engine.actions import Action
from studkit.engine.dealing import CardSource
from studkit.engine.events import Event
from studkit.engine.pots import Pot, build_pots
from studkit.engine.state import BettingRound, StreetProgress

if TYPE_CHECKING:
    import random
    from collections.abc import Callable

    from studkit.engine.hand import Hand
    from studkit.engine.plugin_play import HandPlugins
    from studkit.engine.rules import Rules
    from studkit.variant.model import Variant

__all__ = ["HandQueries"]


class HandQueries:
    """The read-only part of :class:`~studkit.engine.hand.Hand`."""

    __slots__ = ()

    rules: Rules
    variant: Variant
    n: int
    button: int
    is_over: bool
    street: int
    actor: int | None
    stacks: list[int]
    starting_stacks: tuple[int, ...]
    bets: list[int]
    contrib: list[int]
    dead: int
    folded: list[bool]
    n_in: int
    cards: list[list[Card]]
    up: list[list[Card]]
    down: list[list[Card]]
    community: list[Card]
    burned: list[Card]
    folded_cards: list[Card]
    events: list[Event]
    shown: list[int]
    awards: list[tuple[int, int, int, str, str]]
    plugins: HandPlugins | None
    round: BettingRound
    progress: StreetProgress
    _order: list[int]
    _source: CardSource
    _rng: random.Random
    _auto: bool
    _on_over: Callable[[Hand], None] | None
    _pots: list[Pot] | None
    _nobody: list[bool]
    _zeros: list[int]
    _legal_key: int
    _legal: list[Action]
    _agg_key: int
    _agg_val: tuple[str, list[tuple[int, int]]] | None

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
        due = self.progress.due
        return due[-1] if due else None

    @property
    def cards_left(self) -> int:
        """Cards left in the stub (what a plugin's extra or replacement card comes from)."""
        return self._source.remaining()

    @property
    def to_call(self) -> int:
        """Chips the player to act needs to call (0 when there is no actor)."""
        seat = self.actor
        if seat is None:
            return 0
        owed = self.round.bet - self.bets[seat]
        stack = self.stacks[seat]
        return owed if owed < stack else stack

    @property
    def all_in(self) -> list[bool]:
        """Per seat: in the hand with no chips left."""
        return [not f and s == 0 for f, s in zip(self.folded, self.stacks, strict=True)]

    @property
    def exposed(self) -> bool:
        """Whether all hands have been turned up (betting closed by all-ins)."""
        return self.progress.exposed

    @property
    def forced_seat(self) -> int | None:
        """The seat that must bring in or complete now, if any."""
        forced = self.round.forced
        return forced if forced >= 0 else None

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
