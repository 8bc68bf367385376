"""The :class:`Hand`: one hand of a stud variant, from the antes to the pot awards.

A hand owns all of its state. Ask it who is to act (:attr:`Hand.actor`) and what they may do
(:meth:`Hand.legal_actions`), then call a verb (:meth:`~Hand.fold`, :meth:`~Hand.check`,
:meth:`~Hand.call`, :meth:`~Hand.bring_in`, :meth:`~Hand.complete`, :meth:`~Hand.bet`,
:meth:`~Hand.raise_to`) or :meth:`~Hand.apply` an :class:`~studkit.engine.actions.Action`.
Cards are dealt and pots awarded as soon as the betting allows; everything that happens is
appended to :attr:`Hand.events`.

>>> from studkit.variant import Variant
>>> hand = Hand(Variant(name="stud"), [100, 100, 100], seed=1)
>>> while not hand.is_over:
...     hand.check_or_call()
>>> sum(hand.payoffs)
0
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, SupportsInt

from studkit.cards import Card
from studkit.engine.actions import (
    AGGRESSIVE_KINDS,
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    RAISE,
    Action,
)
from studkit.engine.chips import starting_chips, whole_chips
from studkit.engine.dealing import (
    BURN,
    CardSource,
    DeckSource,
    OrderedSource,
    ScriptedSource,
    SeatCards,
    card_at,
    seat_scripts,
)
from studkit.engine.events import (
    ANTE,
    AWARD,
    BURN as BURN_EVENT,
    COMMUNITY as COMMUNITY_EVENT,
    DEAL,
    RETURN,
    SHOW,
    Event,
)
from studkit.engine.first_actor import any_open_pair, best_board, choose_forced
from studkit.engine.legal import LegalActions
from studkit.engine.rules import Rules, StreetPlan, compile_rules
from studkit.engine.seats import (
    ANTES as _ANTES,
    BLANKS as _BLANKS,
    EVERYONE as _EVERYONE,
    ORDERS as _ORDERS,
    ante_events as _antes,
    blanks as _blanks,
    button_seat,
    everyone as _everyone,
    seat_order as _order,
)
from studkit.engine.streets import deal_street
from studkit.errors import IllegalActionError, StudkitError
from studkit.pots import Pot, build_pots
from studkit.variant import Stakes, Variant

if TYPE_CHECKING:
    from studkit.engine.view import SeatView
    from studkit.plugin_play import HandPlugins
    from studkit.pluginhost import PluginHost

__all__ = ["Hand"]


class Hand(LegalActions):
    """One hand of stud: the state, the legal actions and the verbs that change it.

    ``stacks`` are the players' chips before the antes, one per seat, in clockwise order;
    ``button`` is the dealer's seat (default: the last seat, so seat 0 is the dealer's left).
    Cards come from ``source`` if given, else from ``cards`` (a complete order, top first),
    else from a deck shuffled with ``seed`` (or ``rng``); ``deal={seat: cards}`` gives those
    seats those cards in deal order (``"As Ks 9h 8d"``, or one text per street), every other
    card coming from the shuffled deck. With ``auto_deal=False`` the hand
    stops before each card so the caller supplies it with :meth:`deal` (chance nodes).
    """

    __slots__ = (
        "rules", "variant", "n", "button", "stacks", "starting_stacks", "bets", "contrib", "dead",
        "folded", "n_in", "cards", "up", "down", "community", "burned", "folded_cards",
        "street", "actor", "events", "is_over", "shown", "awards",
        "_order", "_need", "_reopen", "_plan", "_cur", "_last_full", "_inc", "_floor",
        "_size", "_big", "_open_pair", "_big_made", "_half_bet", "_short_full", "_round_max",
        "_round_min",
        "_aggr", "_capped_multi", "_round_players", "_forced", "_last_aggr", "_last_checker",
        "_leader", "_prev_leader", "_exposed", "_source", "_rng", "_auto", "_steps",
        "_on_over", "_pots", "_max_raises", "_uncap", "plugins",
        "_agg_key", "_agg_seat", "_agg_val", "_zeros", "_nobody", "_legal_key", "_legal",
        "_fixed",
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
        self._order = _ORDERS.get((n, self.button)) or _order(n, self.button)
        self.stacks = chips
        self.starting_stacks = tuple(chips)
        self.bets = [0] * n
        self._zeros, self._nobody = _BLANKS.get(n) or _blanks(n)  # shared, never mutated
        self.contrib = [0] * n
        self.dead = 0  # chips in the pot that are nobody's stake (plugin payments)
        self.folded = [False] * n
        self.n_in = n
        order = self._order
        self.cards: list[list[Card]] = [[] for _ in order]
        self.up: list[list[Card]] = [[] for _ in order]
        self.down: list[list[Card]] = [[] for _ in order]
        self.community: list[Card] = []
        self.burned: list[Card] = []
        self.folded_cards: list[Card] = []
        self.street = -1
        self.actor: int | None = None
        self.events: list[Event] = []
        self.is_over = False
        self.shown: list[int] = []
        self.awards: list[tuple[int, int, int, str, str]] = []
        self._need = [False] * n
        self._reopen = [False] * n
        self._plan: StreetPlan = rules.streets[0]
        self._cur = self._last_full = self._inc = self._floor = 0
        self._size = self._big = rules.stakes.big_bet  # per hand; _size is set per round
        self._open_pair = self._big_made = False
        self._half_bet = rules.half_bet
        self._short_full = rules.short_full
        self._round_max = self._round_min = rules.round_min
        self._aggr = 0
        self._capped_multi = False
        self._round_players = n
        self._forced = -1
        self._last_aggr = self._last_checker = self._leader = self._prev_leader = -1
        self._exposed = False
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
        self._steps: list[tuple[int, bool]] = []
        self._on_over = on_over
        self._pots: list[Pot] | None = None
        self._max_raises = rules.max_raises
        self._uncap = rules.uncap
        self._agg_key = self._agg_seat = -1
        self._agg_val: tuple[str, list[tuple[int, int]]] | None = None
        self._legal_key = -1
        self._legal: list[Action] = []
        self._fixed = rules.fixed_limit
        self.plugins: HandPlugins | None = (
            None if rules.plugins is None else _hand_plugins(self, rules.plugins)
        )
        ante = rules.ante
        if ante:
            if ante < min(chips):
                # Everyone antes in full: the ante events are the same for every such hand.
                key = (n, self.button, ante)
                self.events.extend(_ANTES.get(key) or _antes(key, self._order))
                contrib = self.contrib
                for seat in range(n):
                    chips[seat] -= ante
                    contrib[seat] = ante
            else:
                log = self.events.append
                contrib = self.contrib
                for seat in self._order:
                    amount = ante if ante < chips[seat] else chips[seat]
                    chips[seat] -= amount
                    contrib[seat] += amount
                    log((ANTE, seat, amount))
        self._advance_street()

    def view(self, seat: int) -> SeatView:
        """The hand as ``seat`` may see it: its own down cards, everyone's up cards, chips."""
        from studkit.engine.view import seat_view

        return seat_view(self, seat)

    # ------------------------------------------------------------------ verbs

    def _illegal(self, what: str) -> IllegalActionError:
        if self.is_over:
            return IllegalActionError(f"cannot {what}: the hand is over")
        if self.actor is None:
            return IllegalActionError(f"cannot {what}: cards are being dealt, nobody is to act")
        legal = ", ".join(str(a) for a in self.legal_actions())
        return IllegalActionError(
            f"seat {self.actor} cannot {what} on {self.street_name} street: "
            f"legal actions are {legal}"
        )

    def fold(self) -> None:
        """Fold the hand of the player to act."""
        seat = self.actor
        if seat is None or self._forced == seat or self._cur <= self.bets[seat]:
            raise self._illegal(FOLD)
        self.folded[seat] = True
        self.n_in -= 1
        self._need[seat] = False
        self.folded_cards.extend(self.cards[seat])
        self.events.append((FOLD, seat, self.bets[seat], 0))
        if self.n_in == 1:
            self.actor = None
            self._end_round()
        else:
            self._next(seat)

    def check(self) -> None:
        """Check (no bet to call)."""
        seat = self.actor
        if seat is None or self._forced == seat or self._cur > self.bets[seat]:
            raise self._illegal(CHECK)
        self._need[seat] = False
        self._reopen[seat] = False
        self._last_checker = seat
        self.events.append((CHECK, seat, self.bets[seat], 0))
        self._next(seat)

    def call(self) -> None:
        """Call the current bet (all-in for less when short)."""
        seat = self.actor
        if seat is None or self._forced == seat:
            raise self._illegal(CALL)
        bets = self.bets
        add = self._cur - bets[seat]
        if add <= 0:
            raise self._illegal(CALL)
        stacks = self.stacks
        if add > stacks[seat]:
            add = stacks[seat]
        stacks[seat] -= add
        bets[seat] += add
        self.contrib[seat] += add
        self._need[seat] = False
        self._reopen[seat] = False
        self.events.append((CALL, seat, bets[seat], add))
        self._next(seat)

    def check_or_call(self) -> None:
        """Check, call, or (for the forced player) post the bring-in: the passive choice."""
        seat = self.actor
        if seat is None or self._forced == seat:
            self.bring_in()  # raises when nobody is to act
            return
        bets = self.bets
        add = self._cur - bets[seat]
        if add > 0:
            stacks = self.stacks
            if add > stacks[seat]:
                add = stacks[seat]
            stacks[seat] -= add
            bets[seat] += add
            self.contrib[seat] += add
            self.events.append((CALL, seat, bets[seat], add))
        else:
            self._last_checker = seat
            self.events.append((CHECK, seat, bets[seat], 0))
        need = self._need
        need[seat] = False
        self._reopen[seat] = False
        n = self.n
        s = seat
        for _ in range(n - 1):  # _next, inlined on the check/call path
            s += 1
            if s == n:
                s = 0
            if need[s]:
                self.actor = s
                return
        self.actor = None
        self._end_round()

    def bring_in(self) -> None:
        """Post the bring-in (all the player's chips if they have less)."""
        seat = self.actor
        if seat is None or self._forced != seat:
            raise self._illegal(BRING_IN)
        full = self.rules.bring_in
        stacks = self.stacks
        add = full if full < stacks[seat] else stacks[seat]
        stacks[seat] -= add
        self.bets[seat] += add
        self.contrib[seat] += add
        self._forced = -1
        rules = self.rules
        if add < full and rules.bring_in_called_as_posted:
            full = add  # PokerKit's reading: the others may call the partial bring-in
        self._cur = full
        self._floor = full
        if not rules.structure.completes:
            self._last_full = full
            self._inc = full
        if rules.completion_is_raise:
            self._aggr = 1
        need = self._need
        reopen = self._reopen
        folded = self.folded
        for s in range(self.n):
            if s != seat and not folded[s] and stacks[s] > 0:
                need[s] = True
        need[seat] = False
        reopen[seat] = False
        self._last_aggr = seat
        self.events.append((BRING_IN, seat, self.bets[seat], add))
        self._next(seat)

    # SupportsInt: the compiled engine lets any number through to the check naming the action.
    def complete(self, amount: SupportsInt | None = None) -> None:
        """Complete the bring-in to a full bet (``amount`` total where a range is allowed)."""
        self._aggress(COMPLETE, amount)

    def bet(self, amount: SupportsInt | None = None) -> None:
        """Bet ``amount`` (the fixed-limit size when omitted)."""
        self._aggress(BET, amount)

    def raise_to(self, amount: SupportsInt | None = None) -> None:
        """Raise to a total of ``amount`` (the fixed-limit size when omitted)."""
        self._aggress(RAISE, amount)

    def _aggress(self, kind: str, amount: SupportsInt | None) -> None:
        seat = self.actor
        aggressive = None if seat is None else self._aggressive_now(seat)
        if seat is None or aggressive is None or aggressive[0] != kind:
            raise self._illegal(f"{kind} to {amount}" if amount is not None else kind)
        ranges = aggressive[1]
        if amount is None:
            if len(ranges) != 1 or ranges[0][0] != ranges[0][1]:
                raise self._illegal(f"{kind} without an amount")
            to = ranges[0][0]
        else:
            whole = whole_chips(amount)
            if whole is None:
                raise self._illegal(f"{kind} to {amount!r} (not a whole number of chips)")
            to = whole
            for lo, hi in ranges:
                if lo <= to <= hi:
                    break
            else:
                raise self._illegal(f"{kind} to {amount}")
        self._aggress_to(seat, kind, to)

    def _aggress_to(self, seat: int, kind: str, to: int) -> None:
        """Bet, raise or complete to ``to`` (already checked against the legal ranges)."""
        bets = self.bets
        stacks = self.stacks
        add = to - bets[seat]
        stacks[seat] -= add
        bets[seat] = to
        self.contrib[seat] += add
        self._forced = -1
        base = self._last_full
        if self._fixed and to - base >= (self._big if self._big_made else self._size):
            # A full fixed-limit bet or raise (FixedLimit.record, inlined).
            if self._open_pair and to - base >= self._big:
                self._big_made = True
            self._last_full = to
            full = True
        else:
            full = self.rules.structure.record(self, to)
        need = self._need
        reopen = self._reopen
        folded = self.folded
        n = self.n
        if full:
            self._aggr += 1
            cap = self._max_raises
            if cap is not None and self._aggr > cap and self.n_in > 2:
                self._capped_multi = True
            if self.n_in == n and 0 not in stacks:
                can_bet = _EVERYONE.get(n) or _everyone(n)  # nobody has folded or is all in
            else:
                can_bet = [not f and c > 0 for f, c in zip(folded, stacks)]  # noqa: B905
            need[:] = can_bet
            reopen[:] = can_bet
        else:
            for s in range(n):
                if s != seat and not folded[s] and stacks[s] > 0 and bets[s] < to:
                    need[s] = True
        if to > self._cur:
            self._cur = to
        need[seat] = False
        reopen[seat] = False
        self._last_aggr = seat
        self.events.append((kind, seat, to, add))
        s = seat
        for _ in range(n - 1):  # _next, inlined
            s += 1
            if s == n:
                s = 0
            if need[s]:
                self.actor = s
                return
        self.actor = None
        self._end_round()

    def apply(self, action: Action) -> None:
        """Take an :class:`Action` (as :meth:`legal_actions` lists it, or with a chosen
        amount); raises :class:`IllegalActionError` and changes nothing if it is not legal."""
        if not isinstance(action, Action):  # a bare 'fold' would be read letter by letter
            raise TypeError(
                f"apply takes an Action, e.g. Action('fold') or one of legal_actions(), not "
                f"{type(action).__name__} {action!r}"
            )
        if self.plugins is not None and not self.plugins.busy:
            return self.plugins.apply(action)  # plugin decisions; restores on PluginError
        fields: tuple[object, ...] = action  # read untyped: the amount may be any number
        if type(fields[1]) is not int and fields[1] is not None:
            whole = whole_chips(fields[1])
            if whole is None:
                raise self._illegal(f"{fields[0]} {fields[1]!r} (not a whole number of chips)")
            action = Action(action.kind, whole)
        seat = self.actor
        if (
            seat is not None
            and self._legal_key == (len(self.events) << 8 | seat)
            and action in self._legal
        ):
            # One of the actions legal_actions() listed for this very state: no re-checking.
            kind = action[0]
            to = action[1]
            need = self._need
            if kind == CALL:  # ``to`` is what the call puts in (the stack when short)
                add = to or 0  # never 0: a listed call moves chips
                self.stacks[seat] -= add
                bets = self.bets
                bets[seat] += add
                self.contrib[seat] += add
                self._reopen[seat] = False
                self.events.append((CALL, seat, bets[seat], add))
            elif kind == FOLD:
                self.folded[seat] = True
                self.n_in -= 1
                self.folded_cards.extend(self.cards[seat])
                self.events.append((FOLD, seat, self.bets[seat], 0))
                if self.n_in == 1:
                    need[seat] = False
                    self.actor = None
                    self._end_round()
                    return None
            elif kind == CHECK:
                self._reopen[seat] = False
                self._last_checker = seat
                self.events.append((CHECK, seat, self.bets[seat], 0))
            elif kind in AGGRESSIVE_KINDS and to is not None:
                self._aggress_to(seat, kind, to)
                return None
            else:
                _PASSIVE[kind](self)
                return None
            need[seat] = False
            n = self.n
            s = seat
            for _ in range(n - 1):  # _next, inlined
                s += 1
                if s == n:
                    s = 0
                if need[s]:
                    self.actor = s
                    return None
            self.actor = None
            self._end_round()
            return None
        kind = action.kind
        if kind in AGGRESSIVE_KINDS:
            self._aggress(kind, action.amount)
            return
        verb = _PASSIVE.get(kind)
        if verb is None:
            raise self._illegal(str(action))
        amount = action.amount
        if amount is not None and (kind == CALL or kind == BRING_IN):
            seat = self.actor
            if seat is None:
                raise self._illegal(str(action))
            stack = self.stacks[seat]
            due = self._cur - self.bets[seat] if kind == CALL else self.rules.bring_in
            if amount != (due if due < stack else stack):
                raise self._illegal(str(action))
        verb(self)

    # ------------------------------------------------------------------ flow

    def _next(self, seat: int) -> None:
        need = self._need
        n = self.n
        s = seat
        for _ in range(n - 1):
            s += 1
            if s == n:
                s = 0
            if need[s]:
                self.actor = s
                return
        self.actor = None
        self._end_round()

    def _end_round(self) -> None:
        bets = self.bets
        top = max(bets)
        if top and bets.count(top) == 1:
            # The highest bet was not matched: give back what nobody called.
            top_seat = bets.index(top)
            back = top - sorted(bets)[-2]  # the top is unique: the next bet down was called
            self.stacks[top_seat] += back
            self.contrib[top_seat] -= back
            self.events.append((RETURN, top_seat, back))
        bets[:] = self._zeros
        if self.n_in == 1:
            self._win_uncontested()
            return
        if not self._exposed and self._active_count() < 2:
            self._expose()
        self._advance_street()

    def _active_count(self) -> int:
        if 0 not in self.stacks:
            return self.n_in  # nobody is all in
        count = 0
        stacks = self.stacks
        for s, f in enumerate(self.folded):
            if not f and stacks[s] > 0:
                count += 1
        return count

    def _expose(self) -> None:
        """Betting is over with hands all in: every live hand is turned up now, once, in
        showdown order (rules reference A15); the showdown does not show them again."""
        from studkit.engine.showdown import show_order

        self._exposed = True
        live = [not f for f in self.folded]
        self.shown = show_order(self, build_pots(self.contrib, live, dead=self.dead))
        for s in self.shown:
            self.events.append((SHOW, s, tuple(self.cards[s])))

    def _advance_street(self) -> None:
        if self.plugins is not None and self.plugins.between_streets():
            return  # a twist or declare round first
        self.street += 1
        if self.street == len(self.rules.streets):
            from studkit.engine.showdown import showdown

            showdown(self)
            self._finish()
            return
        deal_street(self)

    def _begin_street(self) -> None:
        deal_street(self)

    def _place(self, seat: int, up: bool, card: Card) -> None:
        if seat >= 0:
            self.cards[seat].append(card)
            if up:
                self.up[seat].append(card)
            else:
                self.down[seat].append(card)
            self.events.append((DEAL, seat, card, up))
        elif seat == BURN:
            self.burned.append(card)
            self.events.append((BURN_EVENT, card))
        else:
            self.community.append(card)
            self.events.append((COMMUNITY_EVENT, card))

    def deal(self, card: int) -> None:
        """With ``auto_deal=False``: deal ``card`` to whoever :attr:`needs_card` names."""
        given = card_at(card)
        if not self._steps:
            raise StudkitError(f"no card is due: cannot deal {given}")
        if given in self.cards_out():
            raise StudkitError(f"card {given} has already been dealt")
        if given not in self.rules.deck:
            raise StudkitError(f"card {given} is not in this variant's deck")
        seat, up = self._steps.pop()
        self._place(seat, up, given)
        if not self._steps:
            self._after_deal()

    def _after_deal(self) -> None:
        if self.plugins is not None and self.plugins.after_deal():
            return  # a plugin decision first (pay or fold, expose)
        if self._plan.betting and self._start_round():
            return
        if not self._exposed and self.n_in >= 2 and self._active_count() < 2:
            self._expose()
        self._advance_street()

    def _start_round(self) -> bool:
        """Set up the betting round; False when fewer than two players can bet."""
        n = self.n
        stacks = self.stacks
        need = self._need
        if self.n_in == n and 0 not in stacks:
            can_bet = _EVERYONE.get(n) or _everyone(n)  # nobody has folded or is all in
        else:
            folded = self.folded
            can_bet = [not f and c > 0 for f, c in zip(folded, stacks)]  # noqa: B905
            if can_bet.count(True) < 2:
                need[:] = self._nobody
                return False
        need[:] = can_bet
        self._reopen[:] = can_bet
        plan = self._plan
        rules = self.rules
        self._cur = self._last_full = self._floor = 0
        self._inc = rules.min_open
        self._size = plan.size
        self._open_pair = plan.open_pair and any_open_pair(self)
        self._big_made = False
        self._round_max = plan.round_max
        self._aggr = 0
        self._capped_multi = False
        self._round_players = self.n_in
        self._last_aggr = -1
        self._last_checker = -1
        if self.street == 0 and rules.bring_in:
            forced = choose_forced(self)
            if self.plugins is not None:
                forced = self.plugins.bring_in(forced)
            if forced >= 0:
                self._forced = forced
                self._leader = forced
                self.actor = forced
                return True
        previous = self._leader
        if (
            previous >= 0
            and not plan.faces_up
            and not self.folded[previous]
            and self.street > 0
            and not self.community
        ):
            leader = previous  # no card was dealt up: the boards are as on the last street (A9)
        else:
            leader = best_board(self)
        if self.plugins is not None:
            leader = self.plugins.first_actor(leader)
        self._prev_leader = self._leader
        self._leader = leader
        s = leader
        for _ in range(n):
            if need[s]:
                self.actor = s
                return True
            s = s + 1 if s + 1 < n else 0
        return False  # pragma: no cover - active >= 2 guarantees an actor

    def _win_uncontested(self) -> None:
        winner = self.folded.index(False)
        total = sum(self.contrib) + self.dead
        self._pots = [Pot(total, (winner,))] if total else []
        self.stacks[winner] += total
        self.awards.append((winner, total, 0, "", ""))
        self.events.append((AWARD, winner, total, 0, "", ""))
        self._finish()

    def _finish(self) -> None:
        self.is_over = True
        self.actor = None
        self._forced = -1
        if self._on_over is not None:
            self._on_over(self)


def _hand_plugins(hand: Hand, host: PluginHost) -> HandPlugins:
    from studkit.plugin_play import HandPlugins

    return HandPlugins(hand, host)


_PASSIVE: Final[dict[str, Callable[[Hand], None]]] = {
    FOLD: Hand.fold,
    CHECK: Hand.check,
    CALL: Hand.call,
    BRING_IN: Hand.bring_in,
}
