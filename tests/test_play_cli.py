"""`studkit play` driven through a pipe, as a script would: transcripts and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from timeouts import LOADED_MACHINE_TIMEOUT

from studkit.cli import main
from studkit.history import load_file, replay_file


def studkit_play(*args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "studkit", "play", *args],
        input=script, capture_output=True, text=True, timeout=LOADED_MACHINE_TIMEOUT,
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
    assert "Your turn: your stack 994, decide: pay 9 or fold\nYou may: 1) pay 9   2) fold" in out
    assert "Your move (? for help)> pay\nYou pay 9 to stay in" in out
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
        (["razz", "--name", ""], "--name: player name '' is empty"),
        (["razz", "--name", "   "], "--name: player name '   ' is empty"),
        (["razz", "--name", "a\tb"], "--name: player name 'a\\tb' has a control character"),
        (["razz", "--name", "x" * 41], "is 41 characters long; at most 40"),
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


def test_history_names_every_player_and_reads_back(tmp_path: Path) -> None:
    pokerkit = pytest.importorskip("pokerkit")
    folder = tmp_path / "hands"
    out = check_clean(studkit_play(
        "seven-card-stud", "--players", "3", "--seed", "4", "--hands", "2", "--bots", "tag",
        "--name", 'Zoë "Z"', "--history", f"{folder}/", script="c\n" * 100,
    ))
    assert 'Stacks: Zoë "Z" (you) ' in out
    files = sorted(folder.glob("*.phh"))
    assert len(files) == 2
    everyone = {'Zoë "Z"', "Ada (tag)", "Ben (tag)"}
    button_moved = []
    for path in files:
        (history,) = load_file(path)
        assert history.players is not None and set(history.players) == everyone
        button_moved.append(list(history.players))
        theirs = pokerkit.HandHistory.loads(path.read_text())
        assert list(theirs.players) == list(history.players)
        assert list(theirs)[-1].stacks == list(history.finishing_stacks or ())
    assert button_moved[0] != button_moved[1], "PHH numbers players from the button's left"
    replayed = subprocess.run(
        [sys.executable, "-m", "studkit", "replay", str(files[0])],
        capture_output=True, text=True, timeout=LOADED_MACHINE_TIMEOUT,
    )
    assert replayed.returncode == 0
    stacks = load_file(files[0])[0].finishing_stacks or ()
    pairs = ", ".join(f"{n} {c}" for n, c in zip(button_moved[0], stacks, strict=True))
    assert f"  F7S  {pairs}  (matches finishing_stacks)" in replayed.stdout
    replayed = subprocess.run(
        [sys.executable, "-m", "studkit", "replay", str(folder), "--json"],
        capture_output=True, text=True, timeout=LOADED_MACHINE_TIMEOUT,
    )
    assert [item["players"] for item in json.loads(replayed.stdout)] == button_moved


def test_the_player_is_called_you_in_histories_by_default(tmp_path: Path) -> None:
    history = tmp_path / "razz.phhs"
    check_clean(studkit_play("razz", "--players", "2", "--seed", "1", "--hands", "1",
                             "--bots", "lag", "--history", str(history), script="c\n" * 40))
    (hand,) = load_file(history)
    assert hand.players is not None and sorted(hand.players) == ["Ada (lag)", "you"]


def test_bots_are_not_named_like_the_player() -> None:
    from studkit.play.game import bot_names

    assert bot_names(3) == ("Ada", "Ben", "Cleo")
    assert bot_names(3, "ada") == ("Ben", "Cleo", "Dev")
    assert bot_names(2, "Ben (tag)") == ("Ada", "Cleo")


def test_pot_and_half_in_pot_limit_through_a_pipe(tmp_path: Path) -> None:
    history = tmp_path / "pl.phhs"
    script = "?\nr 1/8\npot 40\nhalf\nc\npot\n" + "c\n" * 40
    out = check_clean(studkit_play(
        "pot-limit-seven-card-stud", "--players", "3", "--seed", "2", "--hands", "1",
        "--bots", "calling-station", "--history", str(history), script=script,
    ))
    # Third street: 7 in the pot, 2 to call; the pot-limit raise is to 2 + (7 + 2) = 11.
    assert "You may: 1) fold [f]   2) call 2 [c]   3) raise to 4-11 [r; pot 11]" in out
    assert "\n  pot          bet or raise the size of the pot" in out
    assert "Pot limit: 'pot' is the most you may bet or raise" in out
    assert "  3) raise to 4-11   pot: raise to 11 · half: raise to 6\n" in out
    assert ("> r 1/8\n'r 1/8': 1/8 of the pot is a raise to 3, below the smallest raise "
            "allowed (4); type 'r 4' or 'pot'\n") in out
    assert "> pot 40\n'pot 40': 'pot' takes no amount" in out
    assert "> half\nYou raise to 6\n" in out
    # Fifth street: 21 in the pot, nothing bet: the pot is a bet of 21.
    assert "> pot\nYou bet 21\n" in out
    (result,) = replay_file(history)
    assert result.ok and result.checked


def test_pot_in_no_limit_is_clipped_to_the_stack() -> None:
    script = "pot\n" + "c\n" * 40
    out = check_clean(studkit_play(
        "no-limit-seven-card-stud", "--players", "3", "--seed", "2", "--hands", "1",
        "--stack", "8", "--bots", "calling-station", script=script,
    ))
    # 7 in the pot and 2 to call make a pot-sized raise to 11; the player has 7 behind.
    assert "3) raise to 4-7 (7 is all in) [r; pot 7]" in out
    assert "> pot\nYou raise to 7\n" in out


def test_pot_is_refused_where_it_does_not_apply() -> None:
    out = check_clean(studkit_play("seven-card-stud", "--players", "3", "--seed", "2",
                                   "--bots", "calling-station", script="pot\nhalf\n?\nq\n"))
    assert ("> pot\n'pot': amounts are fixed in this game, the pot does not size them: type "
            "'complete' to complete to 5\n") in out
    assert "Amounts are fixed in this game (fixed limit)" in out
    assert "\n  pot    " not in out
    out = check_clean(studkit_play("no-limit-seven-card-stud", "--players", "3", "--seed", "2",
                                   "--stack", "2", "--bots", "calling-station",
                                   script="pot\nhalf\nc\nq\n"))
    assert "> pot\n'pot': you cannot bet or raise now: call 1 puts in all your chips" in out
    assert "> half\n'half': you cannot bet or raise now" in out


def test_the_hand_history_example_of_the_guide(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    guide = (Path(__file__).parent.parent / "docs" / "play.md").read_text()
    block = guide.split("## Hand histories", 1)[1].split("```console\n", 1)[1].split("```")[0]
    lines = block.splitlines()
    play_args = lines[0].split("| studkit play ", 1)[1].split()
    monkeypatch.chdir(tmp_path)
    out = check_clean(studkit_play(*play_args, script="c\n" * 200))
    assert out.splitlines()[-2:] == lines[2:4]
    assert f"players = {lines[5].split(' = ', 1)[1]}\n" in (
        tmp_path / "hands" / "hand-000001.phh").read_text()
    capsys.readouterr()
    assert main(["replay", "hands/"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [lines[7]] and captured.err.strip() == lines[8]
