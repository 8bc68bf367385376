"""Which studkit game and rules a hand history is played with, and the stakes it names.

A PHH code (``F7S``, ``F7S/8``, ``FR``) is played with the shipped variant it names, under
the rules the PHH data follows: those of PokerKit, the format's reference implementation
(no open-pair option, a cap of four bets or raises a street heads-up included, ties for
first to act by seat order, burned and folded cards reshuffled before a community card, which
does not change who acts first).
:func:`phh_rules` applies them. A hand of any other game, or one played under studkit's own
rules, names its variant in ``_studkit_variant`` and is played exactly as that variant says.
A card room's hand (``_studkit_room``, :mod:`studkit.history.rooms`) is played with the
shipped variant its code names, under the room's rules
(:func:`studkit.history.rooms.room_rules.room_rules`: the fourth-street open-pair option of
seven-card stud included).

Amounts may be fractional in a PHH file; the engine counts whole chips, so a history's
amounts are multiplied by the smallest power of ten that makes them all whole
(:func:`chip_scale`) and results are divided back.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal
from typing import Any

from studkit.errors import HistoryError, StudkitError
from studkit.history.actions import Amount
from studkit.history.compat import compat_rules
from studkit.history.hand_history import (
    PHH_CODES,
    STUDKIT_CODE,
    STUDKIT_STAKES_FIELD,
    STUDKIT_VARIANT_FIELD,
    HandHistory,
)
from studkit.history.rake import rake_of
from studkit.history.rooms.room_rules import room_rules
from studkit.hooks.registry import PluginRegistry
from studkit.variant.amounts import MAX_PLACES, amount_scale
from studkit.variant.model import AMOUNT_FIELDS, DeckExhaustion, Stakes, Variant

__all__ = [
    "phh_rules",
    "is_phh_rules",
    "rules_only",
    "load_variant_named",
    "history_variant",
    "code_for",
    "chip_scale",
    "MAX_SCALE_DIGITS",
]

MAX_SCALE_DIGITS = MAX_PLACES
"""Amounts may have at most this many decimal places (a millionth of a chip)."""

_PHH_DECK_EXHAUSTION = DeckExhaustion(
    community_card=True,
    reshuffle_burns=True,
    reuse_folded=True,
    community_first_actor="previous-street",
)


def phh_rules(variant: Variant) -> Variant:
    """``variant`` under the rules PHH histories are played by (PokerKit's), where studkit has
    a setting for them: no open-pair option, bet + 3 raises a street heads-up included (the
    completion is the opening bet), ties for first to act broken by seat, burned and folded
    cards reshuffled before a community card is dealt, and with a community card the first
    to act is who acted first on the street before (the community card does not count); a
    player short of the bring-in posts what they have (a partial bring-in stands).

    PokerKit's betting reading (a short all-in counts as a full raise; a partial bring-in is
    called as posted) is :func:`studkit.history.compat.compat_rules`, for ``--compat
    pokerkit``; its way of splitting pots is not copied (docs/hand-histories.md).
    """
    betting = replace(
        variant.betting,
        open_pair_street=None,
        max_raises=3,
        completion_is_raise=False,
        heads_up_uncapped="never",
    )
    order = replace(variant.action_order, tie_break="position")
    forced = variant.forced_bets
    if forced.bring_in is not None:  # a player short of the bring-in posts what they have
        forced = replace(forced, bring_in=replace(forced.bring_in, short_stack="partial"))
    return replace(
        variant,
        betting=betting,
        action_order=order,
        forced_bets=forced,
        deck_exhaustion=_PHH_DECK_EXHAUSTION,
    )


def rules_only(variant: Variant) -> Variant:
    """``variant`` without what is not a rule (its stakes, wording and file), for comparing."""
    return replace(
        variant, title="", description="", aliases=(), source=None, stakes=type(variant.stakes)()
    )


def is_phh_rules(variant: Variant, base: Variant) -> bool:
    """Whether ``variant`` is ``base`` under :func:`phh_rules` (stakes aside)."""
    return rules_only(variant) == rules_only(phh_rules(base))


@functools.lru_cache(maxsize=256)
def load_variant_named(name: str, registry: PluginRegistry | None = None) -> Variant:
    """A variant by built-in name, alias or path (:func:`studkit.variant.loader.load_variant`)
    with its plugins from ``registry``, cached by name and registry (registries compare by
    their directories): variants are immutable, and a replay of many files loads each game
    once."""
    from studkit.variant.loader import load_variant

    try:
        return load_variant(name, registry=registry)
    except StudkitError as error:
        raise HistoryError(f"variant {name!r}: {error}") from None


@functools.lru_cache(maxsize=64)
def _phh_variant(
    code: str,
    compat: str | None = None,
    registry: PluginRegistry | None = None,
    room: str | None = None,
) -> Variant:
    """The variant a PHH code is played with: under PHH rules, or a card room's (``room``)."""
    shipped = load_variant_named(PHH_CODES[code], registry)
    if room is not None:
        return room_rules(shipped, room)
    return compat_rules(phh_rules(shipped), compat)


