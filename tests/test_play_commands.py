"""The table's short commands: each one read against the decisions legal at that moment."""

from __future__ import annotations

import pytest

from studkit.play.commands import Choice, CommandError, describe_choice, help_text, parse_command

FOLD = Choice("fold")
CHECK = Choice("check")
CALL_5 = Choice("call", amount=5)
BRING_IN = Choice("bring-in", amount=2)
COMPLETE = Choice("complete", min_amount=5, max_amount=5)
BET_5 = Choice("bet", min_amount=5, max_amount=5)
RAISE_10 = Choice("raise", min_amount=10, max_amount=10)
NL_RAISE = Choice("raise", min_amount=10, max_amount=50, all_in=True)

FACING_BET = (FOLD, CALL_5, RAISE_10)
FIRST_IN = (CHECK, BET_5)
FORCED = (BRING_IN, COMPLETE)


def act(text: str, choices: tuple[Choice, ...]) -> tuple[str, int | None]:
    command = parse_command(text, choices)
    assert command.name == "act" and command.choice is not None
    return command.choice.kind, command.amount


@pytest.mark.parametrize(
    ("choices", "kind", "amount"),
    [(FIRST_IN, "check", None), (FACING_BET, "call", 5), (FORCED, "bring-in", 2)],
)
def test_c_checks_calls_or_brings_in(choices: tuple[Choice, ...], kind: str, amount: int) -> None:
    assert act("c", choices) == (kind, amount)


def test_the_standard_letters_and_words() -> None:
    assert act("f", FACING_BET) == ("fold", None)
    assert act("fold", FACING_BET) == ("fold", None)
    assert act("k", FIRST_IN) == ("check", None)
    assert act("CALL", FACING_BET) == ("call", 5)
    assert act("complete", FORCED) == ("complete", 5)
    assert act("bring-in", FORCED) == ("bring-in", 2)
    assert act("bi", FORCED) == ("bring-in", 2)


def test_fixed_limit_bets_need_no_amount_and_check_a_given_one() -> None:
    assert act("b", FIRST_IN) == ("bet", 5)
    assert act("b 5", FIRST_IN) == ("bet", 5)
    assert act("r", FACING_BET) == ("raise", 10)
    assert act("r 10", FACING_BET) == ("raise", 10)
    assert act("raise to 10", FACING_BET) == ("raise", 10)
    with pytest.raises(CommandError, match=r"'b 7': 7 is not allowed here; you may bet 5"):
        parse_command("b 7", FIRST_IN)


def test_b_and_r_mean_the_one_aggressive_decision_there_is() -> None:
    assert act("r", FIRST_IN) == ("bet", 5)
    assert act("b", FACING_BET) == ("raise", 10)
    assert act("b", (FOLD, CALL_5, COMPLETE)) == ("complete", 5)


def test_a_sized_raise_asks_for_its_amount_and_checks_the_range() -> None:
    choices = (FOLD, CALL_5, NL_RAISE)
    assert act("r 20", choices) == ("raise", 20)
    with pytest.raises(CommandError, match=r"say how much: raise to 10-50 .* e.g. 'r 10'"):
        parse_command("r", choices)
    with pytest.raises(CommandError, match="60 is not allowed here"):
        parse_command("r 60", choices)
    with pytest.raises(CommandError, match="'lots' is not a whole number"):
        parse_command("r lots", choices)


def test_allin_takes_the_largest_decision_that_puts_every_chip_in() -> None:
    assert act("allin", (FOLD, CALL_5, NL_RAISE)) == ("raise", 50)
    short_call = (FOLD, Choice("call", amount=3, all_in=True))
    assert act("allin", short_call) == ("call", 3)
    with pytest.raises(CommandError, match="cannot go all in: the most you may put in now is"):
        parse_command("allin", FACING_BET)


def test_numbers_pick_from_the_list() -> None:
    assert act("1", FACING_BET) == ("fold", None)
    assert act("3", FACING_BET) == ("raise", 10)
    assert act("3 25", (FOLD, CALL_5, NL_RAISE)) == ("raise", 25)
    with pytest.raises(CommandError, match="no decision number 4; pick 1 to 3"):
        parse_command("4", FACING_BET)


