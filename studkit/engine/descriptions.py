"""The hands' names at the showdown: what an award says a hand was (``"two pair, kings and
sevens"``), remembered."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["describe"]

_DESCRIPTIONS: Final[dict[tuple[Any, int], str]] = {}


def describe(evaluator: Any, strength: int) -> str:
    """``evaluator.describe(strength)``, remembered (a showdown's costliest string). The
    key holds the evaluator itself, so an entry never outlives it."""
    key = (evaluator, strength)
    try:
        text = _DESCRIPTIONS.get(key)
    except TypeError:  # an unhashable plugin evaluator
        return str(evaluator.describe(strength))
    if text is None:
        if len(_DESCRIPTIONS) > 200_000:
            _DESCRIPTIONS.clear()
        text = _DESCRIPTIONS[key] = str(evaluator.describe(strength))
    return text
