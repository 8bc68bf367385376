"""PHH reading and writing: fields, the action grammar, multi-hand files, precise errors."""

from __future__ import annotations

import datetime
import json
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from conftest import ROOT, WSOP
from hypothesis import given, strategies as st

from studkit.cards import CARDS, parse_card
from studkit.errors import HistoryError
from studkit.history import (
    Action,
    dumps,
    dumps_all,
    format_action,
    load_file,
    loads,
    parse_action,
    read_histories,
    write_history,
)
from studkit.history.toml_writer import toml_array_lines, toml_line

CORRUPT = ROOT / "tests" / "phh_corrupt"

SMALL = """variant = "F7S"
antes = [1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [40, 50, 60]
actions = ["d dh p1 2c3dKh", "d dh p2 4h5s6c", "d dh p3 7h8c9d", "p1 pb", "p2 f", "p3 f"]
"""


def test_reads_every_wsop_hand() -> None:
    hands = read_histories(WSOP)
    expected = json.loads((WSOP / "expected.json").read_text())
    assert len(hands) == len(expected) == 30
    for hand in hands:
        name = Path(hand.source or "").name
        assert hand.variant == expected[name]["variant"]
        assert hand.ante_trimming_status is True
        assert hand.fields["author"] == "Juho Kim"
        assert hand.player_count == len(expected[name]["finishing_stacks"])


def test_wsop_round_trip_read_write_read() -> None:
    hands = read_histories(WSOP)
    for hand in hands:
        text = dumps(hand)
        assert loads(text) == [hand], hand.label
        # what we write is plain TOML that the standard reader takes
        raw = tomllib.loads(text)
        assert raw["actions"] == [format_action(a) for a in hand.actions]
    assert loads(dumps_all(hands)) == hands


def test_hand_85_shows_twice() -> None:
    (hand,) = load_file(WSOP / "hand-85.phh")
    shows = [a for a in hand.actions if a.verb == "sm"]
    assert [a.player for a in shows] == [1, 0, 0, 1]
    assert shows[0].cards is not None and len(shows[0].cards) == 6
    assert shows[3].cards is not None and len(shows[3].cards) == 7


@pytest.mark.parametrize(
    ("text", "verb", "player", "cards", "amount", "comment"),
    [
        ("d dh p1 AsKd7h", "dh", 0, "AsKd7h", None, None),
        ("d dh p3 ????9c", "dh", 2, "????9c", None, None),
        ("  d   db 7h  ", "db", None, "7h", None, None),
        ("p2 pb", "pb", 1, None, None, None),
        ("p4 cbr 300000", "cbr", 3, None, 300000, None),
        ("p4 cbr 2.5 # min raise", "cbr", 3, None, Decimal("2.5"), "min raise"),
        ("p1 cc", "cc", 0, None, None, None),
        ("p10 f", "f", 9, None, None, None),
        ("p1 sm 8c2h4cAdQdJdKh", "sm", 0, "8c2h4cAdQdJdKh", None, None),
        ("p1 sm", "sm", 0, None, None, None),
        ("# burn card exposed", "", None, None, None, "burn card exposed"),
        ("", "", None, None, None, None),
    ],
)
def test_action_grammar(
    text: str,
    verb: str,
    player: int | None,
    cards: str | None,
    amount: int | Decimal | None,
    comment: str | None,
) -> None:
    action = parse_action(text)
    assert action.verb == verb
    assert action.player == player
    assert action.amount == amount
    assert action.comment == comment
    if cards is None:
        assert action.cards is None
    else:
        assert action.cards is not None
        chunks = [cards[i : i + 2] for i in range(0, len(cards), 2)]
        assert action.cards == tuple(None if c == "??" else parse_card(c) for c in chunks)
    assert parse_action(format_action(action)) == action


