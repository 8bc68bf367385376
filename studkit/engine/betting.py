"""The four betting structures, as the rules core applies them (``studkit/core/structures.c``).

A structure answers two questions about a betting round: to what totals may the player to
act bet or raise (:meth:`Structure.targets`, before the stack limit), and does an aggressive
action to a total count as a full bet or raise that reopens the betting
(:meth:`Structure.record`, which also updates the round's sizing). The hand asks the core
itself; these objects ask the same functions about a :class:`BettingRound` given here, for
tests, tools and the documentation. :data:`STRUCTURES` maps ``variant.betting.structure``
to the object.

>>> from studkit.core.compile import core_rules
>>> from studkit.variant.model import Variant
>>> r = BettingRound(3, core_rules(Variant(name="stud")))  # bets 5/10, the big bet's street
>>> r.bet = r.last_full = 10
>>> STRUCTURES["fixed-limit"].targets(r, 10, 0)
[(20, 20)]
>>> STRUCTURES["fixed-limit"].record(r, 20), r.last_full
(True, 20)
"""

from __future__ import annotations

from typing import Final

from studkit.core import Rules, _core
from studkit.core.compile import STRUCTURES as STRUCTURE_CODES

__all__ = ["BettingRound", "Structure", "STRUCTURES"]


class BettingRound:
    """A betting round's sizing, as the structures read it (the rules core keeps these in
    a hand's state: ``studkit/core/hand.h``), under a variant's compiled ``rules`` (the
    bets, the half-bet rule...: :class:`studkit.core.Rules`; ``rules.replace(big_bet=20)``
    gives the same rules with one field changed)."""

    __slots__ = (
        "rules", "players", "bet", "last_full", "increment", "bring_in", "size", "max_bet",
        "open_pair", "big_made",
    )

    def __init__(self, players: int, rules: Rules, *, max_bet: int | None = None) -> None:
        self.rules = rules
        """The compiled rules the round is played under."""
        self.players = players
        """Players in when the round began."""
        self.bet = 0
        """The highest total bet this round: what every player must match to stay in."""
        self.last_full = 0
        """The total of the last full bet or raise (0: none yet, or only a bring-in)."""
        self.increment = 0
        """The size of the last full raise (pot and no limit, spread limit): the smallest
        raise allowed next."""
        self.bring_in = 0
        """The bring-in posted this round (0 for none)."""
        self.size: int = rules.big_bet
        """Fixed limit: this street's bet (the small or the big bet)."""
        self.max_bet: int = rules.big_bet if max_bet is None else max_bet
        """Spread limit: the largest bet or raise this round."""
        self.open_pair = False
        """Whether the open-pair option is live this round (a pair showing)."""
        self.big_made = False
        """Whether a big bet was made under the open-pair option: the rest goes big."""

    def fields(self) -> dict[str, int | bool]:
        """The round as the core's hand state names its fields."""
        return {
            "players": self.players, "bet": self.bet, "last_full": self.last_full,
            "increment": self.increment, "posted": self.bring_in, "size": self.size,
            "max_bet": self.max_bet, "open_pair": self.open_pair, "big_made": self.big_made,
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
        ranges: list[tuple[int, int]] = _core.structure(
            self._code, r.rules, r.fields(), 0, to_call, pot
        )
        return ranges

    def forced_targets(self, r: BettingRound, bring_in: int, pot: int) -> list[tuple[int, int]]:
        """What the forced player may open for instead of bringing in: in limit games the
        completion; in pot and no limit a bet of at least twice the bring-in."""
        ranges: list[tuple[int, int]] = _core.structure(
            self._code, r.rules.replace(bring_in=bring_in), r.fields(), 1, 0, pot
        )
        return ranges

    def record(self, r: BettingRound, to: int) -> bool:
        """Account for an aggressive action to ``to``; return whether it was a full one."""
        full, r.last_full, r.increment, r.big_made = _core.structure(
            self._code, r.rules, r.fields(), 2, to
        )
        return bool(full)


STRUCTURES: Final[dict[str, Structure]] = {
    name: Structure(name) for name in ("fixed-limit", "spread-limit", "pot-limit", "no-limit")
}
"""The structure object for each ``variant.betting.structure`` value."""
