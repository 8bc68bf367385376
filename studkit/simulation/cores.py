"""The CPU cores a run can use, and the warning for a local cluster with more workers than
that (its processes then take turns on the cores, and the run is slower than without a
cluster)."""

from __future__ import annotations

import os

__all__ = ["usable_cores", "oversized_local_cluster"]


def usable_cores() -> int:
    """The cores this process may run on: its affinity set where the system has one (a
    container or ``taskset`` can allow fewer than the machine has), else
    :func:`os.cpu_count`; at least 1."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def oversized_local_cluster(workers: int, cores: int) -> str | None:
    """What to say when a local cluster of ``workers`` worker processes
    (:func:`~studkit.simulation.cluster.local_size` of ``local:N``) would share ``cores``
    cores, more workers than cores; else ``None``.

    >>> print(oversized_local_cluster(4, 2))  # doctest: +NORMALIZE_WHITESPACE
    a local cluster of 4 workers on 2 cores runs slower than without a cluster;
    use local:2 or fewer
    >>> oversized_local_cluster(2, 2) is None
    True
    """
    if workers <= cores:
        return None
    advice = f"local:{cores} or fewer" if cores > 1 else "local:1"
    return (
        f"a local cluster of {workers} workers on {cores} core{'s' if cores > 1 else ''} runs "
        f"slower than without a cluster; use {advice}"
    )
