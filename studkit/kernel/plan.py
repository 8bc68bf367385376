"""A variant's compiled rules as flat integer arrays: what the batch kernel reads.

:func:`kernel_plan` turns :func:`~studkit.engine.rules.compile_rules` output (plus the table
size, starting stack and seed) into a :class:`KernelPlan` of numpy arrays with named slots,
and :func:`unsupported` says, in words, why a variant or a bot line-up cannot be played by
the kernel (plugins, wild cards, bots it has no compiled form of). Nothing here imports
numba: the dispatcher asks these questions before any compilation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from studkit.bots.strength import style_rows
from studkit.engine.rules import Rules, compile_rules
from studkit.variant.card_choices import CARD_CHOICE_PLUGINS
from studkit.variant.model import Stakes, Variant

__all__ = ["KernelPlan", "kernel_plan", "unsupported", "KERNEL_BOTS", "EVALUATOR_IDS"]

Int64Array = npt.NDArray[np.int64]

KERNEL_BOTS: Final[dict[str, int]] = {
    "random": 0, "calling-station": 1, "tag": 2, "lag": 3, "equity": 4,
}
"""The bots the kernel plays, by ``--bots`` name, with their ids inside the kernel."""

EVALUATOR_IDS: Final[dict[str, int]] = {
    "high": 0, "a5-low": 1, "eight-or-better": 2, "2-7-low": 3, "a6-low": 4,
}
"""The built-in evaluators by name, with their rows in the kernel's tables."""

# Slots of KernelPlan.params.
N = 0
ANTE = 1
BRING = 2
PARTIAL = 3
MAY_COMPLETE = 4
STRUCT = 5
COMPLETES = 6
MIN_OPEN = 7
ROUND_MIN = 8
MAX_RAISES = 9
UNCAP = 10
HALF_BET = 11
COMPL_RAISE = 12
SUIT_TIE = 13
NSTREETS = 14
SHOWING = 15
NSHARES = 16
ODD_SHARE = 17
ODD_METHOD = 18
ODD_HAND = 19
LAST_CHECKER = 20
MUCK = 21
RESHUFFLE_BURNS = 22
REUSE_FOLDED = 23
COMMUNITY_CARD = 24
COMMUNITY_PREV = 25
DECK_SIZE = 26
STACK = 27
BIG = 28
FIXED = 29
FIRST_BETTING = 30
CARDS = 31
"""Cards each player holds after the last street (``Variant.max_cards_per_player``)."""
NPARAMS = 32

# Columns of KernelPlan.streets.
S_ROUNDS = 0
S_BURN = 1
S_BETTING = 2
S_SIZE = 3
S_OPEN_PAIR = 4
S_ROUND_MAX = 5
S_FACES_UP = 6
S_FACE0 = 7
"""Columns S_FACE0 onwards: per card round, 1 for a face-up card."""
MAX_ROUNDS = 8
S_COLS = S_FACE0 + MAX_ROUNDS

# Columns of KernelPlan.shares.
SH_EVALUATOR = 0
SH_WEIGHT = 1
SH_QUALIFIER = 2

STRUCTURE_IDS: Final[dict[str, int]] = {
    "fixed-limit": 0, "spread-limit": 1, "pot-limit": 2, "no-limit": 3,
}
UNCAP_IDS: Final[dict[str, int]] = {
    "never": 0, "if-heads-up-before-cap": 1, "if-round-began-heads-up": 2,
}
ODD_METHODS: Final[dict[str, int]] = {
    "first-shown": 0, "high-card-by-suit": 1, "low-card-by-suit": 2,
}
MAX_POT_CHIPS = 1 << 22
"""The kernel keeps the pot-size distribution in an array of this many entries at most."""


@dataclass(frozen=True)
class KernelPlan:
    """One setup's rules as arrays (see the slot constants of this module)."""

    params: Int64Array
    streets: Int64Array
    deck: Int64Array
    force_key: Int64Array
    tie_key: Int64Array
    suit_pos: Int64Array
    shares: Int64Array
    bots: Int64Array
    bot_table: npt.NDArray[np.float64]
    """Per kernel bot id, its strategy's numbers (columns ``B_*`` of
    :mod:`studkit.kernel.bots`)."""
    styles: Int64Array
    """The pot shares' styles for the strength score (:func:`studkit.bots.strength.
    style_rows`)."""
    street_names: tuple[str, ...]
    share_names: tuple[str, ...]
    share_evaluators: tuple[str, ...]


