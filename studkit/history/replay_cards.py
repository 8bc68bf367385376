"""The card source of a replay: each seat's cards as a hand history records them.

:class:`HistorySource` gives the engine the recorded cards in deal order, the cards nobody was
seen to hold for unknown cards (``??``) and burns, and lets a card come again only once the
deck ran out and the discards were reshuffled, as real hands do.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from studkit.cards import Card
from studkit.engine.dealing import BURN as BURN_SEAT, COMMUNITY as COMMUNITY_SEAT
from studkit.errors import CardError

__all__ = ["HistorySource"]


class HistorySource:
    """The engine's card source for a replay: each seat's recorded cards in deal order.

    Unlike a shuffled deck it lets a card be dealt again once the dealer has had to reshuffle
    the discards (folded and burned cards) because the deck ran out, as PHH data from PokerKit
    has, and refuses it otherwise. ``remaining`` counts the physical stub, so the engine sees
    the deck run out when the dealer did. Unknown cards and burns come from the cards no
    script names, in an order set by ``seed``.
    """

    __slots__ = (
        "_scripts",
        "_community",
        "_future",
        "_unused",
        "_out",
        "_owner",
        "_stub",
        "_reshuffled",
        "folded",
    )

    def __init__(
        self,
        hole: Sequence[Sequence[Card | None]],
        community: Sequence[Card | None],
        deck: Sequence[Card],
        seed: int,
    ) -> None:
        self._scripts = [list(reversed(cards)) for cards in hole]
        self._community = list(reversed(community))
        self._future = Counter(c for cards in (*hole, community) for c in cards if c is not None)
        self._unused = [c for c in deck if c not in self._future]
        random.Random(seed).shuffle(self._unused)
        self._out: set[Card] = set()
        self._owner: dict[Card, int] = {}
        self._stub = len(deck)
        self._reshuffled = False
        self.folded: Callable[[], Sequence[bool]] = tuple
        """The hand's per-seat folded flags now (set once the hand exists)."""

    def _discarded(self, card: Card) -> bool:
        owner = self._owner.get(card, BURN_SEAT)
        if owner == BURN_SEAT:
            return True
        folded = self.folded()
        return 0 <= owner < len(folded) and folded[owner]

    def draw(self, seat: int) -> Card:
        script = (
            self._community
            if seat == COMMUNITY_SEAT
            else (self._scripts[seat] if 0 <= seat < len(self._scripts) else None)
        )
        card = script.pop() if script else None
        if card is None:
            card = self._spare(seat)
        else:
            if card in self._out and not (self._reshuffled and self._discarded(card)):
                raise CardError(
                    f"{card} is dealt again while it is still in play (a card is dealt twice "
                    "only when the deck runs out and the discards are reshuffled)"
                )
            self._future[card] -= 1
        self._out.add(card)
        self._owner[card] = seat
        self._stub -= 1
        return card

    def _spare(self, seat: int) -> Card:
        """A card the history does not name (an unknown card or a burn)."""
        unused = self._unused
        while unused and unused[-1] in self._out:
            unused.pop()
        if unused:
            return unused.pop()
        if seat == BURN_SEAT:  # every card is named: burn a discard (it never plays)
            spare = next((c for c in self._owner if self._discarded(c)), None)
            if spare is None:  # or the very last card the history deals: by then the deck
                # has run out and the burns are shuffled back (it is how it came back)
                last = [script[0] for script in sorted(self._scripts, key=len) if script]
                spare = next((c for c in reversed(last) if c is not None and c not in self._out),
                             None)
            if spare is not None:
                return spare
        raise CardError("cannot deal: no card is left that the history does not name")

    def remaining(self) -> int:
        return self._stub

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        self._reshuffled = True
        for card in cards:
            self._out.discard(card)
            if not self._future[card]:
                self._unused.insert(0, card)
        self._stub += len(cards)
