"""Snapshots of a hand: everything a later step may change, copied out and put back.

:meth:`Hand.snapshot() <studkit.engine.hand.Hand.snapshot>` returns a :class:`HandSnapshot`,
:meth:`Hand.restore() <studkit.engine.hand.Hand.restore>` puts one back (the engine undoes a
plugin decision that fails this way), and :meth:`Hand.clone()
<studkit.engine.hand.Hand.clone>`, ``copy.deepcopy(hand)`` and pickling build a new hand
from one. Each piece of state is named here once: :data:`STATE_FIELDS` are copied,
:data:`FIXED_FIELDS` are the same for the whole hand (shared by a clone), and
:data:`CACHE_FIELDS` are recomputed. A test checks that these three name every field of
:class:`~studkit.engine.hand.Hand`, so a new field cannot be forgotten.

The card source and the random generator are deep-copied together (a deck drawing from the
hand's generator keeps drawing from the copy's), so a clone deals the same cards as the
original for the same later actions.
"""

from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from studkit.cards import Card
from studkit.engine.events import Event
from studkit.engine.pots import Pot

if TYPE_CHECKING:
    from studkit.engine.flow import HandFlow

__all__ = ["HandSnapshot", "take_snapshot", "put_snapshot", "STATE_FIELDS", "FIXED_FIELDS",
           "CACHE_FIELDS"]

STATE_FIELDS: Final[tuple[str, ...]] = (
    "stacks", "bets", "contrib", "dead", "folded", "n_in", "cards", "up", "down", "community",
    "burned", "folded_cards", "street", "actor", "events", "is_over", "shown", "awards",
    "round", "progress", "_pots", "_source", "_rng", "plugins",
)
"""The hand's fields a step may change: a snapshot copies each."""
FIXED_FIELDS: Final[tuple[str, ...]] = (
    "rules", "variant", "n", "button", "starting_stacks", "_order", "_zeros", "_nobody",
    "_auto", "_on_over",
)
"""Fields fixed for the whole hand (immutable, or shared tables never written)."""
CACHE_FIELDS: Final[tuple[str, ...]] = ("_legal_key", "_legal", "_agg_key", "_agg_val")
"""Remembered answers keyed by the event count: reset when a snapshot is put back."""


class HandSnapshot(NamedTuple):
    """A hand's changing state, copied (see :data:`STATE_FIELDS`); picklable."""

    stacks: list[int]
    bets: list[int]
    contrib: list[int]
    dead: int
    folded: list[bool]
    n_in: int
    cards: list[list[Card]]
    up: list[list[Card]]
    down: list[list[Card]]
    community: list[Card]
    burned: list[Card]
    folded_cards: list[Card]
    street: int
    actor: int | None
    events: list[Event]
    is_over: bool
    shown: list[int]
    awards: list[tuple[int, int, int, str, str]]
    round: tuple[Any, ...]
    """:meth:`BettingRound.state() <studkit.engine.state.BettingRound.state>`."""
    progress: tuple[Any, ...]
    """:meth:`StreetProgress.state() <studkit.engine.state.StreetProgress.state>`."""
    pots: list[tuple[int, tuple[int, ...]]] | None
    """The final pots as ``(amount, eligible)`` (a compiled :class:`Pot` does not pickle)."""
    dealing: tuple[Any, Any]
    """The card source and the random generator, deep-copied together."""
    plugins: tuple[Any, ...] | None
    """:meth:`HandPlugins.state() <studkit.engine.plugin_play.HandPlugins.state>`."""


def copy_dealing(source: Any, rng: Any, memo: dict[int, Any] | None = None) -> tuple[Any, Any]:
    """Deep copies of a card source and a random generator, taken together (a source drawing
    from the generator draws from the copy). A :class:`random.Random` is copied through its
    state, not item by item (its 625 numbers are most of a deep copy's time)."""
    memo = {} if memo is None else memo
    if type(rng) is random.Random and id(rng) not in memo:
        twin = random.Random()
        twin.setstate(rng.getstate())
        memo[id(rng)] = twin
        memo.setdefault(id(memo), []).append(rng)  # keep the original alive, as deepcopy does
    return copy.deepcopy((source, rng), memo)


def take_snapshot(hand: HandFlow, memo: dict[int, Any] | None = None) -> HandSnapshot:
    """Copy ``hand``'s changing state (``memo``: a :func:`copy.deepcopy` memo to share)."""
    plugins = hand.plugins
    return HandSnapshot(
        stacks=hand.stacks[:],
        bets=hand.bets[:],
        contrib=hand.contrib[:],
        dead=hand.dead,
        folded=hand.folded[:],
        n_in=hand.n_in,
        cards=[c[:] for c in hand.cards],
        up=[c[:] for c in hand.up],
        down=[c[:] for c in hand.down],
        community=hand.community[:],
        burned=hand.burned[:],
        folded_cards=hand.folded_cards[:],
        street=hand.street,
        actor=hand.actor,
        events=hand.events[:],
        is_over=hand.is_over,
        shown=hand.shown[:],
        awards=hand.awards[:],
        round=hand.round.state(),
        progress=hand.progress.state(),
        pots=None if hand._pots is None else [(p.amount, p.eligible) for p in hand._pots],
        dealing=copy_dealing(hand._source, hand._rng, memo),
        plugins=None if plugins is None else plugins.state(),
    )


def put_snapshot(hand: HandFlow, saved: HandSnapshot) -> None:
    """Set ``hand``'s changing state to ``saved`` (which stays usable: it is copied again)."""
    hand.stacks[:] = saved.stacks
    hand.bets[:] = saved.bets
    hand.contrib[:] = saved.contrib
    hand.dead = saved.dead
    hand.folded[:] = saved.folded
    hand.n_in = saved.n_in
    for mine, theirs in ((hand.cards, saved.cards), (hand.up, saved.up),
                         (hand.down, saved.down)):
        for seat, cards in enumerate(theirs):
            mine[seat][:] = cards
    hand.community[:] = saved.community
    hand.burned[:] = saved.burned
    hand.folded_cards[:] = saved.folded_cards
    hand.street = saved.street
    hand.actor = saved.actor
    hand.events[:] = saved.events
    hand.is_over = saved.is_over
    hand.shown[:] = saved.shown
    hand.awards[:] = saved.awards
    hand.round.set_state(saved.round)
    hand.progress.set_state(saved.progress, hand.rules.streets)
    hand._pots = None if saved.pots is None else [Pot(a, e) for a, e in saved.pots]
    hand._source, hand._rng = copy_dealing(*saved.dealing)
    plugins = hand.plugins
    if plugins is not None and saved.plugins is not None:
        plugins.set_state(saved.plugins)
    hand._legal_key = -1
    hand._legal = []
    hand._agg_key = -1
    hand._agg_val = None
