"""Discard one: on a chosen street, each player dealt a card there throws away one down card.

A test plugin that adds a decision kind studkit does not ship, ``toss`` (a discard), with
nothing but this module: the kind (options, effect, event, hand-history verb, sentence, seat
view) and the hook that asks for it. Nothing in studkit's own modules knows it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from studkit.cards import CARDS, Card
from studkit.engine.actions import Action
from studkit.engine.decisions import DecisionKind, Record, Remove, Taken
from studkit.hooks.specs import DealEffect, HandView, hookimpl
from studkit.variant.model import CardFace, Street

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {"street": {"type": "string", "description": "The street of the discard."}},
    "required": ["street"],
    "additionalProperties": False,
}


class DiscardOne(NamedTuple):
    """The request: throw away one of your down cards."""


class DiscardEvent(NamedTuple):
    """``toss``: a down card thrown away (``None`` in another seat's view)."""

    kind: str
    seat: int
    card: Card | None


class DiscardKind(DecisionKind):
    """Throw away one down card: ``toss <card>``; the event ``("toss", seat, card)``."""

    name = "toss"
    event = DiscardEvent
    request = DiscardOne
    field = "card"
    phh_argument = "card"
    phh_example = "Kd"
    phh_help = "throw away one down card: 'p2 toss Kd'"
    throws_card = True
    sentence = ("toss", "tosses", "{who} {verb} {card}")

    def options(
        self, hand: HandView, seat: int, request: DiscardOne, taken: Sequence[Action]
    ) -> list[Action]:
        return [Action(self.name, card) for card in hand.down[seat]]

    def take(self, hand: HandView, seat: int, request: DiscardOne, action: Action) -> Taken:
        card = CARDS[int(action.amount or 0)]
        return Taken((Remove(seat, card), Record(DiscardEvent(self.name, seat, card))))

    def seen(self, event: tuple[Any, ...], visible: bool) -> tuple[Any, ...]:
        if isinstance(event, DiscardEvent) and not visible:
            return event._replace(card=None)
        return event


@hookimpl
def studkit_decision_kinds() -> list[DecisionKind]:
    return [DiscardKind()]


class Plugin:
    """Asks for a discard from each player dealt a card on the chosen street."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.street: str = options["street"]

    @hookimpl
    def studkit_card_dealt(
        self, hand: HandView, seat: int | None, face: CardFace, street: Street
    ) -> DealEffect | None:
        if seat is None or street.name != self.street or face != "up":
            return None
        return DealEffect(decision=DiscardOne())
