"""Replaying hand histories through the engine: real hands, corrupt files, written hands."""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path

import pytest
from conftest import ROOT, WSOP

from studkit.engine.hand import Hand
from studkit.errors import HistoryError, StudkitError
from studkit.history import dumps, from_hand, load_file, loads, read_histories, write_history
from studkit.history.narrate import narrate
from studkit.history.record import record_hand
from studkit.history.replay import replay, replay_file, replay_paths
from studkit.history.rules import chip_scale, code_for, load_variant_named, phh_rules
from studkit.variant.loader import builtin_variant_names
from studkit.variant.model import Variant

CORRUPT = ROOT / "tests" / "phh_corrupt"
EXPECTED = json.loads((WSOP / "expected.json").read_text())


def test_all_30_wsop_hands_replay_to_the_expected_stacks() -> None:
    results = replay_paths([WSOP])
    assert len(results) == 30
    for result in results:
        name = Path(result.file).name
        assert result.error is None, result.error
        assert result.code == EXPECTED[name]["variant"]
        assert result.finishing_stacks == EXPECTED[name]["finishing_stacks"], name
        assert result.hand is not None and result.hand.is_over


def test_hand_85_all_in_before_seventh_street() -> None:
    (result,) = replay_file(WSOP / "hand-85.phh")
    assert result.ok and result.finishing_stacks == [0, 29700000]
    assert result.hand is not None
    shows = [e for e in result.hand.events if e.kind == "show"]
    assert len(shows) >= 2  # turned up at the all-in on sixth street, then at the showdown


REPLAY_ERRORS = {
    "bet-out-of-turn.phh": "actions[16] 'p2 f': p2 acts out of turn: p1 is to act on third street",
    "wrong-bring-in.phh": "actions[15] 'p1 pb': p1 acts out of turn: p5 is to act on third street",
    "bad-amount.phh": (
        "actions[19] 'p4 cbr 250000': p4 cannot complete, bet or raise to 250000 on third "
        "street: legal actions are fold, call 50000, complete to 200000"
    ),
    "action-after-end.phh": "actions[20] 'p5 cc': the hand is already over",
    "dealt-to-folded-player.phh": "actions[20] 'd dh p1 6d': p1 has folded and is dealt no more",
    "bet-before-deal.phh": "actions[1] 'p1 cc': p1 has not been dealt all its third street cards",
    "finishing-stacks-wrong.phh": (
        "finishing stacks differ from the file's finishing_stacks: p5 4950000 (file: 4950001)"
    ),
    "card-dealt-twice.phh": "actions[13] 'd dh p4 Td': card Td was already dealt",
    "folded-card-dealt-again.phh": (
        "actions[20] 'p5 cc': then dealing fourth street: Td is dealt again while it is "
        "still in play (a card is dealt twice only when the deck runs out and the discards "
        "are reshuffled)"
    ),
    "bad-toml.phh": "bad-toml.phh:7:1: not valid TOML",
    "unknown-action.phh": "actions[16] 'p1 fold': unknown action 'fold'",
    "wrong-card.phh": "actions[7] 'd dh p3 8x': bad card '8x'",
    "unknown-studkit-variant.phh": (
        "unknown-studkit-variant.phh: field '_studkit_variant': variant 'razzz': 'razzz' is not "
        "a built-in variant or a variant file (did you mean 'razz'?)"
    ),
}


@pytest.mark.parametrize("name", sorted(REPLAY_ERRORS))
def test_corrupt_hands_fail_with_the_action_and_why(name: str) -> None:
    (result,) = replay_file(CORRUPT / name)
    assert not result.ok
    assert result.error is not None
    assert str(CORRUPT / name) in result.error
    assert REPLAY_ERRORS[name] in result.error


def test_every_corrupt_file_fails() -> None:
    results = replay_paths([CORRUPT])
    assert len(results) == len(list(CORRUPT.glob("*.phh")))
    assert [r.file for r in results if r.ok] == []


