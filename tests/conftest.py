"""Shared test configuration: tests marked ``slow`` run only in CI (``CI`` set)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
WSOP = SHARED / "data" / "phh" / "wsop-2023-43-ppc"
"""The 30 real WSOP stud hands with their expected results (beside the checkout, as in CI)."""


def require_shared_data() -> None:
    """Skip the calling test module when the real-hand data is absent, except in CI."""
    if not WSOP.is_dir() and not os.environ.get("CI"):
        pytest.skip(f"real-hand data not found at {WSOP}", allow_module_level=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason="slow: runs in CI (set CI=1 to run here)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
