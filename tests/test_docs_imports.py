"""Every name the docs say can be imported can be imported from where they say.

Two kinds of reference are checked in README.md and docs/*.md: the ``from studkit... import
...`` and ``import studkit...`` lines of the code blocks, and every dotted name starting with
``studkit.`` written as inline code (``studkit.history.replay.replay_file(path)``). In the
first cell of a table row, a bare name after a dotted one is in the same module
(``studkit.history.phh.loads_each(text)``, ``load_file_each(path)``).
"""

from __future__ import annotations

import importlib
import re

import pytest
from conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
FROM_IMPORT = re.compile(
    r"^[ \t]*(?:>>> |\.\.\. )?from[ \t]+(studkit[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)",
    re.M,
)
PLAIN_IMPORT = re.compile(r"^[ \t]*(?:>>> )?import[ \t]+(studkit[\w.]*)", re.M)
DOTTED = re.compile(r"\bstudkit(?:\.[A-Za-z_]\w*)+")
BARE = re.compile(r"^([A-Za-z_]\w*)(?:\(.*\))?$")


def _imports(code: str) -> list[str]:
    names = []
    for module, imported in FROM_IMPORT.findall(code):
        for part in imported.strip("()").replace("\n", " ").split(","):
            name = part.split(" as ")[0].strip()
            if name:
                names.append(f"{module}:{name}")
    names += [f"{module}:" for module in PLAIN_IMPORT.findall(code)]
    return names


def documented_names() -> list[tuple[str, str]]:
    """``(page, reference)`` pairs: ``module:name`` for imports, dotted names for prose."""
    found: list[tuple[str, str]] = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in FENCE.findall(text):
            found += [(page.name, name) for name in _imports(block)]
        prose = FENCE.sub("", text)
        for span in re.findall(r"`([^`]+)`", prose):
            found += [(page.name, name) for name in _imports(span)]
            found += [(page.name, dotted) for dotted in DOTTED.findall(span)
                      if not span.lstrip().startswith(("from ", "import "))]
        for row in re.findall(r"^\|([^|\n]*)\|", prose, re.M):
            found += [(page.name, name) for name in _siblings(row)]
    return sorted(set(found))


def _siblings(cell: str) -> list[str]:
    """Bare names after a dotted one in a table cell, as dotted names of the same module."""
    module, names = None, []
    for span in re.findall(r"`([^`]+)`", cell):
        dotted, bare = DOTTED.match(span), BARE.match(span)
        if dotted:
            module = dotted.group().rpartition(".")[0]
        elif bare and module:
            names.append(f"{module}.{bare.group(1)}")
    return names


def resolve(reference: str) -> object:
    """The object a reference names: ``module:name`` (an import) or a dotted path."""
    if ":" in reference:
        module, name = reference.split(":")
        imported = importlib.import_module(module)
        if not name:
            return imported
        try:
            return getattr(imported, name)
        except AttributeError:  # `from package import submodule` imports the submodule
            return importlib.import_module(f"{module}.{name}")
    parts = reference.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ModuleNotFoundError(reference)


REFERENCES = documented_names()


def test_the_docs_name_many_importable_things() -> None:
    assert len(REFERENCES) > 60
    assert ("engine.md", "studkit.engine:format_event") in REFERENCES or any(
        reference.startswith("studkit.engine.format_event") for _, reference in REFERENCES)


@pytest.mark.parametrize(("page", "reference"), REFERENCES)
def test_a_documented_name_imports_from_where_the_docs_say(page: str, reference: str) -> None:
    try:
        resolve(reference)
    except (ImportError, AttributeError) as error:
        pytest.fail(f"{page}: {reference!r} does not import: {error}")
