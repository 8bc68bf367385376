"""Types of the batch kernel's C extension (studkit/kernel/binding.c)."""

from collections.abc import Sequence
from typing import Any

TALLY_SLOTS: int
RECORD_CARDS: int
RECORD_DECISIONS: int
RECORD_FLIP: int
RECORD_DISCARD: int
KEEP_CARD: int
RECORD_DECLARATION: int
DOWN_CARD_SHARE: int
RECORD_EXPOSE: int
RECORD_PAY: int
RECORD_TRADE: int
RECORD_KEEP_HAND: int
RECORD_ARRANGE: int
EXHAUSTED: int
LONG: int
MEMORY: int
CARDS: int
SPECIAL_BASE: int
A5_LOW_ROW: int
ACTION_RAZZ_FACE: int

class Setup:
    def __init__(
        self,
        *,
        rules: bytes,
        players: int,
        stack: int,
        deck: Any,
        cards: int,
        showing: int,
        share_evaluators: Sequence[int],
        bots: Sequence[int],
        bot_table: Any,
        styles: Any,
        values: Any,
        modes: Any,
        by_row: Any,
        flush: Any,
        index_row: int,
        wild: tuple[Sequence[Any], Any]
        | tuple[Sequence[Any], Any, tuple[int, tuple[bool, bool], Sequence[Any]] | None]
        | None = None,
        share_modes: Sequence[int] | None = None,
        declaration: tuple[int, bool, bool, Sequence[int]] | None = None,
        down_shares: Sequence[tuple[int, int, Sequence[int]]] | None = None,
        expose: tuple[bool, bool, bool, bool] | None = None,
        up_rules: Sequence[tuple[int, Sequence[int], int]] | None = None,
        trade: tuple[int, int, int, bool] | None = None,
        wild_sets: tuple[int, int, Sequence[tuple[Any, Any, Any, int]], tuple[Any, Any, Any, int]]
        | None = None,
        split: tuple[int, int, int, int, bool, int, int, Sequence[int]] | None = None,
    ) -> None: ...

def play_block(
    setup: Setup, start: int, stop: int, seed: int, totals: Any, pots: Any, ended: Any,
    mix: Any, share_awards: Any, seats: Any, categories: Any, strengths: Any,
    record_cards: Any, record_decisions: Any, record_counts: Any, record_payoffs: Any,
    design: Any,
) -> int: ...
def evaluate(
    values: Any, modes: Any, by_row: Any, flush: Any, index_row: int, cards: Sequence[int],
    evaluator: int, special_wild: tuple[int, int, int, int] = ...,
) -> int: ...
