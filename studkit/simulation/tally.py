"""Counting what happened in many hands: exact integer sums that merge in any order.

A :class:`Tally` reads one finished hand (its event log and payoffs; a hand without plugins
is counted from its state and the decisions taken by :class:`~studkit.simulation.played.
PlayedCounts`) and adds to integer counters only, so tallies of
disjoint blocks of hands merged in any order give exactly the same numbers: the same seed
gives the same report whatever the number of workers.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from studkit.engine.events import as_record

if TYPE_CHECKING:
    from studkit.engine.hand import Hand

__all__ = ["Tally", "category_of", "category_order", "ACTION_KINDS"]

ACTION_KINDS = ("fold", "check", "call", "bring-in", "complete", "bet", "raise")
"""Decisions counted in the action mix."""

_CATEGORY_PREFIXES: tuple[tuple[str, str], ...] = (
    ("four flush", "four-flush"),
    ("four straight", "four-straight"),
    ("royal flush", "straight-flush"),
    ("straight flush", "straight-flush"),
    ("five of a kind", "five-of-a-kind"),
    ("four of a kind", "four-of-a-kind"),
    ("full house", "full-house"),
    ("flush", "flush"),
    ("straight", "straight"),
    ("three of a kind", "three-of-a-kind"),
    ("two pair", "two-pair"),
    ("one pair", "one-pair"),
    ("high card", "high-card"),
)
"""How an evaluator's description of a hand begins, and the category it names."""

_UNPAIRED_LOW = re.compile(r"^([2-9TJQKA])-")
_BADUGI = re.compile(r"^([1-4])-card badugi, ([2-9TJQKA])")
_RAZZ_HIGH = re.compile(r"^[A-Z][a-z]+ high, ([2-9TJQKA])-")
_FACE_CLASSES = ((", with a face card", "face-"), (", no face card", "butt-"))
"""The stud family's descriptions: a badugi, a razz-high unpaired hand, action razz's
classes (a suffix on the ace-to-five description)."""


@lru_cache(maxsize=8192)
def category_of(description: str) -> str | None:
    """The category named by a winning hand's description at the showdown.

    The engine describes each winning hand with the strength it actually ranked (plugins'
    changing wild cards included), so the category is read from there.

    >>> category_of("Full house, kings full of fives"), category_of("8-6-5-3-2")
    ('full-house', '8-low')
    """
    lower = description.lower()
    for suffix, word in _FACE_CLASSES:
        if lower.endswith(suffix):
            inner = category_of(description[: -len(suffix)])
            return None if inner is None else word + inner
    special = _BADUGI.match(description)
    if special:
        return f"{special.group(1)}-card-{special.group(2)}-high"
    special = _RAZZ_HIGH.match(description)
    if special:
        return f"{special.group(1)}-high"
    for prefix, name in _CATEGORY_PREFIXES:
        if lower.startswith(prefix):
            return name
    match = _UNPAIRED_LOW.match(description)
    return f"{match.group(1)}-low" if match else None


_HIGH_ORDER = (
    "five-of-a-kind", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight",
    "three-of-a-kind", "two-pair", "four-flush", "four-straight", "one-pair", "high-card",
)
_TOPS = "23456789TJQKA"


def category_order(names: list[str]) -> list[str]:
    """Category names best first: high hands by strength; lows by top card (``5-low``
    first), then the paired and made hands a low can hold, weakest of those first.

    >>> category_order(["one-pair", "flush", "two-pair"])
    ['flush', 'two-pair', 'one-pair']
    >>> category_order(["8-low", "one-pair", "5-low"])
    ['5-low', '8-low', 'one-pair']
    """
    low = any(name.endswith("-low") for name in names)

    def key(name: str) -> tuple[int, int, str]:
        if name.endswith("-low"):
            return (0, _TOPS.find(name[0]), name)
        if name in _HIGH_ORDER:
            position = _HIGH_ORDER.index(name)
            return (1, -position if low else position, name)
        return (2, 0, name)

    return sorted(names, key=key)


_DECISION, _STREET, _COMMUNITY, _AWARD = ("decision", "street", "community", "award")
_CODES: dict[str, str] = {
    **{kind: _DECISION for kind in ACTION_KINDS},
    "street": _STREET,
    "community": _COMMUNITY,
    "award": _AWARD,
}
"""The event kinds a tally reads, by what it does with them (every other kind is skipped)."""


