"""One run's setup for the batch kernel, and what the kernel does not play yet.

:func:`kernel_setup` turns a variant, the table size, the starting stack and the seats' bots
into the :class:`studkit.kernel._kernel.Setup` the C loop reads (the rules are the ones the
engine compiles, :func:`studkit.engine.rules.compile_rules`; the evaluators' tables, wild
ranks' included, are the library's); :func:`unsupported` says, in words, why a variant or a
bot line-up cannot be played by the kernel (plugins, jokers played by their face, bots it has
no compiled form of).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from studkit.bots.registry import equity_budget
from studkit.bots.strength import style_rows
from studkit.engine.jokers import face_dependent, showing_wild
from studkit.engine.rules import compile_rules, wild_cards
from studkit.errors import StudkitError
from studkit.evaluation.board_hands import CARDS_MODES
from studkit.evaluation.lookup_tables import EVALUATORS, EvalTables
from studkit.evaluation.special import RANKING_TABLE
from studkit.evaluation.special_wild import compiled_wild
from studkit.evaluation.wild import WildCards
from studkit.evaluation.wildtables import WildArrays, wild_arrays
from studkit.hooks.kernel_rules import (
    FollowedWildRule,
    SplitRule,
    TradeRule,
)
from studkit.kernel import _kernel, plugin_data as handed
from studkit.variant.model import ROLLED, Stakes, Variant

__all__ = ["kernel_setup", "unsupported", "bot_table", "kernel_bot", "wild_setup", "wild_sets",
           "KERNEL_BOTS",
           "EVALUATOR_IDS", "SPECIALS", "KERNEL_EVALUATORS"]

KERNEL_BOTS: Final[dict[str, int]] = {
    "random": 0, "calling-station": 1, "tag": 2, "lag": 3, "equity": 4,
}
"""The bots the kernel plays, by ``--bots`` name, with their ids inside the kernel."""

EVALUATOR_IDS: Final[dict[str, int]] = {name: row for row, name in enumerate(EVALUATORS)}
"""The built-in evaluators with lookup tables by name, with their rows in the kernel's
tables."""
SPECIALS: Final[tuple[str, ...]] = (
    "badugi", "badugi-ace-high", "soko", "mexican-high", "razz-high", "two-card-high",
    "two-card-a5", "action-razz",
)
"""The special rankings the kernel plays (studkit/evaluation/special.h, in its order; action
razz last: ace-to-five low with a class for a face card)."""
KERNEL_EVALUATORS: Final[dict[str, int]] = {
    **EVALUATOR_IDS,
    **{name: _kernel.SPECIAL_BASE + number for number, name in enumerate(SPECIALS)},
}
"""Every evaluator the kernel ranks with, by name, with its number inside the kernel."""

NO_PRICE: Final = -2
"""An up-card rule without a payment, as the kernel's setup reads it."""
MAX_PLAYED_FROM: Final = 8
"""The most cards the kernel finds the played five in (for odd chips by the hand played);
a larger hand, or showing hand, still scores the best of its eight-card parts, as on the
general engine."""
MAX_SPLIT_SMALL: Final = 4
"""The most cards of a small hand the kernel splits (kernel.h's SK_SPLIT_MOST)."""
MAX_SPLITS: Final = 128
"""The most ways of choosing a small hand the kernel holds (kernel.h's SK_SPLITS)."""
MAX_POT_CHIPS: Final = 1 << 22
"""The kernel keeps the pot-size distribution in an array of this many entries at most."""


