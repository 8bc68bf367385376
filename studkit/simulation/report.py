"""The statistics of a simulation, computed from a :class:`~studkit.simulation.tally.Tally`.

Definitions (also in ``docs/simulation.md``):

* ``showdown_rate``: hands in which two or more players were still in at the end;
* ``split_rate`` / ``scoop_rate``: among showdowns, those in which some pot was divided
  between two or more players / in which one player won every chip;
* ``community_card_rate``: hands in which a community card was dealt;
* ``bring_in_completion_rate``: among hands with a bring-in, those in which someone
  completed on the first street;
* ``mean_pot``, ``median_pot``: chips awarded per hand (antes included), and the same in big
  bets (``mean_pot_bb``, ``median_pot_bb``: :func:`~studkit.variant.stakes.big_bet_unit`, so
  that games at different stakes compare);
* per seat ``net`` (chips) and ``net_bb``, ``bb_per_100`` (net per 100 hands in big bets)
  with a 95% confidence interval from the normal approximation,
  ``mean +- 1.96 * sd / sqrt(hands)``.

The tally counts in the table's units; every chip figure the report gives out (the stakes,
``net``, the pots, ``big_bet``, the pot sizes) is in the player's amounts: units divided by
:attr:`SimulationReport.scale` (``net`` 23.95 at a $0.25 table, whose unit is a cent). Figures
in big bets do not depend on the scale.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from studkit.simulation.design import Z95, design_metrics
from studkit.simulation.tally import Tally
from studkit.variant.amounts import format_amount, json_amount

__all__ = ["SeatResult", "SimulationReport", "Z95", "mean_and_sd", "seat_fields", "RUN_FIELDS"]

RUN_FIELDS = ("cluster", "workers", "setup_seconds", "hands_seconds", "hands_per_second")
"""The JSON fields that say where and how fast the hands were played: for the same seed every
other field is the same, byte for byte, whatever the workers or cluster."""


def seat_fields(seat: int) -> dict[str, int]:
    """A seat in JSON: ``seat``, its index from 0 (as the Python API counts), and
    ``seat_number``, the number the tables show, from 1.

    >>> seat_fields(0)
    {'seat': 0, 'seat_number': 1}
    """
    return {"seat": seat, "seat_number": seat + 1}


def mean_and_sd(
    total: int | Fraction, total_sq: int | Fraction, n: int
) -> tuple[float, float]:
    """Mean and sample standard deviation from a count, a sum and a sum of squares (whole
    numbers, or exact fractions such as chips in big bets)."""
    if n == 0:
        return 0.0, 0.0
    mean = total / n
    if n < 2:
        return float(mean), 0.0
    # exact arithmetic before the division: no cancellation error
    variance = (total_sq * n - total * total) / (n * (n - 1))
    return float(mean), math.sqrt(max(float(variance), 0.0))


def _median(counts: dict[int, int], n: int) -> float:
    if n == 0:
        return 0.0
    ordered = sorted(counts.items())
    targets = ((n - 1) // 2, n // 2)
    values: list[int] = []
    seen = 0
    for value, count in ordered:
        while len(values) < 2 and seen + count > targets[len(values)]:
            values.append(value)
        seen += count
        if len(values) == 2:
            break
    return (values[0] + values[1]) / 2


def _rate(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's result over the run."""

    seat: int
    bot: str
    net: int
    """Total chips won (positive) or lost, in the table's units (:attr:`net_amount` is the
    player's amount)."""
    net_bb: float
    """:attr:`net` in big bets."""
    bb_per_100: float
    """Net result per 100 hands, in big bets."""
    ci95: tuple[float, float] | None
    """95% confidence interval of :attr:`bb_per_100`; ``None`` after a single hand (no
    spread to measure)."""
    hands_won: int
    net_amount: int | float = 0
    """:attr:`net` in the player's amounts (``-23.95`` at a table counting in cents)."""

    @property
    def seat_number(self) -> int:
        """The seat as the tables number it, from 1 (:attr:`seat` counts from 0)."""
        return seat_fields(self.seat)["seat_number"]


