"""``studkit tune``: the rule values that meet a designer's targets, or come closest.

Every combination of the parameters' values is a candidate: the variant's complete file
with those values set, loaded and checked like any file (so a variant typed in the web
app's designer, which is no file, can be tuned too); ``--out`` writes the best as house rules
that ``extends`` the variant. Each candidate
is simulated with the same seed (the same deals and the same random choices, so that
candidates differ by their rules, not by luck), first with few hands. A candidate's *miss*
is the sum over the targets of how far its metric is from the target (relative to the
target's value; 0 when every target is met), with a range from the metrics' 95% intervals.
After each round the candidates whose least possible miss is above the best candidate's
largest are dropped, and the rest are simulated again with twice the hands, until the full
``hands`` (at once when one is left): more hands go only where the decision is close. The
best is the candidate with the least miss at the full ``hands`` (ties: the first in the
order of the ranges).
"""

from __future__ import annotations

import copy
import itertools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from studkit.defaults import DEFAULT_TUNE_HANDS
from studkit.errors import VariantError
from studkit.simulation import SimulationReport, simulate
from studkit.simulation.design import Estimate
from studkit.tune.goals import Param, Target, TuneError, metric
from studkit.variant.amounts import Amount
from studkit.variant.loader import (
    builtin_variant_path,
    display_name,
    load_variant,
    load_variant_text,
    variant_data,
)
from studkit.variant.model import Variant

__all__ = ["Candidate", "TuneResult", "tune", "MAX_CANDIDATES", "FIRST_HANDS", "DEFAULT_TUNE_HANDS",
           "house_rules_text", "extends_reference", "file_number"]

MAX_CANDIDATES = 2_000
"""The most combinations of parameter values one search tries."""
FIRST_HANDS = 500
"""Hands per candidate in the first round (or ``hands``, if fewer)."""


@dataclass
class Candidate:
    """One combination of parameter values and what its last simulation measured."""

    values: dict[str, int | float]
    """Each parameter's value as the variant file writes it (amounts as the player writes
    them: ``0.25``)."""
    variant: Variant
    hands: int = 0
    metrics: dict[str, Estimate] = field(default_factory=dict)
    miss: float = float("inf")
    miss_range: tuple[float, float] = (float("inf"), float("inf"))
    report: SimulationReport | None = None

    def to_json(self, targets: Sequence[Target]) -> dict[str, Any]:
        """``values``, ``hands``, ``metrics`` (each ``{"value", "ci95", "target", "met"}``),
        ``miss`` and ``miss_range``."""
        return {
            "values": dict(self.values),
            "hands": self.hands,
            "metrics": metrics_json(self.metrics, targets),
            "miss": self.miss,
            "miss_range": list(self.miss_range),
        }


def metrics_json(metrics: dict[str, Estimate], targets: Sequence[Target]) -> dict[str, Any]:
    """Each target's metric: its value, interval, the target and whether it is met."""
    out: dict[str, Any] = {}
    for target in targets:
        estimate = metrics[target.metric]
        out[str(target)] = {
            "metric": target.metric,
            "value": estimate.value,
            "ci95": list(estimate.ci95) if estimate.ci95 else None,
            "target": f"{target.op}{target.value:g}",
            "met": target.met(estimate),
        }
    return out


