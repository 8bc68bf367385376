"""A simulation run's setup: the game, the table and its bots, the stakes, the stacks and the
seed; everything that defines a run except how many hands and workers."""

from __future__ import annotations

from dataclasses import dataclass

from studkit.variant.model import Stakes, Variant

__all__ = ["Setup"]


@dataclass(frozen=True)
class Setup:
    """Everything that defines a run except how many hands and workers."""

    variant: Variant
    players: int
    bots: tuple[str, ...]
    stakes: Stakes
    stack: int
    seed: int
