"""The records the renderer draws, read from a hand in progress for one viewing seat.

:func:`table_state` builds the :class:`~studkit.play.render.TableState` of a
:class:`~studkit.engine.Hand` as one seat may see it: everyone's face-up cards, the viewer's
own face-down cards (others' only once shown, or when all hands are turned up), stacks, the
bets in front, the pots, the amount to call and the legal decisions as
:class:`~studkit.play.commands.Choice` records. :func:`showdown` reads the hand's events once
it is over: hands shown and mucked in order, with their categories and the cards each plays,
and every award.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from studkit.cards import CARDS, Card
from studkit.engine.chips import action_text
from studkit.engine.events import MuckEvent, ShowEvent
from studkit.engine.pots import Pot, build_pots
from studkit.evaluation.board_hands import best_cards, evaluate_cards
from studkit.play.choices import AGGRESSIVE_KINDS, Choice
from studkit.play.render import (
    PotResult,
    SeatLine,
    Showdown,
    ShownHand,
    TableState,
    street_words,
)

__all__ = [
    "choices_for",
    "engine_action",
    "table_state",
    "showdown",
    "describe_seat",
    "played_by_seat",
]


POT_SIZED_STRUCTURES: frozenset[str] = frozenset({"pot-limit", "no-limit"})
"""Betting structures in which ``pot`` and parts of the pot size a bet or raise."""


def choices_for(hand: Any) -> tuple[Choice, ...]:
    """The legal actions of the player to act, as choices the command parser reads.

    Kinds the engine adds through plugins keep their own label (``str(action)``) so they can
    be listed and typed without knowing them in advance. In pot and no limit a bet or raise
    carries what a pot-sized one counts from (:attr:`Choice.call_to`,
    :attr:`Choice.pot_after_call`): the pot-limit rule, a call and then the whole pot.
    """
    seat = hand.actor
    if seat is None:
        return ()
    stack = hand.stacks[seat]
    bet = hand.bets[seat]
    scale = hand.rules.stakes.scale
    pot_after_call: int | None = None
    if hand.rules.structure in POT_SIZED_STRUCTURES:
        pot_after_call = hand.pot + hand.to_call
    out: list[Choice] = []
    kinds = hand.decision_kinds
    for action in hand.legal_actions():
        kind = action.kind
        if kind in AGGRESSIVE_KINDS:
            low = action.min if action.min is not None else action.amount
            high = action.max if action.max is not None else action.amount
            all_in = high is not None and high - bet >= stack
            out.append(
                Choice(
                    kind,
                    None,
                    low,
                    high,
                    all_in,
                    payload=action,
                    call_to=bet + hand.to_call,
                    pot_after_call=pot_after_call,
                    scale=scale,
                )
            )
        elif kind in ("fold", "check"):
            out.append(Choice(kind, payload=action, scale=scale))
        elif kind in ("call", "bring-in"):
            amount = action.amount
            out.append(
                Choice(kind, amount, all_in=amount is not None and amount >= stack, payload=action,
                       scale=scale)
            )
        else:
            sized = action.min is not None and action.max is not None and action.max > action.min
            kind_of = kinds.of(kind)
            label = (
                ""
                if sized
                else (
                    kind_of.label(action) if kind_of is not None
                    else action_text(action, scale).replace("-", " ")
                )
            )
            out.append(
                Choice(kind, action.amount, action.min, action.max, label=label, payload=action,
                       scale=scale)
            )
    return tuple(out)


def engine_action(choice: Choice, amount: int | None) -> Any:
    """The engine action for a chosen decision (a sized bet or raise gets its total)."""
    action: Any = choice.payload
    if choice.sized and amount is not None:
        return action.to(amount)
    return action


def _visible_down(hand: Any, seat: int, viewer: int | None) -> tuple[Card | None, ...]:
    down = hand.down[seat]
    if seat == viewer or seat in hand.shown or hand.exposed:
        return tuple(down)
    return (None,) * len(down)


def table_state(
    hand: Any,
    *,
    viewer: int | None,
    names: Sequence[str],
    heading: str,
    choices: Sequence[Choice] = (),
    notes: Sequence[str] = (),
    wild_ranks: frozenset[int] = frozenset(),
    table_seats: Sequence[int] | None = None,
    extra_seats: Sequence[SeatLine] = (),
) -> TableState:
    """The table as ``viewer`` sees it now (``viewer=None``: a spectator's view).

    ``names`` label the hand's seats. ``table_seats`` numbers them as the table does (hand
    seat ``i`` sits at table seat ``table_seats[i]``; default: the same numbers), and
    ``extra_seats`` are lines for players at the table who are not in this hand.
    """
    number = list(table_seats) if table_seats is not None else list(range(hand.n))
    lines = [
        SeatLine(
            seat=number[seat],
            name=names[seat],
            stack=hand.stacks[seat],
            bet=hand.bets[seat],
            up_cards=tuple(hand.up[seat]),
            down_cards=_visible_down(hand, seat, viewer),
            folded=hand.folded[seat],
            all_in=hand.all_in[seat],
            button=seat == hand.button,
            to_act=seat == hand.actor,
            viewer=seat == viewer,
        )
        for seat in range(hand.n)
    ]
    lines.extend(extra_seats)
    lines.sort(key=lambda line: line.seat)
    pots = _gathered_pots(hand, number)
    to_call = hand.to_call if viewer is not None and hand.actor == viewer else None
    return TableState(
        heading=heading,
        street=street_words(hand.street_name),
        seats=tuple(lines),
        pot=hand.pot,
        pots=tuple(pots) if len(pots) > 1 else (),
        to_call=to_call,
        choices=tuple(choices),
        community=tuple(hand.community),
        notes=tuple(notes),
        wild_ranks=wild_ranks,
        scale=hand.rules.stakes.scale,
    )


def _gathered_pots(hand: Any, number: Sequence[int]) -> list[Pot]:
    """The pots as they stood when the betting round began (bets in front not gathered),
    seats numbered as the table numbers them; empty pots left out."""
    gathered = [put - bet for put, bet in zip(hand.contrib, hand.bets, strict=True)]
    if not (any(gathered) or hand.dead) or all(hand.folded):
        return []
    live = [not folded for folded in hand.folded]
    return [
        Pot(pot.amount, tuple(number[s] for s in pot.eligible))
        for pot in build_pots(gathered, live, dead=hand.dead)
        if pot.amount
    ]


def describe_seat(
    hand: Any, seat: int, strengths: Sequence[Sequence[int]]
) -> tuple[tuple[str, str, str], ...]:
    """Per pot share: ``(share, category, description)`` of the seat's hand at the showdown;
    a hand that has nothing for a share (no qualifying low, a declaration the other way)
    says so."""
    out = []
    for share, row in zip(hand.rules.shares, strengths, strict=True):
        strength = row[seat]
        evaluator = share.evaluator
        if strength <= 0:
            out.append((share.name, "", f"no {share.name} hand"))
            continue
        category = getattr(evaluator, "category", None)
        out.append(
            (
                share.name,
                str(category(strength)) if category is not None else "",
                str(evaluator.describe(strength)),
            )
        )
    return tuple(out)


def played_by_seat(
    hand: Any, seat: int, strengths: Sequence[Sequence[int]]
) -> tuple[tuple[Card, ...], ...]:
    """Per pot share: the cards (at most five) the seat's hand plays at the showdown, as the
    engine picks them for odd chips (:func:`~studkit.evaluation.board_hands.best_cards`).
    Empty where the seat has no hand for the share, and where the showdown ranks the hand
    otherwise than the share's evaluator does (wild cards that change, jokers, a share a
    plugin ranks): the cards would not be the ones its description names."""
    held = hand.cards[seat]
    community = hand.community
    out: list[tuple[Card, ...]] = []
    for share, row in zip(hand.rules.shares, strengths, strict=True):
        strength = row[seat]
        ranked = strength > 0 and (
            evaluate_cards(share.evaluator, share.cards, held, community) == strength
        )
        out.append(best_cards(share.evaluator, share.cards, held, community) if ranked else ())
    return tuple(out)


def showdown(
    hand: Any,
    names: Sequence[str],
    table_seats: Sequence[int] | None = None,
    *,
    viewer: int | None = None,
) -> Showdown:
    """Hands shown and mucked (in order), each share of each pot and who took it, and net.

    ``names`` label the hand's seats; ``table_seats`` numbers them as the table does;
    ``viewer`` is the hand seat of the player reading it (who "wins" becomes "you win").
    """
    number = list(table_seats) if table_seats is not None else list(range(hand.n))
    viewer_seat = viewer
    if viewer is not None:
        viewer = number[viewer]
    shown_cards: dict[int, tuple[Card, ...]] = {}
    order: list[int] = []
    mucked: set[int] = set()
    for event in hand.events:
        if isinstance(event, ShowEvent):  # turned up at an all-in: shown once, with all it holds
            shown_cards[event.seat] = tuple(CARDS[int(c)] for c in hand.cards[event.seat])
            if event.seat not in order:
                order.append(event.seat)
        elif isinstance(event, MuckEvent):
            mucked.add(event.seat)
            if event.seat not in order:
                order.append(event.seat)
    strengths = hand.showdown_strengths() if shown_cards else []
    hands = []
    for seat in order:
        if seat in shown_cards:
            cards = shown_cards[seat]
            hands.append(
                ShownHand(
                    number[seat],
                    names[seat],
                    cards,
                    describe_seat(hand, seat, strengths),
                    played=played_by_seat(hand, seat, strengths),
                )
            )
        elif seat == viewer_seat:
            own = tuple(hand.cards[seat])
            hands.append(ShownHand(number[seat], names[seat], own, mucked=True))
        else:
            hands.append(ShownHand(number[seat], names[seat], mucked=True))
    results: list[PotResult] = []
    for seat, amount, pot, share, description in hand.awards:
        winner = (number[seat], names[seat], amount, description or "")
        last = results[-1] if results else None
        if last is not None and last.pot == pot and last.share == share:
            results[-1] = PotResult(pot, last.amount + amount, share, last.winners + (winner,))
        else:
            results.append(PotResult(pot, amount, share, (winner,)))
    if len({r.share for r in results}) <= 1 and len(hand.rules.shares) <= 1:
        results = [PotResult(r.pot, r.amount, "", r.winners) for r in results]
    net = tuple(
        (number[seat], names[seat], chips) for seat, chips in enumerate(hand.payoffs) if chips
    )
    return Showdown(tuple(hands), tuple(results), net, viewer=viewer,
                    scale=hand.rules.stakes.scale)
