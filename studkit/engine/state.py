"""The named pieces of a hand's state that are not its public per-seat lists.

A :class:`~studkit.engine.hand.Hand` holds one :class:`BettingRound` (``hand.round``: the
betting round in progress) and one :class:`StreetProgress` (``hand.progress``: where the
deal stands). Both are written only by the hand's own methods (and the engine functions it
calls: the betting structures, the street deal); everything else reads them, or better, the
hand's queries (:attr:`~studkit.engine.hand.Hand.to_call`, :meth:`~Hand.legal_actions`...).
Both give their fields as a tuple (``state()``) and take them back (``set_state()``) for
:mod:`studkit.engine.snapshot`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from studkit.engine.rules import StreetPlan

__all__ = ["BettingRound", "StreetProgress"]


class BettingRound:
    """The betting round in progress (between rounds: what the last one left).

    Set up by the hand when a street's betting starts; the verbs change it, and the betting
    structure (:mod:`studkit.engine.betting`) updates the sizing fields when a bet or raise
    is made.
    """

    __slots__ = (
        "bet", "last_full", "increment", "bring_in", "size", "big_bet", "open_pair", "big_made",
        "max_bet", "min_bet", "half_bet", "short_full", "raises", "capped_multi", "players",
        "forced",
        "aggressor", "last_checker", "to_act", "may_raise",
    )

    def __init__(
        self,
        players: int,
        *,
        big_bet: int,
        min_bet: int,
        max_bet: int,
        half_bet: bool,
        short_full: bool = False,
    ) -> None:
        self.bet = 0
        """The highest total bet this round: what every player must match to stay in."""
        self.last_full = 0
        """The total of the last full bet or raise (0: none yet, or only a bring-in)."""
        self.increment = 0
        """The size of the last full raise (pot and no limit, spread limit): the smallest
        raise allowed next; the smallest opening bet before any."""
        self.bring_in = 0
        """The bring-in posted this round (0 for none)."""
        self.size = big_bet
        """Fixed limit: this street's bet (the small or the big bet)."""
        self.big_bet = big_bet
        """Fixed limit: the big bet (the open-pair option allows it on a small street)."""
        self.open_pair = False
        """Whether the open-pair option is live this round (a pair showing)."""
        self.big_made = False
        """Whether a big bet was made under the open-pair option: the rest goes big."""
        self.max_bet = max_bet
        """Spread limit: the largest bet or raise this round."""
        self.min_bet = min_bet
        """Spread limit: the smallest bet."""
        self.half_bet = half_bet
        """Fixed limit: whether a short all-in of half a bet or more reopens the betting."""
        self.short_full = short_full
        """Fixed limit: whether any short all-in counts as a full raise (PokerKit's reading,
        ``betting.short_all_in_is_full``)."""
        self.raises = 0
        """Full bets and raises made (a bring-in completed counts when completion is a
        raise): the raise cap is checked against it."""
        self.capped_multi = False
        """Whether the cap was reached with more than two players in (no heads-up uncap)."""
        self.players = players
        """Players in the hand when the round began."""
        self.forced = -1
        """The seat that must bring in now; -1 for none."""
        self.aggressor = -1
        """The last seat to bet, raise, complete or bring in this round; -1 for none."""
        self.last_checker = -1
        """The last seat to check this round; -1 for none."""
        self.to_act: list[bool] = [False] * players
        """Per seat: whether it must still act this round (the round ends when none must)."""
        self.may_raise: list[bool] = [False] * players
        """Per seat: whether the betting is open to it (a short all-in does not reopen it
        for those who already acted)."""

    def state(self) -> tuple[Any, ...]:
        """Every field, copied, for :meth:`set_state` (snapshots, clones, pickles)."""
        return (
            self.bet, self.last_full, self.increment, self.bring_in, self.size, self.big_bet,
            self.open_pair, self.big_made, self.max_bet, self.min_bet, self.half_bet,
            self.short_full, self.raises, self.capped_multi, self.players, self.forced,
            self.aggressor, self.last_checker, self.to_act[:], self.may_raise[:],
        )

    def set_state(self, state: tuple[Any, ...]) -> None:
        """Set every field from :meth:`state`'s tuple (the lists copied again)."""
        (
            self.bet, self.last_full, self.increment, self.bring_in, self.size, self.big_bet,
            self.open_pair, self.big_made, self.max_bet, self.min_bet, self.half_bet,
            self.short_full, self.raises, self.capped_multi, self.players, self.forced,
            self.aggressor, self.last_checker, to_act, may_raise,
        ) = state
        self.to_act = list(to_act)
        self.may_raise = list(may_raise)

    def __repr__(self) -> str:
        return (
            f"BettingRound(bet={self.bet}, last_full={self.last_full}, "
            f"increment={self.increment}, raises={self.raises}, forced={self.forced}, "
            f"aggressor={self.aggressor}, to_act={self.to_act})"
        )


class StreetProgress:
    """Where the deal stands: the street's plan, who led its betting, the cards still due.

    The hand's :attr:`~studkit.engine.hand.Hand.street` is the street's index; this holds
    the rest. Changed by the hand as it deals and starts each street's betting.
    """

    __slots__ = ("plan", "leader", "exposed", "due")

    def __init__(self, plan: StreetPlan) -> None:
        self.plan = plan
        """The current street as the engine deals and bets it."""
        self.leader = -1
        """The seat that opened this street's betting (the forced player, or the best
        board); -1 before any."""
        self.exposed = False
        """Whether every live hand has been turned up (the betting closed by all-ins)."""
        self.due: list[tuple[int, bool]] = []
        """With manual dealing: the cards still due this street, last first, as
        ``(seat, up)`` (seat -1 a burn, -2 the community card)."""

    def state(self) -> tuple[Any, ...]:
        """Every field, copied (the plan by its street number), for :meth:`set_state`."""
        return (self.plan.number, self.leader, self.exposed, self.due[:])

    def set_state(self, state: tuple[Any, ...], streets: Sequence[StreetPlan]) -> None:
        """Set every field from :meth:`state`'s tuple; ``streets`` the rules' plans."""
        number, self.leader, self.exposed, due = state
        self.plan = streets[number]
        self.due = list(due)

    def __repr__(self) -> str:
        return (
            f"StreetProgress(street={self.plan.name!r}, leader={self.leader}, "
            f"exposed={self.exposed}, due={self.due})"
        )
