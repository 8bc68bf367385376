"""What a copy of a :class:`~studkit.engine.hand.Hand` copies: its fields by how they change,
and the snapshot record :meth:`Hand.snapshot() <studkit.engine.hand.Hand.snapshot>` makes."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from studkit.engine.events import Event

__all__ = ["HandSnapshot", "FIXED_FIELDS", "STATE_FIELDS", "CACHE_FIELDS"]

FIXED_FIELDS: Final = (
    "rules",
    "variant",
    "n",
    "button",
    "starting_stacks",
    "_auto",
    "_on_over",
    "_own_rng",
)
"""A hand's fields fixed for the whole hand (shared by a copy)."""
STATE_FIELDS: Final = ("_core", "events", "_source", "_rng", "_rng_shared", "_plugins")
"""Its changing state: the rules core's (one struct) and, beside it, the event log, the
card source with its generator (shared with a copy until either uses it), and the plugins'
part. A snapshot copies each."""
CACHE_FIELDS: Final = ("_legal_key", "_legal")
"""Remembered answers (the legal actions of the state they were asked in)."""


class HandSnapshot(NamedTuple):
    """A hand's changing state, copied: the rules core's state (one struct, as bytes) and
    what the engine keeps beside it. Picklable; :meth:`Hand.restore
    <studkit.engine.hand.Hand.restore>` puts it back."""

    core: bytes
    """The rules core's state (``studkit/core/hand.h``, every field)."""
    events: list[Event]
    dealing: tuple[Any, Any]
    """The card source and the random generator, copied together."""
    plugins: tuple[Any, ...] | None
    """:meth:`HandPlugins.state() <studkit.engine.plugin_play.HandPlugins.state>`."""
