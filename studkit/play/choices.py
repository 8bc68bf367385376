"""The decisions a player may take now, as the table lists them (:class:`Choice`), and how
each reads in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from studkit.engine.decisions import BETTING_VERBS
from studkit.variant.amounts import format_amount

__all__ = [
    "Choice",
    "AGGRESSIVE_KINDS",
    "KIND_WORDS",
    "describe_choice",
    "legal_hint",
    "largest",
    "numbered",
    "short_verb",
]


AGGRESSIVE_KINDS: tuple[str, ...] = ("bet", "complete", "raise")
"""Kinds that put in more than the current bet, in the order ``b``/``r`` look for them."""

KIND_WORDS: dict[str, str] = {name: verb.you for name, verb in BETTING_VERBS.items()}
"""How each betting verb reads in labels and messages (``raise to``)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision the player may take now, as the table shows it.

    ``kind`` is ``fold``, ``check``, ``call``, ``bring-in``, ``complete``, ``bet``, ``raise``
    or a kind a plugin adds (``pay``, ``expose``, ``declare``, ``twist``, ...). Amounts are
    totals for the betting round ("raise to"), in the table's units as the engine counts
    them; :meth:`chips` writes one as the player does (``0.50`` at a table of ``scale`` 100).
    """

    kind: str
    amount: int | None = None
    """The chips a fixed decision puts in (call 5, bring in 2), if any."""
    min_amount: int | None = None
    """For a bet or raise of a size the player picks: the smallest total allowed."""
    max_amount: int | None = None
    """For a bet or raise of a size the player picks: the largest total allowed."""
    all_in: bool = False
    """Whether the decision (at its largest amount) puts the player's last chip in."""
    label: str = ""
    """How the decision reads, e.g. ``expose Kh``; empty: built from kind and amount."""
    payload: object = None
    """The engine's own action record this choice stands for (opaque here)."""
    call_to: int = 0
    """For a bet or raise: the round total a call reaches (the bet the player faces)."""
    pot_after_call: int | None = None
    """For a bet or raise in pot or no limit: the pot once the player has called (bets in
    front included); a pot-sized raise adds this much to :attr:`call_to`. ``None`` where the
    pot does not size bets (fixed and spread limit)."""
    scale: int = 1
    """The table's units per whole amount (``variant.stakes.scale``)."""

    def chips(self, units: int | None) -> str:
        """``units`` of this table as the player writes them (``1.50``)."""
        return "" if units is None else format_amount(units, self.scale)

    @property
    def sized(self) -> bool:
        """Whether the player picks an amount (a range with more than one value)."""
        return (
            self.min_amount is not None
            and self.max_amount is not None
            and self.max_amount > self.min_amount
        )

    def pot_amount(self, part: Fraction = Fraction(1)) -> int | None:
        """The total of a bet or raise of ``part`` of the pot (whole chips, rounded down),
        before any limit; ``None`` where the pot does not size bets. A full pot is never
        below the smallest bet allowed nor above the largest: it is the pot-limit maximum,
        and in no limit an all-in when the stack is shorter."""
        if self.pot_after_call is None:
            return None
        total = self.call_to + int(part * self.pot_after_call)
        if part == 1 and self.min_amount is not None and self.max_amount is not None:
            total = max(self.min_amount, min(total, self.max_amount))
        return total

    def fixed_amount(self) -> int | None:
        """The amount when there is only one: ``amount``, or a range of a single value."""
        if self.amount is not None:
            return self.amount
        if self.min_amount is not None and self.min_amount == self.max_amount:
            return self.min_amount
        return None


def describe_choice(choice: Choice, *, amount: int | None = None) -> str:
    """A decision in words: ``call 5``, ``raise to 10-50``, ``raise to 40``, ``pay 12``."""
    if choice.label:
        return choice.label
    word = KIND_WORDS.get(choice.kind, choice.kind)
    if amount is None:
        amount = choice.fixed_amount()
    if amount is not None:
        text = f"{word} {choice.chips(amount)}"
    elif choice.min_amount is not None and choice.max_amount is not None:
        text = f"{word} {choice.chips(choice.min_amount)}-{choice.chips(choice.max_amount)}"
    else:
        text = word
    if choice.all_in:
        if not choice.sized or amount == choice.max_amount:
            text += " (all in)"
        elif amount is None:
            text += f" ({choice.chips(choice.max_amount)} is all in)"
    return text


def largest(choice: Choice) -> int | None:
    """The largest amount a decision puts in (its range's top, or its one amount)."""
    return choice.max_amount if choice.max_amount is not None else choice.amount


def short_verb(choice: Choice) -> str:
    """The letter a player types for a bet or raise (``b``, ``r``), else the kind."""
    return {"bet": "b", "raise": "r"}.get(choice.kind, choice.kind)


def numbered(choices: Sequence[Choice]) -> str:
    """The decisions as a numbered list on one line: ``1) fold  2) call 5``."""
    return "  ".join(f"{i}) {describe_choice(c)}" for i, c in enumerate(choices, 1))


def legal_hint(choices: Sequence[Choice]) -> str:
    """What a message ends with: the decisions legal now."""
    return f"you may: {numbered(choices)}  (? for help)"
