"""`studkit play` driven through a pipe, as a script would: transcripts and exit codes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from studkit.cli import main
from studkit.history import replay_file


def studkit_play(*args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studkit", "play", *args],
        input=script, capture_output=True, text=True, timeout=120,
    )


def check_clean(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "\x1b[" not in result.stdout, "no colour codes when output is not a terminal"
    return result.stdout


def test_seven_card_stud_through_a_pipe() -> None:
    script = "zzz\nr 999\n" + "c\n" * 80 + "q\n"
    out = check_clean(studkit_play("seven-card-stud", "--players", "3", "--seed", "11",
                                   "--bots", "calling-station", script=script))
    assert "=== Hand 1 · Seven-card stud · limit 5/10, ante 1, bring-in 2" in out
    assert "Third street · pot 3" in out
    assert re.search(r"\n>  ?\s+1 You\s+\d+\s+(\d+)?\s+[2-9TJQKA][cdhs] [2-9TJQKA][cdhs]  ", out)
    assert "## ##" in out, "other players' down cards are hidden"
    # Bad commands are explained, then asked again.
    assert "Your move (? for help)> zzz\n'zzz' is not a command here; you may: 1)" in out
    assert re.search(r"Your move \(\? for help\)> r 999\n'r 999': 999 is not allowed here", out)
    assert "Showdown\n" in out
    assert re.search(r"Main pot \(\d+\): \w+ \(seat \d\) wins? \d+ with ", out)
    assert re.search(r"Game over: you quit\.\nHands played: \d+\nNet result: [+-]?\d+ chips", out)
    assert out.rstrip().splitlines()[-1].startswith("Stacks: You ")


def test_razz_through_a_pipe_ends_at_the_end_of_input() -> None:
    out = check_clean(studkit_play("razz", "--players", "4", "--seed", "3", "--bots", "tag",
                                   script="?\n" + "c\n" * 60))
    assert "Hand 1 · Razz" in out
    assert "Commands:\n  c            check; or call; or bring in" in out
    assert re.search(r"wins? \d+ with [2-9TJQK]-[2-9TJQKA]-", out)
    assert "Game over: end of input." in out


def test_baseball_asks_the_player_to_pay_or_fold(tmp_path: Path) -> None:
    history = tmp_path / "baseball.phhs"
    script = "pay\nc\n" * 200
    out = check_clean(studkit_play("baseball", "--players", "3", "--seed", "3", "--bots",
                                   "calling-station", "--hands", "3", "--history",
                                   str(history), script=script))
    assert "Wild cards: 3s and 9s" in out
    assert "Your turn: your stack 994, decide: pay 18 or fold\nYou may: 1) pay 18   2) fold" in out
    assert "Your move (? for help)> pay\nYou pay 18 to stay in" in out
    # "pay" at a betting decision is not a command there: explained and asked again.
    assert "'pay' is not a command here" in out
    assert "Game over: 3 hands played.\nHands played: 3\n" in out
    assert f"Wrote 3 hands to {history}" in out
    replays = replay_file(history)
    assert len(replays) == 3 and all(r.ok and r.checked for r in replays)


def test_q_at_the_first_decision_leaves_at_once() -> None:
    out = check_clean(studkit_play("seven-card-stud", "--players", "2", "--seed", "1",
                                   script="q\nc\nc\n"))
    assert "You leave the table during hand 1." in out
    assert "Hands played: 0" in out
    assert "c\n" not in out.split("Your move (? for help)> q", 1)[1].split("Game over")[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-game"], "no-such-game"),
        (["razz", "--players", "9"], "--players 9: razz seats 2 to 8 players"),
        (["razz", "--players", "3", "--seat", "4"], "--seat 4: seats are numbered 1 to 3"),
        (["razz", "--bots", "shark"], "unknown bot 'shark'"),
        (["razz", "--players", "3", "--bots", "tag,lag,tag,lag"], "names 4 bots"),
        (["razz", "--stakes", "ante=x"], "ante=x"),
        (["razz", "--stack", "0"], "--stack 0"),
    ],
)
def test_bad_options_are_one_line_errors_with_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.startswith("studkit play: error: ") and err.count("\n") == 1


def test_bots_for_the_opponents_in_seat_order() -> None:
    from studkit.cli.play import _opponent_names

    assert _opponent_names("tag", 3, 0) == ("tag", "tag")
    assert _opponent_names("tag,lag", 3, 1) == ("tag", "lag")
    assert _opponent_names("you,tag,lag", 3, 0) == ("tag", "lag")
    assert _opponent_names("tag,you,lag", 3, 1) == ("tag", "lag")
    assert len(_opponent_names(None, 6, 2)) == 5