def unsupported(variant: Variant, bots: Sequence[str], players: int, stack: int) -> str | None:
    """Why the kernel cannot play this setup, in words; ``None`` when it can."""
    rules = compile_rules(variant)
    given = handed.plugin_rules(variant)
    hooked = [name for name, rule in given.items() if rule is None]
    if hooked:
        return (f"{variant.name} uses Python plugin hooks ({', '.join(hooked)}) that hand the "
                "kernel no rule (studkit_kernel_rule)")
    why = (_split_reason(variant, given) or _share_reason(variant, given)
           or _choice_card_reason(variant, given)
           or _up_card_reason(variant, given) or _trade_reason(variant, given)
           or _wild_sets_reason(variant, given))
    if why:
        return f"{variant.name} {why}"
    declaration = handed.declaration(given)
    if declaration is not None and len(style_rows(_evaluators(variant)[1:])) != 3 * len(
        variant.pots
    ):
        return (f"{variant.name} has a declaration with a pot share whose evaluator the bots' "
                "score does not know")
    why = _card_choice_reason(variant)
    if why:
        return f"{variant.name} {why}"
    exposure = handed.exposure(given)
    if any(plan.rolled for plan in rules.streets) and (exposure is None
                                                       or not exposure.rolled):
        return (f"{variant.name} deals cards face up unless the player holds no down card "
                "(up-unless-all-exposed) with no plugin's choose-before handed to the kernel")
    first_rolled = bool(rules.streets[0].rolled)
    if exposure is not None and exposure.rolled and first_rolled:
        return f"{variant.name} deals its first street up unless all are exposed"

    why = _wild_reason(variant, given) or _played_five_reason(variant)
    if why:
        return f"{variant.name} {why}"
    others = sorted({name for name in bots if kernel_bot(name) is None})
    if others:
        return (
            f"bot(s) {', '.join(others)} have no compiled form (the kernel plays "
            f"{', '.join(KERNEL_BOTS)}, and equity-N)"
        )
    if players * stack >= MAX_POT_CHIPS:
        return f"{players} stacks of {stack} chips are more than the kernel's pot table holds"
    return None


def _split_reason(variant: Variant, given: handed.Given) -> str | None:
    """What of a plugin's split into separate hands the kernel does not play, in words."""
    split = handed.split(given)
    if split is None:
        return None
    if sum(isinstance(rule, SplitRule) for rules in given.values() for rule in rules or ()) > 1:
        return "has two plugin rules that split the hands"
    if split.small > MAX_SPLIT_SMALL or comb(split.big + split.small, split.small) > MAX_SPLITS:
        return f"splits hands into more ways than the kernel holds ({MAX_SPLITS})"
    unknown = [name for name in (split.big_evaluator, split.small_evaluator)
               if name not in KERNEL_EVALUATORS]
    if unknown:
        return f"ranks a separate hand with {unknown[0]!r}, which the kernel does not rank"
    if variant.deck.jokers or variant.board_cards:
        return "splits hands with jokers or board cards"
    return None


def _share_reason(variant: Variant, given: handed.Given) -> str | None:
    """What of the pot shares the kernel cannot rank, in words."""
    down = handed.down_shares(given)
    split = handed.split(given)
    parts = handed.split_parts(variant, split)
    for index, share in enumerate(variant.pots):
        if parts[index]:
            if share.cards != "all":
                return f"ranks the separate hand of pot share {share.name!r} with pots[].cards"
            continue
        if index not in down and share.evaluator not in KERNEL_EVALUATORS:
            return (f"ranks the pot share {share.name!r} with {share.evaluator!r}, which no "
                    "plugin hands the kernel as data (studkit_kernel_rule)")
        if index in down and share.cards != "all":
            return f"ranks the pot share {share.name!r} by down cards with pots[].cards"
    if down and variant.odd_chips.cards == "hand":
        return ("gives odd chips by the cards a hand plays, with a pot share a plugin ranks "
                "(odd_chips.cards: hand)")
    return None


def _trade_reason(
    variant: Variant, given: handed.Given
) -> str | None:
    """What of a plugin's trade round the kernel does not play, in words."""
    trades = [rule for rules in given.values() for rule in rules or ()
              if isinstance(rule, TradeRule)]
    if not trades:
        return None
    if len(trades) > 1:
        return "has two trade rounds from plugins"
    if any(variant.streets[i].discard is not None for i in trades[0].streets):
        return "has a trade round and a discard after one street's betting"
    return None


def _up_card_reason(
    variant: Variant, given: handed.Given
) -> str | None:
    """What of a plugin's up-card rules the kernel does not play, in words."""
    rules = handed.up_rules(given)
    if not rules:
        return None
    if len({rule.rank for rule in rules}) < len(rules):
        return "has two rules for one rank dealt face up"
    if any(street.flip or street.discard or "choice" in street.cards
           for street in variant.streets):
        return "has rules for cards dealt face up beside card decisions"
    if len(style_rows(_evaluators(variant)[1:])) != 3 * len(variant.pots):
        return ("has a price to pay with a pot share whose evaluator the bots' score does not "
                "know")
    return None


