"""The line every benchmark prints first: which studkit build it measures."""

from __future__ import annotations


def print_build() -> None:
    """Print the build (compiled or pure Python) and where studkit was imported from."""
    from studkit import __file__ as location
    from studkit.compiled import build_description

    build = build_description()
    print(f"studkit build: {build} ({location})")
    if build != "compiled":
        print("  (not the compiled build that `pip install .` makes: the engine runs about half "
              "as fast; see the README's Builds)")
