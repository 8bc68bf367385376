"""The equity bot's estimate: Monte Carlo equity against the boards the seat can see."""

from __future__ import annotations

import random

from studkit.bots.seen import Seen
from studkit.cards import Card
from studkit.equity.calculator import sampled_equities
from studkit.equity.spot import parse_spot
from studkit.errors import StudkitError

__all__ = ["estimate_equity"]


def estimate_equity(info: Seen, trials: int, rng: random.Random) -> float | None:
    """The seat's equity against every live opponent, their down cards unknown.

    Opponents have been dealt as many down cards as the seat; folded players' up cards are
    dead. ``None`` when the spot cannot be posed (a plugin's pot share, uneven hands).
    """
    unknown: tuple[Card | None, ...] = (None,) * len(info.down)
    hands: list[tuple[Card | None, ...]] = [tuple(info.down) + tuple(info.up)]
    hands.extend(unknown + up for up in info.opponents_up)
    try:
        board = info.community if info.variant.board_cards else ()
        spot = parse_spot(info.variant, hands, info.dead, board)
        return sampled_equities(spot, trials, rng.getrandbits(63))[0]
    except StudkitError:
        return None
