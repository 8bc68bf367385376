"""Replaying hand histories as another program reads the rules: ``--compat pokerkit``.

By default a PHH hand (``F7S``, ``F7S/8``, ``FR``) is replayed under the rule books' reading
of the PHH rules (:func:`studkit.history.rules.phh_rules`). PokerKit 0.7.7, which writes most
PHH files, reads two things differently, and a history it wrote can depend on them:

* it counts every all-in completion, bet or raise as a full one, however short: after a bet of
  5 and an all-in to 6 the next raise is to 11 (the half-bet rule says 10), and a player who
  had already acted may raise again;
* it writes ``ante_trimming_status = false`` whatever the game used.

``compat="pokerkit"`` replays those hands with ``betting.short_all_in_is_full`` set and reads
``ante_trimming_status = false`` as the trimming PokerKit's stud games apply. It changes
nothing else: pots are still awarded by the rule books (a side pot without a qualifying low
goes to its best high hand, where PokerKit 0.7.7 gives the low half to a hand that does not
qualify; an odd chip goes to the first hand shown, not to the lowest seat), so a history
whose ``finishing_stacks`` depend on those differences is still reported. A hand that names
its variant in ``_studkit_variant`` was written by studkit under that variant's rules and is
replayed exactly so, with or without ``compat``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Final

from studkit.engine.hand import Hand
from studkit.errors import HistoryError
from studkit.variant.model import Variant

__all__ = [
    "COMPAT_MODES", "check_compat", "compat_rules", "trims_antes", "split_differently",
    "SPLIT_NOTE",
]

COMPAT_MODES: Final[tuple[str, ...]] = ("pokerkit",)
"""The programs whose reading a replay can follow (``None``: the rule books')."""


def check_compat(compat: str | None) -> None:
    """Raise :class:`HistoryError` for a ``compat`` that is not ``None`` or a known mode."""
    if compat is not None and compat not in COMPAT_MODES:
        known = ", ".join(repr(mode) for mode in COMPAT_MODES)
        raise HistoryError(f"unknown compat mode {compat!r}: known modes are {known}")


def compat_rules(variant: Variant, compat: str | None) -> Variant:
    """``variant`` (already under the PHH rules) as ``compat`` reads the betting."""
    check_compat(compat)
    if compat is None:
        return variant
    forced = variant.forced_bets
    if forced.bring_in is not None:
        forced = replace(forced, bring_in=replace(forced.bring_in, short_stack="partial-call"))
    betting = replace(variant.betting, short_all_in_is_full=True)
    return replace(variant, betting=betting, forced_bets=forced)


def trims_antes(ante_trimming_status: bool | None, compat: str | None) -> bool:
    """Whether the history's game trims antes as studkit does (``None``: the file is silent);
    PokerKit writes ``false`` whatever its game did, so under its reading the file says
    nothing."""
    return ante_trimming_status is not False or compat == "pokerkit"


SPLIT_NOTE: Final = (
    "PokerKit awards an odd chip to the lowest seat and may give the low half of a pot with "
    "no qualifying low to a hand that does not qualify; studkit awards by the rule books"
)
"""Why a PokerKit history's ``finishing_stacks`` may differ from a replay's."""


def split_differently(
    hand: Hand, expected: Sequence[int | Decimal], scale: int, compat: str | None
) -> bool:
    """Whether, under ``compat``, ``expected`` (the file's finishing stacks) differs from the
    replayed ``hand`` only in how its pots were split: every seat has at least what it kept
    out of the pots, the chips add up, and only seats in the showdown differ."""
    if compat != "pokerkit" or not hand.is_over or not hand.shown:
        return False
    won = [0] * hand.n
    for seat, amount, *_ in hand.awards:
        won[seat] += amount
    final = [Decimal(chips) / scale for chips in hand.stacks]
    kept = [Decimal(chips - won[seat]) / scale for seat, chips in enumerate(hand.stacks)]
    return (
        sum(expected) == sum(final)
        and all(theirs >= mine for theirs, mine in zip(expected, kept, strict=True))
        and all(seat in hand.shown for seat in range(hand.n) if expected[seat] != final[seat])
    )
