"""The examples in the docs run as written and print what the docs say they print."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from studkit.cli import main

DOCS = ROOT / "docs"


def blocks(doc: str, language: str) -> list[str]:
    text = (DOCS / doc).read_text()
    return re.findall(rf"```{language}\n(.*?)```", text, re.S)


def run_python(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=cwd, check=False)


def test_the_evaluator_examples_run_and_their_comments_hold(tmp_path: Path) -> None:
    first, wild, odds = blocks("evaluators.md", "python")
    for code in (first, wild):
        done = run_python(code, tmp_path)
        assert done.returncode == 0, done.stderr
    checks = "\n".join(
        f"assert repr({line.split('#')[0].strip()}) == {line.split('#')[1].strip()!r}"
        if "(" not in line.split("#")[1] else
        f"assert str({line.split('#')[0].strip()}).replace(' ', '') == "
        f"{line.split('#')[1].strip().replace(' ', '')!r}"
        for line in first.splitlines() if "#" in line
    )
    done = run_python(first + "\n" + checks, tmp_path)
    assert done.returncode == 0, done.stderr
    assert "category_counts" in odds  # a 7-card enumeration: run by hand, not per test run


def test_the_hand_history_examples_run_on_the_page_s_own_file(tmp_path: Path) -> None:
    (toml,) = blocks("hand-histories.md", "toml")[:1]
    (tmp_path / "hands").mkdir()
    (tmp_path / "hands" / "hand-85.phh").write_text(toml)
    for code in blocks("hand-histories.md", "python"):
        done = run_python(code, tmp_path)
        assert done.returncode == 0, done.stderr
    assert "hands/hand-85.phh True [0, 29700000] None" in run_python(
        blocks("hand-histories.md", "python")[0], tmp_path).stdout
    assert main(["replay", str(tmp_path / "session.phhs")]) == 0


def console_runs(doc: str) -> list[tuple[list[str], list[str]]]:
    """``$ studkit ...`` commands of the page's console blocks with the lines they print."""
    runs: list[tuple[list[str], list[str]]] = []
    for block in blocks(doc, "console"):
        for line in block.splitlines():
            if line.startswith("$ studkit "):
                runs.append((line[len("$ studkit "):].split(), []))
            elif runs:
                runs[-1][1].append(line)
    return runs


@pytest.mark.parametrize("words", [["diff", "seven-card-stud", "razz"]])
def test_cli_console_examples_print_what_the_page_shows(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    (shown,) = [out for argv, out in console_runs("cli.md") if argv == words]
    assert main(words) == 0
    assert capsys.readouterr().out.splitlines() == shown


def test_the_house_rule_walkthrough(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    yaml_blocks = blocks("variants.md", "yaml")
    club = next(block for block in yaml_blocks if "name: club-stud" in block)
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "club-stud.yaml").write_text(club)
    monkeypatch.chdir(tmp_path)
    for argv, shown in console_runs("variants.md"):
        capsys.readouterr()
        assert main(argv) == 0, argv
        if shown:
            assert capsys.readouterr().out.splitlines() == shown, argv
    smallest = yaml_blocks[0]
    (tmp_path / "smallest.yaml").write_text(smallest)
    assert main(["validate", "smallest.yaml"]) == 0


def test_the_authoring_guide_lists_every_shipped_variant() -> None:
    from studkit.loader import builtin_variant_names

    table = (DOCS / "variants.md").read_text().split("## The shipped variants", 1)[1]
    missing = [name for name in builtin_variant_names() if f"`{name}`" not in table]
    assert missing == []


def test_validate_example_counts_the_shipped_files() -> None:
    from studkit.loader import builtin_variant_names

    count = len(builtin_variant_names())
    assert f"{count} files valid" in (DOCS / "cli.md").read_text()
