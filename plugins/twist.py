"""Twist (a buy): after a street's betting, each player in turn may replace one card.

After the betting of each street named in ``after`` (default: the next-to-last street), every
live player, in betting order, may ``twist`` one card, paying ``cost`` into the pot: the card
is thrown away and a new one dealt in its place, face down for a down card and face up for an
up card (``replacement_face: as-discarded``, the twist rule) or always face down
(``replacement_face: down``, the English stud buy as generic_poker encodes it); or ``stand``
and keep their cards. ``cost`` is a number of chips or the name of a stake (``ante``,
``bring-in``, ``small-bet``, ``big-bet``; a number is a whole amount as the player writes
it: ``cost: 1`` at a $0.25 table, which counts in cents, is one dollar): dead money, which no
one matches and which reopens nothing; a player who cannot pay may only stand. ``faces``
limits which cards may be replaced. A twist after the last dealt street followed by a
betting round is a street with no cards
(``{name: buy, cards: [], burn: false, bet_size: big}``) and ``after`` naming the street
before it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

from studkit.bots.card_sense import TRADE_GAIN, traded
from studkit.bots.seen import seen
from studkit.cards import CARDS, Card
from studkit.engine.actions import Action
from studkit.engine.decisions import Deal, DecisionKind, Pay, Record, Remove, Taken
from studkit.hooks.kernel_rules import TradeRule
from studkit.hooks.specs import HandView, TwistOffer, hookimpl
from studkit.variant.model import CardFace, Street, Variant
from studkit.variant.schema import suggest

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "after": {
            "type": "array",
            "items": {"type": "string"},
            "minItems": 1,
            "description": "Streets whose betting is followed by a twist round.",
        },
        "cost": {
            "oneOf": [
                {"type": "integer", "minimum": 0},
                {"enum": ["ante", "bring-in", "small-bet", "big-bet"]},
            ],
            "default": 0,
            "description": "What a twist costs: chips, or one of the stakes.",
        },
        "faces": {
            "type": "array",
            "items": {"enum": ["down", "up"]},
            "minItems": 1,
            "uniqueItems": True,
            "default": ["down", "up"],
            "description": "Which cards may be replaced.",
        },
        "replacement_face": {
            "enum": ["as-discarded", "down"],
            "default": "as-discarded",
            "description": "How the new card comes: face down for a down card and face up "
                           "for an up card (as-discarded), or always face down (down).",
        },
    },
    "additionalProperties": False,
}

EQUITY_NOTE = (
    "the buy round is not played: the figures are for the hands as dealt, nobody buying"
)
"""Why ``studkit equity`` leaves the twist round out (printed with its note)."""

TWIST_GAIN = TRADE_GAIN
"""The bots buy a card only when the hand's score (0-1) gains at least this much."""


class TwistEvent(NamedTuple):
    """``twist``: a card thrown away for ``cost`` (``up``: it was face up); its replacement
    follows as a ``deal`` event. In a seat's view another seat's down card is ``None``."""

    kind: str
    seat: int
    card: Card | None
    cost: int
    up: bool


class StandEvent(NamedTuple):
    """``stand``: a player keeps the cards in a twist round."""

    kind: str
    seat: int


class TwistKind(DecisionKind):
    """Trade a card for the next one (``twist <card>``), or keep the hand (``stand``)."""

    name = "twist"
    event = TwistEvent
    request = TwistOffer
    field = "card"
    phh_argument = "card"
    phh_example = "7c"
    phh_help = "studkit: trade a card for the next one: 'p2 twist 7c'"
    throws_card = True
    sentence = ("twist", "twists", "{who} {verb} {card} for {cost}")

    def options(
        self, hand: HandView, seat: int, request: TwistOffer, taken: Sequence[Action]
    ) -> list[Action]:
        out = [Action(StandKind.name)]
        if hand.stacks[seat] >= request.cost and hand.cards_left > 0:
            for face, cards in (("down", hand.down[seat]), ("up", hand.up[seat])):
                if face in request.faces:
                    out.extend(Action(self.name, card) for card in cards)
        return out

    def take(self, hand: HandView, seat: int, request: TwistOffer, action: Action) -> Taken:
        if action.kind == StandKind.name:
            return Taken((Record(StandEvent(StandKind.name, seat)),))
        card = CARDS[int(action.amount or 0)]
        up = card in hand.up[seat]
        return Taken((
            Pay(seat, request.cost),  # the price goes to the pot as dead money
            Remove(seat, card),
            Record(TwistEvent(self.name, seat, card, request.cost, up)),
            Deal(seat, up and request.replacement_face == "as-discarded"),
        ))

    def chips(self, event: tuple[Any, ...]) -> int:
        return event.cost if isinstance(event, TwistEvent) else 0

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        return buy_or_stand(view, actions, variant)

    def seen(self, event: tuple[Any, ...], visible: bool) -> tuple[Any, ...]:
        if isinstance(event, TwistEvent) and not event.up and not visible:
            return event._replace(card=None)  # another seat's down card stays hidden
        return event


