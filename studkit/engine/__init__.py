"""The stud engine: one generic engine that plays any variant from its data.

* :class:`~studkit.engine.hand.Hand`: one hand's state, legal actions and verbs;
* :class:`~studkit.engine.table.Table`: seats, stacks and the button across hands;
* :class:`~studkit.engine.actions.Action`: what a player may do or did;
* card sources (:mod:`studkit.engine.dealing`), the event log (:mod:`studkit.engine.events`)
  and betting structures (:mod:`studkit.engine.betting`).

The OpenSpiel-shaped state (chance nodes, fixed action ids) is
:class:`studkit.rl.state.StudGameState`.
"""

from __future__ import annotations

from studkit.engine.actions import Action
from studkit.engine.dealing import CardSource, DeckSource, OrderedSource, ScriptedSource
from studkit.engine.events import format_event
from studkit.engine.exhaustion import DeckExhaustedError
from studkit.engine.hand import Hand
from studkit.engine.replay import replay
from studkit.engine.table import Table

__all__ = [
    "Action",
    "Hand",
    "Table",
    "replay",
    "format_event",
    "CardSource",
    "DeckSource",
    "OrderedSource",
    "ScriptedSource",
    "DeckExhaustedError",
]
