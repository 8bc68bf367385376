"""The two spans of a run that a report gives apart: its set-up (loading, the lookup tables
built by a first hand played untimed, worker processes started, a cluster's workers given
the run) and the hands' own play, whose length alone makes the hands per second."""

from __future__ import annotations

import time

__all__ = ["RunClock"]


class RunClock:
    """Started when a run is asked for; :meth:`start` when the players are ready (again, if
    a later step readies them), :meth:`stop` after the last hand."""

    def __init__(self) -> None:
        self.begun = self.started = self.stopped = time.perf_counter()

    def start(self) -> None:
        """The players are ready: the set-up ends and the hands' own time begins."""
        self.started = time.perf_counter()

    def stop(self) -> None:
        """The last hand is played."""
        self.stopped = time.perf_counter()

    @property
    def setup_seconds(self) -> float:
        """From the request to the players being ready."""
        return self.started - self.begun

    @property
    def hands_seconds(self) -> float:
        """From the players being ready to the last hand."""
        return max(self.stopped - self.started, 0.0)
