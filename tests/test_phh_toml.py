"""The fast reader of PHH's TOML gives exactly what tomllib gives, or steps aside."""

from __future__ import annotations

import random
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import ROOT, WSOP

from studkit import load_variant
from studkit.engine import Hand
from studkit.history import dumps, dumps_all, from_hand, loads
from studkit.history.phh_toml import read_phh_toml


def _tomllib(text: str) -> object:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError:
        return "invalid"


def _written(count: int) -> list[str]:
    texts = []
    for i in range(count):
        variant = load_variant(("seven-card-stud", "razz", "seven-card-stud-hi-lo")[i % 3])
        rng = random.Random(i)
        hand = Hand(variant, [rng.randrange(100, 400) for _ in range(rng.randint(2, 8))], seed=i)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        texts.append(from_hand(hand, {"hand": i + 1, "event": "Test \u00e9v\u00e9nement #1"}))
    return texts


def test_written_histories_are_read_fast_and_the_same() -> None:
    texts = _written(30)
    texts.append(dumps_all([h for t in texts[:5] for h in loads(t)]))
    for text in texts:
        fast = read_phh_toml(text)
        assert fast is not None, text[:300]
        assert fast == _tomllib(text)


def test_every_stored_history_is_read_the_same_or_left_to_tomllib() -> None:
    paths = sorted(ROOT.glob("tests/**/*.phh*")) + sorted(Path(WSOP).glob("*.phh"))
    assert paths
    for path in paths:
        text = path.read_bytes().decode("utf-8", errors="replace")
        fast = read_phh_toml(text)
        if fast is not None:
            assert fast == _tomllib(text), path


@pytest.mark.parametrize(
    "text",
    [
        "", "\n\n# only a comment", "a = 1", "a = -0\nb = 0.5\nc = -12.25", "a = 'x'",
        'a = "x # not a comment" # a comment', "a = [1, 2, ]", "a = [\n  # c\n  1,\n\n  2 # c\n]",
        "a = [[1, 2], ['x']]", "a = []", "a = true\nb = false", "[1]\na = 1\n[2]\na = 2",
        "[ 1 ]\na = 1", "  a = 1", "a = ['x', \"y\", '', \"\" # c\n, \"#\"]", "a = [1, -2,]",
        "a = 1\r\nb = 2\r\n", "a = 'caf\u00e9'", "a = 1 # end",
        # outside the fast part (or invalid): must be None, then tomllib decides
        "a = 1\na = 2", "[1]\n[1]", "a = +1", "a = 1_000", "a = 0x10", "a = 1e3", "a = 1.",
        "a = .5", "a = 01", "a = inf", "a = nan", 'a = "tab\\t"', "a = \"\"\"x\"\"\"",
        "a = '''x'''", "a = {b = 1}", "a.b = 1", '"a" = 1', "a = 1979-05-27", "t = 14:30:00",
        "[[a]]\nb = 1", "[a.b]", "a = [1,,2]", "a = [,1]", "a = [1 2]", "a = 1 2", "a =",
        "a = 'x", 'a = "x\ny"', "a = 1\rb = 2", "a = \x01", "a = truex", "a = [1]]", "= 1",
        "\ufeffa = 1", "a = 'x' b", "[1] x", "a = [\n1,\n", "a = true\n[a]",
    ],
)
def test_small_texts(text: str) -> None:
    fast = read_phh_toml(text)
    if fast is not None:
        assert fast == _tomllib(text)


@pytest.mark.parametrize(
    "text",
    ["a = 1", "a = [\n  # c\n  'x',\n]", "[1]\nb = 'y'\n[2]\nb = 2.50", "a = [true, -3]"],
)
def test_the_common_forms_take_the_fast_path(text: str) -> None:
    assert read_phh_toml(text) == _tomllib(text)


def test_errors_still_name_the_line_from_tomllib() -> None:
    from studkit.errors import HistoryError

    with pytest.raises(HistoryError, match=r"bad\.phh:2:\d+: not valid TOML"):
        loads("variant = 'FR'\nantes = [1, x]\n", source="bad.phh")


def test_a_round_trip_through_the_fast_reader() -> None:
    for text in _written(9):
        (hand,) = loads(text)
        assert loads(dumps(hand)) == [hand]
