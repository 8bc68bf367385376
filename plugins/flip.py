"""Flips: the rule a street's ``flip`` key sets (docs/variants.md, Flips).

A variant does not name this plugin: a street with ``flip: {count: 1}`` gets it (see
:data:`studkit.variant.card_choices.CARD_CHOICE_PLUGINS`). Once the street's cards are dealt,
every live player, all-in players too, turns ``count`` of their own down cards face up with
one ``flip`` decision per card (before any discard of the street and before its betting: on
the first street the flipped cards decide the bring-in). An ``optional`` flip may be declined
with ``keep`` (the same decision as roll your own's choose-before ``keep``). With
``simultaneous`` (the default) nobody's flip is shown before every player has chosen;
otherwise players flip in turn from the dealer's left, each seeing the earlier flips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from studkit.bots.card_sense import show_least
from studkit.cards import CARDS, Card
from studkit.engine.actions import Action
from studkit.engine.decisions import DecisionKind, Record, Taken, TurnUp, decision_kinds
from studkit.errors import PluginError
from studkit.hooks.specs import DealEffect, HandView, Holding, hookimpl
from studkit.variant.model import CardFace, Flip, Street

EQUITY_NEUTRAL = True
"""Which card a player turns up does not change who wins: equity accounts for this rule."""

KEEP = "keep"


@dataclass(frozen=True, slots=True)
class FlipRequest:
    """Turn ``count`` down cards face up (``optional``: or keep them all down)."""

    count: int = 1
    optional: bool = False
    simultaneous: bool = True


class FlipEvent(NamedTuple):
    """``flip``: a down card the player chose turned face up; everyone sees it."""

    kind: str
    seat: int
    card: Card


class KeepEvent(NamedTuple):
    """``keep``: a player declined an optional flip; every card stays as it is."""

    kind: str
    seat: int


class FlipKind(DecisionKind):
    """Turn a chosen down card up: ``flip <card>`` (or ``keep`` for an optional flip); the
    event ``("flip", seat, card)``."""

    name = "flip"
    event = FlipEvent
    request = FlipRequest
    field = "card"
    phh_argument = "card"
    phh_example = "Kd"
    phh_help = "studkit: turn a chosen down card face up: 'p2 flip Kd'"
    turns_up = True
    sentence = ("flip", "flips", "{who} {verb} {card} face up")

    def check(self, hand: HandView, seat: int, request: FlipRequest) -> None:
        if request.count < 1 or (request.optional and request.count != 1):
            raise PluginError(f"seat {seat} was asked for a flip with {request!r}")

    def count(self, request: FlipRequest) -> int:
        return request.count

    def options(
        self, hand: HandView, seat: int, request: FlipRequest, taken: Sequence[Action]
    ) -> list[Action]:
        chosen = {action.amount for action in taken}
        flips = [Action(self.name, card) for card in hand.down[seat] if card not in chosen]
        return [Action(KEEP), *flips] if request.optional else flips

    def take(self, hand: HandView, seat: int, request: FlipRequest, action: Action) -> Taken:
        if action.kind == KEEP:
            return Taken((Record(KeepEvent(KEEP, seat)),), hidden=request.simultaneous)
        card = CARDS[int(action.amount or 0)]
        effects = (TurnUp(seat, card), Record(FlipEvent(self.name, seat, card)))
        return Taken(effects, hidden=request.simultaneous)

    def describe(self, value: Any) -> str:
        return "flip a card" if value is None else f"flip {value}"

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        return show_least(view, actions, variant)  # keep the strength hidden


class KeepKind(DecisionKind):
    """Decline to turn a card up where turning one up is optional: ``keep``; the event
    ``("keep", seat)``. One kind for an optional flip and for roll your own's choose-before
    (the ``roll-your-own`` plugin registers it too); its older name there, ``hold``, still
    reads in hand histories."""

    name = KEEP
    event = KeepEvent
    phh_aliases = ("hold",)
    phh_help = "studkit: turn no card up where turning one up is optional: 'p2 keep'"
    sentence = ("keep", "keeps", "{who} {verb} every card down")

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        """What the kind of the cards offered beside ``keep`` advises (it weighs keeping
        them down against turning one up)."""
        turn_up = next((a for a in actions if a.kind != self.name), None)
        kind = None if turn_up is None else decision_kinds(variant).of(turn_up.kind)
        return None if kind is None or kind is self else kind.bot_choice(view, actions, variant)


@hookimpl
def studkit_decision_kinds() -> list[DecisionKind]:
    return [FlipKind(), KeepKind()]


def _request(flip: Flip, down: int) -> FlipRequest | None:
    count = min(flip.count, down)
    if count < 1:
        return None
    return FlipRequest(count, flip.optional, flip.simultaneous)


class Plugin:
    """Asks every live player for the flips of each street with a ``flip``: as the street's
    last down card reaches the player, or (a street that deals no card) before it."""

    def __init__(self, options: Any) -> None:
        pass

    @hookimpl
    def studkit_card_dealt(
        self, hand: HandView, seat: int | None, card: Card, face: CardFace, street: Street
    ) -> DealEffect | None:
        flip = street.flip
        if flip is None or seat is None or face != "down" or not street.cards:
            return None
        down = hand.down[seat]
        if not down or down[-1] != card or hand.street != _index(hand, street):
            return None  # not the seat's last down card of the street
        request = _request(flip, len(down))
        return None if request is None else DealEffect(decision=request)

    @hookimpl
    def studkit_exposure_choice(
        self, hand: HandView, seat: int, street: Street, holding: Holding, dealt: bool
    ) -> FlipRequest | None:
        flip = street.flip
        if flip is None or dealt or street.cards:
            return None
        return _request(flip, len(holding.down))


def _index(hand: HandView, street: Street) -> int:
    return hand.variant.streets.index(street)
