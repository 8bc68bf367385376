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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studkit.bots.strength import strength_score
from studkit.engine.actions import Action
from studkit.variant.model import Variant

__all__ = ["keep_best", "show_least", "cards_to_come", "discards_pending"]


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


def _held(view: Any) -> list[int]:
    return [*view.down_cards, *view.up_cards[view.seat]]


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
    cards = [int(a.amount or 0) for a in offered]
    held = _held(view)
    gone = {c for c in view.down_cards if c not in cards}  # chosen already, not yet removed
    kept = [c for c in held if c not in gone]
    opponents = _opponents(view)
    evaluators = [share.evaluator for share in variant.pots]
    to_come = cards_to_come(view, variant)
    final = variant.max_cards_per_player
    best: Action | None = None
    best_score = -1.0
    for action, card in zip(offered, cards, strict=True):
        rest = [c for c in kept if c != card]
        come = max(0, min(to_come, final - len(rest)))
        score = strength_score(rest, opponents, come, evaluators)
        if score > best_score:
            best, best_score = action, score
    return best


def show_least(view: Any, actions: Sequence[Action], variant: Variant) -> Action | None:
    """Of ``actions``, one that shows nothing (declining, if offered), else the one turning
    up the card that leaves the weakest-looking board."""
    for action in actions:
        if action.amount is None:
            return action
    up = list(view.up_cards[view.seat])
    evaluators = [share.evaluator for share in variant.pots]
    best: Action | None = None
    best_score = 2.0
    for action in actions:
        score = strength_score([*up, int(action.amount or 0)], (), 0, evaluators)
        if score < best_score:
            best, best_score = action, score
    return best
