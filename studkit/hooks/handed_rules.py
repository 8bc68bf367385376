"""The rules a variant's plugins hand compiled code as data
(:func:`~studkit.hooks.specs.studkit_kernel_rule`, records of :mod:`studkit.hooks.kernel_rules`),
gathered from the variant's plugin host, and the readers that take each kind of record from
them (the batch kernel's setup, :mod:`studkit.kernel.plan`, reads them through these)."""

from __future__ import annotations

from typing import Final

from studkit.errors import PluginError
from studkit.hooks.host import host_for
from studkit.hooks.kernel_rules import (
    ChoiceExposure,
    DeclarationRule,
    DownCardShare,
    FollowedWildRule,
    HoleWildRule,
    KernelRule,
    SplitRule,
    TradeRule,
    UpCardRule,
)
from studkit.variant.card_choices import CARD_CHOICE_PLUGINS
from studkit.variant.model import Variant

__all__ = ["plugin_rules", "Given", "declaration", "exposure", "up_rules", "down_shares",
           "trade", "split", "split_parts", "changing_wild", "share_rankings",
           "down_share_strengths", "CARD_CHOICES"]

Given = dict[str, tuple[KernelRule, ...] | None]
"""Each plugin acting in a variant, with the rules it hands compiled code (``None``: none)."""

CARD_CHOICES: Final = frozenset(plugin for _, plugin in CARD_CHOICE_PLUGINS)
"""The shipped plugins of the streets' ``discard`` and ``flip``: compiled code plays their
rules from the street data (``studkit/core/card_choices.c``), named under ``plugins:`` or
not."""


def plugin_rules(variant: Variant) -> Given:
    """Each plugin acting in the variant, with the rules it hands the kernel as data
    (:func:`~studkit.hooks.specs.studkit_kernel_rule`), or ``None``; the streets' flip and
    discard, whose rules the core reads from the street data, left out."""
    host = host_for(variant)
    if host is None:
        return {}
    given: Given = {
        name: None for name in host.plugin_names if name not in CARD_CHOICES
    }
    for name, rule in host.call_each("studkit_kernel_rule", variant=variant).items():
        if name not in given or rule is None:
            continue
        rules = tuple(rule) if isinstance(rule, list | tuple) else (rule,)
        wrong = [r for r in rules if not isinstance(r, KernelRule)]
        if wrong:
            raise PluginError(
                f"plugin {name!r}: studkit_kernel_rule returned {wrong[0]!r}, not a "
                "studkit.hooks.kernel_rules record (DeclarationRule, DownCardShare, "
                "ChoiceExposure, UpCardRule, TradeRule, FollowedWildRule, HoleWildRule, "
                "SplitRule, InVariantData)"
            )
        given[name] = rules
    return given


def declaration(given: Given) -> DeclarationRule | None:
    return next((rule for rules in given.values() for rule in rules or ()
                 if isinstance(rule, DeclarationRule)), None)


def exposure(given: Given) -> ChoiceExposure | None:
    return next((rule for rules in given.values() for rule in rules or ()
                 if isinstance(rule, ChoiceExposure)), None)


def up_rules(given: Given) -> list[UpCardRule]:
    return [rule for rules in given.values() for rule in rules or ()
            if isinstance(rule, UpCardRule)]


def down_shares(given: Given) -> dict[int, DownCardShare]:
    return {rule.share: rule for rules in given.values() for rule in rules or ()
            if isinstance(rule, DownCardShare)}


def trade(given: Given) -> TradeRule | None:
    return next((rule for rules in given.values() for rule in rules or ()
                 if isinstance(rule, TradeRule)), None)


def split(given: Given) -> SplitRule | None:
    return next((rule for rules in given.values() for rule in rules or ()
                 if isinstance(rule, SplitRule)), None)


def split_parts(variant: Variant, split: SplitRule | None) -> list[int]:
    """Each pot share's hand of a split (game.h's SK_SPLIT_*_HAND: 0 none, 1 big, 2 small)."""
    if split is None:
        return [0] * len(variant.pots)
    return [1 if index in split.big_shares else 2 if index in split.small_shares else 0
            for index in range(len(variant.pots))]


def share_rankings(variant: Variant) -> list[str]:
    """The evaluator the kernel ranks each pot share with: the share's own, or for a hand of
    a plugin's split, the split's evaluator of that hand."""
    rule = split(plugin_rules(variant))
    parts = split_parts(variant, rule)
    return [share.evaluator if part == 0 or rule is None
            else rule.big_evaluator if part == 1 else rule.small_evaluator
            for share, part in zip(variant.pots, parts, strict=True)]

def changing_wild(
    given: Given
) -> list[FollowedWildRule | HoleWildRule]:
    return [rule for rules in given.values() for rule in rules or ()
            if isinstance(rule, FollowedWildRule | HoleWildRule)]

def down_share_strengths(variant: Variant) -> dict[int, list[int]]:
    """The strengths each pot share a plugin ranks by down cards can score, sorted, by share
    (the kernel's winning-strength counts index them)."""
    return {index: sorted({v for v in rule.values if v > 0})
            for index, rule in down_shares(plugin_rules(variant)).items()}