@dataclass
class Tally:
    """Integer counters over hands; :meth:`merge` adds another tally."""

    players: int
    hands: int = 0
    showdowns: int = 0
    splits: int = 0
    scoops: int = 0
    community_card_hands: int = 0
    bring_in_hands: int = 0
    completed_bring_ins: int = 0
    actions: int = 0
    actions_sq: int = 0
    pot_total: int = 0
    pot_sq: int = 0
    pots: Counter[int] = field(default_factory=Counter)
    """Pot size -> hands (the whole distribution, for the median and plots)."""
    players_at_showdown: int = 0
    players_at_showdown_sq: int = 0
    ended_on: Counter[str] = field(default_factory=Counter)
    """Street name -> hands that ended on it (a fold or the showdown)."""
    action_mix: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(street, kind) -> decisions."""
    categories: Counter[tuple[str, str]] = field(default_factory=Counter)
    """(pot share, winning category) -> main pots won with it at a showdown."""
    share_awards: Counter[str] = field(default_factory=Counter)
    """Pot share -> showdowns where it was awarded (e.g. how often a low qualified)."""
    net: list[int] = field(default_factory=list)
    net_sq: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    """Per seat: hands in which the seat won chips."""
    position_net: list[int] = field(default_factory=list)
    """Per position from the dealer's left (the button last): net chips, and their squares
    (:attr:`position_sq`)."""
    position_sq: list[int] = field(default_factory=list)
    forced_hands: int = 0
    """Hands in which a seat had to bring in."""
    forced_net: list[int] = field(default_factory=list)
    """In those hands, per position from the seat that had to bring in (it first, then
    clockwise): net chips, and their squares (:attr:`forced_sq`)."""
    forced_sq: list[int] = field(default_factory=list)
    street_pot: Counter[str] = field(default_factory=Counter)
    """Street name -> the pots as its betting ended, summed over the hands that played that
    betting (:attr:`street_rounds`); their squares in :attr:`street_pot_sq`."""
    street_pot_sq: Counter[str] = field(default_factory=Counter)
    street_rounds: Counter[str] = field(default_factory=Counter)
    seat_products: list[int] = field(default_factory=list)
    """Per pair of seats ``i < j``, at ``i * players + j``: the sum over hands of the product
    of their net chips (with :attr:`net_sq`, the covariances of the seats' results)."""
    led: Counter[str] = field(default_factory=Counter)
    """Street name -> hands with one winner (one player won more than every other) in which
    a player acted first on that street by showing the best board; those in which that
    player was the winner: :attr:`led_won`."""
    led_won: Counter[str] = field(default_factory=Counter)
    lead_changes: int = 0
    """Over the hands, the times the best board passed to another player from one street to
    the next it was shown on; their squares per hand in :attr:`lead_changes_sq`."""
    lead_changes_sq: int = 0
    capped_hands: int = 0
    """Hands in which the raise cap was reached on some street."""
    open_pair_hands: int = 0
    """Hands in which the open-pair option was live on some street, and those in which a big
    bet was made under it (:attr:`open_pair_taken`)."""
    open_pair_taken: int = 0

    def __post_init__(self) -> None:
        for name in ("net", "net_sq", "won", "position_net", "position_sq", "forced_net",
                     "forced_sq"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.players)
        if not self.seat_products:
            self.seat_products = [0] * (self.players * self.players)

    def add_played(self, hand: Hand) -> None:
        """Count a finished hand from the hand itself: :meth:`add_hand` from its log, then
        :meth:`add_design`."""
        payoffs = hand.payoffs
        self.add_hand(hand.events, payoffs)
        streets = hand.rules.streets
        self.add_design(payoffs, hand.button, hand.bring_in_seat,
                        [(streets[k].name, pot) for k, pot in hand.street_pots.items()],
                        hand.limits_met,
                        [(streets[k].name, seat) for k, seat in hand.street_leaders.items()])

    def add_leads(self, payoffs: Sequence[int],
                  street_leaders: Sequence[tuple[str, int]]) -> None:
        """The counts of decisiveness and lead changes of a hand (see :attr:`led`)."""
        best = max(payoffs)
        winners = [seat for seat, amount in enumerate(payoffs) if amount == best]
        winner = winners[0] if best > 0 and len(winners) == 1 else -1
        changes, previous = 0, -1
        for name, seat in street_leaders:
            if winner >= 0:
                self.led[name] += 1
                self.led_won[name] += seat == winner
            changes += previous >= 0 and seat != previous
            previous = seat
        self.lead_changes += changes
        self.lead_changes_sq += changes * changes

    def add_design(
        self,
        payoffs: Sequence[int],
        button: int,
        bring_in_seat: int | None,
        street_pots: Iterable[tuple[str, int]],
        limits_met: tuple[int, int, int] = (0, 0, 0),
        street_leaders: Sequence[tuple[str, int]] = (),
    ) -> None:
        """The counts of the design metrics of a hand: its payoffs by position, from the
        dealer's left (``button``: the dealer's seat) and from the seat that had to bring in,
        the pot as each street's betting ended (``(street name, pot)``), and whether the
        raise cap was reached, the open-pair option live and taken
        (:attr:`Hand.limits_met <studkit.engine.hand.Hand.limits_met>`), and who showed the
        best board on each street it was shown on (``(street name, seat)`` in street
        order)."""
        self.add_leads(payoffs, street_leaders)
        capped, open_pair, taken = limits_met
        self.capped_hands += capped != 0
        self.open_pair_hands += open_pair != 0
        self.open_pair_taken += taken != 0
        n = self.players
        products = self.seat_products
        for i in range(n):
            if payoffs[i]:
                for j in range(i + 1, n):
                    products[i * n + j] += payoffs[i] * payoffs[j]
        for k in range(n):
            amount = payoffs[(button + 1 + k) % n]
            self.position_net[k] += amount
            self.position_sq[k] += amount * amount
        if bring_in_seat is not None:
            self.forced_hands += 1
            for k in range(n):
                amount = payoffs[(bring_in_seat + k) % n]
                self.forced_net[k] += amount
                self.forced_sq[k] += amount * amount
        for name, pot in street_pots:
            self.street_pot[name] += pot
            self.street_pot_sq[name] += pot * pot
            self.street_rounds[name] += 1

    def add_hand(
        self,
        events: Sequence[Any],
        payoffs: Sequence[int],
        community_event: str = "community",
    ) -> None:
        """Count one finished hand from its event log and per-seat payoffs.

        One pass over the log that looks at each event's kind once: deals, antes, shows and
        the like are skipped by a single dictionary lookup.
        """
        codes = _CODES if community_event == "community" else {
            **{kind: code for kind, code in _CODES.items() if code is not _COMMUNITY},
            community_event: _COMMUNITY,
        }
        mix = self.action_mix
        street = ""
        first_street = None
        decisions = folds = pot = 0
        forced = completed = community = False
        awards: list[tuple[Any, ...]] = []
        records: Iterator[Any] = map(as_record, events)  # a plain tuple becomes its record
        for event in records:
            kind = event.kind
            code = codes.get(kind)
            if code is None:
                continue
            if code is _DECISION:
                decisions += 1
                mix[(street, kind)] += 1
                if kind == "fold":
                    folds += 1
                elif street is first_street:
                    if kind == "bring-in":
                        forced = True
                    elif kind == "complete":
                        completed = True
            elif code is _STREET:
                street = event.name
                if first_street is None:
                    first_street = street
            elif code is _AWARD:
                pot += event.amount
                awards.append(
                    (event.seat, event.amount, event.pot, event.share, event.description)
                )
            else:
                community = True
        self.hands += 1
        live = self.players - folds
        self.actions += decisions
        self.actions_sq += decisions * decisions
        self.pot_total += pot
        self.pot_sq += pot * pot
        self.pots[pot] += 1
        self.ended_on[street] += 1
        if community:
            self.community_card_hands += 1
        if forced or completed:
            self.bring_in_hands += 1
            self.completed_bring_ins += completed
        if live >= 2:
            self.add_showdown(live, awards)
        self._add_payoffs(payoffs)

    def _add_payoffs(self, payoffs: Sequence[int]) -> None:
        net, net_sq, won = self.net, self.net_sq, self.won
        for seat, amount in enumerate(payoffs):
            if amount:
                net[seat] += amount
                net_sq[seat] += amount * amount
                if amount > 0:
                    won[seat] += 1

    def add_showdown(self, live: int, awards: Sequence[tuple[Any, ...]]) -> None:
        """The showdown counts of a hand that two or more players saw to the end, from its
        awards ``(seat, amount, pot, share, description)`` (also for
        :class:`~studkit.simulation.played.PlayedCounts`)."""
        self.showdowns += 1
        self.players_at_showdown += live
        self.players_at_showdown_sq += live * live
        if len(awards) == 1:  # one pot to one player: the common case, without the sets
            (_, amount, index, share, described), = awards
            if amount > 0:
                self.scoops += 1
            if index == 0 and share:
                self.share_awards[share] += 1
                name = category_of(described)
                if name is not None:
                    self.categories[(share, name)] += 1
            return
        pot_winners: dict[int, set[int]] = {}
        main_share_winners: dict[str, set[str | None]] = {}
        for seat, amount, index, share, described in awards:
            if amount > 0:
                pot_winners.setdefault(index, set()).add(seat)
            if index == 0 and share:
                main_share_winners.setdefault(share, set()).add(category_of(described))
        winners = set().union(*pot_winners.values()) if pot_winners else set()
        self.scoops += len(winners) == 1
        self.splits += any(len(seats) > 1 for seats in pot_winners.values())
        for share, names in main_share_winners.items():
            self.share_awards[share] += 1
            for name in names:
                if name is not None:
                    self.categories[(share, name)] += 1

    def merge(self, other: Tally) -> None:
        """Add ``other``'s counts to this tally."""
        for name in (
            "hands", "showdowns", "splits", "scoops", "community_card_hands", "bring_in_hands",
            "completed_bring_ins", "actions", "actions_sq", "pot_total", "pot_sq",
            "players_at_showdown", "players_at_showdown_sq", "forced_hands", "capped_hands",
            "open_pair_hands", "open_pair_taken", "lead_changes", "lead_changes_sq",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.pots.update(other.pots)
        self.ended_on.update(other.ended_on)
        self.action_mix.update(other.action_mix)
        self.categories.update(other.categories)
        self.share_awards.update(other.share_awards)
        self.street_pot.update(other.street_pot)
        self.street_pot_sq.update(other.street_pot_sq)
        self.street_rounds.update(other.street_rounds)
        self.led.update(other.led)
        self.led_won.update(other.led_won)
        for name in ("net", "net_sq", "won", "position_net", "position_sq", "forced_net",
                     "forced_sq"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for seat in range(self.players):
                mine[seat] += theirs[seat]
        for k, product in enumerate(other.seat_products):
            self.seat_products[k] += product
