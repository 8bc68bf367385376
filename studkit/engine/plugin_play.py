"""How plugins take part in a hand: the hook phases' other half.

With plugins the rules core stops at named phases (:data:`studkit.core.PHASES`); there the
hand hands over to its :class:`HandPlugins`, which exists only when a plugin acts, so a hand
without plugins pays nothing:

* ``AFTER_DEAL``, a street's cards are dealt: every card dealt goes through
  ``studkit_card_dealt`` (its effects change the table's wild ranks, deal extra cards and ask
  for decisions), then each player's exposure choice (``studkit_exposure_choice``);
* ``BETWEEN_STREETS``, a street's betting is over: the offers after it
  (``studkit_twist_offer``), the declaration before the showdown (``studkit_declare_phase``),
  then the exposure choices made before the next street's deal;
* ``BRING_IN`` and ``FIRST_ACTOR``: who brings in, who opens (``studkit_bring_in``,
  ``studkit_first_actor``); the deck running out (``studkit_deck_exhausted``);
* the showdown: see :class:`~studkit.engine.plugin_showdown.PluginShowdown`, its base.

What a hook does within a phase is one of the named :data:`STEPS`, each taken once per
street. Every decision a hook asks for is a request record that a registered
:class:`~studkit.engine.decisions.DecisionKind` takes: the kind says what the player may
choose and what a choice does, as effect records (:mod:`studkit.engine.decisions`) that
change the hand only through the rules core's effect functions (a payment, a fold, a card
turned up or taken, a card given). This module queues the decisions, offers them through
:meth:`Hand.legal_actions`, checks and applies the choice given to :meth:`Hand.apply`, and
knows no kind by name. Hooks read the hand through its read-only view
(:class:`~studkit.engine.plugin_view.PluginView`). A plugin that raises during
:meth:`Hand.apply` restores the hand to what it was before the action, then the
:class:`~studkit.errors.PluginError` naming the plugin propagates.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from studkit.cards import Rank
from studkit.core import FOLD as FOLD_CODE, State
from studkit.engine.actions import Action
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
from studkit.engine.events import WILD, CommunityEvent, DealEvent, WildEvent
from studkit.engine.plugin_showdown import PluginShowdown
from studkit.engine.plugin_view import PluginView
from studkit.engine.reading import HandReading
from studkit.errors import IllegalActionError, PluginError
from studkit.hooks.host import PluginHost
from studkit.hooks.specs import DealEffect
from studkit.variant.model import DeckExhaustion, Street

__all__ = ["HandPlugins", "STEPS"]

# The rules core's hook phases (studkit.core.PHASES), by number.
_AFTER_DEAL: Final = 7
_BETWEEN_STREETS: Final = 8
_BRING_IN: Final = 9
_FIRST_ACTOR: Final = 10

EXPOSE_DEALT: Final = "exposure after the deal"
OFFERS: Final = "offers and declarations"
EXPOSE_NEXT: Final = "exposure before the next deal"
STEPS: Final = (EXPOSE_DEALT, OFFERS, EXPOSE_NEXT)
"""The plugins' steps in a street, in order: the exposure choices once the street is dealt
(``AFTER_DEAL``); after its betting, the offers (twists) and the declaration, then the exposure
choices made before the next street's deal (``BETWEEN_STREETS``)."""

_AGGRESSIVE_CODES: Final = frozenset((3, 4, 5, 6))  # bring-in, complete, bet, raise


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


Give = Callable[[int, bool], None]
"""A card for a seat now, face up or not (:meth:`Hand._give`)."""
Log = Callable[[tuple[Any, ...]], None]
"""An event for the hand's log."""


