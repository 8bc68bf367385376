"""``studkit simulate``: the JSON contract, reproducibility whatever the number of workers,
the statistics' definitions, and errors."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from studkit.cli import main
from studkit.simulation import Setup, SimulationError, simulate
from studkit.simulation.report import RUN_FIELDS, _median, mean_and_sd
from studkit.simulation.tally import Tally, category_of

CONTRACT = {"variant", "hands", "players", "seats", "showdown_rate", "community_card_rate",
            "mean_pot", "winning_categories"}


def test_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "seven-card-stud", "--hands", "60", "--players", "4",
                 "--seed", "3", "--workers", "1", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert CONTRACT <= set(data)
    assert data["variant"] == "seven-card-stud" and data["hands"] == 60 and data["players"] == 4
    assert len(data["seats"]) == 4 and all("net" in seat for seat in data["seats"])
    assert sum(seat["net"] for seat in data["seats"]) == 0
    for key in ("median_pot", "split_rate", "scoop_rate", "bring_in_completion_rate",
                "mean_actions", "action_mix", "ended_on_street"):
        assert key in data
    assert set(data["winning_categories"]) == {"high"}
    assert 0.0 <= data["showdown_rate"] <= 1.0


@pytest.mark.parametrize("engine", ["kernel", "general"])
def test_chip_figures_in_big_bets_beside_the_chips(
    engine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["simulate", "seven-card-stud", "--hands", "80", "--players", "4", "--seed",
                 "3", "--workers", "1", "--json", "--engine", engine,
                 "--stakes", "ante=2,bring-in=5,small=25,big=50"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["big_bet"] == 50
    for key in ("mean_pot", "median_pot", "pot_sd"):
        assert data[f"{key}_bb"] == pytest.approx(data[key] / 50)
    for seat in data["seats"]:
        assert seat["net_bb"] == pytest.approx(seat["net"] / 50)
        assert seat["bb_per_100"] == pytest.approx(seat["net"] / 50 / 80 * 100)
    main(["simulate", "seven-card-stud", "--hands", "80", "--players", "4", "--seed", "3",
          "--workers", "1", "--engine", engine, "--stakes", "ante=2,bring-in=5,small=25,big=50"])
    text = capsys.readouterr().out
    assert "(1 bb = 50 chips)" in text
    mean = next(line for line in text.splitlines() if "mean pot" in line)
    assert f"{data['mean_pot_bb']:,.2f} bb ({data['mean_pot']:,.2f} chips)" in mean
    assert "net big bets" in text


def test_the_same_game_at_twenty_times_the_stakes_reports_the_same_big_bets() -> None:
    small = simulate("seven-card-stud", hands=150, players=5, seed=9, workers=1)
    rich = simulate("seven-card-stud", hands=150, players=5, seed=9, workers=1,
                    stakes="ante=20,bring-in=40,small=100,big=200")
    stats, rich_stats = small.statistics(), rich.statistics()
    for key in ("mean_pot_bb", "median_pot_bb", "pot_sd_bb", "mean_actions", "showdown_rate"):
        assert stats[key] == rich_stats[key], key
    assert [s.bb_per_100 for s in small.seats] == [s.bb_per_100 for s in rich.seats]
    assert [s.ci95 for s in small.seats] == [s.ci95 for s in rich.seats]
    assert rich.tally.pot_total == 20 * small.tally.pot_total


def test_same_seed_same_report_whatever_the_workers() -> None:
    one = simulate("seven-card-stud", hands=120, players=5, seed=42, workers=1)
    two = simulate("seven-card-stud", hands=120, players=5, seed=42, workers=2)
    first, second = one.to_json(), two.to_json()
    assert (first["workers"], second["workers"]) == (1, 2)
    # leave out where and how fast the hands were played
    first, second = ({k: v for k, v in d.items() if k not in RUN_FIELDS} for d in (first, second))
    # byte for byte: blocks are merged in block order, whichever finishes first
    assert json.dumps(first) == json.dumps(second)
    other = simulate("seven-card-stud", hands=120, players=5, seed=43, workers=1)
    assert other.to_json() != one.to_json()


def test_hi_lo_reports_both_shares_and_splits() -> None:
    report = simulate("seven-card-stud-hi-lo", hands=150, players=4, bots="calling-station",
                      seed=1, workers=1)
    stats = report.statistics()
    assert stats["showdown_rate"] == 1.0  # nobody ever folds
    assert set(report.winning_categories()) == {"high", "low"}
    assert report.tally.share_awards["low"] > 0
    assert stats["split_rate"] is not None and stats["split_rate"] > 0.2
    assert stats["bring_in_completion_rate"] == 0.0


def test_eight_players_to_seventh_street_need_the_community_card() -> None:
    report = simulate("seven-card-stud", hands=20, players=8, bots="calling-station", seed=2,
                      workers=1)
    assert report.statistics()["community_card_rate"] == 1.0
    assert report.statistics()["mean_players_at_showdown"] == 8.0


def test_seat_results_and_intervals() -> None:
    report = simulate("razz", hands=80, players=3, bots="tag,lag,random", seed=9, workers=1)
    assert [s.bot for s in report.seats] == ["tag", "lag", "random"]
    assert sum(s.net for s in report.seats) == 0
    for seat in report.seats:
        assert seat.ci95 is not None and seat.ci95[0] <= seat.bb_per_100 <= seat.ci95[1]
        assert seat.bb_per_100 == pytest.approx(seat.net / 80 / 10 * 100)


def test_statistics_helpers_are_exact() -> None:
    assert mean_and_sd(6, 14, 3) == pytest.approx((2.0, 1.0))
    assert _median(Counter({1: 1, 5: 2, 9: 1}), 4) == 5.0
    assert _median(Counter({1: 2, 3: 2}), 4) == 2.0
    a, b = Tally(2), Tally(2)
    a.add_hand([("street", 0, "third"), ("bring-in", 0, 2, 2), ("fold", 1, 0, 0),
                ("award", 0, 4, 0, "", "")], [2, -2])
    b.merge(a)
    b.merge(a)
    assert b.hands == 2 and b.net == [4, -4] and b.pots == Counter({4: 2})
    assert b.showdowns == 0 and b.bring_in_hands == 2 and b.completed_bring_ins == 0


def test_no_progress_bar_when_output_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["simulate", "five-card-stud", "--hands", "2500", "--players", "2", "--bots",
          "calling-station", "--seed", "1", "--workers", "1"])
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "showdown rate" in captured.out and "100.00%" in captured.out


def test_history_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("studkit.history.record")
    target = tmp_path / "hands.phhs"
    code = main(["simulate", "seven-card-stud", "--hands", "5", "--players", "3", "--seed", "4",
                 "--workers", "2", "--history", str(target)])
    assert code == 0
    text = target.read_text()
    assert text.count("[5]") == 1 and "[6]" not in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "9"], "--players 9: seven-card-stud seats 2 to 8 players"),
        (["--hands", "0"], "--hands must be at least 1"),
        (["--players", "6", "--bots", "tag,lag"], "names 2 bots for 6 players"),
        (["--bots", ",".join(["tag"] * 9)], "names 9 bots, one per seat: seven-card-stud "
         "seats 2 to 8 players"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--stakes", "ante=x"], "--stakes"),
    ],
)
def test_bad_options_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "seven-card-stud", *argv]) == 2
    assert message in capsys.readouterr().err


def test_simulation_error_is_a_studkit_error() -> None:
    with pytest.raises(SimulationError):
        simulate("seven-card-stud", hands=0)


def test_the_cli_names_every_built_in_bot() -> None:
    from studkit import simulation
    from studkit.bots import BUILT_IN_BOTS
    from studkit.cli import simulate as command

    assert tuple(BUILT_IN_BOTS) == command.BOT_NAMES
    assert (command.DEFAULT_HANDS, command.DEFAULT_PLAYERS) == (
        simulation.DEFAULT_HANDS, simulation.DEFAULT_PLAYERS)


def test_categories_come_from_the_hands_the_engine_ranked() -> None:
    assert category_of("Royal flush") == "straight-flush"
    assert category_of("Five of a kind, aces") == "five-of-a-kind"
    assert category_of("One pair, aces, kickers K-5-3") == "one-pair"
    assert category_of("A-K-5-4-3") == "A-low"
    assert category_of("no qualifying low") is None
    # queens wild and the rank after an up queen: tied hands have one category
    report = simulate("follow-the-queen", hands=40, players=4, bots="calling-station", seed=5)
    assert sum(report.winning_categories()["high"].values()) == report.tally.showdowns


def test_progress_bar_only_on_a_terminal_and_for_long_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from studkit.cli import simulate as command

    monkeypatch.setattr(command, "_on_terminal", lambda: True)
    with command.progress_bar(command.PROGRESS_MIN, "razz") as update:
        assert update is not None
        update(10)
    with command.progress_bar(command.PROGRESS_MIN - 1, "razz") as update:
        assert update is None
    monkeypatch.setattr(command, "_on_terminal", lambda: False)
    with command.progress_bar(10**6, "razz") as update:
        assert update is None


def test_a_per_seat_bots_list_sets_the_table_size(capsys: pytest.CaptureFixture[str]) -> None:
    # docs/simulation.md runs `--bots mybots:MinRaiser,tag,tag` without --players
    report = simulate("razz", hands=3, bots="tag,lag,random", seed=1)
    assert report.players == 3 and report.bots == ("tag", "lag", "random")
    assert simulate("razz", hands=3, bots="tag", seed=1).players == 6
    assert main(["simulate", "razz", "--hands", "3", "--bots", "tag,tag,tag", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 3


def test_table_speaks_of_scoops_only_when_a_pot_has_several_shares(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # "scoop rate 99.99%" in a high-only game only restates the ties
    main(["simulate", "seven-card-stud", "--hands", "20", "--seed", "1", "--workers", "1"])
    out = capsys.readouterr().out
    assert "tied pots (of showdowns)" in out and "scoop" not in out
    main(["simulate", "seven-card-stud-hi-lo", "--hands", "20", "--seed", "1", "--workers", "1"])
    out = capsys.readouterr().out
    assert "split rate (of showdowns)" in out and "scoop rate (of showdowns)" in out


def test_an_unwritable_history_path_is_refused_before_playing(tmp_path: Path) -> None:
    with pytest.raises(SimulationError, match="does not exist"):
        simulate("razz", hands=10_000, seed=1, history=tmp_path / "missing" / "run.phhs")
    report = simulate("razz", hands=2, seed=1, history=f"{tmp_path}/new/deeper/")
    assert report.hands == 2 and len(list((tmp_path / "new" / "deeper").iterdir())) == 2


def test_category_tables_run_best_first_and_add_up_to_every_showdown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # the low table of a hi-lo game summed to about half the showdowns with no word on the rest
    main(["simulate", "seven-card-stud-hi-lo", "--hands", "120", "--seed", "2", "--workers",
          "1", "--json"])
    data = json.loads(capsys.readouterr().out)
    lows = data["winning_categories"]["low"]
    unawarded = data["showdowns"] - data["share_awarded"]["low"]
    assert unawarded > 0
    main(["simulate", "seven-card-stud-hi-lo", "--hands", "120", "--seed", "2", "--workers",
          "1"])
    out = capsys.readouterr().out
    low_table = out[out.index("winning low hands"):]
    assert f"(not awarded: no low hand qualified) │ {unawarded:>9,}" in low_table
    positions = [low_table.index(f"│ {name} ") for name in sorted(lows)]  # 5-low < 6-low ...
    assert positions == sorted(positions)
    assert "of showdowns" in low_table


def test_a_plugin_ranked_share_is_reported_without_categories(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # chicago's hole-spade half used to vanish from the table output
    main(["simulate", "chicago", "--hands", "30", "--seed", "1", "--workers", "1", "--json"])
    data = json.loads(capsys.readouterr().out)
    awarded, showdowns = data["share_awarded"]["hole-spade"], data["showdowns"]
    main(["simulate", "chicago", "--hands", "30", "--seed", "1", "--workers", "1"])
    out = capsys.readouterr().out
    assert (f"hole-spade share: awarded at {awarded:,} of {showdowns:,} showdowns" in out
            and "a plugin ranks it, so it has no hand categories" in out)


def test_one_hand_has_no_confidence_interval() -> None:
    # a zero-width interval from a single hand claimed certainty it does not have
    report = simulate("razz", hands=1, players=2, seed=1)
    assert all(seat.ci95 is None for seat in report.seats)
    assert all(seat["ci95"] is None for seat in report.to_json()["seats"])
    assert all(seat.ci95 is not None for seat in simulate("razz", hands=2, players=2).seats)


@pytest.mark.parametrize("bots", ["random", "calling-station", "tag,lag,random,calling-station"])
def test_counting_from_the_hand_matches_reading_its_event_log(bots: str) -> None:
    """Hands without plugins are tallied from their state and the decisions taken; that
    must count exactly what reading the whole event log counts, in every such variant."""
    from studkit import builtin_variant_names, load_variant
    from studkit.bots import make_bot, parse_bots
    from studkit.hooks.host import variant_plugin_refs
    from studkit.simulation.played import PlayedCounts
    from studkit.simulation.runner import Dealer
    from studkit.simulation.tally import Tally

    checked = 0
    for name in builtin_variant_names():
        variant = load_variant(name)
        if variant_plugin_refs(variant):  # named, or brought in by a street's discard or flip
            continue
        players = min(4, variant.max_players)
        setup = Setup(variant, players, parse_bots(bots, players), variant.stakes,
                      30 * variant.stakes.big_bet, 11)
        dealer = Dealer(setup, [make_bot(b, variant) for b in setup.bots])
        assert dealer.plain
        from_state, from_log = Tally(players), Tally(players)
        counts = PlayedCounts(from_state)
        for index in range(150):
            hand = dealer.play(index)
            counts.add(hand, dealer.decisions)
            from_log.add_played(hand)
            if index == 70:
                counts.close()  # counted in two parts: closing starts the counters again
        counts.close()
        assert from_state == from_log, name
        checked += 1
    assert checked >= 10


def test_the_seats_table_counts_from_one_and_json_from_zero(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "razz", "--hands", "5", "--bots", "tag,lag", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    seats = out[out.index("seats (bb/100"):out.index("design metrics")]
    rows = [line.split("│")[1:3] for line in seats.splitlines() if "│" in line and "tag" in line
            or "│" in line and "lag" in line]
    assert [(seat.strip(), bot.strip()) for seat, bot in rows] == [("1", "tag"), ("2", "lag")]
    assert main(["simulate", "razz", "--hands", "5", "--bots", "tag,lag", "--json"]) == 0
    seats = json.loads(capsys.readouterr().out)["seats"]
    assert [(s["seat"], s["bot"]) for s in seats] == [(0, "tag"), (1, "lag")]


@pytest.mark.parametrize("workers", [1, 2])
def test_the_reported_time_leaves_out_start_up(
    workers: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report's seconds (and so its hands per second) time the play alone: a clock that
    jumps by an hour while the first hand is played untimed and while the worker processes
    start must not show the hour, which is the set-up's."""
    import types

    from studkit.simulation import runner, timing

    now = [0.0]
    clock = types.SimpleNamespace(perf_counter=lambda: now[0])
    monkeypatch.setattr(timing, "time", clock)
    real_play = runner._PLAYERS["general"]
    real_executor = runner._executor
    calls = [0]

    def play(setup: Setup, start: int, stop: int, record: bool) -> object:
        calls[0] += 1
        if calls[0] == 1:
            now[0] += 3600.0  # the first, untimed hand: tables built, caches warmed
        else:
            now[0] += 1.0
        return real_play(setup, start, stop, record)

    def executor(*args: object, **kwargs: object) -> object:
        now[0] += 3600.0  # starting the worker processes
        return real_executor(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setitem(runner._PLAYERS, "general", play)
    monkeypatch.setattr(runner, "_executor", executor)
    report = simulate("seven-card-stud", hands=40, players=3, workers=workers,
                      engine="general", seed=1)
    assert report.tally.hands == 40
    assert report.seconds < 3600.0
    assert report.setup_seconds >= 3600.0 * workers  # the untimed hand, the processes
    if workers == 1:
        assert report.seconds >= 1.0  # the timed blocks are in it
