"""A :class:`Table`: seats, stacks, stakes and the button across a session of hands.

>>> from studkit.variant.model import Variant
>>> table = Table(Variant(name="stud"), [100, 100, 100], seed=7)
>>> hand = table.new_hand()
>>> while not hand.is_over:
...     hand.check_or_call()
>>> sum(table.stacks), table.button
(300, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from studkit.engine.chips import whole_chips
from studkit.engine.dealing import CardSource
from studkit.engine.hand import Hand
from studkit.engine.seats import button_seat
from studkit.errors import StudkitError
from studkit.variant.model import Stakes, Variant

__all__ = ["Table"]


class Table:
    """Players at fixed seats playing hand after hand of one variant.

    ``stacks`` gives each seat's chips (seat 0 first, clockwise). ``button`` is the dealer's
    seat for the first hand (default: the last seat, so seat 0 is first to be dealt). After
    each hand the stacks carry over, players with no chips leave their seats, and the button
    moves one occupied seat clockwise (spec-000).
    """

    def __init__(
        self,
        variant: Variant,
        stacks: Sequence[int],
        *,
        button: int | None = None,
        stakes: Stakes | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
    ) -> None:
        if not isinstance(variant, Variant):
            raise TypeError(
                f"expected a Variant (load_variant({variant!r}) loads one by name or file), "
                f"not {type(variant).__name__} {variant!r}"
            )
        if len(stacks) < 2:
            raise StudkitError(f"a table needs at least 2 seats, not {len(stacks)}")
        if isinstance(names, str):
            raise TypeError(f"names is a list of one name per seat, not the text {names!r}")
        if names is not None and len(names) != len(stacks):
            raise StudkitError(f"{len(names)} names given for {len(stacks)} seats")
        if names is not None and len(set(names)) != len(names):
            twice = next(name for name in names if list(names).count(name) > 1)
            raise StudkitError(f"two seats are named {twice!r}: names tell the players apart")
        counts: list[int] = []
        for seat, chips in enumerate(stacks):
            count = whole_chips(chips)
            if count is None or count < 0:
                raise StudkitError(
                    f"seat {seat} has {chips!r} chips; a stack is a whole number of chips, "
                    "0 for an empty seat"
                )
            counts.append(count)
        self.variant = variant
        self.stakes = stakes if stakes is not None else variant.stakes
        self.stacks: list[int] = counts
        """Chips per seat; 0 for an empty seat. Like :class:`Hand`'s figures, in the table's
        units (``stakes.scale`` per whole amount; :func:`studkit.variant.amounts.to_units`
        turns a player's stack into them)."""
        self.names: list[str] = list(names) if names is not None else [
            f"seat {i}" for i in range(len(stacks))
        ]
        seats = len(stacks)
        self.button = (seats - 1) if button is None else button_seat(button, seats)
        self.hand: Hand | None = None
        """The current (or last) hand."""
        self.hands_played = 0
        self.left: list[int] = []
        """Seats whose players busted out, in the order they left."""
        self._rng = random.Random(seed)
        self._seats: list[int] = []

    @property
    def occupied(self) -> list[int]:
        """Seats with chips, ascending."""
        return [i for i, chips in enumerate(self.stacks) if chips > 0]

    @property
    def hand_seats(self) -> list[int]:
        """The table seat of each of the current hand's seats (hand seat i -> table seat)."""
        return list(self._seats)

    def new_hand(
        self,
        *,
        seed: int | None = None,
        cards: Sequence[int] | None = None,
        source: CardSource | None = None,
        auto_deal: bool = True,
    ) -> Hand:
        """Deal the next hand among the occupied seats.

        Cards come from ``source``, else ``cards`` (a full order, top first), else a deck
        shuffled by ``seed`` or, without one, by the table's own seeded generator.
        """
        if self.hand is not None and not self.hand.is_over:
            raise StudkitError("the current hand is not over: finish it before dealing another")
        seats = self.occupied
        if len(seats) < 2:
            raise StudkitError(f"only {len(seats)} player has chips: a hand needs two")
        size = len(self.stacks)
        first = next(
            (self.button + k) % size for k in range(1, size + 1)
            if self.stacks[(self.button + k) % size] > 0
        )
        hand_button = (seats.index(first) - 1) % len(seats)
        self._seats = seats
        hand = Hand(
            self.variant,
            [self.stacks[s] for s in seats],
            button=hand_button,
            seed=seed,
            rng=self._rng if seed is None and cards is None and source is None else None,
            cards=cards,
            source=source,
            stakes=None if self.stakes is self.variant.stakes else self.stakes,
            auto_deal=auto_deal,
            on_over=self._settle,
        )
        self.hand = hand
        return hand

    def _settle(self, hand: Hand) -> None:
        for index, seat in enumerate(self._seats):
            self.stacks[seat] = hand.stacks[index]
            if hand.stacks[index] == 0:
                self.left.append(seat)
        self.hands_played += 1
        size = len(self.stacks)
        self.button = (self.button + 1) % size
        for _ in range(size):
            if self.stacks[self.button] > 0:
                break
            self.button = (self.button + 1) % size

    def __repr__(self) -> str:
        return f"<Table {self.variant.name}: stacks {self.stacks}, button seat {self.button}>"
