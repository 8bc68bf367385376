"""An equity question, checked: the variant, each player's cards in deal order, dead cards.

A hand is the cards one player has been dealt so far, in deal order, with ``??`` for a card
unknown to us (an opponent's hole card). Every player still in the hand has been dealt the
same streets, so every hand has the same length, and that length ends a street of the
variant (3, 4, 5, 6 or 7 cards in seven-card stud). Which future cards land face up does not
change who wins; how many each player still receives does.

>>> from studkit.variant.model import Variant
>>> spot = parse_spot(Variant(name="seven-card-stud"), ["As Ad Kc 7h", "?? ?? Qs Jh"], "2c")
>>> spot.cards_to_come, spot.unknown_slots
(3, (3, 5))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from studkit.cards import CARDS, Card, Rank, parse_card, standard_deck
from studkit.equity.board import board_to_come
from studkit.equity.discards import discard_problem, kept_ends
from studkit.errors import CardError
from studkit.variant.model import Variant

__all__ = ["Spot", "parse_hand", "parse_spot", "UNKNOWN"]

UNKNOWN = "??"
"""The token for a card dealt to a player but unknown to us."""

HandCards = tuple[Card | None, ...]
"""A hand in deal order; ``None`` where the card is unknown."""


def _tokens(text: str) -> list[str]:
    """Split ``"As Ad ?? 7h"``, ``"As,Ad"`` or ``"AsAd??7h"`` into card tokens."""
    out: list[str] = []
    for part in text.replace(",", " ").split():
        i = 0
        while i < len(part):
            step = 3 if part.startswith("10", i) else 2
            out.append(part[i : i + step])
            i += step
    return out


def parse_hand(text: str | Iterable[str | Card | None]) -> HandCards:
    """Parse one player's cards in deal order; ``??`` (or ``None``) is an unknown card.

    >>> parse_hand("?? ?? Qs Jh")
    (None, None, Qs, Jh)
    """
    items: list[str | Card | None] = []
    items.extend(_tokens(text) if isinstance(text, str) else text)
    cards: list[Card | None] = []
    for item in items:
        if item is None or (isinstance(item, str) and item.strip() in (UNKNOWN, "?")):
            cards.append(None)
        elif isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, int) and not isinstance(item, bool):
            if not 0 <= item < len(CARDS):
                raise CardError(f"no card with index {item}: expected 0-53")
            cards.append(CARDS[item])
        else:
            cards.append(parse_card(item))
    return tuple(cards)


def _format_hand(cards: Sequence[Card | None]) -> str:
    return " ".join(UNKNOWN if c is None else str(c) for c in cards)


@dataclass(frozen=True, slots=True)
class Spot:
    """A checked equity question."""

    variant: Variant
    hands: tuple[HandCards, ...]
    """Each player's cards so far, in deal order; ``None`` for an unknown card."""
    dead: tuple[Card, ...]
    """Cards known to be out of play (folded up cards)."""
    final_cards: int
    """Cards each player holds at the end of the hand, the community card included."""
    cards_to_come: int
    """Cards each player still receives (counting a community card once per player)."""
    community_cards: int
    """Face-up cards shared by every player because the unseen cards cannot give everyone a
    card on the last streets (deck exhaustion); 0 almost always."""
    stub: tuple[Card, ...]
    """The unseen cards: the variant's deck less every known and dead card."""
    board: tuple[Card, ...] = ()
    """The board (community) cards already dealt, in deal order (games with board cards);
    the board cards still to come are counted in :attr:`community_cards`."""
    board_to_come: int = 0
    """Board cards every deal still draws (part of :attr:`community_cards`)."""

    @property
    def unknown_slots(self) -> tuple[int, ...]:
        """Per player, how many cards of the final hand are not known yet (own cards only)."""
        own_to_come = self.cards_to_come - self.community_cards
        return tuple(sum(c is None for c in hand) + own_to_come for hand in self.hands)

    @property
    def cards_drawn(self) -> int:
        """Unseen cards one deal of the rest of the hand uses."""
        return sum(self.unknown_slots) + self.community_cards

    def fill_positions(self, by_face: bool = False) -> tuple[list[int], list[list[int]]]:
        """Where each deal's drawn cards go: the group sizes of a draw and, per player, the
        positions (in deal order) its columns fill.

        A player's unknown and future cards form one group, or, ``by_face``, one group of
        down cards and one of up cards (for a share that looks at which cards are down, so
        exact enumeration tells them apart). Community cards are not included.
        """
        own = self.final_cards - self.community_cards - len(self.board)
        faces = [face for street in self.variant.streets for face in street.cards][:own]
        groups: list[int] = []
        fills: list[list[int]] = []
        for hand in self.hands:
            empty = [i for i in range(own) if i >= len(hand) or hand[i] is None]
            if by_face:
                down = [i for i in empty if faces[i] != "up"]
                up = [i for i in empty if faces[i] == "up"]
                groups.extend([len(down), len(up)])
                fills.append(down + up)
            else:
                groups.append(len(empty))
                fills.append(empty)
        return groups, fills

    def describe_hand(self, index: int) -> str:
        """Hand ``index`` as text, ``??`` for unknown cards."""
        return _format_hand(self.hands[index])


def _street_ends(variant: Variant) -> dict[int, str]:
    """Cards a player holds after each street, mapped to the street's name."""
    ends: dict[int, str] = {}
    total = 0
    for street in variant.streets:
        total += len(street.cards)
        ends[total] = street.name
    return ends


