"""Every hook is documented: a docstring in studkit.hooks.specs and a section in docs/hooks.md."""

from __future__ import annotations

import inspect
import re

import pytest
from conftest import ROOT

from studkit.hooks import specs as hookspecs

HOOKS = sorted(name for name in dir(hookspecs) if name.startswith("studkit_"))
DOC = (ROOT / "docs" / "hooks.md").read_text()


def _section(name: str) -> str:
    match = re.search(rf"^### `{name}\(.*?(?=^### |^## |\Z)", DOC, re.M | re.S)
    return match.group(0) if match else ""


def test_there_are_hooks() -> None:
    assert len(HOOKS) >= 12


@pytest.mark.parametrize("name", HOOKS)
def test_hook_has_a_docstring_saying_when_and_what(name: str) -> None:
    doc = inspect.getdoc(getattr(hookspecs, name)) or ""
    assert "Called" in doc and "Returns" in doc, f"{name}: say when called and what it returns"


@pytest.mark.parametrize("name", HOOKS)
def test_hook_is_documented_in_hooks_md(name: str) -> None:
    section = _section(name)
    assert section, f"docs/hooks.md has no '### `{name}(...)`' section"
    for argument in inspect.signature(getattr(hookspecs, name)).parameters:
        if argument == "hand":  # explained once, before the hooks
            assert "receives `hand`" in DOC
            continue
        assert f"`{argument}`" in section, f"docs/hooks.md: {name} does not explain `{argument}`"
    first = bool(getattr(hookspecs, name).studkit_spec["firstresult"])
    assert ("first result" in section.lower()) == first, f"{name}: say if first result"


def test_docs_name_no_hook_that_does_not_exist() -> None:
    documented = set(re.findall(r"^### `(studkit_\w+)\(", DOC, re.M))
    assert documented == set(HOOKS)
