"""Two variants compared rule by rule, in poker words: what ``studkit diff`` prints.

>>> from studkit.variant.loader import load_variant
>>> "bring-in: lowest up card -> highest up card" in diff_variants(
...     load_variant("seven-card-stud"), load_variant("razz"))
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from studkit.cards import Rank, Suit
from studkit.variant.model import Variant
from studkit.variant.rules_text import (
    _HEADS_UP_WORDS,
    _ODD_CHIP_WORDS,
    _RANK_PLURALS,
    _SHOWDOWN_WORDS,
    _five_of_a_kind_applies,
    _number,
    _plugin_words,
    _plugins,
    _wild_plugins,
    _winner,
    betting_summary,
    evaluator_words,
    streets_pattern,
)

__all__ = ["RULES", "rule_differences", "diff_variants"]


def _street_rule(name: str) -> Callable[[Variant], str]:
    def describe(variant: Variant) -> str:
        for street in variant.streets:
            if street.name == name:
                parts = [street.pattern]
                parts.append("burn first" if street.burn else "no burn")
                parts.append(f"{street.bet_size} bet" if street.betting else "no betting")
                return ", ".join(parts)
        return "no such street"

    return describe


def _bring_in_rule(variant: Variant) -> str:
    bring_in = variant.forced_bets.bring_in
    return "none (best showing hand opens)" if bring_in is None else f"{bring_in.selector} up card"


def _bring_in_detail(getter: Callable[[Any], str]) -> Callable[[Variant], str]:
    def describe(variant: Variant) -> str:
        bring_in = variant.forced_bets.bring_in
        return "-" if bring_in is None else getter(bring_in)

    return describe


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def _exhaustion_rule(variant: Variant) -> str:
    policy = variant.deck_exhaustion
    steps = [
        words for on, words in (
            (policy.reshuffle_burns, "reshuffle burns"),
            (policy.reuse_folded, "reuse folded cards"),
            (policy.community_card, "community card"),
        ) if on
    ]
    return ", then ".join(steps) if steps else "none"


def _wild_rule(variant: Variant) -> str:
    wild = [_RANK_PLURALS[Rank(rank)] for rank in variant.deck.wild_ranks]
    if variant.deck.jokers:
        deck = variant.deck
        mode: str = deck.joker_mode
        if deck.up_joker_mode not in (None, mode):
            mode = (f"{mode} face down, {deck.up_joker_mode} face up, "
                    f"turned up {deck.turned_up_joker}")
        wild.append(f"{_number(deck.jokers)} joker(s) ({mode})")
    if wild:
        return " and ".join(wild)
    changers = _wild_plugins(variant)
    return f"named in play by {', '.join(changers)}" if changers else "none"


def _five_of_a_kind_rule(variant: Variant) -> str:
    return _yes_no(variant.deck.five_of_a_kind) if _five_of_a_kind_applies(variant) else "-"


def _raise_cap(variant: Variant) -> str:
    if variant.betting.structure in ("pot-limit", "no-limit") or variant.betting.max_raises is None:
        return "no cap"
    return f"bet + {variant.betting.max_raises} raises"


RULES: tuple[tuple[str, Callable[[Variant], str]], ...] = (
    ("players", lambda v: f"{v.min_players} to {v.max_players}"),
    ("deck", lambda v: f"{v.deck.size} cards"),
    ("wild cards", _wild_rule),
    ("five of a kind", _five_of_a_kind_rule),
    ("suit order", lambda v: " < ".join(Suit(s).name.lower() for s in v.deck.suit_order)),
    ("deal", streets_pattern),
    ("ante", lambda v: str(v.stakes.ante) if v.forced_bets.ante else "none"),
    ("bring-in", _bring_in_rule),
    ("bring-in amount", lambda v: str(v.stakes.bring_in) if v.forced_bets.bring_in else "-"),
    ("bring-in ace", _bring_in_detail(lambda b: f"ace {b.ace}")),
    ("bring-in joker", lambda v: f"face-up joker as {v.forced_bets.bring_in.joker_as}"
     if v.forced_bets.bring_in and v.deck.jokers else "-"),
    ("wild up cards", lambda v: f"count {v.action_order.wild_up_cards} for bring-in and boards"
     if v.deck.jokers or v.deck.wild_ranks else "-"),
    ("bring-in may complete", _bring_in_detail(lambda b: _yes_no(b.may_complete))),
    ("bring-in player short", _bring_in_detail(
        lambda b: {"next-player": "next player brings in", "partial": "partial bring-in stands",
                   "partial-call": "partial bring-in stands, called as posted"}[b.short_stack])),
    ("first to act", lambda v: "best showing "
     + evaluator_words(v.action_order.evaluator, v)),
    ("tied boards", lambda v: "nearest the dealer's left" if v.action_order.tie_break ==
     "position" else "high card by suit"),
    ("betting", betting_summary),
    ("raise cap", _raise_cap),
    ("completion is a raise", lambda v: _yes_no(v.betting.completion_is_raise)),
    ("heads-up raising", lambda v: _HEADS_UP_WORDS[v.betting.heads_up_uncapped]),
    ("open pair", lambda v: f"{v.betting.open_pair_street} street"
     if v.betting.open_pair_street else "off"),
    ("half bet reopens", lambda v: _yes_no(v.betting.half_bet_reopens)),
    ("short all-in is a full raise", lambda v: _yes_no(v.betting.short_all_in_is_full)),
    ("pots", lambda v: " / ".join(_winner(share, v) for share in v.pots)),
    ("odd chip", lambda v: _ODD_CHIP_WORDS[v.odd_chips.method].removeprefix("to the ")
     + ("" if v.odd_chips.method == "first-shown" else
        " (all cards)" if v.odd_chips.cards == "all" else " (five cards played)")),
    ("odd chip in split pots", lambda v: (v.odd_chips.hi_lo_side or v.pots[0].name) + " share"
     if len(v.pots) > 1 else "-"),
    ("no-bet showdown", lambda v: _SHOWDOWN_WORDS[v.showdown.no_bet_order]
     .removeprefix("the ") + " shows first"),
    ("losers may muck", lambda v: _yes_no(v.showdown.losers_may_muck)),
    ("nobody qualifies", lambda v: "pot split equally" if v.showdown.if_nobody_qualifies
     == "chop-all" else "shared as if without qualifiers"),
    ("deck runs out", _exhaustion_rule),
    ("community card first actor", lambda v: "best board"
     if v.deck_exhaustion.community_first_actor == "board" else "previous street's first actor"),
    ("plugins", lambda v: "; ".join(_plugin_words(n, o) for n, o in _plugins(v)) or "none"),
)
"""Each rule ``diff`` compares: a label and how to say a variant's setting in poker words."""


def rule_differences(a: Variant, b: Variant) -> list[tuple[str, str, str]]:
    """Rule-by-rule differences as ``(rule, a's setting, b's setting)``, in rule order."""
    rules = list(RULES[:6])
    if a.streets != b.streets:
        names = [street.name for street in a.streets]
        names += [street.name for street in b.streets if street.name not in names]
        rules += [(f"{name} street", _street_rule(name)) for name in names]
    rules += RULES[6:]
    differences = []
    for label, describe in rules:
        first, second = describe(a), describe(b)
        if first != second:
            differences.append((label, first, second))
    return differences


def diff_variants(a: Variant, b: Variant) -> list[str]:
    """Rule-by-rule differences, ``rule: a's setting -> b's setting`` (empty if the same)."""
    return [f"{rule}: {first} -> {second}" for rule, first, second in rule_differences(a, b)]
