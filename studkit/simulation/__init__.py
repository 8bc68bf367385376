"""Simulation: many hands of one variant played by bots, and what they show.

>>> report = simulate("seven-card-stud", hands=20, players=3, bots="calling-station", seed=1)
>>> report.hands, len(report.seats), sum(s.net for s in report.seats)
(20, 3, 0)
"""

from __future__ import annotations

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
