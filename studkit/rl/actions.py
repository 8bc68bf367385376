"""The fixed action encoding: every decision of a variant as an id in ``range(size)``.

An :class:`ActionEncoding` is built once per variant (and stakes). Its ids, in order:

========  ==========================================================================
id        meaning
========  ==========================================================================
0         fold (facing a bet, or refusing a plugin's *pay or fold*)
1         check or call (whichever is legal)
2         post the bring-in
3         complete, bet or raise: fixed limit's one total; in spread, pot and no
          limit the smallest legal total
4         (spread, pot, no limit) complete, bet or raise to call + 1/2 pot
5         (spread, pot, no limit) complete, bet or raise to call + the pot
6         (spread, pot, no limit) complete, bet or raise to the largest legal total
          (all in, or the structure's cap)
then      the plugin decisions, each registered decision kind in turn: one id per
          card of the deck for a kind whose argument is a card, one per word a
          prefixed kind's ``choices(variant)`` lists, one for any other kind
========  ==========================================================================

A sized bet is clipped into the legal range, so two ids may name the same total (the
minimum and 1/2 pot early in a hand): both are legal and do the same thing. A plugin
decision's ids come from the kinds the variant's plugins register (:func:`decision_kinds`).
At every step :meth:`ActionEncoding.mask` marks the ids legal now, read from
:meth:`Hand.legal_actions() <studkit.engine.hand.Hand.legal_actions>`.

>>> from studkit.variant.loader import load_variant
>>> encoding = ActionEncoding(load_variant("seven-card-stud"))
>>> encoding.size, encoding.names[:4]
(4, ('fold', 'check/call', 'bring-in', 'bet/raise'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from studkit.cards import Card
from studkit.engine.actions import AGGRESSIVE_KINDS, BRING_IN, CALL, CHECK, FOLD, Action
from studkit.engine.decisions import decision_kinds as registered_kinds
from studkit.engine.rules import compile_rules
from studkit.errors import IllegalActionError
from studkit.variant.model import Stakes, Variant

if TYPE_CHECKING:
    from studkit.engine.hand import Hand

__all__ = [
    "ActionEncoding",
    "EncodedKind",
    "decision_kinds",
    "FOLD_ID",
    "CHECK_CALL_ID",
    "BRING_IN_ID",
    "RAISE_ID",
    "BET_SIZES",
]

FOLD_ID: Final = 0
CHECK_CALL_ID: Final = 1
BRING_IN_ID: Final = 2
RAISE_ID: Final = 3
"""Fixed limit's complete/bet/raise; elsewhere the smallest legal total."""

BET_SIZES: Final[tuple[tuple[str, float | None], ...]] = (
    ("min", None), ("1/2 pot", 0.5), ("pot", 1.0), ("max", None),
)
"""Spread, pot and no limit: the aggressive sizes (ids 3 to 6), as fractions of the pot
added after calling (``None``: the smallest or the largest legal total)."""

CARD_OPTIONS: Final = "card"
"""A decision kind whose option is one of the deck's cards (``action.amount``)."""


@dataclass(frozen=True, slots=True)
class EncodedKind:
    """A decision kind as the encoding gives it ids: ``kind`` is the action kind (a
    prefixed kind's choice is one, ``<name>-<word>``); ``options`` is ``None`` (one id) or
    :data:`CARD_OPTIONS` (one id per deck card)."""

    kind: str
    options: str | None = None


def decision_kinds(variant: Variant) -> tuple[EncodedKind, ...]:
    """The plugin decision kinds ``variant``'s plugins register
    (:func:`studkit.engine.decisions.decision_kinds`), as the encoding gives them ids, in
    registration order: a kind whose argument is a card gets one id per card; a prefixed
    kind one id per word it may offer (:meth:`~studkit.engine.decisions.DecisionKind.choices`);
    any other kind one id."""
    out: list[EncodedKind] = []
    for kind in registered_kinds(variant):
        if kind.prefixed:
            out.extend(EncodedKind(kind.action_kind(word)) for word in kind.choices(variant))
        elif kind.phh_argument == CARD_OPTIONS:
            out.append(EncodedKind(kind.name, CARD_OPTIONS))
        else:
            out.append(EncodedKind(kind.name))
    return tuple(out)


