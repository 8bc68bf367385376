"""The short commands a player types at the table, and what each one means right now.

A command is read against the decisions that are legal at this moment (:class:`Choice`), so
the same letters do the natural thing in every spot: ``c`` checks when nothing is owed, calls a
bet, and brings in when the player is the forced one.

==========================  ===========================================================
command                     meaning
==========================  ===========================================================
``c``                       check, else call, else bring in (the forced player)
``k``, ``check``            check
``f``, ``fold``             fold
``call``                    call
``b 10``, ``bet 10``        bet 10 (in fixed limit the amount may be left out)
``r 20``, ``raise 20``      raise to 20 in all this round (``raise to 20`` also reads)
``complete``                complete the bring-in to the full bet
``bring-in``, ``bi``        post the bring-in
``allin``                   put every chip in, with whatever bet, raise or call does it
``pot``, ``r pot``          (pot and no limit) bet or raise the size of the pot
``half``, ``3/4``, ``75%``  (pot and no limit) bet or raise that part of the pot
``3`` or ``3 40``           the third decision listed (with an amount if it takes one)
any listed decision         typed as shown (a plugin decision by its label)
``t``                       show the table again
``?``, ``help``             explain the commands and list what is legal now
``q``, ``quit``             leave the table at once
==========================  ===========================================================

>>> choices = [Choice("fold"), Choice("call", amount=5), Choice("raise", min_amount=10,
...     max_amount=10)]
>>> parse_command("c", choices).choice.kind
'call'
>>> parse_command("r", choices).amount
10
>>> pot_limit = [Choice("fold"), Choice("call", amount=10), Choice("raise", min_amount=20,
...     max_amount=60, call_to=10, pot_after_call=50)]
>>> parse_command("pot", pot_limit).amount
60
>>> parse_command("r half", pot_limit).amount
35
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from studkit.engine.chips import amount_words, table_units
from studkit.errors import StudkitError
from studkit.play.choices import (
    AGGRESSIVE_KINDS,
    KIND_WORDS,
    Choice,
    describe_choice,
    largest,
    legal_hint,
    numbered,
    short_verb,
)
from studkit.play.command_help import help_text

__all__ = [
    "Choice",
    "Command",
    "CommandError",
    "AGGRESSIVE_KINDS",
    "parse_command",
    "describe_choice",
    "help_text",
    "pot_part",
]


class CommandError(StudkitError):
    """A command that does not fit the current spot; the message says what would."""


@dataclass(frozen=True, slots=True)
class Command:
    """What a typed line asks for: a decision (with its amount) or a table command."""

    name: Literal["act", "help", "quit", "table"]
    choice: Choice | None = None
    amount: int | None = None
    """The total the player chose for a sized bet or raise, else the fixed amount."""


def _norm(word: str) -> str:
    return word.lower().replace("_", "-")


# Typed verbs and the intent each one names.
_VERBS: dict[str, str] = {
    "c": "c",
    "k": "check",
    "x": "check",
    "check": "check",
    "f": "fold",
    "fold": "fold",
    "call": "call",
    "b": "aggressive",
    "r": "aggressive",
    "bet": "aggressive",
    "raise": "aggressive",
    "complete": "complete",
    "comp": "complete",
    "bring-in": "bring-in",
    "bringin": "bring-in",
    "bring": "bring-in",
    "bi": "bring-in",
    "allin": "allin",
    "all-in": "allin",
    "all": "allin",
    "shove": "allin",
    "?": "help",
    "h": "help",
    "help": "help",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "t": "table",
    "table": "table",
}

_TABLE_COMMANDS: dict[str, Command] = {
    "help": Command("help"),
    "quit": Command("quit"),
    "table": Command("table"),
}

_INTENTS_NEEDING_NO_AMOUNT = ("c", "check", "fold", "call", "bring-in", "allin")


def parse_command(text: str, choices: Sequence[Choice]) -> Command:
    """Read one typed line against the decisions legal now.

    Raises :class:`CommandError` with a message that quotes the line, says why it does not
    fit and what would.
    """
    line = text.strip()
    if not line:
        raise CommandError(f"nothing typed; {legal_hint(choices)}")
    words = line.split()
    verb = _norm(words[0])
    args = [w for w in words[1:] if _norm(w) != "to"]
    if verb.isdigit():
        return _by_number(line, int(verb), args, choices)
    labelled = _by_label(line, choices)
    if labelled is not None:
        return labelled
    if pot_part([verb], line) is not None:  # "pot", "half", "3/4": a bet or raise that size
        if pot_part(words, line) is None:
            raise CommandError(
                f"{line!r}: {words[0]!r} takes no amount: the pot sizes the bet or raise "
                f"(to say the amount, type 'r {' '.join(words[1:])}')"
            )
        args = words
        verb = "r"
    intent = _VERBS.get(verb)
    table_command = _TABLE_COMMANDS.get(intent or "")
    if table_command is not None:
        if args:
            raise CommandError(f"{line!r}: {verb!r} takes nothing after it")
        return table_command
    if intent is None:
        return _by_kind(line, verb, args, choices)
    if intent in _INTENTS_NEEDING_NO_AMOUNT and args:
        raise CommandError(f"{line!r}: {verb!r} takes no amount; {legal_hint(choices)}")
    if intent == "c":
        for kind in ("check", "call", "bring-in"):
            found = _first(choices, kind)
            if found is not None:
                return Command("act", found, found.fixed_amount())
        raise CommandError(
            f"{line!r}: there is nothing to check, call or bring in; {legal_hint(choices)}"
        )
    if intent == "allin":
        return _all_in(line, choices)
    if intent == "aggressive":
        wanted: tuple[str, ...] = AGGRESSIVE_KINDS
    else:
        wanted = (intent,)
    for kind in wanted:
        candidates = [c for c in choices if c.kind == kind]
        if candidates:
            return _with_amount(line, candidates, args)
    raise CommandError(f"{line!r}: {_why_not(intent, choices)}; {legal_hint(choices)}")


def _first(choices: Sequence[Choice], kind: str) -> Choice | None:
    return next((c for c in choices if c.kind == kind), None)


def _by_number(line: str, number: int, args: list[str], choices: Sequence[Choice]) -> Command:
    if not 1 <= number <= len(choices):
        raise CommandError(
            f"{line!r}: there is no decision number {number}; pick 1 to {len(choices)} "
            f"({numbered(choices)})"
        )
    return _with_amount(line, [choices[number - 1]], args)


def _by_label(line: str, choices: Sequence[Choice]) -> Command | None:
    """A line that spells out a listed decision exactly, e.g. ``expose Kh`` or ``pay 12``."""
    wanted = _words(line)
    for choice in choices:
        if choice.label and _words(choice.label) == wanted:
            return Command("act", choice, choice.fixed_amount())
    return None


def _words(text: str) -> str:
    """Text compared loosely: case, hyphens and spacing do not matter."""
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


def _by_kind(line: str, verb: str, args: list[str], choices: Sequence[Choice]) -> Command:
    """A verb that names a kind directly: plugin kinds such as ``pay``, ``expose``, ``twist``."""
    candidates = [c for c in choices if _norm(c.kind) == verb]
    if not candidates:
        ending = _words(line)
        matches = [c for c in choices if c.label and _words(c.label).endswith(" " + ending)]
        if len(matches) == 1:
            return Command("act", matches[0], matches[0].fixed_amount())
        starting = [c for c in choices if c.label and _words(c.label).startswith(ending + " ")]
        if starting:
            raise CommandError(
                f"{line!r}: say which one: "
                + ", ".join(f"{describe_choice(c)!r}" for c in starting)
            )
        raise CommandError(f"{line!r} is not a command here; {legal_hint(choices)}")
    if len(candidates) > 1:
        if args:
            rest = " ".join(_norm(a) for a in args)
            for choice in candidates:
                label = _norm(describe_choice(choice))
                if label.endswith(" " + rest):
                    return Command("act", choice, choice.fixed_amount())
        sized = [c for c in candidates if c.min_amount is not None]
        if not sized or len(sized) != len(candidates):
            raise CommandError(
                f"{line!r}: say which one: "
                + ", ".join(f"{describe_choice(c)!r}" for c in candidates)
            )
    return _with_amount(line, candidates, args)


def _with_amount(line: str, candidates: Sequence[Choice], args: list[str]) -> Command:
    """Pick among decisions of one kind by the amount typed (or the only amount there is)."""
    part = pot_part(args, line)
    if part is not None:
        return _pot_sized(line, candidates, part)
    if len(args) > 1:
        raise CommandError(f"{line!r}: expected at most one amount after the command")
    if not args:
        if len(candidates) == 1:
            choice = candidates[0]
            if choice.sized:
                raise CommandError(
                    f"{line!r}: say how much: {describe_choice(choice)}, e.g. "
                    f"'{short_verb(choice)} {choice.chips(choice.min_amount)}'"
                )
            return Command("act", choice, choice.fixed_amount())
        raise CommandError(
            f"{line!r}: say how much: "
            + " or ".join(f"'{short_verb(c)} {c.chips(c.fixed_amount())}'" for c in candidates)
        )
    token = args[0]
    scale = candidates[0].scale
    amount = table_units(token, scale)  # the player's amount (1.50) in the table's units
    if amount is None:
        raise CommandError(f"{line!r}: {token!r} is not {amount_words(scale)}") from None
    for choice in candidates:
        fixed = choice.fixed_amount()
        if fixed is not None and amount == fixed:
            return Command("act", choice, amount)
        low, high = choice.min_amount, choice.max_amount
        if low is not None and high is not None and low <= amount <= high:
            return Command("act", choice, amount)
    allowed = " or ".join(describe_choice(c) for c in candidates)
    raise CommandError(f"{line!r}: {token} is not allowed here; you may {allowed}")


_POT_WORDS: dict[str, Fraction] = {"pot": Fraction(1), "half": Fraction(1, 2)}
_FRACTION = re.compile(r"(\d{1,6})/(\d{1,6})")
_PERCENT = re.compile(r"(\d{1,4})%")


def pot_part(words: Sequence[str], line: str = "") -> Fraction | None:
    """The part of the pot words ask for: ``pot`` 1, ``half`` 1/2, ``3/4``, ``75%``, each
    optionally followed by ``pot`` (``half pot``); ``None`` when they ask for no part of the
    pot. A part of zero (or divided by zero) raises :class:`CommandError`, quoting ``line``
    (the words themselves if not given).

    >>> pot_part(["half", "pot"]), pot_part(["3/4"]), pot_part(["10"])
    (Fraction(1, 2), Fraction(3, 4), None)
    """
    tokens = [_norm(w) for w in words]
    if len(tokens) == 2 and tokens[1] == "pot" and tokens[0] != "pot":
        tokens = tokens[:1]
    if len(tokens) != 1:
        return None
    token = tokens[0]
    quoted = repr(line or " ".join(words))
    part = _POT_WORDS.get(token)
    if part is not None:
        return part
    fraction = _FRACTION.fullmatch(token)
    percent = _PERCENT.fullmatch(token)
    if fraction is not None:
        top, bottom = int(fraction.group(1)), int(fraction.group(2))
        if bottom == 0:
            raise CommandError(f"{quoted}: a part of the pot cannot be divided by zero")
        part = Fraction(top, bottom)
    elif percent is not None:
        part = Fraction(int(percent.group(1)), 100)
    else:
        return None
    if part <= 0:
        raise CommandError(f"{quoted}: say a part of the pot above zero, e.g. 'half' or '3/4'")
    return part


def _part_words(part: Fraction) -> str:
    if part == 1:
        return "the pot"
    if part == Fraction(1, 2):
        return "half the pot"
    if part.denominator == 1:
        return f"{part.numerator} pots"
    return f"{part.numerator}/{part.denominator} of the pot"


# A bet or raise of some size, as a noun: "a raise to 30".
_SIZED_NOUNS: dict[str, str] = {
    "bet": "a bet of",
    "raise": "a raise to",
    "complete": "a completion to",
}


def _pot_sized(line: str, candidates: Sequence[Choice], part: Fraction) -> Command:
    """A bet or raise of ``part`` of the pot, where the pot sizes bets (pot and no limit)."""
    by_pot = [c for c in candidates if c.pot_after_call is not None]
    if not by_pot:
        if all(not c.sized for c in candidates):
            fixed = " or ".join(
                f"'{short_verb(c)}' to {describe_choice(c)}" for c in candidates
            )
            raise CommandError(
                f"{line!r}: amounts are fixed in this game, the pot does not size them: type "
                f"{fixed}"
            )
        raise CommandError(
            f"{line!r}: the pot does not size bets in this game; say how much: "
            + " or ".join(f"{describe_choice(c)}, e.g. '{short_verb(c)} {c.chips(c.min_amount)}'"
                          for c in candidates)
        )
    choice = by_pot[0]
    total = choice.pot_amount(part)
    low, high = choice.min_amount, choice.max_amount
    if total is None or low is None or high is None:  # a pot-sized choice always has a range
        raise CommandError(f"{line!r}: {describe_choice(choice)} takes no amount")
    noun = _SIZED_NOUNS.get(choice.kind, choice.kind)
    what = f"{line!r}: {_part_words(part)} is {noun} {choice.chips(total)}"
    if total < low:
        raise CommandError(
            f"{what}, below the smallest {choice.kind} allowed ({choice.chips(low)}); "
            f"type '{short_verb(choice)} {choice.chips(low)}' or 'pot'"
        )
    if total > high:
        if not choice.all_in:
            raise CommandError(
                f"{what}, above the largest {choice.kind} allowed ({choice.chips(high)}, "
                "the pot); "
                f"type 'pot'"
            )
        total = high  # no more chips: all in
    return Command("act", choice, total)


def _all_in(line: str, choices: Sequence[Choice]) -> Command:
    all_in = [c for c in choices if c.all_in]
    if all_in:
        choice = max(all_in, key=lambda c: largest(c) or 0)
        return Command("act", choice, largest(choice))
    aggressive = [c for c in choices if c.kind in AGGRESSIVE_KINDS]
    most = describe_choice(aggressive[-1], amount=largest(aggressive[-1])) if aggressive else ""
    limit = f": the most you may put in now is {most}" if most else ""
    raise CommandError(f"{line!r}: you cannot go all in{limit}; {legal_hint(choices)}")


def _why_not(intent: str, choices: Sequence[Choice]) -> str:
    """Why a standard decision is not legal now, in a player's words."""
    kinds = {c.kind for c in choices}
    if intent == "check":
        if "bring-in" in kinds:
            return "you cannot check: you are the forced player (c brings in)"
        call = _first(choices, "call")
        if call is not None:
            return f"you cannot check: it is {call.chips(call.fixed_amount())} to call"
    if intent == "fold" and "bring-in" in kinds:
        return "you are the forced player: bring in (c) or complete, folding is not allowed"
    if intent == "fold" and "check" in kinds:
        return "folding is not offered when you can check for free"
    if intent == "call" and "check" in kinds:
        return "there is no bet to call (k checks)"
    if intent == "aggressive":
        short = next((c for c in choices if c.kind in ("call", "bring-in") and c.all_in), None)
        if short is not None:
            word = KIND_WORDS.get(short.kind, short.kind)
            amount = short.chips(short.fixed_amount())
            return f"you cannot bet or raise now: {word} {amount} puts in all your chips"
        return "you cannot bet or raise now (the raises may be capped, or you are all in)"
    if intent == "complete":
        return "there is no bring-in to complete"
    if intent == "bring-in":
        return "you are not the player who brings in"
    return f"{intent} is not legal now"


