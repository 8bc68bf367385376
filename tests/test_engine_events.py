"""Every event a hand logs is a typed record with named fields, in every shipped variant."""

from __future__ import annotations

import pickle
import random

import pytest

from studkit import load_variant
from studkit.engine import Hand
from studkit.engine.decisions import decision_kinds
from studkit.engine.events import (
    RECORDS,
    ActionEvent,
    DealEvent,
    as_record,
    format_event,
)
from studkit.loader import builtin_variant_names


@pytest.mark.parametrize("name", builtin_variant_names())
def test_every_event_is_the_record_of_its_kind(name: str) -> None:
    variant = load_variant(name)
    kinds = decision_kinds(variant)

    def record_of(kind: str) -> object:  # the engine's records, then the plugins' kinds'
        return RECORDS[kind] if kind in RECORDS else kinds.by_name[kind].event

    for seed in range(4):
        rng = random.Random(seed)
        hand = Hand(variant, [60] * min(variant.max_players, 4), seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
        for event in hand.events:
            record = record_of(event.kind)
            assert type(event) is record, event
            assert tuple(event._asdict().values()) == tuple(event)
            assert as_record(tuple(event), kinds) == event
            assert type(as_record(tuple(event), kinds)) is record
            assert format_event(event)
        assert pickle.loads(pickle.dumps(hand.events)) == hand.events
        for seat in range(hand.n):
            for event in hand.view(seat).events:
                assert type(event) is record_of(event.kind)


def test_records_read_by_name_and_equal_plain_tuples() -> None:
    hand = Hand(load_variant("seven-card-stud"), [100, 100], seed=2)
    deal = next(e for e in hand.events if isinstance(e, DealEvent))
    assert deal == ("deal", deal.seat, deal.card, deal.up)
    hand.bring_in()
    last = hand.events[-1]
    assert isinstance(last, ActionEvent) and last.kind == "bring-in" and last.added == 2
    hidden = next(e for e in hand.view(1 - deal.seat).events
                  if isinstance(e, DealEvent) and e.seat == deal.seat and not e.up)
    assert hidden.card is None
    assert as_record(("mystery", 1, "x")) == ("mystery", 1, "x")  # a kind no record names
