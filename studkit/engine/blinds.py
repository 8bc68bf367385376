"""Blinds: forced bets posted before the deal by the two players on the dealer's left.

:func:`post_blinds` posts them (a player short of a blind posts all their chips);
:func:`open_blind_round` sets up the first betting round on top of them: the big blind is a
live bet the others must call, the first player after the big blind acts first, and the big
blind may raise when the others only call. In fixed limit a big blind of one small bet is a
full bet (the next raise makes two); a smaller one is like a bring-in, and the first raise
completes to the small bet. In spread, pot and no limit the smallest raise is the big blind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from studkit.engine.events import BLIND, BlindEvent

if TYPE_CHECKING:
    from studkit.engine.flow import HandFlow as Hand

__all__ = ["post_blinds", "open_blind_round"]


def post_blinds(hand: Hand) -> None:
    """The small and the big blind, from the first two seats on the dealer's left that have
    chips after the antes (heads-up too: the dealer posts the big blind)."""
    rules = hand.rules
    stacks = hand.stacks
    seats = [s for s in hand._order if stacks[s] > 0][:2]
    for seat, amount, which in zip(
        seats, (rules.small_blind, rules.big_blind), ("small", "big"), strict=False
    ):
        put = amount if amount < stacks[seat] else stacks[seat]
        stacks[seat] -= put
        hand.bets[seat] += put
        hand.contrib[seat] += put
        hand.events.append(BlindEvent(BLIND, seat, put, which))


def _big_blind_seat(hand: Hand) -> int:
    for event in hand.events:
        if type(event) is BlindEvent and event.which == "big":
            return event.seat
    return -1


def open_blind_round(hand: Hand) -> bool:
    """Set up the first round after the blinds; False when no blind was posted (so the
    round opens as it would without them)."""
    big_seat = _big_blind_seat(hand)
    if big_seat < 0:
        return False
    r = hand.round
    rules = hand.rules
    top = max(hand.bets)
    r.bet = top
    if rules.fixed_limit and top < r.size:
        r.bring_in = top  # a big blind below the small bet: the first raise completes
    else:
        r.last_full = top
        r.increment = rules.big_blind
        r.raises = 1
    n = hand.n
    s = big_seat
    to_act = r.to_act
    for _ in range(n):
        s = s + 1 if s + 1 < n else 0
        if to_act[s]:
            hand.progress.leader = s
            hand.actor = s
            return True
    return False  # pragma: no cover - two players who can bet guarantee an actor
