"""Counting the hands a simulation plays without plugins: from each hand's state and the
decisions taken in it, not its event log. Compiled with the engine in the compiled build
(:mod:`studkit.compiled`), so that counting a hand reads the hand's fields directly.

:class:`PlayedCounts` keeps a block's counters in typed fields and adds them to a
:class:`~studkit.simulation.tally.Tally` when the block is done (:meth:`PlayedCounts.close`):
the tally ends with exactly the counts :meth:`Tally.add_hand
<studkit.simulation.tally.Tally.add_hand>` reads from the same hands' logs.
"""

from __future__ import annotations

from typing import Final

from studkit.engine.actions import ACTION_KINDS, BRING_IN, COMPLETE
from studkit.engine.hand import Hand
from studkit.simulation.tally import Tally, category_of

__all__ = ["PlayedCounts", "KIND_CODES", "OTHER_KIND"]

KIND_CODES: Final[dict[str, int]] = {kind: code for code, kind in enumerate(ACTION_KINDS)}
"""A betting verb's code in a decision (``street << 3 | code``): its place in
:data:`~studkit.engine.actions.ACTION_KINDS`."""
OTHER_KIND: Final = 7
"""The code of any other decision (a plugin's: such hands are counted from their log)."""
_BRING_IN: Final = ACTION_KINDS.index(BRING_IN)
_COMPLETE: Final = ACTION_KINDS.index(COMPLETE)


