"""A hand played by the engine, as a PHH hand history (from its event log).

Seats are renumbered so that ``p1`` sits at the dealer's left, as PHH wants; each street's
cards are one ``d dh`` action per player (as PokerKit writes them), with the street's name as
a TOML comment. Burned cards are not written (PHH does not record them), community cards are
``d db``. A game PHH has a code for, played under PHH's rules, is written as plain PHH that
PokerKit reads; any other game or rule set carries ``_studkit_variant`` (and
``_studkit_stakes`` for stakes PHH has no field for).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from studkit.cards import Card
from studkit.engine.decisions import BETTING_VERBS, DecisionKind
from studkit.engine.events import (
    ActionEvent,
    AwardEvent,
    CommunityEvent,
    DealEvent,
    MuckEvent,
    ShowEvent,
    StreetEvent,
    kind_of,
)
from studkit.engine.hand import Hand
from studkit.errors import HistoryError
from studkit.history.actions import Action, Amount
from studkit.history.hand_history import (
    PHH_CODES,
    STUDKIT_CODE,
    STUDKIT_STAKES_FIELD,
    STUDKIT_VARIANT_FIELD,
    HandHistory,
)
from studkit.history.phh import dumps
from studkit.history.rules import is_phh_rules, load_variant_named, rules_only
from studkit.hooks.registry import registry_of
from studkit.variant.amounts import from_units
from studkit.variant.loader import builtin_directory
from studkit.variant.model import Variant

__all__ = ["record_hand", "from_hand", "write_history"]

_PER_PLAYER = ("players", "seats", "time_banks")
_EXTRA_STAKES = ("spread_min", "spread_max", "last_round_max", "small_blind", "big_blind")
_IDENTITY = ("history", "identity")
"""The key of a variant's history identity in ``variant.memo``."""


def _identify(variant: Variant) -> tuple[str, str | None]:
    """The ``variant`` code and ``_studkit_variant`` value that bring ``variant`` back."""
    found: tuple[str, str | None] | None = variant.memo.get(_IDENTITY)
    if found is None:
        found = variant.memo[_IDENTITY] = _identify_uncached(variant)
    return found


def _identify_uncached(variant: Variant) -> tuple[str, str | None]:
    name = variant.name
    code = next((c for c, n in PHH_CODES.items() if n == name), STUDKIT_CODE)
    shipped = None
    registry = registry_of(variant)  # the plugins it was loaded with, to load it again
    try:
        shipped = load_variant_named(name, registry)
    except HistoryError:
        pass
    if shipped is not None and code != STUDKIT_CODE and is_phh_rules(variant, shipped):
        return code, None
    if shipped is not None and rules_only(shipped) == rules_only(variant):
        return code, name
    source = variant.source
    if source and not Path(source).resolve().is_relative_to(builtin_directory().resolve()):
        try:
            from_file = load_variant_named(source, registry)
        except HistoryError:
            from_file = None
        if from_file is not None and rules_only(from_file) == rules_only(variant):
            return code, os.path.abspath(source)
    raise HistoryError(
        f"cannot write a hand of variant {name!r}: its rules are not those of a variant studkit "
        "can load by name or file, so a reader could not replay it (save it as a variant file "
        "and play that)"
    )


def _phh_seat(seat: int, hand: Hand) -> int:
    """PHH numbers players from the dealer's left."""
    return (seat - hand.button - 1) % hand.n


def _decision(kind: DecisionKind, event: Any, player: int, scale: int) -> Action:
    """A plugin decision's event as a history action: the kind's verb and argument (an amount
    as the player writes it, from the table's units)."""
    value = kind.chosen(event)
    argument = kind.phh_argument
    if argument == "amount":
        return Action(kind.name, player=player, amount=from_units(value, scale))
    if argument == "card":
        return Action(kind.name, player=player, cards=(value,))
    if argument == "word":
        return Action(kind.name, player=player, choice=str(value))
    return Action(kind.name, player=player)