def _choice_card_reason(
    variant: Variant, given: handed.Given
) -> str | None:
    """What of the streets' ``choice`` cards the kernel does not play, in words."""
    streets = variant.streets
    chosen = [i for i, street in enumerate(streets) if "choice" in street.cards]
    if not chosen:
        return None
    if handed.exposure(given) is None:
        return "deals choice cards, which no plugin hands the kernel as data"
    for i in chosen:
        later = streets[i + 1] if i + 1 < len(streets) else None
        if streets[i].flip or streets[i].discard or (later is not None and later.discard):
            return (f"deals choice cards on {streets[i].name} street beside a flip or a "
                    "discard, which the kernel does not play")
    return None


def _card_choice_reason(variant: Variant) -> str | None:
    """What of the streets' flips and discards the kernel does not play, in words: it plays
    them as studkit/core/card_choices.c asks for them."""
    streets = variant.streets
    dealing = [i for i, street in enumerate(streets) if street.cards]
    for i, street in enumerate(streets):
        if street.flip is not None and street.cards and (
            i != dealing[0] or ROLLED in street.cards
        ):
            return (f"flips a card on {street.name} street as it is dealt, which the kernel "
                    "plays on the first street only")
        discard = street.discard
        if street.flip is not None and not street.cards and discard is not None and (
            discard.when == "before-deal"
        ):
            return (f"asks both a flip and a discard before {street.name} street's deal, "
                    "which the kernel does not play")
    return None


def _wild_sets_reason(variant: Variant,
                      given: handed.Given) -> str | None:
    """What of a plugin's changing wild ranks the kernel does not play, in words."""
    changing = handed.changing_wild(given)
    if not changing:
        return None
    if len(changing) > 1:
        return "has two plugin rules that change the wild ranks"
    special = [name for name in _evaluators(variant) if name in SPECIALS]
    if special:
        return f"changes the wild ranks of the special evaluator {special[0]!r}"
    if any(share.cards != "all" for share in variant.pots):
        return "changes the wild ranks of a hand of some cards only (pots[].cards)"
    if isinstance(changing[0], FollowedWildRule) and (handed.up_rules(given)
                                                      or handed.trade(given) is not None):
        return "follows up cards that a plugin deals outside the streets"
    if variant.odd_chips.cards == "hand" and variant.odd_chips.method != "first-shown":
        return "gives odd chips by the five cards a wild hand plays (odd_chips.cards: hand)"
    return None


def wild_sets(variant: Variant) -> tuple[int, int, list[WildArrays], WildArrays] | None:
    """The kernel's tables of wild ranks that change during a hand (``None``: none change):
    the followed trigger rank (-1: none), the hole-card rule (0: none, 1: the ace high, 2:
    low), then each share's and the showing hands' wild-card tables with a row of card values
    per wild set, in the order of ``kernel.h``'s SK_WILD_* (the base set with each rank, then
    the base set: the deck's own wild ranks, and the trigger where it is wild)."""
    changing = handed.changing_wild(handed.plugin_rules(variant))
    if not changing:
        return None
    rule = changing[0]
    deck = variant.deck
    base = frozenset(int(r) for r in deck.wild_ranks)
    if isinstance(rule, FollowedWildRule):
        trigger, hole = rule.trigger, 0
        base |= {rule.trigger} if rule.trigger_wild else set()
    else:
        trigger, hole = -1, 2 if rule.ace_low else 1
    sets = [base | {rank} for rank in range(13)] + [base]

    def arrays(name: str) -> WildArrays:
        rows = [wild_arrays(name, WildCards(ranks=ranks, jokers=deck.joker_mode,
                                            five_of_a_kind=deck.five_of_a_kind))
                for ranks in sets]
        _, table, fill, bugs = rows[0]
        return np.concatenate([values for values, *_ in rows]), table, fill, bugs

    return (trigger, hole, [arrays(share.evaluator) for share in variant.pots],
            arrays(variant.action_order.evaluator))


