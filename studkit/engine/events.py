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

from collections.abc import Callable
from typing import Any, Final

from studkit.cards import CARDS, format_cards
from studkit.engine.actions import (
    ACTION_KINDS,
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    RAISE,
)

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

ACTION_EVENT_KINDS: Final[frozenset[str]] = frozenset(ACTION_KINDS)
"""Event kinds that record a player's decision (layout ``(kind, seat, to, added)``)."""


Who = Callable[[int], str]
"""Names a seat: ``seat 2`` or the player's name."""


def _award(event: Event, who: Who) -> str:
    pot = "main pot" if event[3] == 0 else f"side pot {event[3]}"
    share = f" ({event[4]})" if event[4] else ""
    hand = f" with {event[5]}" if event[5] else ""
    return f"{who(event[1])}: wins {event[2]} from the {pot}{share}{hand}"


def _to(event: Event, who: Who) -> str:
    return f"{who(event[1])}: {event[0]} to {event[2]}"


def _puts_in(event: Event, who: Who) -> str:
    return f"{who(event[1])}: {event[0]} {event[3]}"


def _just(event: Event, who: Who) -> str:
    return f"{who(event[1])}: {event[0]}"


_SENTENCES: Final[dict[str, Callable[[Event, Who], str]]] = {
    ANTE: lambda e, who: f"{who(e[1])}: antes {e[2]}",
    STREET: lambda e, who: f"*** {e[2]} ***",
    DEAL: lambda e, who: f"{who(e[1])}: dealt {CARDS[e[2]]} {'up' if e[3] else 'down'}",
    BURN: lambda e, who: f"burn {CARDS[e[1]]}",
    COMMUNITY: lambda e, who: f"community card {CARDS[e[1]]}",
    COMPLETE: _to,
    BET: _to,
    RAISE: _to,
    CALL: _puts_in,
    BRING_IN: _puts_in,
    CHECK: _just,
    FOLD: _just,
    RETURN: lambda e, who: f"{who(e[1])}: uncalled bet of {e[2]} returned",
    SHOW: lambda e, who: f"{who(e[1])}: shows {format_cards(e[2])}",
    MUCK: lambda e, who: f"{who(e[1])}: mucks",
    AWARD: _award,
}
"""Each event kind's sentence; a kind not listed (a plugin's) prints its items."""


def format_event(event: Event, names: list[str] | None = None) -> str:
    """One event as a line of text, e.g. ``seat 2: raise to 20``.

    >>> format_event(("deal", 1, CARDS[51], True))
    'seat 1: dealt As up'
    """

    def who(seat: int) -> str:
        return names[seat] if names is not None else f"seat {seat}"

    sentence = _SENTENCES.get(event[0])
    if sentence is None:
        return " ".join(str(item) for item in event)
    return sentence(event, who)
