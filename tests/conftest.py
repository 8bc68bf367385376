"""Shared test configuration: tests marked ``slow`` run only in CI (``CI`` set), the suite
keeps studkit's cache (odds tables, accepted variant files) in a folder of its own, and the
processes it starts import the installed studkit."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
WSOP = EXAMPLES / "hands" / "wsop-2023-43-ppc"
"""The 30 real WSOP stud hands with their expected results, shipped in the repository."""


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
