"""The chips put in, for the rooms that write amounts rather than sentences (iPoker,
Merge) and never say which bet went uncalled: the street ledger of
:class:`~studkit.history.rooms.street_stakes.StreetStakes`, plus each player's chips put in
over the hand and the part of the last bet nobody matched.

>>> from decimal import Decimal as D
>>> chips = RoomChips({"Ann": D(100), "Bob": D(30)})
>>> _ = chips.post("Ann", "ante", D(2)), chips.post("Bob", "ante", D(2))
>>> chips.new_street(3)
>>> chips.add("Ann", D(20))
Acted(name='Ann', verb='complete', to=Decimal('20'), all_in=False)
>>> chips.add("Bob", D(28))
Acted(name='Bob', verb='raise', to=Decimal('28'), all_in=True)
>>> chips.new_street(4)
>>> chips.uncalled(), chips.total("Ann"), chips.total("Bob")
(Returned(name='Bob', amount=Decimal('8')), Decimal('22'), Decimal('30'))
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from studkit.history.rooms.room_hand import Returned
from studkit.history.rooms.street_stakes import StreetStakes

__all__ = ["RoomChips"]


class RoomChips(StreetStakes):
    """A :class:`StreetStakes` that remembers the last street anyone bet on."""

    def __init__(self, stacks: Mapping[str, Decimal]) -> None:
        super().__init__(dict(stacks))
        self.stacks: dict[str, Decimal] = dict(stacks)
        self._last_bets: dict[str, Decimal] = {}

    def _bets(self) -> dict[str, Decimal]:
        return {name: self.stake(name) for name in self.stacks if self.stake(name)}

    def new_street(self, street: int) -> None:
        """Start betting ``street``, keeping the stakes of the street before if any."""
        self._last_bets = self._bets() or self._last_bets
        super().new_street(street)

    def total(self, name: str) -> Decimal:
        """What ``name`` has put in over the whole hand, antes included."""
        return self.stacks[name] - self.left(name)

    def uncalled(self) -> Returned | None:
        """The part of the last bet that nobody matched, given back to its maker (the
        rooms' own totals count it in his win)."""
        bets = self._bets() or self._last_bets
        ranked = sorted(bets.items(), key=lambda item: item[1], reverse=True)
        if not ranked:
            return None
        top_name, top = ranked[0]
        second = ranked[1][1] if len(ranked) > 1 else Decimal(0)
        return Returned(top_name, top - second) if top > second else None
