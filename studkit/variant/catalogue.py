"""The shipped games as a catalogue: one summary a game, sorted by name, family or seats.

``studkit list`` prints this; the summary of one game is what its JSON output holds.

>>> [row["name"] for row in catalogue(sort="family", family="mississippi")]
['mississippi-razz', 'mississippi-stud', 'mississippi-stud-hi-lo', 'mississippi-studugi']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from studkit.errors import VariantError
from studkit.variant.loader import builtin_variant_names, load_variant, missing_plugins
from studkit.variant.model import Variant
from studkit.variant.rules_text import betting_summary, pot_split, streets_pattern
from studkit.variant.schema import variant_schema

__all__ = ["FAMILIES", "SORTS", "variant_summary", "catalogue"]

FAMILIES: tuple[str, ...] = tuple(variant_schema()["properties"]["family"]["enum"])
"""The families a variant may belong to (the schema's ``family`` names), in the order
``--sort family`` lists them: the order of the stud-family rules reference's groups."""

Summary = dict[str, Any]

SORTS: Mapping[str, Callable[[Summary], tuple[Any, ...]]] = {
    "name": lambda row: (row["name"],),
    "family": lambda row: (FAMILIES.index(row["family"]), row["name"]),
    "players": lambda row: (-row["players"]["max"], -row["players"]["min"], row["name"]),
}
"""Each order ``catalogue`` can sort by: ``name`` (alphabetical), ``family`` (the families
in :data:`FAMILIES` order, by name within each), ``players`` (the games seating the most
players first, then the ones needing the most, then by name)."""


def variant_summary(variant: Variant) -> Summary:
    """One game's row: name, title, aliases, family, players, the deal, pots, betting and
    plugins (the fields of ``studkit list --json``)."""
    return {
        "name": variant.name,
        "title": variant.title,
        "aliases": list(variant.aliases),
        "family": variant.family,
        "players": {"min": variant.min_players, "max": variant.max_players},
        "streets": streets_pattern(variant),
        "pots": [share.evaluator for share in variant.pots],
        "pot_split": pot_split(variant),
        "betting": {
            "structure": variant.betting.structure,
            "summary": betting_summary(variant),
        },
        "plugins": [plugin.name for plugin in variant.plugins],
        "missing_plugins": missing_plugins(variant),
    }


def catalogue(
    sort: str = "name", family: str | None = None, registry: Any = None
) -> list[Summary]:
    """The summaries of the shipped games in the order ``sort`` names (a key of
    :data:`SORTS`), only those of ``family`` when given (one of :data:`FAMILIES`).

    ``registry`` is the plugin registry the games are loaded with (``None``: the default).
    Raises :class:`~studkit.errors.VariantError` naming the choices for an unknown sort or
    family.
    """
    if sort not in SORTS:
        raise VariantError(f"unknown sort {sort!r}: choose one of {', '.join(SORTS)}")
    if family is not None and family not in FAMILIES:
        raise VariantError(f"unknown family {family!r}: choose one of {', '.join(FAMILIES)}")
    rows = [
        variant_summary(load_variant(name, require_plugins=False, registry=registry))
        for name in builtin_variant_names()
    ]
    if family is not None:
        rows = [row for row in rows if row["family"] == family]
    return sorted(rows, key=SORTS[sort])
