"""The rules online card rooms deal stud by, as settings of studkit's shipped variants.

A room's hand (a PHH history with ``_studkit_room``, as
:func:`studkit.history.rooms.to_phh.room_to_history` writes it) is replayed with the shipped
variant its code names (``F7S``: ``seven-card-stud``, with its fourth-street open-pair
option; ``F7S/8``: ``seven-card-stud-hi-lo``; ``FR``: ``razz``), not under the PHH rules of
:func:`studkit.history.rules.phh_rules`, and with the settings :data:`ROOM_SETTINGS` gives
every room and each room in particular.

>>> from studkit.variant.loader import load_variant
>>> razz = room_rules(load_variant("razz"), "PokerStars")
>>> razz.forced_bets.bring_in.short_stack, razz.showdown.muck_concedes
('partial', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from studkit.variant.model import Variant

__all__ = ["ROOM_SETTINGS", "EVERY_ROOM", "room_rules"]

Settings = Mapping[str, Mapping[str, Any]]
"""Settings by the variant's section (``betting``, ``forced_bets.bring_in``, ...) and field."""

EVERY_ROOM = "*"

ROOM_SETTINGS: Mapping[str, Settings] = MappingProxyType(
    {
        EVERY_ROOM: {
            # a player short of the bring-in brings in all in for what they have
            "forced_bets.bring_in": {"short_stack": "partial"},
            # a player may fold when checking is free
            "betting": {"fold_when_check_is_free": True},
            # a muck at the showdown concedes the pot, unshown
            "showdown": {"muck_concedes": True},
        },
        # its pots shown raked by their sizes ($0.44 and $0.64 raked $0.05: $0.42 and $0.61)
        "PokerStars": {"showdown": {"muck_concedes": True, "rake_from": "pots-by-size"}},
        # a split pot's odd chip to the low half (hand 693975843: low $3.53, high $3.52)
        "Winning Poker Network/seven-card-stud-hi-lo": {"odd_chips": {"hi_lo_side": "low"}},
    }
)
"""The rooms' settings: :data:`EVERY_ROOM`'s for every room, then a room's own (by its
``site`` name) over them, then the room's for one game (``site/variant``)."""


def _set(variant: Any, path: str, values: Mapping[str, Any]) -> Any:
    """``variant`` with the fields of the section at ``path`` (dotted) set to ``values``."""
    head, _, rest = path.partition(".")
    section = getattr(variant, head)
    if section is None:  # a game without that section (no bring-in): nothing to set
        return variant
    changed = _set(section, rest, values) if rest else replace(section, **values)
    return replace(variant, **{head: changed})


def room_rules(variant: Variant, site: str) -> Variant:
    """``variant`` under the rules of the room ``site`` (:data:`ROOM_SETTINGS`)."""
    out: Any = variant
    for room in (EVERY_ROOM, site, f"{site}/{variant.name}"):
        for path, values in ROOM_SETTINGS.get(room, {}).items():
            out = _set(out, path, values)
    result: Variant = out
    return result
