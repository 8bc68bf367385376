"""Simulations on a Dask cluster: ``--cluster local|local:N|tcp://HOST:PORT`` and
``--cluster-file PATH``.

The run's hands are split into blocks (:mod:`studkit.simulation.blocks`), one Dask task each,
and the blocks' tallies are merged in block order: the report is the one a single process
gives for the same seed. Before any hand is played every worker's studkit must be this one;
the run itself reaches the workers through a worker plugin
(:class:`~studkit.simulation.cluster_worker.RunPlugin`), which also reaches workers that
join or are restarted during the run. A worker that dies has its blocks played again
elsewhere (Dask reschedules them); a scheduler that goes away ends the run with a
:class:`~studkit.errors.ClusterError`, never with a partial report.

Dask is imported only here and only when a run uses a cluster (``import studkit`` and runs
without ``--cluster`` never load it); it is the ``dask`` extra: ``pip install 'studkit[dask]'``.
"""

from __future__ import annotations

import json
import logging
import os
import pkgutil
import signal
import sys
import sysconfig
import threading
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from studkit.errors import ClusterError, StudkitError
from studkit.extras import install_hint, missing_extra_message
from studkit.hooks.host import PluginRegistry, host_for, registry_of
from studkit.simulation.blocks import LARGEST_CLUSTER, InOrder, split
from studkit.simulation.cores import usable_cores
from studkit.simulation.tally import Tally

__all__ = [
    "Cluster", "connect", "check_address", "local_size", "run_blocks", "INSTALL_HINT",
    "ADDRESS_FORMS", "CONNECT_SECONDS", "WORKERS_SECONDS",
]

INSTALL_HINT = install_hint("dask")
"""How to install Dask for studkit, as errors say it."""
ADDRESS_FORMS = "local, local:N or tcp://HOST:PORT"
SCHEMES = ("tcp://", "tls://")
CONNECT_SECONDS = 30
"""How long to wait for a scheduler to answer."""
WORKERS_SECONDS = 120
"""How long to wait for a first worker to join a scheduler that has none."""

PlayBlock = Callable[[Any, int, int, bool], tuple[Tally, list[tuple[int, str]]]]


def local_size(address: str) -> int | None:
    """The number of workers ``local`` (one per usable core,
    :func:`~studkit.simulation.cores.usable_cores`) or ``local:N`` asks for; ``None`` for a
    scheduler address. Raises :class:`ClusterError` for anything else."""
    if address == "local":
        return usable_cores()
    if address.startswith("local:"):
        count = address.partition(":")[2]
        if not count.isdigit() or int(count) < 1:
            raise ClusterError(
                f"--cluster {address!r}: local:N needs a number of workers of at least 1"
            )
        return int(count)
    if address.startswith(SCHEMES) and address.partition("://")[2]:
        return None
    raise ClusterError(f"--cluster {address!r}: expected {ADDRESS_FORMS}")


def check_address(address: str | None, file: str | os.PathLike[str] | None) -> None:
    """Refuse a cluster address or scheduler file that cannot be used, before any work."""
    if address is not None and file is not None:
        raise ClusterError(
            f"--cluster {address!r} and --cluster-file {os.fspath(file)!r}: give one of them"
        )
    if address is not None:
        local_size(address)
    elif file is not None:
        _scheduler_file_address(file)


