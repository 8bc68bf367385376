"""Pots: the main pot, side pots, and how each is split among the winning hands.

Pure functions over per-seat numbers, independent of the engine: the rules are the rules
core's (``studkit/core/pots.c`` and ``award.c``, which every hand's showdown runs), here
with their inputs checked and their results as records.

:func:`build_pots` turns what each seat put in (antes, bring-in, bets, after an uncalled bet
was returned) into a main pot and one side pot per distinct all-in level, the way spec-000
describes it: every live player's stake is matched up to the smallest all-in stack for the
main pot, the balance up to the next all-in stack makes the first side pot, and so on. Chips
of folded players count toward every level they reached. An all-in for less than the ante
(rules reference A17) falls out of the same rule: matching amounts of the others' antes go to
the main pot and the rest to a side pot.

:func:`award_pots` splits each pot among the variant's pot shares (``high``; ``high`` and
``low``; ...) by weight, gives each share to its best eligible hand, splits ties equally and
hands out odd chips in a given order.

>>> pots = build_pots([10, 30, 30], [True, True, True])
>>> [(pot.amount, pot.eligible) for pot in pots]
[(30, (0, 1, 2)), (40, (1, 2))]
>>> high = ShareInput("high", 1, [9, 5, 3], odd_chip_order=[0, 1, 2])
>>> award_pots(pots, [high])[0]
[30, 40, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from studkit.core import _core
from studkit.errors import StudkitError

__all__ = [
    "Pot",
    "ShareInput",
    "Award",
    "build_pots",
    "award_pots",
    "uncalled_bet",
    "pot_label",
    "describe_pots",
]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats that may win it."""

    amount: int
    """Chips in the pot."""
    eligible: tuple[int, ...]
    """Seats that may win it, ascending: live (not folded) and contributed to this level."""


@dataclass(frozen=True, slots=True)
class ShareInput:
    """One share of every pot (e.g. the high half of a hi-lo pot) and the hands competing."""

    name: str
    """The share's name, e.g. ``high`` or ``low``."""
    weight: int
    """Relative size among the shares that qualify: weights 1 and 1 are halves."""
    strengths: Sequence[int]
    """Per seat, higher is better; 0 = no qualifying hand, or the seat is not in the showdown."""
    odd_chip_order: Sequence[int]
    """Seats in priority order for the odd chips of a tie in this share; seats missing from it
    come after the listed ones, in seat order."""


@dataclass(frozen=True, slots=True)
class Award:
    """Who won one share of one pot, and how much each got."""

    pot: int
    """Index into the pots list (0 = the main pot)."""
    share: str
    """The share's name."""
    seats: tuple[int, ...]
    """The winners of this share of this pot, in odd-chip priority order."""
    amounts: tuple[int, ...]
    """Chips each winner got, in the order of :attr:`seats`."""


def build_pots(
    contributions: Sequence[int], live: Sequence[bool], *, dead: int = 0
) -> list[Pot]:
    """The main pot first, then one side pot per distinct all-in level.

    ``contributions[seat]`` is every chip the seat put in this hand, after an uncalled bet was
    returned; ``live[seat]`` is false once the seat folded. A pot's level is reached by a seat
    whose contribution is at least the level; its eligible seats are the live ones among them.
    Adjacent levels with the same eligible seats merge; empty pots are left out. Chips a
    folded seat put in above the highest live contribution go to the last pot.

    ``dead`` chips are in the pot without being anyone's stake (a plugin's payment to stay in,
    Baseball's pay-for-a-three, or a twist's price): they belong to the main pot, which every
    live seat can win, and never make a side pot of their own.

    >>> [(p.amount, p.eligible) for p in build_pots([5, 20, 20, 12], [True, True, True, False])]
    [(20, (0, 1, 2)), (37, (1, 2))]
    >>> build_pots([10, 10], [True, True], dead=7)
    [Pot(amount=27, eligible=(0, 1))]
    """
    n = len(contributions)
    if len(live) != n:
        raise StudkitError(
            f"build_pots: {n} contributions but {len(live)} live flags; give one of each per seat"
        )
    for seat in range(n):
        chips = contributions[seat]
        if chips < 0:
            raise StudkitError(
                f"build_pots: seat {seat} contributed {chips} chips; contributions are >= 0"
            )
    if not any(live):
        raise StudkitError("build_pots: no live seat; at least one seat must not have folded")
    if dead < 0:
        raise StudkitError(f"build_pots: {dead} dead chips; dead money is >= 0")
    if n > _core.SEATS:
        raise StudkitError(f"build_pots: {n} seats; the rules core plays at most {_core.SEATS}")
    return [
        Pot(amount, tuple(seat for seat in range(n) if mask >> seat & 1))
        for amount, mask in _core.build_pots(contributions, [not flag for flag in live], dead)
    ]


