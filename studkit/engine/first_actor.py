"""Who is forced to open, and who acts first on a street.

:func:`choose_forced` picks the bring-in by the up cards (rank, then the deck's suit order;
the ace high or low) and applies the short-stack policy; :func:`best_board` picks the first
actor of a street from the showing-hand evaluator, ties by position (closest to the dealer's
left) or by the highest card by suit; :func:`any_open_pair` tells whether the open-pair option
is live. Plugin overrides are applied by the hand after these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from studkit.cards import Card
from studkit.engine.rules import up_cards_key

if TYPE_CHECKING:
    from studkit.engine.queries import HandQueries as Hand

__all__ = ["choose_forced", "best_board", "any_open_pair"]


def any_open_pair(hand: Hand) -> bool:
    """Whether any live player's up cards hold a pair (the open-pair option)."""
    folded = hand.folded
    for s, ups in enumerate(hand.up):
        if len(ups) < 2 or folded[s]:
            continue
        if len(ups) == 2:
            first, second = ups
            if first >> 2 == second >> 2 and first < 52 and second < 52:  # jokers pair nothing
                return True
            continue
        ranks = [c >> 2 for c in ups if c < 52]
        if len(set(ranks)) < len(ranks):
            return True
    return False


def choose_forced(hand: Hand) -> int:
    """The seat forced to bring in, after the short-stack policy; -1 for none."""
    keys = hand.rules.force_key
    best = -1
    forced = -1
    for s in hand._order:
        if hand.folded[s]:
            continue
        for c in hand.up[s]:
            k = keys[c]
            if k > best:
                best = k
                forced = s
    if forced < 0:
        return -1
    stacks = hand.stacks
    amount = hand.rules.bring_in
    partial = hand.rules.bring_in_partial
    if stacks[forced] >= amount or (partial and stacks[forced] > 0):
        return forced
    # spec-002: the player who cannot bring in is passed; the next player clockwise does
    # (with the partial policy, a next player short of the bring-in posts what it has).
    n = hand.n
    s = forced
    for _step in range(n - 1):  # a named int: compiled, '_' would be boxed
        s = s + 1 if s + 1 < n else 0
        if not hand.folded[s] and (stacks[s] >= amount or (partial and stacks[s] > 0)):
            return s
    s = forced
    for _step in range(n - 1):
        s = s + 1 if s + 1 < n else 0
        if not hand.folded[s] and stacks[s] > 0:
            return s  # nobody can post it in full: the first who can post part of it
    return -1


def best_board(hand: Hand) -> int:
    """The seat whose showing hand acts first (ties by position or by suit)."""
    rules = hand.rules
    folded = hand.folded
    if (
        hand.community
        and hand.variant.deck_exhaustion.community_first_actor == "previous-street"
        and hand.progress.leader >= 0
        and not folded[hand.progress.leader]
    ):
        return hand.progress.leader
    evaluate = rules.showing.evaluate
    memo = rules.showing_values
    by_ranks = rules.showing_by_ranks
    community = hand.community
    if community and not hand.variant.action_order.board_includes_community:
        community = []  # board cards do not count in the showing hands
    up = hand.up
    best = -1
    leader = -1
    suit_ties = rules.suit_tie_break
    for s in hand._order:
        if folded[s]:
            continue
        ups: Sequence[Card] = up[s] + community if community else up[s]
        value: Any = 0  # a plugin's evaluator may rank by any comparable value
        if ups:
            key = _rank_pattern(ups) if by_ranks is not None else -1
            if key >= 0 and by_ranks is not None:
                found = by_ranks.get(key)
                if found is None:
                    found = by_ranks[key] = evaluate(ups)
                value = found
            elif memo is None or (key := _card_set(ups)) < 0:
                value = evaluate(ups)
            else:
                found = memo.get(key)
                if found is None:
                    if len(memo) > 1 << 16:
                        memo.clear()  # keep the memory bounded
                    found = memo[key] = evaluate(ups)
                value = found
        if value > best:
            best = value
            leader = s
        elif value == best and suit_ties:
            keys = rules.tie_key
            if up_cards_key(ups, keys) > up_cards_key(up[leader] + community, keys):
                leader = s
    return leader


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
