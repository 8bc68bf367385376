"""Discards and flips between the file format and the model (stud-family 2.3 and 2.5).

A street's ``discard`` and ``flip`` keys become :class:`~studkit.variant.model.Discard` and
:class:`~studkit.variant.model.Flip`; :func:`street_choices_data` writes them back (nothing
for a street without them, so other files dump as before).
"""

from __future__ import annotations

from typing import Any

from studkit.variant.model import Discard, Flip, Street

__all__ = ["discard_from_data", "flip_from_data", "street_choices_data", "CARD_CHOICE_PLUGINS"]

CARD_CHOICE_PLUGINS: tuple[tuple[str, str], ...] = (("discard", "discard"), ("flip", "flip"))
"""Street keys and the shipped plugin that plays each: a variant whose street sets the key
gets the plugin without naming it (its decision kinds, hooks and sentences)."""


def discard_from_data(data: dict[str, Any] | None) -> Discard | None:
    """The :class:`Discard` of a filled street's ``discard`` value."""
    if data is None:
        return None
    return Discard(
        count=data["count"], when=data["when"], source=data["from"],
        simultaneous=data["simultaneous"],
    )


def flip_from_data(data: dict[str, Any] | None) -> Flip | None:
    """The :class:`Flip` of a filled street's ``flip`` value."""
    if data is None:
        return None
    return Flip(count=data["count"], optional=data["optional"], simultaneous=data["simultaneous"])


def street_choices_data(street: Street) -> dict[str, Any]:
    """The street's ``discard`` and ``flip`` as file data; empty when it has neither."""
    out: dict[str, Any] = {}
    if street.discard is not None:
        discard = street.discard
        out["discard"] = {"count": discard.count, "when": discard.when, "from": discard.source,
                          "simultaneous": discard.simultaneous}
    if street.flip is not None:
        flip = street.flip
        out["flip"] = {"count": flip.count, "optional": flip.optional,
                       "simultaneous": flip.simultaneous}
    return out
