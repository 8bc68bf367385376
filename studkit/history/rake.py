"""The rake of a hand history: what a card room took from the pots, in the ``_rake`` field.

A room's history gives each player's stack after the rake (``finishing_stacks``) and the
rake itself; the replay gives the engine the rake (:attr:`studkit.engine.hand.Hand.rake`),
which takes it off the pots before they are awarded, so the replayed stacks are the
history's.

>>> from decimal import Decimal
>>> rake_of({"_rake": Decimal("0.03")}), rake_of({})
(Decimal('0.03'), 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from studkit.errors import HistoryError
from studkit.history.actions import Amount

__all__ = ["RAKE_FIELD", "rake_of"]

RAKE_FIELD = "_rake"
"""The field a history gives the rake in (a card room's, as studkit writes it)."""


def rake_of(fields: Mapping[str, Any], label: str = "<history>") -> Amount:
    """The history's rake (0 when it gives none); a :class:`HistoryError` naming ``label``
    when it is not an amount of 0 or more."""
    value = fields.get(RAKE_FIELD, 0)
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise HistoryError(f"{label}: field {RAKE_FIELD!r}: expected an amount, got {value!r}")
    if not (isinstance(value, int) or value.is_finite()) or value < 0:
        raise HistoryError(f"{label}: field {RAKE_FIELD!r}: expected 0 or more, got {value}")
    return value
