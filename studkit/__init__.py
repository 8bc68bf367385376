"""studkit: stud poker variants as data.

A variant is a YAML file read into a :class:`~studkit.variant.Variant`; a generic engine plays
it; evaluators rank hands for high, razz, eight-or-better and other lows.
"""

from __future__ import annotations

from studkit.cards import CARDS, Card, Deck, Rank, Suit, format_cards, parse_card, parse_cards
from studkit.engine import Action, Hand, Table
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
from studkit.loader import builtin_variant_names, dump_variant, load_variant
from studkit.pots import Award, Pot, ShareInput, award_pots, build_pots
from studkit.stakes import apply_stakes, parse_stakes
from studkit.variant import Variant

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "CARDS",
    "Card",
    "Deck",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
    "Variant",
    "Hand",
    "Table",
    "Action",
    "load_variant",
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