def test_a_bad_file_does_not_stop_the_others() -> None:
    results = replay_paths([CORRUPT / "bad-toml.phh", WSOP / "hand-05.phh"])
    assert [r.ok for r in results] == [False, True]


def _play(variant_name: str, seed: int, players: int = 4, *, phh: bool = False) -> Hand:
    variant = load_variant_named(variant_name)
    if phh:
        variant = phh_rules(variant)
    rng = random.Random(seed)
    stacks = [rng.randrange(20, 300) for _ in range(players)]
    hand = Hand(variant, stacks, seed=seed)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@pytest.mark.parametrize("name", ["seven-card-stud", "seven-card-stud-hi-lo", "razz"])
@pytest.mark.parametrize("phh", [False, True])
def test_written_hands_replay_to_the_same_stacks(name: str, phh: bool) -> None:
    for seed in range(15):
        hand = _play(name, seed, players=2 + seed % 6, phh=phh)
        (history,) = loads(from_hand(hand))
        assert history.finishing_stacks == tuple(hand.stacks)
        assert (history.studkit_variant is None) == phh
        result = replay(history)
        assert result.finishing_stacks == hand.stacks
        assert result.hand is not None
        unburned = [e for e in hand.events if e.kind != "burn"]  # PHH does not record burns
        assert [e for e in result.hand.events if e.kind != "burn"] == unburned


def test_codes_for_variants() -> None:
    stud = load_variant_named("seven-card-stud")
    assert code_for(phh_rules(stud)) == ("F7S", None)
    assert code_for(stud) == ("F7S", "seven-card-stud")
    assert code_for(phh_rules(load_variant_named("razz"))) == ("FR", None)


def test_button_elsewhere_is_renumbered_from_the_dealers_left() -> None:
    variant = phh_rules(load_variant_named("seven-card-stud"))
    hand = Hand(variant, [100, 200, 300], button=0, seed=5)
    while not hand.is_over:
        hand.check_or_call()
    history = record_hand(hand, {"players": ["Ann", "Bo", "Cy"]})
    assert history.starting_stacks == (200, 300, 100)
    assert history.finishing_stacks == (hand.stacks[1], hand.stacks[2], hand.stacks[0])
    assert replay(history).finishing_stacks == list(history.finishing_stacks or ())


def test_write_history_of_engine_hands(tmp_path: Path) -> None:
    hands = [_play("razz", seed, phh=True) for seed in range(5)]
    path = tmp_path / "razz.phhs"
    assert write_history(hands, path) == 5
    results = replay_file(path)
    assert [r.finishing_stacks for r in results] == [h.stacks for h in hands]
    assert all(r.checked for r in results)


def test_fractional_chips_are_scaled() -> None:
    text = re.sub(
        r"\b\d{5,}\b", lambda m: str(int(m.group()) / 100000), (WSOP / "hand-05.phh").read_text()
    )
    assert "antes = [0.5, 0.5" in text
    (history,) = loads(text)
    assert chip_scale(history.antes) == 10
    result = replay(history)
    expected = [s / 100000 for s in EXPECTED["hand-05.phh"]["finishing_stacks"]]
    assert [float(s) for s in result.finishing_stacks or ()] == expected
    assert result.as_json()["finishing_stacks"] == expected


def test_unknown_cards_that_decide_a_showdown_are_an_error() -> None:
    variant = phh_rules(load_variant_named("seven-card-stud"))
    hand = Hand(variant, [100, 100], seed=3)
    while not hand.is_over:
        hand.check_or_call()  # to the showdown
    text = from_hand(hand)
    (history,) = loads(text)
    first = next(a for a in history.actions if a.verb == "dh" and a.player == 0)
    assert first.cards is not None
    hidden = "d dh p1 " + "??" * len(first.cards)
    text = text.replace(f'"{first}"', f'"{hidden}"', 1)
    text = "\n".join(line for line in text.splitlines() if '"p1 sm' not in line)
    (history,) = loads(text)
    with pytest.raises(HistoryError, match="unknown cards \\('\\?\\?'\\) of p1"):
        replay(history)


