"""Every event a hand logs is a typed record with named fields, in every shipped variant."""

from __future__ import annotations

import ast
import pickle
import random

import pytest
from conftest import ROOT

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


EVENT_NAMES = frozenset(("event", "events", "e", "ev", "given", "record"))
"""Names the code gives events (``events[i][0]`` reads the kind of the i-th)."""


def _positional(tree: ast.AST) -> list[int]:
    """Lines where an event is read by position: ``event[0]``, ``event[1:]``,
    ``events[i][2]``."""
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Subscript):
            continue
        target = node.value
        if isinstance(target, ast.Subscript):
            log = target.value
            if (isinstance(log, ast.Name) and log.id == "events") or (
                isinstance(log, ast.Attribute) and log.attr == "events"
            ):  # events[i][...], hand.events[-1][...]
                lines.append(node.lineno)
            continue
        if isinstance(target, ast.Name) and target.id in EVENT_NAMES - {"events"}:
            index = node.slice
            by_number = isinstance(index, ast.Constant) and isinstance(index.value, int)
            if by_number or isinstance(index, ast.Slice | ast.UnaryOp):
                lines.append(node.lineno)
    return lines


def test_no_module_reads_events_by_position() -> None:
    """Events are read by field name everywhere, plugins included; only the two functions
    that turn a plain tuple into its record (``kind_of``, ``as_record``) look at items."""
    found = []
    for folder in ("studkit", "plugins", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == ROOT / "studkit" / "engine" / "events.py":
                continue
            for line in _positional(ast.parse(path.read_text())):
                found.append(f"{path.relative_to(ROOT)}:{line}")
    assert not found, "events read by position:\n" + "\n".join(found)
    sample = "kind = event[0]\nrest = e[1:]\nx = events[3][0]\ny = hand.events[-1][1]\n"
    assert _positional(ast.parse(sample)) == [1, 2, 3, 4]
