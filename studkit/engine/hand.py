"""The :class:`Hand`: one hand of a stud variant, from the antes to the pot awards.

A hand owns all of its state. Ask it who is to act (:attr:`Hand.actor`) and what they may do
(:meth:`Hand.legal_actions`), then call a verb (:meth:`~Hand.fold`, :meth:`~Hand.check`,
:meth:`~Hand.call`, :meth:`~Hand.bring_in`, :meth:`~Hand.complete`, :meth:`~Hand.bet`,
:meth:`~Hand.raise_to`) or :meth:`~Hand.apply` an :class:`~studkit.engine.actions.Action`.
Cards are dealt and pots awarded as soon as the betting allows; everything that happens is
appended to :attr:`Hand.events`.

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
from studkit.engine.action_records import action_record
from studkit.engine.actions import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    RAISE,
    Action,
)
from studkit.engine.blinds import post_blinds
from studkit.engine.chips import starting_chips, whole_chips
from studkit.engine.dealing import (
    BLANK_SOURCE,
    CardSource,
    DeckSource,
    OrderedSource,
    ScriptedSource,
    SeatCards,
    seat_scripts,
)
from studkit.engine.events import ANTE, AnteEvent, Event
from studkit.engine.flow import HandFlow
from studkit.engine.plugin_play import HandPlugins
from studkit.engine.pots import Pot
from studkit.engine.rules import Rules, compile_rules
from studkit.engine.seats import blanks, button_seat, everyone, seat_order, set_all
from studkit.engine.snapshot import HandSnapshot, put_snapshot, take_snapshot
from studkit.engine.state import BettingRound, StreetProgress
from studkit.engine.view import SeatView, seat_view
from studkit.errors import StudkitError
from studkit.variant.model import Stakes, Variant

__all__ = ["Hand"]

_new: Final = tuple.__new__  # a typed event without its constructor's Python frame

_VERBS: Final[dict[str, int]] = {
    FOLD: 1, CHECK: 2, CALL: 3, BRING_IN: 4, BET: 5, RAISE: 6, COMPLETE: 7,
}
"""Each betting kind's verb, by number, for :meth:`Hand.apply` (0: not a betting kind)."""


