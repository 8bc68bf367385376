"""The hand's event log: an append-only list of plain tuples.

Each event is a tuple whose first item names its kind; the layouts are fixed so a hand-history
writer can serialize them and :func:`studkit.engine.replay.replay` can rebuild the hand:

==============  ===================================================================
kind            layout
==============  ===================================================================
``ante``        ``("ante", seat, amount)``
``street``      ``("street", index, name)`` before a street's cards are dealt
``deal``        ``("deal", seat, card, up)``: ``up`` is True for a face-up card
``burn``        ``("burn", card)``
``community``   ``("community", card)``: one face-up card every player uses
``bring-in``    ``("bring-in", seat, to, added)``
``complete``,   ``(kind, seat, to, added)``: ``to`` is the player's total bet on the
``bet``,        street after the action, ``added`` the chips it put in
``raise``,
``call``
``check``,      ``(kind, seat, to, 0)``
``fold``
``return``      ``("return", seat, amount)``: an uncalled bet given back
``show``        ``("show", seat, cards)``: all the seat's cards in deal order
``muck``        ``("muck", seat)``: a hand thrown away unshown at the showdown
``award``       ``("award", seat, amount, pot, share, description)``: ``pot`` is the
                pot's index (0 = main), ``share`` the pot share's name (``""`` when
                the pot was won without a showdown) and ``description`` the hand
==============  ===================================================================

Seats are the hand's seat indexes (0 to players - 1); cards are :class:`~studkit.cards.Card`.
"""

from __future__ import annotations

from typing import Any, Final

from studkit.cards import CARDS, format_cards

__all__ = [
    "Event",
    "ANTE",
    "STREET",
    "DEAL",
    "BURN",
    "COMMUNITY",
    "RETURN",
    "SHOW",
    "MUCK",
    "AWARD",
    "ACTION_EVENT_KINDS",
    "format_event",
]

Event = tuple[Any, ...]
"""One event: ``(kind, ...)`` as the module documentation lays out."""

ANTE: Final = "ante"
STREET: Final = "street"
DEAL: Final = "deal"
BURN: Final = "burn"
COMMUNITY: Final = "community"
RETURN: Final = "return"
SHOW: Final = "show"
MUCK: Final = "muck"
AWARD: Final = "award"

ACTION_EVENT_KINDS: Final[frozenset[str]] = frozenset(
    ("fold", "check", "call", "bring-in", "complete", "bet", "raise")
)
"""Event kinds that record a player's decision (layout ``(kind, seat, to, added)``)."""


def format_event(event: Event, names: list[str] | None = None) -> str:
    """One event as a line of text, e.g. ``seat 2: raise to 20``.

    >>> format_event(("deal", 1, CARDS[51], True))
    'seat 1: dealt As up'
    """
    kind = event[0]

    def who(seat: int) -> str:
        return names[seat] if names is not None else f"seat {seat}"

    if kind == ANTE:
        return f"{who(event[1])}: antes {event[2]}"
    if kind == STREET:
        return f"*** {event[2]} ***"
    if kind == DEAL:
        return f"{who(event[1])}: dealt {CARDS[event[2]]} {'up' if event[3] else 'down'}"
    if kind == BURN:
        return f"burn {CARDS[event[1]]}"
    if kind == COMMUNITY:
        return f"community card {CARDS[event[1]]}"
    if kind in ("complete", "bet", "raise"):
        return f"{who(event[1])}: {kind} to {event[2]}"
    if kind in ("call", "bring-in"):
        return f"{who(event[1])}: {kind} {event[3]}"
    if kind in ("check", "fold"):
        return f"{who(event[1])}: {kind}"
    if kind == RETURN:
        return f"{who(event[1])}: uncalled bet of {event[2]} returned"
    if kind == SHOW:
        return f"{who(event[1])}: shows {format_cards(event[2])}"
    if kind == MUCK:
        return f"{who(event[1])}: mucks"
    if kind == AWARD:
        pot = "main pot" if event[3] == 0 else f"side pot {event[3]}"
        share = f" ({event[4]})" if event[4] else ""
        hand = f" with {event[5]}" if event[5] else ""
        return f"{who(event[1])}: wins {event[2]} from the {pot}{share}{hand}"
    return " ".join(str(item) for item in event)
