"""What is wrong with a file's amounts (or ``--stakes``'): each a number with at most six
decimal places, more than 0 where it must be, a bring-in below the small bet, the spread in
order. Amounts are compared and quoted as the player writes them (``0.25``), never in the
engine's units (:mod:`studkit.variant.amounts`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, Protocol

from studkit.variant.amounts import MAX_PLACES, amount_text, as_amount, decimal_places
from studkit.variant.schema import locate
from studkit.variant.yaml_source import Located

__all__ = ["check_stakes"]

KeyPath = tuple[str | int, ...]


class _Checker(Protocol):
    root: Located
    data: dict[str, Any]

    def add(self, path: KeyPath, message: str, *also: KeyPath) -> None:
        """Report a problem at ``path`` (``also``: the values it depends on)."""


_AMOUNT_PATHS: tuple[tuple[tuple[str, ...], bool], ...] = (
    (("forced_bets", "ante"), False),
    (("forced_bets", "bring_in", "amount"), True),
    (("forced_bets", "blinds", "small"), True),
    (("forced_bets", "blinds", "big"), True),
    (("betting", "small_bet"), True),
    (("betting", "big_bet"), True),
    (("betting", "spread_min"), True),
    (("betting", "spread_max"), True),
    (("betting", "last_round_max"), True),
)
"""Every amount of a file, and whether it must be more than 0 (the schema allows 0 or more)."""


def _amount_at(data: dict[str, Any], path: tuple[str, ...]) -> Any:
    for step in path:
        if not isinstance(data, dict) or data.get(step) is None:
            return None
        data = data[step]
    return data


def _check_amounts(c: _Checker) -> bool:
    """Each amount has at most :data:`MAX_PLACES` decimal places and, where it must, is more
    than 0; ``False`` when one is wrong (the amounts are then not compared)."""
    fine = True
    for path, positive in _AMOUNT_PATHS:
        value = _amount_at(c.data, path)
        if value is None:
            continue
        amount = Decimal(repr(value) if isinstance(value, float) else value)  # 0 or more
        if decimal_places(amount) > MAX_PLACES:
            c.add(
                path,
                f"{format(amount, 'f')} has {decimal_places(amount)} decimal places: "
                f"at most {MAX_PLACES} are supported (0.000001)",
            )
            fine = False
        elif positive and amount == 0:
            c.add(path, "must be more than 0")
            fine = False
    return fine


def _inherited(checker: _Checker, path: KeyPath) -> bool:
    """Whether ``path``'s value came from an ``extends`` parent (the message then names it)."""
    return bool(checker.root.value) and (
        locate(checker.root, path).file != checker.root.location.file
    )


def check_stakes(checker: _Checker) -> None:
    """Report every problem with the amounts of ``checker``'s filled file data."""
    if not _check_amounts(checker):
        return
    forced = checker.data["forced_bets"]
    betting = checker.data["betting"]
    structure = betting["structure"]
    bring_in = forced["bring_in"]
    small, big = as_amount(betting["small_bet"]), as_amount(betting["big_bet"])
    if bring_in is not None and as_amount(bring_in["amount"]) >= small:
        path = ("forced_bets", "bring_in", "amount")
        brought = amount_text(as_amount(bring_in["amount"]))
        hint = (
            f": set the bring-in too, e.g. forced_bets: {{bring_in: {{amount: "
            f"{amount_text(as_amount(Decimal(small) / 2))}}}}}"
            if _inherited(checker, path)
            else ""
        )
        checker.add(
            path,
            f"bring-in {brought} must be less than the small bet {amount_text(small)}{hint}",
            ("betting", "small_bet"),
        )
    if structure == "fixed-limit" and small > big:
        checker.add(
            ("betting", "small_bet"),
            f"small bet {amount_text(small)} is more than the big bet {amount_text(big)}",
            ("betting", "big_bet"),
        )
    spread = ("spread_min", "spread_max", "last_round_max")
    if structure == "spread-limit":
        low, high, last = (
            None if betting[key] is None else as_amount(betting[key]) for key in spread
        )
        for key in ("spread_min", "spread_max"):
            if betting[key] is None:
                checker.add(("betting",), f"spread-limit needs {key}")
        if low is not None and high is not None and low > high:
            checker.add(
                ("betting", "spread_min"),
                f"spread_min {amount_text(low)} is more than spread_max {amount_text(high)}",
                ("betting", "spread_max"),
            )
        if high is not None and last is not None and last < high:
            checker.add(
                ("betting", "last_round_max"),
                f"last_round_max {amount_text(last)} is less than spread_max {amount_text(high)}",
                ("betting", "spread_max"),
            )
        brought_in = None if bring_in is None else as_amount(bring_in["amount"])
        if high is not None and brought_in is not None and brought_in > high:
            checker.add(
                ("forced_bets", "bring_in", "amount"),
                f"bring-in {amount_text(brought_in)} is more than spread_max {amount_text(high)}",
                ("betting", "spread_max"),
            )
    else:
        for key in spread:
            if betting[key] is not None:
                checker.add(
                    ("betting", key),
                    f"{key} only applies to spread-limit; this game is {structure}",
                    ("betting", "structure"),
                )