def test_studkit_variant_field_must_name_a_variant() -> None:
    text = dumps(read_histories(WSOP / "hand-05.phh")[0]).replace(
        'variant = "F7S"', 'variant = "studkit"\n_studkit_variant = "no-such-game"'
    )
    (history,) = loads(text)
    with pytest.raises(HistoryError, match="variant 'no-such-game'"):
        replay(history)


def test_a_history_that_stops_early(tmp_path: Path) -> None:
    text = (WSOP / "hand-05.phh").read_text().replace(", 'p5 cc', 'd dh p4 6d'", "]#", 1)
    text = text.split("]#")[0] + "]\n"
    path = tmp_path / "partial.phh"
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())  # BOM, CRLF
    (result,) = replay_file(path)
    assert result.ok and result.hand is not None and not result.hand.is_over
    assert result.as_json()["complete"] is False
    # antes 50,000 each; p5 brought in for 50,000; p4 completed to 200,000 and is owed a call
    assert result.finishing_stacks == [4000000, 7700000, 4775000, 8275000, 4450000]


def test_unknown_stacks_are_refused() -> None:
    text = (WSOP / "hand-05.phh").read_text().replace("[4050000,", "[inf,")
    with pytest.raises(HistoryError, match="a stack is unknown \\('inf'\\)"):
        replay(loads(text)[0])


def test_non_uniform_antes_are_refused() -> None:
    text = (WSOP / "hand-85.phh").read_text().replace(
        "antes = [100000, 100000]", "antes = [0, 100000]"
    )
    with pytest.raises(HistoryError, match="differ by player"):
        replay(loads(text)[0])


