"""Equity in games with discards (stud-family 2.3): defined only once every discard is made.

Before a discard, who wins depends on which cards each player chooses to keep, which no
deal of the remaining cards decides; so an equity spot of such a game gives each hand as
kept after the last discard, and a hand of any other size is refused with the sizes that
are allowed.
"""

from __future__ import annotations

from collections.abc import Sequence

from studkit.variant.model import Variant

__all__ = ["discard_problem", "kept_ends", "discard_notes"]


def kept_ends(variant: Variant) -> dict[int, str]:
    """Cards a player holds at the end of each street from the last discard on (that
    discard made), mapped to the street's name; empty for a game without discards."""
    if all(street.discard is None for street in variant.streets):
        return {}
    last = max(i for i, street in enumerate(variant.streets) if street.discard is not None)
    held = 0
    ends: dict[int, str] = {}
    for index, street in enumerate(variant.streets):
        discard = street.discard
        held += len(street.cards)
        if discard is not None:
            held -= discard.count
        if index >= last:
            ends[held] = street.name
    return ends


def discard_problem(variant: Variant, hands: Sequence[Sequence[object]],
                    texts: Sequence[str]) -> str | None:
    """Why these hands are no equity spot of ``variant`` (a hand held before a discard),
    or ``None`` (no discard in the game, or every hand is as kept after the last one)."""
    if all(street.discard is None for street in variant.streets):
        return None
    ends = kept_ends(variant)
    for i, (hand, text) in enumerate(zip(hands, texts, strict=True)):
        if len(hand) not in ends:
            sizes = ", ".join(f"{count} (after {name} street)" for count, name in ends.items())
            return (
                f"hand {i + 1} {text!r} has {len(hand)} cards: equity in {variant.name} is "
                "defined only once every discard is made, since who wins depends on which "
                f"cards each player keeps; give each hand as kept: {sizes} cards, '??' for "
                "unknown ones"
            )
    return None


def discard_notes(variant: Variant, have: int) -> tuple[str, ...]:
    """The note an equity result of ``variant`` carries: its hands (of ``have`` cards) are
    taken as kept after every discard; empty for a game without discards."""
    ends = kept_ends(variant)
    if not ends or have not in ends:
        return ()
    return (f"{variant.name} has discards: each hand is taken as kept after every discard "
            f"({have} cards: the end of {ends[have]} street); before a discard equity is not "
            "defined, since who wins depends on which cards each player keeps",)
