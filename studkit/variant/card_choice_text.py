"""Discards and flips in words, for ``studkit show`` (stud-family 2.3 and 2.5): the pieces of
a street's sentence (:mod:`studkit.variant.rules_text`) that say when each happens."""

from __future__ import annotations

from collections.abc import Callable

from studkit.variant.model import Discard, Flip, Street

__all__ = ["before_deal", "after_deal", "after_betting", "pattern"]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def _cards(count: int, kind: str = "") -> str:
    word = _NUMBERS[count] if count < len(_NUMBERS) else str(count)
    return f"{word} {kind + ' ' if kind else ''}card{'s' if count != 1 else ''}"


def _discard(discard: Discard) -> str:
    which = _cards(discard.count, "down" if discard.source == "down" else "")
    if discard.source == "any":
        which += " (up or down)"
    timing = "all at once" if discard.simultaneous else "in turn"
    return (f"each player still in the hand throws away {which}, {timing} (nothing replaces "
            "them; the others see only how many)")


def _flip(flip: Flip) -> str:
    how = ("all at once, none shown before every player has chosen" if flip.simultaneous
           else "in turn from the dealer's left, each seeing the earlier ones")
    may = "may turn" if flip.optional else "turns"
    text = f"each player {may} {_cards(flip.count, 'down')} of their choice face up, {how}"
    return text + (" (or keeps them all down)" if flip.optional else "")


def before_deal(street: Street) -> str:
    """The start of the street's sentence when it discards before its deal, else ``""``."""
    discard = street.discard
    if discard is None or discard.when != "before-deal":
        return ""
    return f"first {_discard(discard)}; then "


def after_deal(street: Street) -> str:
    """What follows the street's deal: the cards players choose to turn up (``choice``
    cards, roll your own), its flip, then a discard made after the deal."""
    chosen = street.cards.count("choice")
    text = f", and each player turns {_NUMBERS[chosen]} of their down cards face up" \
        if chosen else ""
    if street.flip is not None:
        text += f", then {_flip(street.flip)}"
    discard = street.discard
    if discard is not None and discard.when == "after-deal":
        text += f", then {_discard(discard)}"
    return text


def after_betting(street: Street) -> str:
    """What follows the street's betting: a discard made after it (before the showdown)."""
    discard = street.discard
    if discard is None or discard.when != "after-betting":
        return ""
    return f"; after the betting {_discard(discard)}"


def pattern(street: Street, cards: Callable[[Street], str]) -> str:
    """The street in the reference's notation: its cards as ``cards`` writes them (arrows)
    with its flip and discards where they come (``↓↓↓↓ flip discard 1``)."""
    parts = []
    discard = street.discard
    if discard is not None and discard.when == "before-deal":
        parts.append(f"discard {discard.count}")
    dealt = cards(street)
    if dealt:
        parts.append(dealt)
    if street.flip is not None:
        parts.append("flip" + ("?" if street.flip.optional else "")
                     + (f" {street.flip.count}" if street.flip.count > 1 else ""))
    if discard is not None and discard.when != "before-deal":
        parts.append(f"discard {discard.count}")
    return " ".join(parts)
