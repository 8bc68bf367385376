"""A variant's rules in poker words: the ``show`` text and the ``list`` summary.

Everything here reads a :class:`Variant`; nothing depends on a variant's name. The
rule-by-rule ``diff`` is in :mod:`studkit.variant.rule_differences`.

>>> from studkit.variant.loader import load_variant
>>> streets_pattern(load_variant("seven-card-stud"))
'↓↓↑ ↑ ↑ ↑ ↓'
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from studkit.cards import Rank, Suit
from studkit.errors import PluginError
from studkit.hooks.registry import PluginRegistry, registry_of
from studkit.variant import board_text as bt, card_choice_text as choice_text, joker_text
from studkit.variant.family_text import ALWAYS_WON, FAMILY_WORDS, nobody_sentence, with_qualifier
from studkit.variant.forced_bets_text import forced_bets_sentence
from studkit.variant.model import PotShare, Street, Variant
from studkit.variant.stakes_words import amount_words, shown_stakes, smallest_bet

__all__ = [
    "EVALUATOR_WORDS",
    "evaluator_words",
    "streets_pattern",
    "pot_split",
    "betting_summary",
    "rules_sentences",
    "plugin_sentence",
    "show_text",
]

EVALUATOR_WORDS: dict[str, str] = {
    "high": "high hand",
    "a5-low": "ace-to-five low",
    "eight-or-better": "eight-or-better low",
    "2-7-low": "deuce-to-seven low",
    "a6-low": "ace-to-six low",
}
"""What each built-in evaluator ranks, in words ("ace-to-five low"); a plugin's evaluators
are worded by the plugin (:func:`evaluator_words`)."""


def evaluator_words(name: str, variant: Variant | None = None) -> str:
    """What evaluator ``name`` ranks, in words: a built-in's from :data:`EVALUATOR_WORDS`, a
    plugin's from the ``EVALUATOR_WORDS`` mapping of one of ``variant``'s plugins; else the
    name itself."""
    words = EVALUATOR_WORDS.get(name) or FAMILY_WORDS.get(name)
    if words is not None:
        return words
    if variant is not None:
        registry = registry_of(variant)
        for ref in variant.plugins:
            try:
                module = registry.find(ref.name).module
            except PluginError:  # a missing or broken plugin: its words are unknown
                continue
            found = getattr(module, "EVALUATOR_WORDS", None)
            if isinstance(found, Mapping) and isinstance(found.get(name), str):
                return str(found[name])
    return name

_SUPERLATIVE = ("highest ", "lowest ")
"""Words that already say which hand wins (no "best" in front)."""

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
_RANK_PLURALS = {
    Rank.TWO: "deuces", Rank.THREE: "threes", Rank.FOUR: "fours", Rank.FIVE: "fives",
    Rank.SIX: "sixes", Rank.SEVEN: "sevens", Rank.EIGHT: "eights", Rank.NINE: "nines",
    Rank.TEN: "tens", Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings",
    Rank.ACE: "aces",
}
_STRUCTURE_WORDS = {
    "fixed-limit": "fixed limit",
    "pot-limit": "pot limit",
    "no-limit": "no limit",
    "spread-limit": "spread limit",
}
_HEADS_UP_WORDS = {
    "never": "never uncapped",
    "if-heads-up-before-cap": "uncapped if play is heads-up before the cap",
    "if-round-began-heads-up": "uncapped only if the round began heads-up",
}
_ODD_CHIP_WORDS = {
    "first-shown": "to the hand shown first",
    "high-card-by-suit": "to the high card by suit",
    "low-card-by-suit": "to the low card by suit",
}
_SHOWDOWN_WORDS = {
    "last-checker": "the last player to check",
    "first-actor": "the first actor of the round",
}


def _number(count: int) -> str:
    return _NUMBER_WORDS[count] if 0 <= count < len(_NUMBER_WORDS) else str(count)


def streets_pattern(variant: Variant) -> str:
    """The deal as arrows, a space between streets: ``↓↓↑ ↑ ↑ ↑ ↓``."""
    return " ".join(choice_text.pattern(street, bt.board_pattern) for street in variant.streets)


def _winner(share: PotShare, variant: Variant | None = None) -> str:
    words = evaluator_words(share.evaluator, variant)
    if share.qualifier is not None:
        words = with_qualifier(words, share.evaluator, share.qualifier)
    words += bt.share_cards_words(share)
    return words if words.startswith(_SUPERLATIVE) else f"best {words}"


def pot_split(variant: Variant) -> str:
    """The pot split in a few words: ``high``, ``high / eight-or-better``."""
    parts = []
    for share in variant.pots:
        part = share.evaluator
        if share.qualifier is not None:
            part += f" {share.qualifier}"
        parts.append(part if share.weight == 1 else f"{share.weight}x {part}")
    return " / ".join(parts)


def betting_summary(variant: Variant) -> str:
    """The structure and amounts: ``fixed limit 5/10``, ``spread limit 1-5 (10 last)``."""
    stakes = variant.stakes
    shown = shown_stakes(stakes)
    structure = variant.betting.structure
    words = _STRUCTURE_WORDS[structure]
    if structure == "fixed-limit":
        return f"{words} {shown.small_bet}/{shown.big_bet}"
    if structure == "spread-limit":
        text = f"{words} {shown.spread_min}-{shown.spread_max}"
        if stakes.last_round_max is not None:
            text += f" ({shown.last_round_max} last)"
        return text
    return words


def _card_words(cards: tuple[str, ...]) -> str:
    groups: list[tuple[str, int]] = []
    for face in cards:
        face = "down" if face == "choice" else face  # dealt down; the player turns one up
        if groups and groups[-1][0] == face:
            groups[-1] = (face, groups[-1][1] + 1)
        else:
            groups.append((face, 1))
    names = {"down": "down", "up": "up", "up-unless-all-exposed": "up (down to a player with "
             "no down card)"}
    parts = [
        f"{_number(count)} card{'s' if count > 1 else ''} {names[face]}" for face, count in groups
    ]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _street_sentence(variant: Variant, street: Street) -> str:
    text = f"{street.name.capitalize()} street: "
    text += choice_text.before_deal(street) + ("a burn, then " if street.burn else "")
    text += bt.street_cards_words(street, _card_words(street.cards) if street.cards else "")
    text += choice_text.after_deal(street)
    if street.betting:
        if variant.betting.structure in ("fixed-limit", "spread-limit"):
            amount = (
                variant.stakes.small_bet if street.bet_size == "small" else variant.stakes.big_bet
            )
            if variant.betting.structure == "fixed-limit":
                shown = amount_words(variant.stakes.scale, amount)
                text += f", then a betting round at the {street.bet_size} bet ({shown})"
            else:
                text += ", then a betting round"
        else:
            text += ", then a betting round"
    else:
        text += "; no betting round"
    return text + choice_text.after_betting(street) + "."


def _deck_sentence(variant: Variant) -> str:
    deck = variant.deck
    stripped = sorted(set(deck.stripped_ranks))
    if stripped:
        removed = ", ".join(_RANK_PLURALS[Rank(rank)] for rank in stripped)
        text = f"A {deck.size}-card deck ({removed} removed)"
    else:
        text = f"A standard {52 + deck.jokers if deck.jokers else 52}-card deck"
        if deck.jokers:
            text = f"A 52-card deck plus {_number(deck.jokers)} joker{'s' * (deck.jokers > 1)}"
    if deck.jokers and stripped:
        text += f" plus {_number(deck.jokers)} joker{'s' * (deck.jokers > 1)}"
    if deck.jokers:
        text += joker_text.joker_words(deck)
    text += "."
    five = deck.five_of_a_kind and _five_of_a_kind_applies(variant)
    if deck.wild_ranks:
        wild = [_RANK_PLURALS[Rank(rank)] for rank in deck.wild_ranks]
        joined = wild[0] if len(wild) == 1 else ", ".join(wild[:-1]) + " and " + wild[-1]
        text += f" {joined.capitalize()} are wild"
        text += "; wild cards can make five of a kind." if five else "."
    elif five:  # jokers, or wild cards a plugin names
        text += " Wild cards can make five of a kind."
    suits = [Suit(suit).name.lower() for suit in deck.suit_order]
    text += f" Suits rank {suits[0]} (lowest), {suits[1]}, {suits[2]}, {suits[3]} (highest)."
    return text


def _action_sentence(variant: Variant) -> str:
    order = variant.action_order
    board = evaluator_words(order.evaluator, variant)
    after = "On later streets" if variant.forced_bets.bring_in is not None else "On every street"
    text = f"{after} the best showing {board} acts first"
    if order.tie_break == "position":
        text += "; between tied boards, the player nearest the dealer's left."
    else:
        text += "; between tied boards, the highest card by suit."
    return bt.action_words(variant, text) + joker_text.board_words(variant)


def _betting_sentences(variant: Variant) -> str:
    betting = variant.betting
    stakes = variant.stakes
    shown = shown_stakes(stakes)
    structure = betting.structure
    smallest = amount_words(stakes.scale, smallest_bet(variant))
    if structure == "fixed-limit":
        text = f"Fixed limit: bets of {shown.small_bet} and {shown.big_bet}."
    elif structure == "spread-limit":
        text = f"Spread limit: any bet from {shown.spread_min} to {shown.spread_max}"
        if stakes.last_round_max is not None:
            text += f" ({shown.last_round_max} on the last round)"
        text += "; a raise is at least the previous bet or raise."
    elif structure == "pot-limit":
        return (
            f"Pot limit: the smallest bet is {smallest}; a bet or raise may be as "
            "large as the pot after calling, and a raise is at least the last full bet or "
            "raise; no raise cap."
        )
    else:
        return (
            f"No limit: the smallest bet is {smallest}; each raise at least the "
            "last full bet or raise; no raise cap."
        )
    if betting.max_raises is None:
        text += " Raises are not capped."
    else:
        text += f" A round allows a bet and {_number(betting.max_raises)} raises"
        text += (
            "; completing the bring-in counts as one." if betting.completion_is_raise
            else "; completing the bring-in does not count as one."
        )
        text += f" Heads-up: {_HEADS_UP_WORDS[betting.heads_up_uncapped]}."
    if structure == "fixed-limit":
        if betting.open_pair_street is not None:
            text += (
                f" An open pair on {betting.open_pair_street} street lets any player bet the "
                "big bet; once one does, the street goes on in big bets."
            )
        text += (
            " An all-in raise, however short, counts as a full raise: the next raise is a "
            "full bet above it and reopens the betting." if betting.short_all_in_is_full
            else " An all-in raise of half a bet or more reopens the betting."
            if betting.half_bet_reopens else " A short all-in raise never reopens the betting."
        )
    return text


def _free_fold_words(variant: Variant) -> str:
    """``betting.fold_when_check_is_free``: said only where it is on."""
    if not variant.betting.fold_when_check_is_free:
        return ""
    return " A player with nothing to call may fold instead of checking."


def _pots_sentence(variant: Variant) -> str:
    shares = variant.pots
    if len(shares) == 1:
        return f"The {_winner(shares[0], variant)} wins each pot."
    total = sum(share.weight for share in shares)
    parts = []
    for share in shares:
        fraction = "half" if share.weight * 2 == total else f"{share.weight}/{total}"
        parts.append(f"{fraction} to the {_winner(share, variant)}")
    text = "Each pot is split: " + ", ".join(parts) + "."
    if _a_share_may_go_unwon(variant):
        text += " A share no hand can win goes to the others (one hand may scoop)."
    text += nobody_sentence(variant)
    return text


_TOTAL_ORDERS = ("high", "a5-low", "2-7-low", "a6-low", *ALWAYS_WON)
"""Evaluators that rank every hand, so without a qualifier their share always has a winner."""
_SHARE_HOOKS = ("studkit_share_strengths", "studkit_adjust_strengths", "studkit_declare_phase")
"""Hooks through which a plugin can leave a share without a winner (no spade, no declarer)."""


def _a_share_may_go_unwon(variant: Variant) -> bool:
    """Whether some pot share can have no winner (a qualifier, a plugin's share or rule)."""
    return any(share.qualifier is not None or share.evaluator not in _TOTAL_ORDERS
               for share in variant.pots) or bool(_plugins_with(variant, _SHARE_HOOKS))


def _odd_chip_sentence(variant: Variant) -> str:
    odd = variant.odd_chips
    if odd.method == "first-shown":
        text = "When tied hands split a pot, an odd chip goes to the hand shown first"
    else:
        which = "highest" if odd.method == "high-card-by-suit" else "lowest"
        among = "all their cards" if odd.cards == "all" else "the five cards each plays"
        text = (
            "When tied hands split a pot, an odd chip goes to the player with the "
            f"{which} card by suit among {among}"
        )
    if len(variant.pots) > 1:
        side = odd.hi_lo_side if odd.hi_lo_side is not None else variant.pots[0].name
        text += f"; when a pot is split between shares, an odd chip goes to the {side} share"
    return text + "."


def _showdown_sentence(variant: Variant) -> str:
    show = variant.showdown
    text = (
        "At showdown the last bettor or raiser shows first; with no bet on the last round, "
        f"{_SHOWDOWN_WORDS[show.no_bet_order]}."
    )
    text += (
        " A hand that cannot win may be mucked unshown." if show.losers_may_muck
        else " Every hand is shown."
    )
    if show.muck_concedes:
        text += (
            " Any player may instead muck unshown by choice, conceding: the pots go to the "
            "best hands among the others."
        )
    if show.rake_from == "pots-by-size":
        text += " A rake comes off every pot in proportion to its size."
    return text


def _exhaustion_sentence(variant: Variant) -> str:
    if variant.cards_needed <= variant.deck.size:
        return (
            f"The deck cannot run out: {variant.max_players} players staying to the end use "
            f"{variant.cards_needed} of its {variant.deck.size} cards, burns included."
        )
    policy = variant.deck_exhaustion
    steps = []
    if policy.reshuffle_burns:
        steps.append("the burns are scrambled into the stub")
    if policy.reuse_folded:
        steps.append("folded cards may be shuffled in")
    if policy.community_card:
        card = "one card is dealt face up in the middle for every player"
        if policy.community_first_actor == "previous-street":
            card += " (the previous street's first actor acts first)"
        steps.append(card)
    if not steps:
        return "No policy is set for a deck that runs short."
    joined = steps[0] if len(steps) == 1 else ", then ".join(steps)
    return f"If the deck runs short, {joined}."


def rules_sentences(variant: Variant) -> list[tuple[str, str]]:
    """The rules as ``(topic, sentences)`` pairs, in the order a player needs them."""
    sentences = [
        ("Players", f"{variant.min_players} to {variant.max_players} players."),
        ("Deck", _deck_sentence(variant)),
        ("Forced bets", forced_bets_sentence(variant)),
        ("Deal", " ".join(_street_sentence(variant, street) for street in variant.streets)),
        ("Order of action", _action_sentence(variant)),
        ("Betting", _betting_sentences(variant) + _free_fold_words(variant)),
        ("Pots", _pots_sentence(variant)),
        ("Odd chips", _odd_chip_sentence(variant)),
        ("Showdown", _showdown_sentence(variant)),
        ("Deck runs out", _exhaustion_sentence(variant)),
    ]
    if variant.plugins:
        registry = registry_of(variant)
        said = " ".join(plugin_sentence(n, o, registry) for n, o in _plugins(variant))
        sentences.append(("Plugins", said))
    return sentences


def plugin_sentence(
    name: str, options: dict[str, Any], registry: PluginRegistry | None = None
) -> str:
    """``name (options): what it does.`` from its ``rules_sentence`` (found in ``registry``)."""
    words = _plugin_words(name, options)
    try:
        found = (registry if registry is not None else PluginRegistry()).find(name)
        describe = getattr(found.module, "rules_sentence", None)
        said = describe(options) if describe is not None else ""
    except Exception:  # a missing or broken plugin still lets the rest of the rules show
        said = ""
    if not isinstance(said, str) or not said.strip():
        return f"{words}: a rule beyond the data."
    return f"{words}: {said.strip()}"


def _plugins(variant: Variant) -> list[tuple[str, dict[str, Any]]]:
    return [(plugin.name, dict(plugin.options)) for plugin in variant.plugins]


def _plugin_words(name: str, options: dict[str, Any]) -> str:
    if not options:
        return name
    settings = ", ".join(f"{key}: {_option_value(value)}" for key, value in options.items())
    return f"{name} ({settings})"


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def show_text(variant: Variant, width: int = 88) -> str:
    """The whole ``studkit show`` text: title, description and the rules in sentences."""
    title = variant.title or variant.name
    lines = [f"{title} ({variant.name})"]
    if variant.aliases:
        lines.append(f"Also called: {', '.join(variant.aliases)}.")
    lines.append(f"Deal: {streets_pattern(variant)}    Pots: {pot_split(variant)}    "
                 f"Betting: {betting_summary(variant)}")
    if variant.description:
        lines += ["", *textwrap.wrap(variant.description, width)]
    for topic, text in rules_sentences(variant):
        lines.append("")
        lines += textwrap.wrap(f"{topic}. {text}", width, subsequent_indent="  ")
    return "\n".join(lines) + "\n"


_WILD_HOOKS = ("studkit_wild_ranks", "studkit_card_dealt")
"""Hooks through which a plugin can make cards wild during a hand."""


def _wild_plugins(variant: Variant) -> list[str]:
    """The variant's plugins that can name wild cards while a hand is played."""
    return _plugins_with(variant, _WILD_HOOKS)


def _plugins_with(variant: Variant, hooks: tuple[str, ...]) -> list[str]:
    """The variant's plugins that implement any of ``hooks``."""
    found = []
    for ref in variant.plugins:
        try:
            from studkit.hooks.host import PluginHost

            host = PluginHost([ref], house=False, registry=registry_of(variant))
        except Exception:  # a missing or broken plugin: nothing known about its wild cards
            continue
        if any(host.implements(hook) for hook in hooks):
            found.append(ref.name)
    return found


def _five_of_a_kind_applies(variant: Variant) -> bool:
    """Whether the game has wild cards and a high share, where five of a kind can count."""
    deck = variant.deck
    wild = bool(deck.wild_ranks or deck.jokers or _wild_plugins(variant))
    return wild and any(share.evaluator in ("high", "mexican-high") for share in variant.pots)
