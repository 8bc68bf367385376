"""The arithmetic of the simulator's per-hand random streams and a stream's position, compiled
with the engine in the compiled build (:mod:`studkit.compiled`): :mod:`studkit.simulation.
streams` describes the formula and builds the :class:`random.Random` that bots and the deck
draw from."""

from __future__ import annotations

from typing import Final

__all__ = ["MASK", "GAMMA", "M1", "M2", "UNIT", "mix", "draw", "Draws"]

MASK: Final = (1 << 64) - 1
GAMMA: Final = 0x9E3779B97F4A7C15
"""SplitMix64's increment (2**64 over the golden ratio, odd)."""
M1: Final = 0xBF58476D1CE4E5B9
M2: Final = 0x94D049BB133111EB
"""SplitMix64's finalizer's multipliers."""
UNIT: Final = 2.0**-53


def mix(z: int) -> int:
    """SplitMix64's finalizer (a bijection of 64-bit integers)."""
    z = ((z ^ (z >> 30)) * M1) & MASK
    z = ((z ^ (z >> 27)) * M2) & MASK
    return z ^ (z >> 31)


def draw(key: int, j: int) -> float:
    """Draw ``j`` (from 0) of the stream with ``key``."""
    return (mix((key + (j + 1) * GAMMA) & MASK) >> 11) * UNIT


class Draws:
    """Where one stream is: its ``key``, its first draws computed ahead (``first``, draws 0,
    1, ... of that key) and how many draws it has given (``done``). :meth:`next` gives the
    next draw, from ``first`` while it lasts, then by :func:`draw`; :meth:`start` points it
    at another stream, so one bound :meth:`next` serves every hand."""

    key: int
    first: list[float]
    done: int

    def __init__(self) -> None:
        self.key = 0
        self.first = []
        self.done = 0

    def start(self, key: int, first: list[float], done: int = 0) -> None:
        """Draw the stream of ``key`` from draw ``done`` on (``first`` holds its first draws
        when ``done`` is 0)."""
        self.key = key
        self.first = first
        self.done = done

    def next(self) -> float:
        """The stream's next draw."""
        j = self.done
        self.done = j + 1
        first = self.first
        if j < len(first):
            return first[j]
        return draw(self.key, j)
