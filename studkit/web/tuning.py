"""The designer's tuning: ``POST /api/tune`` runs ``studkit tune`` on the page's file, within
the server's limits, and answers with the search's JSON and the file with the values found
set in it (as typed, comments kept: :func:`~studkit.variant.number_edits.set_numbers`)."""

from __future__ import annotations

import threading
from typing import Any

from studkit.errors import StudkitError
from studkit.tune import parse_param, parse_target, tune
from studkit.variant.model import Variant
from studkit.variant.number_edits import set_numbers

__all__ = ["Tuner", "TuneBusyError", "MAX_TUNE_CANDIDATES", "MAX_TUNE_HANDS"]

MAX_TUNE_CANDIDATES = 60
"""Most combinations of values a page may search (``studkit tune`` takes 2,000)."""
MAX_TUNE_HANDS = 20_000
"""Most hands per candidate a page may ask for."""


class TuneBusyError(StudkitError):
    """A search asked for while another runs."""


class Tuner:
    """Runs one search at a time for the pages (a search keeps a core busy for seconds)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def run(self, variant: Variant, text: str | None, params: list[str], targets: list[str],
            *, players: int | None, bots: str | list[str] | None, hands: int,
            seed: int) -> dict[str, Any]:
        """The search's JSON (``studkit tune --json``), with ``yaml``: ``text`` (the page's
        file) with the best values set, and ``unplaced``: the keys that could not be set in
        it without rewriting a section (``yaml`` is ``null`` without a text)."""
        parsed_params = [parse_param(p) for p in params]
        parsed_targets = [parse_target(t) for t in targets]
        count = 1
        for param in parsed_params:
            count *= len(param.values(variant.stakes.scale))
        if count > MAX_TUNE_CANDIDATES:
            raise StudkitError(f"params: {count} combinations of values; a page may search "
                               f"{MAX_TUNE_CANDIDATES} (studkit tune on the command line "
                               "searches more)")
        if not self._lock.acquire(blocking=False):
            raise TuneBusyError("another search is running; try again when it ends")
        try:
            result = tune(variant, parsed_params, parsed_targets, players=players, bots=bots,
                          hands=hands, seed=seed)
        finally:
            self._lock.release()
        data = result.to_json()
        data["candidates"] = data["candidates"][:MAX_TUNE_CANDIDATES]
        data["yaml"], data["unplaced"] = None, []
        if text is not None:
            data["yaml"], data["unplaced"] = set_numbers(text, result.best.values)
        return data
