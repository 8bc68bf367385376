"""Which card to throw away and which to show: the shipped bots' sense for card decisions.

A decision kind that asks a player for one of their cards (a discard, a flip) advises the
rule-based bots through :meth:`~studkit.engine.decisions.DecisionKind.bot_choice`, using the
two rules here; each reads only the seat's view of the hand:

* :func:`keep_best`: throw away the card whose loss leaves the best hand for the game's pot
  shares (the strength score of :mod:`studkit.bots.strength`, against the opponents' boards
  and with the cards still to come);
* :func:`show_least`: turn up the card that makes the seat's board look weakest to the others
  (the same score, of the up cards alone), so the strength stays hidden: a pair in the hole
  stays in the hole.

Both are defined once, in C (``studkit/bots/card_sense.c``): these call it with the view's
cards, and the batch kernel calls it itself, so both engines' bots make the same choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studkit.bots import _decide
from studkit.bots.strength import style_rows
from studkit.engine.actions import Action
from studkit.variant.model import Variant

__all__ = ["keep_best", "show_least", "least_shown", "keeps_hole", "traded", "TRADE_GAIN",
           "cards_to_come",
           "discards_pending"]


def cards_to_come(view: Any, variant: Variant) -> int:
    """The cards the seat is still to be dealt if it stays to the end."""
    names = [street.name for street in variant.streets]
    index = names.index(view.street) if view.street in names else 0
    started = any(getattr(e, "kind", "") == "street" for e in view.events)
    later = variant.streets[index + 1 if started else index:]
    return sum(len(street.cards) for street in later)


def discards_pending(view: Any, variant: Variant) -> bool:
    """Whether a discard is still to come in this betting round's hand (equity is then not
    defined: who wins depends on the cards players will keep)."""
    names = [street.name for street in variant.streets]
    if view.street not in names:
        return False
    index = names.index(view.street)
    here = variant.streets[index].discard
    return (here is not None and here.when == "after-betting") or any(
        street.discard is not None for street in variant.streets[index + 1:]
    )


def _opponents(view: Any) -> list[tuple[int, ...]]:
    return [tuple(up) for s, up in enumerate(view.up_cards)
            if s != view.seat and not view.folded[s]]


def keep_best(view: Any, actions: Sequence[Action], variant: Variant) -> Action | None:
    """Of ``actions`` (each naming a card), the one throwing away the card whose loss leaves
    the best hand. Cards already chosen in this decision (held but no longer offered, while
    a simultaneous choice waits) count as gone."""
    offered = [a for a in actions if a.amount is not None]
    if not offered:
        return None
    opponents = _opponents(view)
    width = max((len(up) for up in opponents), default=0)
    flat = [c for up in opponents for c in (*up, *[0] * (width - len(up)))]
    index = _decide.keep_best(
        view.down_cards, view.up_cards[view.seat], [int(a.amount or 0) for a in offered], flat,
        width, [len(up) for up in opponents], cards_to_come(view, variant),
        variant.max_cards_per_player, style_rows([share.evaluator for share in variant.pots]),
    )
    return offered[index] if index >= 0 else None


def show_least(view: Any, actions: Sequence[Action], variant: Variant) -> Action | None:
    """Of ``actions``, one that shows nothing (declining, if offered), else the one turning
    up the card that leaves the weakest-looking board."""
    decline = next((action for action in actions if action.amount is None), None)
    shown = [action for action in actions if action.amount is not None]
    index = least_shown(view.up_cards[view.seat], [int(a.amount or 0) for a in shown], (),
                        [share.evaluator for share in variant.pots], decline is not None)
    return decline if index < 0 else shown[index]


TRADE_GAIN: float = _decide.TWIST_GAIN
"""The bots trade a card for the next one only when the hand's score (0-1) gains this much."""


def traded(cards: Sequence[int], offered: Sequence[int], opponents: Sequence[Sequence[int]],
           to_come: int, evaluators: Sequence[str]) -> int:
    """The index in ``offered`` of the card of ``cards`` to trade for the next one: the one
    whose loss leaves the best score with one more card to come, if it beats keeping
    ``cards`` by :data:`TRADE_GAIN`; -1 to keep them (``studkit/bots/card_sense.c``, the
    batch kernel's bots' choice too)."""
    width = max((len(board) for board in opponents), default=0)
    flat = [int(c) for board in opponents for c in (*board, *[0] * (width - len(board)))]
    return _decide.twist_choice(
        [int(c) for c in cards], [int(c) for c in offered], flat, width,
        [len(board) for board in opponents], to_come, style_rows(evaluators),
    )


def least_shown(up: Sequence[int], offered: Sequence[int], opponents: Sequence[Sequence[int]],
                evaluators: Sequence[str], may_keep: bool = False) -> int:
    """The index in ``offered`` of the card whose turning up leaves ``up`` the weakest board
    (scored against the ``opponents``' boards; none: alone), or -1 where ``may_keep``."""
    width = max((len(board) for board in opponents), default=0)
    flat = [int(c) for board in opponents for c in (*board, *[0] * (width - len(board)))]
    return _decide.show_least(
        [int(c) for c in up], [int(c) for c in offered], may_keep, flat, width,
        [len(board) for board in opponents], style_rows(evaluators),
    )


def keeps_hole(hole: int, up: Sequence[int]) -> bool:
    """Choose-before with one card in the hole: whether to keep ``hole`` down rather than show
    it for a new hidden card (a joker, a card pairing an ``up`` card or outranking them all
    stays hidden; the batch kernel's bots' choice too).

    >>> from studkit.cards import parse_card as c
    >>> keeps_hole(int(c("Kd")), [int(c("9s")), int(c("Kh"))])
    True
    >>> keeps_hole(int(c("4d")), [int(c("9s"))])
    False
    """
    return bool(_decide.keeps_hole(int(hole), [int(card) for card in up]))
