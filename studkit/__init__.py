"""studkit: stud poker variants as data.

A variant is a YAML file read into a :class:`~studkit.variant.Variant`; a generic engine plays
it; evaluators rank hands for high, razz, eight-or-better and other lows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

# First: in a source checkout, make variants/ and plugins/ importable as in an install.
from studkit import _checkout  # noqa: F401  (isort: skip)

from studkit.cards import CARDS, Card, Deck, Rank, Suit, format_cards, parse_card, parse_cards
from studkit.engine import Action, Hand, StudGameState, Table
from studkit.errors import (
    CardError,
    EvaluatorError,
    HistoryError,
    IllegalActionError,
    PluginError,
    StakesError,
    StudkitError,
    VariantError,
)
from studkit.history import HandHistory, read_histories, replay_paths, write_history
from studkit.hookspecs import hookimpl
from studkit.loader import builtin_variant_names, dump_variant, load_variant
from studkit.pluginhost import PluginHost, available_plugins
from studkit.pots import Award, Pot, ShareInput, award_pots, build_pots
from studkit.stakes import apply_stakes, parse_stakes
from studkit.variant import Variant

if TYPE_CHECKING:
    from studkit.compare import compare as compare_variants
    from studkit.equity import equity as calculate_equity
    from studkit.evaluation import (
        EVALUATOR_NAMES,
        Evaluator,
        WildCards,
        get_evaluator,
        get_showing_evaluator,
    )
    from studkit.simulation import simulate

_LAZY_EVALUATION = ("EVALUATOR_NAMES", "Evaluator", "WildCards", "get_evaluator",
                    "get_showing_evaluator")
"""Evaluator names imported on first use, so ``import studkit`` does not load numpy."""


_LAZY_ANALYSIS = {
    "calculate_equity": ("studkit.equity", "equity"),
    "simulate": ("studkit.simulation", "simulate"),
    "compare_variants": ("studkit.compare", "compare"),
}
"""Equity, simulation and comparison functions, imported on first use for the same reason
(named apart from the subpackages ``studkit.equity`` and ``studkit.compare``)."""


def __getattr__(name: str) -> object:
    if name in _LAZY_ANALYSIS:
        import importlib

        module, attribute = _LAZY_ANALYSIS[name]
        analysis: object = getattr(importlib.import_module(module), attribute)
        globals()[name] = analysis
        return analysis
    if name in _LAZY_EVALUATION:
        from studkit import evaluation

        value: object = getattr(evaluation, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'studkit' has no attribute {name!r}")


__version__ = "0.1.0"

__all__ = [
    "__version__",
    "hookimpl",
    "PluginHost",
    "available_plugins",
    "CARDS",
    "Card",
    "Deck",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
    "Variant",
    "EVALUATOR_NAMES",
    "Evaluator",
    "WildCards",
    "get_evaluator",
    "get_showing_evaluator",
    "calculate_equity",
    "simulate",
    "compare_variants",
    "Hand",
    "Table",
    "Action",
    "StudGameState",
    "load_variant",
    "HandHistory",
    "read_histories",
    "replay_paths",
    "write_history",
    "builtin_variant_names",
    "dump_variant",
    "apply_stakes",
    "parse_stakes",
    "Pot",
    "ShareInput",
    "Award",
    "build_pots",
    "award_pots",
    "StudkitError",
    "CardError",
    "EvaluatorError",
    "VariantError",
    "StakesError",
    "IllegalActionError",
    "HistoryError",
    "PluginError",
]
