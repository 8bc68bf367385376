"""Stud family reference, section 2.2: blinds as an alternative to the ante and bring-in
(`forced_bets.blinds`), with the round opened after the big blind, the big blind's option,
blinds short of a full bet in fixed limit, pot limit, `--stakes`, the checks, `show`, PHH
histories and the kernel's fallback."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from kernel_replay import check_kernel_replays
from scenario import BLIND_PETE, act, deal, variant

from studkit import load_variant
from studkit.cli import main
from studkit.engine import Hand
from studkit.errors import StakesError, VariantError
from studkit.kernel.plan import unsupported
from studkit.variant.model import Variant
from studkit.variant.stakes import apply_stakes


def _game(tmp_path: Path, text: str = BLIND_PETE, name: str = "blind-pete") -> Variant:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return load_variant(str(path))


def test_2_2_blinds_are_posted_on_the_dealer_s_left_before_the_deal(tmp_path: Path) -> None:
    hand = Hand(_game(tmp_path), [100, 100, 100, 100], seed=1)
    assert hand.events[:2] == [("blind", 0, 2, "small"), ("blind", 1, 5, "big")]
    assert hand.events[2].kind == "street"
    assert hand.bets == [2, 5, 0, 0] and hand.stacks == [98, 95, 100, 100]
    assert hand.actor == 2  # the player after the big blind
    assert [a.kind for a in hand.legal_actions()] == ["fold", "call", "raise"]


def test_2_2_the_big_blind_may_raise_when_the_others_only_call(tmp_path: Path) -> None:
    hand = deal(_game(tmp_path), [100, 100, 100], "2c", "3c", "4c")
    act(hand, "2 call", "0 call")
    assert hand.actor == 1 and {a.kind for a in hand.legal_actions()} == {"check", "raise"}
    act(hand, "1 check")
    assert hand.street_name == "second" and sum(hand.contrib) == 15


def test_2_2_a_fixed_limit_big_blind_of_one_small_bet_is_a_full_bet(tmp_path: Path) -> None:
    hand = deal(_game(tmp_path), [100, 100, 100], "2c", "3c", "4c")
    raise_to = [a for a in hand.legal_actions() if a.kind == "raise"][0]
    assert raise_to.amount == 10  # the big blind (5) is the bet: a raise makes two bets


def test_2_2_a_big_blind_below_the_small_bet_is_completed(tmp_path: Path) -> None:
    text = BLIND_PETE.replace("{small: 2, big: 5}", "{small: 1, big: 2}")
    hand = deal(_game(tmp_path, text), [100, 100, 100], "2c", "3c", "4c")
    complete = [a for a in hand.legal_actions() if a.kind not in ("fold", "call")][0]
    assert (complete.kind, complete.amount) == ("complete", 5)


def test_2_2_everyone_folding_to_the_big_blind_returns_the_uncalled_part(
    tmp_path: Path,
) -> None:
    hand = deal(_game(tmp_path), [100, 100, 100], "2c", "3c", "4c")
    act(hand, "2 fold", "0 fold")
    assert hand.is_over and hand.payoffs == [-2, 2, 0]
    assert ("return", 1, 3) in hand.events


def test_2_2_a_short_stack_posts_what_it_has(tmp_path: Path) -> None:
    hand = Hand(_game(tmp_path), [100, 3, 100], seed=2)
    assert hand.events[1] == ("blind", 1, 3, "big")
    while not hand.is_over:
        hand.check_or_call()
    assert sum(hand.payoffs) == 0


@pytest.mark.parametrize("choice", ["fold", "call"])
def test_2_2_with_both_blinds_all_in_the_player_left_with_chips_must_call_or_fold(
    tmp_path: Path, choice: str,
) -> None:
    # Nobody else can bet, but the third seat owes the big blind: it is asked, and may
    # only fold or call (nobody could answer a raise).
    hand = deal(_game(tmp_path), [2, 5, 100], "2c", "3c", "4c", button=2)
    assert hand.actor == 2
    assert [str(a) for a in hand.legal_actions()] == ["fold", "call 5"]
    act(hand, f"2 {choice}")
    while not hand.is_over:
        hand.check_or_call()
    assert sum(hand.payoffs) == 0
    if choice == "fold":  # the blinds play for 2 each; seat 1's uncalled 3 comes back
        assert hand.payoffs[2] == 0 and sorted(hand.payoffs[:2]) == [-2, 2]
    else:  # in the pot for 5: it wins or loses chips
        assert hand.payoffs[2] != 0


def test_2_2_pot_limit_blinds_set_the_smallest_raise(tmp_path: Path) -> None:
    text = BLIND_PETE + "betting: {structure: pot-limit, max_raises: null}\n"
    hand = deal(_game(tmp_path, text), [500, 500, 500], "2c", "3c", "4c")
    raise_range = [a for a in hand.legal_actions() if a.kind == "raise"][0]
    assert raise_range.min == 10  # the big blind plus a raise of one big blind
    assert raise_range.max == 5 + 7 + 5  # call 5, then the pot (2 + 5 + 5)


def test_2_2_random_blind_hands_keep_chips_even(tmp_path: Path) -> None:
    game = _game(tmp_path)
    for seed in range(150):
        rng = random.Random(seed)
        stacks = [rng.choice([2, 4, 30, 200]) for _ in range(rng.randint(2, 6))]
        hand = Hand(game, stacks, seed=seed, button=rng.randrange(len(stacks)))
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        assert sum(hand.payoffs) == 0
        assert all(s >= 0 for s in hand.stacks)


def test_2_2_blinds_with_a_bring_in_are_an_error(tmp_path: Path) -> None:
    path = tmp_path / "g.yaml"
    path.write_text("studkit: 1\nname: g\nforced_bets: {blinds: {small: 1, big: 2}}\n")
    with pytest.raises(VariantError, match="blinds replace the bring-in"):
        load_variant(str(path))


def test_2_2_a_fixed_limit_big_blind_above_the_small_bet_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(VariantError, match="big blind 8 is more than the small bet 5"):
        _game(tmp_path, BLIND_PETE.replace("{small: 2, big: 5}", "{small: 2, big: 8}"))


def test_2_2_stakes_set_the_blinds_and_refuse_them_where_there_are_none(
    tmp_path: Path,
) -> None:
    game = apply_stakes(_game(tmp_path), "small-blind=5,big-blind=10,small=10,big=20")
    hand = Hand(game, [100, 100], seed=1)
    assert hand.events[:2] == [("blind", 0, 5, "small"), ("blind", 1, 10, "big")]
    with pytest.raises(StakesError, match="has no blinds"):
        apply_stakes(variant("pistol-pete"), "big-blind=4")
    with pytest.raises(StakesError, match="big blind 20 is more than the small bet 10"):
        apply_stakes(game, "big-blind=20")


def test_2_2_show_says_who_posts_the_blinds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    _game(tmp_path)
    assert main(["show", str(tmp_path / "blind-pete.yaml")]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert ("the player on the dealer's left posts a small blind of 2 and the next player a "
            "big blind of 5") in text
    assert "On later streets the best showing high hand acts first" in text


def test_2_2_blind_hands_write_and_replay_histories(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    _game(tmp_path)
    history = tmp_path / "hands.phhs"
    assert main(["simulate", str(tmp_path / "blind-pete.yaml"), "--hands", "20", "--seed", "4",
                 "--history", str(history), "--json"]) == 0
    text = history.read_text()
    assert "_studkit_stakes = {small_blind = 2, big_blind = 5}" in text
    assert "blinds_or_straddles" not in text  # PHH's field is for flop games
    capsys.readouterr()
    assert main(["replay", str(history)]) == 0
    assert "20 of 20 hands replayed (20 checked" in capsys.readouterr().err
    assert main(["replay", "--show", str(history)]) == 0
    assert "p2 posts the big blind of 5" in capsys.readouterr().out


def test_2_2_the_kernel_plays_blinds_as_the_general_engine_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """The blinds are the rules core's, so the batch kernel plays them too: its hands
    replayed by the general engine end the same (deep and short stacks, the blinds all in)."""
    game = _game(tmp_path)
    assert unsupported(game, ("random",), 4, 100) is None
    for stack, bots in ((100, "random"), (6, "random"), (100, "calling-station")):
        check_kernel_replays(game, 4, stack, (bots,) * 4, 200, seed=stack)
    capsys.readouterr()
    assert main(["simulate", str(tmp_path / "blind-pete.yaml"), "--hands", "30",
                 "--engine", "auto", "--seed", "1"]) == 0
    assert "kernel engine" in capsys.readouterr().out
