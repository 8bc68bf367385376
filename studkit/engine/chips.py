"""Chip amounts given by callers: whole numbers of chips, whatever their Python type.

Stacks and bet amounts arrive from user code, JSON and bots as ints, numpy integers or
floats. :func:`whole_chips` turns a whole number of any of these into an ``int`` and refuses
anything else, so that ``raise_to(20.5)`` is an error instead of a raise to 20.

>>> whole_chips(20), whole_chips(20.0), whole_chips(20.5), whole_chips("20")
(20, 20, None, None)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from studkit.errors import StudkitError

__all__ = ["whole_chips", "starting_chips"]


def whole_chips(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number of chips, else None (bools too)."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # numpy integers and the like
    except TypeError:
        return None


def starting_chips(stacks: Sequence[object]) -> list[int]:
    """The players' stacks as ints; :class:`StudkitError` naming the seat for a stack that is
    not a whole number of chips above 0."""
    chips: list[int] = []
    for value in stacks:
        count = whole_chips(value)
        if count is None or count <= 0:
            raise StudkitError(
                f"seat {len(chips)} has {value!r} chips; every player needs a whole number "
                "of chips above 0"
            )
        chips.append(count)
    return chips
