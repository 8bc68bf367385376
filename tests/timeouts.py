"""How long a test waits for something to happen.

A test bounds a wait, never the work itself: a bound only turns a hang into a failure. Every
bound is :data:`LOADED_MACHINE_TIMEOUT`, long enough for the suite on a two-core machine
running at a load of 4 to 6 (a server or a Dask cluster starting, a browser page loading, a
subprocess, a server-sent event): a wait ends as soon as what it waits for happens, so the
bound costs nothing on an idle machine.
"""

from __future__ import annotations

__all__ = ["LOADED_MACHINE_TIMEOUT", "LOADED_MACHINE_TIMEOUT_MS"]

LOADED_MACHINE_TIMEOUT = 300
"""Seconds: the longest a test waits for a server, a cluster, a page or a process."""

LOADED_MACHINE_TIMEOUT_MS = LOADED_MACHINE_TIMEOUT * 1000
"""The same bound in milliseconds, as Playwright takes it."""
