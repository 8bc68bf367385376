"""The hand's event log: an append-only list of typed records, one :class:`~typing.NamedTuple`
per kind.

Every event's first field is ``kind`` (the string naming it); read the other fields by name
(``event.seat``, ``event.card``), after narrowing with ``isinstance`` (``isinstance(event,
DealEvent)``) or by ``event.kind``. Events are tuples, so they compare equal to plain tuples
with the same items and pickle as such; the layouts are fixed so a hand-history writer can
serialize them and :func:`studkit.engine.replay.replay` can rebuild the hand:

===============  =======================  =================================================
kind             record                   fields after ``kind``
===============  =======================  =================================================
``ante``         :class:`AnteEvent`       ``seat``, ``amount``
``blind``        :class:`BlindEvent`      ``seat``, ``amount``, ``which`` (``small`` or
                                          ``big``): a blind posted before the deal
``street``       :class:`StreetEvent`     ``index``, ``name``: before a street's cards
``deal``         :class:`DealEvent`       ``seat``, ``card``, ``up`` (True: face up; in a
                                          seat's view another seat's down card is ``None``)
``burn``         :class:`BurnEvent`       ``card``
``community``    :class:`CommunityEvent`  ``card``: one face-up card every player uses
``bring-in``,    :class:`ActionEvent`     ``seat``, ``to`` (the player's total bet on the
``complete``,                             street after the action), ``added`` (the chips it
``bet``,                                  put in; 0 for check and fold)
``raise``,
``call``,
``check``,
``fold``
``return``       :class:`ReturnEvent`     ``seat``, ``amount``: an uncalled bet given back
``show``         :class:`ShowEvent`       ``seat``, ``cards``: all the seat's cards in deal
                                          order
``muck``         :class:`MuckEvent`       ``seat``: a hand thrown away unshown
``award``        :class:`AwardEvent`      ``seat``, ``amount``, ``pot`` (0 = main),
                                          ``share`` (``""`` without a showdown),
                                          ``description`` (the hand)
===============  =======================  =================================================

:class:`WildEvent` (``ranks``) says the table's wild ranks changed (a plugin's rule). A
plugin decision's event is the record its decision kind defines (``kind`` its name, then
``seat`` and what was chosen; :mod:`studkit.engine.decisions`); a player who will not pay
folds with an :class:`ActionEvent` ``fold``.

Seats are the hand's seat indexes (0 to players - 1); cards are :class:`~studkit.cards.Card`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

from studkit.cards import CARDS, Card, format_cards
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
    "AnteEvent",
    "BlindEvent",
    "StreetEvent",
    "DealEvent",
    "BurnEvent",
    "CommunityEvent",
    "ActionEvent",
    "ReturnEvent",
    "ShowEvent",
    "MuckEvent",
    "AwardEvent",
    "WildEvent",
    "ANTE",
    "BLIND",
    "STREET",
    "DEAL",
    "BURN",
    "COMMUNITY",
    "RETURN",
    "SHOW",
    "MUCK",
    "AWARD",
    "WILD",
    "ACTION_EVENT_KINDS",
    "TABLE_SEATS",
    "DEALT_UP",
    "DEALT_DOWN",
    "BURNED",
    "COMMUNITY_CARDS",
    "CORE_RECORDS",
    "CORE_KINDS",
    "format_event",
    "as_record",
    "kind_of",
    "RECORDS",
]

Event = tuple[Any, ...]
"""The event log's element type: every event is one of the records below (a tuple whose
first item is its ``kind``)."""

ANTE: Final = "ante"
BLIND: Final = "blind"
STREET: Final = "street"
DEAL: Final = "deal"
BURN: Final = "burn"
COMMUNITY: Final = "community"
RETURN: Final = "return"
SHOW: Final = "show"
MUCK: Final = "muck"
AWARD: Final = "award"
WILD: Final = "wild"


class AnteEvent(NamedTuple):
    """``ante``: a seat's ante."""

    kind: str
    seat: int
    amount: int


class BlindEvent(NamedTuple):
    """``blind``: a seat's small or big blind, a live bet on the first round."""

    kind: str
    seat: int
    amount: int
    which: str


