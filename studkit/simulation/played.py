"""Counting the hands a simulation plays without plugins: from each hand's state and the
decisions taken in it, not its event log. Compiled with the engine in the compiled build
(:mod:`studkit.compiled`), so that counting a hand reads the hand's fields directly.

:class:`PlayedCounts` keeps a block's counters in typed fields and adds them to a
:class:`~studkit.simulation.tally.Tally` when the block is done (:meth:`PlayedCounts.close`):
the tally ends with exactly the counts :meth:`Tally.add_hand
<studkit.simulation.tally.Tally.add_hand>` reads from the same hands' logs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from studkit.engine.hand import Hand

if TYPE_CHECKING:
    from studkit.simulation.tally import Tally

__all__ = ["PlayedCounts"]


class PlayedCounts:
    """The counters of hands without plugins (every decision one of the engine's betting
    actions, logged as it was taken), added to ``tally`` by :meth:`close`; the showdown
    counts go to ``tally`` as each hand is counted."""

    tally: Tally
    hands: int
    actions: int
    actions_sq: int
    bring_in_hands: int
    completed_bring_ins: int
    pot_total: int
    pot_sq: int
    community_card_hands: int
    pots: dict[int, int]
    """Pot size -> hands."""
    ended_on: dict[str, int]
    action_mix: dict[Any, int]
    """(street, kind) -> decisions."""
    net: list[int]
    net_sq: list[int]
    won: list[int]

    def __init__(self, tally: Tally) -> None:
        self.tally = tally
        self._zero()

    def _zero(self) -> None:
        players: int = self.tally.players
        self.hands = self.actions = self.actions_sq = 0
        self.bring_in_hands = self.completed_bring_ins = 0
        self.pot_total = self.pot_sq = self.community_card_hands = 0
        self.pots = {}
        self.ended_on = {}
        self.action_mix = {}
        self.net = [0] * players
        self.net_sq = [0] * players
        self.won = [0] * players

    def add(self, hand: Hand, decisions: list[tuple[str, str]]) -> None:
        """Count one finished hand from its state and its decisions, as ``(street name,
        kind)`` in order."""
        self.hands += 1
        count = len(decisions)
        self.actions += count
        self.actions_sq += count * count
        if decisions:
            mix = self.action_mix
            # each decision read as the object it is: typed, the compiled code would unpack
            # the pair and build a new one (and hash it) for each dictionary lookup
            listed: list[Any] = decisions
            for decision in listed:
                mix[decision] = mix.get(decision, 0) + 1
            first = decisions[0][0]
            if first == hand.rules.streets[0].name:
                forced = completed = False
                for street, kind in decisions:
                    if street != first:
                        break
                    if kind == "bring-in":
                        forced = True
                    elif kind == "complete":
                        completed = True
                if forced or completed:
                    self.bring_in_hands += 1
                    if completed:
                        self.completed_bring_ins += 1
        awards = hand.awards
        pot = 0
        for award in awards:
            pot += award[1]
        self.pot_total += pot
        self.pot_sq += pot * pot
        pots = self.pots
        pots[pot] = pots.get(pot, 0) + 1
        ended = self.ended_on
        street_name = hand.street_name
        ended[street_name] = ended.get(street_name, 0) + 1
        if hand.community:
            self.community_card_hands += 1
        live = hand.n_in
        if live >= 2:
            self.tally.add_showdown(live, awards)
        stacks = hand.stacks
        starting = hand.starting_stacks
        net, net_sq, won = self.net, self.net_sq, self.won
        for seat in range(len(stacks)):
            amount = stacks[seat] - starting[seat]
            if amount:
                net[seat] += amount
                net_sq[seat] += amount * amount
                if amount > 0:
                    won[seat] += 1

    def close(self) -> None:
        """Add the counters to the tally and start them again from zero."""
        tally = self.tally
        tally.hands += self.hands
        tally.actions += self.actions
        tally.actions_sq += self.actions_sq
        tally.bring_in_hands += self.bring_in_hands
        tally.completed_bring_ins += self.completed_bring_ins
        tally.pot_total += self.pot_total
        tally.pot_sq += self.pot_sq
        tally.community_card_hands += self.community_card_hands
        tally.pots.update(self.pots)
        tally.ended_on.update(self.ended_on)
        tally.action_mix.update(self.action_mix)
        for seat in range(len(self.net)):
            tally.net[seat] += self.net[seat]
            tally.net_sq[seat] += self.net_sq[seat]
            tally.won[seat] += self.won[seat]
        self._zero()