class Hand(HandFlow):
    """One hand of stud: the state, the legal actions and the verbs that change it.

    ``stacks`` are the players' chips before the antes, one per seat, in clockwise order;
    ``button`` is the dealer's seat (default: the last seat, so seat 0 is the dealer's left).
    Cards come from ``source`` if given, else from ``cards`` (a complete order, top first),
    else from a deck shuffled with ``seed`` (or ``rng``); ``deal={seat: cards}`` gives those
    seats those cards in deal order (``"As Ks 9h 8d"``, or one text per street), every other
    card coming from the shuffled deck. With ``auto_deal=False`` the hand
    stops before each card so the caller supplies it with :meth:`deal` (chance nodes).

    The state (docs/engine.md lists which method changes each piece): the per-seat lists
    ``stacks``, ``bets``, ``contrib``, ``folded``, ``cards``/``up``/``down``; the table's
    ``community``, ``burned``, ``folded_cards``, ``dead``; ``street``, ``actor``,
    ``is_over``, ``events``, ``shown``, ``awards``; the betting round in ``round``
    (:class:`~studkit.engine.state.BettingRound`) and the deal's progress in ``progress``
    (:class:`~studkit.engine.state.StreetProgress`). Read them; only the hand changes them.
    """

    __slots__ = (
        "rules", "variant", "n", "button", "stacks", "starting_stacks", "bets", "contrib", "dead",
        "folded", "n_in", "cards", "up", "down", "community", "burned", "folded_cards",
        "street", "actor", "events", "is_over", "shown", "awards", "plugins", "round",
        "progress", "_order", "_source", "_rng", "_auto", "_on_over", "_pots", "_zeros",
        "_nobody", "_legal_key", "_legal", "_agg_key", "_agg_val",
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
    ) -> None:
        rules = compile_rules(variant, stakes)
        n = len(stacks)
        if not variant.min_players <= n <= variant.max_players:
            raise StudkitError(
                f"{variant.name} seats {variant.min_players} to {variant.max_players} players, "
                f"not {n}"
            )
        chips = starting_chips(stacks)
        self.rules: Rules = rules
        self.variant = variant
        self.n = n
        self.button = (n - 1) if button is None else button_seat(button, n)
        self._order = seat_order(n, self.button)  # shared, never mutated
        self.stacks = chips
        self.starting_stacks = tuple(chips)
        self.bets = [0] * n
        self._zeros, self._nobody = blanks(n)  # shared, never mutated
        self.contrib = [0] * n
        self.dead = 0  # chips in the pot that are nobody's stake (plugin payments)
        self.folded = [False] * n
        self.n_in = n
        order = self._order
        self.cards: list[list[Card]] = [[] for _seat in order]  # named: '_' is boxed
        self.up: list[list[Card]] = [[] for _seat in order]
        self.down: list[list[Card]] = [[] for _seat in order]
        self.community: list[Card] = []
        self.burned: list[Card] = []
        self.folded_cards: list[Card] = []
        self.street = -1
        self.actor: int | None = None
        self.events: list[Event] = []
        self.is_over = False
        self.shown: list[int] = []
        self.awards: list[tuple[int, int, int, str, str]] = []
        self.round = BettingRound(
            n, big_bet=rules.stakes.big_bet, min_bet=rules.round_min, max_bet=rules.round_min,
            half_bet=rules.half_bet, short_full=rules.short_full,
        )
        self.progress = StreetProgress(rules.streets[0])
        self._rng = rng if rng is not None else random.Random(seed)
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
                source = DeckSource(rules.deck, rng=self._rng)
        self._source = source
        self._auto = auto_deal
        self._on_over = on_over
        self._pots: list[Pot] | None = None
        self._legal_key = -1
        self._legal: list[Action] = []
        self._agg_key = -1
        self._agg_val = None
        self.plugins: HandPlugins | None = (
            None if rules.plugins is None else HandPlugins(self, rules.plugins)
        )
        if source is BLANK_SOURCE:
            return  # a hand to restore a snapshot into (clone, copy, unpickle)
        ante = rules.ante
        if ante:
            if ante < min(chips):
                # Everyone antes in full: the ante events are the same for every such hand.
                key = (n, self.button)
                antes = rules.ante_records.get(key)
                if antes is None:
                    antes = rules.ante_records[key] = tuple(
                        _new(AnteEvent, (ANTE, seat, ante)) for seat in self._order
                    )
                self.events.extend(antes)
                contrib = self.contrib
                for seat in range(n):
                    chips[seat] = chips[seat] - ante
                    contrib[seat] = ante
            else:
                log = self.events.append
                contrib = self.contrib
                for seat in self._order:
                    amount = ante if ante < chips[seat] else chips[seat]
                    chips[seat] = chips[seat] - amount
                    contrib[seat] = contrib[seat] + amount
                    log(_new(AnteEvent, (ANTE, seat, amount)))
        if rules.big_blind:
            post_blinds(self)
        self._advance_street()

    def view(self, seat: int) -> SeatView:
        """The hand as ``seat`` may see it: its own down cards, everyone's up cards, chips."""
        return seat_view(self, seat)

    # ------------------------------------------------------------------ snapshots, copies

    def snapshot(self) -> HandSnapshot:
        """Everything a later step may change, copied: :meth:`restore` puts it back."""
        return take_snapshot(self)

    def restore(self, saved: HandSnapshot) -> None:
        """Put this hand back as it was when ``saved`` was taken (by :meth:`snapshot` of
        this hand); ``saved`` can be restored again."""
        put_snapshot(self, saved)

    def clone(self) -> Hand:
        """An independent copy: the same state, the same future for the same later actions
        (its card source and random generator are copies). It shares what never changes:
        the variant, the compiled rules, the plugin host and the ``on_over`` callback."""
        return self.__deepcopy__({})

    def __copy__(self) -> Hand:
        return self.__deepcopy__({})

    def __deepcopy__(self, memo: dict[int, Any]) -> Hand:
        twin = _blank_like(self.variant, self._stakes_given(), self.starting_stacks,
                           self.button, self._auto, self._on_over)
        memo[id(self)] = twin
        put_snapshot(twin, take_snapshot(self, memo))
        return twin

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # The rules (evaluators, the plugin host) are compiled again from the variant.
        return _unpickle, (
            self.variant, self._stakes_given(), self.starting_stacks, self.button, self._auto,
            self._on_over, take_snapshot(self),
        )

    def _stakes_given(self) -> Stakes | None:
        """The stakes this hand was dealt at, ``None`` for the variant's own (so that a copy
        finds the same compiled rules)."""
        stakes = self.rules.stakes
        return None if stakes is self.variant.stakes else stakes

    # ------------------------------------------------------------------ verbs

    def fold(self) -> None:
        """Fold the hand of the player to act."""
        self.verify_fold()
        self._fold(self.actor or 0)

    def check(self) -> None:
        """Check (no bet to call)."""
        self.verify_check()
        self._check(self.actor or 0)

    def call(self) -> None:
        """Call the current bet (all-in for less when short)."""
        chips = self.verify_call()
        self._call(self.actor or 0, chips)

    def bring_in(self) -> None:
        """Post the bring-in (all the player's chips if they have less)."""
        chips = self.verify_bring_in()
        self._bring_in(self.actor or 0, chips)

    # SupportsInt: the compiled engine lets any number through to the check naming the action.
    def complete(self, amount: SupportsInt | None = None) -> None:
        """Complete the bring-in to a full bet (``amount`` total where a range is allowed)."""
        to = self.verify_complete(amount)
        self._aggress_to(self.actor or 0, COMPLETE, to)

    def bet(self, amount: SupportsInt | None = None) -> None:
        """Bet ``amount`` (the fixed-limit size when omitted)."""
        to = self.verify_bet(amount)
        self._aggress_to(self.actor or 0, BET, to)

    def raise_to(self, amount: SupportsInt | None = None) -> None:
        """Raise to a total of ``amount`` (the fixed-limit size when omitted)."""
        to = self.verify_raise_to(amount)
        self._aggress_to(self.actor or 0, RAISE, to)

    def check_or_call(self) -> None:
        """Check, call, or (for the forced player) post the bring-in: the passive choice."""
        seat = self._acting()
        if seat < 0:
            raise self._illegal("check or call")
        chips = self._bring_in_chips(seat)
        if chips:
            self._bring_in(seat, chips)
            return
        chips = self._call_chips(seat)
        if chips:
            self._call(seat, chips)
        else:
            self._check(seat)

    def apply(self, action: Action) -> None:
        """Take an :class:`Action` (as :meth:`legal_actions` lists it, or with a chosen
        amount); raises :class:`IllegalActionError` and changes nothing if it is not legal.
        A call or bring-in with an amount must name the chips it puts in."""
        if not isinstance(action, Action):  # a bare 'fold' would be read letter by letter
            raise TypeError(
                f"apply takes an Action, e.g. Action('fold') or one of legal_actions(), not "
                f"{type(action).__name__} {action!r}"
            )
        if self.plugins is not None:
            if not self.plugins.busy:
                return self.plugins.apply(action)  # plugin decisions; restores on PluginError
        elif self._is_listed(action):  # listed by legal_actions() for this state: legal
            self._take(_VERBS[action[0]], action[0], action[1] or 0)
            return None
        fields: tuple[object, ...] = action  # read untyped: the amount may be any number
        kind = action[0]
        amount: int | None = None
        if type(fields[1]) is int:
            amount = action[1]  # read typed only once it is known to be an int
        elif fields[1] is not None:
            amount = whole_chips(fields[1])
            if amount is None:
                raise self._illegal(f"{fields[0]} {fields[1]!r} (not a whole number of chips)")
        verb = _VERBS.get(kind, 0)
        chips = 0
        if verb == 3 or verb == 4:  # call, bring-in
            chips = self.verify_call() if verb == 3 else self.verify_bring_in()
            if amount is not None and amount != chips:
                raise self._illegal(str(action))
        elif verb >= 5:
            chips = self._verify_aggression(kind, amount)  # the total
        elif verb == 2:
            self.verify_check()
        elif verb == 1:
            self.verify_fold()
        else:
            raise self._illegal(str(action))
        self._take(verb, kind, chips)
        return None

    def _take(self, verb: int, kind: str, amount: int) -> None:
        """Carry out a legal decision: ``verb`` by its number in :data:`_VERBS`, ``amount``
        the chips a call or bring-in puts in, or the total of a bet, raise or completion."""
        seat = self.actor or 0
        if verb == 3:
            self._call(seat, amount)
        elif verb == 1:
            self._fold(seat)
        elif verb >= 5:
            self._aggress_to(seat, kind, amount)
        elif verb == 2:
            self._check(seat)
        else:
            self._bring_in(seat, amount)

    # ------------------------------------------------------------------ what each verb does

    def _fold(self, seat: int) -> None:
        self.folded[seat] = True
        self.n_in -= 1
        self.round.to_act[seat] = False
        self.folded_cards.extend(self.cards[seat])
        self.events.append(action_record(self.rules, 1, FOLD, seat, self.bets[seat], 0))
        if self.n_in == 1:
            self.actor = None
            self._end_round()
        else:
            self._pass_turn(seat)

    def _check(self, seat: int) -> None:
        r = self.round
        r.to_act[seat] = False
        r.may_raise[seat] = False
        r.last_checker = seat
        self.events.append(action_record(self.rules, 2, CHECK, seat, self.bets[seat], 0))
        self._pass_turn(seat)

    def _call(self, seat: int, add: int) -> None:
        # x[i] = x[i] + n, not x[i] += n: compiled, the first is native int arithmetic, the
        # second a generic number-protocol call (here and in every verb).
        bets = self.bets
        self.stacks[seat] = self.stacks[seat] - add
        bets[seat] = bets[seat] + add
        self.contrib[seat] = self.contrib[seat] + add
        r = self.round
        r.to_act[seat] = False
        r.may_raise[seat] = False
        self.events.append(action_record(self.rules, 3, CALL, seat, bets[seat], add))
        self._pass_turn(seat)

    def _bring_in(self, seat: int, add: int) -> None:
        stacks = self.stacks
        stacks[seat] = stacks[seat] - add
        self.bets[seat] = self.bets[seat] + add
        self.contrib[seat] = self.contrib[seat] + add
        rules = self.rules
        full = rules.bring_in
        if add < full and rules.bring_in_called_as_posted:
            full = add  # PokerKit's reading: the others may call the partial bring-in
        r = self.round
        r.forced = -1
        r.bet = full
        r.bring_in = full
        if not rules.structure.completes:
            r.last_full = full
            r.increment = full
        if rules.completion_is_raise:
            r.raises = 1
        to_act = r.to_act
        folded = self.folded
        for s in range(self.n):
            if s != seat and not folded[s] and stacks[s] > 0:
                to_act[s] = True
        to_act[seat] = False
        r.may_raise[seat] = False
        r.aggressor = seat
        self.events.append(action_record(rules, 4, BRING_IN, seat, self.bets[seat], add))
        self._pass_turn(seat)

    def _aggress_to(self, seat: int, kind: str, to: int) -> None:
        """Bet, raise or complete to ``to`` (already checked against the legal ranges)."""
        bets = self.bets
        stacks = self.stacks
        add = to - bets[seat]
        stacks[seat] = stacks[seat] - add
        bets[seat] = to
        self.contrib[seat] = self.contrib[seat] + add
        r = self.round
        r.forced = -1
        to_act = r.to_act
        may_raise = r.may_raise
        folded = self.folded
        n = self.n
        if self.rules.structure.record(r, to):  # a full bet or raise: the betting reopens
            r.raises += 1
            cap = self.rules.max_raises
            if cap is not None and r.raises > cap and self.n_in > 2:
                r.capped_multi = True
            if self.n_in == n and 0 not in stacks:
                can_bet = everyone(n)  # nobody has folded or is all in
            else:
                can_bet = [not f and c > 0 for f, c in zip(folded, stacks)]  # noqa: B905
            set_all(to_act, can_bet)
            set_all(may_raise, can_bet)
        else:
            for s in range(n):
                if s != seat and not folded[s] and stacks[s] > 0 and bets[s] < to:
                    to_act[s] = True
        if to > r.bet:
            r.bet = to
        to_act[seat] = False
        may_raise[seat] = False
        r.aggressor = seat
        code = 5 if kind == BET else 6 if kind == RAISE else 7  # else: complete
        self.events.append(action_record(self.rules, code, kind, seat, to, add))
        self._pass_turn(seat)


def _blank_like(
    variant: Variant,
    stakes: Stakes | None,
    stacks: Sequence[int],
    button: int,
    auto_deal: bool,
    on_over: Callable[[Hand], None] | None,
) -> Hand:
    """A hand of ``variant`` set up but not started, for a snapshot to be put into."""
    return Hand(variant, stacks, button=button, stakes=stakes, source=BLANK_SOURCE,
                auto_deal=auto_deal, on_over=on_over)


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
    hand = _blank_like(variant, stakes, stacks, button, auto_deal, on_over)
    put_snapshot(hand, saved)
    return hand

