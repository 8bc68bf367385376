"""``studkit replay --compat pokerkit``: PokerKit's betting reading, and only that.

The default replays PHH hands by the rule books (the half-bet rule; others come in for the
full bring-in). PokerKit 0.7.7 counts any all-in completion, bet or raise as a full one and
lets the others call a partial bring-in; ``compat="pokerkit"`` reads hands that way, so every
history PokerKit writes replays. Pots are still split by the rule books: a PokerKit history
whose finishing stacks differ only in the split replays with a warning saying so.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from pokerkit_hands import pokerkit_history
from scenario import act, deal

from studkit import load_variant
from studkit.cli import main
from studkit.errors import HistoryError
from studkit.history import loads
from studkit.history.replay import replay, replay_paths
from studkit.variant.model import Variant

STUD = load_variant("seven-card-stud")


def with_betting(**changes: object) -> Variant:
    betting = dataclasses.replace(STUD.betting, open_pair_street=None, **changes)  # type: ignore[arg-type]
    return dataclasses.replace(STUD, betting=betting)


def with_short_stack(short_stack: str) -> Variant:
    bring_in = dataclasses.replace(STUD.forced_bets.bring_in, short_stack=short_stack)  # type: ignore[arg-type]
    return dataclasses.replace(STUD, forced_bets=dataclasses.replace(STUD.forced_bets,
                                                                    bring_in=bring_in))


def legal(hand: object) -> list[str]:
    return [str(action) for action in hand.legal_actions()]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("full", "after"), [
    (False, ["fold", "call 1"]),  # the half-bet rule: a 1-chip raise reopens nothing
    (True, ["fold", "call 1", "raise to 11"]),  # PokerKit: a full raise, sized from 6
])
def test_a_short_all_in_raise_is_full_only_under_the_setting(full: bool, after: list[str]) -> None:
    hand = deal(with_betting(short_all_in_is_full=full), [100, 9, 100],
                "As Ks 9h 8d", "Ad Kd 2c 3c", "Ah Kh Tc 4d")
    act(hand, "1 bring-in", "2 call", "0 call", "2 bet 5", "0 call")
    assert legal(hand) == ["fold", "call 5", "raise to 6"]  # seat 1: 6 chips left
    act(hand, "1 raise 6")
    assert hand.actor == 2 and legal(hand) == after


def test_a_forced_player_with_just_the_bring_in_may_complete_all_in_under_the_setting() -> None:
    plain = deal(STUD, [500, 3, 500], "As Ks 9h", "Ad Kd 2c", "Ah Kh Tc")
    assert legal(plain) == ["bring-in 2"]
    hand = deal(with_betting(short_all_in_is_full=True), [500, 3, 500],
                "As Ks 9h", "Ad Kd 2c", "Ah Kh Tc")
    assert legal(hand) == ["bring-in 2", "complete to 2"]
    act(hand, "1 complete 2")
    assert legal(hand) == ["fold", "call 2", "raise to 7"]  # counted as the completion


@pytest.mark.parametrize(("short_stack", "after"), [
    ("partial", ["fold", "call 2", "complete to 5"]),  # others come in for the full 2
    ("partial-call", ["fold", "call 1", "complete to 5"]),  # PokerKit: they call the 1
])
def test_a_partial_bring_in_is_called_as_posted_only_under_partial_call(
    short_stack: str, after: list[str]
) -> None:
    hand = deal(with_short_stack(short_stack), [500, 2, 500], "As Ks 9h", "Ad Kd 2c", "Ah Kh Tc")
    assert legal(hand) == ["bring-in 1"]
    act(hand, "1 bring-in")
    assert legal(hand) == after


SHORT_ALL_IN = """\
variant = "F7S"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 9, 100]
actions = [
  "d dh p1 AsKs9h", "d dh p2 AdKd2c", "d dh p3 AhKhTc",
  "p2 pb", "p3 cc", "p1 cc",
  "d dh p1 8d", "d dh p2 3c", "d dh p3 4d",
  "p3 cbr 5", "p1 cc", "p2 cbr 6", "p3 cbr 11", "p1 cc",
]
"""


def test_the_default_refuses_pokerkit_s_raise_and_compat_replays_it() -> None:
    (history,) = loads(SHORT_ALL_IN, source="short.phh")
    with pytest.raises(HistoryError) as caught:
        replay(history)
    assert str(caught.value) == (
        "short.phh: actions[12] 'p3 cbr 11': p3 cannot complete, bet or raise to 11 on fourth "
        "street: legal actions are fold, call 1"
    )
    result = replay(history, compat="pokerkit")
    assert result.ok and result.hand is not None
    raises = [(e.seat, e.to) for e in result.hand.events if e.kind == "raise"]
    assert raises == [(1, 6), (2, 11)]


def test_compat_from_the_cli_and_unknown_modes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "short.phh"
    path.write_text(SHORT_ALL_IN)
    assert main(["replay", str(path)]) == 1
    assert main(["replay", "--compat", "pokerkit", str(path)]) == 0
    assert "1 of 1 hands replayed" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        main(["replay", "--compat", "pokerkitt", str(path)])
    assert caught.value.code == 2
    assert "invalid choice: 'pokerkitt'" in capsys.readouterr().err
    with pytest.raises(HistoryError, match="unknown compat mode 'pk': known modes are 'pokerkit'"):
        replay_paths([path], compat="pk")


GAMES = {
    "F7S": "FixedLimitSevenCardStud",
    "F7S/8": "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
    "FR": "FixedLimitRazz",
}
STAKES = [(1, 2, 5, 10), (4, 4, 8, 16), (10, 20, 60, 120), (3, 5, 10, 20)]


def _pokerkit_history(pokerkit: object, game_name: str, seed: int) -> str:
    """A random hand PokerKit plays and writes, with short stacks (all-ins short of a bet,
    partial bring-ins, antes players cannot pay) and stakes that leave odd chips."""
    players = 2 + seed % 7
    return pokerkit_history(
        pokerkit, game_name, STAKES[seed % len(STAKES)],
        lambda rng: [rng.choice((rng.randint(1, 40), rng.randint(40, 600)))
                     for _ in range(players)],
        seed,
    ).decode()


@pytest.mark.filterwarnings("ignore:Returning reserved")
def test_every_history_pokerkit_writes_replays_under_compat() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    refused_by_default = split_warnings = 0
    for code, game_name in GAMES.items():
        for seed in range(100):
            (history,) = loads(_pokerkit_history(pokerkit, game_name, seed),
                               source=f"pokerkit-{code}-{seed}.phh")
            result = replay(history, compat="pokerkit")  # raises at the first problem
            assert result.ok and result.hand is not None and result.hand.is_over
            split_warnings += any("where the pots are split" in w for w in result.warnings)
            try:
                replay(history)
            except HistoryError:
                refused_by_default += 1
    assert refused_by_default >= 30  # the readings really differ on these hands
    assert split_warnings >= 3  # and odd chips or low halves were split differently


@pytest.mark.filterwarnings("ignore:Returning reserved")
def test_compat_does_not_hide_a_wrong_result() -> None:
    """A finishing stack that no split of the pots explains is still an error: here a player
    who folded is said to have won chips."""
    pokerkit = pytest.importorskip("pokerkit")
    text = _pokerkit_history(pokerkit, GAMES["F7S"], 3)
    (history,) = loads(text)
    hand = replay(history, compat="pokerkit").hand
    assert hand is not None
    folded = hand.folded.index(True)
    stacks = list(history.finishing_stacks or ())
    winner = max(range(len(stacks)), key=stacks.__getitem__)
    stacks[folded] += 1
    stacks[winner] -= 1
    (wrong,) = loads(re.sub(r"finishing_stacks = \[[^]]*\]",
                            f"finishing_stacks = {stacks}", text))
    assert list(wrong.finishing_stacks or ()) == stacks != list(history.finishing_stacks or ())
    with pytest.raises(HistoryError, match="finishing stacks differ from the file's"):
        replay(wrong, compat="pokerkit")
