"""Driving one engine hand through one hand history's actions, each checked as it comes.

:class:`Replayer` deals the recorded cards (through a
:class:`~studkit.history.replay_cards.HistorySource`), checks that every card dealt and
shown agrees with the engine's hand, and takes each player action only when it is legal at
that moment; a refusal is a :class:`ReplayError` naming the action and carrying the hand as
it stood. Betting verbs map to the engine's actions here; a plugin decision's verb is its
decision kind's, which picks the legal action.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from studkit.cards import Card, standard_deck
from studkit.engine.actions import AGGRESSIVE_KINDS, Action as EngineAction
from studkit.engine.decisions import BETTING_VERBS
from studkit.engine.events import CommunityEvent, DealEvent, kind_of
from studkit.engine.hand import Hand
from studkit.errors import CardError, HistoryError, StudkitError
from studkit.history.actions import Action, Amount, format_phh_cards
from studkit.history.compat import trims_antes
from studkit.history.phh import HandHistory
from studkit.history.rake import rake_of
from studkit.history.replay_cards import HistorySource
from studkit.history.rules import scaled
from studkit.variant.model import Stakes, Variant

__all__ = ["Replayer", "ReplayError", "seat_name", "unscale"]


def unscale(chips: int, scale: int) -> Amount:
    return chips if scale == 1 else Decimal(chips) / scale


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def _legal(hand: Hand, scale: int) -> str:
    parts = []
    for action in hand.legal_actions():
        if action.kind in AGGRESSIVE_KINDS:
            lo, hi = action.min, action.max
            assert lo is not None and hi is not None
            span = str(unscale(lo, scale))
            if hi != lo:
                span += f"..{unscale(hi, scale)}"
            parts.append(f"{action.kind} to {span}")
        elif action.amount is not None:
            parts.append(f"{action.kind} {unscale(action.amount, scale)}")
        else:
            parts.append(action.kind)
    return ", ".join(parts)


def _street(hand: Hand) -> str:
    try:
        name = hand.street_name
    except IndexError:  # past the last street: the engine is at the showdown
        return "the showdown"
    return f"{name} street" if name and "street" not in name else name


class ReplayError(HistoryError):
    """A hand that cannot be replayed, with the hand as it stood before the failing action
    (``hand``) and the cards it holds that the history does not show (``unknown_cards``);
    ``out_of_turn`` when the action failed because another player was to act."""

    def __init__(
        self,
        message: str,
        hand: Hand,
        unknown_cards: frozenset[Card],
        scale: int,
        *,
        out_of_turn: bool = False,
    ) -> None:
        super().__init__(message)
        self.hand = hand
        self.unknown_cards = unknown_cards
        self.scale = scale
        self.out_of_turn = out_of_turn


def _mucking(history: HandHistory) -> list[int]:
    """The seats the history mucks unshown (``pN sm`` without cards)."""
    return sorted({
        a.player for a in history.actions
        if a.verb == "sm" and a.cards is None and not a.shows_dealt and a.player is not None
    })


class OutOfTurnError(HistoryError):
    """A player acts when the engine has another to act: with unknown up cards, a sign that
    they were filled with cards that give another player the bring-in or the first action."""


class Replayer:
    """Drives one :class:`Hand` through one history's actions."""

    def __init__(
        self,
        history: HandHistory,
        variant: Variant,
        stakes: Stakes,
        scale: int,
        seed: int,
        held: list[list[Card | None]],
        compat: str | None = None,
    ) -> None:
        self.history = history
        self.scale = scale
        self.held = held
        self.compat = compat
        deck = standard_deck(stripped_ranks=variant.deck.stripped_ranks, jokers=variant.deck.jokers)
        in_deck = set(deck)
        community: list[Card | None] = []
        for index, action in enumerate(history.actions):
            for c in action.cards or ():
                if c is not None and c not in in_deck:
                    raise history.error(index, f"{c} is not a card of the {variant.name} deck")
            if action.verb == "db":
                community.extend(action.cards or ())
        stacks = [scaled(s, scale) for s in history.starting_stacks]
        ante = stakes.ante if variant.forced_bets.ante else 0
        if not trims_antes(history.ante_trimming_status, compat) and any(s < ante for s in stacks):
            raise HistoryError(
                f"{history.label}: a player cannot pay the full ante and ante_trimming_status "
                "is false: studkit always trims (a short ante wins only what it matched)"
            )
        source = HistorySource(held, community, deck, seed)
        try:
            rake = scaled(rake_of(history.fields, history.label), scale)
            self.hand = Hand(variant, stacks, source=source, stakes=stakes, rake=rake)
            hand = self.hand
            source.folded = lambda: hand.folded
            if variant.showdown.muck_concedes:  # the engine learns of each muck before its
                for seat in _mucking(history):  # showdown: the mucked hand is never judged
                    hand.concede(seat)
            self.kinds = self.hand.decision_kinds
        except StudkitError as error:
            raise HistoryError(f"{history.label}: cannot start the hand: {error}") from None
        self.seen = [0] * history.player_count
        self.community_seen = 0
        self.deals: list[list[Card]] = [[] for _ in range(history.player_count)]
        self.community: list[Card] = []
        self.traded: list[set[int]] = [set() for _ in range(history.player_count)]
        """Per seat, the positions in ``deals`` of the cards traded away (a card thrown away
        may be dealt to the same seat again once the deck runs out)."""
        self.cursor = 0

    def sync(self) -> None:
        """Read the engine's new events: every card dealt, community card and card traded."""
        events = self.hand.events
        for event in events[self.cursor :]:
            if isinstance(event, DealEvent) and event.card is not None:
                self.deals[event.seat].append(event.card)
            elif isinstance(event, CommunityEvent):
                self.community.append(event.card)
            elif kind_of(event) in self.kinds.by_name:
                card = self.kinds.by_name[kind_of(event)].thrown(event)
                if card is not None:
                    seat = getattr(event, "seat")  # noqa: B009 - decisions have one
                    at = next(i for i, c in enumerate(self.deals[seat])
                              if c == card and i not in self.traded[seat])
                    self.traded[seat].add(at)
        self.cursor = len(events)

    def unknown_cards(self) -> frozenset[Card]:
        """The cards dealt that the history does not show."""
        self.sync()
        out: set[Card] = set()
        for seat, dealt in enumerate(self.deals):
            recorded = self.held[seat]
            for i, card in enumerate(dealt):
                if i >= self.seen[seat] or i >= len(recorded) or recorded[i] is None:
                    out.add(card)
        out.update(self.community[self.community_seen :])
        return frozenset(out)

    def run(self) -> Hand:
        for index, action in enumerate(self.history.actions):
            if action.is_noop:
                continue
            self.sync()
            try:
                self.step(action)
            except CardError as error:  # from the deal that this action set off
                street = _street(self.hand)
                raise self.stopped(index, f"then dealing {street}: {error}") from None
            except StudkitError as error:  # the engine's refusal, in the history's terms
                out_of_turn = isinstance(error, OutOfTurnError)
                raise self.stopped(index, str(error), out_of_turn=out_of_turn) from None
        return self.hand

    def stopped(self, index: int, why: str, *, out_of_turn: bool = False) -> ReplayError:
        """The error for action ``index``, carrying the hand as it stood before it."""
        error = self.history.error(index, why)
        return ReplayError(
            str(error), self.hand, self.unknown_cards(), self.scale, out_of_turn=out_of_turn
        )

    def step(self, action: Action) -> None:
        verb = action.verb
        if verb == "dh":
            self.dealt(action)
        elif verb == "db":
            self.board(action)
        elif verb == "sm":
            self.show(action)
        elif verb == "sd":
            raise HistoryError("'sd' (stand pat or discard) belongs to draw games, not stud")
        else:
            self.decide(action)

    def dealt(self, action: Action) -> None:
        seat = action.player
        assert seat is not None and action.cards is not None
        have = self.deals[seat]
        start = self.seen[seat]
        end = start + len(action.cards)
        if end > len(have):
            raise HistoryError(self.why_no_card(seat))
        for recorded, real in zip(action.cards, have[start:end], strict=True):
            if recorded is not None and recorded != real:  # pragma: no cover - scripted
                raise HistoryError(f"{seat_name(seat)} was dealt {real}, not {recorded}")
        self.seen[seat] = end

    def why_no_card(self, seat: int) -> str:
        hand = self.hand
        who = seat_name(seat)
        if hand.folded[seat]:
            return f"{who} has folded and is dealt no more cards"
        if hand.actor is not None:
            return (
                f"no cards are due: the {_street(hand)} betting is not over, "
                f"{seat_name(hand.actor)} is to act"
            )
        if hand.is_over:
            return "no cards are due: the hand is over"
        return f"{who} has been dealt all {len(self.deals[seat])} cards of this game"

    def board(self, action: Action) -> None:
        cards = action.cards or ()
        end = self.community_seen + len(cards)
        if end > len(self.community):
            raise HistoryError(
                "no community card is due: the deck has not run out "
                "(a community card replaces a street only when the cards run out)"
            )
        self.community_seen = end

    def show(self, action: Action) -> None:
        hand = self.hand
        seat = action.player
        assert seat is not None
        who = seat_name(seat)
        if hand.folded[seat]:
            raise HistoryError(f"{who} has folded: there is no hand to show or muck")
        # Once all-ins close the betting, every live hand is turned up at once, though
        # players may still have plugin decisions to make (a twist, a payment) before the end.
        if hand.actor is not None and not hand.is_over and not hand.exposed:
            raise HistoryError(
                f"{who} shows or mucks while the {_street(hand)} betting is not over: "
                f"{seat_name(hand.actor)} is to act"
            )
        if action.cards is None:
            return  # a muck: the engine awards pots to the best hands shown (a concession
            # with showdown.muck_concedes: the engine was told when the hand began)
        # the cards the history has dealt the player so far, less any traded away
        have = [c for i, c in enumerate(self.deals[seat][: self.seen[seat]])
                if i not in self.traded[seat]]
        known = sorted(c for c in action.cards if c is not None)
        matched = sorted(c for c, rec in zip(have, action.cards, strict=False) if rec is not None)
        if len(action.cards) != len(have) or known != matched:
            raise HistoryError(
                f"{who} shows {format_phh_cards(action.cards)} but holds {format_phh_cards(have)}"
            )

    def decide(self, action: Action) -> None:
        hand = self.hand
        seat = action.player
        assert seat is not None
        if hand.is_over:
            raise HistoryError("the hand is already over")
        for other, cards in enumerate(self.deals):
            if self.seen[other] < len(cards):
                raise HistoryError(
                    f"{seat_name(other)} has not been dealt all its {_street(hand)} cards yet: "
                    "the "
                    f"history deals them ('d dh {seat_name(other)} ...', '??' for unknown cards) "
                    "before the betting"
                )
        if hand.actor is None:  # pragma: no cover - the engine deals without stopping
            raise HistoryError("nobody is to act: cards are being dealt")
        if seat != hand.actor:
            raise OutOfTurnError(
                f"{seat_name(seat)} acts out of turn: {seat_name(hand.actor)} is to act on "
                f"{_street(hand)}"
            )
        chosen = self.engine_action(action)
        if chosen is None:
            raise HistoryError(
                f"{seat_name(seat)} cannot {_what(action)} on {_street(hand)}: legal actions "
                f"are {_legal(hand, self.scale)}"
            )
        hand.apply(chosen)

    def engine_action(self, action: Action) -> EngineAction | None:
        """The legal engine action the history's action stands for, or None."""
        hand = self.hand
        legal = hand.legal_actions()
        verb = action.verb
        if verb == "cbr":
            return _aggressive_to(hand, legal, action.player or 0, self.amount(action),
                                  self.compat)
        kind = self.kinds.by_name.get(verb)
        if kind is not None:  # a plugin decision: its kind picks the action
            return kind.choose(legal, self.value(action))
        wanted: tuple[str, ...] = _KINDS.get(verb, ())
        for a in legal:
            if a.kind in wanted:
                return a
        return None

    def amount(self, action: Action) -> int:
        """The action's amount in the engine's chips."""
        assert action.amount is not None
        to = scaled(action.amount, self.scale)
        if to != action.amount * self.scale:
            raise HistoryError(f"amount {action.amount} is finer than the file's other amounts")
        return to

    def value(self, action: Action) -> Any:
        """What a decision kind's action chose: its amount (in chips), card or word."""
        if action.amount is not None:
            return self.amount(action)
        if action.cards:
            return action.cards[0]
        return action.choice


