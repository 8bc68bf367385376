"""Amounts as a player writes them (``0.25``, ``1.50``, ``2``) and the whole units the engine
counts in.

A table's unit is the smallest decimal place its amounts use: a $0.25/$0.50 game counts in
hundredths, so its ``scale`` (units per whole amount) is 100 and an ante of 0.25 is 25 units.
A game whose amounts are all whole has scale 1 and its units are its amounts. Every amount a
user gives goes in through :func:`to_units`, every figure shown comes out through
:func:`from_units` or :func:`format_amount`:

>>> scale = amount_scale([as_amount("0.25"), as_amount(1), as_amount("0.5")])
>>> scale, to_units(as_amount("0.25"), scale), format_amount(1275, scale)
(100, 25, '12.75')
>>> format_amount(200, 100), format_amount(2, 1), json_amount(1275, 100)
('2', '2', 12.75)
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

from studkit.errors import StakesError, StudkitError

__all__ = [
    "Amount",
    "MAX_PLACES",
    "as_amount",
    "amount_text",
    "decimal_places",
    "amount_scale",
    "to_units",
    "from_units",
    "format_amount",
    "grouped_amount",
    "json_amount",
    "unit_text",
]

Amount = int | Decimal
"""An amount as written: a whole number, or a :class:`~decimal.Decimal` with a fraction."""

MAX_PLACES = 6
"""The most decimal places an amount may have (0.000001)."""


def as_amount(
    value: object, error: type[StudkitError] = StakesError, what: str = "amount"
) -> Amount:
    """``value`` (an int, a :class:`~decimal.Decimal`, text such as ``"1.50"``, or a float
    such as ``0.25``, read as the decimal it prints as) as an :data:`Amount`: an int when
    whole. Raises ``error`` naming ``what`` when it is not a number, is negative, or has more
    than :data:`MAX_PLACES` decimal places.

    >>> as_amount("1.50"), as_amount(2.0), as_amount(Decimal("0.250"))
    (Decimal('1.5'), 2, Decimal('0.25'))
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal, str)):
        raise error(f"{what} {value!r}: expected a number such as 2 or 0.25")
    try:
        number = Decimal(repr(value) if isinstance(value, float) else str(value).strip())
    except InvalidOperation:
        raise error(f"{what} {value!r}: expected a number such as 2 or 0.25") from None
    if not number.is_finite():
        raise error(f"{what} {value!r}: expected a number such as 2 or 0.25")
    if number < 0:
        raise error(f"{what} {value!r}: must be 0 or more")
    places = decimal_places(number)
    if places > MAX_PLACES:
        raise error(
            f"{what} {value!r}: {places} decimal places; at most {MAX_PLACES} are supported"
        )
    return int(number) if places == 0 else number.normalize()


def amount_text(amount: Amount) -> str:
    """``amount`` as a player writes it: ``2``, ``0.25`` (never ``2.0`` or ``2.5E+1``)."""
    if isinstance(amount, int) or amount == amount.to_integral_value():
        return str(int(amount))
    return format(amount.normalize(), "f")


def decimal_places(amount: Amount) -> int:
    """How many decimal places ``amount`` needs (0 for a whole amount)."""
    if isinstance(amount, int) or amount == amount.to_integral_value():
        return 0
    exponent = amount.normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return max(-exponent, 0)


def amount_scale(amounts: Iterable[Amount | None], error: type[StudkitError] = StakesError) -> int:
    """The smallest power of ten that makes every amount whole (1 when all are whole);
    ``None`` entries are skipped. Raises ``error`` beyond :data:`MAX_PLACES` places."""
    places = max((decimal_places(a) for a in amounts if a is not None), default=0)
    if places > MAX_PLACES:
        raise error(f"amounts with {places} decimal places: at most {MAX_PLACES} are supported")
    scale: int = 10**places
    return scale


def unit_text(scale: int) -> str:
    """The table's smallest amount: ``1`` at scale 1, ``0.01`` at scale 100."""
    return amount_text(Decimal(1) / scale) if scale > 1 else "1"


def to_units(
    amount: Amount, scale: int, error: type[StudkitError] = StakesError, what: str = "amount"
) -> int:
    """``amount`` in the table's whole units (``scale`` per whole amount); raises ``error``
    when it is finer than the table's smallest amount."""
    units = amount * scale
    if units != int(units):
        raise error(
            f"{what} {amount_text(amount)} is finer than this table's smallest amount "
            f"{unit_text(scale)}"
        )
    return int(units)


def from_units(units: int, scale: int) -> Amount:
    """``units`` back in the player's amounts: an int when whole, else a Decimal."""
    if scale == 1 or units % scale == 0:
        return units // scale
    return (Decimal(units) / scale).normalize()


def format_amount(units: int, scale: int) -> str:
    """``units`` as text in the player's amounts: ``2`` when whole, else with the table's
    decimal places (``0.50``, ``12.75``)."""
    if scale == 1 or units % scale == 0:
        return str(units // scale)
    places = len(str(scale)) - 1
    return f"{Decimal(units) / scale:.{places}f}"


def grouped_amount(units: int, scale: int, signed: bool = False) -> str:
    """``units`` for a column of figures: thousands grouped, every figure of a table with
    a fraction to the table's decimal places (``1,442.75``, ``+2.00``; a whole-unit table's
    ``14,350``), and, when ``signed``, a sign before every figure but 0.

    >>> grouped_amount(14350, 1, signed=True), grouped_amount(-4650, 100, signed=True)
    ('+14,350', '-46.50')
    >>> grouped_amount(144275, 100), grouped_amount(200, 100, signed=True)
    ('1,442.75', '+2.00')
    """
    sign = "+" if signed else ""
    if scale == 1:
        return f"{units:{sign},}"
    places = len(str(scale)) - 1
    return f"{Decimal(units) / scale:{sign},.{places}f}"


def json_amount(units: int, scale: int) -> int | float:
    """``units`` as a JSON number in the player's amounts: an int when whole (every figure
    of a whole-unit table stays an int), else a float such as 12.75."""
    if scale == 1 or units % scale == 0:
        return units // scale
    return float(Decimal(units) / scale)
