"""Comparing rule sets: the rules diff, every simulation statistic side by side, the
differences and whether they are statistically significant.

Every variant is simulated with the same seed, players, bots, stack and number of hands
(common random numbers: identical rule sets give identical figures). Each statistic of a
variant is tested against the first variant; the p-values of all tests are corrected
together with Holm's method, and a difference is called significant when the corrected
p-value is below ``alpha`` (5%).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from studkit.compare.odds_tables import EvaluatorOdds, odds_where_different
from studkit.compare.significance import (
    chi_square_test,
    holm,
    two_proportion_test,
    welch_t_test,
)
from studkit.compare.warnings import comparison_warnings, stakes_differ
from studkit.defaults import DEFAULT_COMPARE_HANDS
from studkit.errors import StudkitError
from studkit.simulation import SimulationReport, simulate
from studkit.simulation.report import mean_and_sd, seat_fields
from studkit.simulation.runner import players_from_bots
from studkit.simulation.tally import Tally
from studkit.variant.model import Variant

if TYPE_CHECKING:
    from studkit.simulation.cluster import Cluster

__all__ = ["StatRow", "Comparison", "compare", "CompareError", "ALPHA", "PROPORTION", "WELCH",
           "CHI_SQUARE", "format_value", "format_difference", "DEFAULT_COMPARE_HANDS"]

ALPHA = 0.05
PROPORTION = "two-proportion z-test"
WELCH = "Welch's t-test"
CHI_SQUARE = "chi-square test of homogeneity"

NO_DIFFERENCE = "no difference"
NOT_SIGNIFICANT = "no significant difference"
SIGNIFICANT = "significant"
NOT_TESTED = "not tested"


class CompareError(StudkitError):
    """A comparison that cannot be run as asked."""


def format_value(value: float | None, name: str, *, missing: str = "-") -> str:
    """A statistic as shown: rates (names ending ``_rate``) as percentages, amounts in big
    bets (``_bb``) with two decimals and ``bb``, others with two decimals; ``missing`` where
    the statistic has no value."""
    if value is None:
        return missing
    if name.endswith("_rate"):
        return f"{value:.2%}"
    if name.endswith("_bb"):
        return f"{value:,.2f} bb"
    return f"{value:,.2f}"


def format_difference(value: float | None, name: str) -> str:
    """A difference between variants: rates in percentage points, others signed."""
    if value is None:
        return ""
    if name.endswith("_rate"):
        return f"{value * 100:+.2f} pts"
    if name.endswith("_bb"):
        return f"{value:+,.2f} bb"
    return f"{value:+,.2f}"


@dataclass
class StatRow:
    """One statistic across the variants, with tests against the first."""

    name: str
    label: str
    values: list[float | None]
    test: str
    p_values: list[float | None] = field(default_factory=list)
    """Per variant after the first: the test's raw p-value (``None``: not tested)."""
    identical: list[bool] = field(default_factory=list)
    adjusted: list[float | None] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)
    seat: int | None = None
    """The seat (from 0) of a seat's bb/100 row, else ``None``."""

    @property
    def differences(self) -> list[float | None]:
        """Per variant after the first: its value minus the first's."""
        first = self.values[0]
        return [
            None if first is None or value is None else value - first
            for value in self.values[1:]
        ]


Tester = Callable[[SimulationReport, SimulationReport], float]
Fingerprint = Callable[[SimulationReport], Any]
"""The raw counts behind a statistic, chip amounts in big bets: equal fingerprints mean no
difference at all (two games that differ only in their stakes play identically)."""


def _fields(*names: str) -> Fingerprint:
    def fingerprint(r: SimulationReport) -> Any:
        return tuple(getattr(r.tally, name) for name in names)

    return fingerprint


def _proportion(part: str, whole: str) -> tuple[Tester, Fingerprint]:
    def test(a: SimulationReport, b: SimulationReport) -> float:
        ta, tb = a.tally, b.tally
        return two_proportion_test(
            getattr(ta, part), getattr(ta, whole), getattr(tb, part), getattr(tb, whole)
        )

    return test, _fields(part, whole)


def _welch(
    total: str, squares: str, count: str, *, chips: bool = False
) -> tuple[Tester, Fingerprint]:
    """Welch's test of a mean from its sums; ``chips``: the sums are of chips, tested and
    fingerprinted in big bets."""
    def sums(r: SimulationReport) -> tuple[Fraction, Fraction, int]:
        unit = r.big_bet if chips else 1
        t = r.tally
        return (Fraction(getattr(t, total), unit), Fraction(getattr(t, squares), unit * unit),
                getattr(t, count))

    def test(a: SimulationReport, b: SimulationReport) -> float:
        return _welch_of(sums(a), sums(b))

    return test, sums


