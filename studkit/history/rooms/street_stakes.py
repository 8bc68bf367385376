"""What each player has staked on the current street, as a room's history goes: the one
place a reader turns a room's wording of an amount ("chips added" or "to a total") into the
:class:`~studkit.history.rooms.room_hand.Acted` record the shared model wants.

No rule of the game lives here: the ledger only adds up what the room wrote, so that a
raise worded as chips added gets its street total, a bet or raise is named ``complete`` on
third street until someone completes, and a player left with no chips is marked all in.

>>> from decimal import Decimal as D
>>> stakes = StreetStakes({"Ann": D(5), "Bob": D(5)})
>>> stakes.post("Ann", "bring-in", D("0.25"))
Posted(name='Ann', kind='bring-in', amount=Decimal('0.25'), all_in=False)
>>> stakes.add("Bob", D("0.50"))
Acted(name='Bob', verb='complete', to=Decimal('0.50'), all_in=False)
>>> stakes.add("Ann", D("0.75"))
Acted(name='Ann', verb='raise', to=Decimal('1.00'), all_in=False)
>>> stakes.add("Bob", D("0.50"))
Acted(name='Bob', verb='call', to=Decimal('0.50'), all_in=False)
>>> stakes.new_street(4)
>>> stakes.raise_to("Bob", D(1)), stakes.stake("Bob"), stakes.left("Bob")
(Acted(name='Bob', verb='bet', to=Decimal('1'), all_in=False), Decimal('1'), Decimal('3.00'))
"""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal
from typing import Literal

from studkit.errors import HistoryError
from studkit.history.rooms.room_hand import Acted, Posted, Returned

__all__ = ["StreetStakes", "assumed_bring_in"]


def assumed_bring_in(small_bet: Decimal, cash: bool) -> Decimal:
    """The bring-in a reader takes for a hand in which nobody posts one and nothing else
    tells it: half the small bet, rounded down to the cent (``cash``) or the chip.

    >>> assumed_bring_in(Decimal("0.25"), cash=True), assumed_bring_in(Decimal(1), cash=True)
    (Decimal('0.12'), Decimal('0.50'))
    >>> assumed_bring_in(Decimal(25), cash=False)
    Decimal('12')
    """
    unit = Decimal("0.01") if cash else Decimal(1)
    return (small_bet / 2).quantize(unit, rounding=ROUND_DOWN)


class StreetStakes:
    """The chips each player has left and has staked on the street being bet.

    ``stacks`` are the players' stacks at the start of the hand; streets are numbered by
    cards (third street is ``3``, the river ``7``)."""

    def __init__(self, stacks: dict[str, Decimal]) -> None:
        self._stacks = dict(stacks)
        self._left = dict(stacks)
        self._stake: dict[str, Decimal] = {}
        self._hand_total: dict[str, Decimal] = {}
        self.street = 3
        self._opened = False

    def new_street(self, street: int) -> None:
        """Start betting ``street``: nobody has staked anything on it yet."""
        self.street = street
        self._stake = {}
        self._opened = False

    def stake(self, name: str) -> Decimal:
        """What ``name`` has put in on this street (antes do not count)."""
        return self._stake.get(name, Decimal(0))

    def seated(self, name: str) -> bool:
        """Whether ``name`` is one of the players the ledger was given."""
        return name in self._left

    def left(self, name: str) -> Decimal:
        """The chips ``name`` has not put in yet."""
        if name not in self._left:
            raise HistoryError(f"{name!r} acts but is not seated")
        return self._left[name]

    def hand_total(self, name: str) -> Decimal:
        """What ``name`` has put in over the hand's streets so far (antes do not count)."""
        return self._hand_total.get(name, Decimal(0))

    @property
    def put_in(self) -> Decimal:
        """What all the players have put in and not had back, antes included."""
        return sum(self._stacks.values(), Decimal(0)) - sum(self._left.values(), Decimal(0))

    @property
    def high(self) -> Decimal:
        """The largest stake on this street."""
        return max(self._stake.values(), default=Decimal(0))

    def post(self, name: str, kind: Literal["ante", "bring-in"], amount: Decimal) -> Posted:
        """A forced bet; a bring-in counts toward the street's stake, an ante does not."""
        self._pay(name, amount)
        if kind == "bring-in":
            self._stake[name] = self.stake(name) + amount
            self._hand_total[name] = self.hand_total(name) + amount
        return Posted(name, kind, amount, all_in=self.left(name) == 0)

    def add(self, name: str, chips: Decimal, all_in: bool = False) -> Acted:
        """``name`` puts ``chips`` more in: a call when that does not top the largest stake,
        else a complete, bet or raise to the new total."""
        total = self.stake(name) + chips
        if total <= self.high:
            return self.call(name, chips, all_in)
        return self.raise_to(name, total, all_in)

    def call(self, name: str, chips: Decimal, all_in: bool = False) -> Acted:
        """``name`` calls, putting ``chips`` in."""
        self._pay(name, chips)
        self._stake[name] = self.stake(name) + chips
        self._hand_total[name] = self.hand_total(name) + chips
        return Acted(name, "call", chips, all_in or self.left(name) == 0)

    def raise_to(self, name: str, total: Decimal, all_in: bool = False) -> Acted:
        """``name`` completes, bets or raises to a stake of ``total`` on this street."""
        chips = total - self.stake(name)
        if chips <= 0:
            raise HistoryError(
                f"{name!r} raises to {total}, not above the {self.stake(name)} staked"
            )
        verb: Literal["complete", "bet", "raise"]
        if self.street == 3 and not self._opened:
            verb = "complete"
        elif self.high == 0:
            verb = "bet"
        else:
            verb = "raise"
        self._opened = True
        self._pay(name, chips)
        self._stake[name] = total
        self._hand_total[name] = self.hand_total(name) + chips
        return Acted(name, verb, total, all_in or self.left(name) == 0)

    def returned(self, name: str, chips: Decimal) -> Returned:
        """An uncalled ``chips`` given back to ``name``."""
        self._left[name] = self.left(name) + chips
        self._stake[name] = self.stake(name) - chips
        self._hand_total[name] = self.hand_total(name) - chips
        return Returned(name, chips)

    def _pay(self, name: str, chips: Decimal) -> None:
        left = self.left(name)
        if chips < 0 or chips > left:
            raise HistoryError(f"{name!r} puts in {chips} with {left} left")
        self._left[name] = left - chips
