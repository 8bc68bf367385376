"""The located safe YAML reader: plain data only, YAML 1.2 booleans, exact locations."""

from __future__ import annotations

import pytest

from studkit.variant.yaml_source import Location, VariantFileError, parse_located, to_plain, walk


def test_values_keep_their_locations() -> None:
    root = parse_located("studkit: 1\nstreets:\n  - {name: third, cards: [down, up]}\n", "f.yaml")
    places = {path: node.location for path, node in walk(root)}
    assert places[("streets", 0, "cards", 1)] == Location("f.yaml", 3, 33)
    assert root.key_locations["streets"] == Location("f.yaml", 2, 1)


def test_only_true_and_false_are_booleans_and_dates_stay_text() -> None:
    data = to_plain(parse_located(
        "a: yes\nb: off\nc: TRUE\nd: false\ne: 2024-01-01\nf: !!str 5\ng: ~\nh: 1.5\n", "f.yaml"
    ))
    assert data == {
        "a": "yes", "b": "off", "c": True, "d": False, "e": "2024-01-01", "f": "5",
        "g": None, "h": 1.5,
    }


def test_aliases_within_the_limit_are_expanded() -> None:
    data = to_plain(parse_located("base: &b [up, up]\nother: *b\n", "f.yaml"))
    assert data == {"base": ["up", "up"], "other": ["up", "up"]}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"a: !!binary aGVsbG8=\n", "f.yaml:1:4: tag '!!binary' is not allowed; variant files "
         "are plain YAML data"),
        (b"a: !!set {x, y}\n", "f.yaml:1:4: tag '!!set' is not allowed; variant files are "
         "plain YAML data"),
        (b"\xef\xbb\xbf\n\n", "f.yaml:1:1: file is empty; a variant file starts with "
         "'studkit: 1'"),
        (b"studkit: 99\n", "f.yaml:1:10: studkit: format version 99: this file needs a newer "
         "studkit (this one reads version 1)"),
    ],
)
def test_refusals(text: bytes, message: str) -> None:
    with pytest.raises(VariantFileError) as caught:
        parse_located(text, "f.yaml")
    assert str(caught.value) == message


@pytest.mark.parametrize("depth", [40, 5000])
def test_deep_nesting_is_refused_without_a_recursion_error(depth: int) -> None:
    text = b"studkit: 1\nname: x\na: " + b"[" * depth + b"]" * depth + b"\n"
    with pytest.raises(VariantFileError, match="nested more than 32 levels deep"):
        parse_located(text, "deep.yaml")


def test_a_utf8_byte_order_mark_is_accepted() -> None:
    assert to_plain(parse_located(b"\xef\xbb\xbfstudkit: 1\n", "f.yaml")) == {"studkit": 1}
