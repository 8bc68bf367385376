"""What the benchmark scripts share: the line each prints first (which studkit build it
measures), and the ``studkit`` command of this Python's environment."""

from __future__ import annotations

import os
import shutil
import sys


def studkit_command() -> list[str]:
    """The ``studkit`` command of this Python's environment (else ``python -m studkit``)."""
    script = os.path.join(os.path.dirname(sys.executable), "studkit")
    if os.path.exists(script):
        return [script]
    found = shutil.which("studkit")
    return [found] if found else [sys.executable, "-m", "studkit"]


def print_build() -> None:
    """Print the build (compiled or pure Python) and where studkit was imported from."""
    from studkit import __file__ as location
    from studkit.compiled import build_description

    build = build_description()
    print(f"studkit build: {build} ({location})")
    if build != "compiled":
        print("  (not the compiled build that `pip install .` makes: the engine runs about half "
              "as fast; see the README's Builds)")