def unsupported(variant: Variant, bots: Sequence[str], players: int, stack: int) -> str | None:
    """Why the kernel cannot play this setup, in words; ``None`` when it can."""
    rules = compile_rules(variant)
    chosen = [key for key, _ in CARD_CHOICE_PLUGINS
              if any(getattr(street, key) is not None for street in variant.streets)]
    if chosen:
        return (f"{variant.name} has player decisions the kernel does not play "
                f"({' and '.join(f'{key}s' for key in chosen)})")
    if rules.plugins is not None:
        names = ", ".join(p.name for p in variant.plugins)
        return f"{variant.name} uses Python plugin hooks ({names})"
    if any(plan.rolled for plan in rules.streets):
        return (f"{variant.name} deals cards face up unless the player holds no down card "
                "(up-unless-all-exposed)")
    if variant.deck.wild_ranks or variant.deck.jokers:
        return f"{variant.name} has wild cards or jokers"
    if rules.bring_in_called_as_posted:
        return f"{variant.name} lets a partial bring-in be called as posted (partial-call)"
    if rules.short_full:
        return f"{variant.name} counts a short all-in as a full raise (short_all_in_is_full)"
    if variant.forced_bets.blinds:
        return f"{variant.name} posts blinds"
    if rules.bring_in and rules.bring_in_street > 0:
        return (f"{variant.name} brings in on a later street "
                f"({variant.streets[rules.bring_in_street].name}: no betting before it)")
    if variant.board_cards:
        return f"{variant.name} deals board (community) cards on its streets"
    if rules.by_position:
        return f"{variant.name} opens rounds by seat (action_order first_round/later_rounds)"
    if any(share.cards != "all" for share in variant.pots):
        return f"{variant.name} makes a share's hand from some cards only (pots[].cards)"
    if variant.showdown.if_nobody_qualifies != "chop-all":
        return (
            f"{variant.name} shares a pot nobody qualifies for as if without qualifiers "
            "(showdown.if_nobody_qualifies)"
        )
    evaluators = [variant.action_order.evaluator] + [share.evaluator for share in variant.pots]
    for name in evaluators:
        if name not in EVALUATOR_IDS:
            return (
                f"{variant.name} ranks hands with {name!r}, which the kernel has no tables for"
            )
    rounds = sum(len(street.cards) for street in variant.streets)
    if rounds > MAX_ROUNDS or any(len(st.cards) > MAX_ROUNDS for st in variant.streets):
        return f"{variant.name} deals more than {MAX_ROUNDS} cards to a player"
    others = sorted({name for name in bots if name not in KERNEL_BOTS})
    if others:
        return (
            f"bot(s) {', '.join(others)} have no compiled form (the kernel plays "
            f"{', '.join(KERNEL_BOTS)})"
        )
    if players * stack >= MAX_POT_CHIPS:
        return f"{players} stacks of {stack} chips are more than the kernel's pot table holds"
    return None


def bot_table() -> npt.NDArray[np.float64]:
    """The strategies of the kernel's bots as numbers, read from the bot classes the general
    engine plays (so both engines' bots follow the same thresholds): a row per kernel bot
    id, in the columns of :mod:`studkit.kernel.bots` (enter, stay, bet, bluff, size, max
    raises, equity margin, equity trials); the equity bot's row holds ``tag``'s style too,
    which it plays when its spot cannot be posed."""
    from studkit.bots.players import EquityBot, LooseAggressiveBot, TightAggressiveBot

    table = np.zeros((len(KERNEL_BOTS), 8), dtype=np.float64)
    rows = (("tag", TightAggressiveBot.style), ("lag", LooseAggressiveBot.style),
            ("equity", TightAggressiveBot.style))
    for name, style in rows:
        table[KERNEL_BOTS[name], :6] = (style.enter, style.stay, style.bet, style.bluff,
                                        style.size, style.max_raises)
    table[KERNEL_BOTS["equity"], 6:] = (EquityBot.margin, EquityBot.trials)
    return table


