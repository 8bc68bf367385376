"""What is wrong with a file's jokers beyond the schema (checked with the other semantic
rules, :mod:`studkit.variant.semantics`): a joker whose play depends on its face needs a deck
of one joker, and the face settings need a joker to act on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["JOKER_CHECKS"]


class _Checker(Protocol):
    data: dict[str, Any]

    def add(self, path: tuple[str | int, ...], message: str, *also: tuple[str | int, ...]) -> None:
        """Report a problem at ``path``."""


def _check_face_jokers(c: _Checker) -> None:
    deck = c.data["deck"]
    up = deck["up_joker_mode"]
    if up is None or up == deck["joker_mode"]:
        return
    if deck["jokers"] == 0:
        c.add(("deck", "up_joker_mode"),
              f"up_joker_mode {up!r} needs a joker in the deck (deck.jokers: 1)", ("deck",))
    elif deck["jokers"] > 1:
        c.add(("deck", "jokers"),
              f"a joker that plays {deck['joker_mode']!r} face down and {up!r} face up needs "
              f"a deck of one joker, not {deck['jokers']} (one player could hold both)",
              ("deck", "up_joker_mode"))


JOKER_CHECKS: tuple[Callable[[Any], None], ...] = (_check_face_jokers,)
"""The checks, in the order they run (after the core and board checks)."""
