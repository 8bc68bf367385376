"""Per-hand random numbers for simulations: counter-based, so cheap and the same anywhere.

Each hand of a run has two streams of uniform numbers in [0, 1): its deck's (the engine draws
every card from it) and its bots' (the ``rng`` they are handed). Draw ``j`` of stream ``s``
of hand ``i`` of a run seeded ``seed`` is a fixed function of those four numbers alone,
SplitMix64 (Steele, Lea and Flood 2014, the generator ``java.util.SplittableRandom`` uses)
started from a key mixed out of ``(seed, i, s)``:

    base = mix(low 64 bits of seed * GAMMA + SALT)
    key(i, s) = mix(base + (2 i + s + 1) * GAMMA)
    draw j = (mix(key(i, s) + (j + 1) * GAMMA) >> 11) / 2**53

with ``mix`` SplitMix64's finalizer and all arithmetic modulo 2**64. So a hand plays the same
whichever worker plays it and whatever came before it, with no generator to seed per hand
(seeding Python's Mersenne Twister costs about as much as the engine's work on a hand).

The first draws of a block's hands are computed together with numpy and handed out by a
compiled stream position (:class:`~studkit.simulation.draws.Draws`); a hand needing more
continues one draw at a time with the same formula.
"""

from __future__ import annotations

import random
from typing import Any

from studkit.simulation.draws import GAMMA, M1, M2, MASK, UNIT, Draws, draw, mix

__all__ = ["HandRandom", "StreamBlock", "run_base", "stream_key", "draw"]

SALT = 0x5DEECE66D_2545F491
DECK, BOTS = 0, 1
"""The two streams of a hand."""


def run_base(seed: int) -> int:
    """The key of a whole run, from the low 64 bits of its seed."""
    return mix(((seed & MASK) * GAMMA + SALT) & MASK)


def stream_key(base: int, index: int, stream: int) -> int:
    """The key of stream ``stream`` (0 deck, 1 bots) of hand ``index``."""
    return mix((base + (2 * index + stream + 1) * GAMMA) & MASK)


class HandRandom(random.Random):
    """A :class:`random.Random` drawing one hand's stream (see the module documentation).

    :meth:`start` points it at a stream with its first draws already computed; every method
    of :class:`random.Random` then works on that stream (``random()`` is the compiled
    :meth:`Draws.next <studkit.simulation.draws.Draws.next>` of :attr:`stream`, bound once, so
    a draw costs about what the Mersenne Twister's does and a reference to ``random`` kept by
    a bot follows every later stream). ``getrandbits(k)`` takes the top ``k`` bits of a draw
    (two draws above 53 bits).
    """

    def __init__(self, key: int = 0) -> None:
        self.stream = Draws()
        """The stream's position (:meth:`start` and :meth:`drawn` read and set it)."""
        super().__init__(key)
        # an instance attribute in front of the method: a compiled call per draw
        self.__dict__["random"] = self.stream.next

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start the stream of key ``a`` (an int; other values are hashed) from its first
        draw."""
        key = a if isinstance(a, int) else hash(a)
        self.start(key & MASK, [])

    def start(self, key: int, first: list[float]) -> None:
        """Draw the stream of ``key`` from the beginning; ``first`` are its first draws."""
        self.stream.start(key, first)

    def drawn(self) -> int:
        """How many draws the stream has given since :meth:`start`."""
        return self.stream.done

    def random(self) -> float:
        """The next draw (an instance's own ``random`` is the stream's bound method)."""
        return self.stream.next()

    def getrandbits(self, k: int) -> int:
        """``k`` random bits: the top bits of one draw, or of several above 53 bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k <= 53:
            return int(self.random() * (1 << k))
        bits = 0
        while k > 32:
            bits = bits << 32 | int(self.random() * (1 << 32))
            k -= 32
        return bits << k | int(self.random() * (1 << k))

    def getstate(self) -> tuple[Any, ...]:
        """The stream's key and how far it has been drawn."""
        return ("studkit-stream", self.stream.key, self.stream.done)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Go back (or forward) to a state :meth:`getstate` returned."""
        _, key, done = state
        self.stream.start(key, [], done)


class StreamBlock:
    """The first draws of both streams of consecutive hands, computed with numpy together.

    ``counts`` are the draws to precompute per hand for the deck and the bots; a hand that
    needs more goes on one draw at a time, so they change the speed, never the numbers.
    """

    __slots__ = ("start", "stop", "keys", "draws")

    def __init__(self, base: int, start: int, stop: int, counts: tuple[int, int]) -> None:
        import numpy as np

        self.start = start
        self.stop = stop
        index = np.arange(start, stop, dtype=np.uint64)
        self.keys: list[list[int]] = []
        self.draws: list[list[list[float]]] = []
        for stream, count in enumerate(counts):
            keys = _mix_array(np.uint64(base) + (index * np.uint64(2) + np.uint64(stream + 1))
                              * np.uint64(GAMMA))
            steps = np.arange(1, count + 1, dtype=np.uint64) * np.uint64(GAMMA)
            values = _mix_array(keys[:, None] + steps[None, :]) >> np.uint64(11)
            self.keys.append(keys.tolist())
            self.draws.append((values.astype(np.float64) * UNIT).tolist())


def _mix_array(z: Any) -> Any:
    """:func:`~studkit.simulation.draws.mix` over a numpy uint64 array (which wraps modulo
    2**64 as the formula does)."""
    import numpy as np

    z = (z ^ (z >> np.uint64(30))) * np.uint64(M1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(M2)
    return z ^ (z >> np.uint64(31))
