"""Comparisons run for a page: in a background thread, with progress, then the report.

A :class:`CompareJobs` belongs to one app. Each job calls :func:`studkit.compare.compare` (what
``studkit compare`` runs) with a progress callback, then :func:`studkit.compare.write_report`
(what ``--report DIR`` writes) into the job's own temporary folder, which the page shows. At
most ``max_running`` comparisons run at once (they are CPU work); finished jobs and their
folders are dropped after ``keep_seconds``.
"""

from __future__ import annotations

import secrets
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studkit.errors import StudkitError
from studkit.variant.model import Variant

__all__ = ["CompareJob", "CompareJobs", "CompareBusyError"]


class CompareBusyError(StudkitError):
    """Too many comparisons are running: try again when one has finished."""


@dataclass(slots=True)
class CompareJob:
    """One comparison: its settings, how far it got, and its result or error."""

    id: str
    names: list[str]
    hands: int
    done: list[int]
    phase: str = "queued"
    """``simulating``, ``odds`` (exact odds of the rankings), ``report``, ``done``, ``error``."""
    error: str | None = None
    result: dict[str, Any] | None = None
    folder: Path | None = None
    finished: float | None = None
    changed: threading.Condition = field(default_factory=threading.Condition)

    @property
    def total(self) -> int:
        """Hands to simulate in all."""
        return self.hands * len(self.names)

    def progress(self) -> dict[str, Any]:
        """The job's state as the progress events carry it."""
        return {
            "id": self.id,
            "phase": self.phase,
            "done": sum(self.done),
            "total": self.total,
            "variants": self.names,
            "error": self.error,
        }


class CompareJobs:
    """Comparisons in background threads, at most ``max_running`` at a time."""

    def __init__(
        self,
        *,
        max_running: int = 2,
        keep_seconds: float = 1800.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_running = max_running
        self.keep_seconds = keep_seconds
        self.clock = clock
        self._jobs: dict[str, CompareJob] = {}
        self._lock = threading.Lock()
        self._closed = False

    def _expire(self) -> None:
        limit = self.clock() - self.keep_seconds
        for job_id, job in list(self._jobs.items()):
            if job.finished is not None and job.finished < limit:
                del self._jobs[job_id]
                if job.folder is not None:
                    shutil.rmtree(job.folder, ignore_errors=True)

    def get(self, job_id: str) -> CompareJob | None:
        """The job of ``job_id``, or ``None`` when unknown or expired."""
        with self._lock:
            self._expire()
            return self._jobs.get(job_id)

    def start(
        self,
        variants: Sequence[Variant],
        *,
        hands: int,
        players: int | None,
        bots: str | Sequence[str] | None,
        seed: int | None,
        odds: bool,
        skill_trace: bool = False,
    ) -> CompareJob:
        """Start comparing ``variants``; :class:`CompareBusyError` when too many run."""
        with self._lock:
            self._expire()
            running = sum(1 for job in self._jobs.values() if job.finished is None)
            if running >= self.max_running:
                raise CompareBusyError(
                    f"{running} comparisons are running (at most {self.max_running} at once); "
                    "try again when one has finished"
                )
            job = CompareJob(secrets.token_urlsafe(12), [v.name for v in variants], hands,
                             [0] * len(variants))
            self._jobs[job.id] = job
        worker = threading.Thread(
            target=self._run, args=(job, list(variants), players, bots, seed, odds,
                                    skill_trace),
            name=f"studkit-compare-{job.id}", daemon=True,
        )
        worker.start()
        return job

    def _update(self, job: CompareJob, **changes: Any) -> None:
        with job.changed:
            for name, value in changes.items():
                setattr(job, name, value)
            job.changed.notify_all()

    def _run(
        self,
        job: CompareJob,
        variants: list[Variant],
        players: int | None,
        bots: str | Sequence[str] | None,
        seed: int | None,
        odds: bool,
        skill_trace: bool,
    ) -> None:
        from studkit.compare import compare, write_report

        def progress(index: int, hands: int) -> None:
            done = list(job.done)
            done[index] = hands
            phase = "odds" if odds and sum(done) >= job.total else "simulating"
            self._update(job, done=done, phase=phase)

        folder: Path | None = None
        try:
            self._update(job, phase="simulating")
            comparison = compare(variants, hands=job.hands, players=players, bots=bots,
                                 seed=seed, odds=odds, progress=progress,
                                 skill_trace=skill_trace)
            self._update(job, phase="report")
            folder = Path(tempfile.mkdtemp(prefix="studkit-compare-"))
            write_report(comparison, folder)
            result = comparison.to_json()
            with self._lock:
                closed = self._closed
            if closed:  # the server stopped meanwhile: nobody will read the report
                shutil.rmtree(folder, ignore_errors=True)
                folder = None
            self._update(job, phase="done", result=result, folder=folder,
                         finished=self.clock())
        except StudkitError as error:
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
            self._update(job, phase="error", error=str(error), finished=self.clock())
        except Exception as error:  # never let a worker die silently: the page must hear
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
            self._update(job, phase="error", error=f"the comparison failed: {error!r}",
                         finished=self.clock())

    def close(self) -> None:
        """Remove every finished job's folder (the server is stopping)."""
        with self._lock:
            self._closed = True
            for job in self._jobs.values():
                if job.folder is not None:
                    shutil.rmtree(job.folder, ignore_errors=True)
            self._jobs.clear()