@pytest.mark.parametrize(
    ("text", "choices", "message"),
    [
        ("k", FACING_BET, "you cannot check: it is 5 to call"),
        ("k", FORCED, "you are the forced player"),
        ("call", FIRST_IN, "there is no bet to call"),
        ("complete", FACING_BET, "there is no bring-in to complete"),
        ("bi", FACING_BET, "you are not the player who brings in"),
        ("zzz", FACING_BET, "'zzz' is not a command here; you may: 1\\) fold"),
        ("", FACING_BET, "nothing typed"),
        ("c 5", FACING_BET, "'c' takes no amount"),
        ("q now", FACING_BET, "'q' takes nothing after it"),
    ],
)
def test_bad_input_is_explained(text: str, choices: tuple[Choice, ...], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        parse_command(text, choices)


def test_table_commands() -> None:
    for text, name in (("?", "help"), ("help", "help"), ("q", "quit"), ("quit", "quit"),
                       ("t", "table")):
        assert parse_command(text, FACING_BET).name == name


def test_plugin_decisions_by_label_kind_or_number() -> None:
    pay = Choice("pay", amount=12, label="pay 12")
    expose = (Choice("expose", label="expose Kh", payload=1),
              Choice("expose", label="expose 7c", payload=2))
    assert act("pay", (FOLD, pay)) == ("pay", 12)
    assert act("pay 12", (FOLD, pay)) == ("pay", 12)
    command = parse_command("Expose 7C", expose)
    assert command.choice is not None and command.choice.payload == 2
    command = parse_command("expose kh", expose)
    assert command.choice is not None and command.choice.payload == 1
    command = parse_command("2", expose)
    assert command.choice is not None and command.choice.payload == 2
    with pytest.raises(CommandError, match="say which one: 'expose Kh', 'expose 7c'"):
        parse_command("expose", expose)
    twist = Choice("twist", min_amount=5, max_amount=5)
    assert act("twist", (CHECK, twist)) == ("twist", 5)


def test_descriptions() -> None:
    assert describe_choice(CALL_5) == "call 5"
    assert describe_choice(RAISE_10) == "raise to 10"
    assert describe_choice(NL_RAISE) == "raise to 10-50 (50 is all in)"
    assert describe_choice(NL_RAISE, amount=50) == "raise to 50 (all in)"
    assert describe_choice(Choice("call", amount=3, all_in=True)) == "call 3 (all in)"
    assert describe_choice(BRING_IN) == "bring in 2"
    assert describe_choice(COMPLETE) == "complete to 5"
    assert describe_choice(Choice("declare", label="declare high")) == "declare high"


def test_help_lists_the_commands_and_what_is_legal_now() -> None:
    text = help_text(FACING_BET)
    assert "c " in text and "allin" in text and "q " in text
    assert text.endswith("  1) fold\n  2) call 5\n  3) raise to 10")


def test_declare_choices_by_label_last_word_or_number() -> None:
    declare = tuple(Choice(f"declare-{side}", label=f"declare {side}")
                    for side in ("high", "low", "swing"))
    assert act("declare low", declare)[0] == "declare-low"
    assert act("declare-swing", declare)[0] == "declare-swing"
    assert act("high", declare)[0] == "declare-high"
    assert act("2", declare)[0] == "declare-low"
    with pytest.raises(CommandError, match="say which one: 'declare high', 'declare low'"):
        parse_command("declare", declare)


def test_a_card_alone_picks_the_decision_that_names_it() -> None:
    twist = (Choice("stand", label="stand"), Choice("twist", label="twist Qc"),
             Choice("twist", label="twist 8d"))
    assert act("8d", twist) == ("twist", None)
    assert act("stand", twist) == ("stand", None)
    with pytest.raises(CommandError, match="'9h' is not a command here"):
        parse_command("9h", twist)
