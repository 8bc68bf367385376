"""The replayer's reading of a pasted hand history: the PHH reader and replay ``studkit
replay`` uses, each hand then cut into steps by :func:`studkit.web.engine.replay_frames`.

A history names its game by a PHH code or by ``_studkit_variant``; on a server that name must
be a shipped game: a path in it would make the server read its own disk for a stranger.
"""

from __future__ import annotations

from typing import Any

from studkit.errors import HistoryError, StudkitError
from studkit.history.phh import HandHistory, loads_each
from studkit.history.replay import Replay, replay
from studkit.hooks.registry import PluginRegistry
from studkit.variant.loader import builtin_variant_path
from studkit.web.designer import shipped_name_hint
from studkit.web.engine import replay_frames

__all__ = ["replay_text", "MAX_REPLAY_HANDS", "PASTED_NAME"]

MAX_REPLAY_HANDS = 100
"""Hands of one text replayed (the rest are counted, not shown)."""
PASTED_NAME = "pasted.phh"
"""How messages name the text given in the page."""


def _refuse_paths(history: HandHistory) -> None:
    name = history.studkit_variant
    if name is not None and builtin_variant_path(name) is None:
        raise HistoryError(
            f"{history.label}: variant {name!r} is not a shipped game{shipped_name_hint(name)}; "
            "the web replayer plays "
            "the shipped games (a variant file is replayed with 'studkit replay')"
        )


def _hand_record(result: Replay) -> dict[str, Any]:
    record: dict[str, Any] = result.as_json()
    record["label"] = result.history.label if result.history is not None else result.file
    record["title"] = None
    record["scale"] = result.scale
    record["frames"] = []
    if result.hand is not None and result.variant is not None:
        record["title"] = result.variant.title or result.variant.name
        try:
            record["frames"] = replay_frames(result)
        except StudkitError as error:
            record["ok"] = False
            record["error"] = f"cannot step through the hand: {error}"
    return record


def replay_text(
    text: str, source: str = PASTED_NAME, registry: PluginRegistry | None = None
) -> dict[str, Any]:
    """Every hand of a PHH or PHHS text, replayed: ``{"hands": [...], "error": ...}``.

    Each hand is what ``studkit replay --json`` prints for it, plus ``label``, ``title``,
    ``scale`` (the frames' chip amounts are in 1/scale of a chip of the history: 100 when it
    counts cents, else 1) and ``frames`` (the steps); a hand that cannot be read or replayed
    has ``error`` set and the steps it got to.
    """
    try:
        parsed = loads_each(text, source=source, registry=registry)
    except HistoryError as error:
        return {"hands": [], "error": str(error), "more": 0}
    hands = []
    for key, history in parsed[:MAX_REPLAY_HANDS]:
        if isinstance(history, HistoryError):
            hands.append(_hand_record(Replay(file=source, code=None, key=key, error=str(history))))
            continue
        try:
            _refuse_paths(history)
            result = replay(history, registry=registry)
        except HistoryError as error:
            failed = Replay(
                file=source, code=history.variant, key=key, history=history, error=str(error)
            )
            hand = getattr(error, "hand", None)
            if hand is not None:  # a ReplayError keeps the hand up to the failing action
                failed.hand = hand
                failed.variant = hand.variant
                failed.unknown_cards = getattr(error, "unknown_cards", frozenset())
                failed.scale = getattr(error, "scale", 1)
            result = failed
        hands.append(_hand_record(result))
    return {"hands": hands, "error": None, "more": max(0, len(parsed) - MAX_REPLAY_HANDS)}