def code_for(variant: Variant) -> tuple[str, str | None]:
    """The ``variant`` code to write for a hand of ``variant``, and the ``_studkit_variant``
    value (``None`` when the PHH code alone says it all: a PHH game under PHH rules)."""
    for code, name in PHH_CODES.items():
        if variant.name == name:
            if is_phh_rules(variant, load_variant_named(name)):
                return code, None
            return code, variant.name
    return STUDKIT_CODE, variant.name


def chip_scale(amounts: Iterable[Amount]) -> int:
    """The smallest power of ten that makes every amount whole (1 for whole chips): the
    variant files' :func:`~studkit.variant.amounts.amount_scale`, a
    :class:`~studkit.errors.HistoryError` beyond :data:`MAX_SCALE_DIGITS` places."""
    return amount_scale(amounts, HistoryError)


def _all_amounts(history: HandHistory) -> list[Amount]:
    out: list[Amount] = [*history.antes, *history.starting_stacks]
    out += [a for a in (history.bring_in, history.small_bet, history.big_bet) if a is not None]
    out += [a.amount for a in history.actions if a.amount is not None]
    out += list(history.finishing_stacks or ())
    out.append(rake_of(history.fields, history.label))
    stakes = history.fields.get(STUDKIT_STAKES_FIELD) or {}
    out += [v for v in stakes.values() if v is not None]
    return out


def scaled(amount: Amount, scale: int) -> int:
    """``amount`` in whole chips of ``1 / scale``."""
    return int(amount * scale)


def _beside(name: str, source: str | None) -> str:
    """A relative variant file path is looked for next to the history first."""
    if source is None or os.path.isabs(name) or not name.endswith((".yaml", ".yml")):
        return name
    candidate = os.path.join(os.path.dirname(source), name)
    return candidate if os.path.exists(candidate) else name


def history_variant(
    history: HandHistory, compat: str | None = None, registry: PluginRegistry | None = None
) -> tuple[Variant, Stakes, int]:
    """The variant to replay ``history`` with, the history's stakes and its chip scale.

    The variant is the shared (cached) object, so the engine compiles its rules once for
    every hand of the game at the same stakes. ``compat`` (``"pokerkit"``) changes the rules
    of a plain PHH hand (:mod:`studkit.history.compat`); a ``_studkit_variant`` hand keeps its
    variant's, and a ``_studkit_room`` hand its room's. The variant's plugins are found
    through ``registry`` (default: the built-ins and entry points).

    Raises :class:`HistoryError` when the stakes cannot be played (antes that differ by
    player, an unknown variant).
    """
    label = history.label
    name = history.studkit_variant
    if name is not None:
        try:
            variant = load_variant_named(_beside(name, history.source), registry)
        except HistoryError as error:
            raise HistoryError(f"{label}: field {STUDKIT_VARIANT_FIELD!r}: {error}") from None
    elif history.variant in PHH_CODES:
        room = history.studkit_room
        variant = _phh_variant(history.variant, None if room else compat, registry, room)
    else:
        raise HistoryError(f"{label}: variant {STUDKIT_CODE!r} needs {STUDKIT_VARIANT_FIELD!r}")
    if any(isinstance(s, Decimal) and not s.is_finite() for s in history.starting_stacks):
        raise HistoryError(
            f"{label}: field 'starting_stacks': a stack is unknown ('inf'); a replay needs "
            "every player's chips"
        )
    try:
        # in units fine enough for the history's amounts and the variant's own (its spread)
        scale = max(chip_scale(_all_amounts(history)), variant.stakes.scale)
    except HistoryError as error:
        raise HistoryError(f"{label}: {error}") from None
    antes = {scaled(a, scale) for a in history.antes}
    if len(antes) > 1:
        raise HistoryError(
            f"{label}: field 'antes': {list(history.antes)} differ by player; studkit antes "
            "are the same for every player"
        )
    stakes: dict[str, Any] = {"ante": antes.pop()}
    for field_name, stake in (
        ("bring_in", "bring_in"),
        ("small_bet", "small_bet"),
        ("big_bet", "big_bet"),
    ):
        value = getattr(history, field_name)
        if value is not None:
            stakes[stake] = scaled(value, scale)
    extra = history.fields.get(STUDKIT_STAKES_FIELD) or {}
    known = set(AMOUNT_FIELDS)
    for key, value in extra.items():
        if key not in known:
            raise HistoryError(
                f"{label}: field {STUDKIT_STAKES_FIELD!r}: unknown stake {key!r}; expected one "
                f"of {', '.join(sorted(known))}"
            )
        stakes[key] = scaled(value, scale)
    try:
        amounts = replace(variant.stakes.at_scale(scale), **stakes)
    except (StudkitError, TypeError) as error:
        raise HistoryError(f"{label}: stakes: {error}") from None
    # The same amounts --stakes would refuse: a bring-in of 20 "completed" to 5 is no game.
    from studkit.variant.file_data import variant_to_data
    from studkit.variant.semantics import stakes_problems

    problems = stakes_problems(variant_to_data(replace(variant, stakes=amounts)))
    if problems:
        given = ", ".join(
            f"{field} = {getattr(history, field)}" for field in ("bring_in", "small_bet", "big_bet")
            if getattr(history, field) is not None
        )
        reasons = "; ".join(problem.message for problem in problems)
        raise HistoryError(f"{label}: fields {given}: {reasons}")
    return variant, amounts, scale