class HandPlugins(PluginShowdown):
    """The plugins' part of one hand: their state and the decisions they add. It reads the
    hand through ``hand`` (its public state), changes it through the rules core's effect
    functions on ``core``, deals a plugin's cards with ``give`` and logs with ``log``."""

    __slots__ = (
        "hand", "host", "core", "give", "log", "view", "static_wild", "wild", "queue",
        "cards_seen", "done", "hidden", "waiting_card", "kinds", "_on_dealt",
    )

    def __init__(
        self, hand: HandReading, host: PluginHost, core: State, give: Give, log: Log
    ) -> None:
        self.hand = hand
        self.host = host
        self.core = core
        self.give = give
        self.log = log
        self.view = PluginView(hand)
        """What the hooks read of the hand."""
        deck = hand.variant.deck
        self.static_wild: frozenset[Rank] = frozenset(deck.wild_ranks)
        self.wild: frozenset[Rank] = self.static_wild
        """The ranks wild for the whole table now."""
        self.queue: list[_Decision] = []
        """The decisions due, the first one now."""
        self.cards_seen = 0
        """Events already passed to ``studkit_card_dealt``."""
        self.done: set[tuple[int, str]] = set()
        """The :data:`STEPS` taken, as ``(street, step)``."""
        self.hidden: list[tuple[Effect, ...]] = []
        """The effects of simultaneous choices made but not yet shown."""
        self.waiting_card = ""
        """The kind whose decision dealt a card that must come from outside (manual
        dealing) before its round goes on; ``""`` for none."""
        self.kinds: DecisionKinds = kinds_from(host)
        """The decision kinds the plugins register."""
        self._on_dealt = host.implements("studkit_card_dealt")

    def state(self) -> tuple[Any, ...]:
        """The plugins' changing state, copied, for :meth:`set_state` (hand snapshots)."""
        return (
            self.wild, [(d.seat, d.kind, d.detail, d.left, tuple(d.taken)) for d in self.queue],
            self.cards_seen, frozenset(self.done), self.hidden[:], self.waiting_card,
        )

    def set_state(self, state: tuple[Any, ...]) -> None:
        """Set the plugins' changing state from :meth:`state`'s tuple."""
        self.wild, queue, self.cards_seen, done, hidden, self.waiting_card = state
        self.queue = [_Decision(*d) for d in queue]
        self.done = set(done)
        self.hidden = list(hidden)

    # ------------------------------------------------------------------ the hook phases

    def run(self, phase: int) -> bool:
        """Run the plugins' part of a hook phase; True when the hand now waits (a plugin
        decision is due, or a card one gave must come from outside)."""
        if self.core.n_in == 1:  # the last player takes the pot: nothing more to ask
            self.queue.clear()
            self.hidden.clear()
            self.waiting_card = ""
            return False
        if self.waiting_card:  # the card a decision dealt has come
            kind, self.waiting_card = self.waiting_card, ""
            if self._on_dealt:
                self._cards_dealt()
            if self._cards_due():
                self.waiting_card = kind
                return True
            if self._next_decision(kind):
                return True
        if phase == _AFTER_DEAL:
            return self._after_deal()
        if phase == _BETWEEN_STREETS:
            return self._between_streets()
        core = self.core
        if phase == _BRING_IN:
            chosen = self.host.call_first("studkit_bring_in", hand=self.view, seat=core.choice)
            core.choose(self._live_seat(chosen, core.choice, "studkit_bring_in"))
        elif phase == _FIRST_ACTOR:
            previous = core.leader if core.leader >= 0 else None
            chosen = self.host.call_first(
                "studkit_first_actor", hand=self.view, street=self._street(core.street),
                seat=core.choice, previous=previous,
            )
            core.choose(self._live_seat(chosen, core.choice, "studkit_first_actor"))
        return False

    def exhaustion(self, street: int, needed: int) -> DeckExhaustion:
        """The deck-exhaustion policy for a short street."""
        hand = self.hand
        chosen = self.host.call_first(
            "studkit_deck_exhausted", hand=self.view, street=self._street(street),
            needed=needed, remaining=hand.cards_left,
        )
        return chosen if chosen is not None else hand.variant.deck_exhaustion

    def _live_seat(self, chosen: Any, default: int, hook: str) -> int:
        if chosen is None:
            return default
        hand = self.hand
        if not isinstance(chosen, int) or not 0 <= chosen < hand.n or self.core.folded[chosen]:
            raise PluginError(f"{hook} returned {chosen!r}, which is not a live seat")
        return chosen

    def _street(self, index: int) -> Street:
        return self.hand.variant.streets[index]

    def _after_deal(self) -> bool:
        """The dealt cards through the plugins, then each player's exposure choice."""
        if self._on_dealt:
            self._cards_dealt()
        if self._cards_due():
            return True
        street = self.core.street
        if not self.queue and (street, EXPOSE_DEALT) not in self.done:
            self.done.add((street, EXPOSE_DEALT))
            self._ask_exposures(street, dealt=True)
        return bool(self.queue)

    def _between_streets(self) -> bool:
        """After a street's betting: a twist round, the declaration before the showdown,
        then choices of the card to expose made before the next street's deal."""
        hand = self.hand
        street = self.core.street
        if self.core.n_in < 2:
            return False
        if (street, OFFERS) not in self.done:
            self.done.add((street, OFFERS))
            self._offers_and_declarations(street)
            if self.queue:
                return True
        if (street, EXPOSE_NEXT) not in self.done and street + 1 < len(hand.rules.streets):
            self.done.add((street, EXPOSE_NEXT))
            self._ask_exposures(street + 1, dealt=False)
        return bool(self.queue)

    def _offers_and_declarations(self, street: int) -> None:
        host = self.host
        core = self.core
        if host.implements("studkit_twist_offer"):
            offer = host.call_first(
                "studkit_twist_offer", hand=self.view, street=self._street(street)
            )
            if offer is not None:
                first = core.leader if core.leader >= 0 else core.order[0]
                for seat in self._turn_order(first):
                    self._ask(seat, offer, "studkit_twist_offer")
        if host.implements("studkit_declare_phase"):
            phase = host.call_first("studkit_declare_phase", hand=self.view)
            if phase is not None:
                for seat in self._turn_order(core.order[0]):
                    for _ in range(phase.declarations(seat)):
                        self._ask(seat, phase, "studkit_declare_phase")

    def _ask_exposures(self, index: int, dealt: bool) -> None:
        core = self.core
        if core.n_in >= 2 and self.host.implements("studkit_exposure_choice"):
            street = self._street(index)
            for seat in self._turn_order(core.order[0]):
                choice = self.host.call_first(
                    "studkit_exposure_choice", hand=self.view, seat=seat, street=street,
                    holding=self.holding(seat), dealt=dealt,
                )
                if choice is not None:
                    self._ask(seat, choice, "studkit_exposure_choice")

    def _cards_dealt(self) -> None:
        hand = self.hand
        events = hand.events
        effects: list[tuple[int | None, DealEffect]] = []
        start = self.cards_seen
        self.cards_seen = len(events)
        street = self._street(self.core.street)
        for event in events[start:]:
            seat: int | None
            if isinstance(event, DealEvent) and event.card is not None:
                seat, card, face = event.seat, event.card, ("up" if event.up else "down")
            elif isinstance(event, CommunityEvent):
                seat, card, face = None, event.card, "up"
            else:
                continue
            for effect in self.host.call_all(
                "studkit_card_dealt", hand=self.view, seat=seat, card=card, face=face,
                street=street,
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
                self.log(WildEvent(WILD, tuple(sorted(wild))))
        if seat is None:
            return
        for face in effect.extra_cards:
            if hand.cards_left <= self._due():
                break  # the stub is empty: no extra card
            self._deal_to(seat, face == "up")
        if effect.decision is not None and not self.core.folded[seat]:
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
        kind.check(self.view, seat, request)
        if kind.options(self.view, seat, request, ()):
            self.queue.append(_Decision(seat, kind.name, request, kind.count(request)))

    def _due(self) -> int:
        """Cards given and not dealt yet (manual dealing)."""
        return len(self.core.due())

    def _deal_to(self, seat: int, up: bool) -> None:
        """Deal a card a plugin gives: at once, or as a chance node with ``auto_deal=False``."""
        self.give(seat, up)
        if not self._cards_due() and self._on_dealt:
            self._cards_dealt()

    def _cards_due(self) -> bool:
        """Whether cards a plugin gave must still come from the caller (manual dealing)."""
        return self.core.phase == 2  # CARDS

    def _turn_order(self, first: int) -> list[int]:
        core = self.core
        n = core.n
        folded = core.folded
        return [s for s in ((first + i) % n for i in range(n)) if not folded[s]]

    # ------------------------------------------------------------------ decisions

    def _kind(self, decision: _Decision) -> DecisionKind:
        return self.kinds.by_name[decision.kind]

    def legal_actions(self) -> list[Action]:
        """The decision due, as actions."""
        decision = self.queue[0]
        return self._kind(decision).options(
            self.view, decision.seat, decision.detail, decision.taken
        )

    def mid_round(self, verb: int) -> bool:
        """Whether a betting decision surely leaves the round going (another player still to
        act), so that no hook can run during it."""
        core = self.core
        seat = core.actor
        folded = core.folded
        if verb in _AGGRESSIVE_CODES:  # everyone else with chips must answer it
            stacks = core.stack
            return any(not folded[s] and stacks[s] > 0 for s in range(core.n) if s != seat)
        if verb != FOLD_CODE or core.n_in > 2:
            return (core.to_act & ~(1 << seat)) != 0  # to_act: a bit per seat
        return False

    def decide(self, action: Action) -> bool:
        """Take the choice ``action`` of the decision due; True when the hand waits again
        (another decision, or a card from outside)."""
        decision = self.queue[0]
        seat = decision.seat
        kind = self._kind(decision)
        legal = kind.options(self.view, seat, decision.detail, decision.taken)
        matching = [a for a in legal if a.allows(action)]
        if not matching or (action.amount is None and len({a.amount for a in matching}) > 1):
            names = ", ".join(str(a) for a in legal)
            raise IllegalActionError(
                f"seat {seat} cannot {action} now: legal actions are {names}"
            )
        chosen = matching[0]
        taken = kind.take(self.view, seat, decision.detail, chosen)
        decision.taken.append(chosen)
        if taken.hidden:
            self.hidden.append(taken.effects)
        else:
            self._apply_all(taken.effects)
        decision.left -= 1
        if decision.left > 0:
            return True
        self.queue.pop(0)
        if self._cards_due():  # a card the decision dealt comes from outside first
            self.waiting_card = decision.kind
            return True
        return self._next_decision(decision.kind)

    def _next_decision(self, kind: str) -> bool:
        """After a decision of ``kind``: the next one, the choices made together shown once
        all are made; True when another decision is due."""
        core = self.core
        if core.n_in == 1:
            self.queue.clear()
            self.hidden.clear()
            return False  # the hook phase goes on, and the last player takes the pot
        folded = core.folded
        while self.queue and folded[self.queue[0].seat]:
            self.queue.pop(0)
        if self.hidden and (not self.queue or self.queue[0].kind != kind):
            hidden, self.hidden = self.hidden, []
            for effects in hidden:  # every simultaneous choice is made: show them all
                self._apply_all(effects)
        return bool(self.queue)

    # ------------------------------------------------------------------ effects

    def _apply_all(self, effects: tuple[Effect, ...]) -> None:
        for effect in effects:
            _EFFECTS[type(effect)](self, effect)

    def _pay(self, effect: Pay) -> None:
        core = self.core
        amount = effect.amount
        stack = core.stack[effect.seat]
        if not 0 <= amount <= stack:
            raise PluginError(f"a decision made seat {effect.seat} pay {amount} chips, which "
                              f"it does not have ({stack})")
        core.add_dead(effect.seat, amount)  # dead money: the payer's loss, not a stake to match

    def _fold(self, effect: Fold) -> None:
        self.core.fold_seat(effect.seat)

    def _turn_up(self, effect: TurnUp) -> None:
        core = self.core
        if effect.card not in core.held_down(effect.seat):
            raise PluginError(f"a decision turned up {effect.card}, which seat {effect.seat} "
                              "does not hold face down")
        core.turn_up(effect.seat, effect.card)

    def _remove(self, effect: Remove) -> None:
        core = self.core
        seat, card = effect.seat, effect.card
        if card not in core.held(seat):
            raise PluginError(f"a decision took {card} from seat {seat}, which does not hold it")
        core.remove_card(seat, card)

    def _deal(self, effect: Deal) -> None:
        if self.hand.cards_left <= self._due():
            raise PluginError(f"a decision dealt seat {effect.seat} a card, but the stub is empty")
        self._deal_to(effect.seat, effect.up)

    def _record(self, effect: Record) -> None:
        self.log(effect.event)


_EFFECTS: Final[dict[type, Callable[[HandPlugins, Any], None]]] = {
    Pay: HandPlugins._pay,
    Fold: HandPlugins._fold,
    TurnUp: HandPlugins._turn_up,
    Remove: HandPlugins._remove,
    Deal: HandPlugins._deal,
    Record: HandPlugins._record,
}
"""How the engine applies each effect a decision kind returns."""

_ = Sequence  # the kinds' options are sequences of actions