def _scheduler_file_address(file: str | os.PathLike[str]) -> str:
    name = os.fspath(file)
    try:
        with open(name, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        raise ClusterError(
            f"--cluster-file {name!r}: cannot read it ({error.strerror}); it is the file "
            "`dask scheduler --scheduler-file PATH` writes"
        ) from None
    except ValueError as error:
        raise ClusterError(f"--cluster-file {name!r}: not a scheduler file ({error})") from None
    address = data.get("address") if isinstance(data, dict) else None
    if not isinstance(address, str) or not address:
        raise ClusterError(f"--cluster-file {name!r}: no scheduler 'address' in it")
    return address


def _distributed() -> Any:
    try:
        import distributed  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        raise ClusterError(missing_extra_message("--cluster", "dask")) from None
    return distributed


@dataclass
class Cluster:
    """An open connection to a Dask scheduler (see :func:`connect`)."""

    client: Any
    """The ``distributed.Client``."""
    name: str
    """What reports name it by: ``local:N`` or the scheduler's address."""

    def slots(self) -> int:
        """Worker threads in the cluster now."""
        return sum(self.client.nthreads().values()) or 1


@contextmanager
def connect(
    address: str | None = None,
    file: str | os.PathLike[str] | None = None,
    *,
    quiet: bool = False,
) -> Iterator[Cluster]:
    """Start a local cluster (``local``: one worker per CPU; ``local:N``: N single-threaded
    worker processes) or connect to a scheduler at ``address`` (``tcp://HOST:PORT``) or named
    by a scheduler ``file``; closed (a local cluster stopped) on leaving.

    ``quiet`` silences Dask's own log messages while the cluster is open (the command line
    reports failures itself)."""
    if address is None and file is None:
        raise ClusterError(f"a cluster needs an address ({ADDRESS_FORMS}) or a scheduler file")
    check_address(address, file)
    distributed = _distributed()
    with ExitStack() as stack:
        if quiet:
            logging.disable(logging.CRITICAL)
            stack.callback(logging.disable, logging.NOTSET)
        size = local_size(address) if address is not None else None
        if address is not None and size is not None:
            try:
                with _ctrl_c_left_to_this_process():
                    local = distributed.LocalCluster(
                        n_workers=size, threads_per_worker=1, processes=True,
                        # no dashboard; the scheduler's status page on a free local port,
                        # not on 8787 (which another cluster may hold: Dask then warns)
                        dashboard_address=None,
                        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                        silence_logs=logging.CRITICAL if quiet else logging.WARNING,
                        preload=["studkit.simulation.cluster_worker"],
                    )
            except RuntimeError as error:
                raise ClusterError(
                    f"--cluster {address!r}: the local cluster did not start ({error}); a "
                    "Python script that starts one must do so under "
                    "`if __name__ == \"__main__\":` (its workers import the script)"
                ) from None
            stack.callback(local.close)
            client = distributed.Client(local)
            name = address
        else:
            if address is not None:
                target, asked = address, f"--cluster {address!r}"
            else:
                target = _scheduler_file_address(file or "")
                asked = f"--cluster-file {os.fspath(file or '')!r}"
            try:
                client = distributed.Client(target, timeout=CONNECT_SECONDS)
            except (OSError, TimeoutError) as error:
                raise ClusterError(
                    f"{asked}: no Dask scheduler answered at {target} within "
                    f"{CONNECT_SECONDS} s ({error}); start one with `dask scheduler`"
                ) from None
            name = target
        stack.callback(_close, client)
        yield Cluster(client, name)


@contextmanager
def _ctrl_c_left_to_this_process() -> Iterator[None]:
    """Worker processes started meanwhile ignore Ctrl-C (a terminal sends it to them too):
    this process cancels the run and stops them, without a traceback from each."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    # the worker processes inherit "ignored" (a worker the nanny restarts later ignores it
    # through the preload, see cluster_worker.dask_setup); so does this process while the
    # cluster starts, a few seconds
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _close(client: Any) -> None:
    with suppress(Exception):
        client.close(timeout=10 if client.status == "running" else 1)


def _installed(path: Path) -> bool:
    """Whether a module file is part of Python or an installed package (workers have their
    own) rather than the user's own file (which is shipped)."""
    paths = sysconfig.get_paths()
    roots = {Path(paths[key]).resolve() for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    return any(path.is_relative_to(root) for root in roots)


def _bot_sources(bots: tuple[str, ...]) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """The source files of the ``module:Class`` bots' modules that are the user's own."""
    files: list[tuple[str, str]] = []
    names: list[str] = []
    for spec in dict.fromkeys(bots):
        top = spec.partition(":")[0].split(".")[0]
        if ":" not in spec or top in names or top == "studkit":
            continue
        module = sys.modules.get(top)
        where = getattr(module, "__file__", None)
        if where is None or _installed(Path(where).resolve()):
            continue
        path = Path(where).resolve()
        if hasattr(module, "__path__"):
            for file in sorted(path.parent.rglob("*.py")):
                relative = file.relative_to(path.parent).as_posix()
                files.append((f"{top}/{relative}", file.read_text(encoding="utf-8")))
        else:
            files.append((f"{top}.py", path.read_text(encoding="utf-8")))
        names.append(top)
    return tuple(files), tuple(names)


def _plugin_sources(registry: PluginRegistry) -> tuple[tuple[tuple[str, str], ...], ...]:
    return tuple(
        tuple(
            (path.name, path.read_text(encoding="utf-8"))
            for path in sorted(directory.glob("*.py")) if path.is_file()
        )
        for directory in registry.dirs
    )


def _check_workers(cluster: Cluster, version: str) -> None:
    """Every worker has this studkit, or the run stops before any hand."""
    client = cluster.client
    try:
        client.wait_for_workers(1, timeout=WORKERS_SECONDS)
    except TimeoutError:
        raise ClusterError(
            f"no Dask worker joined the scheduler at {cluster.name} within {WORKERS_SECONDS} s: "
            f"start some with `dask worker {cluster.name} --nthreads 1`"
        ) from None
    found = client.run(pkgutil.resolve_name, "studkit:__version__", on_error="return")
    for address, theirs in sorted(found.items()):
        if isinstance(theirs, ImportError):
            raise ClusterError(
                f"worker {address} has no studkit installed ({theirs}): install studkit "
                f"{version} on every worker, e.g. {INSTALL_HINT}"
            )
        if isinstance(theirs, BaseException):
            raise ClusterError(f"worker {address}: cannot check its studkit: {theirs!r}")
        if theirs != version:
            raise ClusterError(
                f"worker {address} has studkit {theirs}, this machine {version}: install "
                f"studkit {version} on every worker"
            )


def run_blocks(
    cluster: Cluster,
    *,
    play: PlayBlock,
    setup: Any,
    hands: int,
    players: int,
    record: bool,
    progress: Callable[[int], None] | None = None,
    largest: int = LARGEST_CLUSTER,
    ready: Callable[[], None] | None = None,
) -> tuple[Tally, list[tuple[int, str]], int]:
    """Play ``hands`` hands of ``setup`` on the cluster in blocks of at most ``largest``
    hands: the merged tally, the recorded histories and how many workers played blocks.
    ``ready`` is called once every worker has studkit checked and the run set up, just
    before the first block is sent (where the hands' own time begins)."""
    from studkit.simulation.cluster_worker import Run, RunPlugin, installed_version

    version = installed_version()
    host = host_for(setup.variant)
    files, modules = _bot_sources(setup.bots)
    # The plugin directories travel as their files (a worker rebuilds the registry from its
    # copies), not as this machine's paths.
    shipped = replace(setup, variant=replace(setup.variant, plugin_registry=None))
    run = Run(
        play=play, setup=shipped, record=record, version=version,
        plugins_dirs=_plugin_sources(registry_of(setup.variant)), bot_files=files,
        bot_modules=modules,
        plugin_names=host.plugin_names if host is not None else (),
    )
    client = cluster.client
    name = f"studkit-run-{uuid.uuid4().hex[:16]}"
    futures: list[Any] = []
    merged: InOrder | None = None
    try:
        _check_workers(cluster, version)
        blocks = split(hands, cluster.slots(), largest)
        merged = InOrder(Tally(players), blocks)
        client.register_plugin(RunPlugin(run, name), name=name)
        if ready is not None:
            ready()
        futures = _submit(client, name, blocks)
        return _gather(cluster, futures, merged, hands, progress)
    except KeyboardInterrupt:
        _cancel(client, futures)
        raise
    except StudkitError:
        _cancel(client, futures)
        raise
    except (CancelledError, OSError, TimeoutError) as error:
        _cancel(client, futures)
        done = merged.done if merged is not None else 0
        raise ClusterError(
            f"the Dask scheduler at {cluster.name} went away ({type(error).__name__}) after "
            f"{done:,} of {hands:,} hands: the run did not finish and there is no result"
        ) from None
    finally:
        if client.status == "running":  # not after losing the scheduler: that would hang
            with suppress(Exception):
                client.unregister_worker_plugin(name)


def _submit(client: Any, name: str, blocks: list[tuple[int, int]]) -> list[Any]:
    from studkit.simulation.cluster_worker import play_block_task

    return list(client.map(
        play_block_task, [name] * len(blocks), [start for start, _ in blocks],
        [stop for _, stop in blocks], key=[f"{name}-block-{i}" for i in range(len(blocks))],
    ))


def _gather(
    cluster: Cluster,
    futures: list[Any],
    merged: InOrder,
    hands: int,
    progress: Callable[[int], None] | None,
) -> tuple[Tally, list[tuple[int, str]], int]:
    from distributed import (  # type: ignore[import-not-found,unused-ignore]
        KilledWorker,
        as_completed,
    )

    from studkit.simulation.cluster_worker import installed_version

    index = {future.key: i for i, future in enumerate(futures)}
    used: set[str] = set()
    for future in as_completed(futures):  # type: ignore[no-untyped-call,unused-ignore]
        i = index[future.key]
        try:
            tally, recorded, address = future.result()
        except KilledWorker:
            start, stop = merged.block(i)
            raise ClusterError(
                f"hands {start + 1:,} to {stop:,} were under way on every worker that died "
                "during the run, too many times for Dask (distributed.scheduler.allowed-"
                "failures): a bot or plugin that ends its process, or workers out of memory"
            ) from None
        except ImportError as error:
            raise ClusterError(
                f"a worker of {cluster.name} cannot import {error.name or 'a module'} "
                f"({error}): install studkit {installed_version()} with its dependencies on "
                f"every worker, e.g. {INSTALL_HINT}"
            ) from None
        merged.add(i, tally, recorded)
        used.add(address)
        if progress is not None:
            progress(merged.done)
    if not merged.complete:  # pragma: no cover - as_completed yields every future
        raise ClusterError(f"the cluster returned {merged.done:,} of {hands:,} hands")
    return merged.tally, merged.recorded, len(used)


def _cancel(client: Any, futures: list[Any]) -> None:
    """Cancel a run's tasks still pending or running on the cluster."""
    if futures and client.status == "running":
        with suppress(Exception):
            client.cancel(futures, force=True)
