"""What is wrong with a file's discards and flips (stud-family 2.3 and 2.5), beyond the
schema: checked with the other semantic rules (:mod:`studkit.variant.semantics`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["held_cards", "card_choice_problems", "first_street_shows", "shown_cards"]

KeyPath = tuple[str | int, ...]


def held_cards(streets: Sequence[dict[str, Any]]) -> int:
    """The cards a player holds at the end: those dealt less those discarded."""
    dealt = sum(len(street["cards"]) for street in streets)
    thrown: int = sum(street["discard"]["count"] for street in streets
                      if street.get("discard") is not None)
    return dealt - thrown


def shown_cards(street: dict[str, Any]) -> int:
    """The cards a street adds to each player's up cards: up, chosen and up-unless-all-exposed
    cards, and flips."""
    cards = street["cards"]
    flip = street.get("flip")
    flipped: int = flip["count"] if flip else 0
    return len([face for face in cards if face != "down"]) + flipped


def first_street_shows(street: dict[str, Any]) -> bool:
    """Whether the first street shows a card a bring-in can be chosen by (an up card, a
    card the player chooses, or a flip)."""
    cards = street["cards"]
    return any(face != "down" for face in cards) or street.get("flip") is not None


def card_choice_problems(data: dict[str, Any]) -> list[tuple[KeyPath, str]]:
    """``(key path, message)`` for each discard or flip that cannot be played as written, and
    for a first street that shows no card (no up card, no flip) in a game with a bring-in."""
    problems: list[tuple[KeyPath, str]] = []
    streets = data["streets"]
    opens = next((i for i, street in enumerate(streets) if street["betting"]), 0)
    shown = any(first_street_shows(street) for street in streets[:opens + 1])
    if not shown and data["forced_bets"]["bring_in"] is not None:
        problems.append((("streets", opens, "cards"), (
            "the first street deals no up card, so nobody can be chosen to bring in"
            if opens == 0 else
            f"no up card is dealt by {streets[opens]['name']!r}, the first street with a "
            "betting round, so nobody can be chosen to bring in"
        )))
    dealt = 0
    down = 0
    last = len(streets) - 1
    for index, street in enumerate(streets):
        cards = street["cards"]
        discard, flip = street.get("discard"), street.get("flip")
        if discard is not None and discard["when"] == "before-deal":
            where = ("streets", index, "discard")
            if index == 0:
                problems.append(((*where, "when"), "a discard before the first street's deal "
                                 "has no cards to throw; use 'after-deal'"))
            elif not cards and flip is not None:
                problems.append(((*where, "when"), "this street deals no card, so its flip "
                                 "and a discard before the deal would come at once; use "
                                 "'after-deal' (the discard after the flip)"))
            dealt, down = _less(dealt, down, discard)
        dealt += len(cards)
        down += cards.count("down") + cards.count("choice")
        if flip is not None:
            where = ("streets", index, "flip")
            if flip["optional"] and flip["count"] != 1:
                problems.append(((*where, "count"), "an optional flip turns up one card "
                                 "(or none): set count 1"))
            if flip["count"] > down:
                problems.append(((*where, "count"), f"players hold at most {down} down "
                                 f"card(s) here, fewer than the {flip['count']} to flip"))
            down = max(0, down - flip["count"])
        if discard is not None and discard["when"] != "before-deal":
            where = ("streets", index, "discard")
            if discard["when"] == "after-betting" and index != last:
                problems.append(((*where, "when"), "a discard after the betting of a street "
                                 "that is not the last one is a discard before the next "
                                 "street's deal: write it there with 'before-deal'"))
            elif discard["when"] == "after-betting" and not street["betting"]:
                problems.append(((*where, "when"), "this street has no betting round; use "
                                 "'after-deal'"))
            dealt, down = _less(dealt, down, discard)
        if dealt < 0 or down < 0:
            problems.append((("streets", index, "discard", "count"), "players cannot throw "
                             f"away {street['discard']['count']} card(s) here: they hold "
                             "too few" + (" down cards" if down < 0 else "")))
            dealt, down = max(dealt, 0), max(down, 0)
    return problems


def _less(dealt: int, down: int, discard: dict[str, Any]) -> tuple[int, int]:
    count = discard["count"]
    if discard["from"] == "down":
        return dealt - count, down - count
    return dealt - count, max(0, down - max(0, count - (dealt - down)))