def _welch_of(a: tuple[Fraction, Fraction, int], b: tuple[Fraction, Fraction, int]) -> float:
    ma, sa = mean_and_sd(*a)
    mb, sb = mean_and_sd(*b)
    return welch_t_test(ma, sa, a[2], mb, sb, b[2])


def _seat_welch(seat: int) -> tuple[Tester, Fingerprint]:
    """A seat's result per hand, in big bets (bb/100 is a hundred times its mean)."""
    def sums(r: SimulationReport) -> tuple[Fraction, Fraction, int]:
        t = r.tally
        return (Fraction(t.net[seat], r.big_bet), Fraction(t.net_sq[seat], r.big_bet ** 2),
                t.hands)

    def test(a: SimulationReport, b: SimulationReport) -> float:
        return _welch_of(sums(a), sums(b))

    return test, sums


def _pots_in_big_bets(r: SimulationReport) -> Any:
    return tuple((Fraction(size, r.big_bet), n) for size, n in sorted(r.tally.pots.items()))


def _counts_test(counts: Callable[[Tally], dict[Any, int]]) -> tuple[Tester, Fingerprint]:
    def test(a: SimulationReport, b: SimulationReport) -> float:
        ca, cb = counts(a.tally), counts(b.tally)
        keys = sorted(set(ca) | set(cb), key=str)
        return chi_square_test([[ca.get(k, 0) for k in keys], [cb.get(k, 0) for k in keys]])[2]

    return test, lambda r: counts(r.tally)


_HEADLINE: tuple[tuple[str, str, str, tuple[Tester | None, Fingerprint]], ...] = (
    ("showdown_rate", "showdown rate", PROPORTION, _proportion("showdowns", "hands")),
    ("split_rate", "split rate (of showdowns)", PROPORTION, _proportion("splits", "showdowns")),
    ("scoop_rate", "scoop rate (of showdowns)", PROPORTION, _proportion("scoops", "showdowns")),
    ("community_card_rate", "community card rate", PROPORTION,
     _proportion("community_card_hands", "hands")),
    ("bring_in_completion_rate", "bring-in completion rate", PROPORTION,
     _proportion("completed_bring_ins", "bring_in_hands")),
    ("mean_pot_bb", "mean pot (big bets)", WELCH,
     _welch("pot_total", "pot_sq", "hands", chips=True)),
    ("median_pot_bb", "median pot (big bets)", "", (None, _pots_in_big_bets)),
    ("mean_actions", "mean actions per hand", WELCH, _welch("actions", "actions_sq", "hands")),
    ("mean_players_at_showdown", "mean players at showdown", WELCH,
     _welch("players_at_showdown", "players_at_showdown_sq", "showdowns")),
)
"""The headline statistics: JSON name, label, test, and how it is tested. Chip amounts are
compared in big bets (``*_bb``; the chips are in each simulation's JSON)."""

_ONE_SHARE_LABELS = {"split_rate": "tied pots (of showdowns)"}
"""Labels in games where every variant has one pot share, as ``studkit simulate`` says them:
there a split can only be a tie."""

_SEVERAL_SHARES_ONLY = frozenset({"scoop_rate"})
"""Rows left out when every variant has one pot share: the scoop rate is then nearly the
complement of the tied pots (``simulate``'s JSON keeps it)."""


def _share_counts(share: str) -> Callable[[Tally], dict[Any, int]]:
    def counts(t: Tally) -> dict[Any, int]:
        return {name: n for (s, name), n in t.categories.items() if s == share}

    return counts


