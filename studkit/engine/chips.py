"""Chip amounts given by callers: whole numbers of chips, whatever their Python type.

Stacks and bet amounts arrive from user code, JSON and bots as ints, numpy integers or
floats. :func:`whole_chips` turns a whole number of any of these into an ``int`` and refuses
anything else, so that ``raise_to(20.5)`` is an error instead of a raise to 20.

>>> whole_chips(20), whole_chips(20.0), whole_chips(20.5), whole_chips("20")
(20, 20, None, None)

At a table whose amounts are not whole (a $0.25 ante) the engine counts in units of the
smallest amount; :func:`table_units` takes an amount as the player writes it (an int, a
Decimal, text such as ``"1.50"``, or a float) to those units:

>>> table_units("1.50", 100), table_units(2, 100), table_units(0.125, 100), table_units(20, 1)
(150, 200, None, 20)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation

from studkit.engine.actions import AGGRESSIVE_KINDS, Action
from studkit.errors import StudkitError
from studkit.variant.amounts import format_amount, unit_text

__all__ = ["whole_chips", "starting_chips", "table_units", "amount_words", "misfit", "action_text"]

_TOO_LARGE = 1 << 64
"""Units for an amount far beyond any stack (the rules core then refuses it)."""


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


def table_units(value: object, scale: int) -> int | None:
    """A player's amount ``value`` in the table's units (``scale`` per whole amount); None when
    it is not a number or is finer than the table's smallest amount (bools too)."""
    chips = whole_chips(value)
    if chips is not None:
        return chips * scale
    if isinstance(value, bool):
        return None
    try:
        if isinstance(value, float):
            number = Decimal(repr(value))
        elif isinstance(value, (Decimal, str)):
            number = Decimal(value.strip() if isinstance(value, str) else value)
        else:
            return None
    except InvalidOperation:
        return None
    if not number.is_finite():
        return None
    if number.adjusted() > 30:
        return _TOO_LARGE if number > 0 else -_TOO_LARGE
    units = number * scale
    return int(units) if units == units.to_integral_value() else None


def amount_words(scale: int) -> str:
    """What an amount at a table of ``scale`` must be, for messages: ``a whole number of
    chips`` at whole stakes, else ``a multiple of this table's smallest amount 0.01``."""
    if scale == 1:
        return "a whole number of chips"
    return f"a multiple of this table's smallest amount {unit_text(scale)}"


def misfit(kind: str, amount: object, scale: int) -> str:
    """Why ``kind`` to ``amount`` is refused when it is not an amount at the table:
    ``raise to 20.5 (not a whole number of chips)``."""
    return f"{kind} to {amount!r} (not {amount_words(scale)})"


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


def action_text(action: Action, scale: int) -> str:
    """``action`` as :meth:`Action.__str__` writes it, with the player's amounts (``call 0.50``
    at a table of ``scale`` 100)."""
    if scale == 1:
        return str(action)

    def amount(units: int | None) -> str:
        return "" if units is None else format_amount(units, scale)

    if action.kind in AGGRESSIVE_KINDS:
        if action.min is not None and action.max is not None and action.min != action.max:
            return f"{action.kind} to {amount(action.min)}..{amount(action.max)}"
        return f"{action.kind} to {amount(action.amount)}"
    return action.kind if action.amount is None else f"{action.kind} {amount(action.amount)}"
