"""How many hands the slow per-variant tests play: a fixed budget shared by every shipped
variant, so that adding games keeps CI's time the same (``benchmarks/soak.py`` plays the
volume: a million hands over every variant and table size).

Each budget is a third of what these tests once played each of the first 22 shipped
variants, times 22 (the stud family's games rank hands more slowly, and the soak's million
hands cover the volume); each variant gets its share, never fewer than the floor.
"""

from __future__ import annotations

from studkit import builtin_variant_names

__all__ = ["SHIPPED", "hands_each"]

SHIPPED = len(builtin_variant_names())
"""The shipped variants the budgets are shared by."""


def hands_each(budget: int, floor: int) -> int:
    """One variant's share of ``budget`` hands (or decisions), at least ``floor``."""
    return max(floor, budget // SHIPPED)
