"""The stud family's evaluators and split rules in words, for ``studkit show``: what the
special evaluators rank, their qualifiers, and what happens when no hand qualifies.

>>> qualifier_words("badugi", "4-card")
'a four-card badugi'
"""

from __future__ import annotations

from studkit.variant.model import Variant

__all__ = ["FAMILY_WORDS", "ALWAYS_WON", "qualifier_words", "with_qualifier", "nobody_sentence"]

FAMILY_WORDS: dict[str, str] = {
    "badugi": "badugi (the most cards of different ranks and suits, then the lowest; aces low)",
    "badugi-ace-high": "ace-high badugi (the most cards of different ranks and suits, then "
    "the lowest; aces high)",
    "soko": "soko hand (high, with a four-flush and below it a four-straight between one pair "
    "and two pair)",
    "mexican-high": "high hand of the 41-card deck (a flush beats a full house; straights run "
    "across the missing ranks)",
    "razz-high": "razz-high hand (razz ranks: any unpaired hand beats any pair, and the "
    "highest wins)",
    "action-razz": "action-razz hand (a hand holding a jack, queen or king beats every hand "
    "without one; then the best ace-to-five low)",
    "two-card-high": "two-card high hand (a pair, else the high cards)",
    "two-card-a5": "two-card ace-to-five low (two unpaired cards, the lower the better)",
}
"""What each special evaluator ranks, in words."""

ALWAYS_WON: tuple[str, ...] = (
    "badugi", "badugi-ace-high", "soko", "mexican-high", "razz-high", "action-razz",
    "two-card-high", "two-card-a5",
)
"""Special evaluators that rank every hand: without a qualifier their share has a winner."""

_GROUP_WORDS = {
    "4-card": "a four-card badugi", "3-card": "a badugi of three cards or more",
    "2-card": "a badugi of two cards or more", "1-card": "any badugi",
    "face": "a jack, queen or king among the cards", "butt": "any hand",
}


def qualifier_words(evaluator: str, qualifier: str) -> str:
    """The words after "best ... (" for a share's qualifier: ``8 or better``, ``two pair or
    better``, ``a four-card badugi``."""
    if evaluator in ALWAYS_WON and qualifier.lower() in _GROUP_WORDS:
        return _GROUP_WORDS[qualifier.lower()]
    level = qualifier[:-4] if qualifier.endswith("-low") else qualifier.replace("-", " ")
    return f"{level} or better"


def with_qualifier(words: str, evaluator: str, qualifier: str) -> str:
    """An evaluator's words with its share's qualifier: ``high hand (two pair or better)``;
    words that end in a parenthesis take the qualifier inside it."""
    text = qualifier_words(evaluator, qualifier)
    if words.endswith(")"):
        return f"{words[:-1]}; only {text})" if not text.endswith("better") else (
            f"{words[:-1]}; {text})")
    return f"{words} ({text})"


def nobody_sentence(variant: Variant) -> str:
    """The sentence for a pot no hand qualifies for, when every share can go unwon."""
    shares = variant.pots
    if len(shares) < 2 or not all(
        share.qualifier is not None or share.evaluator == "eight-or-better" for share in shares
    ):
        return ""
    if variant.showdown.if_nobody_qualifies == "chop-all":
        return (" When no hand qualifies for any share, the pot is split equally among the "
                "players in the showdown.")
    return (" When no hand qualifies for any share, the pot is shared as if no share had a "
            "qualifier.")
