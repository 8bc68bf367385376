"""The shipped bots' compiled forms (``studkit/bots/seats.c``): which bots have one, their ids
there, and their strategies as the numbers the compiled seats read.

>>> compiled_bot("equity-200") == COMPILED_BOTS["equity"], compiled_bot("mybots:Bot")
(True, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from studkit.bots.players import EquityBot, LooseAggressiveBot, TightAggressiveBot
from studkit.bots.registry import equity_budget

__all__ = ["COMPILED_BOTS", "compiled_bot", "bot_table", "BOT_COLUMNS"]

COMPILED_BOTS: Final[dict[str, int]] = {
    "random": 0, "calling-station": 1, "tag": 2, "lag": 3, "equity": 4,
}
"""The bots with a compiled form, by ``--bots`` name, with their ids (seats.h's SK_BOT_*)."""

BOT_COLUMNS: Final = ("enter", "stay", "bet", "bluff", "size", "max_raises", "margin", "trials")
"""The columns of :func:`bot_table` (seats.h's SK_B_*)."""


def compiled_bot(name: str) -> int | None:
    """The compiled id of the bot ``name`` (``equity-N``, the equity bot with a budget of N
    completions, is the equity bot's), or ``None`` for a bot with no compiled form."""
    if equity_budget(name) is not None:
        return COMPILED_BOTS["equity"]
    return COMPILED_BOTS.get(name)


def bot_table(bots: Sequence[str]) -> npt.NDArray[np.float64]:
    """The strategies of the seats' bots as numbers, read from the bot classes the general
    engine plays (so both engines' bots follow the same thresholds): a row per seat, in the
    columns of :data:`BOT_COLUMNS`; the equity bot's row holds ``tag``'s style too, which it
    plays when its spot cannot be posed, and its budget (``equity-N``: N)."""
    styles = {"tag": TightAggressiveBot.style, "lag": LooseAggressiveBot.style,
              "equity": TightAggressiveBot.style}
    table = np.zeros((len(bots), len(BOT_COLUMNS)), dtype=np.float64)
    for seat, name in enumerate(bots):
        budget = equity_budget(name)
        kind = "equity" if budget is not None else name
        style = styles.get(kind)
        if style is not None:
            table[seat, :6] = (style.enter, style.stay, style.bet, style.bluff, style.size,
                               style.max_raises)
        if kind == "equity":
            table[seat, 6:] = (EquityBot.margin, budget or EquityBot.trials)
    return table
