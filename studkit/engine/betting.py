"""The four betting structures as small strategy objects.

A structure answers two questions for the hand: to what totals may the player to act bet or
raise (:meth:`Structure.targets`, before the stack limit), and does an aggressive action to a
total count as a full bet or raise that reopens the betting (:meth:`Structure.record`, which
also updates the round's sizing state). :data:`STRUCTURES` maps
``variant.betting.structure`` to the object.

The round state the structures read lives on the hand (:class:`RoundState` names it):
``cur`` the highest bet, ``last_full`` the total of the last full bet or raise, ``inc`` the
size of the last full raise, ``floor`` the bring-in posted this round, ``size``/``big`` the
fixed-limit bet sizes, ``open_pair``/``big_made`` the open-pair option.
"""

from __future__ import annotations

from typing import Final, Protocol

__all__ = [
    "RoundState",
    "Structure",
    "FixedLimit",
    "SpreadLimit",
    "PotLimit",
    "NoLimit",
    "STRUCTURES",
]


class RoundState(Protocol):
    """The betting-round fields of a hand that structures read and update."""

    _cur: int
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

    @property
    def _pot_total(self) -> int: ...


class Structure:
    """A betting structure: bet and raise sizes and what reopens the betting."""

    name = ""
    completes = True
    """Whether the bring-in is *completed* to a bet (limit games) rather than raised."""
    capped = True
    """Whether ``max_raises`` applies."""

    def targets(self, h: RoundState, to_call: int) -> list[tuple[int, int]]:
        """Ranges ``(lo, hi)`` of totals the actor may bet or raise to, before the stack."""
        raise NotImplementedError

    def record(self, h: RoundState, to: int) -> bool:
        """Account for an aggressive action to ``to``; return whether it was a full one."""
        raise NotImplementedError

    def forced_targets(self, h: RoundState, bring_in: int) -> list[tuple[int, int]]:
        """What the forced player may open for instead of bringing in: in limit games the
        completion; in pot and no limit a bet of at least twice the bring-in."""
        if self.completes:
            return self.targets(h, 0)
        lo = 2 * bring_in
        hi = h._pot_total if not isinstance(self, NoLimit) else 1 << 62
        return [(lo, hi if hi > lo else lo)]


class FixedLimit(Structure):
    """Fixed limit: every bet and raise is one bet of the street's size (small or big).

    With the open-pair option active, a bet or raise may be small or big; after a big one,
    the rest of the round goes in big steps. A short all-in is a full raise when it is at
    least half a bet (the half-bet rule, when the variant keeps it), or always
    (``short_all_in_is_full``, PokerKit's reading).
    """

    name = "fixed-limit"

    def targets(self, h: RoundState, to_call: int) -> list[tuple[int, int]]:
        base = h._last_full
        if h._big_made:
            return [(base + h._big, base + h._big)]
        if h._open_pair and h._big != h._size:
            return [(base + h._size, base + h._size), (base + h._big, base + h._big)]
        return [(base + h._size, base + h._size)]

    def record(self, h: RoundState, to: int) -> bool:
        base = h._last_full
        step = h._big if h._big_made else h._size
        if to - base >= step:
            if h._open_pair and to - base >= h._big:
                h._big_made = True
            h._last_full = to
            return True
        measured = to - (h._floor if h._floor > base else base)
        if h._short_full or (h._half_bet and 2 * measured >= step):
            h._last_full = to
            return True
        return False


class SpreadLimit(Structure):
    """Spread limit: any bet within the stakes' spread; a raise at least the previous raise."""

    name = "spread-limit"

    def targets(self, h: RoundState, to_call: int) -> list[tuple[int, int]]:
        step = h._inc if h._inc > h._round_min else h._round_min
        base = h._last_full
        lo = base + step
        if lo <= h._cur:
            lo = h._cur + 1
        hi = base + h._round_max
        if hi < lo:
            hi = lo
        return [(lo, hi)]

    def record(self, h: RoundState, to: int) -> bool:
        base = h._last_full
        step = h._inc if h._inc > h._round_min else h._round_min
        if to - base >= step:
            h._inc = to - base
            h._last_full = to
            return True
        return False


class PotLimit(Structure):
    """Pot limit: at least the last full raise, at most the pot after calling."""

    name = "pot-limit"
    completes = False
    capped = False

    def targets(self, h: RoundState, to_call: int) -> list[tuple[int, int]]:
        lo = h._cur + h._inc
        hi = h._cur + h._pot_total + to_call
        if hi < lo:
            hi = lo
        return [(lo, hi)]

    def record(self, h: RoundState, to: int) -> bool:
        return _big_bet_record(h, to)


class NoLimit(Structure):
    """No limit: at least the last full bet or raise, up to all the chips."""

    name = "no-limit"
    completes = False
    capped = False

    def targets(self, h: RoundState, to_call: int) -> list[tuple[int, int]]:
        lo = h._cur + h._inc
        return [(lo, 1 << 62)]

    def record(self, h: RoundState, to: int) -> bool:
        return _big_bet_record(h, to)


def _big_bet_record(h: RoundState, to: int) -> bool:
    """Pot and no limit: a raise of at least the last full raise (or short all-ins adding up
    to one) is full and reopens the betting; the minimum raise grows with it."""
    if to - h._cur >= h._inc:
        h._inc = to - h._cur
        h._last_full = to
        return True
    if to - h._last_full >= h._inc:
        h._last_full = to
        return True
    return False


STRUCTURES: Final[dict[str, Structure]] = {
    s.name: s for s in (FixedLimit(), SpreadLimit(), PotLimit(), NoLimit())
}
"""The structure object for each ``variant.betting.structure`` value."""
