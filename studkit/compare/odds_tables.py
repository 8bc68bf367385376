"""Exact category odds of the variants' pot evaluators, where the variants differ.

Each variant's final hand (its cards per player, 5 to 8) is ranked by its pot shares'
evaluators, with its deck and wild cards. When two variants rank hands differently, the
exact frequency of every category over all hands of that size shows how (e.g. how much more
often a wild-card game makes three of a kind). Counts come from :mod:`studkit.evaluation.odds` (full
enumeration, never sampling) and are kept in a small cache file, since a seven-card table
takes seconds to enumerate.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from studkit.cards import standard_deck
from studkit.evaluation import WildCards
from studkit.user_cache import cache_dir
from studkit.variant.model import Variant

__all__ = ["EvaluatorOdds", "evaluator_key", "odds_where_different", "cache_dir"]

BUILT_IN = ("high", "a5-low", "eight-or-better", "2-7-low", "a6-low")


@dataclass(frozen=True, slots=True)
class EvaluatorOdds:
    """Exact category counts of one evaluator setting."""

    key: str
    """Evaluator, hand size, deck and wild cards, e.g. ``high, 7 cards, 52-card deck``."""
    evaluator: str
    cards: int
    total: int
    categories: dict[str, int]
    variants: tuple[str, ...]
    """The variants compared that rank hands this way."""


def _wild(variant: Variant) -> WildCards | None:
    deck = variant.deck
    if not deck.wild_ranks and not deck.jokers:
        return None
    return WildCards(
        ranks=frozenset(int(r) for r in deck.wild_ranks),
        jokers=deck.joker_mode,
        five_of_a_kind=deck.five_of_a_kind,
    )


def _cards(variant: Variant) -> int:
    return min(max(variant.max_cards_per_player, 5), 8)


def evaluator_key(variant: Variant, evaluator: str) -> str:
    """A readable key of how ``variant`` ranks hands with ``evaluator``."""
    deck = variant.deck
    parts = [evaluator, f"{_cards(variant)} cards", f"{deck.size}-card deck"]
    if deck.wild_ranks:
        parts.append("wild " + " and ".join(f"{r.char}s" for r in deck.wild_ranks))
    if deck.jokers:
        parts.append(f"{deck.jokers} joker{'s' if deck.jokers > 1 else ''} ({deck.joker_mode})")
    return ", ".join(parts)


def _load_cache(path: Path) -> dict[str, dict[str, object]]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save_cache(path: Path, data: dict[str, dict[str, object]]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(data), "utf-8")
        temporary.replace(path)
    except OSError:
        pass  # the cache only saves time


def _compute(variant: Variant, evaluator: str) -> tuple[int, dict[str, int]]:
    from studkit.evaluation.odds import odds_for_evaluators

    deck = standard_deck(stripped_ranks=variant.deck.stripped_ranks, jokers=variant.deck.jokers)
    table = odds_for_evaluators([evaluator], _cards(variant), wild=_wild(variant), deck=deck)[0]
    return table.total, dict(table.categories)


def odds_where_different(variants: Sequence[Variant]) -> list[EvaluatorOdds]:
    """Exact odds for each evaluator setting not shared by every variant (built-ins only).

    Empty when all the variants rank their final hands the same way.
    """
    settings: dict[str, tuple[Variant, str, list[str]]] = {}
    per_variant: list[set[str]] = []
    for variant in variants:
        keys: set[str] = set()
        for share in variant.pots:
            if share.evaluator not in BUILT_IN or variant.max_cards_per_player > 8:
                continue  # nine-card hands: no exact table (3.7 billion hands)
            key = evaluator_key(variant, share.evaluator)
            keys.add(key)
            entry = settings.setdefault(key, (variant, share.evaluator, []))
            if variant.name not in entry[2]:
                entry[2].append(variant.name)
        per_variant.append(keys)
    if all(keys == per_variant[0] for keys in per_variant):
        return []
    from studkit import __version__

    path = cache_dir() / f"odds-tables-{__version__}.json"
    cache = _load_cache(path)
    out: list[EvaluatorOdds] = []
    changed = False
    for key, (variant, evaluator, names) in settings.items():
        hit = cache.get(key)
        stored = hit.get("categories") if isinstance(hit, dict) else None
        if hit is None or not isinstance(stored, dict):
            total, categories = _compute(variant, evaluator)
            cache[key] = {"total": total, "categories": categories}
            changed = True
        else:
            total = int(str(hit["total"]))
            categories = {str(k): int(v) for k, v in stored.items()}
        out.append(
            EvaluatorOdds(key, evaluator, _cards(variant), total, categories, tuple(names))
        )
    if changed:
        _save_cache(path, cache)
    return out
