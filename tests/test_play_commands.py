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


# Pot limit, facing a bet of 10 with 40 in the pot (bets included): a call makes it 50, so a
# pot-sized raise is to 10 + 50 = 60, the most pot limit allows.
PL_RAISE = Choice("raise", min_amount=20, max_amount=60, call_to=10, pot_after_call=50)
PL_FACING = (FOLD, Choice("call", amount=10), PL_RAISE)
# No limit, same spot, 500 chips behind.
NL_DEEP = Choice("raise", min_amount=20, max_amount=500, all_in=True, call_to=10,
                 pot_after_call=50)
NL_SHORT = Choice("raise", min_amount=20, max_amount=45, all_in=True, call_to=10,
                  pot_after_call=50)
# Pot limit, first to bet into a pot of 30.
PL_OPEN = (CHECK, Choice("bet", min_amount=10, max_amount=30, call_to=0, pot_after_call=30))


@pytest.mark.parametrize(
    ("text", "choices", "amount"),
    [
        ("pot", PL_FACING, 60),
        ("r pot", PL_FACING, 60),
        ("raise to pot", PL_FACING, 60),
        ("3 pot", PL_FACING, 60),
        ("half", PL_FACING, 35),
        ("half pot", PL_FACING, 35),
        ("r 1/2", PL_FACING, 35),
        ("3/4", PL_FACING, 47),  # 10 + 37.5, rounded down
        ("r 75%", PL_FACING, 47),
        ("b 1/2 pot", PL_OPEN, 15),
        ("pot", PL_OPEN, 30),
        ("Pot", (FOLD, NL_DEEP), 60),
        ("3/2", (FOLD, NL_DEEP), 85),  # no limit: more than the pot is a bet like any other
        ("2/1", (FOLD, NL_DEEP), 110),
        ("pot", (FOLD, NL_SHORT), 45),  # the pot is more than the stack: all in
        ("3/4", (FOLD, NL_SHORT), 45),
    ],
)
def test_pot_and_parts_of_it_size_bets_and_raises(
    text: str, choices: tuple[Choice, ...], amount: int
) -> None:
    assert act(text, choices) == (choices[-1].kind, amount)


def test_a_full_pot_below_the_smallest_bet_is_the_smallest() -> None:
    # Pot limit, the forced player opening into 3 chips of antes may bet 4 (twice the
    # bring-in) and no more: that is the pot-limit bet.
    opener = Choice("bet", min_amount=4, max_amount=4, call_to=0, pot_after_call=3)
    assert act("pot", (BRING_IN, opener)) == ("bet", 4)
    assert opener.pot_amount() == 4


@pytest.mark.parametrize(
    ("text", "choices", "message"),
    [
        ("pot", FACING_BET, "'pot': amounts are fixed in this game, the pot does not size "
                            "them: type 'r' to raise to 10"),
        ("half", FORCED, "amounts are fixed in this game.*'complete' to complete to 5"),
        ("pot", (CHECK, Choice("bet", min_amount=2, max_amount=8)),
         "'pot': the pot does not size bets in this game; say how much: bet 2-8, e.g. 'b 2'"),
        ("pot", (FOLD, CALL_5), "'pot': you cannot bet or raise now"),
        ("half", (FOLD, Choice("call", amount=5, all_in=True)),
         "'half': you cannot bet or raise now: call 5 puts in all your chips"),
        ("r 1/8", PL_FACING, "'r 1/8': 1/8 of the pot is a raise to 16, below the smallest "
                             "raise allowed \\(20\\); type 'r 20' or 'pot'"),
        ("3/2", PL_FACING, "'3/2': 3/2 of the pot is a raise to 85, above the largest raise "
                           "allowed \\(60, the pot\\); type 'pot'"),
        ("2/1 pot", PL_FACING, "'2/1 pot': 2 pots is a raise to 110, above the largest"),
        ("r 0/2", PL_FACING, "'r 0/2': say a part of the pot above zero"),
        ("1/0", PL_FACING, "'1/0': a part of the pot cannot be divided by zero"),
        ("pot 40", PL_FACING, "'pot 40': 'pot' takes no amount.*type 'r 40'"),
        ("r pot 40", PL_FACING, "'r pot 40': expected at most one amount"),
        ("r potato", PL_FACING, "'potato' is not a whole number of chips"),
    ],
)
def test_pot_where_it_does_not_apply_is_explained(
    text: str, choices: tuple[Choice, ...], message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        parse_command(text, choices)


def test_help_says_how_amounts_are_sized_in_each_structure() -> None:
    fixed = help_text(FACING_BET, "fixed-limit")
    assert "Amounts are fixed in this game (fixed limit)" in fixed and "pot " not in fixed
    assert "'pot' and 'half' do not apply" in help_text(FACING_BET, "spread-limit")
    pot_limit = help_text(PL_FACING, "pot-limit")
    assert "\n  pot          bet or raise the size of the pot" in pot_limit
    assert "\n  half, 3/4    bet or raise that part of the pot" in pot_limit
    assert "Pot limit: 'pot' is the most you may bet or raise" in pot_limit
    assert pot_limit.endswith("  3) raise to 20-60   pot: raise to 60 · half: raise to 35")
    no_limit = help_text((FOLD, NL_SHORT), "no-limit")
    assert "No limit: 'pot' sizes a bet the pot-limit way" in no_limit
    assert no_limit.endswith(
        "  2) raise to 20-45 (45 is all in)   pot: raise to 45 (all in) · half: raise to 35"
    )
    # Without the structure, the choices tell whether the pot sizes bets.
    assert "\n  pot  " in help_text(PL_FACING) and "\n  pot  " not in help_text(FACING_BET)


def test_the_commands_module_examples() -> None:
    from conftest import run_doctests

    failed, attempted = run_doctests("studkit.play.commands")
    assert failed == 0 and attempted >= 7