def kernel_plan(
    variant: Variant, stakes: Stakes, players: int, stack: int, bots: Sequence[str]
) -> KernelPlan:
    """The arrays of one setup (checked with :func:`unsupported` first)."""
    rules = compile_rules(variant, stakes)
    return _plan(rules, variant, players, stack, bots)


def _plan(
    rules: Rules, variant: Variant, players: int, stack: int, bots: Sequence[str]
) -> KernelPlan:
    p = np.zeros(NPARAMS, dtype=np.int64)
    p[N] = players
    p[ANTE] = rules.ante
    p[BRING] = rules.bring_in
    p[PARTIAL] = rules.bring_in_partial
    p[MAY_COMPLETE] = rules.may_complete
    p[STRUCT] = STRUCTURE_IDS[rules.structure.name]
    p[COMPLETES] = rules.structure.completes
    p[MIN_OPEN] = rules.min_open
    p[ROUND_MIN] = rules.round_min
    p[MAX_RAISES] = -1 if rules.max_raises is None else rules.max_raises
    p[UNCAP] = UNCAP_IDS[rules.uncap]
    p[HALF_BET] = rules.half_bet
    p[COMPL_RAISE] = rules.completion_is_raise
    p[SUIT_TIE] = rules.suit_tie_break
    p[NSTREETS] = len(rules.streets)
    p[SHOWING] = EVALUATOR_IDS[variant.action_order.evaluator]
    p[NSHARES] = len(rules.shares)
    p[ODD_SHARE] = rules.odd_chip_share
    p[ODD_METHOD] = ODD_METHODS[variant.odd_chips.method]
    p[ODD_HAND] = variant.odd_chips.cards == "hand"
    p[LAST_CHECKER] = variant.showdown.no_bet_order == "last-checker"
    p[MUCK] = variant.showdown.losers_may_muck
    policy = variant.deck_exhaustion
    p[RESHUFFLE_BURNS] = policy.reshuffle_burns
    p[REUSE_FOLDED] = policy.reuse_folded
    p[COMMUNITY_CARD] = policy.community_card
    p[COMMUNITY_PREV] = policy.community_first_actor == "previous-street"
    p[DECK_SIZE] = len(rules.deck)
    p[STACK] = stack
    p[BIG] = rules.stakes.big_bet
    p[FIXED] = rules.fixed_limit
    p[FIRST_BETTING] = rules.streets[0].betting
    p[CARDS] = variant.max_cards_per_player
    streets = np.zeros((len(rules.streets), S_COLS), dtype=np.int64)
    for i, plan in enumerate(rules.streets):
        row = streets[i]
        row[S_ROUNDS] = len(plan.faces)
        row[S_BURN] = plan.burn
        row[S_BETTING] = plan.betting
        row[S_SIZE] = plan.size
        row[S_OPEN_PAIR] = plan.open_pair
        row[S_ROUND_MAX] = plan.round_max
        row[S_FACES_UP] = plan.faces_up
        for k, up in enumerate(plan.faces):
            row[S_FACE0 + k] = up
    suit_pos = np.zeros(4, dtype=np.int64)
    for position, suit in enumerate(variant.deck.suit_order):
        suit_pos[int(suit)] = position
    shares = np.zeros((len(rules.shares), 3), dtype=np.int64)
    for i, (share, spec) in enumerate(zip(rules.shares, variant.pots, strict=True)):
        shares[i, SH_EVALUATOR] = EVALUATOR_IDS[spec.evaluator]
        shares[i, SH_WEIGHT] = share.weight
        shares[i, SH_QUALIFIER] = share.qualifier
    return KernelPlan(
        params=p,
        streets=streets,
        deck=np.array([int(c) for c in rules.deck], dtype=np.int64),
        force_key=np.array(rules.force_key, dtype=np.int64),
        tie_key=np.array(rules.tie_key, dtype=np.int64),
        suit_pos=suit_pos,
        shares=shares,
        bots=np.array([KERNEL_BOTS[name] for name in bots], dtype=np.int64),
        bot_table=bot_table(),
        styles=np.array(style_rows([share.evaluator for share in variant.pots]),
                        dtype=np.int64),
        street_names=tuple(plan.name for plan in rules.streets),
        share_names=tuple(share.name for share in rules.shares),
        share_evaluators=tuple(share.evaluator for share in variant.pots),
    )
