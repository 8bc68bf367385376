"""How a hand moves on between decisions: :class:`HandFlow`, a base of :class:`Hand`.

After each decision the turn passes to the next seat that must act (:meth:`HandFlow._pass_turn`);
when none must, the round ends (uncalled chips returned, hands turned up if the betting is
closed by all-ins) and the next street is dealt, its betting round set up, or the hand shown
down and the pots awarded. Plugins take part at the call sites marked ``plugins``.
"""

from __future__ import annotations

from typing import Final

from studkit.cards import Card
from studkit.engine.blinds import open_blind_round
from studkit.engine.dealing import BURN, card_at
from studkit.engine.events import (
    AWARD,
    BURNED,
    COMMUNITY as COMMUNITY_EVENT,
    DEAL,
    DEALT_DOWN,
    DEALT_UP,
    RETURN,
    SHOW,
    TABLE_SEATS,
    AwardEvent,
    CommunityEvent,
    DealEvent,
    ReturnEvent,
    ShowEvent,
)
from studkit.engine.first_actor import any_open_pair, best_board, choose_forced
from studkit.engine.legal import LegalActions
from studkit.engine.pots import Pot, build_pots
from studkit.engine.seats import everyone, set_all
from studkit.engine.showdown import show_order, showdown
from studkit.engine.streets import deal_street
from studkit.errors import StudkitError

__all__ = ["HandFlow"]

_new: Final = tuple.__new__  # a typed event without its constructor's Python frame