def record_hand(hand: Hand, fields: Mapping[str, Any] | None = None) -> HandHistory:
    """The :class:`HandHistory` of ``hand`` (played or in progress), plus optional ``fields``
    (``players``, ``event``, ``hand``...) written after the required ones. Per-player fields
    (``players``, ``seats``, ``time_banks``) are given in the engine's seat order.

    The hand counts in the table's units; the history writes the player's amounts (a $0.25
    ante as ``0.25``: PHH takes decimal amounts), every one through :func:`amount` below."""
    code, studkit_name = _identify(hand.variant)
    stakes = hand.rules.stakes

    def amount(units: int) -> Amount:
        return from_units(units, stakes.scale)

    n = hand.n
    order = sorted(range(n), key=lambda s: _phh_seat(s, hand))
    actions: list[Action] = []
    notes: dict[int, str] = {}
    pending: dict[int, list[Card | None]] = {}
    winnings = [0] * n
    kinds = hand.decision_kinds if hand.rules.plugins is not None else None

    def flush() -> None:
        for seat, cards in pending.items():
            actions.append(Action("dh", player=_phh_seat(seat, hand), cards=tuple(cards)))
        pending.clear()

    turned_up: dict[int, int] = {}  # seat: how many cards it held when shown

    def show_again() -> None:
        """PHH (as PokerKit writes it) shows an all-in hand again at the showdown with the
        cards dealt after it was turned up; the engine shows each hand once."""
        for seat, count in turned_up.items():
            if len(hand.cards[seat]) > count and not hand.folded[seat]:
                actions.append(
                    Action("sm", player=_phh_seat(seat, hand), cards=tuple(hand.cards[seat])))
        turned_up.clear()

    for event in hand.events:
        if isinstance(event, DealEvent):
            pending.setdefault(event.seat, []).append(event.card)
            continue
        flush()
        if isinstance(event, AwardEvent) and hand.exposed:
            show_again()
        if isinstance(event, StreetEvent):
            name = event.name
            notes[len(actions)] = f"{name} street" if "street" not in name else name
        elif isinstance(event, CommunityEvent):
            actions.append(Action("db", cards=(event.card,)))
        elif isinstance(event, ActionEvent):
            verb = BETTING_VERBS[event.kind].phh_verb
            to = amount(event.to) if verb == "cbr" else None
            actions.append(Action(verb, player=_phh_seat(event.seat, hand), amount=to))
        elif isinstance(event, ShowEvent):
            actions.append(Action("sm", player=_phh_seat(event.seat, hand), cards=event.cards))
            turned_up[event.seat] = len(event.cards)
        elif isinstance(event, MuckEvent):
            actions.append(Action("sm", player=_phh_seat(event.seat, hand)))
        elif kinds is not None and kind_of(event) in kinds.by_name:
            seat: int = getattr(event, "seat")  # noqa: B009 - every plugin decision has one
            actions.append(_decision(kinds.by_name[kind_of(event)], event, _phh_seat(seat, hand),
                                     stakes.scale))
        elif isinstance(event, AwardEvent):
            winnings[event.seat] += event.amount
    flush()

    ante = hand.rules.ante
    extra: dict[str, Any] = {}
    if studkit_name is not None:
        extra[STUDKIT_VARIANT_FIELD] = studkit_name
    more: dict[str, Amount] = {
        k: amount(getattr(stakes, k)) for k in _EXTRA_STAKES if getattr(stakes, k) is not None
    }
    if more:
        extra[STUDKIT_STAKES_FIELD] = more
    if hand.is_over:
        extra["finishing_stacks"] = [amount(hand.stacks[s]) for s in order]
        extra["winnings"] = [amount(winnings[s]) for s in order]
    for key, value in (fields or {}).items():
        if key in _PER_PLAYER and isinstance(value, list | tuple) and len(value) == n:
            value = [value[s] for s in order]  # given by engine seat: renumber as PHH does
        extra[key] = value
    return HandHistory(
        variant=code,
        antes=(amount(ante),) * n,
        starting_stacks=tuple(amount(hand.starting_stacks[s]) for s in order),
        actions=tuple(actions),
        bring_in=amount(stakes.bring_in) or None,
        small_bet=amount(stakes.small_bet) or None,
        big_bet=amount(stakes.big_bet) or None,
        ante_trimming_status=True,
        fields=MappingProxyType(extra),
        notes=notes,
    )


def _as_history(hand: Any, fields: Mapping[str, Any] | None) -> HandHistory:
    if isinstance(hand, HandHistory):
        return hand
    if isinstance(hand, Hand):
        return record_hand(hand, fields)
    raise HistoryError(f"cannot write {type(hand).__name__} as a hand history")


def from_hand(hand: Any, fields: Mapping[str, Any] | None = None) -> str:
    """The PHH text of a hand played by the engine (a :class:`~studkit.engine.hand.Hand`),
    from its event log; ``fields`` adds optional ones such as ``players`` or ``event``."""
    return dumps(record_hand(hand, fields))


def write_history(
    hands: Iterable[Any],
    path: str | os.PathLike[str],
    *,
    fields: Mapping[str, Any] | None = None,
) -> int:
    """Write hands (engine :class:`~studkit.engine.hand.Hand` objects, or
    :class:`HandHistory` objects) to ``path``.

    A directory (existing, or a path ending in ``/``) gets one ``hand-000001.phh`` file per
    hand; a ``.phh`` path given exactly one hand gets a plain PHH file; anything else is one
    PHHS file with a table per hand. Hands are written as they come (a generator of millions
    is fine). ``fields`` adds optional fields to every engine hand (``event``, ``players`` in
    the engine's seat order...). Returns how many hands were written.
    """
    name = os.fspath(path)
    try:
        if os.path.isdir(name) or name.endswith(("/", os.sep)):
            os.makedirs(name, exist_ok=True)
            count = 0
            for count, hand in enumerate(hands, 1):
                Path(name, f"hand-{count:06d}.phh").write_text(
                    dumps(_as_history(hand, fields)), "utf-8"
                )
            return count
        iterator = iter(hands)
        first = next(iterator, None)
        second = next(iterator, None)
        with open(name, "w", encoding="utf-8") as out:
            if first is None:
                return 0
            if second is None and name.endswith(".phh"):
                out.write(dumps(_as_history(first, fields)))
                return 1
            count = 0
            for count, hand in enumerate(_chain(first, second, iterator), 1):
                out.write(
                    ("\n" if count > 1 else "") + f"[{count}]\n" + dumps(_as_history(hand, fields))
                )
            return count
    except OSError as error:
        raise HistoryError(f"{name}: cannot write: {error.strerror or error}") from None


def _chain(first: Any, second: Any, rest: Iterator[Any]) -> Iterator[Any]:
    yield first
    if second is not None:
        yield second
    yield from rest
