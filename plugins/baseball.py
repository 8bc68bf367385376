"""Baseball: a 3 dealt face up means pay or fold; a 4 dealt face up brings an extra card.

The wild cards of Baseball (9s and 3s) are data: the variant file lists them under
``deck.wild_ranks``. This plugin adds what happens when cards fall:

* a **3 dealt face up**: the player must pay (``three_up_payment``: ``pot`` to match the pot,
  or a fixed number of chips) or fold; ``three_up_payment: none`` turns this off;
* a **4 dealt face up**: the player gets one more card at once, face down
  (``four_up_extra``: ``down``, ``up``, or ``none``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, NamedTuple

from studkit.bots.advice import PAY_SCORE as PAY_SCORE, pays
from studkit.bots.seen import seen
from studkit.cards import Card, Rank
from studkit.engine.actions import FOLD, Action
from studkit.engine.decisions import DecisionKind, Fold, Pay, Record, Taken
from studkit.hooks.kernel_rules import POT_PRICE, UpCardRule
from studkit.hooks.specs import DealEffect, HandView, hookimpl
from studkit.variant.model import CardFace

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "three_up_payment": {
            "oneOf": [{"enum": ["pot", "none"]}, {"type": "integer", "minimum": 1}],
            "default": "pot",
            "description": "What a 3 dealt face up costs: match the pot, a fixed fee, or none.",
        },
        "four_up_extra": {
            "enum": ["down", "up", "none"],
            "default": "down",
            "description": "The extra card a 4 dealt face up brings, or none.",
        },
    },
    "additionalProperties": False,
}


class PayOrFold(NamedTuple):
    """The request: pay ``amount`` chips (``"pot"``: match the pot) or fold."""

    amount: int | Literal["pot"]


class PayEvent(NamedTuple):
    """``pay``: the price paid to stay in (dead money)."""

    kind: str
    seat: int
    amount: int


class PayKind(DecisionKind):
    """Pay to stay in, or fold: ``pay N`` / ``fold``; the event ``("pay", seat, amount)``."""

    name = "pay"
    event = PayEvent
    request = PayOrFold
    field = "amount"
    phh_argument = "amount"
    phh_example = "10"
    phh_help = "studkit: pay for a card (or fold instead): 'p2 pay 10'"
    sentence = ("pay", "pays", "{who} {verb} {amount} to stay in")

    def _amount(self, hand: HandView, seat: int, request: PayOrFold) -> int:
        amount = hand.pot if request.amount == "pot" else int(request.amount)
        return min(amount, hand.stacks[seat])

    def options(
        self, hand: HandView, seat: int, request: PayOrFold, taken: Sequence[Action]
    ) -> list[Action]:
        if hand.stacks[seat] <= 0:
            return []  # all in: nothing to pay with, nothing to ask
        return [Action(self.name, self._amount(hand, seat, request)), Action(FOLD)]

    def chips(self, event: tuple[Any, ...]) -> int:
        return event.amount if isinstance(event, PayEvent) else 0

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        """The bots pay when the price is at most half the pot they stay in for, or when
        their cards score :data:`PAY_SCORE` or better for some share; else they fold."""
        pay = next((a for a in actions if a.kind == self.name), None)
        fold = next((a for a in actions if a.kind == FOLD), None)
        if pay is None or fold is None:
            return pay or fold
        return pay if pays(seen(view, variant), int(pay.amount or 0)) else fold

    def take(self, hand: HandView, seat: int, request: PayOrFold, action: Action) -> Taken:
        if action.kind == FOLD:
            return Taken((Fold(seat),))
        amount = self._amount(hand, seat, request)
        return Taken((Pay(seat, amount), Record(PayEvent(self.name, seat, amount))))


@hookimpl
def studkit_decision_kinds() -> list[DecisionKind]:
    return [PayKind()]


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    payment = options.get("three_up_payment", "pot")
    extra = options.get("four_up_extra", "down")
    if payment == "none":
        three = "A three dealt face up costs nothing."
    elif payment == "pot":
        three = "A player dealt a three face up must match the pot or fold."
    else:
        three = f"A player dealt a three face up must pay {payment} or fold."
    if extra == "none":
        four = "A four dealt face up brings no extra card."
    else:
        four = f"A four dealt face up brings its player one more card at once, face {extra}."
    return f"{three} {four}"


class Plugin:
    """Turns up-3s into a payment and up-4s into an extra card."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        payment = options.get("three_up_payment", "pot")
        self.payment: int | Literal["pot"] | None = None if payment == "none" else payment
        extra = options.get("four_up_extra", "down")
        self.extra: tuple[CardFace, ...] = () if extra == "none" else (extra,)
        self.effects: dict[Rank, DealEffect] = {}
        if self.payment is not None:
            self.effects[Rank.THREE] = DealEffect(decision=PayOrFold(self.payment))
        if self.extra:
            self.effects[Rank.FOUR] = DealEffect(extra_cards=self.extra)

    @hookimpl
    def studkit_kernel_rule(self) -> list[UpCardRule]:
        """What a three and a four dealt face up bring, as data for the batch kernel."""
        rules = []
        if self.payment is not None:
            price = POT_PRICE if self.payment == "pot" else int(self.payment)
            rules.append(UpCardRule(int(Rank.THREE), price=price, action=PayKind.name))
        if self.extra:
            rules.append(UpCardRule(int(Rank.FOUR), extra=tuple(f == "up" for f in self.extra)))
        return rules

    @hookimpl
    def studkit_card_dealt(self, seat: int | None, card: Card, face: CardFace) -> DealEffect | None:
        if face != "up" or seat is None or card.is_joker:
            return None
        return self.effects.get(card.rank)