def _street_list(ends: dict[int, str]) -> str:
    return ", ".join(f"{count} ({name} street)" for count, name in ends.items())


def _check_lengths(variant: Variant, hands: Sequence[HandCards], texts: Sequence[str]) -> None:
    problem = discard_problem(variant, hands, texts)
    if problem is not None:
        raise CardError(problem)
    ends = kept_ends(variant) or _street_ends(variant)
    most = variant.max_cards_per_player
    for i, (hand, text) in enumerate(zip(hands, texts, strict=True)):
        if len(hand) > most:
            raise CardError(
                f"hand {i + 1} {text!r} has {len(hand)} cards, too many for {variant.name}: "
                f"a player is dealt at most {most}"
            )
        if len(hand) not in ends:
            raise CardError(
                f"hand {i + 1} {text!r} has {len(hand)} cards, which ends no street of "
                f"{variant.name}: give {_street_list(ends)} cards, '??' for unknown ones"
            )
    first = len(hands[0])
    for i, hand in enumerate(hands[1:], start=2):
        if len(hand) != first:
            raise CardError(
                f"hand {i} {texts[i - 1]!r} has {len(hand)} cards but hand 1 {texts[0]!r} has "
                f"{first}: every player still in the hand has been dealt the same streets"
            )


@cache
def _deck(stripped: tuple[Rank, ...], jokers: int) -> tuple[tuple[Card, ...], frozenset[int]]:
    deck = standard_deck(stripped_ranks=stripped, jokers=jokers)
    return deck, frozenset(deck)


def _check_cards(
    variant: Variant, hands: Sequence[HandCards], dead: Sequence[Card], texts: Sequence[str]
) -> tuple[Card, ...]:
    deck, in_deck = _deck(variant.deck.stripped_ranks, variant.deck.jokers)
    where: dict[int, str] = {}
    places = [(f"hand {i + 1} {texts[i]!r}", h) for i, h in enumerate(hands)]
    places.append(("--dead", tuple(dead)))
    for place, cards in places:
        for c in cards:
            if c is None:
                continue
            if c not in in_deck:
                raise CardError(f"card {c} in {place} is not in the deck of {variant.name}")
            if c in where:
                other = where[c]
                also = "twice in " + place if other == place else f"in {other} and in {place}"
                raise CardError(f"card {c} appears {also}")
            where[c] = place
    return tuple(c for c in deck if c not in where)


def _community_cards(variant: Variant, players: int, have: int, stub: int, unknown: int) -> int:
    """Community cards needed when the unseen cards cannot give every player their cards.

    Streets are dealt in order; on a street of one card that the unseen cards cannot cover for
    every player, the variant's deck-exhaustion policy deals one card for all instead (the
    burns and folded players' cards are unseen to us, so they count as still available).
    """
    left = stub - unknown
    community = 0
    dealt = 0
    for street in variant.streets:
        dealt += len(street.cards)
        if dealt <= have:
            continue
        need = len(street.cards) * players
        if need <= left:
            left -= need
            continue
        if variant.deck_exhaustion.community_card and len(street.cards) == 1 and left >= 1:
            left -= 1
            community += 1
            continue
        raise CardError(
            f"the {stub} unseen cards cannot deal {street.name} street to {players} players "
            f"in {variant.name}"
        )
    return community


def parse_spot(
    variant: Variant,
    hands: Sequence[str | Iterable[str | Card | None]],
    dead: str | Iterable[str | Card] = (),
    board: str | Iterable[str | Card] = (),
) -> Spot:
    """Check an equity question and work out what remains to be dealt.

    ``board``: the board (community) cards dealt so far, in a game that deals them.

    Raises :class:`~studkit.errors.CardError` naming the hand and card for a card given twice,
    a card not in the variant's deck, too many cards, or hands on different streets.
    """
    if len(hands) < 2:
        raise CardError(f"equity needs at least two hands, got {len(hands)}")
    if len(hands) > variant.max_players:
        raise CardError(
            f"{len(hands)} hands given but {variant.name} seats at most {variant.max_players}"
        )
    parsed = [parse_hand(h) for h in hands]
    texts = [
        h if isinstance(h, str) else _format_hand(p) for h, p in zip(hands, parsed, strict=True)
    ]
    dead_cards = parse_hand(dead)
    if any(c is None for c in dead_cards):
        raise CardError(
            f"--dead lists known cards only, not {UNKNOWN!r}: {_format_hand(dead_cards)!r}"
        )
    known_dead = tuple(c for c in dead_cards if c is not None)
    board_cards = parse_hand(board)
    if any(c is None for c in board_cards):
        raise CardError(f"the board lists known cards only, not {UNKNOWN!r}")
    known_board = tuple(c for c in board_cards if c is not None)
    _check_lengths(variant, parsed, texts)
    stub = _check_cards(variant, parsed, known_dead + known_board, texts)
    have = len(parsed[0])
    to_come = board_to_come(variant, have, known_board)
    unknown = sum(c is None for h in parsed for c in h) + to_come
    community = _community_cards(variant, len(parsed), have, len(stub), unknown) + to_come
    final = variant.max_cards_per_player + variant.board_cards
    return Spot(
        variant=variant,
        hands=tuple(parsed),
        dead=known_dead,
        final_cards=final,
        cards_to_come=final - have - len(known_board),
        community_cards=community,
        stub=stub,
        board=known_board,
        board_to_come=to_come,
    )

