"""Every event a hand logs is a typed record with named fields, in every shipped variant."""

from __future__ import annotations

import pickle
import random

import pytest
from conftest import ROOT
from event_reads import positional_event_reads

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
from studkit.variant.loader import builtin_variant_names


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


ALLOWED: frozenset[tuple[str, str]] = frozenset({
    # The functions that turn a plain tuple (an event written by hand, say) into its record:
    # the one place that knows the layouts.
    ("studkit/engine/events.py", "event[0]"),
    ("studkit/engine/events.py", "*event"),
    ("studkit/engine/decisions.py", "*event"),
    # The narrator makes a record of a plain tuple; an event of a kind no record names has
    # no field names, so its items are told in order.
    ("studkit/play/narration.py", "*event"),
    ("studkit/play/narration.py", "name, *rest = event"),
    # The test of the records' tuple layout (what pickles and compares with plain tuples).
    ("tests/test_engine_events.py", "tuple(event)"),
})
"""Positional reads of events that are meant, each with its reason."""

SCANNED = ("studkit", "plugins", "benchmarks", "examples", "tests")


def test_no_module_reads_events_by_position() -> None:
    """Events are read by field name everywhere: the package, plugins, benchmarks, examples
    and these tests (tests/event_reads.py says how an event is recognised)."""
    found = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            for read in positional_event_reads(path.read_text(encoding="utf-8")):
                if (where, read.code) not in ALLOWED:
                    found.append(f"{where}:{read.line}: {read.code}")
    assert not found, "events read by position (read them by field name):\n" + "\n".join(found)


@pytest.mark.parametrize(("code", "reads"), [
    ("kind = event[0]\nrest = event[1:]", ["event[0]", "event[1:]"]),
    ("x = hand.events[3][0]\ny = hand.view(0).events[-1][1]",
     ["hand.events[3][0]", "hand.view(0).events[-1][1]"]),
    ("seats = [e[1] for e in hand.events if e.kind == 'show']", ["e[1]"]),
    ("for i, ev in enumerate(hand.events[2:]):\n    print(ev[2])", ["ev[2]"]),
    ("for a, b in zip(one.events, two.events):\n    a[1] == b[1]", ["a[1]", "b[1]"]),
    ("for kind, seat, *rest in hand.events:\n    pass", ["kind, seat, *rest"]),
    ("shows = [e for e in hand.events if e.kind == 'show']\nfirst = shows[0]\nfirst[2]",
     ["first[2]"]),
    ("last = next(e for e in street_events(h, 'fourth'))\nkind, seat = last[:2]",
     ["last[:2]"]),
    ("def f(hand):\n    got = list(hand.events)\n    def g():\n        return got[-1][1]\n",
     ["got[-1][1]"]),
    ("seats = [e.seat for e in hand.events]\nmessages[-1][0]\nerrors = [e[0] for e in bad]", []),
])
def test_the_scan_finds_positional_reads(code: str, reads: list[str]) -> None:
    assert [read.code for read in positional_event_reads(code)] == reads