@dataclass
class TuneResult:
    """The search's answer: the best candidate, every candidate as last measured, and the
    rounds it took."""

    variant: Variant
    params: list[Param]
    targets: list[Target]
    best: Candidate
    candidates: list[Candidate]
    hands: int
    seed: int
    players: int
    bots: tuple[str, ...]
    rounds: list[tuple[int, int]]
    """Per round: the hands each candidate was simulated with, and how many candidates."""
    skipped: list[str] = field(default_factory=list)
    """The combinations that make no valid variant, each with the loader's reason."""
    file: str | None = None

    @property
    def met(self) -> bool:
        """Whether the best candidate meets every target."""
        return all(t.met(self.best.metrics[t.metric]) for t in self.targets)

    def to_json(self) -> dict[str, Any]:
        """``best`` (key -> value), ``metrics``, ``file`` and the search's details."""
        return {
            "variant": self.variant.name,
            "best": dict(self.best.values),
            "metrics": metrics_json(self.best.metrics, self.targets),
            "met": self.met,
            "file": self.file,
            "params": [
                {"key": p.key, "low": file_number(p.low), "high": file_number(p.high),
                 "step": None if p.step is None else file_number(p.step)}
                for p in self.params
            ],
            "targets": [str(t) for t in self.targets],
            "hands": self.hands,
            "seed": self.seed,
            "players": self.players,
            "bots": list(self.bots),
            "engine": self.best.report.engine if self.best.report else None,
            "rounds": [{"hands": h, "candidates": n} for h, n in self.rounds],
            "skipped": list(self.skipped),
            "candidates": [c.to_json(self.targets) for c in self.candidates],
        }


def file_number(value: Amount) -> int | float:
    """A parameter's value as a variant file (YAML) and JSON write it: ``0.25``, ``2``."""
    return value if isinstance(value, int) else float(value)


def _nested(key: str, value: int | float) -> dict[str, Any]:
    out: dict[str, Any] = {}
    node = out
    parts = key.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = value
    return out


def _merge(into: dict[str, Any], more: dict[str, Any]) -> None:
    for key, value in more.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def house_rules_text(variant: Variant, values: dict[str, int | float], *, extends: str,
                     name: str, comment: str = "") -> str:
    """A variant file that ``extends`` the variant with ``values`` set (keys are the file's
    paths, ``forced_bets.ante``)."""
    data: dict[str, Any] = {"studkit": 1, "extends": extends, "name": name}
    for key, value in values.items():
        _merge(data, _nested(key, value))
    head = "".join(f"# {line}\n" if line else "#\n" for line in comment.splitlines())
    return head + yaml.safe_dump(data, sort_keys=False, default_flow_style=False)


def extends_reference(variant: Variant, base: Path) -> str:
    """How a file in ``base`` names the variant it extends: a shipped game by its name, a
    file by its path from ``base``."""
    shipped = builtin_variant_path(variant.name)
    if variant.source is None or (
        shipped is not None and variant.source == display_name(shipped)
    ):
        return variant.name
    path = os.path.relpath(Path(variant.source).resolve(), base.resolve())
    return path if "/" in path or path.startswith(".") else f"./{path}"


