"""Shared test configuration: tests marked ``slow`` run only in CI (``CI`` set), the suite
keeps studkit's cache (odds tables, accepted variant files) in a folder of its own, the
processes it starts import the installed studkit, and no hypothesis test has a deadline (a
loaded machine may take seconds over any one example; see docs/testing.md)."""

from __future__ import annotations

import os
import socket
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
WSOP = EXAMPLES / "hands" / "wsop-2023-43-ppc"
"""The 30 real WSOP stud hands with their expected results, shipped in the repository."""


def free_port() -> int:
    """A loopback port nothing listens on, as the system picks it (a test never names a fixed
    port: another test, run at the same time, or another program may hold it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def pytest_configure(config: pytest.Config) -> None:
    # The fuzz tests load thousands of generated variant files: their records of accepted data
    # go to a folder of the run's own, never the user's cache (child processes inherit it).
    if not os.environ.get("STUDKIT_CACHE_DIR"):
        os.environ["STUDKIT_CACHE_DIR"] = tempfile.mkdtemp(prefix="studkit-test-cache-")
    # The child processes the tests start ("python -m studkit ...", "python -c ...") must
    # import the installed studkit these tests test, not the checkout's sources, which Python
    # would find first in the working directory and which hold the rules core's C sources, not
    # the built extension.
    os.environ["PYTHONSAFEPATH"] = "1"
    # Hypothesis times each example: on a loaded machine any example may take seconds, and a
    # deadline or the "too slow" health check would fail a test whose code is right. Loaded
    # before the test modules are, so their own settings(...) inherit it.
    try:
        from hypothesis import HealthCheck, settings
    except ImportError:  # the test extra installs it; the tests that use it need it
        return
    settings.register_profile(
        "studkit", deadline=None, suppress_health_check=[HealthCheck.too_slow]
    )
    settings.load_profile("studkit")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("CI"):
        return
    skip = pytest.mark.skip(reason="slow: runs in CI (set CI=1 to run here)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def run_doctests(name: str) -> tuple[int, int]:
    """Run the docstring examples of module ``name``; ``(failed, attempted)``.

    A compiled module (see studkit.compiled) keeps no docstrings to search, so its examples
    are read from its source file in the checkout and run in the compiled module's namespace.
    """
    import doctest
    import importlib

    module = importlib.import_module(name)
    source = ROOT / (name.replace(".", "/") + ".py")
    if (getattr(module, "__file__", "") or "").endswith(".py"):
        result = doctest.testmod(module)
        return result.failed, result.attempted
    import ast

    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner()
    tree = ast.parse(source.read_text(), str(source))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            docstring = ast.get_docstring(node, clean=True)
            if docstring and ">>>" in docstring:
                where = getattr(node, "lineno", 0)
                globs = dict(vars(module))
                runner.run(parser.get_doctest(docstring, globs, name, str(source), where))
    result = runner.summarize(verbose=False)
    return result.failed, result.attempted
