"""The design metrics (``simulate --json``'s ``design``): each on a case with a known answer,
on both engines, in the text, the JSON and the compare report."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from studkit.cli import main
from studkit.compare import compare, write_report
from studkit.engine import Action
from studkit.simulation import simulate
from studkit.simulation.design import Z95, design_metrics, wilson
from studkit.simulation.tally import Tally

DESIGN_KEYS = {"seat_ev_bb100", "fairness", "bring_in_ev_bb100", "pot_bb_by_street",
               "streets_reached", "raise_frequency", "decisions_per_hand", "skill",
               "skill_trace", "decisiveness", "lead_changes"}


class FoldBot:
    """Folds whenever it may; otherwise brings in, or checks."""

    def __init__(self, variant: Any) -> None:
        pass

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        for kind in ("fold", "bring-in", "check"):
            for action in actions:
                if action.kind == kind:
                    return action
        return actions[0]


class Raiser:
    """Completes, bets and raises whenever it may; otherwise brings in, calls or checks."""

    def __init__(self, variant: Any) -> None:
        pass

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        for kind in ("complete", "raise", "bet", "bring-in", "call", "check"):
            for action in actions:
                if action.kind == kind:
                    return action
        return actions[0]


def _exact(estimate: dict[str, Any], value: float) -> None:
    assert estimate["value"] == pytest.approx(value)
    assert estimate["ci95"] == pytest.approx([value, value])


def test_the_bring_in_player_facing_only_folds_wins_the_antes() -> None:
    """Three players who fold whenever they may: the player who has to bring in posts it, the
    others fold, and it wins their two antes (1 chip each; the bring-in comes back): +2 chips
    a hand, +20 bb/100 at a big bet of 10, the others -10 each."""
    report = simulate("seven-card-stud", hands=60, players=3, seed=2, workers=1,
                      bots="test_design_metrics:FoldBot", engine="general")
    design = report.to_json()["design"]
    bring_in = design["bring_in_ev_bb100"]
    _exact(bring_in["bring_in"], 20.0)
    _exact(bring_in["others"], -10.0)
    _exact(bring_in["difference"], 30.0)
    for k, value in enumerate((20.0, -10.0, -10.0)):
        _exact(design["seat_ev_bb100"]["from_bring_in"][k], value)
    # the positions from the dealer's left: whoever holds the lowest card brings in
    by_button = [e["value"] for e in design["seat_ev_bb100"]["from_button"]]
    assert sum(by_button) == pytest.approx(0.0)
    _exact(design["pot_bb_by_street"]["third"], 0.3)  # the three antes
    assert set(design["pot_bb_by_street"]) == {"third"}
    assert design["streets_reached"]["third"]["value"] == 1.0
    assert design["streets_reached"]["fourth"]["value"] == 0.0
    _exact(design["decisions_per_hand"], 3.0)  # the bring-in and two folds
    assert design["raise_frequency"]["third"]["value"] == 0.0


@pytest.mark.parametrize("engine", ["kernel", "general"])
def test_calling_stations_pot_twelve_chips_by_every_street(engine: str) -> None:
    """Four calling stations: 4 antes and 4 bring-ins of 2 after third street, then checks
    to the end: a pot of 12 chips (1.2 big bets) after every street, 20 decisions a hand."""
    report = simulate("seven-card-stud", hands=80, players=4, seed=7, workers=1,
                      bots="calling-station", engine=engine)
    assert report.engine == engine
    design = report.design()
    for street in ("third", "fourth", "fifth", "sixth", "seventh"):
        _exact(design["pot_bb_by_street"][street], 1.2)
        assert design["streets_reached"][street]["value"] == 1.0
        assert design["raise_frequency"][street]["value"] == 0.0
    _exact(design["decisions_per_hand"], 20.0)
    # the bring-in player pays 2 more for no better a hand: it cannot gain on average by it,
    # and the four positions' results sum to zero hand by hand
    assert sum(e["value"] for e in design["seat_ev_bb100"]["from_bring_in"]) == \
        pytest.approx(0.0, abs=1e-9)


def test_the_metrics_from_counts_with_known_answers() -> None:
    tally = Tally(2, hands=4, actions=8, actions_sq=16)
    # position 1 (the dealer's left) wins 10, 10, 10, -10; the dealer the opposite
    tally.position_net, tally.position_sq = [20, -20], [400, 400]
    tally.forced_hands = 2
    tally.forced_net, tally.forced_sq = [-4, 4], [8, 8]
    tally.street_pot["third"], tally.street_pot_sq["third"] = 40, 400
    tally.street_rounds["third"] = 4
    tally.ended_on["third"] = 1
    tally.ended_on["fourth"] = 3
    tally.action_mix[("third", "bet")] = 2
    tally.action_mix[("third", "call")] = 6
    design = design_metrics(tally, 10, ("third", "fourth"))
    first = design["seat_ev_bb100"]["from_button"][0]
    # mean 5 chips a hand = 50 bb/100; sample sd of (10, 10, 10, -10) = 10
    half = Z95 * 10 / math.sqrt(4) * 10
    assert first["value"] == pytest.approx(50.0)
    assert first["ci95"] == pytest.approx([50.0 - half, 50.0 + half])
    fairness = design["fairness"]
    assert (fairness["value"], fairness["best"], fairness["worst"]) == (100.0, 0, 1)
    assert fairness["ci95"] == pytest.approx([max(0.0, 100.0 - 2 * half), 100.0 + 2 * half])
    bring_in = design["bring_in_ev_bb100"]
    assert bring_in["bring_in"]["value"] == pytest.approx(-20.0)
    assert bring_in["others"]["value"] == pytest.approx(20.0)
    assert bring_in["difference"]["value"] == pytest.approx(-40.0)
    _exact(design["pot_bb_by_street"]["third"], 1.0)
    assert design["streets_reached"]["fourth"]["value"] == 0.75
    assert design["raise_frequency"]["third"]["value"] == 0.25
    _exact(design["decisions_per_hand"], 2.0)


def test_a_bot_that_always_wins_is_the_stronger_from_the_first_hand() -> None:
    """A raiser against a player who folds whenever it may: the raiser wins every hand,
    3 chips when the folder had to bring in (its ante and bring-in), 1 when the raiser did
    (the folder's ante); the difference of the two, per hand, is twice that."""
    report = simulate("seven-card-stud", hands=100, players=2, seed=4, workers=1,
                      bots="test_design_metrics:Raiser,test_design_metrics:FoldBot",
                      engine="general")
    nets = [s.net for s in report.seats]
    assert nets[0] == -nets[1] and all(s.hands_won == (100 if s.seat == 0 else 0)
                                       for s in report.seats)
    skill = report.design()["skill"]
    assert (skill["stronger"], skill["weaker"]) == ("test_design_metrics:Raiser",
                                                    "test_design_metrics:FoldBot")
    assert skill["bb100"]["value"] == pytest.approx(2 * nets[0] / 100 / 10 * 100)
    assert skill["hands_to_lead_95"] == 1
    # one kind of bot: nothing to compare
    assert simulate("seven-card-stud", hands=20, players=3, seed=1, workers=1,
                    bots="calling-station").design()["skill"] is None


def test_skill_from_counts_with_a_known_answer() -> None:
    # seats 0 and 2 are bot "a", seat 1 bot "b"; two hands: (4, -6, 2) and (-2, 0, 2)
    tally = Tally(3, hands=2)
    hands = [(4, -6, 2), (-2, 0, 2)]
    for payoffs in hands:
        tally.add_design(payoffs, 2, None, [])
        for seat, amount in enumerate(payoffs):
            tally.net[seat] += amount
            tally.net_sq[seat] += amount * amount
    skill = design_metrics(tally, 10, ("third",), ("a", "b", "a"))["skill"]
    # per hand, a's mean less b's: (3 - -6) = 9 and (0 - 0) = 0 chips
    differences = [9, 0]
    mean = sum(differences) / 2
    sd = math.sqrt(sum((d - mean) ** 2 for d in differences))
    assert (skill["stronger"], skill["weaker"]) == ("a", "b")
    assert skill["bb100"]["value"] == pytest.approx(mean * 10)
    half = Z95 * sd / math.sqrt(2) * 10
    assert skill["bb100"]["ci95"] == pytest.approx([mean * 10 - half, mean * 10 + half])
    assert skill["hands_to_lead_95"] == math.ceil((1.6448536269514722 * sd / mean) ** 2)


def test_wilson_intervals() -> None:
    none = wilson(0, 10)
    assert none.value == 0.0 and none.ci95 == pytest.approx((0.0, 0.27753), abs=1e-5)
    half = wilson(50, 100)
    assert half.ci95 == pytest.approx((0.40383, 0.59617), abs=1e-5)
    assert wilson(0, 0).value is None


@pytest.mark.parametrize("engine", ["kernel", "general"])
def test_a_game_without_a_bring_in_has_no_bring_in_metrics(engine: str) -> None:
    design = simulate("eighty-eight", hands=30, players=3, seed=1, workers=1,
                      engine=engine).design()
    assert design["bring_in_ev_bb100"] is None
    assert design["seat_ev_bb100"]["from_bring_in"] is None
    assert len(design["seat_ev_bb100"]["from_button"]) == 3


def test_the_design_is_the_same_at_any_stakes() -> None:
    small = simulate("seven-card-stud", hands=200, players=5, seed=9, workers=1)
    rich = simulate("seven-card-stud", hands=200, players=5, seed=9, workers=1,
                    stakes="ante=20,bring-in=40,small=100,big=200")
    assert small.design() == rich.design()


def test_the_design_in_the_json_the_text_and_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "razz", "--hands", "50", "--players", "4", "--seed", "3",
                 "--workers", "1", "--json"]) == 0
    design = json.loads(capsys.readouterr().out)["design"]
    assert set(design) == DESIGN_KEYS
    assert len(design["seat_ev_bb100"]["from_button"]) == 4
    assert main(["simulate", "razz", "--hands", "50", "--players", "4", "--seed", "3",
                 "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "design metrics (95% intervals)" in out and "bb/100 by position" in out
    assert "pot after its betting (big bets)" in out
    result = compare(["seven-card-stud", "razz"], hands=40, players=3, seed=1, odds=False)
    assert all(set(s["design"]) == DESIGN_KEYS for s in result.to_json()["simulations"])
    page = write_report(result, tmp_path)[0].read_text()
    assert "<h2>Design metrics</h2>" in page
    assert "pot after seventh (big bets)" in page


def test_the_equity_bot_s_budget_is_part_of_its_name_on_both_engines() -> None:
    from studkit.bots.compiled import bot_table
    from studkit.bots.players import EquityBot
    from studkit.bots.protocol import BotError
    from studkit.bots.registry import equity_budget, make_bot, parse_bots
    from studkit.variant.loader import load_variant

    variant = load_variant("seven-card-stud")
    bot = make_bot("equity-50", variant)
    assert isinstance(bot, EquityBot) and bot.trials == 50
    assert make_bot("equity", variant).trials == EquityBot.trials == 100  # type: ignore[attr-defined]
    assert equity_budget("equity-0") is None and equity_budget("equity-100001") is None
    with pytest.raises(BotError, match="equity-N"):
        parse_bots("equity-0", 2)
    table = bot_table(["equity-50", "tag", "equity"])
    assert [row[7] for row in table] == [50.0, 0.0, 100.0]
    assert list(table[1][:6]) == list(table[0][:6])  # the equity bot plays tag's style too
    for engine in ("kernel", "general"):
        report = simulate("razz", hands=40, players=2, seed=1, workers=1,
                          bots="equity-25,calling-station", engine=engine)
        assert report.engine == engine


def test_the_skill_trace_doubles_the_budget(capsys: pytest.CaptureFixture[str]) -> None:
    from studkit.simulation.skill_trace import TRACE_BUDGETS, skill_trace

    trace = skill_trace("seven-card-stud", hands=300, players=4, seed=2)
    assert [point["budget"] for point in trace] == list(TRACE_BUDGETS) == [25, 50, 100, 200,
                                                                           400]
    assert {point["bot"] for point in trace} == {f"equity-{b}" for b in TRACE_BUDGETS}
    assert all(point["opponent"] == "calling-station" and point["bb100"]["ci95"]
               for point in trace)
    assert main(["simulate", "seven-card-stud", "--hands", "200", "--players", "4", "--seed",
                 "2", "--workers", "1", "--skill-trace", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["design"]
    # the table's weakest bot is the opponent: the default mix's calling station here
    assert [p["budget"] for p in data["skill_trace"]] == list(TRACE_BUDGETS)
    assert data["skill_trace"][0]["opponent"] == data["skill"]["weaker"]
    assert main(["simulate", "seven-card-stud", "--hands", "50", "--players", "3", "--seed",
                 "2", "--workers", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["design"]["skill_trace"] is None


def test_decisiveness_and_lead_changes_from_known_hands() -> None:
    tally = Tally(3, hands=3)
    # seat 0 wins; the best board: seat 0 on fourth, seat 1 on fifth and sixth (one change)
    tally.add_leads([6, -3, -3], [("fourth", 0), ("fifth", 1), ("sixth", 1)])
    # seat 1 wins; seat 1 leads throughout (no change)
    tally.add_leads([-2, 4, -2], [("fourth", 1), ("fifth", 1)])
    # a split pot: no single winner, so no decisiveness count; the leads still change twice
    tally.add_leads([3, 3, -6], [("fourth", 0), ("fifth", 2), ("sixth", 0)])
    assert (tally.led["fourth"], tally.led_won["fourth"]) == (2, 2)
    assert (tally.led["fifth"], tally.led_won["fifth"]) == (2, 1)
    assert (tally.led["sixth"], tally.led_won["sixth"]) == (1, 0)
    assert (tally.lead_changes, tally.lead_changes_sq) == (3, 5)
    design = design_metrics(tally, 10, ("third", "fourth", "fifth", "sixth"))
    assert design["decisiveness"]["fourth"]["value"] == 1.0
    assert design["decisiveness"]["fifth"]["value"] == 0.5
    assert design["lead_changes"]["behind_wins"]["sixth"]["value"] == 1.0
    assert "third" not in design["decisiveness"]  # the bring-in opened it: no best board
    per_hand = design["lead_changes"]["per_hand"]
    assert per_hand["value"] == 1.0 and per_hand["n"] == 3


@pytest.mark.parametrize("engine", ["kernel", "general"])
def test_every_betting_street_after_the_bring_in_has_its_best_board(engine: str) -> None:
    report = simulate("seven-card-stud", hands=300, players=5, seed=3, workers=1,
                      engine=engine)
    decisiveness = report.design()["decisiveness"]
    assert list(decisiveness) == ["fourth", "fifth", "sixth", "seventh"]
    # every hand with one winner that reached a street counts there: seventh as sixth
    t = report.tally
    assert t.led["fourth"] >= t.led["fifth"] >= t.led["sixth"] >= t.led["seventh"] > 0
    assert 0.0 < decisiveness["sixth"]["value"] < 1.0


def test_compare_plays_each_variant_s_skill_trace(tmp_path: Path) -> None:
    from rich.console import Console

    from studkit.cli.compare import render

    result = compare(["seven-card-stud", "razz"], hands=120, players=4, seed=3, odds=False,
                     skill_trace=True)
    for report in result.reports:
        trace = report.design()["skill_trace"]
        assert [p["bot"] for p in trace] == ["equity-25", "equity-50", "equity-100",
                                             "equity-200", "equity-400"]
    console = Console(width=120, record=True, color_system=None)
    render(result, console)
    assert "skill, equity-400, bb/100" in console.export_text()
    page = write_report(result, tmp_path)[0].read_text()
    assert "skill trace: equity-25 against the weakest bot (bb/100)" in page
    assert compare(["seven-card-stud", "razz"], hands=20, players=3, seed=3,
                   odds=False).reports[0].design()["skill_trace"] is None


def test_the_blinds_by_position_from_the_dealer_s_left(tmp_path: Path) -> None:
    """Four players who fold whenever they may, in a game of blinds 2 and 5 (no ante): the
    small blind, on the dealer's left, folds to the big blind, the next seat, which wins it.
    From the dealer's left, whichever seat deals: -2 chips a hand, +2, 0 and 0, so -20, +20,
    0 and 0 bb/100 at a big bet of 10; counted from the bring-in there is none."""
    path = tmp_path / "pistol-pete-blinds.yaml"
    path.write_text("studkit: 1\nextends: pistol-pete\nname: pistol-pete-blinds\n"
                    "forced_bets: {ante: 0, bring_in: null, blinds: {small: 2, big: 5}}\n",
                    encoding="utf-8")
    report = simulate(str(path), hands=40, players=4, seed=3, workers=1,
                      bots="test_design_metrics:FoldBot", engine="general")
    design = report.to_json()["design"]
    for k, value in enumerate((-20.0, 20.0, 0.0, 0.0)):
        _exact(design["seat_ev_bb100"]["from_button"][k], value)
    assert design["bring_in_ev_bb100"] is None
    _exact(design["decisions_per_hand"], 3.0)  # three folds
