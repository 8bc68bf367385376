"""What the player to act may do: :class:`LegalActions`, a base of :class:`Hand`.

Each betting verb has one check that decides whether it is legal now, and with how many
chips: a private predicate (``_may_fold``, ``_may_check``, ``_call_chips``, ``_bring_in_chips``,
``_aggression`` for complete, bet and raise). Everything else is built on them:

* ``verify_x()`` raises :class:`~studkit.errors.IllegalActionError` naming the player, the
  street and the legal actions when the check fails, and otherwise returns what the verb
  would put in (or the total it would bet);
* ``can_x()`` is the same check as a bool;
* :meth:`LegalActions.legal_actions` lists every verb whose check passes;
* the verbs and :meth:`Hand.apply <studkit.engine.hand.Hand.apply>` run ``verify_x`` first.

While a plugin decision is due (``pay``, ``expose``...) no betting verb is legal and
:meth:`~LegalActions.legal_actions` lists the plugin's choices.
"""

from __future__ import annotations

from typing import Final, SupportsInt

from studkit.engine.actions import BET, BRING_IN, CALL, CHECK, COMPLETE, FOLD, RAISE, Action
from studkit.engine.chips import whole_chips
from studkit.engine.queries import HandQueries
from studkit.engine.state import BettingRound
from studkit.errors import IllegalActionError

__all__ = ["LegalActions", "Aggression"]

Aggression = tuple[str, list[tuple[int, int]]]
"""The aggressive kind open to the actor (complete, bet or raise) and its ranges of totals."""


