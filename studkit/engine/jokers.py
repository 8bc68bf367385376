"""Jokers whose play depends on their face, and wild up cards for the bring-in and the boards.

Mexican poker's joker is wild when dealt face down and the bug when dealt face up
(``deck.joker_mode: wild``, ``deck.up_joker_mode: bug``); a joker dealt down and turned up
later by its player keeps its face-down play (``turned_up_joker: as-dealt``, BARGE) or plays
as an up joker (``as-up``, the catalogue's JSON). The hand's compiled share evaluators play
every joker by ``joker_mode``; :func:`rerank_jokers` ranks again, at the showdown, each hand
whose joker plays otherwise. How a joker was dealt is read from the hand's ``deal`` events,
so a replayed history ranks it the same way.

:func:`showing_wild` is the wild-card setting the boards are ranked with (the bring-in's
order of up cards, jokers included, is the rules core's force key:
:func:`studkit.core.compile.force_keys`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from studkit.cards import Card
from studkit.engine.events import DEAL, DealEvent, as_record, kind_of
from studkit.variant.model import DeckSpec, Variant

if TYPE_CHECKING:
    from studkit.evaluation import WildCards

__all__ = [
    "face_dependent",
    "joker_play",
    "seat_joker_play",
    "rerank_jokers",
    "showing_wild",
]


class DealtHand(Protocol):
    """What the joker rules read of a hand (its public state)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def rules(self) -> Any: ...
    @property
    def events(self) -> Sequence[tuple[Any, ...]]: ...
    @property
    def community(self) -> list[Card]: ...
    @property
    def cards(self) -> list[list[Card]]: ...
    @property
    def up(self) -> list[list[Card]]: ...


def face_dependent(deck: DeckSpec) -> bool:
    """Whether a joker of ``deck`` plays otherwise face up than face down."""
    return bool(deck.jokers) and deck.up_joker_mode not in (None, deck.joker_mode)


def joker_play(deck: DeckSpec, dealt_up: bool, now_up: bool) -> str:
    """How a joker plays (``wild`` or ``bug``): dealt face up or down, and up now or not."""
    if not face_dependent(deck) or deck.up_joker_mode is None:
        return deck.joker_mode
    up = dealt_up or (now_up and deck.turned_up_joker == "as-up")
    return deck.up_joker_mode if up else deck.joker_mode


def seat_joker_play(hand: DealtHand, seat: int) -> str:
    """How the joker among ``seat``'s cards (or the community cards) plays; the deck's
    ``joker_mode`` when the seat uses no joker."""
    deck = hand.variant.deck
    if not face_dependent(deck):
        return deck.joker_mode
    if any(c >= 52 for c in hand.community):
        return joker_play(deck, True, True)  # a community card is dealt face up
    jokers = [c for c in hand.cards[seat] if c >= 52]
    if not jokers:
        return deck.joker_mode
    card = jokers[0]
    dealt_up = _dealt_up(hand.events, card)
    return joker_play(deck, dealt_up, card in hand.up[seat])


def _setting(deck: DeckSpec, play: str) -> WildCards:
    from studkit.evaluation import WildCards

    return WildCards(
        ranks=frozenset(int(r) for r in deck.wild_ranks), jokers=play,  # type: ignore[arg-type]
        five_of_a_kind=deck.five_of_a_kind,
    )


def rerank_jokers(hand: DealtHand, strengths: list[list[int]], seats: Sequence[int]) -> None:
    """Rank again, in place, the hands of ``seats`` whose joker plays otherwise than the
    deck's ``joker_mode`` (a Mexican poker joker dealt face up)."""
    from studkit.evaluation import Evaluator, get_evaluator
    from studkit.evaluation.board_hands import evaluate_cards
    from studkit.evaluation.special import SpecialEvaluator
    from studkit.hooks.evaluators import ManyCardsEvaluator

    deck = hand.variant.deck
    community = hand.community
    for seat in seats:
        play = seat_joker_play(hand, seat)
        if play == deck.joker_mode:
            continue
        setting = _setting(deck, play)
        held = hand.cards[seat]
        for index, rule in enumerate(hand.rules.shares):
            base = rule.evaluator
            if not isinstance(base, Evaluator | SpecialEvaluator | ManyCardsEvaluator):
                continue  # a plugin ranks this share
            evaluator = ManyCardsEvaluator(get_evaluator(base.name, wild=setting))
            if rule.cards != "all":
                value = evaluate_cards(evaluator, rule.cards, held, community)
            else:
                value = evaluator.evaluate(held + community if community else held)
            strengths[index][seat] = value if value >= rule.qualifier else 0


def showing_wild(variant: Variant, wild: Any) -> Any:
    """The wild-card setting boards are ranked with (who acts first): the hand's ``wild``
    with ``action_order.wild_up_cards: wild`` (an up joker playing as it does face up);
    by default no wild rank, and a joker counted as an ace (the bug, which on fewer than
    five up cards is an ace)."""
    deck = variant.deck
    if variant.action_order.wild_up_cards == "wild":
        if wild is None or not face_dependent(deck):
            return wild
        return _setting(deck, deck.up_joker_mode or deck.joker_mode)
    if not deck.jokers:
        return None
    from studkit.evaluation import WildCards

    return WildCards(jokers="bug", five_of_a_kind=deck.five_of_a_kind)


def bugs_as_aces(up_cards: Sequence[Any], deck: DeckSpec, events: Sequence[Any]) -> tuple[Any, ...]:
    """``up_cards`` with each joker that plays as the bug (a Mexican poker joker dealt face
    up) replaced by an ace, for scores that count every joker as wild (the bots')."""
    if not face_dependent(deck) or not any(c >= 52 for c in up_cards):
        return tuple(up_cards)
    from studkit.cards import CARDS

    out = []
    for c in up_cards:
        if c >= 52:
            dealt_up = _dealt_up(events, c)
            if joker_play(deck, dealt_up, True) == "bug":
                c = CARDS[48]  # the ace of clubs: the bug's usual part
        out.append(c)
    return tuple(out)


def _dealt_up(events: Sequence[Any], card: Any) -> bool:
    """Whether ``card`` was dealt face up, from deal events (records or plain tuples)."""
    for event in events:
        if event and kind_of(event) == DEAL:
            deal = as_record(event)
            if isinstance(deal, DealEvent) and deal.card == card and deal.up:
                return True
    return False
