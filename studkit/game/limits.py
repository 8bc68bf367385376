"""What a compiled game (``studkit/core/game.h``) cannot express, in words: a plugin that
hands over no rule as data, two rules of one kind, combinations its rule forms do not play,
evaluators it has no tables for. Those variants run on the general engine."""

from __future__ import annotations

from math import comb
from typing import Final

from studkit.bots.strength import style_rows
from studkit.engine.jokers import face_dependent
from studkit.engine.rules import compile_rules
from studkit.game.evaluators import COMPILED_EVALUATORS, SPECIALS
from studkit.hooks import handed_rules as handed
from studkit.hooks.kernel_rules import FollowedWildRule, SplitRule, TradeRule
from studkit.variant.model import ROLLED, Variant

__all__ = ["game_limits", "MAX_PLAYED_FROM", "MAX_SPLIT_SMALL", "MAX_SPLITS"]

MAX_PLAYED_FROM: Final = 8
"""The most cards the kernel finds the played five in (for odd chips by the hand played);
a larger hand, or showing hand, still scores the best of its eight-card parts, as on the
general engine."""
MAX_SPLIT_SMALL: Final = 4
"""The most cards of a small hand the kernel splits (game.h's SK_SPLIT_MOST)."""
MAX_SPLITS: Final = 128
"""The most ways of choosing a small hand the kernel holds (game.h's SK_SPLITS)."""


def game_limits(variant: Variant) -> str | None:
    """Why a compiled game cannot express the variant, in words; ``None`` when it can."""
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
               if name not in COMPILED_EVALUATORS]
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
        if index not in down and share.evaluator not in COMPILED_EVALUATORS:
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