def test_narration_names_streets_winners_and_stacks() -> None:
    (result,) = replay_file(WSOP / "hand-48.phh")
    assert result.hand is not None
    text = narrate(
        result.hand.events,
        names=["A", "B", "C", "D", "E"],
        starting_stacks=result.hand.starting_stacks,
        finishing_stacks=result.hand.stacks,
    )
    assert "Third street\n  A  [Ac 8d] As" in text
    assert "  C brings in for 75,000" in text
    assert "Seventh street\n  A  [Ac 8d 7c] As Th 3c Ts" in text
    assert "A wins 2,412,500 from the main pot (high)" in text
    assert "E wins 2,412,500 from the main pot (low) with 8-7-4-3-A" in text
    assert text.endswith("E 2,887,500 (+112,500)")


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from studkit.cli import replay as command

    parser = argparse.ArgumentParser(prog="studkit")
    parser.set_defaults(registry=None)  # as studkit.cli.main does without --plugins-dir
    command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    try:
        code = args.run(args)
    except StudkitError as error:
        print(error)
        code = 2
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json_in_input_order(capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(WSOP / "hand-85.phh"), str(WSOP / "hand-05.phh")]
    code, out, _ = _cli(["replay", *files, "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert [d["file"] for d in data] == files
    assert data[0]["variant"] == "FR" and data[0]["finishing_stacks"] == [0, 29700000]
    assert data[1]["finishing_stacks"] == EXPECTED["hand-05.phh"]["finishing_stacks"]
    assert all(d["ok"] and d["error"] is None for d in data)


def test_cli_directory_json_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(["replay", str(WSOP), "--json"], capsys)
    assert code == 0
    got = {Path(d["file"]).name: d for d in json.loads(out)}
    assert {k: (v["variant"], v["finishing_stacks"]) for k, v in got.items()} == {
        k: (v["variant"], v["finishing_stacks"]) for k, v in EXPECTED.items()
    }


def test_cli_failures_exit_1_and_others_still_replay(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(
        ["replay", str(CORRUPT / "bet-out-of-turn.phh"), str(WSOP / "hand-05.phh")], capsys
    )
    assert code == 1
    assert "hand-05.phh  F7S  4000000 7700000 4775000 8275000 4950000" in out
    assert "actions[16] 'p2 f': p2 acts out of turn" in err
    assert "1 of 2 hands replayed" in err
    code, out, _ = _cli(["replay", str(CORRUPT / "bad-toml.phh"), "--json"], capsys)
    assert code == 1
    (item,) = json.loads(out)
    assert item["ok"] is False and "not valid TOML" in item["error"]


def test_show_prints_unknown_cards_as_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(["replay", str(WSOP / "hand-53.phh"), "--show"], capsys)
    assert code == 0
    assert "  p5  [?? ??] ??\n" in out  # the history never shows p5's cards
    (result,) = replay_file(WSOP / "hand-53.phh")
    assert len(result.unknown_cards) == 3


def test_show_a_failed_hand_up_to_the_failure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(["replay", str(CORRUPT / "bad-amount.phh"), "--show"], capsys)
    assert code == 1
    assert "  p3 folds\n" in out and "Finishing stacks" not in out
    assert "Replay failed: " in out and "actions[19] 'p4 cbr 250000'" in err
    code, out, _ = _cli(["replay", str(CORRUPT / "finishing-stacks-wrong.phh"), "--show"], capsys)
    assert code == 1 and "p5 4950000 (file: 4950001)" in out and "p4 folds" in out


def test_cli_show_and_missing_path(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(["replay", str(WSOP / "hand-85.phh"), "--show"], capsys)
    assert code == 0
    assert "Sixth street" in out and "p1 calls 150,000 and is all in" in out
    assert "p2 wins 5,300,000 from the main pot (low)" in out
    code, out, _ = _cli(["replay", "/no/such/file.phh"], capsys)
    assert code == 2 and "no such file or directory" in out


def test_a_bad_hand_in_a_multi_hand_file_does_not_stop_the_others(tmp_path: Path) -> None:
    hands = [_play("razz", s, phh=True) for s in range(3)]
    path = tmp_path / "three.phhs"
    write_history(hands, path)
    tables = path.read_text().split("[2]\n")
    path.write_text(tables[0] + "[2]\n" + tables[1].replace("antes = ", "antes_ = ", 1))
    results = replay_file(path)
    assert [(r.key, r.ok) for r in results] == [("1", True), ("2", False), ("3", True)]
    assert results[1].error is not None and "[2]: field 'antes': missing" in results[1].error


def test_load_file_reports_the_table_of_a_bad_hand(tmp_path: Path) -> None:
    hands = [_play("seven-card-stud", s, phh=True) for s in range(2)]
    path = tmp_path / "two.phhs"
    write_history(hands, path)
    text = path.read_text().replace('"p', '"p9', 1)
    path.write_text(text)
    with pytest.raises(HistoryError, match=r"two\.phhs\[1\]: actions\[\d+\] 'p9"):
        load_file(path)


def _random_hand(variant: Variant, seed: int) -> Hand:
    rng = random.Random(seed)
    players = rng.randint(variant.min_players, min(variant.max_players, 6))
    hand = Hand(variant, [rng.randrange(30, 400) for _ in range(players)], seed=seed)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand


@pytest.mark.parametrize("name", builtin_variant_names())
def test_every_shipped_variant_round_trips(name: str) -> None:
    variant = load_variant_named(name)
    for seed in range(6):
        hand = _random_hand(variant, seed)
        (history,) = loads(from_hand(hand))
        assert history.studkit_variant == name  # studkit's own rules, named
        assert replay(history).finishing_stacks == hand.stacks


PLUGIN_GAMES = {
    "twist-stud": ("seven-card-stud", "twist", "twist"),
    "declare-stud": ("seven-card-stud-hi-lo", "declare", "declare"),
    "baseball": (None, None, "pay"),
}


@pytest.mark.parametrize("game", sorted(PLUGIN_GAMES))
def test_plugin_decisions_round_trip(game: str, tmp_path: Path) -> None:
    base, plugin, verb = PLUGIN_GAMES[game]
    if base is None:
        variant = load_variant_named(game)
    else:
        path = tmp_path / f"{game}.yaml"
        path.write_text(
            f"studkit: 1\nname: {game}\nextends: {base}\nplugins:\n  - name: {plugin}\n"
        )
        variant = load_variant_named(str(path))
    seen = 0
    for seed in range(40):
        hand = _random_hand(variant, seed)
        text = from_hand(hand)
        (history,) = loads(text)
        seen += any(a.verb == verb for a in history.actions)
        assert history.variant == "studkit"
        assert replay(history).finishing_stacks == hand.stacks, text
    assert seen, f"no '{verb}' decision in 40 hands"


def test_a_variant_file_next_to_the_history(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "studkit: 1\nname: house-stud\nextends: seven-card-stud\nplugins:\n  - name: twist\n"
    )
    hand = _random_hand(load_variant_named(str(tmp_path / "house.yaml")), 1)
    text = from_hand(hand).replace(str(tmp_path / "house.yaml"), "house.yaml")
    assert '_studkit_variant = "house.yaml"' in text
    (tmp_path / "hand.phh").write_text(text)
    (result,) = replay_file(tmp_path / "hand.phh")
    assert result.ok and result.finishing_stacks == hand.stacks


def test_plugin_verbs_are_not_phh() -> None:
    text = (WSOP / "hand-05.phh").read_text().replace("'p5 pb'", "'p5 pay 5'")
    with pytest.raises(HistoryError, match="'pay' is a studkit plugin decision: F7S hands"):
        loads(text)


def test_write_history_fields_follow_the_seats(tmp_path: Path) -> None:
    variant = phh_rules(load_variant_named("razz"))
    hand = Hand(variant, [100, 200, 300], button=0, seed=2)
    while not hand.is_over:
        hand.check_or_call()
    path = tmp_path / "one.phh"
    write_history([hand], path, fields={"players": ["Ann", "Bo", "Cy"], "event": "Club night"})
    (history,) = load_file(path)
    assert history.players == ("Bo", "Cy", "Ann")  # p1 sits at the dealer's (Ann's) left
    assert history.starting_stacks == (200, 300, 100)
    assert history.fields["event"] == "Club night"


def test_a_variant_built_in_python_with_shipped_rules_is_written_by_name() -> None:
    hand = Hand(Variant(name="seven-card-stud"), [100, 100, 100], seed=1)
    while not hand.is_over:
        hand.check_or_call()
    (history,) = loads(from_hand(hand))
    assert history.studkit_variant == "seven-card-stud"
    assert replay(history).finishing_stacks == hand.stacks


def test_a_variant_no_file_describes_cannot_be_written() -> None:
    from dataclasses import replace

    stud = load_variant_named("seven-card-stud")
    odd = replace(stud, betting=replace(stud.betting, max_raises=7), source=None)
    hand = Hand(odd, [100, 100], seed=1)
    with pytest.raises(HistoryError, match="cannot write a hand of variant 'seven-card-stud'"):
        from_hand(hand)


def test_a_card_outside_the_games_deck() -> None:
    text = (WSOP / "hand-05.phh").read_text().replace("'d dh p3 As'", "'d dh p3 Jk'")
    with pytest.raises(HistoryError, match=r"actions\[2\] 'd dh p3 Jk': Jk is not a card of"):
        replay(loads(text)[0])


def test_draw_actions_are_not_stud() -> None:
    text = (WSOP / "hand-05.phh").read_text().replace("'p5 pb'", "'p5 sd'")
    with pytest.raises(HistoryError, match="'sd' \\(stand pat or discard\\) belongs to draw"):
        replay(loads(text)[0])