def award_pots(
    pots: Sequence[Pot], shares: Sequence[ShareInput], *, odd_chip_share: int = 0
) -> tuple[list[int], list[Award]]:
    """Split every pot among its winners; return the payout per seat and the award records.

    Each pot is divided among the shares by weight, counting only the shares in which at least
    one eligible seat has a strength above 0 (a share nobody qualifies for goes to the others:
    with no qualifying low, high takes all). Each share goes to the best strength among the
    pot's eligible seats; tied seats split it equally (a tie for low in hi-lo is quartering).

    Odd chips: when a pot does not divide evenly among the shares, the odd chips go one at a
    time to ``odd_chip_share`` (an index into ``shares``, the hi-lo high side) or, when that
    share did not qualify, to the first qualifying share, then to the others in order. When a
    share does not divide evenly among tied winners, the odd chips go one at a time in the
    share's ``odd_chip_order``, so no winner gets two while another has none.

    A pot in which no eligible seat has any strength (e.g. the only eligible seat, or a hand
    won without a showdown) is split among its eligible seats as if all were tied in share
    ``odd_chip_share``.

    >>> hi = ShareInput("high", 1, [7, 7, 0], [1, 0, 2])
    >>> lo = ShareInput("low", 1, [0, 4, 0], [1, 0, 2])
    >>> award_pots([Pot(31, (0, 1, 2))], [hi, lo])[0]
    [8, 23, 0]
    """
    if shares and not 0 <= odd_chip_share < len(shares):
        raise StudkitError(
            f"award_pots: odd_chip_share {odd_chip_share} is not a share index "
            f"(0 to {len(shares) - 1})"
        )
    seats = 0
    known = -1  # every share has a strength for seats below this
    for share in shares:
        if share.weight <= 0:
            raise StudkitError(
                f"award_pots: share {share.name!r} has weight {share.weight}; weights are >= 1"
            )
        size = len(share.strengths)
        if size > seats:
            seats = size
        if known < 0 or size < known:
            known = size
    for pot in pots:
        eligible = pot.eligible
        if pot.amount < 0:
            raise StudkitError(f"award_pots: a pot of {pot.amount} chips; amounts are >= 0")
        if not eligible:
            if pot.amount:
                raise StudkitError(f"award_pots: a pot of {pot.amount} chips has no eligible seat")
            continue
        low, high = min(eligible), max(eligible)
        if low < 0:
            raise StudkitError(f"award_pots: eligible seat {low} is not a seat number")
        if shares and high >= known:
            short = next(share for share in shares if high >= len(share.strengths))
            raise StudkitError(
                f"award_pots: eligible seat {high} has no strength in share "
                f"{short.name!r} ({len(short.strengths)} seats given)"
            )
        if high >= seats:
            seats = high + 1

    if seats > _core.SEATS or len(shares) > _core.SHARES:
        raise StudkitError(
            f"award_pots: {seats} seats and {len(shares)} shares; the rules core plays at most "
            f"{_core.SEATS} and {_core.SHARES}"
        )
    if seats == 0:
        return [], []
    if not shares:  # no share: each pot is split among its eligible seats
        shares = [ShareInput("pot", 1, [0] * seats, ())]
    masks = [(pot.amount, sum(1 << seat for seat in pot.eligible)) for pot in pots]
    payouts, split = _core.split_pots(
        seats, masks, [share.weight for share in shares],
        [list(share.strengths) + [0] * (seats - len(share.strengths)) for share in shares],
        [list(share.odd_chip_order) for share in shares], odd_chip_share,
    )
    names = [share.name for share in shares]
    return payouts, [
        Award(pot, names[share], seats_won, amounts) for pot, share, seats_won, amounts in split
    ]


def uncalled_bet(contributions: Sequence[int]) -> tuple[int, int] | None:
    """The seat whose chips nobody matched and the excess to return, or ``None``.

    An uncalled bet is what the largest contributor put in beyond the next largest
    contribution of any seat, folded or not.

    >>> uncalled_bet([10, 25, 15])
    (1, 10)
    >>> uncalled_bet([10, 10, 5]) is None
    True
    """
    if len(contributions) > _core.SEATS:
        raise StudkitError(f"uncalled_bet: at most {_core.SEATS} seats")
    return _core.uncalled_bet(contributions)


def pot_label(index: int) -> str:
    """A pot's name for display: ``main pot``, ``side pot 1``, ``side pot 2``, ...

    >>> pot_label(0), pot_label(2)
    ('main pot', 'side pot 2')
    """
    if index < 0:
        raise StudkitError(f"pot_label: pot index {index} is negative")
    return "main pot" if index == 0 else f"side pot {index}"


def describe_pots(pots: Sequence[Pot]) -> str:
    """One line per pot: its label, amount and eligible seats (counted from 0).

    >>> print(describe_pots(build_pots([10, 30, 30], [True, True, True])))
    main pot: 30 (seats 0, 1, 2)
    side pot 1: 40 (seats 1, 2)
    """
    return "\n".join(
        f"{pot_label(index)}: {pot.amount} (seats {', '.join(map(str, pot.eligible))})"
        for index, pot in enumerate(pots)
    )
