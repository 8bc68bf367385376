"""What the player to act may do: :class:`LegalActions`, a base of :class:`Hand`.

:meth:`LegalActions.legal_actions` lists the decisions with their amounts or ranges. The list
is remembered until the next event, so :meth:`Hand.apply` given one of its actions (the usual
way: list, choose, apply) takes it without checking it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from studkit.engine.actions import BET, BRING_IN, CALL, CHECK, COMPLETE, FOLD, RAISE, Action
from studkit.engine.events import Event
from studkit.engine.queries import HandQueries

if TYPE_CHECKING:
    from studkit.plugin_play import HandPlugins

__all__ = ["LegalActions"]

Aggressive = tuple[str, list[tuple[int, int]]]
"""The aggressive kind open to the actor and its ranges of totals."""


class LegalActions(HandQueries):
    """The legal-action part of :class:`~studkit.engine.hand.Hand`, which holds the state
    declared here (in its ``__slots__``, or as a compiled class's fields)."""

    events: list[Event]
    plugins: HandPlugins | None
    n_in: int
    _reopen: list[bool]
    _max_raises: int | None
    _aggr: int
    _uncap: str
    _capped_multi: bool
    _round_players: int
    _last_full: int
    _inc: int
    _floor: int
    _size: int
    _big: int
    _open_pair: bool
    _big_made: bool
    _half_bet: bool
    _short_full: bool
    _round_max: int
    _round_min: int
    _agg_key: int
    _agg_seat: int
    _agg_val: Aggressive | None
    _legal_key: int
    _legal: list[Action]
    _fixed: bool

    def legal_actions(self) -> list[Action]:
        """What the player to act may do (empty when nobody is to act)."""
        seat = self.actor
        if seat is None:
            return []
        plugins = self.plugins
        if plugins is not None and plugins.pending:
            return plugins.legal_actions()
        key = len(self.events) << 8 | seat
        if key == self._legal_key:
            return self._legal[:]
        stack = self.stacks[seat]
        if self._fixed and self._forced != seat and (self._big_made or not self._open_pair):
            # Fixed limit, one total open to aggression (no open-pair choice): the general
            # rules below, inlined for the common case.
            bet = self.bets[seat]
            cur = self._cur
            owed = cur - bet
            out: list[Action]
            if owed > 0:
                if owed >= stack:
                    out = [_FOLD, _CALLS.get(stack) or _remember(_CALLS, CALL, stack, None)]
                    self._legal = out
                    self._legal_key = key
                    return out[:]  # all in to call: no raise
                out = [_FOLD, _CALLS.get(owed) or _remember(_CALLS, CALL, owed, None)]
            else:
                out = [_CHECK]
            cap = self._max_raises
            if self._reopen[seat] and (cap is None or self._aggr <= cap or self._uncapped()):
                stacks = self.stacks
                bets = self.bets
                folded = self.folded
                n = self.n
                s = seat
                for _ in range(n - 1):
                    s = s + 1 if s + 1 < n else 0
                    if not folded[s] and stacks[s] > 0 and bets[s] + stacks[s] > cur:
                        base = self._last_full
                        kind = BET if cur == 0 else COMPLETE if base == 0 else RAISE
                        memo = _TOTALS[kind]
                        to = base + (self._big if self._big_made else self._size)
                        if to > bet + stack:
                            to = bet + stack
                        out.append(memo.get(to) or _remember(memo, kind, to, to))
                        break
            self._legal = out
            self._legal_key = key
            return out[:]
        if self._forced == seat:
            amount = self.rules.bring_in
            if amount > stack:
                amount = stack
            out = [_BRING_INS.get(amount) or _remember(_BRING_INS, BRING_IN, amount, None)]
        else:
            owed = self._cur - self.bets[seat]
            if owed > 0:
                if owed > stack:
                    owed = stack
                out = [_FOLD, _CALLS.get(owed) or _remember(_CALLS, CALL, owed, None)]
            else:
                out = [_CHECK]
        length = key >> 8
        if length == self._agg_key and seat == self._agg_seat:
            aggressive = self._agg_val
        else:
            aggressive = self._agg_val = self._aggressive(seat)
            self._agg_key = length
            self._agg_seat = seat
        if aggressive is not None:
            kind, ranges = aggressive
            if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
                to = ranges[0][0]  # fixed limit: one total
                memo = _TOTALS[kind]
                out.append(memo.get(to) or _remember(memo, kind, to, to))
            else:
                for lo, hi in ranges:
                    out.append(_new(Action, (kind, lo, lo, hi)))
        self._legal = out
        self._legal_key = key
        return out[:]

    def _aggressive_now(self, seat: int) -> Aggressive | None:
        """:meth:`_aggressive`, remembered until the next event (legal_actions then apply)."""
        key = len(self.events)
        if key == self._agg_key and seat == self._agg_seat:
            return self._agg_val
        value = self._aggressive(seat)
        self._agg_key = key
        self._agg_seat = seat
        self._agg_val = value
        return value

    def _aggressive(self, seat: int) -> Aggressive | None:
        """The aggressive kind and its ranges of totals for ``seat``, or None."""
        stacks = self.stacks
        bets = self.bets
        stack = stacks[seat]
        bet = bets[seat]
        cur = self._cur
        if stack <= cur - bet or not self._reopen[seat]:
            return None
        folded = self.folded
        s = seat
        for _ in range(self.n - 1):
            s = s + 1 if s + 1 < self.n else 0
            if not folded[s] and stacks[s] > 0 and bets[s] + stacks[s] > cur:
                break
        else:
            return None  # nobody left could put in more than the bet already made
        rules = self.rules
        structure = rules.structure
        if self._forced != seat:
            cap = self._max_raises
            if cap is not None and self._aggr > cap and not self._uncapped():
                return None
            if cur == 0:
                kind = BET
            elif self._last_full == 0 and structure.completes:
                kind = COMPLETE
            else:
                kind = RAISE
            ranges = structure.targets(self, cur - bet)
        else:
            if not rules.may_complete:
                return None
            bring_in = rules.bring_in
            if bet + stack <= bring_in and not self._short_full:
                return None  # short of the bring-in: a partial bring-in is all it can post
            kind = COMPLETE if structure.completes else BET
            ranges = [
                (lo if lo > bring_in else bring_in + 1, hi if hi > bring_in else bring_in + 1)
                for lo, hi in structure.forced_targets(self, bring_in)
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
        mode = self._uncap
        if mode == "if-heads-up-before-cap":
            return self.n_in == 2 and not self._capped_multi
        if mode == "if-round-began-heads-up":
            return self._round_players == 2
        return False


_new: Final = tuple.__new__  # Action(...) without the keyword-handling constructor frame

# Actions are immutable: the common ones are made once and shared. A call or bring-in is
# remembered by its amount, a fixed-limit bet, raise or completion by its total.
_CALLS: Final[dict[int, Action]] = {}
_BRING_INS: Final[dict[int, Action]] = {}
_TOTALS: Final[dict[str, dict[int, Action]]] = {COMPLETE: {}, BET: {}, RAISE: {}}


def _remember(memo: dict[int, Action], kind: str, amount: int, bound: int | None) -> Action:
    """The action ``kind`` for ``amount`` (``bound`` its min and max), made and remembered."""
    if len(memo) > 4096:
        memo.clear()  # amounts seen across many stack sizes: keep the memory bounded
    action = memo[amount] = _new(Action, (kind, amount, bound, bound))
    return action


_FOLD: Final = Action(FOLD)
_CHECK: Final = Action(CHECK)
