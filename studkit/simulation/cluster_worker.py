"""The worker side of a simulation on a Dask cluster.

A :class:`RunPlugin` carries one run to every worker, including workers that join (or are
restarted) during it: the cluster's counterpart of a process pool's initializer. It holds the
run's setup (the variant as the client loaded it, every ``extends`` parent already merged in,
the bots, the stakes and every other choice of how a hand is played) and the source of what a
worker may not have: the ``--plugins-dir`` plugins and the modules of ``module:Class`` bots.
:func:`play_block_task` plays one block with it.

Importing this module imports Dask's ``distributed``; :mod:`studkit.simulation.cluster`
imports it only when a run uses a cluster.
"""

from __future__ import annotations

import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from distributed import (  # type: ignore[import-not-found,unused-ignore]
    Worker,
    WorkerPlugin,
    get_worker,
)

from studkit.errors import ClusterError, StudkitError
from studkit.hooks.host import PluginRegistry, host_for
from studkit.simulation.tally import Tally

__all__ = [
    "Files", "Run", "RunPlugin", "BlockResult", "play_block_task", "installed_version",
    "dask_setup",
]

Files = tuple[tuple[str, str], ...]
"""Source files shipped to the workers: (path relative to their folder, text)."""

BlockResult = tuple[Tally, list[tuple[int, str]], str]
"""A block's tally, its recorded histories and the address of the worker that played it."""


def installed_version() -> str:
    """The studkit version of this process."""
    from studkit import __version__

    return __version__


@dataclass(frozen=True)
class Run:
    """Everything a worker needs to play any block of one run."""

    play: Callable[[Any, int, int, bool], tuple[Tally, list[tuple[int, str]]]]
    """``studkit.simulation.runner.play_block``."""
    setup: Any
    """The run's ``Setup``: what decides how every hand is played (its variant without a
    plugin registry: each worker makes one from its copy of :attr:`plugins_dirs`)."""
    record: bool
    version: str
    """The client's studkit version; a worker with another refuses the run."""
    plugins_dirs: tuple[Files, ...]
    """The ``*.py`` files of each ``--plugins-dir``, in order."""
    bot_files: Files
    """The modules of ``module:Class`` bots that are not installed packages."""
    bot_modules: tuple[str, ...]
    """The top-level names of those modules."""
    plugin_names: tuple[str, ...]
    """The plugins acting in the variant on the client (named and house plugins)."""


class _Gate:
    """Blocks of runs that need the same process-wide state (the shipped bot modules on
    ``sys.path`` and in ``sys.modules``) run together, one such state at a time: a worker with
    several threads may serve two runs of a shared cluster at once. (The plugins need no
    gate: each run's variant carries its own registry.)"""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._active = 0
        self._state: tuple[Any, ...] | None = None
        self._bots: tuple[str, tuple[str, ...]] | None = None

    @contextmanager
    def holding(self, bots: tuple[str, tuple[str, ...]] | None) -> Iterator[None]:
        state = (bots,)
        with self._condition:
            while self._active and self._state != state:
                self._condition.wait()
            if self._state != state:
                self._swap_bots(bots)
                self._state = state
            self._active += 1
        try:
            yield
        finally:
            with self._condition:
                self._active -= 1
                self._condition.notify_all()

    def _swap_bots(self, bots: tuple[str, tuple[str, ...]] | None) -> None:
        for shipped in (self._bots, bots):
            if shipped is None:
                continue
            folder, names = shipped
            while folder in sys.path:
                sys.path.remove(folder)
            for loaded in list(sys.modules):
                if loaded.split(".")[0] in names:
                    del sys.modules[loaded]
        if bots is not None:
            sys.path.insert(0, bots[0])
        self._bots = bots


_GATE = _Gate()
"""This worker process's gate: ``sys.path`` and ``sys.modules``, which it guards, are
process-wide, so the gate is too (its lock and the bots it put on the path)."""


def _write(folder: Path, files: Files) -> None:
    for relative, text in files:
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


class RunPlugin(WorkerPlugin):  # type: ignore[misc,unused-ignore]
    """One run, installed on every worker of the cluster for as long as the run lasts."""

    def __init__(self, run: Run, name: str) -> None:
        self.run = run
        self.name = name
        self.folder: Path | None = None
        self._setup: Any = None
        """The run's setup, its variant's plugins found in this worker's copies."""
        self._checked = False

    def check_version(self, address: str) -> None:
        """Refuse to play with another studkit than the client's."""
        ours = installed_version()
        if ours != self.run.version:
            raise ClusterError(
                f"worker {address} has studkit {ours}, this machine {self.run.version}: "
                f"install studkit {self.run.version} on every worker"
            )

    def setup(self, worker: Worker) -> None:
        """Check the worker's studkit and write the shipped files into its local folder."""
        self.check_version(worker.address)
        folder = Path(worker.local_directory) / self.name
        for index, files in enumerate(self.run.plugins_dirs):
            (folder / f"plugins-{index}").mkdir(parents=True, exist_ok=True)
            _write(folder / f"plugins-{index}", files)
        _write(folder / "bots", self.run.bot_files)
        dirs = [folder / f"plugins-{i}" for i in range(len(self.run.plugins_dirs))]
        setup = self.run.setup
        registry = PluginRegistry(dirs)
        self._setup = replace(setup, variant=replace(setup.variant, plugin_registry=registry))
        self.folder = folder

    def teardown(self, worker: Worker) -> None:
        """Remove the shipped files."""
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)

    def play(self, start: int, stop: int, address: str) -> tuple[Tally, list[tuple[int, str]]]:
        """Play hands ``start`` to ``stop - 1`` of the run."""
        if self.folder is None or self._setup is None:
            self.check_version(address)
            raise ClusterError(f"worker {address} could not take the run (see its log)")
        run = self.run
        bots = (str(self.folder / "bots"), run.bot_modules) if run.bot_modules else None
        with _GATE.holding(bots):
            if not self._checked:
                self._check_plugins(address)
                self._checked = True
            return run.play(self._setup, start, stop, run.record)

    def _check_plugins(self, address: str) -> None:
        variant = self._setup.variant
        try:
            host = host_for(variant)
        except StudkitError as error:
            raise type(error)(f"worker {address}: {error}") from None
        names = host.plugin_names if host is not None else ()
        if names != self.run.plugin_names:
            raise ClusterError(
                f"worker {address}: the plugins acting in {variant.name} there are "
                f"{list(names)}, here {list(self.run.plugin_names)}: install the same plugin "
                "packages on every worker (or set STUDKIT_DISABLE_PLUGIN_AUTOLOAD alike)"
            )


def play_block_task(name: str, start: int, stop: int) -> BlockResult:
    """The task of one block: play it with the run the worker plugin ``name`` installed."""
    worker = get_worker()
    plugin = worker.plugins.get(name)
    if not isinstance(plugin, RunPlugin):
        raise ClusterError(f"worker {worker.address} has not received the run {name}")
    tally, recorded = plugin.play(start, stop, worker.address)
    return tally, recorded, worker.address


def dask_setup(worker: Worker) -> None:
    """Dask's preload hook, for the workers of a local cluster: leave Ctrl-C to the process
    that started them (it cancels the run and stops them), so that the terminal's Ctrl-C does
    not print a traceback from every worker."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