def _wild_reason(variant: Variant, given: handed.Given) -> str | None:
    """What of the variant's wild cards the kernel does not play yet, in words."""
    deck = variant.deck
    if not deck.wild_ranks and not deck.jokers:
        return None
    if face_dependent(deck) and (handed.down_shares(given) or handed.changing_wild(given)):
        return ("plays a joker by how it was dealt (deck.up_joker_mode) with a plugin's pot "
                "share by down cards or changing wild ranks")
    if variant.action_order.wild_up_cards == "wild":
        return "ranks the boards with wild cards (action_order.wild_up_cards: wild)"
    special = [name for name in _evaluators(variant) if name in SPECIALS]
    if special and deck.wild_ranks:  # four cards or more, each tried as every card
        return f"ranks wild ranks with the special evaluator {special[0]!r}"
    return None


def _evaluators(variant: Variant) -> list[str]:
    """The showing hands' evaluator and the shares'."""
    return [variant.action_order.evaluator] + [share.evaluator for share in variant.pots]


def _played_five_reason(variant: Variant) -> str | None:
    """Why the kernel cannot find the five cards a hand plays, for odd chips by them, in
    words: it finds them with the plain tables, in a seat's cards and the board, eight at
    most."""
    if variant.odd_chips.cards != "hand" or variant.odd_chips.method == "first-shown":
        return None
    hand = "(odd_chips.cards: hand)"
    if variant.deck.wild_ranks or variant.deck.jokers:
        return f"gives odd chips by the five cards a wild hand plays {hand}"
    special = [name for name in _evaluators(variant) if name in SPECIALS]
    if special:
        return f"gives odd chips by the cards a {special[0]!r} hand plays {hand}"
    if any(share.cards != "all" for share in variant.pots):
        return ("gives odd chips by the cards a hand of some cards only plays "
                "(pots[].cards, odd_chips.cards: hand)")
    if variant.max_cards_per_player + variant.board_cards > MAX_PLAYED_FROM:
        return f"gives odd chips by the cards a hand of more than {MAX_PLAYED_FROM} plays {hand}"
    return None


Ranking = WildArrays | tuple[int, int, int, int]
"""One ranking's wild cards as the kernel's setup reads them: a built-in evaluator's tables,
or a special ranking's setting for the compiled search
(:func:`studkit.evaluation.special_wild.compiled_wild`)."""


def _ranking(name: str, wild: WildCards) -> Ranking:
    """The kernel's wild cards of evaluator ``name`` under ``wild``."""
    if name in SPECIALS:
        ranking = RANKING_TABLE[name]
        return compiled_wild(ranking.names, wild, ranking.high_like)
    return wild_arrays(name, wild)


JokerFace = tuple[int, tuple[bool, bool], list[Ranking]]
"""A joker played by its face, as the kernel's setup reads it (:func:`wild_setup`)."""


def wild_setup(variant: Variant) -> tuple[list[Ranking], Ranking | None, JokerFace | None] | None:
    """The kernel's wild cards (``None``: nothing is wild): each share's, the showing hands'
    where the boards rank a joker (as the general engine's evaluators, from
    :func:`studkit.engine.rules.compile_rules`'s settings), and a joker played by its face
    (``None``: the deck's is not): 1 when it plays its face-up part if dealt face up, 2 if
    face up now; whether a joker the bots see face up plays as the bug, not dealt up and dealt
    up (:func:`studkit.engine.jokers.bugs_as_aces`); each share's wild cards for it."""
    wild = wild_cards(variant)
    if wild is None:
        return None
    deck = variant.deck
    shares = [_ranking(share.evaluator, wild) for share in variant.pots]
    boards = showing_wild(variant, wild)
    showing = None if boards is None else _ranking(variant.action_order.evaluator, boards)
    face = None
    if face_dependent(deck):
        up = WildCards(ranks=wild.ranks, jokers=deck.up_joker_mode or deck.joker_mode,
                       five_of_a_kind=deck.five_of_a_kind)
        face = (1 if deck.turned_up_joker == "as-dealt" else 2,
                (deck.joker_mode == "bug", deck.up_joker_mode == "bug"),
                [_ranking(share.evaluator, up) for share in variant.pots])
    return shares, showing, face


def kernel_bot(name: str) -> int | None:
    """The kernel's id of the bot ``name`` (``equity-N``, the equity bot with a budget of N
    completions, is the equity bot's), or ``None`` for a bot with no compiled form."""
    if equity_budget(name) is not None:
        return KERNEL_BOTS["equity"]
    return KERNEL_BOTS.get(name)


