"""The showing hands' values: what the rules core ranks the boards by when the best board
opens a street's betting (:data:`studkit.core.PHASES` ``SHOWING``).

Each live seat's up cards (and the community cards, where the variant counts them in the
showing hands) are ranked by the variant's showing evaluator (wild up cards and jokers as
``action_order`` says, or a plugin's evaluator); a seat with no up card scores 0. Built-in
evaluators' values are remembered by the set of cards, and those of one to four natural
cards by their ranks alone (:attr:`~studkit.engine.rules.Rules.showing_by_ranks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studkit.cards import Card
from studkit.core import State
from studkit.engine.rules import Rules

__all__ = ["showing_values"]

_INT64: int = 1 << 63


def showing_values(rules: Rules, core: State) -> list[int]:
    """Per seat, the value of its showing hand (0 for a folded seat or no up card), as the
    integers the rules core compares (a plugin's evaluator may rank by any comparable
    values: those are replaced by their order)."""
    evaluate = rules.showing.evaluate
    memo = rules.showing_values
    by_ranks = rules.showing_by_ranks
    values: list[Any] = []
    plain = True
    for ups in core.boards(rules.core.board_in_showing):
        if not ups:  # folded, or nothing showing
            values.append(0)
            continue
        key = _rank_pattern(ups) if by_ranks is not None else -1
        if key >= 0 and by_ranks is not None:
            found = by_ranks.get(key)
            if found is None:
                found = by_ranks[key] = evaluate(ups)
            value: Any = found
        elif memo is None or (key := _card_set(ups)) < 0:
            value = evaluate(ups)
        else:
            found = memo.get(key)
            if found is None:
                if len(memo) > 1 << 16:
                    memo.clear()  # keep the memory bounded
                found = memo[key] = evaluate(ups)
            value = found
        if type(value) is not int or not -_INT64 <= value < _INT64:
            plain = False
        values.append(value)
    if plain:
        return values
    order = sorted(set(values))
    place = {value: rank for rank, value in enumerate(order)}
    return [place[value] for value in values]


def _card_set(cards: Sequence[Card]) -> int:
    """The set of ``cards`` as a bit per card; -1 when a card appears twice (no set)."""
    key = 0
    for card in cards:
        c: int = card  # read as a plain int: compiled, the shifts are native
        bit = 1 << c
        if key & bit:
            return -1
        key |= bit
    return key


def _rank_pattern(cards: Sequence[Card]) -> int:
    """One to four natural cards as their ranks, three bits of count per rank (the key of
    :attr:`~studkit.engine.rules.Rules.showing_by_ranks`); -1 for more cards or a joker."""
    if len(cards) > 4:
        return -1
    key = 0
    for card in cards:
        c: int = card  # read as a plain int: compiled, the shifts are native
        if c >= 52:
            return -1
        key += 1 << 3 * (c >> 2)
    return key
