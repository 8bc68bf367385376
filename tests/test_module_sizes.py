"""Modules stay small enough to read: every source file of studkit and the shipped plugins
is under 500 lines (split by concept, into modules named for what they hold)."""

from __future__ import annotations

from conftest import ROOT

MAX_LINES = 500


def test_every_module_is_under_500_lines() -> None:
    too_long = []
    for folder in ("studkit", "plugins"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            lines = len(path.read_text().splitlines())
            if lines >= MAX_LINES:
                too_long.append(f"{path.relative_to(ROOT)}: {lines} lines")
    assert not too_long, f"modules of {MAX_LINES} lines or more:\n" + "\n".join(too_long)
