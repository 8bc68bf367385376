"""A variant's amounts in words, as a player writes them (``0.25``, ``1``), for ``studkit
show`` and the other texts that state the stakes; the model holds them in the table's units
(:mod:`studkit.variant.amounts`).

>>> from studkit.variant.model import Stakes
>>> shown = shown_stakes(Stakes.from_amounts({"ante": "0.25", "bring_in": "0.5", "small_bet": 1,
...                                           "big_bet": 2}))
>>> shown.ante, shown.bring_in, shown.big_bet, shown.twice_bring_in, shown.spread_max
('0.25', '0.50', '2', '1', 'none')
"""

from __future__ import annotations

from types import SimpleNamespace

from studkit.variant.amounts import format_amount
from studkit.variant.model import AMOUNT_FIELDS, Stakes, Variant

__all__ = ["amount_words", "shown_stakes", "smallest_bet"]


def amount_words(scale: int, units: int | None) -> str:
    """``units`` at a table of ``scale`` as the player writes them; ``none`` for ``None``."""
    return "none" if units is None else format_amount(units, scale)


def shown_stakes(stakes: Stakes) -> SimpleNamespace:
    """Each amount of ``stakes`` as text, by field name (``shown.ante == "0.25"``), and
    ``twice_bring_in`` (the smallest opening bet of pot and no limit with a bring-in)."""
    return SimpleNamespace(
        twice_bring_in=amount_words(stakes.scale, 2 * stakes.bring_in),
        **{name: amount_words(stakes.scale, getattr(stakes, name)) for name in AMOUNT_FIELDS},
    )


def smallest_bet(variant: Variant) -> int:
    """Pot and no limit: the smallest opening bet, the bring-in if the game has one, else the
    small bet (the engine's ``min_open``), in the table's units."""
    stakes = variant.stakes
    has_bring_in = variant.forced_bets.bring_in is not None and stakes.bring_in > 0
    return stakes.bring_in if has_bring_in else stakes.small_bet
