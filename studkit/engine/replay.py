"""Rebuild a hand from its event log: same cards, same decisions, same state.

:func:`replay` reads the cards dealt (to each seat, burned, community) from the events,
deals exactly those through a :class:`~studkit.engine.dealing.ScriptedSource`, and applies
each recorded decision in turn. The rebuilt hand's events equal the original's.

>>> from studkit.variant.model import Variant
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
from studkit.engine.decisions import DecisionKinds, decision_kinds
from studkit.engine.events import (
    ActionEvent,
    AnteEvent,
    AwardEvent,
    BlindEvent,
    BurnEvent,
    CommunityEvent,
    DealEvent,
    Event,
    MuckEvent,
    ReturnEvent,
    ShowEvent,
    StreetEvent,
    WildEvent,
    as_record,
    kind_of,
)
from studkit.engine.hand import Hand
from studkit.engine.rules import compile_rules
from studkit.errors import HistoryError, StudkitError
from studkit.variant.model import Stakes, Variant

__all__ = ["replay", "cards_from_events"]

_NOT_DECISIONS = (
    AnteEvent, BlindEvent, StreetEvent, DealEvent, BurnEvent, CommunityEvent, ReturnEvent,
    ShowEvent, MuckEvent, AwardEvent, WildEvent,
)
"""The records of what the dealer and the engine do (everything else is a decision)."""


def cards_from_events(
    events: Iterable[Event], players: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """Each seat's cards in deal order, the burned cards and the community cards."""
    hole: list[list[int]] = [[] for _ in range(players)]
    burns: list[int] = []
    community: list[int] = []
    for event in map(as_record, events):
        if isinstance(event, DealEvent) and event.card is not None:
            hole[event.seat].append(event.card)
        elif isinstance(event, BurnEvent | CommunityEvent):
            (burns if isinstance(event, BurnEvent) else community).append(event.card)
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
    kinds = decision_kinds(variant)
    log = [as_record(event, kinds) for event in events]
    hole, burns, community = cards_from_events(log, len(stacks))
    deck = compile_rules(variant, stakes).deck
    source = ScriptedSource(
        hole, deck=deck, community=community, burns=burns, allow_repeats=True
    )
    hand = Hand(variant, stacks, button=button, source=source, stakes=stakes)
    decisions = 0
    for index, event in enumerate(log):
        if isinstance(event, _NOT_DECISIONS):
            continue
        if stop is not None and decisions >= stop:
            break
        decisions += 1
        try:
            _apply(hand, event, kinds)
        except StudkitError as error:
            raise HistoryError(f"event {index} {event!r} cannot be replayed: {error}") from None
    return hand


def _apply(hand: Hand, event: Event, kinds: DecisionKinds) -> None:
    kind = kind_of(event)
    seat = getattr(event, "seat", None)
    if hand.actor != seat:
        raise HistoryError(f"seat {seat} acts but seat {hand.actor} is to act")
    if isinstance(event, ActionEvent):
        hand.apply(Action(kind, event.to) if kind in AGGRESSIVE_KINDS else Action(kind))
        return
    # A plugin's decision: its kind says which legal action the event records.
    decision = kinds.by_name.get(kind)
    chosen = None
    if decision is not None:
        chosen = decision.choose(hand.legal_actions(), decision.chosen(event))
    if chosen is None:
        raise HistoryError(f"no legal action matches {event!r}")
    hand.apply(chosen)
