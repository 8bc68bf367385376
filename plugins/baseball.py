"""Baseball: a 3 dealt face up means pay or fold; a 4 dealt face up brings an extra card.

The wild cards of Baseball (9s and 3s) are data: the variant file lists them under
``deck.wild_ranks``. This plugin adds what happens when cards fall:

* a **3 dealt face up**: the player must pay (``three_up_payment``: ``pot`` to match the pot,
  or a fixed number of chips) or fold; ``three_up_payment: none`` turns this off;
* a **4 dealt face up**: the player gets one more card at once, face down
  (``four_up_extra``: ``down``, ``up``, or ``none``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from studkit.cards import Card, Rank
from studkit.hooks.specs import DealEffect, hookimpl
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
            self.effects[Rank.THREE] = DealEffect(pay_or_fold=self.payment)
        if self.extra:
            self.effects[Rank.FOUR] = DealEffect(extra_cards=self.extra)

    @hookimpl
    def studkit_card_dealt(self, seat: int | None, card: Card, face: CardFace) -> DealEffect | None:
        if face != "up" or seat is None or card.is_joker:
            return None
        return self.effects.get(card.rank)