@dataclass
class Comparison:
    """The answer to "how do these rule sets differ?"."""

    variants: list[Variant]
    reports: list[SimulationReport]
    rules: list[list[str]]
    """Per variant after the first: the rule-by-rule differences from the first."""
    rows: list[StatRow]
    odds: list[EvaluatorOdds]
    alpha: float = ALPHA
    odds_skipped: bool = False
    """True when the exact odds were not computed (``odds=False``, ``--no-odds``): an empty
    :attr:`odds` then says nothing about whether the rankings differ."""
    warnings: list[str] = field(default_factory=list)
    """What a reader should know before trusting the figures (the stakes differ, ...)."""

    @property
    def names(self) -> list[str]:
        """The variants' names, in order."""
        return [v.name for v in self.variants]

    def significant(self) -> list[tuple[StatRow, int]]:
        """(row, variant index) of every significant difference."""
        return [
            (row, i + 1)
            for row in self.rows
            for i, verdict in enumerate(row.verdicts)
            if verdict == SIGNIFICANT
        ]

    def summary(self) -> str:
        """One sentence: whether and where the rule sets differ."""
        tests = sum(1 for row in self.rows for p in row.p_values if p is not None)
        found = self.significant()
        if all(v == NO_DIFFERENCE for row in self.rows for v in row.verdicts):
            if not any(self.rules):
                return "no difference: the rule sets are the same and played identically"
            if stakes_differ(self.reports):
                return ("no difference: every statistic is the same in big bets (the rule sets "
                        "play identically at their different stakes)")
            return "no difference: every statistic is the same (the rule changes did not show)"
        if not found:
            return (
                f"no difference found: none of {tests} tests is significant at "
                f"{self.alpha:.0%} (Holm-corrected)"
            )
        labels = ", ".join(f"{row.label} ({self.names[i]})" for row, i in found)
        return (
            f"{len(found)} significant difference{'s' if len(found) > 1 else ''} at "
            f"{self.alpha:.0%} (Holm-corrected over {tests} tests): {labels}"
        )

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "variants": self.names,
            "hands": self.reports[0].hands,
            "players": self.reports[0].players,
            "seed": self.reports[0].seed,
            "bots": list(self.reports[0].bots),
            "engine": [report.engine for report in self.reports],
            "cluster": self.reports[0].cluster,
            "workers": self.reports[0].workers,
            "alpha": self.alpha,
            "correction": "holm",
            "summary": self.summary(),
            "warnings": list(self.warnings),
            "rules": [
                {"variant": self.names[i + 1], "differences": lines}
                for i, lines in enumerate(self.rules)
            ],
            "statistics": [
                {
                    "name": row.name,
                    "label": row.label,
                    "values": row.values,
                    "differences": row.differences,
                    "test": row.test or None,
                    "p_values": row.p_values,
                    "adjusted_p_values": row.adjusted,
                    "verdicts": row.verdicts,
                    **(seat_fields(row.seat) if row.seat is not None else {}),
                }
                for row in self.rows
            ],
            "odds": [
                {
                    "evaluator": o.key,
                    "variants": list(o.variants),
                    "total": o.total,
                    "categories": o.categories,
                }
                for o in self.odds
            ],
            "simulations": [r.to_json() for r in self.reports],
        }


def _rows(reports: Sequence[SimulationReport]) -> list[StatRow]:
    stats = [r.statistics() for r in reports]
    rows: list[StatRow] = []
    one_share = all(len(r.share_names) == 1 for r in reports)
    for name, label, test_name, check in _HEADLINE:
        if one_share and name in _SEVERAL_SHARES_ONLY:
            continue
        if one_share:
            label = _ONE_SHARE_LABELS.get(name, label)
        row = StatRow(name, label, [s[name] for s in stats], test_name)
        _test(row, reports, *check)
        rows.append(row)
    seats = [r.seats for r in reports]
    for seat in range(reports[0].players):
        row = StatRow(
            f"seat_{seat}_bb_per_100",
            # the JSON name counts from 0, as its "seat" does; the label from 1 ("seat_number")
            f"seat {seat + 1} ({reports[0].bots[seat]}) bb/100",
            [s[seat].bb_per_100 for s in seats],
            WELCH,
            seat=seat,
        )
        _test(row, reports, *_seat_welch(seat))
        rows.append(row)
    shares = [
        share for share in reports[0].share_names
        if all(share in r.share_names for r in reports)
    ]
    distributions: list[tuple[str, str, Callable[[Tally], dict[Any, int]]]] = [
        (f"winning_categories_{share}", f"winning {share} categories", _share_counts(share))
        for share in shares
    ]
    distributions.append(
        ("ended_on_street", "street the hand ended on", lambda t: dict(t.ended_on))
    )
    distributions.append(("action_mix", "action mix by street", lambda t: dict(t.action_mix)))
    for name, label, counts in distributions:
        row = StatRow(name, label, [None] * len(reports), CHI_SQUARE)
        _test(row, reports, *_counts_test(counts))
        rows.append(row)
    return rows


