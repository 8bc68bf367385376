"""Variant-file mistakes a newcomer makes: each error says where, and what to write instead.

The files are in ``tests/malformed/hints/`` (errors name them relative to that folder); each
expectation is the whole error text, ``file:line:column: key path: message``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studkit.variant.loader import load_variant, load_variant_text
from studkit.variant.yaml_source import VariantFileError

HINTS = Path(__file__).resolve().parent / "malformed" / "hints"

EXPECTED: dict[str, str] = {
    "quoted-amount.yaml": (
        "quoted-amount.yaml:5:9: forced_bets.ante: expected a number, got '1' "
        "(quoted, so it is text, not a number: write 1 without quotes)"
    ),
    "quoted-max-raises.yaml": (
        "quoted-max-raises.yaml:5:15: betting.max_raises: expected a whole number or null, "
        "got '3' (quoted, so it is text, not a number: write 3 without quotes)"
    ),
    "rank-spelled-twice.yaml": (
        "rank-spelled-twice.yaml:5:24: deck.stripped_ranks[1]: 'T' is the rank 10 again: "
        "listed twice"
    ),
    "qualifier-number.yaml": (
        'qualifier-number.yaml:6:47: pots[1] (low).qualifier: expected text or null, got the '
        "number 8 (write '8-low': lows of 8 or better qualify)"
    ),
    "bring-in-number.yaml": (
        'bring-in-number.yaml:5:13: forced_bets.bring_in: expected a mapping or null, got the'
        ' number 3 (write bring_in: {amount: 3})'
    ),
    "top-level-max-raises.yaml": (
        "top-level-max-raises.yaml:4:1: unknown key 'max_raises' (did you mean "
        "'betting.max_raises'?)"
    ),
    "key-in-wrong-mapping.yaml": (
        "key-in-wrong-mapping.yaml:6:3: betting: unknown key 'ante' (did you mean "
        "'forced_bets.ante'?)"
    ),
    "evaluator-low.yaml": (
        "evaluator-low.yaml:5:28: pots[0] (low).evaluator: unknown evaluator 'low'; built-in:"
        " 'high', 'a5-low', 'eight-or-better', '2-7-low', 'a6-low', 'badugi', "
        "'badugi-ace-high', 'soko', 'mexican-high', 'razz-high', 'action-razz', "
        "'two-card-high', 'two-card-a5' (did you mean 'a5-low'?)"
    ),
    "indent-deeper.yaml": (
        "indent-deeper.yaml:6:5: YAML syntax error: 'max_raises' is indented more than "
        "'structure' above it (column 5; 'structure' is at column 3), so it reads as part of "
        "the value of 'structure'; line it up with 'structure' or quote a value holding ': '"
    ),
    "indent-shallower.yaml": (
        "indent-shallower.yaml:6:2: YAML syntax error: 'max_raises' is indented less than "
        "'structure' above it (column 2; 'structure' is at column 3) and lines up with no key "
        "above it: the keys of one mapping start in the same column"
    ),
    "key-without-colon.yaml": (
        "key-without-colon.yaml:4:1: YAML syntax error: could not find expected ':' (while "
        "scanning a simple key); a key needs ': ' after it (a line indented under it "
        'continues it)'
    ),
    # A house file's own value makes an inherited one wrong: the error is in the house file.
    "house-no-limit.yaml": (
        "house-no-limit.yaml:6:14: betting.structure: 'no-limit' clashes with the inherited "
        "betting.open_pair_street: 'fourth' (seven-card-stud.yaml:53): the open-pair option "
        'is a limit rule; in no-limit set betting.open_pair_street: null'
    ),
    "house-small-bet.yaml": (
        'house-small-bet.yaml:5:14: betting.small_bet: 2 clashes with the inherited '
        'forced_bets.bring_in.amount: 2 (seven-card-stud.yaml:36): bring-in 2 must be less '
        'than the small bet 2: set the bring-in too, e.g. forced_bets: {bring_in: {amount: 1}}'
    ),
    # A parent's own mistake stays the parent's, for its children too.
    "house-base.yaml": (
        "house-base.yaml:6:21: betting.open_pair_street: the open-pair option is a limit "
        "rule; in pot-limit set betting.open_pair_street: null"
    ),
    "child-of-house-base.yaml": (
        "house-base.yaml:6:21: betting.open_pair_street: the open-pair option is a limit "
        "rule; in pot-limit set betting.open_pair_street: null"
    ),
}


def test_every_hint_file_has_an_expectation() -> None:
    assert {path.name for path in HINTS.glob("*.yaml")} == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_error_says_where_and_what_to_write(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(HINTS)
    with pytest.raises(VariantFileError) as caught:
        load_variant(f"./{name}")
    assert str(caught.value) == EXPECTED[name]


def _deck(line: str) -> tuple[object, object]:
    deck = load_variant_text(f"studkit: 1\nextends: seven-card-stud\nname: x\ndeck: {line}\n").deck
    return deck.stripped_ranks, deck.wild_ranks


@pytest.mark.parametrize(("quoted", "plain"), [
    ('{stripped_ranks: ["2"]}', "{stripped_ranks: [2]}"),
    ("{stripped_ranks: ['2', '3', '4', '5']}", "{stripped_ranks: [2, 3, 4, 5]}"),
    ('{wild_ranks: ["10", "9"]}', "{wild_ranks: [10, 9]}"),
    ('{wild_ranks: ["T"]}', "{wild_ranks: [10]}"),
])
def test_a_quoted_rank_is_the_same_rank(quoted: str, plain: str) -> None:
    assert _deck(quoted) == _deck(plain)


def test_a_rank_that_is_no_rank_lists_each_rank_once() -> None:
    with pytest.raises(VariantFileError) as caught:
        _deck('{wild_ranks: ["11"]}')
    assert str(caught.value) == (
        "<text>:4:21: deck.wild_ranks[0]: '11' is not one of 2, 3, 4, 5, 6, 7, 8, 9, 10, 'T', "
        "'J', 'Q', 'K', 'A'"
    )


def test_a_house_file_error_names_the_house_file_from_the_cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from studkit.cli import main

    monkeypatch.chdir(HINTS)
    assert main(["show", "./house-no-limit.yaml"]) == 2
    err = capsys.readouterr().err
    assert "house-no-limit.yaml:6:14: betting.structure: 'no-limit' clashes" in err
    assert "site-packages" not in err and "/variants/" not in err and "Traceback" not in err
