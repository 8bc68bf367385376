"""The help a player asks for with ``?``: every command, what it does in this game, and the
decisions legal now.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from studkit.play.choices import Choice, describe_choice

__all__ = ["help_text"]


# Per betting structure: command lines on sizing bets by the pot, and a note on amounts.
_POT_COMMANDS: tuple[str, ...] = (
    "  pot          bet or raise the size of the pot (a call, then the whole pot)",
    "  half, 3/4    bet or raise that part of the pot (also 'r half', 'b 2/3 pot', '75%')",
)
_SIZING_HELP: dict[str, tuple[tuple[str, ...], str]] = {
    "fixed-limit": (
        (),
        "Amounts are fixed in this game (fixed limit): b and r bet or raise the one amount "
        "allowed, so it may be left out; 'pot' and 'half' do not apply.",
    ),
    "spread-limit": (
        (),
        "Spread limit: say the amount (b 10, r 20) within the spread; 'pot' and 'half' do "
        "not apply.",
    ),
    "pot-limit": (
        _POT_COMMANDS,
        "Pot limit: 'pot' is the most you may bet or raise (all in when you have less).",
    ),
    "no-limit": (
        _POT_COMMANDS,
        "No limit: 'pot' sizes a bet the pot-limit way; with fewer chips it puts you all in, "
        "and parts above 1 ('3/2') bet more than the pot.",
    ),
}
_UNKNOWN_SIZING: tuple[tuple[str, ...], str] = (
    (), "In fixed limit the amount may be left out: b and r bet or raise the limit."
)


def _pot_hint(choice: Choice) -> str:
    """``pot: raise to 45 · half: raise to 27`` for a pot-sized decision, else ``""``."""
    full = choice.pot_amount()
    if full is None:
        return ""
    hint = f"   pot: {describe_choice(choice, amount=full)}"
    half = choice.pot_amount(Fraction(1, 2))
    low = choice.min_amount
    if half is not None and low is not None and half >= low:
        hint += f" · half: {describe_choice(choice, amount=half)}"
    return hint


def help_text(choices: Sequence[Choice], structure: str = "") -> str:
    """The commands, with what each does in the current spot, then the legal decisions.

    ``structure`` is the game's betting structure (``fixed-limit``, ``pot-limit``...): it
    says how amounts are sized, and whether ``pot`` and ``half`` apply.
    """
    pot_sized = any(c.pot_after_call is not None for c in choices)
    sizing = _SIZING_HELP.get(structure)
    if sizing is None:
        sizing = (_POT_COMMANDS, "") if pot_sized else _UNKNOWN_SIZING
    commands, note = sizing
    lines = [
        "Commands:",
        "  c            check; or call; or bring in when you are the forced player",
        "  k            check",
        "  f            fold",
        "  b 10         bet 10",
        "  r 20         raise to 20 (your total bet this round)",
        "  complete     complete the bring-in to the full bet",
        "  allin        put all your chips in",
        *commands,
        "  3, 3 40      decision 3 of the list below (with an amount if it takes one)",
        "  t            show the table again",
        "  ?            this help",
        "  q            leave the table (the end of the input does the same)",
        *([note] if note else []),
        "Any decision below may also be typed as shown (its first word alone when it is the "
        "only one of its kind).",
        "Now you may:",
    ]
    lines.extend(
        f"  {i}) {describe_choice(c)}{_pot_hint(c)}" for i, c in enumerate(choices, 1)
    )
    return "\n".join(lines)
