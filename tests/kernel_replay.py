"""The kernel against the general engine: a kernel hand's cards and decisions replayed by
:class:`studkit.engine.hand.Hand` must reach the same payoffs, and a block of them the same
tally (shared by the kernel tests and the stud-family tests of what the kernel plays); and
the kernel's bots discard and flip as the general engine's do."""

from __future__ import annotations

import random

from studkit.bots.registry import make_bot
from studkit.core import VERBS
from studkit.engine import Action
from studkit.engine.dealing import ScriptedSource
from studkit.engine.hand import Hand
from studkit.engine.rules import compile_rules
from studkit.kernel.run import DECLINED, RecordedHand, kernel_run, record_block
from studkit.simulation.engines import counted as kernel_block
from studkit.simulation.tally import Tally
from studkit.variant.model import Variant


def dealt(variant: Variant, players: int, stack: int, hand: RecordedHand) -> Hand:
    """A general-engine hand to be dealt the cards of a recorded kernel hand."""
    rules = compile_rules(variant)
    source = ScriptedSource(
        [list(cards) for cards in hand.hole], deck=rules.deck, community=list(hand.community),
        burns=list(hand.burns), allow_repeats=True,
    )
    return Hand(variant, [stack] * players, button=hand.index % players, source=source)


CARD_DECISIONS = ("flip", "discard", "expose")
"""The card decisions a kernel hand records besides the betting verbs."""
_WITH_AMOUNT = frozenset(
    ("call", "bring-in", "complete", "bet", "raise", "pay", "twist", "arrange", *CARD_DECISIONS))


def as_action(kind: str, amount: int) -> Action:
    """A recorded decision as the general engine's action (an optional choice declined, a
    declaration: its kind alone)."""
    if amount == DECLINED:  # an optional flip or exposure declined
        return Action("keep" if kind == "flip" else kind)
    return Action(kind, amount) if kind in _WITH_AMOUNT else Action(kind)


def replay(variant: Variant, players: int, stack: int, hand: RecordedHand,
           bots: tuple[str, ...] = ()) -> Hand:
    """The general engine playing a recorded kernel hand: same cards, same decisions. With
    ``bots``, each decision a plugin or a street's card choice asks of a seat whose bot is
    not ``random`` must be the one the general engine's bot makes from its view."""
    played = dealt(variant, players, stack, hand)
    engine_bots = {seat: make_bot(name, variant) for seat, name in enumerate(bots)
                   if name != "random"}
    for kind, amount in hand.actions:
        assert not played.is_over, (hand.index, kind, amount)
        action = as_action(kind, amount)
        seat = played.actor
        if seat in engine_bots:
            legal = played.legal_actions()
            if any(a.kind not in VERBS for a in legal):  # a plugin's or a card decision
                chosen = engine_bots[seat].act(played.view(seat), legal, random.Random(0))
                assert chosen == action, (variant.name, hand.index, seat, chosen, action)
        played.apply(action)
    assert played.is_over, hand.index
    return played


def check_kernel_replays(variant: Variant, players: int, stack: int, bots: tuple[str, ...],
                         hands: int, seed: int) -> None:
    """``hands`` kernel hands replayed by the general engine: the same payoffs, hand by hand,
    and the same tally."""
    run = kernel_run(variant, variant.stakes, players, stack, bots, seed)
    recorded = record_block(run, 0, hands)
    general = Tally(players)
    for hand in recorded:
        played = replay(variant, players, stack, hand, bots)
        assert tuple(played.payoffs) == hand.payoffs, (variant.name, hand.index)
        general.add_played(played)
    assert kernel_block(run, 0, hands) == general, variant.name