class ActionEncoding:
    """The fixed ``Discrete(size)`` action space of one variant: ids, names, mask, decode."""

    def __init__(self, variant: Variant, stakes: Stakes | None = None) -> None:
        rules = compile_rules(variant, stakes)
        self.variant = variant
        self.fixed_limit = variant.betting.structure == "fixed-limit"
        """Whether betting has one aggressive id (fixed limit) or four sizes."""
        self.big_bet = rules.stakes.big_bet
        """The big bet in chips: the unit of rewards and of the observation's chip fields."""
        self.deck: tuple[Card, ...] = tuple(rules.deck)
        """The variant's cards in deck order: card options and card planes use it."""
        self.card_position: dict[int, int] = {int(c): i for i, c in enumerate(self.deck)}
        names = ["fold", "check/call", "bring-in"]
        if self.fixed_limit:
            names.append("bet/raise")
        else:
            names.extend(f"bet/raise {label}" for label, _ in BET_SIZES)
        self.betting_size = len(names)
        """Ids below this are betting decisions."""
        self.kinds = decision_kinds(variant)
        self._plain: dict[str, int] = {}
        self._cards: dict[str, int] = {}
        self._id_action: list[Action | None] = [None] * len(names)
        for kind in self.kinds:
            if kind.options == CARD_OPTIONS:
                self._cards[kind.kind] = len(names)
                for card in self.deck:
                    names.append(f"{kind.kind} {card}")
                    self._id_action.append(Action(kind.kind, int(card)))
            else:
                self._plain[kind.kind] = len(names)
                names.append(kind.kind)
                self._id_action.append(None)
        self.names: tuple[str, ...] = tuple(names)
        """Each id's name, e.g. ``fold``, ``bet/raise pot``, ``expose As``."""
        self.size = len(names)
        """How many ids there are: the ``Discrete`` space's size."""

    # -- the legal ids
    def legal_ids(self, hand: Hand) -> list[int]:
        """The ids legal now for the player to act (sorted; empty when nobody is to act)."""
        out: set[int] = set()
        for action in hand.legal_actions():
            out.update(self._ids_of(action))
        return sorted(out)

    def mask(self, hand: Hand) -> npt.NDArray[np.int8]:
        """A 0/1 ``int8`` vector of :attr:`size`: 1 where the id is legal now."""
        mask = np.zeros(self.size, dtype=np.int8)
        for action in hand.legal_actions():
            for i in self._ids_of(action):
                mask[i] = 1
        return mask

    def _ids_of(self, action: Action) -> Sequence[int]:
        kind = action.kind
        if kind == FOLD:
            return (FOLD_ID,)
        if kind == CHECK or kind == CALL:
            return (CHECK_CALL_ID,)
        if kind == BRING_IN:
            return (BRING_IN_ID,)
        if kind in AGGRESSIVE_KINDS:
            return (RAISE_ID,) if self.fixed_limit else range(RAISE_ID, RAISE_ID + 4)
        start = self._cards.get(kind)
        if start is not None:
            position = self.card_position.get(int(action.amount or 0))
            if position is not None:
                return (start + position,)
        elif kind in self._plain:
            return (self._plain[kind],)
        raise IllegalActionError(
            f"the action encoding of {self.variant.name} has no id for {kind!r} "
            f"(its decision ids: {', '.join(self.names[self.betting_size:]) or 'none'})"
        )

    # -- from an id to the engine's action
    def decode(self, hand: Hand, action_id: object) -> Action:
        """The :class:`~studkit.engine.actions.Action` that ``action_id`` takes now; raises
        :class:`~studkit.errors.IllegalActionError` naming the legal ids if it is not legal."""
        if isinstance(action_id, (bool, np.bool_)) or not isinstance(
            action_id, (int, np.integer)
        ):
            raise IllegalActionError(
                f"action {action_id!r} is not an action id: give an int in 0..{self.size - 1}"
            )
        index = int(action_id)
        legal = hand.legal_actions()
        if 0 <= index < self.size:
            chosen = self._match(hand, index, legal)
            if chosen is not None:
                return chosen
        raise self.illegal(hand, action_id)

    def illegal(self, hand: Hand, action_id: object) -> IllegalActionError:
        """The error for an id that is not legal now, naming the legal ones."""
        if hand.is_over:
            return IllegalActionError(f"action {action_id!r}: the hand is over")
        if not 0 <= int(action_id) < self.size:  # type: ignore[call-overload]
            what = f"action {action_id!r} is out of range: ids are 0..{self.size - 1}"
        else:
            what = f"action {action_id!r} ({self.names[int(action_id)]}) is not legal now"  # type: ignore[call-overload]
        legal = ", ".join(f"{i} ({self.names[i]})" for i in self.legal_ids(hand))
        return IllegalActionError(f"{what}: legal are {legal or 'none (nobody is to act)'}")

    def _match(self, hand: Hand, index: int, legal: Sequence[Action]) -> Action | None:
        if index == FOLD_ID:
            return next((a for a in legal if a.kind == FOLD), None)
        if index == CHECK_CALL_ID:
            return next((a for a in legal if a.kind == CHECK or a.kind == CALL), None)
        if index == BRING_IN_ID:
            return next((a for a in legal if a.kind == BRING_IN), None)
        if index < self.betting_size:
            ranges = [a for a in legal if a.kind in AGGRESSIVE_KINDS]
            if not ranges:
                return None
            return ranges[0].to(self._total(hand, index, ranges))
        wanted = self._id_action[index]
        if wanted is not None:  # a card option
            return next(
                (a for a in legal if a.kind == wanted.kind and a.amount == wanted.amount), None
            )
        name = self.names[index]
        return next((a for a in legal if a.kind == name), None)

    def _total(self, hand: Hand, index: int, ranges: Sequence[Action]) -> int:
        """The total bet the aggressive id ``index`` makes, inside the legal ranges."""
        spans = [(_lo(a), _hi(a)) for a in ranges]
        lowest, highest = spans[0][0], spans[-1][1]
        if self.fixed_limit or index == RAISE_ID:
            return lowest
        label, fraction = BET_SIZES[index - RAISE_ID]
        if fraction is None:
            return highest
        seat = hand.actor if hand.actor is not None else 0
        my_bet = hand.bets[seat]
        owed = max(0, max(hand.bets) - my_bet)
        target = my_bet + owed + round(fraction * (hand.pot + owed))
        best = lowest
        for lo, hi in spans:  # the legal total nearest the target
            near = min(max(target, lo), hi)
            if abs(near - target) < abs(best - target):
                best = near
        return best

    def id_of(self, hand: Hand, action: Action) -> int:
        """The id that takes ``action`` now (the first id naming that total for a bet)."""
        for i in self.legal_ids(hand):
            chosen = self.decode(hand, i)
            if chosen.kind == action.kind and (
                action.amount is None or chosen.amount == action.amount
            ):
                return i
        raise IllegalActionError(f"{action} has no legal action id now")

    def card_of(self, action_id: int) -> Card | None:
        """The card a card-option id names (``expose As`` -> As), else ``None``."""
        wanted = self._id_action[action_id] if 0 <= action_id < self.size else None
        return None if wanted is None else self.deck[self.card_position[int(wanted.amount or 0)]]

    def with_card(self, action_id: int, card: int) -> int:
        """The id of the same card-option kind as ``action_id`` naming ``card``."""
        wanted = self._id_action[action_id]
        if wanted is None:
            raise IllegalActionError(f"action {action_id} ({self.names[action_id]}) names no card")
        return self._cards[wanted.kind] + self.card_position[int(card)]

    def describe(self, action_id: int) -> str:
        """The name of an id (``fold``, ``expose As``)."""
        if not 0 <= action_id < self.size:
            raise IllegalActionError(
                f"action {action_id} is out of range: ids are 0..{self.size - 1}"
            )
        return self.names[action_id]


def _lo(action: Action) -> int:
    value = action.min if action.min is not None else action.amount
    return int(value or 0)


def _hi(action: Action) -> int:
    value = action.max if action.max is not None else action.amount
    return int(value or 0)