_KINDS: dict[str, tuple[str, ...]] = {
    phh: tuple(verb.name for verb in BETTING_VERBS.values() if verb.phh_verb == phh)
    for phh in ("pb", "f", "cc")
}
"""The engine action kinds each PHH betting verb without an amount may stand for."""

_WHAT: dict[str, str] = {
    phh: " or ".join(BETTING_VERBS[kind].you for kind in kinds) for phh, kinds in _KINDS.items()
}
"""What each of those verbs tries, in words (``check or call``)."""


def _what(action: Action) -> str:
    """What the history's action tries to do, in words."""
    if action.verb == "cbr":
        return f"complete, bet or raise to {action.amount}"
    if action.verb in _WHAT:
        return _WHAT[action.verb]
    chosen = action.amount if action.amount is not None else (
        action.cards[0] if action.cards else action.choice)
    return action.verb if chosen is None else f"{action.verb} {chosen}"


def _aggressive_to(
    hand: Hand, legal: Sequence[EngineAction], seat: int, to: int, compat: str | None = None
) -> EngineAction | None:
    """The engine action for "complete, bet or raise to ``to``", or None if not legal.

    A raise recorded as exactly what the opponents can still match (less than a full raise,
    as dealers take it when it puts the last opponent all in) is taken as the full raise:
    the part nobody can call comes back as an uncalled bet, so the stacks are the same.
    """
    everything = legal
    legal = [a for a in legal if a.kind in AGGRESSIVE_KINDS]
    for a in legal:
        assert a.min is not None and a.max is not None
        if a.min <= to <= a.max:
            return EngineAction(a.kind, to)
    reachable = max(
        (hand.bets[s] + hand.stacks[s] for s in range(hand.n) if s != seat and not hand.folded[s]),
        default=0,
    )
    for a in legal:
        assert a.min is not None
        if hand.to_call + hand.bets[seat] < to == reachable < a.min:
            return EngineAction(a.kind, a.min)
    # An all-in recorded as a raise that studkit counts as a call or a (partial) bring-in of
    # the same chips (after a partial bring-in, others come in for the full bring-in).
    if to == hand.bets[seat] + hand.stacks[seat]:
        for a in everything:
            if a.kind in ("call", "bring-in") and a.amount == hand.stacks[seat]:
                return a
    if compat == "pokerkit" and not legal and reachable <= hand.bets[seat] + hand.to_call:
        # PokerKit lets a player bet or raise when nobody can call: once the part nobody
        # can call comes back, the same chips as checking or calling.
        return next((a for a in everything if a.kind in ("check", "call")), None)
    return None
