"""Bots: players for simulations and for ``studkit play``.

Built-in bots by name: ``random``, ``calling-station``, ``tag``, ``lag``, ``equity``. Your
own: any class built as ``Class(variant)`` with ``act(view, actions, rng) -> Action`` (see
:class:`Bot`), named on the command line as ``module:Class``.

>>> from studkit.variant.model import Variant
>>> bot = make_bot("calling-station", Variant(name="seven-card-stud"))
>>> bot.act(None, [Action("fold"), Action("call", 2)], None)
Action(kind='call', amount=2, min=None, max=None)
"""

from __future__ import annotations

from studkit.errors import not_built

try:
    from studkit.bots import _decide  # noqa: F401  (its decisions, in C)
except ImportError as error:  # pragma: no cover - a build without its C extension
    raise not_built("studkit.bots._decide", "bot decisions", error) from error

from studkit.bots.players import (
    CallingStationBot,
    EquityBot,
    LooseAggressiveBot,
    RandomBot,
    Style,
    StyleBot,
    TightAggressiveBot,
)
from studkit.bots.protocol import Bot, BotError, pick_amount, pot_sized, random_action
from studkit.bots.registry import BUILT_IN_BOTS, DEFAULT_MIX, default_bots, make_bot, parse_bots
from studkit.engine.actions import Action

__all__ = [
    "Action",
    "Bot",
    "BotError",
    "BUILT_IN_BOTS",
    "DEFAULT_MIX",
    "default_bots",
    "make_bot",
    "parse_bots",
    "pick_amount",
    "pot_sized",
    "random_action",
    "RandomBot",
    "CallingStationBot",
    "StyleBot",
    "Style",
    "TightAggressiveBot",
    "LooseAggressiveBot",
    "EquityBot",
]
