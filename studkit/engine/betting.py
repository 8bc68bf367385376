"""The four betting structures, as the rules core applies them (``studkit/core/structures.c``).

A structure answers two questions about a betting round: to what totals may the player to
act bet or raise (:meth:`Structure.targets`, before the stack limit), and does an aggressive
action to a total count as a full bet or raise that reopens the betting
(:meth:`Structure.record`, which also updates the round's sizing). The hand asks the core
itself; these objects ask the same functions about a :class:`BettingRound` given here, for
tests, tools and the documentation. :data:`STRUCTURES` maps ``variant.betting.structure``
to the object.

>>> r = BettingRound(3, big_bet=20, min_bet=10, max_bet=10, half_bet=True)
>>> r.bet = r.last_full = 10
>>> STRUCTURES["fixed-limit"].targets(r, 10, 0)
[(20, 20)]
>>> STRUCTURES["fixed-limit"].record(r, 20), r.last_full
(True, 20)
"""

from __future__ import annotations

from typing import Final

from studkit.core import _core
from studkit.core.compile import STRUCTURES as STRUCTURE_CODES

__all__ = ["BettingRound", "Structure", "STRUCTURES"]


class BettingRound:
    """A betting round's sizing, as the structures read it (the rules core keeps these in
    a hand's state: ``studkit/core/hand.h``)."""

    __slots__ = (
        "players", "bet", "last_full", "increment", "bring_in", "size", "big_bet", "open_pair",
        "big_made", "max_bet", "min_bet", "half_bet", "short_full",
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
        self.players = players
        self.bet = 0
        """The highest total bet this round: what every player must match to stay in."""
        self.last_full = 0
        """The total of the last full bet or raise (0: none yet, or only a bring-in)."""
        self.increment = 0
        """The size of the last full raise (pot and no limit, spread limit): the smallest
        raise allowed next."""
        self.bring_in = 0
        """The bring-in posted this round (0 for none)."""
        self.size = big_bet
        """Fixed limit: this street's bet (the small or the big bet)."""
        self.big_bet = big_bet
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
        """Fixed limit: whether any short all-in counts as a full raise."""

    def fields(self, bring_in: int = 0) -> dict[str, int | bool]:
        """The round as the core's structure functions take it."""
        return {
            "big_bet": self.big_bet, "round_min": self.min_bet, "half_bet": self.half_bet,
            "short_full": self.short_full, "bring_in": bring_in, "bet": self.bet,
            "last_full": self.last_full, "increment": self.increment, "posted": self.bring_in,
            "size": self.size, "max_bet": self.max_bet, "open_pair": self.open_pair,
            "big_made": self.big_made,
        }


class Structure:
    """A betting structure: bet and raise sizes and what reopens the betting."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._code = STRUCTURE_CODES[name]
        self.completes = name in ("fixed-limit", "spread-limit")
        """Whether the bring-in is *completed* to a bet (limit games) rather than raised."""
        self.capped = self.completes
        """Whether ``max_raises`` applies."""

    def __repr__(self) -> str:
        return f"<Structure {self.name}>"

    def targets(self, r: BettingRound, to_call: int, pot: int) -> list[tuple[int, int]]:
        """Ranges ``(lo, hi)`` of totals the actor may bet or raise to, before the stack
        (``pot``: all chips in, current bets included)."""
        ranges: list[tuple[int, int]] = _core.structure(self._code, r.fields(), 0, to_call, pot)
        return ranges

    def forced_targets(self, r: BettingRound, bring_in: int, pot: int) -> list[tuple[int, int]]:
        """What the forced player may open for instead of bringing in: in limit games the
        completion; in pot and no limit a bet of at least twice the bring-in."""
        ranges: list[tuple[int, int]] = _core.structure(
            self._code, r.fields(bring_in), 1, 0, pot
        )
        return ranges

    def record(self, r: BettingRound, to: int) -> bool:
        """Account for an aggressive action to ``to``; return whether it was a full one."""
        full, r.last_full, r.increment, r.big_made = _core.structure(
            self._code, r.fields(), 2, to
        )
        return bool(full)


STRUCTURES: Final[dict[str, Structure]] = {
    name: Structure(name) for name in ("fixed-limit", "spread-limit", "pot-limit", "no-limit")
}
"""The structure object for each ``variant.betting.structure`` value."""
