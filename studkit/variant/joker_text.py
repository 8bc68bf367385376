"""The rules in words for jokers and wild up cards: how a joker plays (wild, the bug, or by
the face it is dealt), how a face-up joker and a wild up card count for the bring-in, and how
they count on the boards that choose who acts first.

>>> from studkit.variant.model import DeckSpec
>>> joker_words(DeckSpec(jokers=1, joker_mode="wild", up_joker_mode="bug"))[:50]
', wild when dealt face down and the bug when dealt'
"""

from __future__ import annotations

from studkit.variant.model import DeckSpec, Variant

__all__ = ["joker_words", "bring_in_words", "board_words"]

_BUG_WORDS = "the bug is an ace, or any card completing a straight or flush"
_ARTICLE = {"wild": "", "bug": "the "}


def joker_words(deck: DeckSpec) -> str:
    """How the deck's jokers play, written after "plus one joker"."""
    up = deck.up_joker_mode
    if up is None or up == deck.joker_mode:
        if deck.joker_mode == "wild":
            return " (wild)"
        return " (the bug: an ace, or fills a straight or flush)"
    down = _ARTICLE[deck.joker_mode] + deck.joker_mode
    text = (f", {down} when dealt face down and {_ARTICLE[up]}{up} when dealt face up "
            f"({_BUG_WORDS})")
    if deck.turned_up_joker == "as-dealt":
        text += f"; a joker dealt face down and turned up later stays {down}"
    else:
        text += f"; a joker dealt face down and turned up later becomes {_ARTICLE[up]}{up}"
    return text


def _has_wild(variant: Variant) -> bool:
    return bool(variant.deck.jokers or variant.deck.wild_ranks)


def bring_in_words(variant: Variant) -> str:
    """How a face-up joker and a wild up card rank for the bring-in, as a clause inside the
    bring-in's parenthesis ("; a face-up joker counts as an ace, above the natural aces")."""
    bring = variant.forced_bets.bring_in
    if bring is None or not _has_wild(variant):
        return ""
    beyond = "above" if bring.ace == "high" else "below"
    text = ""
    if variant.deck.jokers:
        if bring.joker_as == "ace":
            text += f"; a face-up joker counts as an ace, {beyond} the natural aces"
        else:
            text += "; a face-up joker counts below every other card"
    if variant.deck.wild_ranks:
        if variant.action_order.wild_up_cards == "wild":
            text += f"; a wild up card counts as an ace, {beyond} the natural aces"
        else:
            text += "; a wild up card counts at its own rank"
    return text


def board_words(variant: Variant) -> str:
    """A sentence on how wild up cards count on the boards that choose who acts first
    (empty when nothing is wild)."""
    if not _has_wild(variant):
        return ""
    if variant.action_order.wild_up_cards == "wild":
        return " On the boards, wild up cards play as they do in the hand."
    if variant.deck.jokers and variant.deck.wild_ranks:
        return (" On the boards, wild up cards count at their own rank and a face-up joker "
                "as an ace.")
    if variant.deck.jokers:
        return " On the boards, a face-up joker counts as an ace."
    return " On the boards, wild up cards count at their own rank."