class StreetEvent(NamedTuple):
    """``street``: a street begins (before its cards are dealt)."""

    kind: str
    number: int
    """The street's position, 0 for the first."""
    name: str


class DealEvent(NamedTuple):
    """``deal``: a card to a seat, face up or down (``None`` where a view hides it)."""

    kind: str
    seat: int
    card: Card | None
    up: bool


class BurnEvent(NamedTuple):
    """``burn``: a card burned before a street."""

    kind: str
    card: Card


class CommunityEvent(NamedTuple):
    """``community``: a face-up card every player uses."""

    kind: str
    card: Card


class ActionEvent(NamedTuple):
    """A betting decision (``kind`` is one of :data:`ACTION_EVENT_KINDS`): ``to`` is the
    seat's total bet on the street after it, ``added`` the chips it put in."""

    kind: str
    seat: int
    to: int
    added: int


class ReturnEvent(NamedTuple):
    """``return``: an uncalled bet given back."""

    kind: str
    seat: int
    amount: int


class ShowEvent(NamedTuple):
    """``show``: all of a seat's cards turned up, in deal order."""

    kind: str
    seat: int
    cards: tuple[Card, ...]


class MuckEvent(NamedTuple):
    """``muck``: a hand thrown away unshown at the showdown."""

    kind: str
    seat: int


class AwardEvent(NamedTuple):
    """``award``: chips from a pot (``pot`` 0 the main pot) for a pot share (``share``;
    ``""`` when won without a showdown), with the hand's ``description``."""

    kind: str
    seat: int
    amount: int
    pot: int
    share: str
    description: str


class WildEvent(NamedTuple):
    """``wild``: the ranks wild for the whole table from now on."""

    kind: str
    ranks: tuple[int, ...]

ACTION_EVENT_KINDS: Final[frozenset[str]] = frozenset(ACTION_KINDS)
"""Event kinds that record a betting decision (an :class:`ActionEvent`)."""

TABLE_SEATS: Final = 10
"""Seats the shared records below cover (a variant file allows at most 10 players)."""

DEALT_UP: Final[tuple[tuple[DealEvent, ...], ...]] = tuple(
    tuple(DealEvent(DEAL, seat, card, True) for card in CARDS) for seat in range(TABLE_SEATS)
)
"""``DEALT_UP[seat][card]``: the record of that card dealt face up to that seat.

Records are immutable, so the engine logs these shared ones instead of building a record per
card dealt: building a record (a tuple subclass) and freeing it later cost several times a
plain tuple's, and a hand deals 20 to 30 cards."""

DEALT_DOWN: Final[tuple[tuple[DealEvent, ...], ...]] = tuple(
    tuple(DealEvent(DEAL, seat, card, False) for card in CARDS) for seat in range(TABLE_SEATS)
)
"""``DEALT_DOWN[seat][card]``: the record of that card dealt face down to that seat."""

BURNED: Final[tuple[BurnEvent, ...]] = tuple(BurnEvent(BURN, card) for card in CARDS)
"""``BURNED[card]``: the record of that card burned."""

COMMUNITY_CARDS: Final[tuple[CommunityEvent, ...]] = tuple(
    CommunityEvent(COMMUNITY, card) for card in CARDS
)
"""``COMMUNITY_CARDS[card]``: the record of that community card."""

CORE_RECORDS: Final[tuple[type, ...]] = (
    AnteEvent, BlindEvent, StreetEvent, DealEvent, BurnEvent, CommunityEvent, ActionEvent,
    ReturnEvent, ShowEvent, MuckEvent, AwardEvent,
)
"""The record of each kind of event the rules core logs, in the order of its codes
(``studkit/core/events.h``: SK_EV_ANTE ... SK_EV_AWARD)."""
CORE_KINDS: Final[tuple[str, ...]] = (
    ANTE, BLIND, STREET, DEAL, BURN, COMMUNITY, "action", RETURN, SHOW, MUCK, AWARD,
)
"""Their kinds (an action's kind is its verb)."""


