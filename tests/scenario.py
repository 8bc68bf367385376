"""Scenario helpers shared by the rules tests: deal given cards, play scripted actions and read
back what the engine did.

Stakes are the shipped defaults unless a caller passes others: ante 1, bring-in 2, bets 5/10.
Seats count clockwise from 0; with the default button (the last seat) seat 0 is the dealer's
left and is dealt first.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from studkit import Variant, load_variant, parse_cards
from studkit.cards import Card
from studkit.engine import Hand, ScriptedSource
from studkit.engine.rules import compile_rules
from studkit.variant.model import Stakes

# Pistol Pete with blinds for its ante and bring-in (stud family reference, section 2.2).
BLIND_PETE = """studkit: 1
extends: pistol-pete
name: blind-pete
forced_bets:
  ante: 0
  blinds: {small: 2, big: 5}
"""


@cache
def variant(name: str) -> Variant:
    """The shipped variant ``name``, loaded once per test run."""
    return load_variant(name)


def deal(
    v: Variant | str,
    stacks: Sequence[int],
    *hole: str,
    button: int | None = None,
    stakes: Stakes | None = None,
    community: str = "",
    burns: str | None = None,
) -> Hand:
    """A hand whose seats get the given cards in deal order; other cards from the rest.

    ``community`` scripts the community cards and ``burns`` the burn cards (both as card
    text); left out, they come from the rest of the deck like any unscripted card.
    """
    v = variant(v) if isinstance(v, str) else v
    source = ScriptedSource(
        [parse_cards(h) for h in hole],
        deck=compile_rules(v, stakes).deck,
        community=parse_cards(community) if community else (),
        burns=None if burns is None else parse_cards(burns),
    )
    return Hand(v, stacks, source=source, button=button, stakes=stakes)


def act(hand: Hand, *steps: str) -> None:
    """Play ``"SEAT VERB [AMOUNT]"`` steps, checking each is taken by the seat to act."""
    for step in steps:
        seat_text, verb, *amount = step.split()
        assert hand.actor == int(seat_text), (
            f"{step!r}: seat {hand.actor} is to act on {hand.street_name} street"
        )
        value = int(amount[0]) if amount else None
        verbs = {
            "bring-in": hand.bring_in, "call": hand.call, "check": hand.check,
            "fold": hand.fold,
        }
        if verb in verbs:
            verbs[verb]()
        elif verb == "complete":
            hand.complete(value)
        elif verb == "bet":
            hand.bet(value)
        elif verb == "raise":
            hand.raise_to(value)
        else:  # pragma: no cover - a typo in a test
            raise AssertionError(f"unknown verb in {step!r}")


def check_down(hand: Hand) -> None:
    """Everyone checks or calls to the end."""
    while not hand.is_over:
        hand.check_or_call()


def street_events(hand: Hand, street: str) -> list[tuple[object, ...]]:
    """The events after ``street`` began and before the next street began, in order."""
    out: list[tuple[object, ...]] = []
    current = ""
    for e in hand.events:
        if e.kind == "street":
            current = e.name
        elif current == street:
            out.append(e)
    return out


def showdown_order(hand: Hand) -> list[int]:
    """Seats in the order they showed or mucked at the showdown (after the last betting
    round)."""
    last = [e.name for e in hand.events if e.kind == "street"][-1]
    return [int(e.seat) for e in street_events(hand, last) if e.kind in ("show", "muck")]


def awards(hand: Hand) -> list[tuple[int, int, int, str]]:
    """``(seat, amount, pot, share)`` for each award, in the order made."""
    return [(e.seat, e.amount, e.pot, e.share) for e in hand.events if e.kind == "award"]


def cards(text: str) -> tuple[Card, ...]:
    """The cards of ``text`` as a tuple, the type of ``Hand.down_cards``/``up_cards``; compare
    with a list attribute (``Hand.community``, ``Hand.burned``) through ``list(...)``."""
    return tuple(parse_cards(text))
