"""What ``studkit tune`` searches and for what: the rule values it may change (``--param
KEY=LO..HI``) and the targets a simulation's metrics should meet (``--target METRIC=V``,
``METRIC<=V``, ``METRIC>=V``), each metric read from a
:class:`~studkit.simulation.SimulationReport` with its 95% interval."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from studkit.errors import StudkitError
from studkit.simulation import SimulationReport
from studkit.simulation.design import Estimate, mean_estimate, wilson
from studkit.variant.amounts import Amount, amount_scale, as_amount
from studkit.variant.file_data import AMOUNT_PATHS
from studkit.variant.schema import suggest

__all__ = ["TuneError", "Param", "Target", "parse_param", "parse_target", "metric",
           "metric_names", "OPERATORS"]


class TuneError(StudkitError):
    """A search that cannot be run as asked (a bad --param or --target, no candidate)."""


@dataclass(frozen=True, slots=True)
class Param:
    """A numeric rule value to search: its key in the variant file (``forced_bets.ante``) and
    the values it may take, ``low`` to ``high`` by ``step``. Amounts (:data:`AMOUNT_PATHS`)
    are the player's (``0.1..0.5``); without a step they go by the table's smallest amount
    (:meth:`values` with the table's scale), other values by 1.

    >>> Param("forced_bets.ante", Decimal("0.1"), Decimal("0.5"), Decimal("0.2")).values()
    [Decimal('0.1'), Decimal('0.3'), Decimal('0.5')]
    >>> Param("forced_bets.ante", 0, 1).values(scale=10)[:3]
    [0, Decimal('0.1'), Decimal('0.2')]
    """

    key: str
    low: Amount
    high: Amount
    step: Amount | None = None

    @property
    def is_amount(self) -> bool:
        """Whether the key is one of the table's amounts (the player's, with decimals)."""
        return self.key in AMOUNT_PATHS

    def values(self, scale: int = 1) -> list[Amount]:
        """Every value, lowest first: by :attr:`step`, else by the finer of ``1 / scale``
        (the table's smallest amount) and the places ``low`` and ``high`` are written to."""
        step = self.step
        if step is None:
            unit = max(scale if self.is_amount else 1, amount_scale([self.low, self.high]))
            step = Decimal(1) / unit if unit > 1 else 1
        count = int((Decimal(self.high) - Decimal(self.low)) / Decimal(step)) + 1
        return [_whole_or_decimal(Decimal(self.low) + i * Decimal(step)) for i in range(count)]


def _whole_or_decimal(number: Decimal) -> Amount:
    """``number`` as an :data:`~studkit.variant.amounts.Amount`: an int when whole."""
    return int(number) if number == number.to_integral_value() else number.normalize()


OPERATORS = ("<=", ">=", "=")
"""A target's comparisons, in the order they are looked for in its text."""


@dataclass(frozen=True, slots=True)
class Target:
    """A metric and what it should be: equal to ``value`` (``=``), at most (``<=``) or at
    least (``>=``)."""

    metric: str
    op: str
    value: float

    def __str__(self) -> str:
        return f"{self.metric}{self.op}{self.value:g}"

    def miss(self, value: float) -> float:
        """How far ``value`` is from meeting the target (0: met), relative to the target's
        value (absolute for a target of 0)."""
        gap = {"=": abs(value - self.value), "<=": max(0.0, value - self.value),
               ">=": max(0.0, self.value - value)}[self.op]
        return gap / (abs(self.value) or 1.0)

    def miss_range(self, estimate: Estimate) -> tuple[float, float]:
        """The least and the most :meth:`miss` over the metric's 95% interval."""
        assert estimate.value is not None
        low, high = estimate.ci95 or (estimate.value, estimate.value)
        ends = (self.miss(low), self.miss(high))
        least = 0.0 if self.op == "=" and low <= self.value <= high else min(ends)
        return least, max(ends)

    def met(self, estimate: Estimate) -> bool:
        """Whether the metric meets the target: the value within the interval for ``=``, the
        point estimate on the right side for ``<=`` and ``>=``."""
        if estimate.value is None:
            return False
        if self.op == "=":
            low, high = estimate.ci95 or (estimate.value, estimate.value)
            return low <= self.value <= high
        return self.miss(estimate.value) == 0.0


_NUMBER = r"(-?\d+(?:\.\d+)?)"
_PARAM = re.compile(
    rf"^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*{_NUMBER}\s*\.\.\s*{_NUMBER}"
    rf"(?:\s*:\s*{_NUMBER})?\s*$"
)


def parse_param(text: str) -> Param:
    """``forced_bets.ante=0..10``, ``forced_bets.ante=0.1..0.5`` or, with a step,
    ``forced_bets.ante=0.1..0.5:0.1`` as a :class:`Param` (decimals for amounts only)."""
    match = _PARAM.match(text)
    if match is None:
        raise TuneError(f"--param {text!r}: write KEY=LO..HI or KEY=LO..HI:STEP, e.g. "
                        "forced_bets.ante=0..10 or forced_bets.ante=0.1..0.5:0.1 (KEY is the "
                        "variant file's path to the value)")
    key, low, high, step = match.groups()
    if Decimal(low) > Decimal(high):
        raise TuneError(f"--param {text!r}: the range {low}..{high} is empty (LO above HI)")
    if step is not None and Decimal(step) <= 0:
        raise TuneError(f"--param {text!r}: the step {step} must be above 0")
    numbers = [_signed(n, text) for n in (low, high, step) if n is not None]
    if key not in AMOUNT_PATHS and amount_scale(numbers, TuneError) > 1:
        raise TuneError(f"--param {text!r}: {key} takes whole numbers (only the amounts, "
                        f"{', '.join(AMOUNT_PATHS)}, take decimals)")
    return Param(key, _signed(low, text), _signed(high, text),
                 None if step is None else _signed(step, text))


def _signed(number: str, text: str) -> Amount:
    """``number`` (it may be negative: the loader says which values are wrong) as an
    :data:`~studkit.variant.amounts.Amount`."""
    as_amount(number.lstrip("-"), TuneError, f"--param {text!r}:")  # at most 6 places
    return _whole_or_decimal(Decimal(number))


def parse_target(text: str) -> Target:
    """``mean_pot_bb=2.0``, ``fairness<=5`` or ``showdown_rate>=0.5`` as a :class:`Target`."""
    for op in OPERATORS:
        name, found, value = text.partition(op)
        if found:
            name = name.strip()
            if name not in _METRICS and not _design_path(name):
                raise TuneError(f"--target {text!r}: unknown metric {name!r}"
                                f"{suggest(name, metric_names())}; metrics: "
                                f"{', '.join(metric_names())}")
            try:
                number = float(value)
            except ValueError:
                raise TuneError(f"--target {text!r}: {value.strip()!r} is not a number") \
                    from None
            return Target(name, op, number)
    raise TuneError(f"--target {text!r}: write METRIC=V, METRIC<=V or METRIC>=V, e.g. "
                    "mean_pot_bb=2.0")


def _mean(total: str, squares: str, count: str, chips: bool = False) -> Callable[
        [SimulationReport], Estimate]:
    def read(r: SimulationReport) -> Estimate:
        t = r.tally
        unit = r.big_bet if chips else 1
        return mean_estimate(Fraction(getattr(t, total), unit),
                             Fraction(getattr(t, squares), unit * unit), getattr(t, count))

    return read


def _share(part: str, whole: str) -> Callable[[SimulationReport], Estimate]:
    return lambda r: wilson(getattr(r.tally, part), getattr(r.tally, whole))


_METRICS: dict[str, Callable[[SimulationReport], Estimate]] = {
    "mean_pot_bb": _mean("pot_total", "pot_sq", "hands", chips=True),
    "median_pot_bb": lambda r: Estimate(r.in_big_bets(r.median_pot), None, r.hands),
    "mean_actions": _mean("actions", "actions_sq", "hands"),
    "mean_players_at_showdown": _mean("players_at_showdown", "players_at_showdown_sq",
                                      "showdowns"),
    "showdown_rate": _share("showdowns", "hands"),
    "split_rate": _share("splits", "showdowns"),
    "scoop_rate": _share("scoops", "showdowns"),
    "community_card_rate": _share("community_card_hands", "hands"),
    "bring_in_completion_rate": _share("completed_bring_ins", "bring_in_hands"),
}
"""The statistics of ``simulate`` a target may name, chip amounts in big bets."""

_DESIGN = {
    "fairness": (),
    "decisions_per_hand": (),
    "bring_in_ev_bb100": ("bring_in", "others", "difference"),
    "skill": (),
    "decisiveness": ("STREET",),
    "lead_changes": (),
    "lead_changes.behind_wins": ("STREET",),
    "pot_bb_by_street": ("STREET",),
    "streets_reached": ("STREET",),
    "raise_frequency": ("STREET",),
    "seat_ev_bb100.from_button": ("K",),
    "seat_ev_bb100.from_bring_in": ("K",),
}
"""The design metrics a target may name, and what follows the name (a street's name, a
position counted from 0)."""


_FIRST_PART = {"bring_in_ev_bb100": "bring_in", "skill": "bb100", "lead_changes": "per_hand"}
"""The figure a design metric with several stands for when named alone."""


def _design_path(name: str) -> bool:
    for head, tails in _DESIGN.items():
        if name == head and (not tails or head == "bring_in_ev_bb100"):
            return True
        if name.startswith(head + "."):
            rest = name[len(head) + 1:]
            if tails == ("K",):
                return rest.isdigit()
            return tails == ("STREET",) or rest in tails
    return False


def metric_names() -> list[str]:
    """The metrics a target may name (``STREET``: a street's name, ``K``: a position)."""
    names = list(_METRICS)
    for head, tails in _DESIGN.items():
        if not tails:
            names.append(head)
        else:
            names += [f"{head}.{tail}" for tail in tails]
    return names


def metric(report: SimulationReport, name: str) -> Estimate:
    """The metric ``name`` of ``report`` with its 95% interval (a value of ``None``: the run
    had nothing to measure it on, e.g. no showdown)."""
    if name in _METRICS:
        return _METRICS[name](report)
    found: Any = report.design()
    parts = name.split(".")
    if len(parts) == 1 and parts[0] in _FIRST_PART:
        parts.append(_FIRST_PART[parts[0]])
    for part in parts:
        if found is None:
            return Estimate(None)
        if isinstance(found, list):
            index = int(part)
            if index >= len(found):
                raise TuneError(f"--target {name}: positions are counted from 0 to "
                                f"{len(found) - 1}")
            found = found[index]
        else:
            if part not in found:
                if parts[0] in ("pot_bb_by_street", "streets_reached", "raise_frequency",
                                "decisiveness", "lead_changes") \
                        and part not in report.street_names:
                    raise TuneError(f"--target {name}: no street {part!r}"
                                    f"{suggest(part, report.street_names)}; the streets: "
                                    f"{', '.join(report.street_names)}")
                return Estimate(None)
            found = found[part]
    if found is None or found.get("value") is None:
        return Estimate(None)
    interval = found.get("ci95")
    return Estimate(found["value"], (interval[0], interval[1]) if interval else None,
                    found.get("n", 0))