def tune(
    variant: Variant | str,
    params: Sequence[Param],
    targets: Sequence[Target],
    *,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    hands: int = DEFAULT_TUNE_HANDS,
    seed: int = 1,
    stack: Amount | str | None = None,
    workers: int = 1,
    engine: str = "auto",
    progress: Callable[[str], None] | None = None,
) -> TuneResult:
    """Search ``params``' values for the house rules whose simulation best meets
    ``targets`` (see the module's description of the search). Amounts (the parameters',
    ``stack``) are the player's: a range of amounts without a step goes by the variant's
    smallest amount."""
    base = variant if isinstance(variant, Variant) else load_variant(variant)
    if not params:
        raise TuneError("give at least one --param KEY=LO..HI")
    if not targets:
        raise TuneError("give at least one --target METRIC=V (or <=, >=)")
    keys = [p.key for p in params]
    if len(set(keys)) != len(keys):
        raise TuneError(f"--param: a key is given twice ({', '.join(keys)})")
    ranges = [[file_number(v) for v in p.values(base.stakes.scale)] for p in params]
    count = 1
    for values_of_one in ranges:
        count *= len(values_of_one)
    if count > MAX_CANDIDATES:
        raise TuneError(f"{count:,} combinations of values: narrow the ranges to at most "
                        f"{MAX_CANDIDATES:,}")
    if hands < 1:
        raise TuneError(f"--hands must be at least 1, not {hands}")
    data = variant_data(base)
    candidates: list[Candidate] = []
    problems: dict[str, list[str]] = {}  # each reason a candidate was refused: its values
    for combination in itertools.product(*ranges):
        values = dict(zip(keys, combination, strict=True))
        whole = copy.deepcopy(data)
        for key, value in values.items():
            _merge(whole, _nested(key, value))
        text = yaml.safe_dump(whole, sort_keys=False)
        try:
            loaded = load_variant_text(text, "<tune>", registry=base.plugin_registry)
        except VariantError as error:
            problems.setdefault(_first_line(error), []).append(_values_text(values))
            continue
        candidates.append(Candidate(values, loaded))
    if not candidates:
        raise TuneError(f"no value in the ranges makes a valid variant: {_refusals(problems)}")
    rounds: list[tuple[int, int]] = []
    round_hands = min(hands, FIRST_HANDS)
    alive = candidates
    while True:
        rounds.append((round_hands, len(alive)))
        if progress is not None:
            progress(f"{len(alive)} candidate(s) at {round_hands:,} hands")
        for candidate in alive:
            _measure(candidate, targets, round_hands, players, bots, seed, stack, workers,
                     engine)
        if round_hands >= hands:
            break
        best_high = min(c.miss_range[1] for c in alive)
        alive = [c for c in alive if c.miss_range[0] <= best_high]
        # one left: it is measured once more, with every hand, for its figures
        round_hands = hands if len(alive) == 1 else min(hands, round_hands * 2)
    best = min(alive, key=lambda c: c.miss)
    report = best.report
    assert report is not None
    return TuneResult(base, list(params), list(targets), best, candidates, hands, seed,
                      report.players, report.bots, rounds,
                      [f"{values}: {reason}" for reason, refused in problems.items()
                       for values in refused])


def _refusals(problems: dict[str, list[str]]) -> str:
    """Why the candidates were refused, each reason once with the values it refused (the
    first three, then how many more): a misspelt key refuses every value for one reason.

    >>> _refusals({"unknown key 'antee'": ["antee=0", "antee=1", "antee=2", "antee=3"]})
    "antee=0, antee=1, antee=2 and 1 more: unknown key 'antee'"
    """
    parts = []
    for reason, refused in problems.items():
        shown = ", ".join(refused[:3])
        if len(refused) > 3:
            shown += f" and {len(refused) - 3} more"
        parts.append(f"{shown}: {reason}")
    return "; ".join(parts[:3])


def _values_text(values: dict[str, int | float]) -> str:
    return ", ".join(f"{k}={v}" for k, v in values.items())


def _first_line(error: Exception) -> str:
    """The loader's first reason, without the place in the generated file (the problem is the
    value, not a line the user wrote)."""
    problems = getattr(error, "problems", None)
    if problems:
        first = problems[0]
        return f"{first.path}: {first.message}" if first.path else first.message
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def _measure(candidate: Candidate, targets: Sequence[Target], hands: int,
             players: int | None, bots: str | Sequence[str] | None, seed: int,
             stack: Amount | str | None, workers: int, engine: str) -> None:
    report = simulate(candidate.variant, hands=hands, players=players, bots=bots, seed=seed,
                      stack=stack, workers=workers, engine=engine)
    candidate.report, candidate.hands = report, hands
    candidate.metrics = {t.metric: metric(report, t.metric) for t in targets}
    miss = least = most = 0.0
    for target in targets:
        estimate = candidate.metrics[target.metric]
        if estimate.value is None:  # nothing to measure it on: as far as can be
            miss = least = most = float("inf")
            break
        miss += target.miss(estimate.value)
        low, high = target.miss_range(estimate)
        least += low
        most += high
    candidate.miss, candidate.miss_range = miss, (least, most)
