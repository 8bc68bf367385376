"""A run's hands in blocks, and their tallies merged back in block order.

Each block is a range of hand numbers; every hand is seeded from the run's seed and its own
number, so a block plays the same hands wherever it runs. Tallies are integer counters that
add up exactly, and merging them in block order (whatever order they finish in) also keeps
the order in which the report first meets each street and action: the same seed gives
byte-identical JSON with one process, a process pool or a cluster.
"""

from __future__ import annotations

import math

from studkit.simulation.tally import Tally

__all__ = ["split", "InOrder", "SMALLEST", "LARGEST_LOCAL", "LARGEST_CLUSTER", "PER_SLOT"]

SMALLEST = 25
"""Hands in the smallest block (a task costs more than a few hands)."""
LARGEST_LOCAL = 1000
"""Hands in the largest block of a local process pool (the progress bar moves often)."""
LARGEST_CLUSTER = 5000
"""Hands in the largest block on a cluster: 10^8 hands make 20,000 tasks, a few seconds of
the scheduler's time (see docs/simulation.md for the measured costs)."""
PER_SLOT = 16
"""Blocks per worker when the run is small enough (so that the slowest worker's last block
is a small part of the run)."""


def split(hands: int, slots: int, largest: int = LARGEST_LOCAL) -> list[tuple[int, int]]:
    """The blocks ``(start, stop)`` of a run of ``hands`` on ``slots`` workers."""
    size = max(SMALLEST, min(largest, math.ceil(hands / (max(slots, 1) * PER_SLOT))))
    return [(start, min(hands, start + size)) for start in range(0, hands, size)]


class InOrder:
    """Block results merged into one tally in block order, as they arrive in any order."""

    def __init__(self, tally: Tally, blocks: list[tuple[int, int]]) -> None:
        self.tally = tally
        self.recorded: list[tuple[int, str]] = []
        self._blocks = blocks
        self._waiting: dict[int, Tally] = {}
        self._next = 0
        self.done = 0
        """Hands of the blocks finished so far (merged or waiting for an earlier block)."""

    def add(self, index: int, tally: Tally, recorded: list[tuple[int, str]]) -> None:
        """Take block ``index``'s result."""
        start, stop = self._blocks[index]
        if tally.hands != stop - start or index < self._next or index in self._waiting:
            raise RuntimeError(f"block {index} (hands {start}..{stop - 1}) returned twice or "
                             f"with {tally.hands} hands")
        self.done += tally.hands
        self.recorded.extend(recorded)
        self._waiting[index] = tally
        while self._next in self._waiting:
            self.tally.merge(self._waiting.pop(self._next))
            self._next += 1

    def block(self, index: int) -> tuple[int, int]:
        """The hands ``(start, stop)`` of block ``index``."""
        return self._blocks[index]

    @property
    def complete(self) -> bool:
        """Whether every block has been merged."""
        return self._next == len(self._blocks)