class HandFlow(LegalActions):
    """The flow part of :class:`~studkit.engine.hand.Hand`: turns, rounds, streets, the end."""

    def _pass_turn(self, seat: int) -> None:
        """``seat`` has acted: the next seat clockwise that must act is to act, or the round
        is over."""
        to_act = self.round.to_act
        n = self.n
        s = seat
        for _step in range(n - 1):  # a named int: compiled, '_' would be boxed
            s += 1
            if s == n:
                s = 0
            if to_act[s]:
                self.actor = s
                return
        self.actor = None
        self._end_round()

    def _end_round(self) -> None:
        bets = self.bets
        top = 0
        for bet in bets:  # max(bets), without a call through Python's protocol
            if bet > top:
                top = bet
        if top and bets.count(top) == 1:
            # The highest bet was not matched: give back what nobody called.
            top_seat = bets.index(top)
            back = top - sorted(bets)[-2]  # the top is unique: the next bet down was called
            self.stacks[top_seat] = self.stacks[top_seat] + back
            self.contrib[top_seat] = self.contrib[top_seat] - back
            self.events.append(_new(ReturnEvent, (RETURN, top_seat, back)))
        set_all(bets, self._zeros)
        if self.n_in == 1:
            self._win_uncontested()
            return
        if not self.progress.exposed and self._active_count() < 2:
            self._expose()
        self._advance_street()

    def _active_count(self) -> int:
        """Live players with chips left (who could still bet)."""
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
        self.progress.exposed = True
        live = [not f for f in self.folded]
        self.shown = show_order(self, build_pots(self.contrib, live, dead=self.dead))
        for s in self.shown:
            self.events.append(_new(ShowEvent, (SHOW, s, tuple(self.cards[s]))))

    def _advance_street(self) -> None:
        if self.plugins is not None and self.plugins.between_streets():
            return  # a twist or declare round first
        self.street += 1
        streets = self.rules.streets
        if self.street == len(streets):
            showdown(self)
            self._finish()
            return
        self.progress.plan = streets[self.street]
        deal_street(self)

    def _place(self, seat: int, up: bool, card: Card) -> None:
        """Put a dealt card where it goes: a seat's up or down cards, the burn, the board."""
        if seat >= 0:
            self.cards[seat].append(card)
            if up:
                self.up[seat].append(card)
            else:
                self.down[seat].append(card)
            self.events.append(
                (DEALT_UP if up else DEALT_DOWN)[seat][card] if seat < TABLE_SEATS
                else _new(DealEvent, (DEAL, seat, card, up))
            )
        elif seat == BURN:
            self.burned.append(card)
            self.events.append(BURNED[card])
        else:
            self.community.append(card)
            self.events.append(_new(CommunityEvent, (COMMUNITY_EVENT, card)))

    def deal(self, card: int) -> None:
        """With ``auto_deal=False``: deal ``card`` to whoever :attr:`needs_card` names."""
        given = card_at(card)
        due = self.progress.due
        if not due:
            raise StudkitError(f"no card is due: cannot deal {given}")
        if given in self.cards_out():
            raise StudkitError(f"card {given} has already been dealt")
        if given not in self.rules.deck:
            raise StudkitError(f"card {given} is not in this variant's deck")
        seat, up = due.pop()
        self._place(seat, up, given)
        if not due:
            self._after_deal()

    def _after_deal(self) -> None:
        if self.plugins is not None and self.plugins.after_deal():
            return  # a plugin decision first (pay or fold, expose)
        if self.progress.plan.betting and self._start_round():
            return
        if not self.progress.exposed and self.n_in >= 2 and self._active_count() < 2:
            self._expose()
        self._advance_street()

    def _owes_a_blind(self, can_bet: list[bool]) -> bool:
        """Whether a player who can bet still owes part of a blind posted before the first
        round: with the blinds all in, the one player left with chips must call or fold."""
        if self.street != 0 or not self.rules.big_blind:
            return False
        top = max(self.bets)
        return any(able and bet < top for able, bet in zip(can_bet, self.bets))  # noqa: B905

    def _start_round(self) -> bool:
        """Set up the betting round; False when fewer than two players can bet."""
        n = self.n
        stacks = self.stacks
        r = self.round
        if self.n_in == n and 0 not in stacks:
            can_bet = everyone(n)  # nobody has folded or is all in
        else:
            folded = self.folded
            can_bet = [not f and c > 0 for f, c in zip(folded, stacks)]  # noqa: B905
            if can_bet.count(True) < 2 and not self._owes_a_blind(can_bet):
                set_all(r.to_act, self._nobody)
                return False
        to_act = r.to_act
        set_all(to_act, can_bet)
        set_all(r.may_raise, can_bet)
        progress = self.progress
        plan = progress.plan
        rules = self.rules
        r.bet = r.last_full = r.bring_in = 0
        r.increment = rules.min_open
        r.size = plan.size
        r.open_pair = plan.open_pair and any_open_pair(self)
        r.big_made = False
        r.max_bet = plan.round_max
        r.raises = 0
        r.capped_multi = False
        r.players = self.n_in
        r.aggressor = -1
        r.last_checker = -1
        if self.street == 0 and rules.big_blind and open_blind_round(self):
            return True
        if self.street == rules.bring_in_street and rules.bring_in:
            forced = choose_forced(self)
            if self.plugins is not None:
                forced = self.plugins.bring_in(forced)
            if forced >= 0:
                r.forced = forced
                progress.leader = forced
                self.actor = forced
                return True
        previous = progress.leader
        if rules.by_position and rules.by_position[self.street]:
            folded = self.folded  # opened by seat: the first live player on the dealer's left
            leader = next(s for s in self._order if not folded[s])
        elif (
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
        progress.leader = leader
        s = leader
        for _step in range(n):
            if to_act[s]:
                self.actor = s
                return True
            s = s + 1 if s + 1 < n else 0
        return False  # pragma: no cover - active >= 2 guarantees an actor

    def _win_uncontested(self) -> None:
        winner = self.folded.index(False)
        total = sum(self.contrib) + self.dead
        self._pots = [Pot(total, (winner,))] if total else []
        self.stacks[winner] = self.stacks[winner] + total
        self.awards.append((winner, total, 0, "", ""))
        self.events.append(_new(AwardEvent, (AWARD, winner, total, 0, "", "")))
        self._finish()

    def _finish(self) -> None:
        self.is_over = True
        self.actor = None
        self.round.forced = -1
        if self._on_over is not None:
            self._on_over(self)  # type: ignore[arg-type]