class LegalActions(HandQueries):
    """The legal-action part of :class:`~studkit.engine.hand.Hand`."""

    # ------------------------------------------------------------------ the one check per verb

    def _acting(self) -> int:
        """The seat whose betting decision is due; -1 for none (nobody is to act, or a
        plugin decision is due)."""
        seat = self.actor
        if seat is None:
            return -1
        plugins = self.plugins
        if plugins is not None and plugins.pending:
            return -1
        return seat

    def _may_fold(self, seat: int) -> bool:
        """Fold: only facing a bet, and never instead of the bring-in."""
        r = self.round
        return r.forced != seat and r.bet > self.bets[seat]

    def _may_check(self, seat: int) -> bool:
        """Check: no bet to call, and not the forced player."""
        r = self.round
        return r.forced != seat and r.bet <= self.bets[seat]

    def _call_chips(self, seat: int) -> int:
        """Call: the chips the call puts in (all the stack when short); 0 when not legal."""
        r = self.round
        if r.forced == seat:
            return 0
        owed = r.bet - self.bets[seat]
        if owed <= 0:
            return 0
        stack = self.stacks[seat]
        return owed if owed < stack else stack

    def _bring_in_chips(self, seat: int) -> int:
        """Bring in: the chips it puts in (all the stack when short); 0 when not legal."""
        if self.round.forced != seat:
            return 0
        amount = self.rules.bring_in
        stack = self.stacks[seat]
        return amount if amount < stack else stack

    def _aggression(self, seat: int) -> Aggression | None:
        """Complete, bet or raise: the one aggressive kind open to ``seat`` and its ranges of
        totals (within its stack), or None. Remembered until the next event."""
        key = len(self.events) << 8 | seat
        if key == self._agg_key:
            return self._agg_val
        value = self._aggression_now(seat)
        self._agg_key = key
        self._agg_val = value
        return value

    def _aggression_total(self, seat: int) -> int:
        """The check of complete, bet and raise in its quick form, plain ints: the one
        aggressive kind open to ``seat`` and its one total, as ``to << 2 | code`` (code 0
        bet, 1 raise, 2 complete) when there is one total within the stack (fixed limit,
        mostly); :data:`NOT_OPEN` when none is open; :data:`IN_RANGES` when the answer is a
        range or a choice (:meth:`_aggression` works it out)."""
        r = self.round
        stacks = self.stacks
        bets = self.bets
        stack = stacks[seat]
        bet = bets[seat]
        cur = r.bet
        if stack <= cur - bet or not r.may_raise[seat]:
            return NOT_OPEN
        folded = self.folded
        n = self.n
        s = seat
        for _step in range(n - 1):  # a named int: compiled, '_' would be boxed
            s = s + 1 if s + 1 < n else 0
            if not folded[s] and stacks[s] > 0 and bets[s] + stacks[s] > cur:
                break
        else:
            return NOT_OPEN  # nobody left could put in more than the bet already made
        rules = self.rules
        structure = rules.structure
        if r.forced == seat:  # the forced player may complete (or open for a bet) instead
            if not rules.may_complete:
                return NOT_OPEN
            bring_in = rules.bring_in
            if bet + stack <= bring_in and not rules.short_full:
                return NOT_OPEN  # short of the bring-in: a partial bring-in is all it can post
            to = structure.single_target(r) if structure.completes else -1
            if 0 <= to:  # a limit completion to one total, at least one more than the bring-in
                if to <= bring_in:
                    to = bring_in + 1
                if to < bet + stack:
                    return to << 2 | 2
            return IN_RANGES
        cap = rules.max_raises
        if cap is not None and r.raises > cap and not self._uncapped():
            return NOT_OPEN
        to = structure.single_target(r)
        if 0 <= to < bet + stack:
            return to << 2 | _open_kind(r, structure.completes)  # the usual case
        return IN_RANGES

    def _aggression_now(self, seat: int) -> Aggression | None:
        total = self._aggression_total(seat)
        if total == NOT_OPEN:
            return None
        rules = self.rules
        if total >= 0:
            return _one_total(rules.aggression_records, total)
        r = self.round
        stack = self.stacks[seat]
        bet = self.bets[seat]
        structure = rules.structure
        pot = 0 if rules.fixed_limit else sum(self.contrib) + self.dead  # fixed limit reads none
        if r.forced != seat:
            kind = _kind(_open_kind(r, structure.completes))
            ranges = structure.targets(r, r.bet - bet, pot)
        else:  # the forced player, who may complete or open (checked above)
            bring_in = rules.bring_in
            kind = COMPLETE if structure.completes else BET
            ranges = [
                (lo if lo > bring_in else bring_in + 1, hi if hi > bring_in else bring_in + 1)
                for lo, hi in structure.forced_targets(r, bring_in, pot)
            ]
        top = bet + stack
        if len(ranges) == 1:
            lo, hi = ranges[0]
            if lo < top and hi <= top:
                return kind, ranges  # the usual case: the stack covers the whole range
        out: list[tuple[int, int]] = []
        for lo, hi in ranges:
            if lo >= top:
                lo = hi = top
            elif hi > top:
                hi = top
            if (lo, hi) not in out:
                out.append((lo, hi))
        return kind, out

    def _uncapped(self) -> bool:
        mode = self.rules.uncap
        if mode == "if-heads-up-before-cap":
            return self.n_in == 2 and not self.round.capped_multi
        if mode == "if-round-began-heads-up":
            return self.round.players == 2
        return False

    # ------------------------------------------------------------------ verify_x, can_x

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

    def verify_fold(self) -> None:
        """Raise :class:`~studkit.errors.IllegalActionError` unless the player to act may
        fold."""
        seat = self._acting()
        if seat < 0 or not self._may_fold(seat):
            raise self._illegal(FOLD)

    def verify_check(self) -> None:
        """Raise unless the player to act may check."""
        seat = self._acting()
        if seat < 0 or not self._may_check(seat):
            raise self._illegal(CHECK)

    def verify_call(self) -> int:
        """The chips a call puts in now; raises unless the player to act may call."""
        seat = self._acting()
        chips = self._call_chips(seat) if seat >= 0 else 0
        if not chips:
            raise self._illegal(CALL)
        return chips

    def verify_bring_in(self) -> int:
        """The chips the bring-in puts in; raises unless the player to act must bring in."""
        seat = self._acting()
        chips = self._bring_in_chips(seat) if seat >= 0 else 0
        if not chips:
            raise self._illegal(BRING_IN)
        return chips

    # SupportsInt: the compiled engine lets any number through to the check naming the action.
    def verify_complete(self, amount: SupportsInt | None = None) -> int:
        """The total a completion (to ``amount``, or the one total allowed) makes; raises
        unless the player to act may complete so."""
        return self._verify_aggression(COMPLETE, amount)

    def verify_bet(self, amount: SupportsInt | None = None) -> int:
        """The total a bet (of ``amount``, or the fixed-limit size) makes; raises unless the
        player to act may bet so."""
        return self._verify_aggression(BET, amount)

    def verify_raise_to(self, amount: SupportsInt | None = None) -> int:
        """The total a raise (to ``amount``, or the fixed-limit total) makes; raises unless
        the player to act may raise so."""
        return self._verify_aggression(RAISE, amount)

    def _verify_aggression(self, kind: str, amount: SupportsInt | None) -> int:
        seat = self._acting()
        aggression = self._aggression(seat) if seat >= 0 else None
        if aggression is None or aggression[0] != kind:
            raise self._illegal(f"{kind} to {amount}" if amount is not None else kind)
        ranges = aggression[1]
        if amount is None:
            if len(ranges) != 1 or ranges[0][0] != ranges[0][1]:
                raise self._illegal(f"{kind} without an amount")
            return ranges[0][0]
        to = whole_chips(amount)
        if to is None:
            raise self._illegal(f"{kind} to {amount!r} (not a whole number of chips)")
        for lo, hi in ranges:
            if lo <= to <= hi:
                return to
        raise self._illegal(f"{kind} to {amount}")

    def can_fold(self) -> bool:
        """Whether the player to act may fold (only facing a bet)."""
        seat = self._acting()
        return seat >= 0 and self._may_fold(seat)

    def can_check(self) -> bool:
        """Whether the player to act may check."""
        seat = self._acting()
        return seat >= 0 and self._may_check(seat)

    def can_call(self) -> bool:
        """Whether the player to act faces a bet to call."""
        seat = self._acting()
        return seat >= 0 and self._call_chips(seat) > 0

    def can_bring_in(self) -> bool:
        """Whether the player to act is the forced player who may post the bring-in."""
        seat = self._acting()
        return seat >= 0 and self._bring_in_chips(seat) > 0

    def can_complete(self, amount: int | None = None) -> bool:
        """Whether the player to act may complete (to ``amount``, if given)."""
        return self._can_aggress(COMPLETE, amount)

    def can_bet(self, amount: int | None = None) -> bool:
        """Whether the player to act may bet (``amount`` total, if given)."""
        return self._can_aggress(BET, amount)

    def can_raise_to(self, amount: int | None = None) -> bool:
        """Whether the player to act may raise (to ``amount`` total, if given)."""
        return self._can_aggress(RAISE, amount)

    def _can_aggress(self, kind: str, amount: int | None) -> bool:
        seat = self._acting()
        aggression = self._aggression(seat) if seat >= 0 else None
        if aggression is None or aggression[0] != kind:
            return False
        return amount is None or any(lo <= amount <= hi for lo, hi in aggression[1])

    # ------------------------------------------------------------------ the list

    def _is_listed(self, action: Action) -> bool:
        """Whether ``action`` is one of the records :meth:`legal_actions` listed for the
        state the hand is in now (the very object): the checks passed, with its amount."""
        seat = self.actor
        if seat is None or self._legal_key != (len(self.events) << 8 | seat):
            return False
        for listed in self._legal:
            if listed is action:
                return True
        return False

    def legal_actions(self) -> list[Action]:
        """What the player to act may do (empty when nobody is to act): every verb whose
        check passes, with its amount or range. Remembered until the next event."""
        seat = self.actor
        if seat is None:
            return []
        plugins = self.plugins
        if plugins is not None and plugins.pending:
            return plugins.legal_actions()
        key = len(self.events) << 8 | seat
        if key == self._legal_key:
            return self._legal[:]
        out: list[Action] = []
        if self._may_fold(seat):
            out.append(_FOLD)
        if self._may_check(seat):
            out.append(_CHECK)
        table = self.rules.legal_records
        chips = self._call_chips(seat)
        if chips:
            out.append(_record(table, 1, CALL, chips, None))
        chips = self._bring_in_chips(seat)
        if chips:
            out.append(_record(table, 2, BRING_IN, chips, None))
        total = self._aggression_total(seat)
        if total >= 0:  # one total (fixed limit): code 3 bet, 4 raise, 5 complete
            to = total >> 2
            out.append(_record(table, 3 + (total & 3), _kind(total & 3), to, to))
        elif total == IN_RANGES:
            aggression = self._aggression(seat)
            if aggression is not None:
                kind, ranges = aggression
                if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
                    to = ranges[0][0]  # one total: all in, say
                    code = 3 if kind == BET else 4 if kind == RAISE else 5  # else: complete
                    out.append(_record(table, code, kind, to, to))
                else:
                    for lo, hi in ranges:
                        out.append(_new(Action, (kind, lo, lo, hi)))
        self._legal = out
        self._legal_key = key
        return out[:]