def buy_or_stand(view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
    """The bots' buy: throw the card whose loss leaves the best hand with one card to come,
    if that beats the hand kept by :data:`TWIST_GAIN` of the score; else stand."""
    info = seen(view, variant)
    twists = [a for a in actions if a.kind == TwistKind.name and a.amount is not None]
    index = traded(info.cards, [int(a.amount or 0) for a in twists], info.opponents_up,
                   info.to_come, info.evaluators)  # the batch kernel's bots' choice too
    if index >= 0:
        return twists[index]
    return next((a for a in actions if a.kind == StandKind.name), None)


class StandKind(DecisionKind):
    """Keep the hand in a twist round: ``stand``; the event ``("stand", seat)``."""

    name = "stand"
    event = StandEvent
    phh_help = "studkit: keep the hand instead of twisting: 'p2 stand'"
    sentence = ("stand", "stands", "{who} {verb} pat")

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        return buy_or_stand(view, actions, variant)  # offered first, beside the twists


@hookimpl
def studkit_decision_kinds() -> list[DecisionKind]:
    return [TwistKind(), StandKind()]


_STAKES = {"ante": "ante", "bring-in": "bring_in", "small-bet": "small_bet", "big-bet": "big_bet"}


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    after = options.get("after")
    streets = " and ".join(after) + " street" if after else "the next-to-last street"
    cost = options.get("cost", 0)
    price = (
        "for free" if cost == 0
        else f"for {cost} chips" if isinstance(cost, int)
        else f"for the {cost.replace('-', ' ')}"
    )
    faces = tuple(options.get("faces", ("down", "up")))
    which = "one card" if len(faces) == 2 else f"one {faces[0]} card"
    how = (
        "face down" if options.get("replacement_face", "as-discarded") == "down"
        else "face down for a down card, face up for an up card"
    )
    dead = "" if cost == 0 else " (dead money: nobody matches it; a player short of it stands)"
    return (
        f"After the betting on {streets}, each player in turn may throw away {which} {price}"
        f"{dead} and get a new one in its place ({how}), or stand."
    )


def check_variant(
    options: Mapping[str, Any], data: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    """The ``after`` streets must be streets of the game (caught when the file loads)."""
    names = [street["name"] for street in data["streets"]]
    if "after" not in options:
        if len(names) < 2:
            return [((), "with one street there is no next-to-last street to twist after; "
                         "name the street under 'after'")]
        return []
    return [
        (("after", index), f"{street!r} is not a street of this game "
                           f"({', '.join(names)}){suggest(street, names)}")
        for index, street in enumerate(options["after"]) if street not in names
    ]


def _cost_units(cost: int | str, variant: Variant) -> int:
    """The twist's cost in the table's units: a stake by name, or a number of chips as the
    player writes amounts (``cost: 1`` at a $0.25 table, which counts in cents, is 100)."""
    if isinstance(cost, str):
        return int(getattr(variant.stakes, _STAKES[cost]))
    return cost * variant.stakes.scale


class Plugin:
    """Offers a twist round after the chosen streets."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.after: tuple[str, ...] | None = (
            tuple(options["after"]) if "after" in options else None
        )
        self.cost: int | str = options.get("cost", 0)
        self.faces: tuple[CardFace, ...] = tuple(options.get("faces", ("down", "up")))
        self.replacement_face: Literal["as-discarded", "down"] = options.get(
            "replacement_face", "as-discarded"
        )

    @hookimpl
    def studkit_kernel_rule(self, variant: Variant) -> TradeRule | None:
        """The twist round as data for the batch kernel (none for unknown street names,
        which the engine's hook reports)."""
        streets = [street.name for street in variant.streets]
        after = self.after if self.after is not None else (streets[-2],)
        if any(name not in streets for name in after):
            return None
        cost = _cost_units(self.cost, variant)
        return TradeRule(
            streets=tuple(streets.index(name) for name in after), cost=cost,
            action=TwistKind.name, decline=StandKind.name, down="down" in self.faces,
            up="up" in self.faces, as_thrown=self.replacement_face == "as-discarded",
        )

    @hookimpl
    def studkit_twist_offer(self, hand: HandView, street: Street) -> TwistOffer | None:
        streets = hand.variant.streets
        after = self.after if self.after is not None else (streets[-2].name,)
        unknown = sorted(set(after) - {s.name for s in streets})
        if unknown:
            names = ", ".join(s.name for s in streets)
            raise ValueError(f"options.after names {unknown}, not streets of {hand.variant.name}"
                             f" ({names})")
        if street.name not in after:
            return None
        cost = _cost_units(self.cost, hand.variant)
        return TwistOffer(cost=cost, faces=self.faces, replacement_face=self.replacement_face)
