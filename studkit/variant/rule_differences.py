"""Two variants compared rule by rule, in poker words: what ``studkit diff`` prints.

>>> from studkit.variant.loader import load_variant
>>> "bring-in: lowest up card -> highest up card" in diff_variants(
...     load_variant("seven-card-stud"), load_variant("razz"))
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, NamedTuple

from studkit.cards import Rank, Suit
from studkit.variant.board_text import board_pattern
from studkit.variant.card_choice_text import pattern
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
from studkit.variant.stakes_words import shown_stakes

__all__ = ["RULES", "SECTIONS", "Rule", "settings_rules", "rule_differences", "diff_variants"]


class Rule(NamedTuple):
    """One rule ``diff`` compares."""

    label: str
    settings: tuple[str, ...]
    """The model settings it says (``betting.max_raises``)."""
    describe: Callable[[Variant], str]
    """A variant's setting in words."""


def _street_rule(name: str) -> Callable[[Variant], str]:
    def describe(variant: Variant) -> str:
        for street in variant.streets:
            if street.name == name:
                parts = [pattern(street, board_pattern)]
                parts.append("burn first" if street.burn else "no burn")
                parts.append(f"{street.bet_size} bet" if street.betting else "no betting")
                return ", ".join(parts)
        return "no such street"

    return describe


def _bring_in_rule(variant: Variant) -> str:
    bring_in = variant.forced_bets.bring_in
    return "none (best showing hand opens)" if bring_in is None else f"{bring_in.selector} up card"


_NO_BRING_IN = "no bring-in"
_NO_WILD_CARDS = "no wild cards"


def _bring_in_detail(getter: Callable[[Any], str]) -> Callable[[Variant], str]:
    def describe(variant: Variant) -> str:
        bring_in = variant.forced_bets.bring_in
        return _NO_BRING_IN if bring_in is None else getter(bring_in)

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
    if not _five_of_a_kind_applies(variant):
        return "impossible (no wild cards in a high hand)"
    if variant.deck.five_of_a_kind:
        return "wild cards can make it (above a straight flush)"
    return "wild cards cannot make it"


_OPENS = {"board": "best showing hand", "position": "first live player on the dealer's left"}


def _raise_cap(variant: Variant) -> str:
    if variant.betting.structure in ("pot-limit", "no-limit") or variant.betting.max_raises is None:
        return "no cap"
    return f"bet + {variant.betting.max_raises} raises"


RULES: tuple[Rule, ...] = (
    Rule("players", (), lambda v: f"{v.min_players} to {v.max_players}"),
    Rule("deck", ("deck.stripped_ranks",), lambda v: f"{v.deck.size} cards"),
    Rule("wild cards", (
        "deck.wild_ranks", "deck.jokers", "deck.joker_mode", "deck.up_joker_mode",
        "deck.turned_up_joker",
    ), _wild_rule),
    Rule("five of a kind", ("deck.five_of_a_kind",), _five_of_a_kind_rule),
    Rule("suit order", ("deck.suit_order",),
         lambda v: " < ".join(Suit(s).name.lower() for s in v.deck.suit_order)),
    Rule("deal", (), streets_pattern),
    Rule("ante", (), lambda v: shown_stakes(v.stakes).ante if v.forced_bets.ante else "none"),
    Rule("bring-in", ("forced_bets.bring_in.selector",), _bring_in_rule),
    Rule("bring-in amount", (),
         lambda v: shown_stakes(v.stakes).bring_in if v.forced_bets.bring_in else _NO_BRING_IN),
    Rule("bring-in ace", ("forced_bets.bring_in.ace",),
         _bring_in_detail(lambda b: f"ace {b.ace}")),
    Rule("bring-in joker", ("forced_bets.bring_in.joker_as",),
         lambda v: f"face-up joker as {v.forced_bets.bring_in.joker_as}"
         if v.forced_bets.bring_in and v.deck.jokers
         else "no jokers" if v.forced_bets.bring_in else _NO_BRING_IN),
    Rule("wild up cards", ("action_order.wild_up_cards",),
         lambda v: f"count {v.action_order.wild_up_cards} for bring-in and boards"
         if v.deck.jokers or v.deck.wild_ranks else _NO_WILD_CARDS),
    Rule("bring-in may complete", ("forced_bets.bring_in.may_complete",),
         _bring_in_detail(lambda b: _yes_no(b.may_complete))),
    Rule("bring-in player short", ("forced_bets.bring_in.short_stack",), _bring_in_detail(
        lambda b: {"next-player": "next player brings in", "partial": "partial bring-in stands",
                   "partial-call": "partial bring-in stands, called as posted"}[b.short_stack])),
    Rule("first to act", ("action_order.evaluator",),
         lambda v: "best showing " + evaluator_words(v.action_order.evaluator, v)),
    Rule("tied boards", ("action_order.tie_break",),
         lambda v: "nearest the dealer's left" if v.action_order.tie_break == "position"
         else "high card by suit"),
    Rule("first round opens", ("action_order.first_round",), lambda v: _OPENS[
        v.action_order.first_round] if v.forced_bets.bring_in is None else "the bring-in"),
    Rule("later rounds open", ("action_order.later_rounds",),
         lambda v: _OPENS[v.action_order.later_rounds]),
    Rule("betting", ("betting.structure",), betting_summary),
    Rule("raise cap", ("betting.max_raises",), _raise_cap),
    Rule("completion is a raise", ("betting.completion_is_raise",),
         lambda v: _yes_no(v.betting.completion_is_raise)),
    Rule("heads-up raising", ("betting.heads_up_uncapped",),
         lambda v: _HEADS_UP_WORDS[v.betting.heads_up_uncapped]),
    Rule("open pair", ("betting.open_pair_street",),
         lambda v: f"{v.betting.open_pair_street} street" if v.betting.open_pair_street
         else "off"),
    Rule("short all-in is a full raise", ("betting.short_all_in_is_full",),
         lambda v: _yes_no(v.betting.short_all_in_is_full)),
    Rule("pots", (), lambda v: " / ".join(_winner(share, v) for share in v.pots)),
    Rule("odd chip", ("odd_chips.method", "odd_chips.cards"),
         lambda v: _ODD_CHIP_WORDS[v.odd_chips.method].removeprefix("to the ")
         + ("" if v.odd_chips.method == "first-shown" else
            " (all cards)" if v.odd_chips.cards == "all" else " (five cards played)")),
    Rule("odd chip in split pots", ("odd_chips.hi_lo_side",),
         lambda v: (v.odd_chips.hi_lo_side or v.pots[0].name) + " share"
         if len(v.pots) > 1 else "one pot share only"),
    Rule("no-bet showdown", ("showdown.no_bet_order",),
         lambda v: _SHOWDOWN_WORDS[v.showdown.no_bet_order].removeprefix("the ")
         + " shows first"),
    Rule("nobody qualifies", ("showdown.if_nobody_qualifies",),
         lambda v: "pot split equally" if v.showdown.if_nobody_qualifies == "chop-all"
         else "shared as if without qualifiers"),
    Rule("deck runs out", (
        "deck_exhaustion.reshuffle_burns", "deck_exhaustion.reuse_folded",
        "deck_exhaustion.community_card",
    ), _exhaustion_rule),
    Rule("community card first actor", ("deck_exhaustion.community_first_actor",),
         lambda v: "best board" if v.deck_exhaustion.community_first_actor == "board"
         else "previous street's first actor"),
)
"""The rules ``diff`` compares in poker words: a label, the model settings it says, and how
to say a variant's setting. Every other setting of the sections in :data:`SECTIONS` is
compared too, in plain words (:func:`settings_rules`)."""

