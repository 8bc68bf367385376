"""The four betting structures as small strategy objects.

A structure answers two questions for the hand: to what totals may the player to act bet or
raise (:meth:`Structure.targets`, before the stack limit), and does an aggressive action to a
total count as a full bet or raise that reopens the betting (:meth:`Structure.record`, which
also updates the round's sizing state). :data:`STRUCTURES` maps
``variant.betting.structure`` to the object.

The round state the structures read and update is the hand's
:class:`~studkit.engine.state.BettingRound` (``hand.round``); pot limit also reads the pot.
"""

from __future__ import annotations

from typing import Final

from studkit.engine.state import BettingRound

__all__ = [
    "Structure",
    "FixedLimit",
    "SpreadLimit",
    "PotLimit",
    "NoLimit",
    "STRUCTURES",
]


class Structure:
    """A betting structure: bet and raise sizes and what reopens the betting."""

    name = ""
    completes = True
    """Whether the bring-in is *completed* to a bet (limit games) rather than raised."""
    capped = True
    """Whether ``max_raises`` applies."""

    def targets(self, r: BettingRound, to_call: int, pot: int) -> list[tuple[int, int]]:
        """Ranges ``(lo, hi)`` of totals the actor may bet or raise to, before the stack
        (``pot``: all chips in, current bets included)."""
        raise NotImplementedError

    def record(self, r: BettingRound, to: int) -> bool:
        """Account for an aggressive action to ``to``; return whether it was a full one."""
        raise NotImplementedError

    def single_target(self, r: BettingRound) -> int:
        """The one total the actor may bet or raise to, before the stack, when
        :meth:`targets` gives exactly one (fixed limit, mostly); -1 when it gives a range
        or a choice (the engine's quick path: no list of ranges built)."""
        return -1

    def forced_targets(self, r: BettingRound, bring_in: int, pot: int) -> list[tuple[int, int]]:
        """What the forced player may open for instead of bringing in: in limit games the
        completion; in pot and no limit a bet of at least twice the bring-in."""
        if self.completes:
            return self.targets(r, 0, pot)
        lo = 2 * bring_in
        hi = pot if not isinstance(self, NoLimit) else 1 << 62
        return [(lo, hi if hi > lo else lo)]


class FixedLimit(Structure):
    """Fixed limit: every bet and raise is one bet of the street's size (small or big).

    With the open-pair option active, a bet or raise may be small or big; after a big one,
    the rest of the round goes in big steps. A short all-in is a full raise when it is at
    least half a bet (the half-bet rule, when the variant keeps it), or always
    (``short_all_in_is_full``, PokerKit's reading).
    """

    name = "fixed-limit"

    def targets(self, r: BettingRound, to_call: int, pot: int) -> list[tuple[int, int]]:
        to = self.single_target(r)
        if to >= 0:
            return [(to, to)]
        base = r.last_full  # the open-pair option: a small or a big bet
        return [(base + r.size, base + r.size), (base + r.big_bet, base + r.big_bet)]

    def single_target(self, r: BettingRound) -> int:
        if r.big_made:
            return r.last_full + r.big_bet
        if r.open_pair and r.big_bet != r.size:
            return -1
        return r.last_full + r.size

    def record(self, r: BettingRound, to: int) -> bool:
        base = r.last_full
        step = r.big_bet if r.big_made else r.size
        if to - base >= step:
            if r.open_pair and to - base >= r.big_bet:
                r.big_made = True
            r.last_full = to
            return True
        measured = to - (r.bring_in if r.bring_in > base else base)
        if r.short_full or (r.half_bet and 2 * measured >= step):
            r.last_full = to
            return True
        return False


class SpreadLimit(Structure):
    """Spread limit: any bet within the stakes' spread; a raise at least the previous raise."""

    name = "spread-limit"

    def targets(self, r: BettingRound, to_call: int, pot: int) -> list[tuple[int, int]]:
        step = r.increment if r.increment > r.min_bet else r.min_bet
        base = r.last_full
        lo = base + step
        if lo <= r.bet:
            lo = r.bet + 1
        hi = base + r.max_bet
        if hi < lo:
            hi = lo
        return [(lo, hi)]

    def record(self, r: BettingRound, to: int) -> bool:
        base = r.last_full
        step = r.increment if r.increment > r.min_bet else r.min_bet
        if to - base >= step:
            r.increment = to - base
            r.last_full = to
            return True
        return False


class PotLimit(Structure):
    """Pot limit: at least the last full raise, at most the pot after calling."""

    name = "pot-limit"
    completes = False
    capped = False

    def targets(self, r: BettingRound, to_call: int, pot: int) -> list[tuple[int, int]]:
        lo = r.bet + r.increment
        hi = r.bet + pot + to_call
        if hi < lo:
            hi = lo
        return [(lo, hi)]

    def record(self, r: BettingRound, to: int) -> bool:
        return _big_bet_record(r, to)


class NoLimit(Structure):
    """No limit: at least the last full bet or raise, up to all the chips."""

    name = "no-limit"
    completes = False
    capped = False

    def targets(self, r: BettingRound, to_call: int, pot: int) -> list[tuple[int, int]]:
        lo = r.bet + r.increment
        return [(lo, 1 << 62)]

    def record(self, r: BettingRound, to: int) -> bool:
        return _big_bet_record(r, to)


def _big_bet_record(r: BettingRound, to: int) -> bool:
    """Pot and no limit: a raise of at least the last full raise (or short all-ins adding up
    to one) is full and reopens the betting; the minimum raise grows with it."""
    if to - r.bet >= r.increment:
        r.increment = to - r.bet
        r.last_full = to
        return True
    if to - r.last_full >= r.increment:
        r.last_full = to
        return True
    return False


STRUCTURES: Final[dict[str, Structure]] = {
    s.name: s for s in (FixedLimit(), SpreadLimit(), PotLimit(), NoLimit())
}
"""The structure object for each ``variant.betting.structure`` value."""