@pytest.mark.parametrize(
    "text", ["p2 pay 10", "p1 expose Kd", "p3 declare low", "p2 twist 7c", "p4 stand # keeps"]
)
def test_studkit_plugin_verbs(text: str) -> None:
    action = parse_action(text)
    assert format_action(action) == text
    assert parse_action(format_action(action)) == action


def test_show_dealt_cards_dash() -> None:
    action = parse_action("p2 sm -")
    assert action.shows_dealt and action.cards is None
    assert format_action(action) == "p2 sm -"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("p1 fold", "unknown action 'fold' (did you mean 'f'?)"),
        ("p1 cb 20", "unknown action 'cb' (did you mean 'cbr'?)"),
        ("x1 cc", "bad player 'x1'"),
        ("p0 cc", "bad player 'p0'"),
        ("p1 cbr", "expected 'pN cbr AMOUNT'"),
        ("p1 cbr ten", "bad amount 'ten'"),
        ("p1 cbr -5", "a bet or raise is to a positive amount"),
        ("p1 cc 5", "'cc' takes no argument"),
        ("d dh p1 AsK", "bad cards 'AsK'"),
        ("d dh p1 Zs", "bad card 'Zs'"),
        ("d dh p1 A?", "a card is known or '??', not half"),
        ("d dh AsKd", "expected 'd dh pN CARDS'"),
        ("d cc", "the dealer 'd' cannot 'cc'"),
        ("p1 dh As", "only the dealer 'd' deals"),
        ("p1 twist ??", "'twist' names one known card"),
        ("p1 pay", "expected 'pN pay 10'"),
        ("p1 stand now", "'stand' takes no argument"),
    ],
)
def test_action_grammar_errors(text: str, message: str) -> None:
    with pytest.raises(HistoryError) as caught:
        parse_action(text)
    assert message in str(caught.value)


CORRUPT_READ_ERRORS = {
    "bad-toml.phh": "bad-toml.phh:7:1: not valid TOML: Unclosed array",
    "binary.phh": "binary.phh: not UTF-8 text",
    "empty.phh": "empty.phh: empty: no hand history in it",
    "missing-field.phh": "missing-field.phh: field 'bring_in': missing",
    "wrong-type.phh": "wrong-type.phh: field 'antes': expected an array of numbers, got '50000'",
    "antes-per-player.phh": "field 'antes': has 4 entries for 5 players",
    "not-stud.phh": "field 'variant': 'NT' is not a stud game",
    "unknown-variant.phh": "field 'variant': unknown variant code 'F7X'",
    "unknown-action.phh": "unknown-action.phh: actions[16] 'p1 fold': unknown action 'fold'",
    "misspelt-action.phh": "actions[17] 'p2 cb 200000': unknown action 'cb' (did you mean 'cbr'?)",
    "wrong-card.phh": "wrong-card.phh: actions[7] 'd dh p3 8x': bad card '8x'",
    "card-dealt-twice.phh": (
        "card-dealt-twice.phh: actions[13] 'd dh p4 Td': card Td was already dealt, by "
        "actions[0] 'd dh p1 Td'"
    ),
    "no-such-player.phh": "actions[16] 'p7 f': there is no player p7: the hand has 5 players",
    "shown-cards-not-dealt.phh": (
        "actions[36] 'p4 sm 8c5sQc6dAh2c7h': p4 shows 7h but was dealt 8c5sQc6dAh2c7c"
    ),
}


@pytest.mark.parametrize("name", sorted(CORRUPT_READ_ERRORS))
def test_corrupt_files_get_precise_errors(name: str) -> None:
    with pytest.raises(HistoryError) as caught:
        load_file(CORRUPT / name)
    message = str(caught.value)
    assert CORRUPT_READ_ERRORS[name] in message
    assert str(CORRUPT / name) in message


def test_missing_path_and_empty_directory(tmp_path: Path) -> None:
    with pytest.raises(HistoryError, match="no such file or directory"):
        read_histories(tmp_path / "nope.phh")
    with pytest.raises(HistoryError, match=r"no \.phh or \.phhs files"):
        read_histories(tmp_path)


