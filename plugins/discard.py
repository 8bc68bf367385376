"""Discarding without replacement: the rule a street's ``discard`` key sets (docs/variants.md).

A variant does not name this plugin: a street with ``discard: {count: 2, when: before-deal}``
gets it (see :data:`studkit.variant.card_choices.CARD_CHOICE_PLUGINS`). Every live player,
all-in players too, throws away ``count`` of their own cards with one ``discard`` decision
per card; nothing replaces them. ``when`` places the discard before the street's cards (after
the previous street's betting), after them (after any flip, before the betting) or after the
street's betting (the last street: before the declaration or the showdown). ``from`` says
whether only down cards may go. With ``simultaneous`` (the default) every player chooses
before any card is removed; the count is public, a thrown down card is seen by nobody else.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from studkit.bots.card_sense import keep_best
from studkit.cards import CARDS, Card
from studkit.engine.actions import Action
from studkit.engine.decisions import DecisionKind, Record, Remove, Taken
from studkit.errors import PluginError
from studkit.hooks.specs import HandView, Holding, hookimpl
from studkit.variant.model import Discard, Street

EQUITY_NEUTRAL = True
"""Equity accounts for this rule: which cards a player keeps changes who wins, so equity is
defined only once every discard is made, and :mod:`studkit.equity` takes each hand as kept
(a spot before a discard is refused, saying so)."""


@dataclass(frozen=True, slots=True)
class DiscardRequest:
    """Throw away ``count`` cards: down cards only (``source`` ``down``) or any."""

    count: int
    source: str = "down"
    simultaneous: bool = True


class DiscardEvent(NamedTuple):
    """``discard``: a card thrown away for nothing (``up``: it was face up). In another
    seat's view a thrown down card is ``None``."""

    kind: str
    seat: int
    card: Card | None
    up: bool


class DiscardKind(DecisionKind):
    """Throw a card away for nothing: ``discard <card>``; the event
    ``("discard", seat, card, up)``."""

    name = "discard"
    event = DiscardEvent
    request = DiscardRequest
    field = "card"
    phh_argument = "card"
    phh_example = "Kd"
    phh_help = "studkit: throw a card away, nothing replaces it: 'p2 discard Kd'"
    throws_card = True
    sentence = ("discard", "discards", "{who} {verb} {card}")

    def check(self, hand: HandView, seat: int, request: DiscardRequest) -> None:
        if request.count < 1 or request.source not in ("down", "any"):
            raise PluginError(f"seat {seat} was asked for a discard with {request!r}")

    def count(self, request: DiscardRequest) -> int:
        return request.count

    def options(
        self, hand: HandView, seat: int, request: DiscardRequest, taken: Sequence[Action]
    ) -> list[Action]:
        chosen = {action.amount for action in taken}
        cards = list(hand.down[seat])
        if request.source == "any":
            cards += hand.up[seat]
        return [Action(self.name, card) for card in cards if card not in chosen]

    def take(self, hand: HandView, seat: int, request: DiscardRequest, action: Action) -> Taken:
        card = CARDS[int(action.amount or 0)]
        up = card in hand.up[seat]
        effects = (Remove(seat, card), Record(DiscardEvent(self.name, seat, card, up)))
        return Taken(effects, hidden=request.simultaneous)

    def seen(self, event: tuple[Any, ...], visible: bool) -> tuple[Any, ...]:
        if isinstance(event, DiscardEvent) and not event.up and not visible:
            return event._replace(card=None)  # another seat's thrown down card stays hidden
        return event

    def describe(self, value: Any) -> str:
        return "discard a card" if value is None else f"discard {value}"

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        return keep_best(view, actions, variant)  # throw what the best hand does not need


@hookimpl
def studkit_decision_kinds() -> list[DecisionKind]:
    return [DiscardKind()]


def _request(discard: Discard, holding_size: int) -> DiscardRequest | None:
    count = min(discard.count, holding_size)
    if count < 1:
        return None
    return DiscardRequest(count, discard.source, discard.simultaneous)


def _held(holding: Holding, discard: Discard) -> int:
    return len(holding.down) + (len(holding.up) if discard.source == "any" else 0)


class Plugin:
    """Asks every live player for the discards of each street with a ``discard``."""

    def __init__(self, options: Any) -> None:
        pass

    @hookimpl
    def studkit_exposure_choice(
        self, hand: HandView, seat: int, street: Street, holding: Holding, dealt: bool
    ) -> DiscardRequest | None:
        discard = street.discard
        if discard is None or discard.when != ("after-deal" if dealt else "before-deal"):
            return None
        return _request(discard, _held(holding, discard))

    @hookimpl
    def studkit_twist_offer(self, hand: HandView, street: Street) -> DiscardRequest | None:
        discard = street.discard
        if discard is None or discard.when != "after-betting":
            return None
        return DiscardRequest(discard.count, discard.source, discard.simultaneous)
