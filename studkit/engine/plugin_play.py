"""How plugins take part in a hand: the hook call sites' other half.

The engine (:class:`~studkit.engine.hand.Hand`) keeps a :class:`HandPlugins` in
``hand.plugins`` only when a plugin acts in the variant; each engine call site is one or two
lines that hand over to a method here, so a hand without plugins pays nothing.

What this adds to a hand:

* the deck-exhaustion policy (:meth:`HandPlugins.exhaustion`), bring-in and first-actor
  overrides (:meth:`~HandPlugins.bring_in`, :meth:`~HandPlugins.first_actor`);
* after each street's deal (:meth:`~HandPlugins.after_deal`): every card dealt goes through
  ``studkit_card_dealt``; its effects change the table's wild ranks, deal extra cards and ask
  for decisions; then each player's exposure choice (``studkit_exposure_choice``);
* between streets (:meth:`~HandPlugins.between_streets`): the offers after a street's betting
  (``studkit_twist_offer``) and the declaration before the showdown
  (``studkit_declare_phase``);
* at the showdown: see :class:`~studkit.engine.plugin_showdown.PluginShowdown`, its base.

Every decision a hook asks for is a request record that a registered
:class:`~studkit.engine.decisions.DecisionKind` takes: the kind says what the player may
choose and what a choice does (:mod:`studkit.engine.decisions`); this module queues the
decisions, offers them through :meth:`Hand.legal_actions`, checks and applies the choice given
to :meth:`Hand.apply`, and knows no kind by name. A plugin that raises during
:meth:`Hand.apply` restores the hand to what it was before the action, then the
:class:`~studkit.errors.PluginError` naming the plugin propagates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from studkit.cards import Rank
from studkit.engine.actions import FOLD, Action
from studkit.engine.decisions import (
    Deal,
    DecisionKind,
    DecisionKinds,
    Effect,
    Fold,
    Pay,
    Record,
    Remove,
    TurnUp,
    kinds_from,
)
from studkit.engine.events import WILD, ActionEvent, CommunityEvent, DealEvent, WildEvent
from studkit.engine.plugin_showdown import PluginShowdown
from studkit.errors import IllegalActionError, PluginError
from studkit.hooks.host import PluginHost
from studkit.hooks.specs import DealEffect
from studkit.variant.model import DeckExhaustion, Street

if TYPE_CHECKING:
    from studkit.engine.hand import Hand
    from studkit.engine.rules import StreetPlan

__all__ = ["HandPlugins"]


_AGGRESSIVE = frozenset(("bet", "raise", "complete", "bring-in"))
_PASSIVE = frozenset(("check", "call", FOLD))


class _Decision:
    """One decision a plugin asks of a player: the kind's name, the request record, the
    choices still due and those taken."""

    __slots__ = ("seat", "kind", "detail", "left", "taken")

    def __init__(
        self, seat: int, kind: str, detail: Any, left: int = 1, taken: tuple[Action, ...] = ()
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.detail = detail
        self.left = left
        self.taken = list(taken)


class HandPlugins(PluginShowdown):
    """The plugins' part of one hand: their state and the decisions they add."""

    __slots__ = (
        "hand", "host", "static_wild", "wild", "queue", "dealt_through", "between_done",
        "hidden", "busy", "exposure_street", "before_street", "card_steps", "deal_wait",
        "kinds", "_on_dealt", "_resume",
    )

    def __init__(self, hand: Hand, host: PluginHost) -> None:
        self.hand = hand
        self.host = host
        deck = hand.variant.deck
        self.static_wild: frozenset[Rank] = frozenset(deck.wild_ranks)
        self.wild: frozenset[Rank] = self.static_wild
        """The ranks wild for the whole table now."""
        self.queue: list[_Decision] = []
        self.dealt_through = 0
        """Events already passed to ``studkit_card_dealt``."""
        self.between_done = -2
        """The street whose twist/declare round is over."""
        self.hidden: list[tuple[Effect, ...]] = []
        """The effects of simultaneous choices made but not yet shown."""
        self.busy = False
        self.exposure_street = -1
        """The street whose exposure choices after the deal were asked."""
        self.before_street = -1
        """The street whose exposure choices before the deal were asked."""
        self.card_steps: list[tuple[int, bool]] = []
        """Cards plugins give that are still to be dealt (``auto_deal=False``: chance nodes)."""
        self.deal_wait = ""
        """The kind whose decision dealt a card that is due from outside (manual dealing)
        before its round goes on; ``""`` for none."""
        self.kinds: DecisionKinds = kinds_from(host)
        """The decision kinds the plugins register."""
        self._on_dealt = host.implements("studkit_card_dealt")
        self._resume: str = ""

    def state(self) -> tuple[Any, ...]:
        """The plugins' changing state, copied, for :meth:`set_state` (hand snapshots)."""
        return (
            self.wild, [(d.seat, d.kind, d.detail, d.left, tuple(d.taken)) for d in self.queue],
            self.dealt_through, self.between_done, self.hidden[:], self.exposure_street,
            self.before_street, self.card_steps[:], self.deal_wait, self._resume,
        )

    def set_state(self, state: tuple[Any, ...]) -> None:
        """Set the plugins' changing state from :meth:`state`'s tuple."""
        (
            self.wild, queue, self.dealt_through, self.between_done, hidden,
            self.exposure_street, self.before_street, card_steps, self.deal_wait,
            self._resume,
        ) = state
        self.queue = [_Decision(*d) for d in queue]
        self.hidden = list(hidden)
        self.card_steps = list(card_steps)

    # ------------------------------------------------------------------ rule overrides

    def exhaustion(self, plan: StreetPlan, needed: int) -> DeckExhaustion:
        """The deck-exhaustion policy for a short street."""
        hand = self.hand
        chosen = self.host.call_first(
            "studkit_deck_exhausted", hand=hand, street=self._street(plan.number),
            needed=needed, remaining=hand._source.remaining(),
        )
        return chosen if chosen is not None else hand.variant.deck_exhaustion

    def bring_in(self, seat: int) -> int:
        """The seat that brings in (the variant's choice unless a plugin overrides it)."""
        if seat < 0:
            return seat
        chosen = self.host.call_first("studkit_bring_in", hand=self.hand, seat=seat)
        return self._live_seat(chosen, seat, "studkit_bring_in")

    def first_actor(self, seat: int) -> int:
        """The seat that acts first on a street without a bring-in."""
        hand = self.hand
        leader = hand.progress.leader
        previous = leader if leader >= 0 else None
        chosen = self.host.call_first(
            "studkit_first_actor", hand=hand, street=self._street(hand.street), seat=seat,
            previous=previous,
        )
        return self._live_seat(chosen, seat, "studkit_first_actor")

    def _live_seat(self, chosen: Any, default: int, hook: str) -> int:
        if chosen is None:
            return default
        hand = self.hand
        if not isinstance(chosen, int) or not 0 <= chosen < hand.n or hand.folded[chosen]:
            raise PluginError(f"{hook} returned {chosen!r}, which is not a live seat")
        return chosen

    def _street(self, index: int) -> Street:
        return self.hand.variant.streets[index]

    # ------------------------------------------------------------------ after the deal

    def after_deal(self) -> bool:
        """Run the dealt cards through the plugins and queue the decisions they ask for.
        True when the hand now waits for a plugin decision."""
        hand = self.hand
        if self.deal_wait:  # the card a decision dealt has come
            kind, self.deal_wait = self.deal_wait, ""
            if self._on_dealt:
                self._cards_dealt()
            if self._chance_steps():
                self.deal_wait = kind
            else:
                self._next_decision(kind)
            return True
        if self._on_dealt:
            self._cards_dealt()
        if self._chance_steps():
            return True
        if not self.queue and self.exposure_street != hand.street:
            self.exposure_street = hand.street
            self._ask_exposures(hand.street, dealt=True)
        return self._wait("after-deal")

    def _ask_exposures(self, index: int, dealt: bool) -> None:
        hand = self.hand
        if hand.n_in >= 2 and self.host.implements("studkit_exposure_choice"):
            street = self._street(index)
            for seat in self._turn_order(hand._order[0]):
                choice = self.host.call_first(
                    "studkit_exposure_choice", hand=hand, seat=seat, street=street,
                    holding=self.holding(seat), dealt=dealt,
                )
                if choice is not None:
                    self._ask(seat, choice, "studkit_exposure_choice")

    def _cards_dealt(self) -> None:
        hand = self.hand
        events = hand.events
        effects: list[tuple[int | None, DealEffect]] = []
        start = self.dealt_through
        self.dealt_through = len(events)
        street = self._street(hand.street)
        for event in events[start:]:
            seat: int | None
            if isinstance(event, DealEvent) and event.card is not None:
                seat, card, face = event.seat, event.card, ("up" if event.up else "down")
            elif isinstance(event, CommunityEvent):
                seat, card, face = None, event.card, "up"
            else:
                continue
            for effect in self.host.call_all(
                "studkit_card_dealt", hand=hand, seat=seat, card=card, face=face, street=street
            ):
                effects.append((seat, effect))
        for seat, effect in effects:
            self._apply_effect(seat, effect)

    def _apply_effect(self, seat: int | None, effect: DealEffect) -> None:
        hand = self.hand
        if effect.wild_ranks is not None:
            wild = self.static_wild | frozenset(Rank(r) for r in effect.wild_ranks)
            if wild != self.wild:
                self.wild = wild
                hand.events.append(WildEvent(WILD, tuple(sorted(wild))))
        if seat is None:
            return
        for face in effect.extra_cards:
            if hand._source.remaining() <= len(self.card_steps):
                break  # the stub is empty: no extra card
            self._deal_to(seat, face == "up")
        if effect.decision is not None and not hand.folded[seat]:
            self._ask(seat, effect.decision, "studkit_card_dealt")

    def _ask(self, seat: int, request: Any, hook: str) -> None:
        """Queue the decision ``request`` asks of ``seat`` (none when the kind offers the
        seat nothing now)."""
        kind = self.kinds.by_request.get(type(request))
        if kind is None:
            raise PluginError(
                f"{hook} asked seat {seat} for a decision with {request!r}, which no "
                "registered decision kind takes (register one with studkit_decision_kinds)"
            )
        kind.check(self.hand, seat, request)
        if kind.options(self.hand, seat, request, ()):
            self.queue.append(_Decision(seat, kind.name, request, kind.count(request)))

    def _deal_to(self, seat: int, up: bool) -> None:
        """Deal a card a plugin gives: at once, or as a chance node with ``auto_deal=False``."""
        hand = self.hand
        if not hand._auto:
            self.card_steps.append((seat, up))
            return
        hand._place(seat, up, hand._source.draw(seat))
        if self._on_dealt:
            self._cards_dealt()

    def _chance_steps(self) -> bool:
        """Hand the cards still due to the caller (``auto_deal=False``); True if any."""
        if not self.card_steps:
            return False
        hand = self.hand
        hand.progress.due = list(reversed(self.card_steps))
        self.card_steps = []
        hand.actor = None
        return True

    def _turn_order(self, first: int) -> list[int]:
        hand = self.hand
        n = hand.n
        return [s for s in ((first + i) % n for i in range(n)) if not hand.folded[s]]

    # ------------------------------------------------------------------ between streets

    def between_streets(self) -> bool:
        """Before the next street (or the showdown): a twist round after this street's
        betting, the declaration before the showdown, then choices of the card to expose
        made before the next street's deal. True when the hand waits."""
        hand = self.hand
        street = hand.street
        if street < 0 or hand.n_in < 2:
            return False
        if self.between_done == street:
            if self.before_street > street or street + 1 >= len(hand.rules.streets):
                return False
            self.before_street = street + 1
            self._ask_exposures(street + 1, dealt=False)
            return self._wait("between-streets")
        self.between_done = street
        host = self.host
        if host.implements("studkit_twist_offer"):
            offer = host.call_first("studkit_twist_offer", hand=hand, street=self._street(street))
            if offer is not None:
                first = hand.progress.leader if hand.progress.leader >= 0 else hand._order[0]
                for seat in self._turn_order(first):
                    self._ask(seat, offer, "studkit_twist_offer")
        if host.implements("studkit_declare_phase"):
            phase = host.call_first("studkit_declare_phase", hand=hand)
            if phase is not None:
                for seat in self._turn_order(hand._order[0]):
                    for _ in range(phase.declarations(seat)):
                        self._ask(seat, phase, "studkit_declare_phase")
        return self._wait("between-streets") or self.between_streets()

    # ------------------------------------------------------------------ decisions

    def _wait(self, resume: str) -> bool:
        if not self.queue:
            return False
        self._resume = resume
        self.hand.actor = self.queue[0].seat
        self.hand.round.bet = 0  # between betting rounds: nothing to call
        return True

    @property
    def pending(self) -> bool:
        """Whether a plugin decision is due."""
        return bool(self.queue)

    def _kind(self, decision: _Decision) -> DecisionKind:
        return self.kinds.by_name[decision.kind]

    def legal_actions(self) -> list[Action]:
        """The decision due, as actions."""
        decision = self.queue[0]
        return self._kind(decision).options(
            self.hand, decision.seat, decision.detail, decision.taken
        )

    def apply(self, action: Action) -> None:
        """Take an action with the hand restored if a plugin fails on the way."""
        hand = self.hand
        if not self.queue and self._mid_round(action.kind):
            self.busy = True  # the betting round goes on: no hook can run, nothing to save
            try:
                hand.apply(action)
            finally:
                self.busy = False
            return
        saved = hand.snapshot()
        self.busy = True
        try:
            if self.queue:
                self._decide(action)
            else:
                hand.apply(action)
        except PluginError:
            hand.restore(saved)
            raise
        finally:
            self.busy = False

    def _mid_round(self, kind: str) -> bool:
        """Whether a betting action surely leaves the round going (another player still to
        act), so that no hook runs during it."""
        hand = self.hand
        seat = hand.actor
        if seat is None:
            return False
        folded = hand.folded
        if kind in _AGGRESSIVE:  # everyone else with chips must answer it
            stacks = hand.stacks
            return any(not folded[s] and stacks[s] > 0 for s in range(hand.n) if s != seat)
        if kind in _PASSIVE and (kind != FOLD or hand.n_in > 2):
            need = hand.round.to_act
            return any(need[s] for s in range(hand.n) if s != seat)
        return False

    def _decide(self, action: Action) -> None:
        hand = self.hand
        decision = self.queue[0]
        seat = decision.seat
        kind = self._kind(decision)
        legal = kind.options(hand, seat, decision.detail, decision.taken)
        matching = [a for a in legal if a.allows(action)]
        if not matching or (action.amount is None and len({a.amount for a in matching}) > 1):
            names = ", ".join(str(a) for a in legal)
            raise IllegalActionError(
                f"seat {seat} cannot {action} now: legal actions are {names}"
            )
        chosen = matching[0]
        taken = kind.take(hand, seat, decision.detail, chosen)
        decision.taken.append(chosen)
        if taken.hidden:
            self.hidden.append(taken.effects)
        else:
            self._apply_all(taken.effects)
        decision.left -= 1
        if decision.left > 0:
            return
        self.queue.pop(0)
        if self._chance_steps():  # a card the decision dealt comes from outside first
            self.deal_wait = decision.kind
            return
        self._next_decision(decision.kind)

    def _next_decision(self, kind: str) -> None:
        hand = self.hand
        if hand.n_in == 1:
            self.queue.clear()
            self.hidden.clear()
            hand._win_uncontested()
            return
        while self.queue and hand.folded[self.queue[0].seat]:
            self.queue.pop(0)
        if self.hidden and (not self.queue or self.queue[0].kind != kind):
            hidden, self.hidden = self.hidden, []
            for effects in hidden:  # every simultaneous choice is made: show them all
                self._apply_all(effects)
        if self.queue:
            hand.actor = self.queue[0].seat
            return
        hand.actor = None
        if self._resume == "after-deal":
            hand._after_deal()
        else:
            hand._advance_street()

    # ------------------------------------------------------------------ effects

    def _apply_all(self, effects: tuple[Effect, ...]) -> None:
        for effect in effects:
            _EFFECTS[type(effect)](self, effect)

    def _pay(self, effect: Pay) -> None:
        hand = self.hand
        amount = effect.amount
        if not 0 <= amount <= hand.stacks[effect.seat]:
            raise PluginError(f"a decision made seat {effect.seat} pay {amount} chips, which "
                              f"it does not have ({hand.stacks[effect.seat]})")
        hand.stacks[effect.seat] -= amount
        hand.dead += amount  # dead money: the payer's loss, not a stake to match

    def _fold(self, effect: Fold) -> None:
        hand = self.hand
        seat = effect.seat
        hand.folded[seat] = True
        hand.n_in -= 1
        hand.round.to_act[seat] = False
        hand.folded_cards.extend(hand.cards[seat])
        hand.events.append(ActionEvent(FOLD, seat, 0, 0))

    def _turn_up(self, effect: TurnUp) -> None:
        hand = self.hand
        if effect.card not in hand.down[effect.seat]:
            raise PluginError(f"a decision turned up {effect.card}, which seat {effect.seat} "
                              "does not hold face down")
        hand.down[effect.seat].remove(effect.card)
        hand.up[effect.seat].append(effect.card)

    def _remove(self, effect: Remove) -> None:
        hand = self.hand
        seat, card = effect.seat, effect.card
        if card not in hand.cards[seat]:
            raise PluginError(f"a decision took {card} from seat {seat}, which does not hold it")
        hand.cards[seat].remove(card)
        (hand.up if card in hand.up[seat] else hand.down)[seat].remove(card)
        hand.folded_cards.append(card)

    def _deal(self, effect: Deal) -> None:
        if self.hand._source.remaining() <= len(self.card_steps):
            raise PluginError(f"a decision dealt seat {effect.seat} a card, but the stub is empty")
        self._deal_to(effect.seat, effect.up)

    def _record(self, effect: Record) -> None:
        self.hand.events.append(effect.event)


_EFFECTS: Final[dict[type, Callable[[HandPlugins, Any], None]]] = {
    Pay: HandPlugins._pay,
    Fold: HandPlugins._fold,
    TurnUp: HandPlugins._turn_up,
    Remove: HandPlugins._remove,
    Deal: HandPlugins._deal,
    Record: HandPlugins._record,
}
"""How the engine applies each effect a decision kind returns."""
