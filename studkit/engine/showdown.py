"""The hands' strengths at the showdown: what the rules core splits the pots by.

The rules of the showdown (who shows first, who may muck, how each pot is split among the
pot shares, qualifiers and odd chips) are the core's (``studkit/core/showdown.c`` and
``award.c``); the engine gives it, pot by pot, each live hand's strength in each share:
the share's evaluator over the seat's cards and the community cards, then the plugins'
re-ranking (changing and per-player wild cards, jokers that play by their face, shares a
plugin ranks) and, pot by pot among the pot's eligible seats, their adjustments
(declarations); where odd chips go by the cards a hand plays, those cards too. The core
applies the shares' qualifiers; the plugins, which may read and adjust the strengths, see
them applied already.

With ``showdown.muck_concedes`` a player may muck by choice (:func:`concede_seat`): the core
leaves that hand out of the showdown, whatever its strength.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from studkit.core import CoreError, State
from studkit.engine.jokers import face_dependent, rerank_jokers
from studkit.engine.reading import HandReading
from studkit.errors import IllegalActionError
from studkit.evaluation.board_hands import best_cards, evaluate_cards


class StrengthPlugins(Protocol):
    """What the showdown asks of the plugins' part of a hand
    (:class:`~studkit.engine.plugin_showdown.PluginShowdown`)."""

    @property
    def adjusts(self) -> bool: ...
    def showdown_strengths(self, strengths: list[list[int]]) -> None: ...
    def pot_strengths(
        self, strengths: Sequence[Sequence[int]], eligible: Sequence[int]
    ) -> list[list[int]]: ...

__all__ = [
    "ranked_strengths", "pot_strengths", "played_cards", "showdown_strengths", "concede_seat",
]


def ranked_strengths(
    hand: HandReading, plugins: StrengthPlugins | None, *, qualified: bool = True
) -> list[list[int]]:
    """Per pot share, per seat: the strength of each live hand (0 = folded, or no hand that
    qualifies for the share; ``qualified`` false: every share's qualifier ignored), before
    ``plugins`` (the hand's, if any) adjust them pot by pot."""
    n = hand.n
    folded = hand.folded
    community = hand.community
    seats = [s for s in range(n) if not folded[s]]
    held = hand.cards
    strengths: list[list[int]] = []
    for share in hand.rules.shares:
        evaluate = share.evaluator.evaluate
        qualifier = share.qualifier if qualified else 0
        row = [0] * n
        if share.cards != "all":  # own cards only, or the Omaha rule (board games)
            for s in seats:
                value = evaluate_cards(share.evaluator, share.cards, held[s], community)
                row[s] = value if value >= qualifier else 0
            strengths.append(row)
            continue
        for s in seats:
            value = evaluate(held[s] + community if community else held[s])
            row[s] = value if value >= qualifier else 0
        strengths.append(row)
    if face_dependent(hand.variant.deck):
        rerank_jokers(hand, strengths, seats)  # a joker dealt face up: the bug
    if plugins is not None:
        plugins.showdown_strengths(strengths)  # wild ranks, plugin-ranked shares
    return strengths


def pot_strengths(
    hand: HandReading, plugins: StrengthPlugins | None, strengths: list[list[int]], pots: int
) -> list[list[list[int]]]:
    """The strengths each of the ``pots`` is awarded with: ``strengths`` for every pot, or,
    where a plugin adjusts them (declarations), as it does among each pot's eligible seats."""
    if plugins is not None and plugins.adjusts:
        return [plugins.pot_strengths(strengths, pot.eligible) for pot in hand.pots]
    return [strengths] * pots


def played_cards(hand: HandReading) -> list[list[list[int]]] | None:
    """Per share, per seat, the cards each live hand plays (``odd_chips.cards: hand``: the
    odd chips go by them); ``None`` when the odd chips go by all of a hand's cards."""
    if hand.variant.odd_chips.cards != "hand":
        return None
    folded = hand.folded
    held = hand.cards
    community = hand.community
    return [
        [
            [] if folded[s] else [int(c) for c in best_cards(
                share.evaluator, share.cards, held[s], community)]
            for s in range(hand.n)
        ]
        for share in hand.rules.shares
    ]


def showdown_strengths(
    hand: HandReading, plugins: StrengthPlugins | None = None
) -> list[list[int]]:
    """Per pot share, per seat: the strength the showdown ranks (0 = folded, or no hand that
    qualifies for the share), plugins' re-ranking included. Declarations are judged pot by
    pot, as the showdown judges them; a seat's strength is the best it has in the pots it
    is in (a swing beaten in the main pot that wins a side pot keeps its hand there).
    ``plugins``: the hand's (:meth:`Hand.showdown_strengths
    <studkit.engine.hand.Hand.showdown_strengths>` gives them)."""
    strengths = ranked_strengths(hand, plugins)
    if plugins is None or not plugins.adjusts:
        return strengths
    folded = hand.folded
    groups = [pot.eligible for pot in hand.pots] or [
        tuple(s for s in range(hand.n) if not folded[s])
    ]
    best = [[0] * hand.n for _ in strengths]
    for eligible in groups:
        rows = plugins.pot_strengths(strengths, eligible)
        for out, row in zip(best, rows, strict=True):
            for s in eligible:
                if row[s] > out[s]:
                    out[s] = row[s]
    return best


def concede_seat(hand: HandReading, core: State, seat: int) -> None:
    """``seat`` of ``hand`` (whose rules core is ``core``) mucks unshown at the showdown,
    conceding (:meth:`Hand.concede <studkit.engine.hand.Hand.concede>`);
    :class:`~studkit.errors.IllegalActionError` saying why not."""
    try:
        core.concede(seat)
    except CoreError:
        raise IllegalActionError(f"seat {seat} cannot concede: {_why_not(hand, seat)}") from None


def _why_not(hand: HandReading, seat: int) -> str:
    """Why the core refused ``seat``'s concession, the first reason that holds."""
    reasons = (
        (not hand.variant.showdown.muck_concedes,
         f"in {hand.variant.name} a muck does not concede (showdown.muck_concedes is off)"),
        (not 0 <= seat < hand.n, f"the table has seats 0 to {hand.n - 1}"),
        (hand.exposed, "every hand is turned up (all-ins closed the betting)"),
        (hand.is_over, "the hand is over"),
        (hand.folded[seat] if 0 <= seat < hand.n else False, "it has folded"),
    )
    return next((why for holds, why in reasons if holds), "it is the last hand in")
