"""Dealing a street: burn, rounds of cards from the dealer's left, deck exhaustion.

:func:`deal_street` is the hand's per-street deal, on the engine's hot path: the default
:class:`~studkit.engine.dealing.DeckSource` is drawn from inline.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from studkit.engine.dealing import BURN, COMMUNITY, DeckSource
from studkit.engine.events import (
    BURNED,
    COMMUNITY as COMMUNITY_EVENT,
    DEALT_DOWN,
    DEALT_UP,
    TABLE_SEATS,
    CommunityEvent,
)
from studkit.engine.exhaustion import plan_short_street

if TYPE_CHECKING:
    from studkit.engine.flow import HandFlow as Hand
    from studkit.engine.rules import StreetPlan

__all__ = ["deal_street"]


def deal_street(hand: Hand) -> None:
    """Deal the hand's current street: the burn, each round of cards to every live player
    from the dealer's left, or (deck running out) what :func:`plan_short_street` decides.
    With manual dealing, queue the cards for :meth:`Hand.deal` instead."""
    plan = hand.progress.plan
    events = hand.events
    events.append(plan.event)
    if hand.n_in == hand.n:
        live = hand._order
    else:
        folded = hand.folded
        live = [s for s in hand._order if not folded[s]]
    faces = plan.faces
    burn = plan.burn
    source = hand._source
    if type(source) is DeckSource and hand._auto:
        # The common case, inlined: draw uniformly from the stub (see DeckSource.draw).
        stub = source._stub
        left = len(stub)
        if (left >= len(faces) * len(live) + burn + plan.board and hand.n <= TABLE_SEATS
                and not plan.rolled):
            pick = source._random
            # compiled, stub.pop() and events.append() are direct list operations (a bound
            # method kept in a local would be a call through Python's protocol each time)
            if burn:
                i = int(pick() * left)
                left -= 1
                card = stub[i]
                stub[i] = stub[-1]
                stub.pop()
                hand.burned.append(card)
                events.append(BURNED[card])
            cards = hand.cards
            up_cards = hand.up
            down_cards = hand.down
            for up in faces:
                held = up_cards if up else down_cards
                records = DEALT_UP if up else DEALT_DOWN  # shared records, one per card
                for s in live:
                    i = int(pick() * left)
                    left -= 1
                    card = stub[i]
                    stub[i] = stub[-1]
                    stub.pop()
                    cards[s].append(card)
                    held[s].append(card)
                    index: int = card  # a plain int index: a native tuple read
                    events.append(records[s][index])
            for _card in range(plan.board):  # board cards, face up to the table
                i = int(pick() * left)
                left -= 1
                card = stub[i]
                stub[i] = stub[-1]
                stub.pop()
                hand.community.append(card)
                events.append(CommunityEvent(COMMUNITY_EVENT, card))
            hand._after_deal()
            return
    _deal_street_slowly(hand, plan, live)


def _deal_street_slowly(hand: Hand, plan: StreetPlan, live: list[int]) -> None:
    """:func:`deal_street` from any source, by hand, or with the deck running short."""
    faces = plan.faces
    rounds = len(faces)
    burn = plan.burn
    source = hand._source
    needed = rounds * len(live) + (1 if burn else 0) + plan.board
    community = plan.board
    if source.remaining() < needed:
        deal = plan_short_street(
            hand.variant.deck_exhaustion if hand.plugins is None
            else hand.plugins.exhaustion(plan, needed),
            source,
            street=plan.name,
            rounds=rounds,
            live=len(live),
            burn=burn,
            burned=hand.burned,
            folded=hand.folded_cards,
            rng=hand._rng,
        )
        burn, rounds, community = deal.burn, deal.rounds, deal.community + plan.board
        faces = faces[:rounds]
    rolled = plan.rolled
    downs = [len(held) for held in hand.down] if rolled else []
    if not hand._auto:
        steps: list[tuple[int, bool]] = [(BURN, False)] if burn else []
        for k, up in enumerate(faces):
            for s in live:
                steps.append((s, _face(up, rolled, k, downs, s)))
        for _ in range(community):
            steps.append((COMMUNITY, True))
        steps.reverse()
        hand.progress.due = steps
        hand.actor = None
        if steps:
            return
        hand._after_deal()
        return
    draw = source.draw
    place = hand._place
    if burn:
        place(BURN, False, draw(BURN))
    for k, up in enumerate(faces):
        for s in live:
            place(s, _face(up, rolled, k, downs, s), draw(s))
    for _ in range(community):
        place(COMMUNITY, True, draw(COMMUNITY))
    hand._after_deal()


def _face(up: bool, rolled: tuple[bool, ...], k: int, downs: list[int], seat: int) -> bool:
    """Whether round ``k``'s card goes to ``seat`` face up: as the plan says, or, for an
    ``up-unless-all-exposed`` card, up when the seat holds a down card (``downs`` counts
    each seat's down cards and is kept up to date)."""
    if not rolled:
        return up
    if not rolled[k]:
        downs[seat] += not up
        return up
    if downs[seat] > 0:
        return True
    downs[seat] += 1  # the card goes down: the seat now holds one
    return False