_new: Final = tuple.__new__  # Action(...) without the keyword-handling constructor frame

# Actions are immutable: the common ones are made once per compiled rules and shared
# (``Rules.legal_records``, a list by ``amount << 3 | code``). A call or bring-in is found by
# its amount, a fixed-limit bet, raise or completion by its total; ``code`` (1 to 5) tells
# the kinds apart.


NOT_OPEN: Final = -1
""":meth:`LegalActions._aggression_total`: no complete, bet or raise is open."""
IN_RANGES: Final = -2
""":meth:`LegalActions._aggression_total`: the answer is a range or a choice of totals."""


def _kind(code: int) -> str:
    """The aggressive kind of ``code`` in :meth:`LegalActions._aggression_total` (compiled,
    indexing a constant tuple would box it first)."""
    return BET if code == 0 else RAISE if code == 1 else COMPLETE


def _open_kind(r: BettingRound, completes: bool) -> int:
    """The aggressive kind open now, by code: a bet with no bet made, a completion of a
    bring-in in the structures that complete, else a raise."""
    if r.bet == 0:
        return 0
    if r.last_full == 0 and completes:
        return 2
    return 1


def _one_total(memo: dict[int, Aggression], total: int) -> Aggression:
    """The aggressive kind to its one total (``total`` as
    :meth:`LegalActions._aggression_total` gives it), shared through
    ``Rules.aggression_records`` (never changed by its readers: the one check's answer for
    every hand of these rules)."""
    found = memo.get(total)
    if found is None:
        if len(memo) > 4096:
            memo.clear()  # totals seen across many stack sizes: keep the memory bounded
        to = total >> 2
        found = memo[total] = (_kind(total & 3), [(to, to)])
    return found


RECORDS_LIMIT: Final = 1 << 15
"""``Rules.legal_records`` holds the records of amounts under 4,096 (``amount << 3 | code``
below this); larger amounts get a record made each time."""


def _record(
    table: list[Action | None], code: int, kind: str, amount: int, bound: int | None
) -> Action:
    """The action ``kind`` for ``amount`` (``bound`` its min and max), from the table, else
    made and (for an amount under 4,096) kept there: a list read costs less than a lookup by
    a boxed key."""
    i = amount << 3 | code
    if i < len(table):
        found = table[i]
        if found is not None:
            return found
    action: Action = _new(Action, (kind, amount, bound, bound))
    if i < RECORDS_LIMIT:
        if i >= len(table):
            table.extend([None] * (i + 1 - len(table)))
        table[i] = action
    return action


_FOLD: Final = Action(FOLD)
_CHECK: Final = Action(CHECK)