_PLUGINS = Rule(
    "plugins", (), lambda v: "; ".join(_plugin_words(n, o) for n, o in _plugins(v)) or "none"
)

SECTIONS: tuple[str, ...] = (
    "deck", "forced_bets.bring_in", "action_order", "betting", "odd_chips", "showdown",
    "deck_exhaustion",
)
"""The model's sections of settings whose every setting ``diff`` compares."""


def _words(value: object) -> str:
    if isinstance(value, bool):
        return _yes_no(value)
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return ", ".join(_words(item) for item in value) or "none"
    return str(value)


_ABSENT_SECTIONS = {"forced_bets.bring_in": _NO_BRING_IN}
"""How :func:`settings_rules` says the settings of a section the variant does not have (the
sections of :data:`SECTIONS` that may be ``None``)."""


def _section(variant: Variant, section: str) -> Any:
    found: Any = variant
    for step in section.split("."):
        found = getattr(found, step) if found is not None else None
    return found


def _read(path: str) -> Callable[[Variant], str]:
    section, _, name = path.rpartition(".")

    def describe(variant: Variant) -> str:
        found = _section(variant, section)
        return _ABSENT_SECTIONS[section] if found is None else _words(getattr(found, name))

    return describe


def settings_rules() -> tuple[Rule, ...]:
    """A rule in plain words (``half bet reopens: yes -> no``) for every setting of the
    :data:`SECTIONS` that no rule of :data:`RULES` says, in the model's order."""
    said = {path for rule in RULES for path in rule.settings}
    model = Variant(name="model")
    return tuple(
        Rule(field.name.replace("_", " "), (path,), _read(path))
        for section in SECTIONS
        for field in fields(_section(model, section))
        if (path := f"{section}.{field.name}") not in said
    )


def rule_differences(a: Variant, b: Variant) -> list[tuple[str, str, str]]:
    """Rule-by-rule differences as ``(rule, a's setting, b's setting)``, in rule order."""
    rules = list(RULES[:6])
    if a.streets != b.streets:
        names = [street.name for street in a.streets]
        names += [street.name for street in b.streets if street.name not in names]
        rules += [Rule(f"{name} street", (), _street_rule(name)) for name in names]
    rules += [*RULES[6:], *settings_rules(), _PLUGINS]
    differences = []
    for label, _settings_said, describe in rules:
        first, second = describe(a), describe(b)
        if first != second:
            differences.append((label, first, second))
    return differences


def diff_variants(a: Variant, b: Variant) -> list[str]:
    """Rule-by-rule differences, ``rule: a's setting -> b's setting`` (empty if the same)."""
    return [f"{rule}: {first} -> {second}" for rule, first, second in rule_differences(a, b)]
