"""``studkit compare``: identical rule sets say "no difference", real differences are found,
the tests' p-values are right, exact odds where rankings differ, the HTML/PNG report."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from studkit import load_variant
from studkit.cli import main
from studkit.compare import CompareError, compare, odds_where_different, write_report
from studkit.compare.significance import (
    chi_square_sf,
    chi_square_test,
    holm,
    student_t_sf,
    two_proportion_test,
    welch_t_test,
)
from studkit.variant.model import PotShare


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STUDKIT_CACHE_DIR", str(tmp_path / "cache"))


def test_identical_rule_sets_say_no_difference(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["compare", "seven-card-stud", "seven-card-stud", "--hands", "80",
                 "--players", "4", "--seed", "5", "--workers", "1"])
    assert code == 0
    out = capsys.readouterr().out
    assert "no difference: the rule sets are the same and played identically" in out
    assert "no rule differs" in out
    assert " yes " not in out and "same" in out


def test_an_alias_file_with_the_same_rules_says_no_difference(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("studkit: 1\nname: house-stud\nextends: seven-card-stud\n")
    result = compare(["seven-card-stud", str(house)], hands=60, players=3, seed=1, odds=False)
    assert result.summary().startswith("no difference")
    assert all(v == "no difference" for row in result.rows for v in row.verdicts)


def test_razz_against_stud_structure() -> None:
    result = compare(["seven-card-stud", "razz"], hands=60, players=4, seed=2, odds=False)
    assert any("bring-in" in line for line in result.rules[0])
    names = {row.name for row in result.rows}
    assert "winning_categories_high" not in names  # no pot share in common to test
    data = result.to_json()
    assert data["variants"] == ["seven-card-stud", "razz"]
    assert data["statistics"][0]["test"] == "two-proportion z-test"
    assert len(data["simulations"]) == 2


def test_a_real_difference_is_significant() -> None:
    stud = load_variant("seven-card-stud")
    big_ante = replace(stud, name="big-ante-stud", stakes=replace(stud.stakes, ante=5))
    result = compare([stud, big_ante], hands=50, players=6, seed=3, bots="calling-station",
                     odds=False)
    rows = {row.name: row for row in result.rows}
    assert rows["mean_pot_bb"].values == [1.8, 4.2]  # 18 and 42 chips, big bet 10
    assert rows["mean_pot_bb"].verdicts == ["significant"]
    assert rows["showdown_rate"].verdicts == ["no difference"]
    assert "significant difference" in result.summary() and "mean pot" in result.summary()
    assert result.warnings == []  # the same big bet: a bigger ante is a rule change


def test_games_that_differ_only_in_stakes_show_no_difference() -> None:
    stud = load_variant("seven-card-stud")
    rich = replace(stud, name="rich-stud", stakes=replace(
        stud.stakes, ante=20, bring_in=40, small_bet=100, big_bet=200))
    result = compare([stud, rich], hands=300, players=6, seed=5, odds=False)
    assert [r.big_bet for r in result.reports] == [10, 200]
    assert result.reports[1].mean_pot == 20 * result.reports[0].mean_pot
    for row in result.rows:
        assert row.verdicts == ["no difference"], row.name
        assert row.values[0] == row.values[1], row.name
    assert result.summary().startswith("no difference: every statistic is the same in big bets")
    (warning,) = result.warnings
    assert warning.startswith("the stakes differ: seven-card-stud at ante=1, bring-in=2")
    assert "rich-stud at ante=20" in warning and "1 bb = 200 chips" in warning
    # the charts share one big-bet axis: both games draw the same pot line
    from studkit.compare.charts import POTS_AXIS, pot_histogram, pots_chart
    _, shares = pot_histogram(result)
    assert shares[0] == shares[1]
    assert POTS_AXIS in pots_chart(result)


def test_the_same_stakes_give_no_warning() -> None:
    result = compare(["razz", "seven-card-stud-hi-lo"], hands=20, players=3, seed=1,
                     odds=False)
    assert result.warnings == [] and result.to_json()["warnings"] == []


def test_a_stakes_warning_reaches_stderr_the_json_and_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rich = tmp_path / "rich.yaml"
    rich.write_text("studkit: 1\nextends: seven-card-stud\nname: rich-stud\n"
                    "forced_bets: {ante: 20, bring_in: {amount: 40}}\n"
                    "betting: {small_bet: 100, big_bet: 200}\n")
    code = main(["compare", "seven-card-stud", str(rich), "--hands", "40", "--players", "3",
                 "--seed", "2", "--workers", "1", "--json", "--no-odds",
                 "--report", str(tmp_path / "report")])
    assert code == 0
    captured = capsys.readouterr()
    assert "studkit compare: warning: the stakes differ" in captured.err
    data = json.loads(captured.out)
    assert data["warnings"][0].startswith("the stakes differ")
    assert all(v == ["no difference"] for v in (s["verdicts"] for s in data["statistics"]))
    page = (tmp_path / "report" / "index.html").read_text()
    assert 'class="warning">Warning: the stakes differ' in page


def test_a_rule_the_bots_never_put_to_the_test_is_named() -> None:
    # calling stations never raise: neither the raise cap nor the open-pair big bet is tried
    result = compare(["seven-card-stud", "tda-seven-card-stud"], hands=200, players=4,
                     seed=3, bots="calling-station", odds=False)
    assert [r.tally.capped_hands for r in result.reports] == [0, 0]
    assert result.reports[0].tally.open_pair_hands > 0
    assert result.reports[0].tally.open_pair_taken == 0
    assert result.warnings == [
        "lifting the raise cap heads-up differs between the variants, but no hand reached the "
        "cap in any of them: the bots cannot show its effect",
        "the open-pair option differs between the variants, but it was live in "
        f"{result.reports[0].tally.open_pair_hands:,} hands and nobody made the big bet in "
        "any of them: the bots cannot show its effect",
    ]
    capped = replace(load_variant("seven-card-stud"), name="capped-stud",
                     betting=replace(load_variant("seven-card-stud").betting, max_raises=1))
    result = compare(["seven-card-stud", capped], hands=200, players=4, seed=3,
                     bots="calling-station", odds=False)
    assert result.warnings[0].startswith("the raise cap differs between the variants")
    # bots that raise reach the cap, and some make the open-pair big bet: nothing to say
    result = compare(["seven-card-stud", "tda-seven-card-stud"], hands=1000, players=6,
                     seed=1, odds=False)
    assert result.reports[0].tally.capped_hands and result.reports[0].tally.open_pair_taken
    assert result.warnings == []


def test_open_pair_house_rule_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["compare", "seven-card-stud", "tda-seven-card-stud", "--hands", "60",
                 "--players", "3", "--seed", "8", "--workers", "1", "--json", "--no-odds"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["correction"] == "holm"
    assert data["rules"][0]["variant"] == "tda-seven-card-stud"
    assert data["rules"][0]["differences"]
    names = [s["name"] for s in data["statistics"]]
    assert {"showdown_rate", "mean_pot_bb", "median_pot_bb", "community_card_rate",
            "bring_in_completion_rate", "mean_actions", "action_mix"} <= set(names)


def test_exact_odds_only_where_the_rankings_differ() -> None:
    five = load_variant("five-card-stud")
    low = replace(five, name="five-card-lowball", pots=(PotShare("low", "a5-low"),))
    assert odds_where_different([five, five]) == []
    tables = {t.evaluator: t for t in odds_where_different([five, low])}
    assert tables["high"].total == 2_598_960
    assert tables["high"].categories["four-of-a-kind"] == 624
    assert tables["high"].variants == ("five-card-stud",)
    assert sum(tables["a5-low"].categories.values()) == 2_598_960
    # the second call reads the cache
    again = {t.evaluator: t for t in odds_where_different([five, low])}
    assert again["a5-low"].categories == tables["a5-low"].categories


def test_report_writes_html_and_pngs(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = compare(["seven-card-stud-hi-lo", "razz"], hands=60, players=3, seed=4, odds=False)
    files = write_report(result, tmp_path / "report")
    assert [f.name for f in files] == ["index.html", "pots.png", "categories.png", "actions.png"]
    for png in files[1:]:
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = files[0].read_text()
    assert "seven-card-stud-hi-lo vs razz" in page and '<a href="pots.png">' in page
    assert page.count("<svg") == 5  # the charts are on the page either way
    assert "Holm-corrected" in page
    # the page shows the winning categories as numbers too, not only as a plot
    assert "<h2>Winning hands at showdown</h2>" in page
    low = result.reports[0].winning_categories()["low"]
    best = min(low, key=lambda name: name)  # e.g. "5-low" or "6-low"
    showdowns = result.reports[0].tally.showdowns
    assert f"<td>{best}</td><td>{low[best]:,} ({low[best] / showdowns:.2%})</td>" in page
    assert "(not awarded: no low hand qualified)" in page
    assert "<td>two-pair</td><td>" in page and "</td><td>n/a</td></tr>" in page  # razz: no high
    # a p-value is labelled as one
    assert ", p " in page and "significant &lt;" not in page


def test_report_without_matplotlib_draws_its_charts_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # the README's first look runs `compare --report` right after `pip install .`
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code = main(["compare", "seven-card-stud", "razz", "--hands", "40", "--players", "3",
                 "--no-odds", "--report", str(tmp_path / "report")])
    assert code == 0, capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "report").iterdir()) == ["index.html"]
    page = (tmp_path / "report" / "index.html").read_text()
    assert page.count("<svg") == 1 + 2 + 2  # pots; high and low categories; two action mixes
    assert "Pot-size distribution" in page and "razz: actions by street" in page
    assert "Winning high hands at showdown" in page and "Winning low hands at showdown" in page
    assert (  # the plot extra, for an install and for a checkout
        "pip install &#x27;studkit[plot]&#x27; (from a checkout: pip install &#x27;.[plot]&#x27;)"
        in page
    )
    assert "<img" not in page and ".png" not in page


def test_the_charts_hold_the_comparison_s_figures() -> None:
    from studkit.compare.charts import actions_chart, pot_histogram

    result = compare(["seven-card-stud", "razz"], hands=80, players=3, seed=5, odds=False)
    top, shares = pot_histogram(result)
    for report, row in zip(result.reports, shares, strict=True):
        kept = sum(n for size, n in report.tally.pots.items()
                   if report.in_big_bets(size) <= top)
        assert sum(row) == pytest.approx(kept / report.tally.hands)
        assert sum(row) >= 0.99
    chart = actions_chart(result, 1)
    mix = result.reports[1].action_mix()["third"]
    folds = mix.get("fold", 0) / sum(mix.values())
    assert f"third street, fold: {folds:.1%}" in chart


def test_a_game_without_a_qualifier_has_no_not_awarded_row(tmp_path: Path) -> None:
    result = compare(["seven-card-stud", "tda-seven-card-stud"], hands=40, players=3, seed=1,
                     odds=False)
    page = write_report(result, tmp_path)[0].read_text()
    assert "not awarded" not in page and "<h3>high</h3>" in page


def test_an_unwritable_report_folder_is_refused_before_simulating(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import studkit.compare

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("simulated before checking --report")

    monkeypatch.setattr(studkit.compare, "compare", never)
    taken = tmp_path / "a-file"
    taken.write_text("")
    code = main(["compare", "razz", "razz", "--hands", "10000", "--report", str(taken)])
    assert code == 2
    assert f"--report {str(taken)!r}: cannot write the report" in capsys.readouterr().err


def test_one_variant_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "razz"]) == 2
    assert "at least two variants" in capsys.readouterr().err
    with pytest.raises(CompareError):
        compare(["razz"])


def test_significance_functions_against_reference_values() -> None:
    # reference values from standard tables (SciPy gives the same)
    assert student_t_sf(2.0, 5) == pytest.approx(0.0509697, abs=1e-6)
    assert student_t_sf(-1.0, 30) == pytest.approx(1 - 0.1626543, abs=1e-6)
    assert chi_square_sf(3.84, 1) == pytest.approx(0.0500435, abs=1e-6)
    assert chi_square_sf(20.0, 10) == pytest.approx(0.0292527, abs=1e-6)
    assert two_proportion_test(45, 100, 60, 100) == pytest.approx(0.03367, abs=1e-5)
    assert two_proportion_test(0, 50, 0, 50) == 1.0
    assert welch_t_test(10.0, 2.0, 50, 11.0, 2.0, 50) == pytest.approx(0.01408, abs=1e-5)
    statistic, dof, p = chi_square_test([[10, 20, 0], [20, 10, 0]])
    assert dof == 1 and statistic == pytest.approx(6.6667, abs=1e-4)
    assert p == pytest.approx(0.0098, abs=1e-4)
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])


def test_cli_prints_exact_odds_where_rankings_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    low = tmp_path / "low5.yaml"
    low.write_text(
        "studkit: 1\nname: five-card-lowball-stud\nextends: five-card-stud\n"
        "pots:\n  - name: low\n    evaluator: a5-low\n"
    )
    code = main(["compare", "five-card-stud", str(low), "--hands", "30", "--players", "3",
                 "--seed", "2", "--workers", "1"])
    assert code == 0
    out = capsys.readouterr().out
    assert "exact odds [1]: high, 5 cards, 52-card deck (five-card-stud): 2,598,960" in out
    assert "exact probability of each a5-low category" in out
    assert "0.0240%" in out  # four of a kind, 624 of 2,598,960


def test_categories_are_ordered_by_strength() -> None:
    from studkit.compare.report import category_order

    assert category_order(["9-low", "one-pair", "5-low", "K-low", "two-pair"]) == [
        "5-low", "9-low", "K-low", "one-pair", "two-pair"]
    assert category_order(["one-pair", "flush", "high-card", "five-of-a-kind"]) == [
        "five-of-a-kind", "flush", "one-pair", "high-card"]


def test_the_statistics_table_fits_80_columns_one_table_per_pair() -> None:
    # three variants side by side were squeezed into truncated columns ("seven-card…", "ra…")
    from rich.console import Console

    from studkit.cli.compare import render

    result = compare(["seven-card-stud", "razz", "seven-card-stud-hi-lo"], hands=60,
                     players=3, seed=2, odds=False)
    console = Console(width=80, record=True, color_system=None)
    render(result, console)
    out = console.export_text()
    assert "…" not in out
    assert "statistics, seven-card-stud -> razz" in out
    assert "statistics, seven-card-stud -> seven-card-stud-hi-lo" in out
    assert out.count("significant?") == 2 and out.count("p (Holm)") == 2
    tables = out[out.index("statistics, "):out.index("tests: ")]
    assert max(len(line.rstrip()) for line in tables.splitlines()) <= 80
    mean_pot = next(line for line in out.splitlines() if line.startswith(" mean pot"))
    assert "yes" in mean_pot  # razz pots are far bigger, also in 60 hands
    # without the odds nothing is known about the rankings: razz's differ from stud's
    assert "not computed (--no-odds)" in out and "the same in every variant" not in out


def test_a_bots_list_too_long_for_a_variant_is_named_as_such() -> None:
    with pytest.raises(CompareError, match=r"--bots 'tag,tag,tag,tag,tag,tag,tag' names 7 "
                       "bots, one per seat: eight-card-stud seats 2 to 6 players"):
        compare(["seven-card-stud", "eight-card-stud"], bots="tag," * 6 + "tag", hands=5)
    with pytest.raises(CompareError, match="--players 8: eight-card-stud seats 2 to 6"):
        compare(["seven-card-stud", "eight-card-stud"], players=8, hands=5)


def test_single_pot_games_speak_of_tied_pots_as_simulate_does() -> None:
    stud = compare(["seven-card-stud", "razz"], hands=40, players=3, seed=1, odds=False)
    labels = {row.name: row.label for row in stud.rows}
    assert labels["split_rate"] == "tied pots (of showdowns)" and "scoop_rate" not in labels
    hi_lo = compare(["seven-card-stud-hi-lo", "razz"], hands=40, players=3, seed=1, odds=False)
    labels = {row.name: row.label for row in hi_lo.rows}
    assert labels["split_rate"] == "split rate (of showdowns)"
    assert labels["scoop_rate"] == "scoop rate (of showdowns)"


def test_seats_count_from_one_in_the_table_and_from_zero_in_json() -> None:
    result = compare(["razz", "razz"], hands=10, players=3, seed=1, odds=False,
                     bots="tag,lag,calling-station")
    rows = {row.name: row.label for row in result.rows}
    assert rows["seat_0_bb_per_100"] == "seat 1 (tag) bb/100"
    assert rows["seat_2_bb_per_100"] == "seat 3 (calling-station) bb/100"


def test_piped_tables_are_not_wrapped(capsys: pytest.CaptureFixture[str]) -> None:
    # piped, rich used to wrap at 80 columns: "seat 2 (calling-sta" / "tion) bb/100"
    code = main(["compare", "seven-card-stud", "tda-seven-card-stud", "--hands", "20",
                 "--players", "3", "--bots", "tag,calling-station,calling-station",
                 "--no-odds", "--seed", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert any(line.lstrip().startswith("seat 2 (calling-station) bb/100")
               for line in out.splitlines())