@dataclass(frozen=True)
class SimulationReport:
    """Everything a simulation measured, ready to print or serialise."""

    variant: str
    players: int
    bots: tuple[str, ...]
    seed: int
    stakes: dict[str, int | None]
    """The stakes in play, in the table's units (:meth:`shown_stakes` gives the player's
    amounts)."""
    tally: Tally
    big_bet: int
    """The big bet every chip figure is also given in
    (:func:`~studkit.variant.stakes.big_bet_unit` of the stakes in play), in units."""
    seconds: float = 0.0
    """The hands' own time, wall clock: from the moment the players were ready (the first
    hand played once untimed, worker processes started, the cluster connected and its
    workers given the run) to the last hand; the set-up is :attr:`setup_seconds`."""
    setup_seconds: float = 0.0
    """The set-up, wall clock: from the request (:func:`~studkit.simulation.simulate` called;
    on the command line, the command started) to the moment the players were ready."""
    workers: int = 1
    share_names: tuple[str, ...] = field(default=())
    street_names: tuple[str, ...] = field(default=())
    """The variant's streets, in order (the design metrics go by street)."""
    engine: str = "general"
    """The engine that played the hands: ``kernel`` (compiled) or ``general``."""
    engine_note: str = ""
    """Why ``--engine auto`` ran the general engine (empty when it ran the kernel or the
    engine was asked for by name)."""
    cluster: str | None = None
    """The Dask cluster that played the hands (``local:N`` or the scheduler's address), if
    any."""
    skill_trace: tuple[dict[str, Any], ...] | None = None
    """The skill trace (:func:`~studkit.simulation.skill_trace.skill_trace`), when it was
    played (``simulate --skill-trace``)."""
    scale: int = 1
    """Units per whole amount of the stakes in play (100 at a $0.25 table, 1 when every
    amount is whole): the one divisor between the tally's units and the figures shown."""

    def amount(self, units: int) -> int | float:
        """Whole ``units`` as a JSON number in the player's amounts (an int when whole)."""
        return json_amount(units, self.scale)

    def amount_text(self, units: int) -> str:
        """Whole ``units`` as the player writes them (``0.25``, ``2``)."""
        return format_amount(units, self.scale)

    def shown_stakes(self) -> dict[str, int | float | None]:
        """:attr:`stakes` in the player's amounts (``{"ante": 0.25, ...}``)."""
        return {
            name: None if units is None else self.amount(units)
            for name, units in self.stakes.items()
        }

    @property
    def hands(self) -> int:
        """Hands played."""
        return self.tally.hands

    @property
    def hands_per_second(self) -> float:
        """The hands' own rate: :attr:`hands` over :attr:`seconds` (set-up left out)."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0

    @property
    def seats(self) -> list[SeatResult]:
        """Per-seat results, seat order."""
        t = self.tally
        out: list[SeatResult] = []
        unit = self.big_bet
        for seat in range(self.players):
            # exact fractions of a big bet: the same game at any stakes gives the same floats
            mean, sd = mean_and_sd(
                Fraction(t.net[seat], unit), Fraction(t.net_sq[seat], unit * unit), t.hands
            )
            half = Z95 * sd / math.sqrt(t.hands) if t.hands else 0.0
            out.append(
                SeatResult(
                    seat=seat,
                    bot=self.bots[seat],
                    net=t.net[seat],
                    net_bb=t.net[seat] / unit,
                    bb_per_100=mean * 100,
                    ci95=((mean - half) * 100, (mean + half) * 100) if t.hands > 1 else None,
                    hands_won=t.won[seat],
                    net_amount=self.amount(t.net[seat]),
                )
            )
        return out

    @property
    def mean_pot(self) -> float:
        """Mean chips awarded per hand."""
        return self.tally.pot_total / self.tally.hands if self.tally.hands else 0.0

    @property
    def median_pot(self) -> float:
        """Median chips awarded per hand."""
        return _median(self.tally.pots, self.tally.hands)

    def in_big_bets(self, chips: float) -> float:
        """An amount of chips in big bets."""
        return chips / self.big_bet

    def statistics(self) -> dict[str, float | None]:
        """The headline rates and means by their JSON names; the pots in the player's
        amounts and in big bets."""
        t = self.tally
        # exact fractions of a whole amount: a table at 100 times the units gives the same floats
        pot_mean, pot_sd = mean_and_sd(
            Fraction(t.pot_total, self.scale), Fraction(t.pot_sq, self.scale ** 2), t.hands
        )
        pot_mean_bb, pot_sd_bb = mean_and_sd(
            Fraction(t.pot_total, self.big_bet), Fraction(t.pot_sq, self.big_bet ** 2), t.hands
        )
        actions_mean, _ = mean_and_sd(t.actions, t.actions_sq, t.hands)
        return {
            "showdown_rate": _rate(t.showdowns, t.hands),
            "split_rate": _rate(t.splits, t.showdowns),
            "scoop_rate": _rate(t.scoops, t.showdowns),
            "community_card_rate": _rate(t.community_card_hands, t.hands),
            "bring_in_completion_rate": _rate(t.completed_bring_ins, t.bring_in_hands),
            "mean_pot": pot_mean,
            "median_pot": float(Fraction(self.median_pot) / self.scale),
            "pot_sd": pot_sd,
            "mean_pot_bb": pot_mean_bb,
            "median_pot_bb": self.in_big_bets(self.median_pot),
            "pot_sd_bb": pot_sd_bb,
            "mean_actions": actions_mean,
            "mean_players_at_showdown": _rate(t.players_at_showdown, t.showdowns),
        }

    def design(self) -> dict[str, Any]:
        """The design metrics (:func:`~studkit.simulation.design.design_metrics`)."""
        design = design_metrics(self.tally, self.big_bet, self.street_names, self.bots)
        design["skill_trace"] = list(self.skill_trace) if self.skill_trace is not None else None
        return design

    def winning_categories(self) -> dict[str, dict[str, int]]:
        """Per pot share: winning category -> showdowns whose main pot share it won."""
        out: dict[str, dict[str, int]] = {name: {} for name in self.share_names}
        for (share, name), count in sorted(
            self.tally.categories.items(), key=lambda item: (item[0][0], -item[1], item[0][1])
        ):
            out.setdefault(share, {})[name] = count
        return out

    def action_mix(self) -> dict[str, dict[str, int]]:
        """Per street: decision kind -> count."""
        out: dict[str, dict[str, int]] = {}
        for (street, kind), count in self.tally.action_mix.items():
            out.setdefault(street, {})[kind] = count
        return {s: dict(sorted(k.items())) for s, k in out.items()}

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready data: nothing but the :data:`RUN_FIELDS` (``cluster``,
        ``workers`` and the times) depends on where the hands were played."""
        t = self.tally
        data: dict[str, Any] = {
            "variant": self.variant,
            "hands": t.hands,
            "players": self.players,
            "seed": self.seed,
            "engine": self.engine,
            "bots": list(self.bots),
            "stakes": self.shown_stakes(),
            "big_bet": self.amount(self.big_bet),
            "cluster": self.cluster,
            "workers": self.workers,
            "setup_seconds": round(self.setup_seconds, 4),
            "hands_seconds": round(self.seconds, 4),
            "hands_per_second": round(self.hands_per_second, 1),
            "seats": [
                {
                    **seat_fields(s.seat),
                    "bot": s.bot,
                    "net": s.net_amount,
                    "net_bb": s.net_bb,
                    "bb_per_100": s.bb_per_100,
                    "ci95": list(s.ci95) if s.ci95 is not None else None,
                    "hands_won": s.hands_won,
                }
                for s in self.seats
            ],
        }
        data.update(self.statistics())
        data["showdowns"] = t.showdowns
        data["winning_categories"] = self.winning_categories()
        data["share_awarded"] = {name: t.share_awards.get(name, 0) for name in self.share_names}
        data["ended_on_street"] = dict(t.ended_on)
        data["action_mix"] = self.action_mix()
        data["pot_sizes"] = {
            self.amount_text(size): count for size, count in sorted(t.pots.items())
        }
        data["design"] = self.design()
        return data
