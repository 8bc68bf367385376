"""Simulation: many hands of one variant played by bots, and what they show.

>>> from studkit.simulation import simulate
>>> report = simulate("seven-card-stud", hands=20, players=3, bots="calling-station", seed=1)
>>> report.hands, len(report.seats), sum(s.net for s in report.seats)
(20, 3, 0)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from studkit.simulation.report import SeatResult, SimulationReport
    from studkit.simulation.runner import (
        DEFAULT_HANDS,
        DEFAULT_PLAYERS,
        Setup,
        SimulationError,
        hand_seeds,
        play_hand,
        simulate,
    )
    from studkit.simulation.tally import Tally

_EXPORTS: dict[str, str] = {
    **{name: "studkit.simulation.report" for name in ("SeatResult", "SimulationReport")},
    **{name: "studkit.simulation.runner" for name in (
        "DEFAULT_HANDS", "DEFAULT_PLAYERS", "Setup", "SimulationError", "hand_seeds",
        "play_hand", "simulate")},
    "Tally": "studkit.simulation.tally",
}
"""Each name below and the module that defines it, imported on first use: the batch kernel
(:mod:`studkit.kernel`) builds its results with :mod:`studkit.simulation.tally`, and the
runner plays hands with the kernel, so importing this package must not import the runner."""


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'studkit.simulation' has no attribute {name!r}")
    value: object = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


__all__ = [
    "simulate",
    "SimulationReport",
    "SeatResult",
    "SimulationError",
    "Setup",
    "Tally",
    "hand_seeds",
    "play_hand",
    "DEFAULT_HANDS",
    "DEFAULT_PLAYERS",
]
