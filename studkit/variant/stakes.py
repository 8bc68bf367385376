"""Stakes at run time: ``--stakes ante=1,bring-in=2,small=5,big=10`` overrides a file's amounts.

Amounts in a variant file are defaults. Every command that plays hands adds the same option
with :func:`add_stakes_argument` and applies it with :func:`apply_stakes`:

>>> parse_stakes("ante=1, bring-in=2, small=5, big=10")
{'ante': 1, 'bring_in': 2, 'small_bet': 5, 'big_bet': 10}

Amounts are written as a player writes them, whole or not (``ante=0.25,small=1,big=2``); the
table then counts in units of its smallest decimal place (:mod:`studkit.variant.amounts`).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import replace

from studkit.errors import StakesError
from studkit.variant.amounts import Amount, amount_text, as_amount, to_units
from studkit.variant.board_checks import blind_amount_messages
from studkit.variant.file_data import variant_to_data
from studkit.variant.model import Stakes, Variant
from studkit.variant.schema import suggest
from studkit.variant.semantics import stakes_problems

__all__ = [
    "STAKES_KEYS",
    "STAKES_HELP",
    "parse_stakes",
    "apply_stakes",
    "add_stakes_argument",
    "stack_argument",
    "stack_units",
    "stakes_text",
    "big_bet_unit",
]

STAKES_KEYS: dict[str, str] = {
    "ante": "ante",
    "bring-in": "bring_in",
    "small": "small_bet",
    "big": "big_bet",
    "min": "spread_min",
    "max": "spread_max",
    "last-max": "last_round_max",
    "small-blind": "small_blind",
    "big-blind": "big_blind",
}
"""``--stakes`` keys and the :class:`~studkit.variant.model.Stakes` fields they set."""

_SPELLINGS: dict[str, str] = {
    **STAKES_KEYS,
    **{field: field for field in STAKES_KEYS.values()},
    "bring_in": "bring_in",
    "bringin": "bring_in",
    "small-bet": "small_bet",
    "big-bet": "big_bet",
    "last_max": "last_round_max",
    "last-round-max": "last_round_max",
    "sb": "small_blind",
    "bb": "big_blind",
}

STAKES_HELP = (
    "override the variant's amounts, e.g. ante=1,bring-in=2,small=5,big=10 or "
    "ante=0.25,bring-in=0.5,small=1,big=2 (spread limit: min=,max=,last-max=; pot and no "
    "limit use ante and bring-in)"
)

_ACCEPTED = ", ".join(STAKES_KEYS)


def big_bet_unit(variant: Variant) -> int:
    """The big bet, the unit every chip figure of a report is also given in (``mean_pot_bb``,
    bb/100, the charts' axes), so that games at different stakes compare: in fixed limit the
    bet of the big-bet streets; in pot and no limit the same amount (there the smallest bet
    of those streets); in spread limit the spread's largest bet (``spread_max``: before the
    last round's). In the table's units (``variant.stakes.scale`` per whole amount, so a big
    bet of 2 at a $0.25 table is 200); never below 1.

    >>> from studkit.variant.model import Variant
    >>> big_bet_unit(Variant("stud").with_stakes(small_bet=100, big_bet=200))
    200
    """
    stakes = variant.stakes
    if variant.betting.structure == "spread-limit" and stakes.spread_max:
        return max(int(stakes.spread_max), 1)
    return max(int(stakes.big_bet), 1)


def parse_stakes(text: str) -> dict[str, Amount]:
    """``"ante=1,bring-in=2"`` to ``{"ante": 1, "bring_in": 2}`` (keys are Stakes fields).

    Raises :class:`StakesError` naming the bad item and listing the accepted keys.
    """
    if not isinstance(text, str):
        raise TypeError(
            f"parse_stakes takes text such as 'ante=1,big=10', not {type(text).__name__} {text!r}"
        )
    amounts: dict[str, Amount] = {}
    items = [item.strip() for item in text.split(",")]
    if not any(items):
        raise StakesError(f"--stakes {text!r}: give amounts like ante=1,bring-in=2,small=5,big=10")
    for item in items:
        if not item:
            raise StakesError(f"--stakes {text!r}: empty item between commas")
        key, equals, value = item.partition("=")
        key = key.strip().lower()
        value = value.strip()
        if not equals:
            raise StakesError(
                f"--stakes: {item!r} is not KEY=AMOUNT; accepted keys: {_ACCEPTED}"
            )
        field = _SPELLINGS.get(key)
        if field is None:
            hint = suggest(key, list(STAKES_KEYS))
            raise StakesError(
                f"--stakes: unknown key {key!r} in {item!r}{hint}; accepted keys: {_ACCEPTED}"
            )
        if field in amounts:
            raise StakesError(f"--stakes: {key!r} is given twice (in {item!r})")
        amounts[field] = _amount(
            value, f"--stakes: {item!r}: the amount must be {_AMOUNT_WORDS}, not {value!r}"
        )
    return amounts


def apply_stakes(variant: Variant, stakes: str | Mapping[str, object] | None) -> Variant:
    """``variant`` with the amounts in ``stakes`` (``--stakes`` text or a mapping) replaced.

    Mapping keys may be ``--stakes`` keys (``bring-in``) or Stakes fields (``bring_in``).
    Amounts are as the player writes them (``2``, ``"0.25"``, ``Decimal("1.5")``).
    ``None`` or an empty mapping returns ``variant`` unchanged. The result must still be a
    playable game (a bring-in below the small bet, spread amounts only for spread limit, ...);
    otherwise :class:`StakesError` says what is wrong.
    """
    if stakes is None:
        return variant
    if not isinstance(stakes, (str, Mapping)):
        raise TypeError(
            f"stakes must be text such as 'ante=1,big=10' or a mapping such as {{'ante': 1}}, "
            f"not {type(stakes).__name__} {stakes!r}"
        )
    amounts = parse_stakes(stakes) if isinstance(stakes, str) else _from_mapping(stakes)
    if not amounts:
        return variant
    if "bring_in" in amounts and variant.forced_bets.bring_in is None:
        raise StakesError(
            f"--stakes: {variant.name} has no bring-in (the best showing hand opens), "
            "so bring-in= cannot be set"
        )
    blind_keys = {"small_blind", "big_blind"}.intersection(amounts)
    if blind_keys and not variant.forced_bets.blinds:
        raise StakesError(
            f"--stakes: {variant.name} has no blinds, so "
            f"{' and '.join(sorted(k.replace('_', '-') + '=' for k in blind_keys))} cannot be set"
        )
    if amounts.get("small_blind") == 0 or amounts.get("big_blind") == 0:
        raise StakesError("--stakes: a blind must be at least 1")
    if amounts.get("bring_in") == 0:
        raise StakesError("--stakes: bring-in=0: a bring-in must be at least 1")
    for field in ("small_bet", "big_bet", "spread_min", "spread_max", "last_round_max"):
        if amounts.get(field) == 0:
            key = next(key for key, name in STAKES_KEYS.items() if name == field)
            raise StakesError(f"--stakes: {key}=0: must be at least 1")
    new_stakes = Stakes.from_amounts({**variant.stakes.amounts(), **amounts})
    forced = variant.forced_bets
    if "ante" in amounts:
        forced = replace(forced, ante=amounts["ante"] > 0)
    result = replace(variant, stakes=new_stakes, forced_bets=forced)
    problems = stakes_fit_problems(result)
    if problems:
        given = ",".join(
            f"{next(k for k, f in STAKES_KEYS.items() if f == field)}={amount_text(amount)}"
            for field, amount in amounts.items()
        )
        reasons = "; ".join(problems)
        raise StakesError(f"--stakes {given} does not fit {variant.name}: {reasons}")
    return result


def _from_mapping(stakes: Mapping[str, object]) -> dict[str, Amount]:
    amounts: dict[str, Amount] = {}
    for key, value in stakes.items():
        field = _SPELLINGS.get(str(key).lower())
        if field is None:
            hint = suggest(str(key), list(STAKES_KEYS))
            raise StakesError(f"stakes: unknown key {key!r}{hint}; accepted keys: {_ACCEPTED}")
        amounts[field] = _amount(value, f"stakes: {key}={value!r}: must be {_AMOUNT_WORDS}")
    return amounts


_AMOUNT_WORDS = "a number such as 2 or 0.25, 0 or more, with at most 6 decimal places"


def _amount(value: object, message: str) -> Amount:
    """``value`` as an amount; else :class:`StakesError` with ``message``."""
    try:
        return as_amount(value)
    except StakesError:
        raise StakesError(message) from None


def add_stakes_argument(parser: argparse.ArgumentParser) -> None:
    """Add the shared ``--stakes`` option (a string; apply it with :func:`apply_stakes`)."""
    parser.add_argument(
        "--stakes",
        metavar="ante=1,bring-in=2,small=5,big=10",
        default=None,
        help=STAKES_HELP,
    )


def stack_argument(text: str) -> Amount:
    """A ``--stack`` value as the player writes it (``500``, ``49.75``), for argparse's
    ``type=``: the command converts it to the table's units with :func:`stack_units` once the
    stakes in play are known."""
    try:
        return as_amount(text, what="--stack")
    except StakesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def stack_units(stack: object, stakes: Stakes, what: str = "--stack") -> int:
    """A starting stack given in the player's amounts (an int, a Decimal or text such as
    ``"49.75"``) in the units of ``stakes`` (``4975`` at a table counting in cents); raises
    :class:`~studkit.errors.StakesError` quoting it when it is not an amount of the table.

    >>> stack_units("49.75", Stakes.from_amounts({"ante": "0.25"})), stack_units(500, Stakes())
    (4975, 500)
    """
    return to_units(as_amount(stack, what=what), stakes.scale, what=what)


def stakes_text(stakes: Stakes) -> str:
    """The amounts as ``--stakes`` text (``ante=1,bring-in=2,small=5,big=10``), as the player
    writes them (``ante=0.25``)."""
    amounts = stakes.amounts()
    parts = []
    for key, field in STAKES_KEYS.items():
        value = amounts[field]
        if value is not None:
            parts.append(f"{key}={amount_text(value)}")
    return ",".join(parts)


def stakes_fit_problems(variant: Variant) -> list[str]:
    """What is wrong with ``variant``'s amounts for its game (a bring-in below the small bet,
    spread amounts only for spread limit, blinds below the small bet, ...): the checks a
    variant file's amounts get, as messages; empty when they fit."""
    data = variant_to_data(variant)
    return [problem.message for problem in stakes_problems(data)] + blind_amount_messages(data)


def check_stakes(variant: Variant, stakes: Stakes) -> None:
    """Raise :class:`StakesError` when ``stakes`` do not fit ``variant`` (the amounts a hand
    is dealt at, ``Hand(stakes=...)``), naming the amounts and each reason."""
    problems = stakes_fit_problems(replace(variant, stakes=stakes))
    if problems:
        given = ", ".join(
            f"{name}={amount_text(amount)}" for name, amount in stakes.amounts().items()
            if amount is not None
        )
        raise StakesError(f"Stakes({given}) do not fit {variant.name}: {'; '.join(problems)}")
