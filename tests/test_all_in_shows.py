"""All-ins that close the betting: every hand is turned up then, once, in showdown order.

The rule books (stud-rules.md A15, spec-000): once all in with the betting over, all hands
are turned up and the remaining cards dealt; otherwise hands show in showdown order at the
end. Either way a hand shows once: the event log, ``replay --show`` and the seat views agree.
A PHH history, as PokerKit writes one, shows a turned-up hand again at the showdown with the
cards it got since; studkit writes that too, so PokerKit reads the hand to the same stacks.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from scenario import act, deal

from studkit import builtin_variant_names, load_variant
from studkit.cli import main
from studkit.engine import Hand
from studkit.history import from_hand, loads
from studkit.history.replay import replay
from studkit.history.rules import load_variant_named, phh_rules

HAND_85 = Path(__file__).resolve().parent.parent / "docs" / "hand-histories.md"


def shows(hand: Hand) -> list[int]:
    return [event.seat for event in hand.events if event.kind == "show"]


def play_randomly(name: str, seed: int) -> Hand:
    rng = random.Random(seed)
    players = 2 + seed % 4
    stacks = [rng.choice((rng.randint(3, 25), rng.randint(25, 300))) for _ in range(players)]
    hand = Hand(load_variant(name), stacks, seed=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        action = legal[-1] if rng.random() < 0.5 else rng.choice(legal)
        if action.kind == "fold" and rng.random() < 0.7:
            action = legal[1] if len(legal) > 1 else action
        hand.apply(action.to(action.max) if action.max is not None else action)
    return hand


@pytest.mark.parametrize("name", builtin_variant_names())
def test_every_hand_shows_once_and_turned_up_hands_show_when_turned_up(name: str) -> None:
    exposed = 0
    for seed in range(40):
        hand = play_randomly(name, seed)
        shown = shows(hand)
        assert len(shown) == len(set(shown)), (name, seed, shown)
        assert shown == hand.shown  # the showdown's order is the order they were shown
        if hand.exposed:
            exposed += 1
            first_show = next(i for i, e in enumerate(hand.events) if e.kind == "show")
            assert any(e.kind == "award" for e in hand.events[first_show:])
            assert not any(e.kind == "muck" for e in hand.events)
    assert exposed, f"no all-in closed the betting in {name}: the test plays too deep"


def test_turned_up_before_the_last_street_then_dealt_and_awarded_without_a_second_show() -> None:
    hand = deal("seven-card-stud", [100, 9], "Ah Kh 2c 3d 4s 7h 9c", "As Ad 9d Jc Qd 8h 7d")
    act(hand, "0 bring-in", "1 complete", "0 call")
    act(hand, "1 bet 3", "0 call")  # seat 1 all in on fourth street
    kinds = [event.kind for event in hand.events]
    first_show = kinds.index("show")
    assert kinds[first_show:first_show + 2] == ["show", "show"]
    assert shows(hand) == [1, 0]  # the all-in bettor first
    assert kinds.count("deal") == 14 and kinds.index("deal", first_show) > first_show
    assert [len(event.cards) for event in hand.events if event.kind == "show"] == [4, 4]
    assert hand.payoffs == [-9, 9]


def test_the_showdown_order_applies_when_no_all_in_closed_the_betting() -> None:
    hand = deal("seven-card-stud", [100, 100, 100], "Ah Kh 2c 3d 4s 7h 9c",
                "As Ad 9d Jc Qd 8h 7d", "Ks Kd 9h Js Qh 8c 2d")
    act(hand, "0 bring-in", "1 call", "2 call")
    for _street in range(3):
        act(hand, *[f"{seat} check" for seat in _board_order(hand)])
    first, second, third = _board_order(hand)
    act(hand, f"{first} check", f"{second} bet 10", f"{third} call", f"{first} call")
    assert not hand.exposed
    assert shows(hand)[0] == second  # the last bettor shows first
    assert len(shows(hand)) + sum(e.kind == "muck" for e in hand.events) == 3


def _board_order(hand: Hand) -> list[int]:
    start = hand.actor
    assert start is not None
    return [(start + i) % hand.n for i in range(hand.n) if not hand.folded[(start + i) % hand.n]]


def test_replay_show_prints_each_hand_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """WSOP 2023 hand 85 (docs/hand-histories.md): both players all in on sixth street; the
    history shows both hands there and again at the showdown."""
    toml = re.findall(r"```toml\n(.*?)```", HAND_85.read_text(), re.S)[0]
    path = tmp_path / "hand-85.phh"
    path.write_text(toml)
    assert main(["replay", "--show", str(path)]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if " shows " in line]
    assert len(lines) == 2, out
    assert re.search(r"shows 4h 3d 8d 2s Td 8s\b", lines[0]), lines
    assert out.index(" shows ") < out.index("Seventh street")


def test_a_written_all_in_hand_shows_again_at_the_showdown_and_reads_back() -> None:
    hand = deal("seven-card-stud", [100, 9], "Ah Kh 2c 3d 4s 7h 9c", "As Ad 9d Jc Qd 8h 7d")
    act(hand, "0 bring-in", "1 complete", "0 call", "1 bet 3", "0 call")
    text = from_hand(hand)
    shown = re.findall(r'"(p\d) sm (\w+)"', text)
    assert shown == [("p2", "AsAd9dJc"), ("p1", "AhKh2c3d"),
                     ("p2", "AsAd9dJcQd8h7d"), ("p1", "AhKh2c3d4s7h9c")]
    (history,) = loads(text)
    rebuilt = replay(history).hand
    assert rebuilt is not None and shows(rebuilt) == [1, 0] and rebuilt.stacks == hand.stacks


def test_pokerkit_reads_studkit_all_in_hands_to_the_same_stacks() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    variant = phh_rules(load_variant_named("seven-card-stud")).with_stakes(
        ante=4, bring_in=4, small_bet=8, big_bet=16)
    checked = 0
    for seed in range(30):
        rng = random.Random(seed)
        # All in for a full bet exactly (PokerKit sizes raises after a short all-in its own
        # way): 4 ante, then 8, 16, 24 or 32 to bet.
        short = 4 + 8 * rng.randint(1, 4)
        hand = Hand(variant, [short, 400, 400][: 2 + seed % 2], seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            aggressive = [a for a in legal if a.kind in ("complete", "bet", "raise")]
            passive = [a for a in legal if a.kind in ("check", "call", "bring-in")]
            hand.apply(aggressive[0] if aggressive and rng.random() < 0.6 else passive[0])
        if not hand.exposed:
            continue
        checked += 1
        final = list(pokerkit.HandHistory.loads(from_hand(hand)))[-1]
        assert not final.status and list(final.stacks) == hand.stacks, (seed, from_hand(hand))
    assert checked >= 10
