"""Hostile input: bad values given to the command line and the public API.

Each test holds one case that once gave a traceback, a misleading message or a silent wrong
answer. The rule: a :class:`StudkitError` (or a :class:`TypeError` for a wrong type) whose
message quotes the input, and exit 2 from the command line; never a made-up result.
"""

from __future__ import annotations

import pytest
from timeouts import LOADED_MACHINE_TIMEOUT

from studkit import CARDS, CardError, Hand, StudkitError, Table, Variant, load_variant
from studkit.cli import main

STUD = Variant(name="test-stud")
RAZZ = load_variant("razz")


# studkit odds ------------------------------------------------------------------------------


@pytest.mark.parametrize("cards", ["0", "-1", "4", "9"])
def test_odds_cards_out_of_range_is_refused_not_replaced_by_the_default(
    cards: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # --cards 0 used to count seven-card hands, as if the option had not been given.
    assert main(["odds", "high", "--cards", cards]) == 2
    captured = capsys.readouterr()
    assert f"--cards must be 5 to 8, not {cards}" in captured.err
    assert captured.out == ""


def test_odds_refuses_wild_ranks_the_variant_strips_from_its_deck(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    short = Path(str(tmp_path)) / "short.yaml"
    short.write_text(
        "studkit: 1\nname: short\nextends: seven-card-stud\nplayers: {min: 2, max: 2}\n"
        "deck: {stripped_ranks: [2, 3, 4, 5, 6, 7, 8, 9]}\n"
    )
    # '--wild 2' used to count the 20-card deck with its title saying "2 wild".
    assert main(["odds", str(short), "--cards", "5", "--wild", "2,A"]) == 2
    captured = capsys.readouterr()
    assert "--wild '2,A': short strips 2 from its deck, so no such card can be wild" in (
        captured.err
    )
    assert captured.out == ""


# Hand and Table: card orders and the button ---------------------------------------------------


@pytest.mark.parametrize("bad", [-1, 54, 99, True, "As", 1.5, None])
def test_hand_card_order_rejects_what_is_not_a_card(bad: object) -> None:
    # -1 used to deal the red joker, 99 raised IndexError, 'As' a bare int() ValueError.
    order = [bad, 1, 2, 3, 4, 5, 6, 7, 8]
    with pytest.raises(CardError, match=rf"bad card {bad!r}: expected a Card or its index 0-53"):
        Hand(STUD, [100, 100], cards=order)  # type: ignore[list-item]


def test_hand_card_order_rejects_a_joker_the_deck_does_not_hold() -> None:
    with pytest.raises(CardError, match=r"card Jk in the given order .* is not in the variant's"):
        Hand(STUD, [100, 100], cards=[52, *range(1, 9)])


def test_hand_card_order_still_takes_cards_and_indexes() -> None:
    hand = Hand(STUD, [100, 100], cards=[CARDS[51], 50, *range(0, 20)])
    assert hand.cards[0][0] == CARDS[51]


@pytest.mark.parametrize("bad", [-1, 54, 99])
def test_hand_deal_rejects_what_is_not_a_card(bad: int) -> None:
    hand = Hand(STUD, [100, 100], auto_deal=False)
    with pytest.raises(CardError, match=rf"bad card {bad}: expected a Card or its index 0-53"):
        hand.deal(bad)


def test_hand_deal_rejects_text() -> None:
    # The compiled build checks the argument's type itself (a TypeError); Python, studkit.
    hand = Hand(STUD, [100, 100], auto_deal=False)
    with pytest.raises((CardError, TypeError)):
        hand.deal("As")  # type: ignore[arg-type]


@pytest.mark.parametrize("button", [2, 5, -1])
def test_hand_and_table_refuse_a_button_seat_that_does_not_exist(button: int) -> None:
    # button=5 at two seats used to wrap around silently to seat 1, -1 to seat 1.
    with pytest.raises(StudkitError, match=rf"button {button}: expected a seat number 0 to 1"):
        Hand(STUD, [100, 100], button=button)
    with pytest.raises(StudkitError, match=rf"button {button}: expected a seat number 0 to 1"):
        Table(STUD, [100, 100], button=button)


def test_hand_and_table_name_a_variant_given_by_name() -> None:
    # Hand('razz', ...) used to fail with "'str' object has no attribute 'stakes'".
    with pytest.raises(TypeError, match=r"expected a Variant \(load_variant\('razz'\)"):
        Hand("razz", [100, 100])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"expected a Variant \(load_variant\('razz'\)"):
        Table("razz", [100, 100])  # type: ignore[arg-type]


def test_hand_names_stakes_given_as_text() -> None:
    with pytest.raises(TypeError, match=r"stakes must be a Stakes \(apply_stakes"):
        Hand(RAZZ, [100, 100], stakes="ante=5")  # type: ignore[arg-type]


# The analysis functions and loaders: wrong types ----------------------------------------------


def test_equity_and_simulate_name_a_variant_of_the_wrong_type() -> None:
    import studkit

    # Both used to fail deep inside with "'int' object has no attribute 'max_players'".
    with pytest.raises(TypeError, match="equity needs a Variant or a variant name or file"):
        studkit.calculate_equity(5, ["As Ad Kc", "?? ?? Qs"], trials=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="simulate needs a Variant or a variant name or file, not"):
        studkit.simulate(None, hands=1)  # type: ignore[arg-type]


def test_equity_refuses_a_bool_or_float_for_a_card() -> None:
    import studkit

    # True used to be read as card index 1 (2d); 1.0 raised "'float' object has no attribute".
    for bad in (True, 1.0):
        with pytest.raises(CardError, match=rf"bad card {bad!r}"):
            studkit.calculate_equity("razz", [[bad, 50, 49], [None, None, 10]], trials=5, seed=1)


def test_parse_card_names_a_value_that_is_not_text() -> None:
    from studkit import parse_card

    with pytest.raises(CardError, match="bad card 5: expected text such as 'As'"):
        parse_card(5)  # type: ignore[arg-type]


def test_dump_variant_and_load_variant_name_the_wrong_type() -> None:
    from studkit import dump_variant

    with pytest.raises(TypeError, match=r"dump_variant needs a Variant \(load_variant\('razz'\)"):
        dump_variant("razz")  # type: ignore[arg-type]
    # bytes used to fail with "a bytes-like object is required, not 'str'".
    with pytest.raises(TypeError, match="load_variant needs a variant name or a file path"):
        load_variant(b"razz")  # type: ignore[arg-type]


def test_stakes_of_the_wrong_type_are_named() -> None:
    from studkit import apply_stakes, parse_stakes

    with pytest.raises(TypeError, match="parse_stakes takes text such as 'ante=1,big=10', not"):
        parse_stakes(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="stakes must be text .* or a mapping .*, not int 5"):
        apply_stakes(RAZZ, 5)  # type: ignore[arg-type]


def test_a_bot_list_with_a_name_that_is_not_text_is_named() -> None:
    from studkit.bots import BotError, parse_bots

    with pytest.raises(BotError, match=r"bot names are text, not None"):
        parse_bots(["tag", None], 2)  # type: ignore[list-item]


def test_replay_paths_takes_one_path_as_one_path(tmp_path: object) -> None:
    from pathlib import Path

    from studkit import replay_paths

    folder = Path(str(tmp_path))
    history = folder / "hand.phh"
    history.write_text(
        "variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"
        "starting_stacks = [100, 100]\nactions = ['d dh p1 Ad3d5d', 'd dh p2 2c3c4c']\n"
    )
    # A str used to be read letter by letter: "t: no such file or directory".
    (replay,) = replay_paths(str(history))
    assert replay.error is None
    (again,) = replay_paths(history)  # type: ignore[arg-type]
    assert again.error is None


def test_card_takes_only_an_index_of_a_real_card() -> None:
    from studkit import Card

    # Card(99) used to be a red joker, Card(-1) the ace of spades, Card(1.5) the 2d.
    for bad in (99, -1, 54, 1.5, True, None):
        expected = rf"bad card {bad!r}: expected a Card or its index 0-53"
        with pytest.raises(CardError, match=expected):
            Card(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError, match=r"\(parse_card reads text\)"):
        Card("As")  # type: ignore[arg-type]
    assert Card(51) == CARDS[51] and str(Card(CARDS[0])) == "2c"


# studkit validate and studkit replay -------------------------------------------------------


def test_validate_an_empty_folder_says_it_holds_no_variant_file(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    # It used to say "is a directory, not a file", though a folder is a valid argument.
    assert main(["validate", str(tmp_path)]) == 1
    assert f"{tmp_path}: no .yaml or .yml file in this folder" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("amounts", "reason"),
    [
        ("bring_in = 20\nsmall_bet = 5\nbig_bet = 10", "bring-in 20 must be less than the small"),
        ("bring_in = 2\nsmall_bet = 50\nbig_bet = 10", "small bet 50 is more than the big bet 10"),
    ],
)
def test_replay_refuses_amounts_that_make_no_game(
    amounts: str, reason: str, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    history = Path(str(tmp_path)) / "odd.phh"
    history.write_text(
        f"variant = 'F7S'\nantes = [1, 1]\n{amounts}\nstarting_stacks = [100, 100]\n"
        "actions = ['d dh p1 Ad3d5d', 'd dh p2 2c3c4c', 'p2 pb', 'p1 cbr 5']\n"
    )
    # A bring-in of 20 "completed" to 5 used to replay as if nothing were wrong.
    assert main(["replay", str(history)]) == 1
    err = capsys.readouterr().err
    assert f"{history}: fields bring_in = " in err and reason in err


_F7S = "variant = 'F7S'\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        # Each of these used to end in a traceback (decimal.InvalidOperation, AssertionError).
        ("antes = [1, 1]\nstarting_stacks = [nan, 100]",
         "field 'starting_stacks': entry 0 is nan: each must be a number of chips"),
        ("antes = [nan, 1]\nstarting_stacks = [100, 100]",
         "field 'antes': entry 0 is nan"),
        ("antes = [1, 1]\nstarting_stacks = [100, 100]\nfinishing_stacks = [nan, 100]",
         "field 'finishing_stacks': entry 0 is nan"),
        ("antes = [1, 1]\nstarting_stacks = [100, 100]\n_studkit_stakes = {spread_min = nan}",
         "field '_studkit_stakes': expected a table of amounts (numbers, 0 or more)"),
        ("antes = [1, 1]\nstarting_stacks = [100, 100]\n_studkit_stakes = {spread_min = -3}",
         "field '_studkit_stakes': expected a table of amounts (numbers, 0 or more)"),
        # This one named neither the file nor the field.
        ("antes = [0.0000001, 0.0000001]\nstarting_stacks = [100, 100]",
         "odd.phh: amounts with 7 decimal places: at most 6 are supported"),
    ],
)
def test_replay_names_the_file_and_field_of_an_impossible_amount(
    fields: str, message: str, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    history = Path(str(tmp_path)) / "odd.phh"
    history.write_text(f"{_F7S}{fields}\nactions = []\n")
    assert main(["replay", str(history)]) == 1
    err = capsys.readouterr().err
    assert f"{history}" in err and message in err, err


def test_replay_names_a_bring_in_of_nan(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    history = Path(str(tmp_path)) / "odd.phh"
    history.write_text(
        "variant = 'F7S'\nantes = [1, 1]\nbring_in = nan\nsmall_bet = 5\nbig_bet = 10\n"
        "starting_stacks = [100, 100]\nactions = []\n"
    )
    assert main(["replay", str(history)]) == 1
    assert "field 'bring_in': expected a positive number, got Decimal('NaN')" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize("bad", ["fold", ("fold",), None])
def test_hand_apply_names_what_is_not_an_action(bad: object) -> None:
    # 'fold' used to be refused as "cannot f 'o' (not a whole number of chips)", and a
    # one-item tuple raised IndexError.
    from studkit.compiled import compiled_modules

    hand = Hand(STUD, [100, 100], seed=1)
    # The compiled build checks the argument's type itself ("tuple object expected; got str").
    compiled = "studkit.engine.hand" in compiled_modules()
    message = r"apply takes an Action, e\.g\. Action\('fold'\)"
    with pytest.raises(TypeError, match=f"object expected|{message}" if compiled else message):
        hand.apply(bad)  # type: ignore[arg-type]
    assert not any(hand.folded)


# Endless input ---------------------------------------------------------------------------------


@pytest.mark.skipif(not __import__("os").path.exists("/dev/zero"), reason="needs /dev/zero")
@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        # Both used to read /dev/zero until memory ran out.
        (["show", "/dev/zero"], 2,
         "/dev/zero:1:1: file is over 262,144 bytes; a variant file may be at most"),
        (["replay", "/dev/zero"], 1, "/dev/zero: a device, not a hand history file"),
    ],
)
def test_an_endless_device_is_refused_not_read_forever(
    argv: list[str], code: int, message: str
) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "studkit", *argv], capture_output=True, text=True,
        timeout=LOADED_MACHINE_TIMEOUT,
    )
    assert done.returncode == code
    assert message in done.stderr and "Traceback" not in done.stderr


