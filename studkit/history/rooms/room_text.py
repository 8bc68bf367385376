"""Reading what every room's history has in common: its bytes, its amounts and its cards.

>>> decode("Table 'Dawn II' \u20ac0.05".encode("cp1252"))
"Table 'Dawn II' \u20ac0.05"
>>> amount("$1,250.50"), amount("\u20ac0.05"), amount("1 500"), amount("0")
(Decimal('1250.50'), Decimal('0.05'), Decimal('1500'), Decimal('0'))
>>> currency_of("$0.04/$0.08 USD"), currency_of("\u20ac0.05"), currency_of("100/200")
('USD', 'EUR', None)
>>> [room_card(token) for token in ("Kc", "10h", "DK", "S10", "xx", "[Ah]")]
[Kc, Th, Kd, Ts, None, Ah]
>>> room_cards("[5d Ks 2h]")
(5d, Ks, 2h)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from types import MappingProxyType

from studkit.cards import Card, parse_card
from studkit.errors import HistoryError

__all__ = [
    "decode",
    "amount",
    "currency_of",
    "room_card",
    "room_cards",
    "CURRENCY_SYMBOLS",
    "UNKNOWN_CARDS",
]

CURRENCY_SYMBOLS: Mapping[str, str] = MappingProxyType(
    {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}
)
"""The currency symbols rooms write before amounts, and the currency each stands for."""

_CURRENCY_CODES = ("USD", "EUR", "GBP", "CAD", "SEK", "INR", "CNY")

UNKNOWN_CARDS: frozenset[str] = frozenset({"x", "xx", "X", "XX", "??", "?", "[cards]", "--"})
"""How rooms write a card they do not show."""

_ENCODINGS = ("utf-8", "cp1252")
_BOMS: tuple[tuple[bytes, str], ...] = (
    (b"\xef\xbb\xbf", "utf-8-sig"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)
_AMOUNT = re.compile(r"-?\d[\d,\u00a0 ]*(?:\.\d+)?|-?\.\d+")
_SUIT_FIRST = re.compile(r"^([CDHScdhs])(10|[2-9TJQKAtjqka])$")
_RANK_FIRST = re.compile(r"^(10|[2-9TJQKAtjqka])([cdhsCDHS])$")


def decode(data: bytes) -> str:
    """A history file's text: by its byte-order mark, else UTF-8, else Windows-1252 (which
    rooms use for the euro sign); line ends made ``\\n``."""
    for mark, encoding in _BOMS:
        if data.startswith(mark):
            if encoding == "utf-16" and len(data) % 2:
                data = data[:-1]  # half a character at the end of a file cut short
            text = data.decode(encoding, errors="replace")
            break
    else:
        for encoding in _ENCODINGS:
            try:
                text = data.decode(encoding)
                break
            except UnicodeDecodeError:
                continue
        else:  # pragma: no cover - cp1252 decodes all but five bytes
            text = data.decode("latin-1")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def amount(text: str) -> Decimal:
    """An amount as a room writes it (``$1,250.50``, ``\u20ac0.05``, ``1 500``, ``0``), as a
    decimal in the room's units; a :class:`~studkit.errors.HistoryError` quoting the text
    when there is no number in it."""
    found = _AMOUNT.search(text)
    if found is None:
        raise HistoryError(f"expected an amount, got {text!r}")
    digits = re.sub(r"[,\u00a0 ]", "", found.group())
    try:
        return Decimal(digits)
    except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
        raise HistoryError(f"expected an amount, got {text!r}") from None


def currency_of(text: str) -> str | None:
    """The currency an amount or a stakes text is in (``USD``, ``EUR``, ...), by its symbol
    or its code; ``None`` for chips."""
    for symbol, code in CURRENCY_SYMBOLS.items():
        if symbol in text:
            return code
    for code in _CURRENCY_CODES:
        if re.search(rf"\b{code}\b", text):
            return code
    return None


def room_card(token: str) -> Card | None:
    """A card as a room writes it: rank first (``Kc``, ``10h``) or suit first (iPoker's
    ``DK``, ``S10``), brackets allowed; ``None`` for a card the room does not show."""
    token = token.strip().strip("[]")
    if token in UNKNOWN_CARDS:
        return None
    suit_first = _SUIT_FIRST.match(token)
    if suit_first is not None and _RANK_FIRST.match(token) is None:
        rank, suit = suit_first.group(2), suit_first.group(1)
    else:
        rank_first = _RANK_FIRST.match(token)
        if rank_first is None:
            raise HistoryError(f"expected a card such as 'Kc' or 'DK', got {token!r}")
        rank, suit = rank_first.group(1), rank_first.group(2)
    rank = "T" if rank == "10" else rank.upper()
    return parse_card(rank + suit.lower())


def room_cards(text: str) -> tuple[Card | None, ...]:
    """The cards of a space-separated list such as ``[5d Ks 2h]``, in order."""
    return tuple(room_card(token) for token in text.replace("[", " ").replace("]", " ").split())