def _test(
    row: StatRow, reports: Sequence[SimulationReport], tester: Tester | None,
    fingerprint: Fingerprint,
) -> None:
    base = reports[0]
    for other in reports[1:]:
        same = fingerprint(base) == fingerprint(other)
        row.identical.append(bool(same))
        if tester is None:
            row.p_values.append(None)
        else:
            row.p_values.append(1.0 if same else tester(base, other))


def _judge(rows: Sequence[StatRow], alpha: float) -> None:
    flat = [(row, i) for row in rows for i, p in enumerate(row.p_values) if p is not None]
    adjusted = holm([row.p_values[i] or 0.0 for row, i in flat])
    for row in rows:
        row.adjusted = [None] * len(row.p_values)
    for (row, i), value in zip(flat, adjusted, strict=True):
        row.adjusted[i] = value
    for row in rows:
        row.verdicts = []
        for i, same in enumerate(row.identical):
            q = row.adjusted[i]
            if same:
                row.verdicts.append(NO_DIFFERENCE)
            elif q is None:
                row.verdicts.append(NOT_TESTED)
            else:
                row.verdicts.append(SIGNIFICANT if q < alpha else NOT_SIGNIFICANT)


def compare(
    variants: Sequence[Variant | str],
    *,
    hands: int = DEFAULT_COMPARE_HANDS,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    stakes: str | None = None,
    stack: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    cluster: str | Cluster | None = None,
    cluster_file: str | os.PathLike[str] | None = None,
    odds: bool = True,
    alpha: float = ALPHA,
    progress: Callable[[int, int], None] | None = None,
    notice: Callable[[str], None] | None = None,
    engine: str = "auto",
    skill_trace: bool = False,
) -> Comparison:
    """Simulate each variant the same way and compare every statistic with the first's.

    ``players`` defaults to the number of bots in a per-seat ``bots`` list, else to 6 (or
    fewer if a variant seats fewer); ``progress(i, done)`` is
    called as variant ``i`` advances. ``cluster`` and ``cluster_file`` play the hands on a
    Dask cluster as :func:`~studkit.simulation.simulate` does; an address is connected to (a
    local cluster started) once for all the variants. ``engine`` is
    :func:`~studkit.simulation.simulate`'s (each variant's report says which engine played it);
    ``notice``, like simulate's, is no longer called. ``skill_trace`` also plays each
    variant's skill trace (:func:`~studkit.simulation.skill_trace.traced`: five more
    simulations a variant).
    """
    from studkit import load_variant
    from studkit.variant.rule_differences import diff_variants

    if len(variants) < 2:
        raise CompareError(f"compare needs at least two variants, got {len(variants)}")
    loaded = [load_variant(v) if isinstance(v, str) else v for v in variants]
    asked = f"--players {players}"
    if players is None:
        players = players_from_bots(bots)
        asked = f"--bots {bots!r} names {players} bots, one per seat"
    if players is None:
        players = min([6] + [v.max_players for v in loaded])
        players = max(players, max(v.min_players for v in loaded))
        asked = f"{players} players (the most every variant seats, at most 6)"
    for variant in loaded:
        if not variant.min_players <= players <= variant.max_players:
            raise CompareError(
                f"{asked}: {variant.name} seats {variant.min_players} to "
                f"{variant.max_players} players"
            )
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    reports = []
    with ExitStack() as opened:
        where = cluster
        if cluster_file is not None and cluster is not None and not isinstance(cluster, str):
            raise CompareError("give a cluster or a cluster file, not both")
        if cluster_file is not None or isinstance(cluster, str):
            from studkit.simulation.cluster import connect

            address = cluster if isinstance(cluster, str) else None
            where = opened.enter_context(connect(address, cluster_file))
        for index, variant in enumerate(loaded):
            update = (lambda done, index=index: progress(index, done)) if progress else None
            report = simulate(
                variant, hands=hands, players=players, bots=bots, stakes=stakes,
                stack=stack, seed=seed, workers=workers, progress=update, cluster=where,
                engine=engine,
            )
            if skill_trace:
                from studkit.simulation.skill_trace import traced

                report = traced(report, variant, hands=hands, seed=seed, stakes=stakes,
                                stack=stack, workers=workers, engine=engine)
            reports.append(report)
    rows = _rows(reports)
    _judge(rows, alpha)
    rules = [diff_variants(loaded[0], other) for other in loaded[1:]]
    tables = odds_where_different(loaded) if odds else []
    return Comparison(loaded, reports, rules, rows, tables, alpha, odds_skipped=not odds,
                      warnings=comparison_warnings(loaded, reports))
