"""Help a user reads cites only what ships with studkit: no private rule-document numbers
(``spec-0...``, ``stud-family 2.3``) in the schema's descriptions (the designer's key help),
``studkit schema`` or the plugin summaries ``studkit plugins`` prints."""

from __future__ import annotations

import re
from typing import Any

import pytest

import studkit.cli
from studkit.variant.schema import variant_schema

_PRIVATE_CITATION = re.compile(r"spec-0|spec documents|stud-family \d")


def _descriptions(schema: Any) -> list[str]:
    if isinstance(schema, dict):
        found = [schema["description"]] if isinstance(schema.get("description"), str) else []
        return found + [text for value in schema.values() for text in _descriptions(value)]
    if isinstance(schema, list):
        return [text for value in schema for text in _descriptions(value)]
    return []


def test_the_schema_descriptions_cite_only_shipped_docs() -> None:
    descriptions = _descriptions(variant_schema())
    assert len(descriptions) > 80
    assert [text for text in descriptions if _PRIVATE_CITATION.search(text)] == []
    assert any("(docs/variants.md, Discards)" in text for text in descriptions)


@pytest.mark.parametrize("argv", [["schema"], ["schema", "--markdown"], ["plugins"]])
def test_cli_help_cites_only_shipped_docs(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert studkit.cli.main(argv) == 0
    out = capsys.readouterr().out
    assert out
    assert _PRIVATE_CITATION.findall(out) == []


def test_the_pattern_catches_a_private_citation() -> None:
    assert _PRIVATE_CITATION.search("A flip (stud-family 2.5): ...")
    assert _PRIVATE_CITATION.search("mucked unshown (spec-000).")
    assert not _PRIVATE_CITATION.search("the stud family's games")
