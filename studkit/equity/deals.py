"""The rest of the deal, as numpy arrays: every possible completion, or random ones.

A *draw* is one way the unseen cards can complete the hand: a row of ``U`` card indexes whose
first ``slots[0]`` columns go to player 1, the next ``slots[1]`` to player 2, and so on, the
last columns being community cards. Within one player's columns order does not matter (a
hand's strength does not depend on the order of its cards), so exact enumeration takes each
set of ``U`` unseen cards once and each way of splitting it among the players once.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from math import comb

import numpy as np
import numpy.typing as npt

__all__ = ["deal_count", "enumerate_draws", "sample_draws", "CardArray"]

CardArray = npt.NDArray[np.int8]
"""Card indexes (0-53) in an ``int8`` array."""

_SWAP_LIMIT = 10
"""Above this many cards per row, sample by sorting random keys instead of swapping."""
_SMALL_ROWS = 4096
"""Up to this many rows (a bot's quick estimate), one sort costs less than many swaps."""


def deal_count(stub_size: int, groups: Sequence[int]) -> int:
    """How many distinct completions exist: ``C(R, g1) * C(R - g1, g2) * ...``.

    >>> deal_count(43, [3, 5])
    8120476728
    """
    total = 1
    left = stub_size
    for size in groups:
        total *= comb(left, size)
        left -= size
    return total


def _splits(total: int, groups: Sequence[int]) -> list[list[int]]:
    """Every way to give ``groups[0]`` of ``total`` positions to group 0, then to group 1...

    Each split is a column order: the positions of group 0 (ascending), then group 1's...
    """
    if not groups:
        return [[]]
    out: list[list[int]] = []

    def place(free: list[int], index: int, acc: list[int]) -> None:
        if index == len(groups):
            out.append(acc)
            return
        for chosen in itertools.combinations(free, groups[index]):
            rest = [p for p in free if p not in chosen]
            place(rest, index + 1, acc + list(chosen))

    place(list(range(total)), 0, [])
    return out


def enumerate_draws(
    stub: Sequence[int], groups: Sequence[int], *, chunk_rows: int = 1 << 17
) -> Iterator[CardArray]:
    """Every completion exactly once, in chunks of about ``chunk_rows`` rows."""
    drawn = sum(groups)
    cards = np.asarray(stub, dtype=np.int8)
    if drawn == 0:
        yield np.zeros((1, 0), dtype=np.int8)
        return
    splits = np.asarray(_splits(drawn, groups), dtype=np.intp)
    per_chunk = max(1, chunk_rows // len(splits))
    combos = itertools.combinations(range(len(cards)), drawn)
    while True:
        flat = np.fromiter(
            itertools.chain.from_iterable(itertools.islice(combos, per_chunk)),
            dtype=np.intp,
        )
        if flat.size == 0:
            return
        chosen = cards[flat.reshape(-1, drawn)]
        # every set of cards, split every way: (sets, splits, drawn) -> rows
        yield chosen[:, splits].reshape(-1, drawn)


def sample_draws(stub: Sequence[int], drawn: int, rows: int, rng: np.random.Generator) -> CardArray:
    """``rows`` uniformly random completions: ``drawn`` distinct unseen cards per row.

    Many rows and few cards: a partial Fisher-Yates shuffle of each row, vectorised across
    rows (``drawn`` swaps); otherwise the order of random keys, a uniformly random
    permutation of each row in one sort.
    """
    cards = np.asarray(stub, dtype=np.int8)
    size = len(cards)
    if drawn > size:
        raise ValueError(f"cannot draw {drawn} of {size} cards")
    if drawn > _SWAP_LIMIT or rows <= _SMALL_ROWS:
        order = np.argsort(rng.random((rows, size)), axis=1)[:, :drawn]
        return cards[order]
    deck = np.broadcast_to(cards, (rows, size)).copy()
    index = np.arange(rows)
    for k in range(drawn):
        j = rng.integers(k, size, size=rows)
        picked = deck[index, j]
        deck[index, j] = deck[:, k]
        deck[:, k] = picked
    return deck[:, :drawn]