# --plugins-dir ---------------------------------------------------------------------------------


@pytest.fixture
def no_plugin_dirs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Entry-point plugins act as in a plain shell."""
    monkeypatch.delenv("STUDKIT_DISABLE_PLUGIN_AUTOLOAD", raising=False)


def test_a_house_plugin_named_like_a_built_in_is_refused(
    no_plugin_dirs: object, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    (Path(str(tmp_path)) / "baseball.py").write_text('"""My own baseball."""\n')
    # It used to be listed nowhere and never loaded: the built-in is found first.
    assert main(["list", "--plugins-dir", str(tmp_path)]) == 2
    assert "plugin 'baseball' " in (err := capsys.readouterr().err)
    assert "would never load: the built-in plugin 'baseball'" in err and "rename the file" in err


def test_the_same_plugin_in_two_directories_is_refused(
    no_plugin_dirs: object, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    first, second = Path(str(tmp_path)) / "a", Path(str(tmp_path)) / "b"
    for folder in (first, second):
        folder.mkdir()
        (folder / "house_rule.py").write_text('"""A house rule."""\n')
    argv = ["list", "--plugins-dir", str(first), "--plugins-dir", str(second)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"--plugins-dir '{second}': plugin 'house-rule'" in err
    assert f"would never load: {first / 'house_rule.py'} has its name" in err


def test_an_options_schema_that_is_not_a_mapping_is_named(
    no_plugin_dirs: object, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    (Path(str(tmp_path)) / "odd_schema.py").write_text('"""Odd."""\nOPTIONS_SCHEMA = 5\n')
    # This used to end in a jsonschema traceback ("argument of type 'int' is not iterable").
    assert main(["plugins", "--plugins-dir", str(tmp_path)]) == 2
    assert "plugin 'odd-schema' (" in (err := capsys.readouterr().err)
    assert "OPTIONS_SCHEMA must be a JSON Schema (a dict), not int 5" in err


# studkit play ----------------------------------------------------------------------------------


def test_play_quitting_with_one_chip_in_the_pot_says_it_in_good_english(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    # Razz at 3 players, seed 1: you ante 1 and quit at once; it said "1 chip ... are lost".
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    argv = ["play", "razz", "--players", "3", "--seed", "1", "--bots", "calling-station"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "(the 1 chip you had put into the unfinished hand is lost)" in out


@pytest.mark.parametrize(
    ("keyword", "value"),
    [("hands", "5"), ("hands", True), ("players", 2.0), ("seed", None), ("workers", 1.5)],
)
def test_simulate_names_a_count_that_is_not_a_whole_number(keyword: str, value: object) -> None:
    import studkit

    # seed=None used to fail with "unsupported operand type(s) for &", hands=True played 1 hand.
    with pytest.raises(TypeError, match=rf"simulate: {keyword} must be a whole number, not "):
        studkit.simulate("razz", **{keyword: value})  # type: ignore[arg-type]


def test_simulate_names_a_stack_finer_than_the_table_s_amounts() -> None:
    import studkit
    from studkit.errors import StakesError

    # razz counts whole chips: a stack of 1.5 cannot be played (a $0.25 table's could).
    finer = r"stack 1\.5 is finer than this table's smallest amount 1"
    with pytest.raises(StakesError, match=finer):
        studkit.simulate("razz", stack=1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(("keyword", "value"), [("trials", "5"), ("trials", True), ("seed", 1.5)])
def test_equity_names_a_count_that_is_not_a_whole_number(keyword: str, value: object) -> None:
    import studkit

    # trials=True used to draw one deal; '5' failed with "'<' not supported".
    with pytest.raises(TypeError, match=rf"equity: {keyword} must be a whole number, not "):
        studkit.calculate_equity(
            "razz", ["As Ad Kc", "?? ?? Qs"], **{keyword: value}  # type: ignore[arg-type]
        )


def test_replay_refuses_a_show_while_the_betting_goes_on(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    history = Path(str(tmp_path)) / "odd.phh"
    history.write_text(
        f"{_F7S}antes = [1, 1]\nstarting_stacks = [100, 100]\n"
        "actions = ['d dh p1 Ad3d5d', 'd dh p2 2c3c4c', 'p2 pb', 'p1 sm']\n"
    )
    # A muck in the middle of third street's betting used to pass as if it were not there.
    assert main(["replay", str(history)]) == 1
    assert (
        "actions[3] 'p1 sm': p1 shows or mucks while the third street betting is not over: "
        "p1 is to act"
    ) in capsys.readouterr().err


def test_table_names_must_be_one_distinct_name_per_seat() -> None:
    # names='ab' used to seat 'a' and 'b'; two seats could share a name.
    with pytest.raises(TypeError, match="names is a list of one name per seat, not the text 'ab'"):
        Table(STUD, [100, 100], names="ab")
    with pytest.raises(StudkitError, match="two seats are named 'Ann': names tell the players"):
        Table(STUD, [100, 100, 100], names=["Ann", "Bo", "Ann"])


def test_a_plugins_dir_with_a_folder_or_a_broken_link_named_like_a_plugin(
    no_plugin_dirs: object, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "not_a_plugin.py").mkdir()  # a folder: not a plugin, passed over
    # It used to fail with "unknown plugin 'not-a-plugin'; did you mean 'not-a-plugin'?".
    assert main(["list", "--plugins-dir", str(folder)]) == 0
    capsys.readouterr()
    linked = folder / "linked"
    linked.mkdir()
    (linked / "gone.py").symlink_to(folder / "missing" / "gone.py")
    assert main(["list", "--plugins-dir", str(linked)]) == 2
    assert f"plugin 'gone' ({linked / 'gone.py'}) is a link to " in capsys.readouterr().err
