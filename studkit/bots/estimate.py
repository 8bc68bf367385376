"""The equity bot's estimate: Monte Carlo equity against the boards the seat can see."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from studkit.bots.seen import Seen
from studkit.bots.strategy import EQUITY_STEP
from studkit.cards import Card
from studkit.equity.calculator import sampled_equities
from studkit.equity.spot import parse_spot
from studkit.errors import StudkitError
from studkit.variant.model import Variant

__all__ = ["estimate_equity", "in_deal_order"]


def in_deal_order(
    variant: Variant, down: Sequence[Card | None], up: Sequence[Card | None]
) -> tuple[Card | None, ...]:
    """A player's down and up cards in the order the streets deal them, each face where the
    streets deal one (what a pot share ranked by down cards reads, as Chicago's does); down
    cards then up cards where the faces do not fit the streets (a card turned up or chosen).

    >>> from studkit.cards import parse_card as c
    >>> in_deal_order(Variant(name="seven-card-stud"), [c("As"), c("Kd"), c("2c")],
    ...               [c("Qh"), c("Jh"), c("Th"), c("9h")])
    (As, Kd, Qh, Jh, Th, 9h, 2c)
    """
    faces = [face != "up" for street in variant.streets for face in street.cards]
    dealt = faces[: len(down) + len(up)]
    if len(dealt) < len(down) + len(up) or sum(dealt) != len(down):
        return tuple(down) + tuple(up)
    downs, ups = iter(down), iter(up)
    return tuple(next(downs) if is_down else next(ups) for is_down in dealt)


def estimate_equity(
    info: Seen, trials: int, rng: random.Random,
    settled: Callable[[float, int], bool] | None = None,
) -> float | None:
    """The seat's equity against every live opponent, their down cards unknown, from up to
    ``trials`` random completions.

    Opponents have been dealt as many down cards as the seat; folded players' up cards are
    dead. The completions are dealt in groups of
    :data:`~studkit.bots.strategy.EQUITY_STEP`; after each group but the last,
    ``settled(pots won, completions dealt)`` may end the estimate (the equity bot's
    :func:`~studkit.bots.strategy.equity_settled`, the rule the kernel follows too).
    ``None`` when the spot cannot be posed (a plugin's pot share, uneven hands).
    """
    unknown: tuple[Card | None, ...] = (None,) * len(info.down)
    hands = [in_deal_order(info.variant, info.down, info.up)]
    hands.extend(in_deal_order(info.variant, unknown, up) for up in info.opponents_up)
    try:
        board = info.community if info.variant.board_cards else ()
        spot = parse_spot(info.variant, hands, info.dead, board)
        if settled is None:
            return sampled_equities(spot, trials, rng.getrandbits(63))[0]
        won, deals = 0.0, 0
        while deals < trials:
            group = min(EQUITY_STEP, trials - deals)
            won += sampled_equities(spot, group, rng.getrandbits(63))[0] * group
            deals += group
            if deals < trials and settled(won, deals):
                break
        return won / deals if deals else 0.0
    except StudkitError:
        return None
