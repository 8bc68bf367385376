"""The two engines a simulation can run on, and how ``auto`` chooses between them.

* ``general``: :class:`~studkit.engine.hand.Hand` and the Python bots, every variant, every
  plugin, every bot (yours too), hand histories;
* ``kernel``: :mod:`studkit.kernel`, whole hands in compiled loops (numba), for variants
  without Python plugin hooks or wild cards, played by the bots it has a compiled form of.

``auto`` (the default) takes the kernel where the setup allows and numba can be imported,
else the general path, and says why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from studkit.errors import StudkitError

if TYPE_CHECKING:
    from studkit.simulation.runner import Setup
    from studkit.simulation.tally import Tally

__all__ = ["ENGINES", "EngineError", "choose_engine", "kernel_block", "numba_missing"]

ENGINES: Final = ("auto", "kernel", "general")
"""The values of ``--engine``."""


class EngineError(StudkitError):
    """An engine that cannot run the setup as asked (``--engine kernel`` on a variant with
    plugins, say)."""


def numba_missing() -> str | None:
    """Why numba cannot be used here, or ``None`` when it can (imports nothing)."""
    from importlib.util import find_spec

    if find_spec("numba") is None:
        return "numba is not installed (pip install numba)"
    return None


def choose_engine(setup: Setup, engine: str, history: bool) -> tuple[str, str]:
    """The engine to run ``setup`` on and, when ``auto`` fell back to the general path, why.

    ``engine`` is one of :data:`ENGINES`; ``--engine kernel`` on a setup the kernel does not
    cover raises :class:`EngineError` naming what it does not cover."""
    if engine not in ENGINES:
        raise EngineError(f"--engine {engine!r}: expected one of {', '.join(ENGINES)}")
    if engine == "general":
        return "general", ""
    reason = _kernel_gap(setup, history)
    if reason is None:
        return "kernel", ""
    if engine == "kernel":
        raise EngineError(f"--engine kernel cannot run this: {reason}; use --engine general")
    return "general", reason


def _kernel_gap(setup: Setup, history: bool) -> str | None:
    if history:
        return "--history writes hand histories, which only the general engine keeps"
    from studkit.kernel.plan import unsupported

    reason = unsupported(setup.variant, setup.bots, setup.players, setup.stack)
    if reason is not None:
        return reason
    return numba_missing()


def kernel_block(setup: Setup, start: int, stop: int) -> Tally:
    """Hands ``start`` .. ``stop - 1`` of the run on the kernel, counted: the same hands
    whichever process (or machine) plays them, so blocks merge into the same totals."""
    from studkit.kernel.run import kernel_block as play, kernel_run

    run = kernel_run(
        setup.variant, setup.stakes, setup.players, setup.stack, setup.bots, setup.seed
    )
    return play(run, start, stop)