def test_per_player_fields_are_checked() -> None:
    with pytest.raises(HistoryError, match="field 'finishing_stacks': has 2 entries for 3"):
        loads(SMALL + "finishing_stacks = [1, 2]\n")
    with pytest.raises(HistoryError, match="field 'players': expected an array of strings"):
        loads(SMALL + "players = [1, 2, 3]\n")
    with pytest.raises(HistoryError, match="field 'starting_stacks': entry 1 is 0"):
        loads(SMALL.replace("[40, 50, 60]", "[40, 0, 60]"))
    with pytest.raises(HistoryError, match="field 'blinds_or_straddles': stud games"):
        loads(SMALL + "blinds_or_straddles = [0, 0, 0]\n")


def test_optional_and_user_fields_round_trip() -> None:
    text = SMALL + (
        'players = ["Ann \\"Rock\\" Lee", "Bo", "Cy\\nZ"]\n'
        "time = 14:30:00\n"
        "hand = \"A-17\"\n"
        "finishing_stacks = [41, 49, 59]\n"
        "time_limit = 30.5\n"
        '_sponsors = ["", "Club", ""]\n'
        "_meta = {room = \"north\", level = 3}\n"
    )
    (hand,) = loads(text)
    assert hand.players == ('Ann "Rock" Lee', "Bo", "Cy\nZ")
    assert hand.fields["time"] == datetime.time(14, 30)
    assert hand.fields["time_limit"] == Decimal("30.5")
    assert hand.finishing_stacks == (41, 49, 59)
    assert hand.fields["_meta"] == {"room": "north", "level": 3}
    assert hand.warnings == ()
    assert loads(dumps(hand)) == [hand]


def test_unknown_field_is_kept_with_a_warning() -> None:
    (hand,) = loads(SMALL + "finishing_stack = [41, 49, 59]\n", source="x.phh")
    assert hand.warnings == (
        "x.phh: unknown field 'finishing_stack' (did you mean 'finishing_stacks'?) kept but "
        "not used",
    )
    assert hand.finishing_stacks is None
    assert "finishing_stack = [41, 49, 59]" in dumps(hand)


def test_fractional_amounts_and_unknown_cards() -> None:
    text = SMALL.replace("antes = [1, 1, 1]", "antes = [0.25, 0.25, 0.25]").replace(
        '"d dh p2 4h5s6c"', '"d dh p2 ????6c"'
    )
    (hand,) = loads(text)
    assert hand.antes == (Decimal("0.25"),) * 3
    assert hand.actions[1].cards == (None, None, parse_card("6c"))
    assert loads(dumps(hand)) == [hand]


def test_show_reveals_unknown_cards_and_checks_them() -> None:
    base = SMALL.replace('"d dh p2 4h5s6c"', '"d dh p2 ????6c"')
    ok = base.replace('"p3 f"]', '"p3 f", "p2 sm 4h5s6c"]')
    loads(ok)
    clash = base.replace('"p3 f"]', '"p3 f", "p2 sm 4h7h6c"]')
    with pytest.raises(HistoryError, match="p2 shows 7h, which actions\\[2\\] 'd dh p3 7h8c9d'"):
        loads(clash)
    short = base.replace('"p3 f"]', '"p3 f", "p2 sm 4h6c"]')
    with pytest.raises(HistoryError, match="p2 shows 2 cards but was dealt 3"):
        loads(short)


def test_multi_hand_files(tmp_path: Path) -> None:
    hands = read_histories(WSOP)[:3]
    path = tmp_path / "three.phhs"
    assert write_history(hands, path) == 3
    again = load_file(path)
    assert again == hands
    assert [h.key for h in again] == ["1", "2", "3"]
    assert again[1].label == f"{path}[2]"
    bad = path.read_text().replace('"d dh p1 Td"', '"d dh p1 Tx"', 1)
    path.write_text(bad)
    with pytest.raises(HistoryError, match=r"three\.phhs\[1\]: actions\[0\] 'd dh p1 Tx'"):
        load_file(path)


