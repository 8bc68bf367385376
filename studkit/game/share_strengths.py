"""The strengths each pot share of a compiled game can score, sorted: what the winning hands'
categories are counted by (the batch kernel's tally indexes them)."""

from __future__ import annotations

from typing import cast

import numpy as np
import numpy.typing as npt

from studkit.evaluation.lookup_tables import EvalTables
from studkit.evaluation.rankings import CATEGORY_SHIFT
from studkit.evaluation.special import RANKING_TABLE
from studkit.evaluation.wildtables import WildArrays
from studkit.game.evaluators import EVALUATOR_IDS, SPECIALS
from studkit.game.wild import wild_sets, wild_setup
from studkit.hooks.handed_rules import down_share_strengths, share_rankings
from studkit.variant.model import Variant

__all__ = ["share_strengths"]


def share_strengths(variant: Variant, tables: EvalTables) -> npt.NDArray[np.int64]:
    """A row per pot share of every strength it can score, sorted, padded with the largest
    integer: a table evaluator's every strength (wild cards' too), a special ranking's least
    strength of each category, each strength of a share a plugin ranks by down cards."""
    static, changing = wild_setup(variant), wild_sets(variant)
    wild = static[0] if static is not None else None if changing is None else changing[2]
    rows = []
    down = down_share_strengths(variant)
    for share, name in enumerate(share_rankings(variant)):
        if share in down:  # a share a plugin ranks by down cards: each strength it gives
            rows.append(np.array(down[share], dtype=np.int64))
            continue
        if name in SPECIALS:  # the least strength of each category
            numbers = RANKING_TABLE[name].names
            rows.append(np.array(sorted(number << CATEGORY_SHIFT for number in numbers)))
            continue
        ev = EVALUATOR_IDS[name]
        scored = [tables.by_row[ev], tables.flush[ev]]
        if wild is not None:  # five of a kind, and what wild cards make
            _, table, fill, _ = cast(WildArrays, wild[share])  # a table evaluator's
            scored += [table] + ([fill.ravel()] if fill is not None else [])
        rows.append(np.unique(np.concatenate(scored)))
    width = max(len(r) for r in rows)
    strengths = np.full((len(rows), width), np.iinfo(np.int64).max, dtype=np.int64)
    for share, row in enumerate(rows):
        strengths[share, : len(row)] = row
    return strengths
