"""Rebuild a hand from its event log: same cards, same decisions, same state.

:func:`replay` reads the cards dealt (to each seat, burned, community) from the events,
deals exactly those through a :class:`~studkit.engine.dealing.ScriptedSource`, and applies
each recorded decision in turn. The rebuilt hand's events equal the original's.

>>> from studkit.variant import Variant
>>> hand = Hand(Variant(name="stud"), [40, 40, 40], seed=9)
>>> while not hand.is_over:
...     hand.check_or_call()
>>> again = replay(hand.variant, hand.starting_stacks, hand.events, button=hand.button)
>>> again.events == hand.events
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from studkit.engine.actions import AGGRESSIVE_KINDS, Action
from studkit.engine.dealing import ScriptedSource
from studkit.engine.events import ACTION_EVENT_KINDS, BURN, COMMUNITY, DEAL, Event
from studkit.engine.hand import Hand
from studkit.engine.rules import compile_rules
from studkit.errors import HistoryError, StudkitError
from studkit.variant import Stakes, Variant

__all__ = ["replay", "cards_from_events"]

_NOT_DECISIONS = frozenset(
    ("ante", "street", DEAL, BURN, COMMUNITY, "return", "show", "muck", "award", "wild")
)


def cards_from_events(
    events: Iterable[Event], players: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """Each seat's cards in deal order, the burned cards and the community cards."""
    hole: list[list[int]] = [[] for _ in range(players)]
    burns: list[int] = []
    community: list[int] = []
    for event in events:
        kind = event[0]
        if kind == DEAL:
            hole[event[1]].append(event[2])
        elif kind == BURN:
            burns.append(event[1])
        elif kind == COMMUNITY:
            community.append(event[1])
    return hole, burns, community


def replay(
    variant: Variant,
    stacks: Sequence[int],
    events: Iterable[Event],
    *,
    button: int | None = None,
    stakes: Stakes | None = None,
    stop: int | None = None,
) -> Hand:
    """The hand that ``events`` record, rebuilt (up to the ``stop``-th decision, if given).

    Raises :class:`~studkit.errors.HistoryError` naming the event when a recorded decision
    is not legal in the rebuilt hand (the log does not belong to this variant or stacks).
    """
    log = list(events)
    hole, burns, community = cards_from_events(log, len(stacks))
    deck = compile_rules(variant, stakes).deck
    source = ScriptedSource(
        hole, deck=deck, community=community, burns=burns, allow_repeats=True
    )
    hand = Hand(variant, stacks, button=button, source=source, stakes=stakes)
    decisions = 0
    for index, event in enumerate(log):
        kind = event[0]
        if kind in _NOT_DECISIONS:
            continue
        if stop is not None and decisions >= stop:
            break
        decisions += 1
        try:
            _apply(hand, event)
        except StudkitError as error:
            raise HistoryError(f"event {index} {event!r} cannot be replayed: {error}") from None
    return hand


def _apply(hand: Hand, event: Event) -> None:
    kind, seat = event[0], event[1]
    if hand.actor != seat:
        raise HistoryError(f"seat {seat} acts but seat {hand.actor} is to act")
    if kind in AGGRESSIVE_KINDS:
        hand.apply(Action(kind, event[2]))
        return
    if kind in ACTION_EVENT_KINDS:
        hand.apply(Action(kind))
        return
    # A plugin's decision: match it against the legal actions by kind and amount.
    detail = event[2] if len(event) > 2 else None
    for action in hand.legal_actions():
        if action.kind == kind and (action.amount is None or action.amount == detail):
            hand.apply(action)
            return
        if detail is not None and action.kind == f"{kind}-{detail}":
            hand.apply(action)
            return
    raise HistoryError(f"no legal action matches {event!r}")
