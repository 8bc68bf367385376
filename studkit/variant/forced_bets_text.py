"""A variant's forced bets in poker words: the antes, the bring-in and what its player may
do instead, and a player short of it (the ``Forced bets`` sentence of
:func:`studkit.variant.rules_text.rules_sentences`)."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

from studkit.variant import board_text as bt, joker_text
from studkit.variant.model import Variant
from studkit.variant.stakes_words import shown_stakes

__all__ = ["forced_bets_sentence"]


_OPENING_WORDS: dict[str, Callable[[SimpleNamespace], str]] = {
    "fixed-limit": lambda shown: f"complete to {shown.small_bet}",
    "spread-limit": lambda shown: (
        f"complete to any amount above the bring-in up to {shown.spread_max}"
    ),
    "pot-limit": lambda shown: (
        f"open for a bet of twice the bring-in ({shown.twice_bring_in}) up to the pot"
    ),
    "no-limit": lambda shown: (
        f"open for a bet of at least twice the bring-in ({shown.twice_bring_in})"
    ),
}
"""What the bring-in player may do instead of bringing in, by betting structure (the
engine's ``Structure.forced_targets``)."""


def forced_bets_sentence(variant: Variant) -> str:
    """The antes, the bring-in (or who opens without one) and a short bring-in, in words."""
    stakes = variant.stakes
    shown = shown_stakes(stakes)
    text = (
        f"Every player antes {shown.ante} before the deal."
        if variant.forced_bets.ante
        else "There is no ante."
    )
    bring_in = variant.forced_bets.bring_in
    if bring_in is None:
        return text + bt.first_round_words(variant)
    text += (
        f" On {variant.streets[variant.first_betting_street].name} street the "
        f"{bring_in.selector} up card brings in for "
        f"{shown.bring_in} (ties by suit; an ace counts {bring_in.ace}"
        f"{joker_text.bring_in_words(variant)})"
    )
    if bring_in.may_complete:
        text += "; that player may instead " + _OPENING_WORDS[variant.betting.structure](shown)
    text += "."
    if bring_in.short_stack == "next-player":
        text += (
            " A player short of the bring-in does not bring in: the next player clockwise who "
            "can post it does."
        )
    else:
        text += (
            " A player short of the bring-in brings in all in for what they have and that "
            "partial bring-in stands; the others "
            + (
                "may call just that."
                if bring_in.short_stack == "partial-call"
                else "still come in for the full bring-in."
            )
        )
    return text
