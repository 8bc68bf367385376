"""studkit: stud poker variants as data.

A variant is a YAML file read into a :class:`~studkit.variant.model.Variant`; a generic engine plays
it; evaluators rank hands for high, razz, eight-or-better and other lows.

Every name below is imported on first use, so ``import studkit`` itself loads almost nothing
(no numpy, jsonschema or rich): a short command starts in a few milliseconds.
"""

from __future__ import annotations

import importlib

# First: in a source checkout, make variants/ and plugins/ importable as in an install.
from studkit import _checkout  # noqa: F401  (isort: skip)
from studkit import _moved  # (isort: skip)

_moved.register()  # the public paths that moved still import (studkit.hookspecs, ...)

TYPE_CHECKING = False
"""``typing.TYPE_CHECKING`` without importing typing (mypy reads the name the same way)."""

if TYPE_CHECKING:
    from studkit.cards import (
        CARDS,
        Card,
        Deck,
        Rank,
        Suit,
        format_cards,
        parse_card,
        parse_cards,
    )
    from studkit.compare import compare as compare_variants
    from studkit.engine import Action, Hand, Table
    from studkit.engine.pots import Award, Pot, ShareInput, award_pots, build_pots
    from studkit.equity import equity as calculate_equity
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
    from studkit.evaluation import (
        EVALUATOR_NAMES,
        Evaluator,
        WildCards,
        get_evaluator,
        get_showing_evaluator,
    )
    from studkit.history import HandHistory, read_histories, replay_paths, write_history
    from studkit.hooks.host import PluginHost, available_plugins
    from studkit.hooks.specs import hookimpl
    from studkit.rl.state import StudGameState
    from studkit.simulation import simulate
    from studkit.variant.loader import builtin_variant_names, dump_variant, load_variant
    from studkit.variant.model import Variant
    from studkit.variant.stakes import apply_stakes, parse_stakes

_EXPORTS: dict[str, tuple[str, str]] = {
    **{name: ("studkit.cards", name) for name in (
        "CARDS", "Card", "Deck", "Rank", "Suit", "format_cards", "parse_card", "parse_cards")},
    **{name: ("studkit.engine", name) for name in ("Action", "Hand", "Table")},
    "StudGameState": ("studkit.rl.state", "StudGameState"),
    **{name: ("studkit.errors", name) for name in (
        "CardError", "EvaluatorError", "HistoryError", "IllegalActionError", "PluginError",
        "StakesError", "StudkitError", "VariantError")},
    **{name: ("studkit.evaluation", name) for name in (
        "EVALUATOR_NAMES", "Evaluator", "WildCards", "get_evaluator", "get_showing_evaluator")},
    **{name: ("studkit.history", name) for name in (
        "HandHistory", "read_histories", "replay_paths", "write_history")},
    "hookimpl": ("studkit.hooks.specs", "hookimpl"),
    **{name: ("studkit.variant.loader", name) for name in (
        "builtin_variant_names", "dump_variant", "load_variant")},
    **{name: ("studkit.hooks.host", name) for name in ("PluginHost", "available_plugins")},
    **{name: ("studkit.engine.pots", name) for name in (
        "Award", "Pot", "ShareInput", "award_pots", "build_pots")},
    **{name: ("studkit.variant.stakes", name) for name in ("apply_stakes", "parse_stakes")},
    "Variant": ("studkit.variant.model", "Variant"),
    # named apart from the subpackages studkit.equity and studkit.compare
    "calculate_equity": ("studkit.equity", "equity"),
    "simulate": ("studkit.simulation", "simulate"),
    "compare_variants": ("studkit.compare", "compare"),
}
"""Each public name: the module that defines it and its name there."""


def __getattr__(name: str) -> object:
    found = _EXPORTS.get(name)
    if found is None:
        try:  # a subpackage not imported yet, e.g. studkit.engine after ``import studkit``
            return importlib.import_module(f"studkit.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"studkit.{name}":
                raise
        raise AttributeError(f"module 'studkit' has no attribute {name!r}")
    value: object = getattr(importlib.import_module(found[0]), found[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


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
