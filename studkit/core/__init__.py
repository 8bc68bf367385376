"""The rules core: one definition of every rule of a stud hand, in C.

The engine's :class:`~studkit.engine.hand.Hand` plays one hand by calling it, and the batch
kernel (:mod:`studkit.kernel`) plays millions by calling the same functions in a compiled loop.
The C sources live in this folder, a module per rule (``betting`` structures in
``structures.c``, the bring-in in ``bring_in.c``, side pots in ``pots.c``, the show order and
mucking in ``showdown.c``...); ``hand.h`` declares a hand's state once and ``rules.h`` the
compiled rules. ``pip install .`` compiles them with the package: nothing is compiled when
studkit runs. docs/engine.md draws the layers.

What Python sees (:mod:`studkit.core._core`):

* :class:`Rules`: a variant's compiled rules, filled by :func:`studkit.core.compile.core_rules`;
* :class:`State`: a hand's state and the core's functions as its methods, each appending the
  events it causes to the hand's event list;
* :class:`Game`: a game as compiled drivers play it whole (``game.h``: the rules, the deck,
  the evaluators' tables and wild cards, the rules plugins hand over as data), built by
  :func:`studkit.game.compile.compiled_game`;
* :data:`VERBS`: the betting verbs by their one number code, shared by the engine, the
  kernel, the bots and the RL environments; :data:`PHASES`, what a hand waits for.
"""

from __future__ import annotations

from typing import Final

from studkit.errors import not_built

try:
    from studkit.core import _core
except ImportError as error:  # pragma: no cover - a build without its C extension
    raise not_built("studkit.core._core", "rules core", error) from error

__all__ = [
    "Rules", "State", "Records", "Game", "CoreError", "build_pots", "VERBS", "FOLD", "CHECK",
    "CALL", "BRING_IN", "COMPLETE", "BET", "RAISE", "PHASES", "HAND_FIELDS", "RULES_FIELDS",
    "SEATS",
]

Rules = _core.Rules
State = _core.State
Records = _core.Records
Game = _core.Game
CoreError = _core.CoreError
build_pots = _core.build_pots

VERBS: Final[tuple[str, ...]] = ("fold", "check", "call", "bring-in", "complete", "bet", "raise")
"""The betting verbs' names by code (the order of the core's SK_FOLD ... SK_RAISE)."""
FOLD: Final = 0
CHECK: Final = 1
CALL: Final = 2
BRING_IN: Final = 3
COMPLETE: Final = 4
BET: Final = 5
RAISE: Final = 6

PHASES: Final[tuple[str, ...]] = _core.PHASES
"""What a hand waits for, by the number of ``State.phase``."""
HAND_FIELDS: Final[tuple[tuple[str, int, int, str], ...]] = _core.HAND_FIELDS
"""A hand's state, field by field as ``hand.h`` declares it: ``(name, length, offset, item)``
(length 0 for a number; its offset in the state's bytes, ``State.save()``; its item as a
:mod:`struct` code)."""
RULES_FIELDS: Final[tuple[tuple[str, int, int, str, str], ...]] = _core.RULES_FIELDS
"""The compiled rules, field by field, likewise (``Rules.pack()``'s bytes), each with the
model setting it comes from as ``rules.h`` writes it (``""``: the compile step works it out:
:mod:`studkit.core.compile`)."""
SEATS: Final[int] = _core.SEATS
"""The most seats the core plays at one table."""
