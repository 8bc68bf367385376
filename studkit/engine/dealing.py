"""Card sources: where a hand's cards come from.

The engine asks its source for one card at a time with :meth:`CardSource.draw`, naming who
gets it: a seat (``0`` and up), :data:`BURN` or :data:`COMMUNITY`. Three sources ship:

* :class:`DeckSource`: a seeded shuffle of the variant's deck (the default; same seed, same
  hand);
* :class:`OrderedSource`: a complete card order given top card first;
* :class:`ScriptedSource`: each seat's cards in the order they are dealt (what a hand history
  records), burns and unknown cards drawn from the cards nobody was given;
  :func:`seat_scripts` reads ``Hand(deal={seat: cards})`` into its scripts.

>>> src = OrderedSource(parse_cards("As Kd Qh"))
>>> src.draw(0), src.draw(BURN), src.remaining()
(As, Kd, 1)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Protocol, SupportsIndex, TypeAlias, cast

from studkit.cards import CARDS, Card, card_index, format_cards, parse_cards
from studkit.errors import CardError

__all__ = [
    "BURN",
    "COMMUNITY",
    "CardSource",
    "DeckSource",
    "OrderedSource",
    "ScriptedSource",
    "SeatCards",
    "card_at",
    "BLANK_SOURCE",
    "seat_scripts",
    "copy_source",
]

BURN: Final = -1
"""The ``seat`` of a burned card."""
COMMUNITY: Final = -2
"""The ``seat`` of a community card."""

_ = parse_cards  # used in the module doctest


def card_at(value: object) -> Card:
    """The shared card ``value`` stands for: a :class:`Card` or its index (0-51, 52 and 53
    the jokers); anything else is the :class:`CardError` of :func:`studkit.cards.card_index`."""
    return CARDS[card_index(value)]


class CardSource(Protocol):
    """What the engine deals from."""

    def draw(self, seat: int) -> Card:
        """The next card for ``seat`` (a player, :data:`BURN` or :data:`COMMUNITY`)."""
        ...

    def remaining(self) -> int:
        """Cards left to deal (used to detect a deck running out)."""
        ...

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        """Shuffle ``cards`` (burns or folded cards) back into the stub."""
        ...


class DeckSource:
    """A shuffled deck: each draw takes a uniformly random card of those left.

    Drawing at random from the stub is the same distribution as shuffling first and costs a
    fraction of a full shuffle when only part of the deck is dealt. (The engine inlines this
    draw on its hot path; the two must stay the same so a seed gives the same hand.)
    """

    __slots__ = ("_stub", "_random", "_rng", "_owns", "_shared")

    def __init__(
        self,
        cards: Sequence[Card],
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        owns_rng: bool | None = None,
    ) -> None:
        self._rng = rng if rng is not None else random.Random(seed)
        self._stub = list(cards)
        self._random = self._rng.random
        self._owns = rng is None if owns_rng is None else owns_rng
        """Whether nobody else draws from the generator (it made it, or its hand did)."""
        self._shared = False
        """Whether the generator is shared with a copy: copied before the next draw."""

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _deck_source, (self._stub, self._rng, self._owns)

    def copy(self) -> DeckSource:
        """A copy: the same cards to come. Where nobody else draws from the generator, the
        two share it until either draws, which then draws from a copy of its own (a
        generator's copy costs more than the rest of a hand's copy); a generator someone
        else draws from too (``rng=``) goes on as if no copy had been made, and the copy
        gets a copy of it."""
        if not self._owns:
            twin = DeckSource((), rng=copy_random(self._rng), owns_rng=True)
            twin._stub = self._stub[:]
            return twin
        twin = DeckSource((), rng=self._rng, owns_rng=True)
        twin._stub = self._stub[:]
        twin._shared = self._shared = True
        return twin

    def _own(self) -> None:
        """A generator of its own, where it shared one with a copy."""
        self._rng = copy_random(self._rng)
        self._random = self._rng.random
        self._shared = False

    def draw(self, seat: int) -> Card:
        if self._shared:
            self._own()
        stub = self._stub
        if not stub:
            raise CardError("cannot deal: the deck is empty")
        i = int(self._random() * len(stub))
        card = stub[i]
        stub[i] = stub[-1]  # the last card takes the drawn card's place: O(1)
        stub.pop()
        return card

    def draw_many(self, count: int) -> list[Card]:
        """``count`` cards, as that many draws in turn (a street's deal)."""
        if self._shared:
            self._own()
        stub = self._stub
        pick = self._random
        if len(stub) < count:
            raise CardError("cannot deal: the deck is empty")
        cards: list[Card] = []
        for _card in range(count):  # a named int: compiled, '_' would be boxed
            left = len(stub)
            i = int(pick() * left)
            card = stub[i]
            stub[i] = stub[left - 1]
            stub.pop()
            cards.append(card)
        return cards

    def remaining(self) -> int:
        return len(self._stub)

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        self._stub.extend(cards)


class OrderedSource:
    """A complete card order, top card first: the deal takes them in turn (burns included)."""

    __slots__ = ("_stub",)

    def __init__(
        self, cards: Iterable[SupportsIndex], deck: Sequence[Card] | None = None
    ) -> None:
        order = [card_at(c) for c in cards]
        if len(set(order)) != len(order):
            raise CardError(f"a card appears twice in the given order {format_cards(order)!r}")
        if deck is not None:
            in_deck = set(deck)
            for card in order:
                if card not in in_deck:
                    raise CardError(
                        f"card {card} in the given order {format_cards(order)!r} is not in "
                        "the variant's deck"
                    )
        order.reverse()
        self._stub = order

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _ordered_source, (self._stub,)

    def copy(self) -> OrderedSource:
        """A copy (it draws nothing at random)."""
        twin = OrderedSource(())
        twin._stub = self._stub[:]
        return twin

    def draw(self, seat: int) -> Card:
        if not self._stub:
            raise CardError("cannot deal: the given card order has run out")
        return self._stub.pop()

    def remaining(self) -> int:
        return len(self._stub)

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        extra = list(cards)
        rng.shuffle(extra)
        self._stub[:0] = extra


class ScriptedSource:
    """Each seat's cards in deal order, as a hand history records them.

    ``hole[seat]`` lists the seat's cards in the order they are dealt (``None`` for a card the
    history does not show); ``community`` and ``burns`` likewise. Anything not scripted is
    drawn, in a seeded order, from the deck's cards that no script names. The stub's size is
    counted as a real deck's would be (the deck less every card dealt, plus cards shuffled
    back), so a short deck is detected on the same street as in the recorded hand;
    ``allow_repeats`` accepts a card scripted twice (reused after the deck ran out).
    """

    __slots__ = ("_scripts", "_community", "_burns", "_unused", "_rng", "_left")

    def __init__(
        self,
        hole: Sequence[Sequence[int | None]],
        *,
        deck: Sequence[Card],
        community: Sequence[int | None] = (),
        burns: Sequence[int | None] | None = None,
        seed: int | None = 0,
        allow_repeats: bool = False,
    ) -> None:
        named: list[int] = [int(c) for cards in hole for c in cards if c is not None]
        named += [int(c) for c in community if c is not None]
        named += [int(c) for c in burns or () if c is not None]
        if not allow_repeats and len(set(named)) != len(named):
            seen: set[int] = set()
            twice = next(c for c in named if c in seen or seen.add(c))  # type: ignore[func-returns-value]
            raise CardError(f"card {CARDS[twice]} is scripted twice")
        deck_set = {int(c) for c in deck}
        strangers = [c for c in named if c not in deck_set]
        if strangers:
            raise CardError(f"scripted cards {format_cards(strangers)!r} are not in this deck")
        self._scripts = [[_card_or_none(c) for c in reversed(cards)] for cards in hole]
        self._community = [_card_or_none(c) for c in reversed(list(community))]
        self._burns = None if burns is None else [_card_or_none(c) for c in reversed(list(burns))]
        used = set(named)
        self._unused = [c for c in deck if int(c) not in used]
        self._rng = random.Random(seed)
        self._rng.shuffle(self._unused)
        self._left = len(deck)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _scripted_source, (
            self._scripts, self._community, self._burns, self._unused, self._rng, self._left,
        )

    def copy(self) -> ScriptedSource:
        """A copy (its generator only shuffled the unscripted cards, when it was made)."""
        twin = ScriptedSource((), deck=())
        twin._scripts = [script[:] for script in self._scripts]
        twin._community = self._community[:]
        twin._burns = None if self._burns is None else self._burns[:]
        twin._unused = self._unused[:]
        twin._rng = self._rng
        twin._left = self._left
        return twin

    def draw(self, seat: int) -> Card:
        script: list[Card | None] | None
        if seat >= 0:
            script = self._scripts[seat] if seat < len(self._scripts) else None
        elif seat == COMMUNITY:
            script = self._community
        else:
            script = self._burns
        self._left -= 1
        if script:
            card = script.pop()
            if card is not None:
                return card
        if not self._unused:
            raise CardError("cannot deal: no unscripted cards are left")
        return self._unused.pop()

    def remaining(self) -> int:
        return self._left

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        self._left += len(cards)


def _card_or_none(value: int | None) -> Card | None:
    return None if value is None else CARDS[int(value)]


def _deck_source(stub: list[Card], rng: random.Random, owns: bool = True) -> DeckSource:
    """A pickled or copied :class:`DeckSource` rebuilt."""
    source = DeckSource((), rng=rng, owns_rng=owns)
    source._stub = stub
    return source


def _ordered_source(stub: list[Card]) -> OrderedSource:
    """A pickled or copied :class:`OrderedSource` rebuilt."""
    source = OrderedSource(())
    source._stub = stub
    return source


def _scripted_source(
    scripts: list[list[Card | None]],
    community: list[Card | None],
    burns: list[Card | None] | None,
    unused: list[Card],
    rng: random.Random,
    left: int,
) -> ScriptedSource:
    """A pickled or copied :class:`ScriptedSource` rebuilt."""
    source = ScriptedSource((), deck=())
    source._scripts = scripts
    source._community = community
    source._burns = burns
    source._unused = unused
    source._rng = rng
    source._left = left
    return source


def copy_random(rng: random.Random) -> random.Random:
    """A copy of ``rng`` (the same numbers to come), through its state: a deep copy would
    copy its 625 numbers one by one."""
    if type(rng) is not random.Random:
        return copy.deepcopy(rng)
    twin = random.Random(0)
    twin.setstate(rng.getstate())
    return twin


def copy_source(
    source: CardSource, rng: random.Random, *, share: bool = True
) -> tuple[CardSource, random.Random]:
    """A copy of a card source, and the hand's random generator for the copy.

    A source that copies itself (``copy()``, as the shipped ones do) does so; any other is
    deep-copied together with a copy of the generator (a source drawing from the hand's
    generator then draws from the copy's). With ``share`` (the hand made its generator, so
    nobody else draws from it) the copy gets the same generator, which either hand copies
    before it uses it (:meth:`Hand._restock`); otherwise (someone else draws from it too,
    such as a :class:`~studkit.engine.table.Table`) the copy gets a copy of it."""
    copier = getattr(source, "copy", None)
    if callable(copier):
        return copier(), rng if share else copy_random(rng)
    twin_rng = copy_random(rng)
    memo: dict[int, Any] = {id(rng): twin_rng}
    return copy.deepcopy(source, memo), twin_rng


class _BlankSource:
    """The source of a hand built only to have a snapshot put into it: it deals nothing."""

    __slots__ = ()

    def draw(self, seat: int) -> Card:
        raise CardError("a blank hand deals no cards")  # pragma: no cover - never dealt from

    def remaining(self) -> int:
        return 0  # pragma: no cover

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        pass  # pragma: no cover


BLANK_SOURCE: Final = _BlankSource()
"""Given as ``source``, :class:`~studkit.engine.hand.Hand` sets up but does not start the
hand: :mod:`studkit.engine.snapshot` then puts a snapshot into it."""


SeatCards: TypeAlias = "str | Sequence[Card | int | str | None]"
"""One seat's cards for ``Hand(deal=...)``, in deal order: ``"As Ks 9h 8d"``, or a list of
cards and texts, one per street if you like (``["As Ks 9h", "8d", None, "Qc"]``); ``??`` or
``None`` is one card from the deck."""


def seat_scripts(deal: Mapping[int, SeatCards], seats: int) -> list[list[Card | None]]:
    """Each seat's cards in deal order (``None``: from the deck) for a :class:`ScriptedSource`,
    from ``Hand(deal={seat: cards})``; a seat not named gets every card from the deck.

    >>> seat_scripts({1: ["Ad Kd 2c", None, "7h"]}, 3)
    [[], [Ad, Kd, 2c, None, 7h], []]
    """
    scripts: list[list[Card | None]] = [[] for _ in range(seats)]
    # the keys as objects: the check below is for callers' mistakes, which a compiled build
    # would otherwise meet with its own TypeError (a text key) or read as a seat (True)
    keyed: Mapping[object, SeatCards] = cast("Mapping[object, SeatCards]", deal)
    for seat, given in keyed.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise CardError(f"deal: no seat {seat!r}: the hand has seats 0 to {seats - 1}")
        script = scripts[seat]
        for item in [given] if isinstance(given, str) else given:
            if item is None:
                script.append(None)
            elif isinstance(item, str):
                for token in item.replace(",", " ").split():
                    script.extend([None] if token in ("?", "??") else parse_cards(token))
            else:
                script.append(card_at(item))
    return scripts
