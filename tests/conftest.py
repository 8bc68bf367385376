"""Shared test configuration: tests marked ``slow`` run only in CI (``CI`` set)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason="slow: runs in CI (set CI=1 to run here)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
