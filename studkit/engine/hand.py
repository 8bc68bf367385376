"""The :class:`Hand`: one hand of a stud variant, from the antes to the pot awards.

A hand plays by calling the rules core (:mod:`studkit.core`), which holds its state and every
rule; the hand is the core's driver for one hand at a time. It deals the cards the core asks
for from its card source, ranks the showing hands and the showdown's hands with the variant's
evaluators, runs the plugins at the core's hook phases, and turns the core's records into the
typed event log. Ask it who is to act (:attr:`Hand.actor`) and what they may do
(:meth:`Hand.legal_actions`), then call a verb (:meth:`~Hand.fold`, :meth:`~Hand.check`,
:meth:`~Hand.call`, :meth:`~Hand.bring_in`, :meth:`~Hand.complete`, :meth:`~Hand.bet`,
:meth:`~Hand.raise_to`) or :meth:`~Hand.apply` an :class:`~studkit.engine.actions.Action`.

>>> from studkit.variant.model import Variant
>>> hand = Hand(Variant(name="stud"), [100, 100, 100], seed=1)
>>> while not hand.is_over:
...     hand.check_or_call()
>>> sum(hand.payoffs)
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, SupportsInt

from studkit.cards import Card
from studkit.core import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    RAISE,
    VERBS,
    CoreError,
    State,
    _core,
)
from studkit.engine.actions import Action
from studkit.engine.betting import BettingRound
from studkit.engine.chips import action_text, misfit, starting_chips, table_units, whole_chips
from studkit.engine.dealing import (
    BLANK_SOURCE,
    CardSource,
    DeckSource,
    OrderedSource,
    ScriptedSource,
    SeatCards,
    card_at,
    copy_random,
    copy_source,
    seat_scripts,
)
from studkit.engine.decisions import NO_KINDS, DecisionKinds
from studkit.engine.events import AwardEvent, Event
from studkit.engine.exhaustion import exhausted, policy_code
from studkit.engine.plugin_play import HandPlugins
from studkit.engine.pots import Pot, build_pots
from studkit.engine.rules import Rules, compile_rules
from studkit.engine.seats import button_seat
from studkit.engine.showdown import (
    concede_seat,
    played_cards,
    pot_strengths,
    ranked_strengths,
    showdown_strengths,
)
from studkit.engine.showing import showing_values
from studkit.engine.snapshot import CACHE_FIELDS, FIXED_FIELDS, STATE_FIELDS, HandSnapshot
from studkit.engine.view import SeatView, seat_view
from studkit.errors import IllegalActionError, PluginError, StudkitError
from studkit.variant.model import Stakes, Variant

__all__ = ["Hand", "HandSnapshot", "FIXED_FIELDS", "STATE_FIELDS", "CACHE_FIELDS"]

# The rules core's phases (studkit.core.PHASES), by number.
_DEAL: Final = 0
_RESTOCK: Final = 1
_CARDS: Final = 2
_SHOWING: Final = 3
_BET: Final = 4
_SHOWDOWN: Final = 5
_OVER: Final = 6
_ODD_CHIPS: Final = 11

_VERB_CODES: Final[dict[str, int]] = {name: code for code, name in enumerate(VERBS)}
"""Each betting verb's one code (:data:`studkit.core.VERBS`)."""


