"""Which of studkit's modules run compiled in this installation.

``pip install .`` compiles the engine's hot path (the modules below) to C extensions with
mypyc when a C compiler is available, and installs the same modules as plain Python
otherwise, or when ``STUDKIT_PURE_PYTHON=1`` is set, or for an editable install. Both builds
behave the same; the compiled one plays hands about twice as fast. ``setup.py`` reads the
list from this file, so it must import nothing outside the standard library.
"""

from __future__ import annotations

import importlib.machinery
import os

__all__ = ["COMPILED_MODULES", "compiled_modules", "build_description"]

COMPILED_MODULES: tuple[str, ...] = (
    "studkit.engine.chips",
    "studkit.engine.dealing",
    "studkit.engine.hand",
    "studkit.engine.rules",
    "studkit.engine.showdown",
    "studkit.engine.showing",
    "studkit.simulation.playout",
    "studkit.simulation.played",
    "studkit.simulation.draws",
    "studkit.bots.uniform",
)
"""The modules ``setup.py`` compiles with mypyc: the hand (the driver of the rules core, which
is C of its own), its card sources and showdown strengths, the simulator's loop over a
hand's decisions, its random streams' draws, its counting of the hands played and the random
bot's choice.
(The evaluators stay Python: their per-call functions are built around CPython's fastest
idioms, and compiled they were no faster. So does :class:`~studkit.engine.actions.Action`, a
public record that callers build with amounts of any numeric type.)"""


def compiled_modules() -> list[str]:
    """Those of :data:`COMPILED_MODULES` that this installation loads as C extensions.

    Read from the files beside the package, without importing the modules (so that
    ``studkit --version`` stays quick): Python's import system prefers an extension module to
    a ``.py`` file of the same name in the same folder.
    """
    folders = [os.path.dirname(os.path.abspath(__file__))]  # this module is in the package
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    found = []
    for name in COMPILED_MODULES:
        parts = name.split(".")[1:]
        for folder in folders:
            stem = os.path.join(folder, *parts)
            if any(os.path.isfile(stem + suffix) for suffix in suffixes):
                found.append(name)
                break
    return found


def build_description() -> str:
    """``compiled``, ``pure Python``, or ``partly compiled (k of n modules)``."""
    count = len(compiled_modules())
    if count == len(COMPILED_MODULES):
        return "compiled"
    if count == 0:
        return "pure Python"
    return f"partly compiled ({count} of {len(COMPILED_MODULES)} modules)"