Who = Callable[[int], str]
"""Names a seat: ``seat 2`` or the player's name."""


def _award(event: AwardEvent, who: Who) -> str:
    pot = "main pot" if event.pot == 0 else f"side pot {event.pot}"
    share = f" ({event.share})" if event.share else ""
    hand = f" with {event.description}" if event.description else ""
    return f"{who(event.seat)}: wins {event.amount} from the {pot}{share}{hand}"


def _action(event: ActionEvent, who: Who) -> str:
    if event.kind in _TO_KINDS:
        return f"{who(event.seat)}: {event.kind} to {event.to}"
    if event.kind in _PUTS_IN_KINDS:
        return f"{who(event.seat)}: {event.kind} {event.added}"
    return f"{who(event.seat)}: {event.kind}"


_TO_KINDS: Final = frozenset((COMPLETE, BET, RAISE))
_PUTS_IN_KINDS: Final = frozenset((CALL, BRING_IN))
_ = (CHECK, FOLD)  # the kinds that print just the verb

_SENTENCES: Final[dict[type, Callable[[Any, Who], str]]] = {
    AnteEvent: lambda e, who: f"{who(e.seat)}: antes {e.amount}",
    BlindEvent: lambda e, who: f"{who(e.seat)}: posts the {e.which} blind of {e.amount}",
    StreetEvent: lambda e, who: f"*** {e.name} ***",
    DealEvent: lambda e, who: (
        f"{who(e.seat)}: dealt {CARDS[e.card] if e.card is not None else '??'} "
        f"{'up' if e.up else 'down'}"
    ),
    BurnEvent: lambda e, who: f"burn {CARDS[e.card]}",
    CommunityEvent: lambda e, who: f"community card {CARDS[e.card]}",
    ActionEvent: _action,
    ReturnEvent: lambda e, who: f"{who(e.seat)}: uncalled bet of {e.amount} returned",
    ShowEvent: lambda e, who: f"{who(e.seat)}: shows {format_cards(e.cards)}",
    MuckEvent: lambda e, who: f"{who(e.seat)}: mucks",
    AwardEvent: _award,
}
"""Each record's sentence; an event of another kind (a plugin's) prints its items."""

RECORDS: Final[dict[str, Callable[..., tuple[Any, ...]]]] = {
    ANTE: AnteEvent, BLIND: BlindEvent, STREET: StreetEvent, DEAL: DealEvent, BURN: BurnEvent,
    COMMUNITY: CommunityEvent, RETURN: ReturnEvent, SHOW: ShowEvent, MUCK: MuckEvent,
    AWARD: AwardEvent, WILD: WildEvent,
    **{kind: ActionEvent for kind in ACTION_KINDS},
}
"""The record of each event kind."""


def kind_of(event: Event) -> str:
    """The kind of an event: a record's ``kind`` field, or a plain tuple's first item."""
    return str(event[0])


def as_record(event: tuple[Any, ...], kinds: Any = None) -> tuple[Any, ...]:
    """``event`` as its typed record (an event written as a plain tuple, say); a record, an
    event of a kind no record names, or one of another length, is returned as it is.
    ``kinds``: the game's :class:`~studkit.engine.decisions.DecisionKinds`, for the records of
    its plugin decisions."""
    if type(event) is not tuple:
        return event
    record = RECORDS.get(event[0]) if event else None
    if record is None:
        return event if kinds is None else kinds.record(event)
    if len(event) != len(record._fields):  # type: ignore[attr-defined]
        return event  # not laid out as the kind's record: left as it is
    return record(*event)


def format_event(event: Event, names: list[str] | None = None, kinds: Any = None) -> str:
    """One event as a line of text, e.g. ``seat 2: raise to 20``.

    >>> format_event(DealEvent("deal", 1, CARDS[51], True))
    'seat 1: dealt As up'
    """

    def who(seat: int) -> str:
        return names[seat] if names is not None else f"seat {seat}"

    record = as_record(event, kinds)
    sentence = _SENTENCES.get(type(record))
    if sentence is None:
        return " ".join(str(item) for item in record)
    return sentence(record, who)