class Hand:
    """One hand of stud: the state, the legal actions and the verbs that change it.

    ``stacks`` are the players' chips before the antes, one per seat, in clockwise order;
    ``button`` is the dealer's seat (default: the last seat, so seat 0 is the dealer's left).
    Cards come from ``source`` if given, else from ``cards`` (a complete order, top first),
    else from a deck shuffled with ``seed`` (or ``rng``); ``deal={seat: cards}`` gives those
    seats those cards in deal order (``"As Ks 9h 8d"``, or one text per street), every other
    card coming from the shuffled deck. With ``auto_deal=False`` the hand stops before each
    card so the caller supplies it with :meth:`deal` (chance nodes). ``rake``: see :attr:`rake`.

    The verbs take the player's amounts (``"1.50"``); figures, stacks and :class:`Action`s are
    in the table's units, ``rules.stakes.scale`` per whole amount (:mod:`studkit.variant.amounts`).

    The hand's state is the rules core's (:class:`studkit.core.State`, declared once in
    ``studkit/core/hand.h``) plus what the engine keeps beside it: the event log
    (:attr:`events`), the card source and its random generator, and the plugins' part
    (their decisions due, the table's wild ranks). Read it through the properties below;
    only the core and the hand's own methods change it.
    """

    __slots__ = (
        # fixed for the whole hand
        "rules", "variant", "n", "button", "starting_stacks", "_auto", "_on_over", "_own_rng",
        # the changing state: the core's, and beside it the log, the cards' source and the
        # plugins' part (a snapshot copies exactly these)
        "_core", "events", "_source", "_rng", "_rng_shared", "_plugins",
        # remembered answers (the legal actions of the state they were asked in)
        "_legal_key", "_legal",
    )

    def __init__(
        self,
        variant: Variant,
        stacks: Sequence[int],
        *,
        button: int | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        cards: Sequence[int] | None = None,
        source: CardSource | None = None,
        deal: Mapping[int, SeatCards] | None = None,
        stakes: Stakes | None = None,
        auto_deal: bool = True,
        on_over: Callable[[Hand], None] | None = None,
        rake: object = 0,
    ) -> None:
        rules = compile_rules(variant, stakes)
        taken = whole_chips(rake)
        if taken is None or taken < 0:
            raise StudkitError(f"a rake of {rake!r}: a rake is a whole number of chips, 0 or more")
        n = len(stacks)
        if not variant.min_players <= n <= variant.max_players:
            raise StudkitError(
                f"{variant.name} seats {variant.min_players} to {variant.max_players} players, "
                f"not {n}"
            )
        if n > _core.SEATS:
            raise StudkitError(f"studkit plays at most {_core.SEATS} seats, not {n}")
        chips = starting_chips(stacks)
        self.rules: Rules = rules
        self.variant = variant
        self.n = n
        self.button = (n - 1) if button is None else button_seat(button, n)
        self.starting_stacks = tuple(chips)
        self.events: list[Event] = []
        self._core = State(rules.core, rules.records, self.events)
        self._rng = rng if rng is not None else random.Random(seed)
        self._own_rng = rng is None
        """Whether the hand made its generator (nobody else draws from it: a copy may share
        it until either uses it)."""
        self._rng_shared = False
        if (source is not None) + (cards is not None) + (deal is not None) > 1:
            raise StudkitError("give at most one of cards, source and deal")
        if deal is not None:  # these seats' cards; every other card from the seeded deck
            source = ScriptedSource(
                seat_scripts(deal, n), deck=rules.deck, seed=self._rng.getrandbits(64)
            )
        elif source is None:
            if cards is not None:
                source = OrderedSource(cards, rules.deck)
            else:
                source = DeckSource(rules.deck, rng=self._rng, owns_rng=self._own_rng)
        self._source: CardSource = source
        self._auto = auto_deal
        self._on_over = on_over
        self._legal_key = -1
        self._legal: list[Action] = []
        self._plugins: HandPlugins | None = (
            None if rules.plugins is None else self._plugins_part(rules.plugins)
        )
        if source is BLANK_SOURCE:
            return  # a hand to restore a snapshot into (clone, copy, unpickle)
        self._core.begin(n, self.button, chips)  # antes, blinds, the first street
        self._core.set_rake(taken)
        self._drive()

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.actor} to act"
        return f"<Hand {self.variant.name} {self.n} players, {self.street_name} street, {state}>"

    # ------------------------------------------------------------------ the state, read

    @property
    def seat_order(self) -> list[int]:
        """The seats clockwise from the dealer's left: the order of the deal."""
        return self._core.order

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (the pots are awarded)."""
        return self._core.phase == _OVER

    @property
    def actor(self) -> int | None:
        """The seat to act (a betting decision, or a plugin's), or ``None`` (cards being
        dealt, or the hand is over)."""
        core = self._core
        phase = core.phase
        if phase == _BET and self._plugins is None:
            return core.actor
        if phase == _CARDS or phase == _OVER:
            return None
        plugins = self._plugins
        if plugins is not None and plugins.queue:
            return plugins.queue[0].seat
        return core.actor if phase == _BET else None

    @property
    def street(self) -> int:
        """The current street's index (-1 before the first; the number of streets once the
        showdown is reached)."""
        return self._core.street

    @property
    def street_name(self) -> str:
        """The current street's name (``""`` before the first card; the last street's once
        the hand is over)."""
        streets = self.rules.streets
        street = self._core.street
        if street < 0:
            return ""
        return streets[street if street < len(streets) else -1].name

    @property
    def stacks(self) -> list[int]:
        """Chips behind, per seat."""
        return self._core.stack

    @property
    def bets(self) -> list[int]:
        """Chips bet on this street, per seat."""
        return self._core.bets

    @property
    def contrib(self) -> list[int]:
        """Chips put in this hand, per seat (an uncalled bet returned is not)."""
        return self._core.contrib

    @property
    def dead(self) -> int:
        """Chips in the pot that are nobody's stake (plugin payments: Baseball, twists)."""
        return self._core.dead

    @property
    def folded(self) -> list[bool]:
        """Per seat: whether it has folded."""
        return [bool(flag) for flag in self._core.folded]

    @property
    def n_in(self) -> int:
        """Players who have not folded."""
        return self._core.n_in

    @property
    def cards(self) -> list[list[Card]]:
        """Per seat, its cards in deal order (a copy)."""
        held = self._core.held
        return [held(seat) for seat in range(self.n)]

    @property
    def up(self) -> list[list[Card]]:
        """Per seat, its face-up cards in the order they were dealt (or turned up)."""
        held = self._core.held_up
        return [held(seat) for seat in range(self.n)]

    @property
    def down(self) -> list[list[Card]]:
        """Per seat, its face-down cards in deal order."""
        held = self._core.held_down
        return [held(seat) for seat in range(self.n)]

    def up_cards(self, seat: int) -> tuple[Card, ...]:
        """The seat's face-up cards, in deal order."""
        return tuple(self._core.held_up(seat))

    def down_cards(self, seat: int) -> tuple[Card, ...]:
        """The seat's face-down cards, in deal order."""
        return tuple(self._core.held_down(seat))

    @property
    def community(self) -> list[Card]:
        """The community (board) cards every player uses."""
        return self._core.table_cards(0)

    @property
    def burned(self) -> list[Card]:
        """The cards burned (and not yet shuffled back)."""
        return self._core.table_cards(1)

    @property
    def folded_cards(self) -> list[Card]:
        """Folded players' cards and cards traded away (until the deck reuses them)."""
        return self._core.table_cards(2)

    @property
    def shown(self) -> list[int]:
        """The seats that showed, in order: from the showdown, or from the moment all-ins
        closed the betting."""
        return self._core.shown

    @property
    def awards(self) -> list[tuple[int, int, int, str, str]]:
        """``(seat, amount, pot, share, description)`` per award (``share`` ``""`` for a pot
        won without a showdown)."""
        return [
            (event.seat, event.amount, event.pot, event.share, event.description)
            for event in self.events if type(event) is AwardEvent
        ]

    @property
    def conceded(self) -> list[int]:
        """The seats that conceded (:meth:`concede`), in seat order."""
        return [s for s in range(self.n) if self._core.conceded >> s & 1]

    @property
    def rake(self) -> int:
        """The house's take from the pots at the award, in the table's units: the ``rake`` the
        hand was given (a card room's history states it)."""
        return int(self._core.rake)

    @property
    def exposed(self) -> bool:
        """Whether all hands have been turned up (betting closed by all-ins)."""
        return bool(self._core.exposed)

    @property
    def forced_seat(self) -> int | None:
        """The seat that must bring in now, if any."""
        forced = self._core.forced
        return forced if forced >= 0 else None

    @property
    def bring_in_seat(self) -> int | None:
        """The seat that had to bring in this hand (it may have completed instead), if any."""
        seat = self._core.bring_in_seat
        return seat if seat >= 0 else None

    @property
    def street_pots(self) -> dict[int, int]:
        """The pot as each street's betting ended (an uncalled bet given back), by street
        index; a street whose betting was not played (all in, or the hand over) is left out."""
        core = self._core
        played, pots = core.rounds_played, core.street_pot
        return {k: pots[k] for k in range(len(pots)) if played >> k & 1}

    @property
    def street_leaders(self) -> dict[int, int]:
        """By street index, the player who acted first by showing the best board there."""
        return {k: seat for k, seat in enumerate(self._core.board_leader) if seat >= 0}

    @property
    def limits_met(self) -> tuple[int, int, int]:
        """The streets, a bit each, where the raise cap was reached, where the open-pair
        option was live, and where a big bet was made under it."""
        core = self._core
        return core.capped_streets, core.open_pair_streets, core.open_pair_taken

    @property
    def pot(self) -> int:
        """All chips put in so far, current bets and dead money included."""
        core = self._core
        return sum(core.contrib) + core.dead

    @property
    def pots(self) -> list[Pot]:
        """The main pot and side pots (as they stand; final once the showdown is reached)."""
        core = self._core
        if core.npots >= 0:
            return [
                Pot(amount, tuple(s for s in range(self.n) if mask >> s & 1))
                for amount, mask in zip(core.pot_amount, core.pot_eligible, strict=True)
            ]
        return build_pots(core.contrib, [not f for f in core.folded], dead=core.dead)

    @property
    def payoffs(self) -> list[int]:
        """Chips won or lost per seat (zero-sum once the hand is over)."""
        return [s - t for s, t in zip(self._core.stack, self.starting_stacks, strict=True)]

    @property
    def to_call(self) -> int:
        """Chips the player to act needs to call (0 when there is no betting decision)."""
        core = self._core
        if core.phase != _BET or self._pending():
            return 0
        seat = core.actor
        owed = core.bet - core.bets[seat]
        stack = core.stack[seat]
        return owed if owed < stack else stack

    @property
    def all_in(self) -> list[bool]:
        """Per seat: in the hand with no chips left."""
        core = self._core
        return [not f and s == 0 for f, s in zip(core.folded, core.stack, strict=True)]

    @property
    def needs_card(self) -> tuple[int, bool] | None:
        """With ``auto_deal=False``: who the next card goes to and whether it is dealt up
        (seat ``-1`` a burn, ``-2`` the community card), or ``None``."""
        core = self._core
        if core.phase != _CARDS:
            return None
        seat, up = core.due()[0]
        return seat, up

    @property
    def cards_left(self) -> int:
        """Cards left in the stub (what a plugin's extra or replacement card comes from)."""
        return self._source.remaining()

    def cards_out(self) -> set[int]:
        """Cards that are not in the stub: held by live players, folded (until reused),
        burned (until reshuffled) or on the table."""
        core = self._core
        out = {int(c) for c in core.table_cards(1)}
        out.update(int(c) for c in core.table_cards(0))
        out.update(int(c) for c in core.table_cards(2))
        folded = core.folded
        for seat in range(self.n):
            if not folded[seat]:
                out.update(int(c) for c in core.held(seat))
        return out

    def betting_round(self) -> BettingRound:
        """The betting round's sizing as it stands (a copy: what the betting structures read,
        :mod:`studkit.engine.betting`)."""
        core = self._core
        r = BettingRound(core.players, self.rules.core, max_bet=core.max_bet)
        r.bet, r.last_full, r.increment, r.bring_in = (
            core.bet, core.last_full, core.increment, core.posted
        )
        r.size, r.open_pair, r.big_made = core.size, bool(core.open_pair), bool(core.big_made)
        return r

    @property
    def decision_kinds(self) -> DecisionKinds:
        """The plugin decisions this hand's game registers (none without plugins)."""
        plugins = self._plugins
        return plugins.kinds if plugins is not None else NO_KINDS

    @property
    def wild_ranks(self) -> frozenset[Any]:
        """The ranks wild for the whole table now (a plugin may change them as cards are
        dealt)."""
        plugins = self._plugins
        if plugins is not None:
            return plugins.wild
        return frozenset(self.variant.deck.wild_ranks)

    @property
    def hidden_choices(self) -> tuple[tuple[Any, ...], ...]:
        """The effects of simultaneous plugin choices made but not shown yet."""
        plugins = self._plugins
        return tuple(plugins.hidden) if plugins is not None else ()

    @property
    def phase(self) -> str:
        """What the hand waits for, by the rules core's phase's name (:data:`studkit.core.
        PHASES`: ``BET`` a betting decision, ``CARDS`` a card with manual dealing, the hook
        phases while a plugin's decision is due, ``OVER``)."""
        return _core.PHASES[self._core.phase]

    def view(self, seat: int) -> SeatView:
        """The hand as ``seat`` may see it: its own down cards, everyone's up cards, chips."""
        return seat_view(self, seat)

    # ------------------------------------------------------------------ legality

    def _pending(self) -> bool:
        """Whether a plugin's decision is due (and no card is)."""
        plugins = self._plugins
        return plugins is not None and bool(plugins.queue) and self._core.phase != _CARDS

    def _acting(self) -> bool:
        """Whether a betting decision is due (not a plugin's, not a card)."""
        return self._core.phase == _BET and not self._pending()

    def _illegal(self, what: str) -> IllegalActionError:
        if self.is_over:
            return IllegalActionError(f"cannot {what}: the hand is over")
        actor = self.actor
        if actor is None:
            return IllegalActionError(f"cannot {what}: cards are being dealt, nobody is to act")
        legal = ", ".join(action_text(a, self.rules.stakes.scale) for a in self.legal_actions())
        return IllegalActionError(
            f"seat {actor} cannot {what} on {self.street_name} street: "
            f"legal actions are {legal}"
        )

    def _check(self, verb: int, amount: int = -1) -> int:
        """The rules core's one check of ``verb`` (to ``amount``, -1 for the one amount
        allowed): what it puts in (call, bring-in), the total it bets (complete, bet, raise),
        0 for a fold or check; -1 when it is not legal now."""
        if not self._acting():
            return -1
        try:
            return self._core.check(verb, amount)
        except OverflowError:  # an amount no stack holds
            return -1

    def _listed_by_plugin(self, kind: str) -> bool | None:
        """Whether a plugin's due decision lists ``kind`` (a pay-or-fold's ``fold``); ``None``
        when no plugin decision is due (the betting's check decides)."""
        if not self._pending():
            return None
        return any(action.kind == kind for action in self.legal_actions())

    def _as_plugin_decision(self, kind: str, amount: SupportsInt | str | None = None) -> bool:
        """Take the verb as the plugin's due decision where one is due (raises unless it is
        listed): whether it was taken so. Every verb works wherever its action is listed."""
        if not self._pending():
            return False
        if amount is None:
            self.apply(Action(kind))
            return True
        chips = table_units(amount, self.rules.stakes.scale)
        if chips is None:
            raise self._illegal(misfit(kind, amount, self.rules.stakes.scale))
        self.apply(Action(kind, chips))
        return True

    def verify_fold(self) -> None:
        """Raise :class:`~studkit.errors.IllegalActionError` unless the player to act may
        fold (in the betting, or as a plugin's decision lists it)."""
        if not self.can_fold():
            raise self._illegal("fold")

    def verify_check(self) -> None:
        """Raise unless the player to act may check."""
        if not self.can_check():
            raise self._illegal("check")

    def verify_call(self) -> int:
        """The chips a call puts in now; raises unless the player to act may call."""
        chips = self._check(CALL)
        if chips <= 0:
            raise self._illegal("call")
        return chips

    def verify_bring_in(self) -> int:
        """The chips the bring-in puts in; raises unless the player to act must bring in."""
        chips = self._check(BRING_IN)
        if chips <= 0:
            raise self._illegal("bring-in")
        return chips

    # SupportsInt: the compiled engine lets any number through to the check naming the action.
    def verify_complete(self, amount: SupportsInt | str | None = None) -> int:
        """The total a completion (to ``amount``, or the one total allowed) makes; raises
        unless the player to act may complete so."""
        return self._verify_aggression(COMPLETE, amount)

    def verify_bet(self, amount: SupportsInt | str | None = None) -> int:
        """The total a bet (of ``amount``, or the fixed-limit size) makes; raises unless the
        player to act may bet so."""
        return self._verify_aggression(BET, amount)

    def verify_raise_to(self, amount: SupportsInt | str | None = None) -> int:
        """The total a raise (to ``amount``, or the fixed-limit total) makes; raises unless
        the player to act may raise so."""
        return self._verify_aggression(RAISE, amount)

    def _verify_aggression(self, verb: int, amount: object, units: bool = False) -> int:
        kind = VERBS[verb]
        if not self._offers(verb):
            raise self._illegal(f"{kind} to {amount}" if amount is not None else kind)
        if amount is None:
            total = self._check(verb)
            if total < 0:
                raise self._illegal(f"{kind} without an amount")
            return total
        to = whole_chips(amount) if units else table_units(amount, self.rules.stakes.scale)
        if to is None:
            raise self._illegal(misfit(kind, amount, self.rules.stakes.scale))
        if to < 0 or self._check(verb, to) < 0:
            raise self._illegal(f"{kind} to {amount}")
        return to

    def _offers(self, verb: int) -> bool:
        """Whether the legal actions hold ``verb`` at some amount."""
        return self._acting() and any(row[0] == verb for row in self._core.options())

    def can_fold(self) -> bool:
        """Whether the player to act may fold (facing a bet, or where a plugin's decision
        lists it: a pay-or-fold)."""
        listed = self._listed_by_plugin("fold")
        return self._check(FOLD) >= 0 if listed is None else listed

    def can_check(self) -> bool:
        """Whether the player to act may check."""
        listed = self._listed_by_plugin("check")
        return self._check(CHECK) >= 0 if listed is None else listed

    def can_call(self) -> bool:
        """Whether the player to act faces a bet to call."""
        listed = self._listed_by_plugin("call")
        return self._check(CALL) > 0 if listed is None else listed

    def can_bring_in(self) -> bool:
        """Whether the player to act is the forced player who may post the bring-in."""
        listed = self._listed_by_plugin("bring-in")
        return self._check(BRING_IN) > 0 if listed is None else listed

    def can_complete(self, amount: SupportsInt | str | None = None) -> bool:
        """Whether the player to act may complete (to ``amount``, if given)."""
        return self._can_aggress(COMPLETE, amount)

    def can_bet(self, amount: SupportsInt | str | None = None) -> bool:
        """Whether the player to act may bet (``amount`` total, if given)."""
        return self._can_aggress(BET, amount)

    def can_raise_to(self, amount: SupportsInt | str | None = None) -> bool:
        """Whether the player to act may raise (to ``amount`` total, if given)."""
        return self._can_aggress(RAISE, amount)

    def _can_aggress(self, verb: int, amount: SupportsInt | str | None) -> bool:
        listed = self._listed_by_plugin(VERBS[verb])
        if listed is not None:
            return listed
        if amount is None:
            return self._offers(verb)
        to = table_units(amount, self.rules.stakes.scale)
        return to is not None and to >= 0 and self._check(verb, to) >= 0

    def _is_listed(self, action: Action) -> bool:
        """Whether ``action`` is one of the records :meth:`legal_actions` listed for the
        state the hand is in now (the very object: the core's check passed with its amount)."""
        core = self._core
        if core.phase != _BET or self._legal_key != (len(self.events) << 8 | core.actor):
            return False
        for listed in self._legal:
            if listed is action:
                return True
        return False

    def legal_actions(self) -> list[Action]:
        """What the player to act may do (empty when nobody is to act): every decision the
        rules core's check allows, with its amount or range; a plugin's decisions while one
        is due. Remembered until the next event."""
        if self._pending():
            assert self._plugins is not None
            return self._plugins.legal_actions()
        core = self._core
        if core.phase != _BET:
            return []
        key = len(self.events) << 8 | core.actor
        if key == self._legal_key:
            return self._legal[:]
        out: list[Action] = core.legal()  # shared records (the core's rows, Action records)
        self._legal = out
        self._legal_key = key
        return out[:]

    # ------------------------------------------------------------------ verbs

    def fold(self) -> None:
        """Fold the hand of the player to act (in the betting, or a pay-or-fold's fold)."""
        if not self._as_plugin_decision("fold"):
            self.verify_fold()
            self._take(FOLD, -1)

    def check(self) -> None:
        """Check (no bet to call)."""
        if not self._as_plugin_decision("check"):
            self.verify_check()
            self._take(CHECK, -1)

    def call(self) -> None:
        """Call the current bet (all-in for less when short)."""
        if not self._as_plugin_decision("call"):
            self._take(CALL, self.verify_call())

    def bring_in(self) -> None:
        """Post the bring-in (all the player's chips if they have less)."""
        if not self._as_plugin_decision("bring-in"):
            self._take(BRING_IN, self.verify_bring_in())

    def complete(self, amount: SupportsInt | str | None = None) -> None:
        """Complete the bring-in to a full bet (``amount`` total where a range is allowed)."""
        if not self._as_plugin_decision("complete", amount):
            self._take(COMPLETE, self.verify_complete(amount))

    def bet(self, amount: SupportsInt | str | None = None) -> None:
        """Bet ``amount`` (the fixed-limit size when omitted)."""
        if not self._as_plugin_decision("bet", amount):
            self._take(BET, self.verify_bet(amount))

    def raise_to(self, amount: SupportsInt | str | None = None) -> None:
        """Raise to a total of ``amount`` (the fixed-limit size when omitted)."""
        if not self._as_plugin_decision("raise", amount):
            self._take(RAISE, self.verify_raise_to(amount))

    def concede(self, seat: int) -> None:
        """``seat`` mucks unshown at the showdown, conceding: its hand is never judged and the
        pots go to the best hands among the others (``showdown.muck_concedes``); until the
        award, while the hands are unseen, never the last live hand (or IllegalActionError)."""
        concede_seat(self, self._core, seat)

    def check_or_call(self) -> None:
        """Check, call, or (for the forced player) post the bring-in: the passive choice."""
        if not self._acting():
            raise self._illegal("check or call")
        core = self._core
        plugins = self._plugins
        if plugins is None:
            core.passive()  # the last of the passive rows: check, call or bring in
            if core.phase != _BET:
                self._drive()
            return
        for verb, chips, _ in reversed(core.options()):
            if verb <= BRING_IN and verb != FOLD:
                self._take(verb, chips)
                return

    def apply(self, action: Action) -> None:
        """Take an :class:`Action` (as :meth:`legal_actions` lists it, or with a chosen
        amount); raises :class:`IllegalActionError` and changes nothing if it is not legal.
        A call or bring-in with an amount must name the chips it puts in."""
        if not isinstance(action, Action):  # a bare 'fold' would be read letter by letter
            raise TypeError(
                f"apply takes an Action, e.g. Action('fold') or one of legal_actions(), not "
                f"{type(action).__name__} {action!r}"
            )
        plugins = self._plugins
        if plugins is not None and self._pending():
            saved = self.snapshot()  # a plugin decision: the hand as it was if a hook fails
            try:
                if not plugins.decide(action):
                    self._drive()
            except PluginError:
                self.restore(saved)
                raise
            return
        if plugins is None and self._is_listed(action):  # as legal_actions() listed it now
            self._take(_VERB_CODES[action[0]], -1 if action[1] is None else action[1])
            return
        fields: tuple[object, ...] = action  # read untyped: the amount may be any number
        kind = action[0]
        amount: int | None = None
        if type(fields[1]) is int:
            amount = action[1]  # read typed only once it is known to be an int
        elif fields[1] is not None:
            amount = whole_chips(fields[1])
            if amount is None:
                raise self._illegal(f"{fields[0]} {fields[1]!r} (not a whole number of chips)")
        verb = _VERB_CODES.get(kind, -1)
        if verb == CALL or verb == BRING_IN:
            chips = self.verify_call() if verb == CALL else self.verify_bring_in()
            if amount is not None and amount != chips:
                raise self._illegal(str(action))
        elif verb >= COMPLETE:
            chips = self._verify_aggression(verb, amount, units=True)  # the total
        elif verb == CHECK:
            self.verify_check()
            chips = -1
        elif verb == FOLD:
            self.verify_fold()
            chips = -1
        else:
            raise self._illegal(str(action))
        self._take(verb, chips)

    def _take(self, verb: int, amount: int) -> None:
        """Carry out a legal betting decision (``amount`` as the core's check gave it), then
        run the hand on to its next decision; with plugins, a hook that fails leaves the hand
        as it was before the decision."""
        plugins = self._plugins
        if plugins is not None and not plugins.mid_round(verb):
            saved = self.snapshot()
            try:
                self._core.act(verb, amount)
                self._drive()
            except PluginError:
                self.restore(saved)
                raise
            return
        self._core.act(verb, amount)
        if self._core.phase != _BET:
            self._drive()

    # ------------------------------------------------------------------ the driver

    def _drive(self) -> None:
        """Run the hand until it waits for a decision (or, with manual dealing, a card):
        supply each thing the rules core waits for."""
        core = self._core
        plugins = self._plugins
        while True:
            phase = core.phase
            if phase == _BET:
                return
            if phase == _CARDS:
                if not self._auto:
                    return  # the caller deals: Hand.deal
                self._deal_due()
            elif phase == _DEAL:
                self._deal_street()
            elif phase == _SHOWING:
                core.lead(showing_values(self.rules, core))
            elif phase == _SHOWDOWN:
                self._showdown()
            elif phase == _RESTOCK:
                self._restock()
            elif phase == _OVER:
                if self._on_over is not None:
                    self._on_over(self)
                return
            else:  # a hook phase: the plugins' turn
                assert plugins is not None
                if plugins.run(phase):
                    return  # a plugin decision is due, or a card it gave must come
                if core.phase == phase:
                    core.resume()

    def _deal_street(self) -> None:
        """The street's deal, from the stub the source has left (the plugins may choose
        how a short street is dealt)."""
        core = self._core
        stub = self._source.remaining()
        policy = -1
        if stub < core.need:
            chosen = self.variant.deck_exhaustion
            plugins = self._plugins
            if plugins is not None:
                chosen = plugins.exhaustion(core.street, core.need)
            policy = policy_code(chosen)
            try:
                core.deal(stub, policy)
            except CoreError:
                st = self.variant.streets[core.street]
                live = core.n_in
                left = stub + core.restock_burned + core.restock_folded
                raise exhausted(chosen, st.name, left, live, len(st.cards)) from None
            return
        core.deal(stub, policy)

    def _restock(self) -> None:
        """Burned, then folded cards back into the stub, as the core's deck-exhaustion rule
        says (each pile shuffled in with the hand's generator, where the source shuffles)."""
        core = self._core
        back = core.table_cards(3)
        burned = core.restock_burned
        if self._rng_shared:  # shared with a copy or a snapshot: a generator of its own
            self._rng = copy_random(self._rng)
            self._rng_shared = False
        if burned:
            self._source.restore(back[:burned], self._rng)
        if len(back) > burned:
            self._source.restore(back[burned:], self._rng)
        core.restocked()

    def _deal_due(self) -> None:
        """Every card due, drawn from the source in deal order."""
        source = self._source
        core = self._core
        if type(source) is DeckSource:  # the default deck deals the same to any seat
            core.place_all(source.draw_many(core.ndue - core.next_due))
            return
        draw = source.draw
        core.place_all([draw(seat) for seat, _up in core.due()])

    def _showdown(self) -> None:
        """The hands' strengths for the core, which shows or mucks them and awards the
        pots (a plugin may give the odd chips its own way)."""
        core = self._core
        plugins = self._plugins
        strengths = ranked_strengths(self, plugins, qualified=plugins is not None)
        played = played_cards(self)
        core.showdown(pot_strengths(self, plugins, strengths, core.npots), played)
        if core.phase == _ODD_CHIPS:
            assert plugins is not None
            orders = plugins.odd_chip_orders(core.shown + core.mucked)
            core.award(orders, played)

    def deal(self, card: int) -> None:
        """With ``auto_deal=False``: deal ``card`` to whoever :attr:`needs_card` names."""
        given = card_at(card)
        core = self._core
        if core.phase != _CARDS:
            raise StudkitError(f"no card is due: cannot deal {given}")
        if given in self.cards_out():
            raise StudkitError(f"card {given} has already been dealt")
        if given not in self.rules.deck:
            raise StudkitError(f"card {given} is not in this variant's deck")
        core.place(given)
        self._drive()

    def _give(self, seat: int, up: bool) -> None:
        """A card for ``seat`` now (a plugin's): from the source, or from the caller with
        manual dealing (the hand then waits for it)."""
        core = self._core
        core.give(seat, up)
        if self._auto:
            core.place(self._source.draw(seat))

    def _plugins_part(self, host: Any) -> HandPlugins:
        """The plugins' part of this hand: it reads the hand, changes it through the core's
        effects, deals their cards through :meth:`_give` and logs their events."""
        return HandPlugins(self, host, self._core, self._give, self.events.append)

    def showdown_strengths(self) -> list[list[int]]:
        """Per pot share, per seat: the strength the showdown ranks each live hand with
        (:func:`studkit.engine.showdown.showdown_strengths`)."""
        return showdown_strengths(self, self._plugins)

    # ------------------------------------------------------------------ snapshots, copies

    def snapshot(self) -> HandSnapshot:
        """Everything a later step may change, copied: :meth:`restore` puts it back."""
        plugins = self._plugins
        self._rng_shared = self._own_rng  # the snapshot holds the generator too
        return HandSnapshot(
            core=self._core.save(),
            events=self.events[:],
            dealing=copy_source(self._source, self._rng, share=self._own_rng),
            plugins=None if plugins is None else plugins.state(),
        )

    def restore(self, saved: HandSnapshot) -> None:
        """Put this hand back as it was when ``saved`` was taken (by :meth:`snapshot` of
        this hand); ``saved`` can be restored again."""
        self._core.load(saved.core)
        self.events[:] = saved.events
        self._source, self._rng = copy_source(*saved.dealing, share=self._own_rng)
        self._rng_shared = self._own_rng
        plugins = self._plugins
        if plugins is not None and saved.plugins is not None:
            plugins.set_state(saved.plugins)
        self._legal_key = -1

    def clone(self) -> Hand:
        """An independent copy: the same state, the same future for the same later actions
        (its card source and random generator are copies). It shares what never changes:
        the variant, the compiled rules, the plugin host and the ``on_over`` callback."""
        share = self._own_rng
        source, rng = copy_source(self._source, self._rng, share=share)
        twin = Hand(self.variant, self.starting_stacks, button=self.button,
                    stakes=self._stakes_given(), source=BLANK_SOURCE, rng=rng,
                    auto_deal=self._auto, on_over=self._on_over)
        twin._source = source
        twin._own_rng = True  # shared with this hand only, or a copy of its own
        if share:
            twin._rng_shared = self._rng_shared = True
        twin.events.extend(self.events)
        twin._core = self._core.copy(twin.events)
        plugins = self._plugins
        if plugins is not None:
            twin._plugins = twin._plugins_part(plugins.host)
            twin._plugins.set_state(plugins.state())
        return twin

    def __copy__(self) -> Hand:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        twin = self.clone()
        memo[id(self)] = twin
        return twin

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # The rules (evaluators, the plugin host) are compiled again from the variant.
        return _unpickle, (
            self.variant, self._stakes_given(), self.starting_stacks, self.button, self._auto,
            self._on_over, self.snapshot(),
        )

    def _stakes_given(self) -> Stakes | None:
        """The stakes this hand was dealt at, ``None`` for the variant's own (so that a copy
        finds the same compiled rules)."""
        stakes = self.rules.stakes
        return None if stakes is self.variant.stakes else stakes


def _unpickle(
    variant: Variant,
    stakes: Stakes | None,
    stacks: Sequence[int],
    button: int,
    auto_deal: bool,
    on_over: Callable[[Hand], None] | None,
    saved: HandSnapshot,
) -> Hand:
    """A pickled :class:`Hand` rebuilt."""
    hand = Hand(variant, stacks, button=button, stakes=stakes, source=BLANK_SOURCE,
                auto_deal=auto_deal, on_over=on_over)
    hand.restore(saved)
    return hand
