"""Variant-file mistakes a newcomer makes: each error says where, and what to write instead.

The files are in ``tests/malformed/hints/`` (errors name them relative to that folder); each
expectation is the whole error text, ``file:line:column: key path: message``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from studkit.loader import load_variant, load_variant_text
from studkit.yaml_source import VariantFileError

HINTS = Path(__file__).resolve().parent / "malformed" / "hints"

EXPECTED: dict[str, str] = {
    "quoted-amount.yaml": (
        "quoted-amount.yaml:5:9: forced_bets.ante: expected a whole number, got '1' "
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
