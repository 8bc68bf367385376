"""One run's setup for the batch kernel, and what the kernel does not play.

:func:`kernel_setup` turns a variant, the table size, the starting stack and the seats' bots
into the :class:`studkit.kernel._kernel.Setup` the C loop reads: the game
(:func:`studkit.game.compile.compiled_game`) and who plays it; :func:`unsupported` says, in
words, why a variant or a bot line-up cannot be played by the kernel (what the compiled game
cannot express, :func:`studkit.game.limits.game_limits`; bots with no compiled form; stacks
its pot table does not hold).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from studkit.bots.compiled import COMPILED_BOTS, bot_table, compiled_bot
from studkit.bots.strength import style_rows
from studkit.errors import StudkitError
from studkit.evaluation.lookup_tables import EvalTables
from studkit.game.compile import compiled_game
from studkit.game.limits import game_limits
from studkit.kernel import _kernel
from studkit.variant.model import Stakes, Variant

__all__ = ["kernel_setup", "unsupported", "MAX_POT_CHIPS"]

MAX_POT_CHIPS: Final = 1 << 22
"""The kernel keeps the pot-size distribution in an array of this many entries at most."""


def unsupported(variant: Variant, bots: Sequence[str], players: int, stack: int) -> str | None:
    """Why the kernel cannot play this setup, in words; ``None`` when it can."""
    why = game_limits(variant)
    if why:
        return why
    others = sorted({name for name in bots if compiled_bot(name) is None})
    if others:
        return (
            f"bot(s) {', '.join(others)} have no compiled form (the kernel plays "
            f"{', '.join(COMPILED_BOTS)}, and equity-N)"
        )
    if players * stack >= MAX_POT_CHIPS:
        return f"{players} stacks of {stack} chips are more than the kernel's pot table holds"
    return None


def _bot_id(name: str) -> int:
    found = compiled_bot(name)
    if found is None:  # unsupported() says so first, in words
        raise StudkitError(f"bot {name!r} has no compiled form")
    return found


def kernel_setup(
    variant: Variant, stakes: Stakes, players: int, stack: int, bots: Sequence[str],
    tables: EvalTables,
) -> _kernel.Setup:
    """The kernel's setup of one run (checked with :func:`unsupported` first): the game and
    who plays it."""
    return _kernel.Setup(
        game=compiled_game(variant, stakes, tables),
        players=players,
        stack=stack,
        bots=[_bot_id(name) for name in bots],
        bot_table=bot_table(bots),
        styles=np.array(style_rows([share.evaluator for share in variant.pots]),
                        dtype=np.int64),
    )
