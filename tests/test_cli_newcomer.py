"""What a first-time user of the command line reads: the legend of ``studkit list``, the one
message for a missing optional extra, ``studkit diff``'s words for a rule one game does not
have, and the title of ``studkit odds``."""

from __future__ import annotations

import json
import re
import sys

import pytest
from conftest import ROOT, run_doctests

from studkit.cli import main
from studkit.errors import ClusterError, StudkitError
from studkit.extras import EXTRA_MODULES, install_hint, missing_extra_message, require_extra
from studkit.variant.catalogue import catalogue
from studkit.variant.catalogue_legend import MARKS
from studkit.variant.loader import builtin_variant_names, load_variant
from studkit.variant.rule_differences import diff_variants

# --------------------------------------------------------------- the legend of studkit list

DECLARE_LEGEND = """
STREETS (a space between streets):
  ↓            a card dealt face down
  ↑            a card dealt face up
POTS:
  A / B        a split pot: one share to the best hand by each evaluator (studkit show
               GAME says them in words)
BETTING:
  S/B          fixed limit: bets and raises of the small bet S on the early streets, of
               the big bet B on the later ones
"""


def test_list_explains_under_the_table_the_symbols_its_rows_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["list", "--family", "declare"]) == 0
    out = capsys.readouterr().out
    assert out.endswith(
        "two-card-hi-lo-declare        declare  2-9      ↓↑           "
        "two-card-high / two-card-a5  fixed limit 5/10\n" + DECLARE_LEGEND
    )


def test_the_whole_list_explains_every_symbol_of_the_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["list"]) == 0
    legend = capsys.readouterr().out.split("\n\n")[-1]
    symbols = [
        line.split()[0]
        for line in legend.splitlines()
        if line.startswith("  ") and not line.startswith("   ")
    ]
    assert symbols == [
        "↓",
        "↑",
        "↕",
        "⇡",
        "B↑",
        "·",
        "flip",
        "discard",
        "A",
        "EVALUATOR",
        "S/B",
        "A-B",
    ]  # no shipped game weights a share (Nx)


def test_list_json_has_no_legend(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--json", "--family", "classic"]) == 0
    rows = json.loads(capsys.readouterr().out)  # the whole output is the JSON list
    assert [row["name"] for row in rows][:2] == ["alligator-stud", "blind-stud"]


def test_list_help_explains_every_symbol(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["list", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for mark in MARKS:
        assert re.search(
            rf"^  {re.escape(mark.symbol)} +{re.escape(mark.meaning[:30])}", out, re.M
        ), mark.symbol
    assert "↓ down" not in out  # the old two-symbol summary is gone


def test_every_symbol_a_shipped_deal_shows_is_in_the_legend() -> None:
    """Take away every symbol the legend explains: nothing but spaces is left."""
    for row in catalogue():
        left = row["streets"]
        for pattern in (r"B↑+", r"flip\??(?: \d+)?", r"discard \d+"):
            left = re.sub(pattern, " ", left)
        for mark in MARKS:
            if mark.column == "STREETS" and len(mark.symbol) == 1:
                left = left.replace(mark.symbol, " ")
        assert left.strip() == "", (row["name"], row["streets"], left)


# ---------------------------------------------------------------- a missing optional extra


def test_the_extra_message_gives_the_command_for_an_install_and_a_checkout() -> None:
    assert missing_extra_message("studkit serve", "web") == (
        "studkit serve needs the web extra: pip install 'studkit[web]' "
        "(from a checkout: pip install '.[web]')"
    )
    assert install_hint("plot") == (
        "pip install 'studkit[plot]' (from a checkout: pip install '.[plot]')"
    )
    with pytest.raises(StudkitError, match="unknown extra 'gui': choose one of web, rl, dask"):
        install_hint("gui")


def test_serve_without_the_web_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    assert main(["serve", "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "studkit serve: error: studkit serve needs the web extra: pip install 'studkit[web]' "
        "(from a checkout: pip install '.[web]')\n"
    )


def test_rl_check_without_the_rl_extra_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)
    assert main(["rl", "check", "razz"]) == 2
    assert capsys.readouterr().err == (
        "studkit rl: error: studkit rl check needs the rl extra: pip install 'studkit[rl]' "
        "(from a checkout: pip install '.[rl]')\n"
    )


def test_a_missing_extra_raises_the_caller_s_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ClusterError) as raised:
        require_extra("dask", "--cluster", ClusterError)
    assert str(raised.value) == (
        "--cluster needs the dask extra: pip install 'studkit[dask]' "
        "(from a checkout: pip install '.[dask]')"
    )


def test_every_extra_named_is_one_of_the_package_s_extras() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    for extra in EXTRA_MODULES:
        assert re.search(rf"^{extra} = \[", pyproject, re.M), extra


def test_the_report_s_png_hint_is_the_plot_extra() -> None:
    from studkit.compare.report import PNG_HINT

    assert PNG_HINT == install_hint("plot")


# ------------------------------------------------------------ studkit diff and the report


def test_diff_says_a_rule_one_game_lacks_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "seven-card-stud", "follow-the-queen"]) == 0
    assert capsys.readouterr().out == (
        "seven-card-stud -> follow-the-queen\n"
        "  wild cards: none -> named in play by follow-the-queen\n"
        "  five of a kind: impossible (no wild cards in a high hand) -> wild cards can make "
        "it (above a straight flush)\n"
        "  open pair: fourth street -> off\n"
        "  plugins: none -> follow-the-queen (trigger_is_wild: true)\n"
    )


def test_diff_shows_a_board_street_s_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "seven-card-stud", "oxford-stud"]) == 0
    out = capsys.readouterr().out
    assert "  fourth street: ↑, burn first, small bet -> B↑↑, burn first, small bet\n" in out
    assert "  odd chip in split pots: one pot share only -> high share\n" in out


def test_no_difference_from_seven_card_stud_is_a_bare_dash() -> None:
    base = load_variant("seven-card-stud", require_plugins=False)
    for name in builtin_variant_names():
        for line in diff_variants(base, load_variant(name, require_plugins=False)):
            rule, _, settings = line.partition(": ")
            first, _, second = settings.partition(" -> ")
            assert "-" not in (first, second) and first and second, (name, line)


# ------------------------------------------------------------------------- studkit odds


def test_odds_of_a_variant_name_it_on_a_line_of_its_own(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "razz", "--cards", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["variant razz", "a5-low: all 2,598,960 hands of 5 cards from 52 cards"]
    assert lines[2].startswith("┏")
    assert max(len(line) for line in lines) <= 80


# ------------------------------------------------------------------- what git leaves out


def test_what_the_readme_s_first_commands_write_is_ignored_by_git() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "--report report/" in readme and "--out t.yaml" in readme
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert "/report/" in ignored and "/t.yaml" in ignored


@pytest.mark.parametrize("module", ["studkit.extras", "studkit.variant.catalogue_legend"])
def test_the_modules_examples_hold(module: str) -> None:
    failed, attempted = run_doctests(module)
    assert failed == 0 and attempted > 0