class PlayedCounts:
    """The counters of hands without plugins (every decision one of the engine's betting
    actions, logged as it was taken), added to ``tally`` by :meth:`close`; a showdown with
    more than one award (a split or side pots, rare) goes to ``tally`` as it is counted."""

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
    mix: list[int]
    """Decisions by code (``street << 3 | kind``), sized for the hands' streets."""
    mix_order: list[int]
    """The codes in :attr:`mix` in the order first taken (the tally's order of streets)."""
    street_names: list[str]
    net: list[int]
    net_sq: list[int]
    won: list[int]
    showdowns: int
    players_at_showdown: int
    players_at_showdown_sq: int
    scoops: int
    shown: dict[tuple[str, str], int]
    """Showdowns with one award, a main pot's share: (share, winning hand's description) ->
    showdowns (named as categories once per block, by :meth:`close`)."""
    position_net: list[int]
    position_sq: list[int]
    forced_hands: int
    forced_net: list[int]
    forced_sq: list[int]
    street_pot: list[int]
    """By street index (the tally's by name): as :meth:`Tally.add_design
    <studkit.simulation.tally.Tally.add_design>` counts."""
    street_pot_sq: list[int]
    street_rounds: list[int]
    seat_products: list[int]
    """As :attr:`Tally.seat_products <studkit.simulation.tally.Tally.seat_products>`."""
    capped_hands: int
    open_pair_hands: int
    open_pair_taken: int

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
        self.mix = []
        self.mix_order = []
        self.street_names = []
        self.net = [0] * players
        self.net_sq = [0] * players
        self.won = [0] * players
        self.showdowns = self.players_at_showdown = self.players_at_showdown_sq = 0
        self.scoops = 0
        self.shown = {}
        self.position_net = [0] * players
        self.position_sq = [0] * players
        self.forced_hands = 0
        self.forced_net = [0] * players
        self.forced_sq = [0] * players
        self.street_pot = []
        self.street_pot_sq = []
        self.street_rounds = []
        self.capped_hands = self.open_pair_hands = self.open_pair_taken = 0
        self.seat_products = [0] * (players * players)

    def add(self, hand: Hand, decisions: list[int]) -> None:
        """Count one finished hand from its state and its decisions, as ``street << 3 |
        kind`` in order (:func:`~studkit.simulation.playout.play_out`'s codes)."""
        self.hands += 1
        count = len(decisions)
        self.actions += count
        self.actions_sq += count * count
        if decisions:
            mix: list[int] = self.mix
            if not mix:
                self.street_names = [street.name for street in hand.rules.streets]
                mix = [0] * (len(self.street_names) << 3)
                self.mix = mix
            order = self.mix_order
            for code in decisions:
                taken = mix[code]
                if not taken:
                    order.append(code)
                mix[code] = taken + 1  # a typed read and write: compiled, native ints
            if decisions[0] >> 3 == 0:  # the first street's decisions: a bring-in, completed?
                forced = completed = False
                for code in decisions:
                    if code >> 3:
                        break
                    kind = code & 7
                    if kind == _BRING_IN:
                        forced = True
                    elif kind == _COMPLETE:
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
            if len(awards) == 1:  # one pot to one player: counted here, as Tally counts it
                self.showdowns += 1
                self.players_at_showdown += live
                self.players_at_showdown_sq += live * live
                award = awards[0]
                if award[1] > 0:
                    self.scoops += 1
                share = award[3]
                if award[2] == 0 and share:
                    key = (share, award[4])
                    shown = self.shown
                    shown[key] = shown.get(key, 0) + 1
            else:
                self.tally.add_showdown(live, awards)
        stacks = hand.stacks
        starting = hand.starting_stacks
        net: list[int] = self.net  # one typed local each: compiled, the sums are native
        net_sq: list[int] = self.net_sq
        won: list[int] = self.won
        n = len(stacks)
        position_net: list[int] = self.position_net
        position_sq: list[int] = self.position_sq
        first = hand.button + 1  # positions from the dealer's left
        for seat in range(n):
            amount = stacks[seat] - starting[seat]
            if amount:
                net[seat] = net[seat] + amount
                net_sq[seat] = net_sq[seat] + amount * amount
                if amount > 0:
                    won[seat] = won[seat] + 1
                k = (seat - first) % n
                position_net[k] = position_net[k] + amount
                position_sq[k] = position_sq[k] + amount * amount
        products: list[int] = self.seat_products
        for i in range(n):
            mine = stacks[i] - starting[i]
            if mine:
                for j in range(i + 1, n):
                    products[i * n + j] = products[i * n + j] + mine * (stacks[j] - starting[j])
        bring_in_seat = hand.bring_in_seat
        if bring_in_seat is not None:
            self.forced_hands += 1
            forced_net: list[int] = self.forced_net
            forced_sq: list[int] = self.forced_sq
            for seat in range(n):
                amount = stacks[seat] - starting[seat]
                if amount:
                    k = (seat - bring_in_seat) % n
                    forced_net[k] = forced_net[k] + amount
                    forced_sq[k] = forced_sq[k] + amount * amount
        street_pot: list[int] = self.street_pot
        if not street_pot:
            if not self.street_names:
                self.street_names = [street.name for street in hand.rules.streets]
            count = len(self.street_names)
            street_pot.extend([0] * count)
            self.street_pot_sq = [0] * count
            self.street_rounds = [0] * count
        street_pot_sq: list[int] = self.street_pot_sq
        street_rounds: list[int] = self.street_rounds
        for street, pot in hand.street_pots.items():
            street_pot[street] = street_pot[street] + pot
            street_pot_sq[street] = street_pot_sq[street] + pot * pot
            street_rounds[street] = street_rounds[street] + 1
        leaders = hand.street_leaders
        if leaders:
            names = self.street_names
            self.tally.add_leads([stacks[s] - starting[s] for s in range(n)],
                                 [(names[k], seat) for k, seat in leaders.items()])
        capped, open_pair, taken = hand.limits_met
        if capped:
            self.capped_hands += 1
        if open_pair:
            self.open_pair_hands += 1
        if taken:
            self.open_pair_taken += 1

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
        tally.showdowns += self.showdowns
        tally.players_at_showdown += self.players_at_showdown
        tally.players_at_showdown_sq += self.players_at_showdown_sq
        tally.scoops += self.scoops
        for (share, described), count in self.shown.items():
            tally.share_awards[share] += count
            name = category_of(described)
            if name is not None:
                tally.categories[(share, name)] += count
        tally.pots.update(self.pots)
        tally.ended_on.update(self.ended_on)
        names, mix, action_mix = self.street_names, self.mix, tally.action_mix
        for code in self.mix_order:
            key = (names[code >> 3], ACTION_KINDS[code & 7])
            action_mix[key] = action_mix.get(key, 0) + mix[code]
        for seat in range(len(self.net)):
            tally.net[seat] += self.net[seat]
            tally.net_sq[seat] += self.net_sq[seat]
            tally.won[seat] += self.won[seat]
            tally.position_net[seat] += self.position_net[seat]
            tally.position_sq[seat] += self.position_sq[seat]
            tally.forced_net[seat] += self.forced_net[seat]
            tally.forced_sq[seat] += self.forced_sq[seat]
        tally.forced_hands += self.forced_hands
        for k, product in enumerate(self.seat_products):
            tally.seat_products[k] += product
        tally.capped_hands += self.capped_hands
        tally.open_pair_hands += self.open_pair_hands
        tally.open_pair_taken += self.open_pair_taken
        for street, rounds in enumerate(self.street_rounds):
            if rounds:
                name = self.street_names[street]
                tally.street_pot[name] += self.street_pot[street]
                tally.street_pot_sq[name] += self.street_pot_sq[street]
                tally.street_rounds[name] += rounds
        self._zero()
