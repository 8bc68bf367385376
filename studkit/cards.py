"""Ranks, suits, cards and decks.

A card is an :class:`int` subclass, so it indexes lookup tables directly on the hot path:
``index = rank * 4 + suit`` with ranks ``2`` (0) to ``A`` (12) and suits clubs (0) < diamonds
(1) < hearts (2) < spades (3). The two jokers are 52 and 53. All 54 card objects are created
once; :func:`card` and :func:`parse_cards` return those shared objects.

>>> parse_cards("As Td 10c")
(As, Td, Tc)
>>> format_cards(parse_cards("2c 2d"))
'2c 2d'
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import SupportsIndex

from studkit.errors import CardError

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "Deck",
    "CARDS",
    "JOKERS",
    "RANK_CHARS",
    "SUIT_CHARS",
    "card",
    "card_index",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "format_cards",
    "standard_deck",
]

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
JOKER_INDEXES = (52, 53)


class Rank(IntEnum):
    """A card rank, deuce (0) to ace (12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """The rank's one-character name: ``2`` to ``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_CHARS[self]


class Suit(IntEnum):
    """A card suit, in the standard order clubs < diamonds < hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        """The suit's one-letter name: ``c``, ``d``, ``h`` or ``s``."""
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return SUIT_SYMBOLS[self]


def card_index(value: object) -> int:
    """``value`` as a card index 0-53: a :class:`Card`, an int or a numpy integer. Anything
    else (out of range, a bool, a float, a string) is a :class:`CardError` quoting it, never
    a wrapped-around or made-up card."""
    index = -1
    if not isinstance(value, (bool, str)):
        try:
            index = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    if not 0 <= index <= 53:
        hint = " (parse_card reads text)" if isinstance(value, str) else ""
        raise CardError(f"bad card {value!r}: expected a Card or its index 0-53{hint}")
    return index


class Card(int):
    """A playing card: ``rank * 4 + suit``, or 52 and 53 for the two jokers.

    Use :func:`card` or :func:`parse_card` to get one; cards are shared immutable objects.
    ``Card(i)`` takes an index 0-53 and nothing else (``Card(99)`` or ``Card(1.5)`` is a
    :class:`CardError`, never a made-up card).
    """

    __slots__ = ()

    def __new__(cls, index: SupportsIndex) -> Card:
        return super().__new__(cls, card_index(index))

    @property
    def is_joker(self) -> bool:
        """True for the two jokers."""
        return self >= 52

    @property
    def rank(self) -> Rank:
        """The card's rank (a joker has none and raises :class:`CardError`)."""
        if self >= 52:
            raise CardError(f"a joker has no rank: {self!s}")
        return Rank(self >> 2)

    @property
    def suit(self) -> Suit:
        """The card's suit (a joker has none and raises :class:`CardError`)."""
        if self >= 52:
            raise CardError(f"a joker has no suit: {self!s}")
        return Suit(self & 3)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self  # immutable: a copied hand, deck or snapshot shares its cards

    def __str__(self) -> str:
        if self >= 52:
            return "Jk" if self == 52 else "Jr"
        return RANK_CHARS[self >> 2] + SUIT_CHARS[self & 3]

    def __repr__(self) -> str:
        return str(self)

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``A♠``; jokers are ``🃏``."""
        if self >= 52:
            return "🃏"
        return RANK_CHARS[self >> 2] + SUIT_SYMBOLS[self & 3]


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(54))
JOKERS: tuple[Card, Card] = (CARDS[52], CARDS[53])

_RANK_TOKENS = {ch: i for i, ch in enumerate(RANK_CHARS)}
_RANK_TOKENS.update({ch.lower(): i for i, ch in enumerate(RANK_CHARS)})
_RANK_TOKENS["10"] = 8
_SUIT_TOKENS = {ch: i for i, ch in enumerate(SUIT_CHARS)}
_SUIT_TOKENS.update({ch.upper(): i for i, ch in enumerate(SUIT_CHARS)})
_SUIT_TOKENS.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
_JOKER_TOKENS = {"jk": 52, "jr": 53, "joker": 52, "🃏": 52}


def card(rank: Rank | int, suit: Suit | int) -> Card:
    """The card of a rank and a suit."""
    if not 0 <= rank <= 12 or not 0 <= suit <= 3:
        raise CardError(f"no card with rank index {int(rank)} and suit index {int(suit)}")
    return CARDS[int(rank) * 4 + int(suit)]


def parse_rank(token: str) -> Rank:
    """Parse a rank such as ``A``, ``t``, ``10`` or ``2``."""
    value = _RANK_TOKENS.get(token.strip())
    if value is None:
        raise CardError(f"unknown rank {token!r}: expected one of 2-9, T (or 10), J, Q, K, A")
    return Rank(value)


def parse_card(token: str) -> Card:
    """Parse one card such as ``As``, ``td``, ``10c``, ``A♠`` or a joker ``Jk``/``Jr``.

    >>> parse_card("10d")
    Td
    """
    if not isinstance(token, str):
        raise CardError(
            f"bad card {token!r}: expected text such as 'As' or '10d' (a {type(token).__name__} "
            "is not a card name)"
        )
    text = token.strip()
    joker = _JOKER_TOKENS.get(text.lower())
    if joker is not None:
        return CARDS[joker]
    if len(text) >= 2:
        rank = _RANK_TOKENS.get(text[:-1])
        suit = _SUIT_TOKENS.get(text[-1])
        if rank is not None and suit is not None:
            return CARDS[rank * 4 + suit]
    raise CardError(
        f"bad card {token!r}: expected a rank (2-9, T or 10, J, Q, K, A) followed by a suit "
        "(c, d, h, s), e.g. 'As' or '10d', or a joker 'Jk'"
    )


def _tokens(text: str) -> list[str]:
    """Split a card string: by whitespace or commas, else into two-character chunks."""
    parts = text.replace(",", " ").split()
    out: list[str] = []
    for part in parts:
        if len(part) <= 3 and (len(part) < 3 or part.startswith("10")):
            out.append(part)
            continue
        i = 0
        while i < len(part):
            step = 3 if part.startswith("10", i) else 2
            out.append(part[i : i + step])
            i += step
    return out


def parse_cards(text: str | Iterable[str], *, unique: bool = True) -> tuple[Card, ...]:
    """Parse cards from ``"As Td 2c"``, ``"AsTd2c"``, ``"As,Td"`` or a list of tokens.

    With ``unique`` (the default) a card given twice is an error naming it.
    """
    tokens = _tokens(text) if isinstance(text, str) else [str(t) for t in text]
    cards = tuple(parse_card(t) for t in tokens)
    if unique:
        seen: set[int] = set()
        for c, tok in zip(cards, tokens, strict=True):
            if c in seen:
                raise CardError(f"card {tok!r} appears twice in {' '.join(tokens)!r}")
            seen.add(c)
    return cards


def format_cards(cards: Iterable[int], *, symbols: bool = False) -> str:
    """Format cards separated by spaces, as ``As Td 2c`` (or ``A♠ T♦ 2♣``)."""
    shared = (CARDS[int(c)] for c in cards)
    return " ".join(c.symbol if symbols else str(c) for c in shared)


def standard_deck(
    *, stripped_ranks: Iterable[Rank | int] = (), jokers: int = 0
) -> tuple[Card, ...]:
    """The cards of a deck in a fixed order: 52 cards less any stripped ranks, plus jokers."""
    if not 0 <= jokers <= 2:
        raise CardError(f"a deck holds 0, 1 or 2 jokers, not {jokers}")
    removed = {int(r) for r in stripped_ranks}
    cards = [c for c in CARDS[:52] if (c >> 2) not in removed]
    cards.extend(JOKERS[:jokers])
    return tuple(cards)


class Deck:
    """A deck to deal from: a fixed card set shuffled by a seeded, reproducible generator.

    >>> Deck(seed=7).deal(3) == Deck(seed=7).deal(3)
    True
    """

    __slots__ = ("cards", "_stub")

    def __init__(
        self,
        cards: Sequence[Card] | None = None,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        shuffle: bool = True,
    ) -> None:
        self.cards: tuple[Card, ...] = tuple(cards) if cards is not None else standard_deck()
        stub = list(self.cards)
        if shuffle:
            (rng or random.Random(seed)).shuffle(stub)
        stub.reverse()  # deal from the end of the list: pop() is O(1)
        self._stub = stub

    def __len__(self) -> int:
        return len(self._stub)

    def deal(self, count: int = 1) -> list[Card]:
        """Take ``count`` cards from the top."""
        if count > len(self._stub):
            raise CardError(f"cannot deal {count} cards: {len(self._stub)} left in the deck")
        stub = self._stub
        return [stub.pop() for _ in range(count)]

    def deal_one(self) -> Card:
        """Take the top card."""
        if not self._stub:
            raise CardError("cannot deal: the deck is empty")
        return self._stub.pop()

    def peek(self, count: int) -> list[Card]:
        """The next ``count`` cards, top first, without dealing them."""
        return self._stub[: -count - 1 : -1] if count else []

    def remove(self, cards: Iterable[int]) -> None:
        """Take given cards out of the stub (cards known to be elsewhere)."""
        gone = {int(c) for c in cards}
        self._stub = [c for c in self._stub if c not in gone]

    def add(self, cards: Iterable[Card], *, rng: random.Random | None = None) -> None:
        """Put cards back under the stub and, given ``rng``, shuffle the whole stub."""
        self._stub[:0] = list(cards)
        if rng is not None:
            rng.shuffle(self._stub)
