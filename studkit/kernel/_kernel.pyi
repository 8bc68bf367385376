"""Types of the batch kernel's C extension (studkit/kernel/binding.c)."""

from collections.abc import Sequence
from typing import Any

from studkit.core._core import Game

TALLY_SLOTS: int
RECORD_CARDS: int
RECORD_DECISIONS: int
RECORD_FLIP: int
RECORD_DISCARD: int
KEEP_CARD: int
RECORD_DECLARATION: int
RECORD_EXPOSE: int
RECORD_PAY: int
RECORD_TRADE: int
RECORD_KEEP_HAND: int
RECORD_ARRANGE: int
EXHAUSTED: int
LONG: int
MEMORY: int
CARDS: int

class Setup:
    def __init__(
        self, *, game: Game, players: int, stack: int, bots: Sequence[int], bot_table: Any,
        styles: Any,
    ) -> None: ...

def play_block(
    setup: Setup, start: int, stop: int, seed: int, totals: Any, pots: Any, ended: Any,
    mix: Any, share_awards: Any, seats: Any, categories: Any, strengths: Any,
    record_cards: Any, record_decisions: Any, record_counts: Any, record_payoffs: Any,
    design: Any,
) -> int: ...