def _bot_id(name: str) -> int:
    found = kernel_bot(name)
    if found is None:  # unsupported() says so first, in words
        raise StudkitError(f"bot {name!r} has no compiled form")
    return found


def bot_table(bots: Sequence[str]) -> npt.NDArray[np.float64]:
    """The strategies of the seats' bots as numbers, read from the bot classes the general
    engine plays (so both engines' bots follow the same thresholds): a row per seat, in the
    columns of ``kernel.h`` (enter, stay, bet, bluff, size, max raises, equity margin,
    equity trials); the equity bot's row holds ``tag``'s style too, which it plays when its
    spot cannot be posed, and its budget (``equity-N``: N)."""
    from studkit.bots.players import EquityBot, LooseAggressiveBot, TightAggressiveBot

    styles = {"tag": TightAggressiveBot.style, "lag": LooseAggressiveBot.style,
              "equity": TightAggressiveBot.style}
    table = np.zeros((len(bots), 8), dtype=np.float64)
    for seat, name in enumerate(bots):
        budget = equity_budget(name)
        kind = "equity" if budget is not None else name
        style = styles.get(kind)
        if style is not None:
            table[seat, :6] = (style.enter, style.stay, style.bet, style.bluff, style.size,
                               style.max_raises)
        if kind == "equity":
            table[seat, 6:] = (EquityBot.margin, budget or EquityBot.trials)
    return table


def kernel_setup(
    variant: Variant, stakes: Stakes, players: int, stack: int, bots: Sequence[str],
    tables: EvalTables,
) -> _kernel.Setup:
    """The kernel's setup of one run (checked with :func:`unsupported` first)."""
    rules = compile_rules(variant, stakes)
    deck = np.array([int(c) for c in rules.deck], dtype=np.uint8)
    given = handed.plugin_rules(variant)
    exposure = handed.exposure(given)
    trade = handed.trade(given)
    split = handed.split(given)
    return _kernel.Setup(
        rules=rules.core.pack(),
        players=players,
        stack=stack,
        deck=deck,
        cards=variant.max_cards_per_player + variant.board_cards,
        showing=KERNEL_EVALUATORS[variant.action_order.evaluator],
        share_evaluators=[KERNEL_EVALUATORS.get(name, _kernel.DOWN_CARD_SHARE)
                          for name in handed.share_rankings(variant)],
        bots=[_bot_id(name) for name in bots],
        bot_table=bot_table(bots),
        styles=np.array(style_rows([share.evaluator for share in variant.pots]),
                        dtype=np.int64),
        values=np.concatenate((tables.values, np.zeros(2, dtype=np.int64))),  # jokers: 0
        modes=tables.modes,
        by_row=tables.by_row,
        flush=tables.flush,
        index_row=tables.index_row,
        wild=wild_setup(variant),
        wild_sets=wild_sets(variant),
        split=None if split is None else (
            split.street, split.big, split.small, split.min_down, split.ordered,
            KERNEL_EVALUATORS[split.big_evaluator], KERNEL_EVALUATORS[split.small_evaluator],
            handed.split_parts(variant, split)),
        share_modes=[CARDS_MODES.index(share.cards) for share in variant.pots],
        declaration=_declaration_setup(variant, given),
        down_shares=[(rule.share, rule.suit, list(rule.values))
                     for rule in handed.down_shares(given).values()],
        expose=None if exposure is None else (exposure.before, exposure.hidden, exposure.rolled,
                                              exposure.rolled_hidden),
        trade=None if trade is None else (
            sum(1 << street for street in trade.streets), trade.cost,
            int(trade.down) | int(trade.up) << 1, trade.as_thrown),
        up_rules=[(rule.rank, [int(face) for face in rule.extra],
                   NO_PRICE if rule.price is None else rule.price)
                  for rule in handed.up_rules(given)] or None,
    )


def _declaration_setup(
    variant: Variant, given: handed.Given
) -> tuple[int, bool, bool, list[int]] | None:
    """A plugin's declaration as the kernel's setup reads it: the street, whether a swing
    may tie, whether it forfeits every pot, each share's name's place in sorted order (the
    bots' ties go by it)."""
    rule = handed.declaration(given)
    if rule is None:
        return None
    names = sorted(share.name for share in variant.pots)
    return (rule.street, rule.swing_may_tie, rule.forfeit_all_pots,
            [names.index(share.name) for share in variant.pots])
