"""High-low declare: before the showdown each player declares high, low or both (swing).

A player competes only for the pot shares they declared: ``high`` for the high share, ``low``
for the low share, ``swing`` for all of them. A swing must win every share (beat every other
hand competing for it) or wins nothing; with ``swing_may_tie`` a tie is enough. A share nobody
declared goes to the other shares. The option ``simultaneous`` (default true) has every
player declare before any declaration is shown (chips in the hand); false declares in turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from studkit.hookspecs import DeclarePhase, HandView, Holding, hookimpl

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "simultaneous": {
            "type": "boolean",
            "default": True,
            "description": "Declare all at once (true) or in turn (false).",
        },
        "swing_may_tie": {
            "type": "boolean",
            "default": False,
            "description": "Whether a swing that ties a share still wins it.",
        },
    },
    "additionalProperties": False,
}

SWING = "swing"


def declarations(events: Sequence[tuple[Any, ...]]) -> dict[int, str]:
    """Each seat's declaration, from the hand's ``("declare", seat, choice)`` events."""
    return {event[1]: event[2] for event in events if event[0] == "declare"}


def judge(
    strengths: Mapping[str, Sequence[int]], declared: Mapping[int, str], swing_may_tie: bool
) -> dict[str, list[int]]:
    """The strengths by share once each seat is kept to what it declared.

    A seat that declared one share keeps its strength there only. A swing keeps all its
    strengths if it beats (or, with ``swing_may_tie``, at least ties) every other seat
    competing for each share, other swings included, and loses all of them otherwise.
    """
    kept = {name: [0] * len(values) for name, values in strengths.items()}
    for seat, choice in declared.items():
        for name in kept:
            if choice in (name, SWING):
                kept[name][seat] = strengths[name][seat]
    failed = [
        seat for seat, choice in declared.items()
        if choice == SWING and not _wins_every_share(kept, seat, swing_may_tie)
    ]
    for seat in failed:  # judged against every hand, other swings included, then taken out
        for values in kept.values():
            values[seat] = 0
    return kept


def _wins_every_share(kept: Mapping[str, Sequence[int]], seat: int, may_tie: bool) -> bool:
    for values in kept.values():
        mine = values[seat]
        best = max((v for s, v in enumerate(values) if s != seat), default=0)
        if mine == 0 or mine < best or (mine == best and not may_tie):
            return False
    return True


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    when = (
        "all at once, none shown before all are made"
        if options.get("simultaneous", True) else "in turn"
    )
    tie = "a tie is enough" if options.get("swing_may_tie", False) else "a tie is not enough"
    return (
        f"Before the showdown each player declares high, low or swing (both), {when}; a "
        f"player competes only for the shares declared, and a swing must win every share "
        f"({tie}) or wins nothing."
    )


class Plugin:
    """Holds the declaration and keeps each player to it at the showdown."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.simultaneous: bool = options.get("simultaneous", True)
        self.swing_may_tie: bool = options.get("swing_may_tie", False)

    @hookimpl
    def studkit_declare_phase(self, hand: HandView) -> DeclarePhase:
        names = tuple(share.name for share in hand.variant.pots)
        return DeclarePhase(choices=(*names, SWING), simultaneous=self.simultaneous)

    @hookimpl
    def studkit_adjust_strengths(
        self,
        hand: HandView,
        strengths: Mapping[str, Sequence[int]],
        holdings: Sequence[Holding | None],
    ) -> dict[str, list[int]]:
        declared = {
            seat: choice
            for seat, choice in declarations(hand.events).items()
            if seat < len(holdings) and holdings[seat] is not None
        }
        return judge(strengths, declared, self.swing_may_tie)
