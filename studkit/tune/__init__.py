"""``studkit tune``: search a variant's numeric rule values (the ante, the bring-in, the bets,
the raise cap...) for the house rules whose simulation meets a designer's targets (a mean pot
of two big bets, a fair game, ...), and write them as a file that ``extends`` the variant."""

from __future__ import annotations

from studkit.tune.goals import (
    Param,
    Target,
    TuneError,
    metric,
    metric_names,
    parse_param,
    parse_target,
)
from studkit.tune.search import Candidate, TuneResult, house_rules_text, tune

__all__ = [
    "Candidate", "Param", "Target", "TuneError", "TuneResult", "house_rules_text", "metric",
    "metric_names", "parse_param", "parse_target", "tune",
]