def test_write_history_single_file_and_directory(tmp_path: Path) -> None:
    hands = read_histories(WSOP)[:2]
    single = tmp_path / "one.phh"
    assert write_history(hands[:1], single) == 1
    assert not single.read_text().startswith("[")
    assert load_file(single) == hands[:1]
    folder = tmp_path / "out"
    folder.mkdir()
    assert write_history(iter(hands), folder) == 2
    assert read_histories(folder) == hands
    assert sorted(p.name for p in folder.iterdir()) == ["hand-000001.phh", "hand-000002.phh"]
    with pytest.raises(HistoryError, match="cannot write"):
        write_history(hands, tmp_path / "missing" / "x.phhs")


def test_reads_pokerkit_written_histories() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    from io import BytesIO

    game = pokerkit.FixedLimitRazz(tuple(pokerkit.Automation), True, 2, 3, 10, 20)
    state = game((200, 200, 200), 3)
    while state.status:
        if state.can_post_bring_in():
            state.post_bring_in()
        else:
            state.check_or_call()
    buffer = BytesIO()
    pokerkit.HandHistory.from_game_state(game, state).dump(buffer)
    (hand,) = loads(buffer.getvalue().decode())
    assert hand.variant == "FR"
    assert hand.bring_in == 3 and hand.small_bet == 10 and hand.big_bet == 20
    dealt = [c for a in hand.actions if a.verb == "dh" for c in a.cards or ()]
    assert len(dealt) == 21 and None not in dealt


def test_toml_writer_values_read_back() -> None:
    values = {
        "s": 'quote " backslash \\ tab \t bell \x07 é ♠',
        "i": -7,
        "d": Decimal("0.125"),
        "inf": Decimal("inf"),
        "b": False,
        "t": datetime.time(9, 5, 1),
        "dt": datetime.datetime(2023, 6, 22, 14, 0),
        "arr": [1, "two", [3]],
        "table": {"a key": 1, "b": {"c": "d"}},
    }
    text = "\n".join(toml_line(k, v) for k, v in values.items())
    assert tomllib.loads(text, parse_float=Decimal) == values
    lines = toml_array_lines("actions", [("third street", None), (None, "p1 f")])
    assert tomllib.loads("\n".join(lines)) == {"actions": ["p1 f"]}
    with pytest.raises(HistoryError, match="cannot write"):
        toml_line("x", object())


_cards = st.lists(st.one_of(st.none(), st.sampled_from(CARDS[:52])), min_size=1, max_size=4)
_comments = st.one_of(st.none(), st.text(st.characters(blacklist_categories=("Cs", "Cc")),
                                         max_size=20).map(str.strip).filter(bool))
_actions = st.one_of(
    st.builds(lambda p, c, m: Action("dh", player=p, cards=tuple(c), comment=m),
              st.integers(0, 7), _cards, _comments),
    st.builds(lambda p, v, m: Action(v, player=p, comment=m),
              st.integers(0, 7), st.sampled_from(["pb", "cc", "f", "sm", "stand"]), _comments),
    st.builds(lambda p, a: Action("cbr", player=p, amount=a), st.integers(0, 7),
              st.integers(1, 10**9)),
    st.builds(lambda p, c: Action("sm", player=p, cards=tuple(c)), st.integers(0, 7), _cards),
)


@given(_actions)
def test_any_action_round_trips(action: Action) -> None:
    assert parse_action(format_action(action)) == action


@given(st.text(max_size=40))
def test_any_string_field_round_trips(text: str) -> None:
    assert tomllib.loads(toml_line("author", text)) == {"author": text}
