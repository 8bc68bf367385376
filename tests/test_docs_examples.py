"""The examples in the docs run as written and print what the docs say they print."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import ROOT, free_port
from timeouts import LOADED_MACHINE_TIMEOUT

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


SHELL_PAGES = ("README.md", *sorted(p.name for p in DOCS.glob("*.md")))
"""Every page whose shell examples are run: the README and each page of docs/."""

IN_CI = bool(os.environ.get("CI"))
SMALL_HANDS = 200
"""Hands per variant of a simulate or compare example run outside CI."""


@dataclass
class Example:
    """One command of a page with the output the page shows for it (``...`` stands for any
    lines; empty when the page shows none)."""

    page: str
    command: str
    shown: list[str] = field(default_factory=list)


def page_text(page: str) -> str:
    return (ROOT / page if page == "README.md" else DOCS / page).read_text()


def shell_examples(page: str) -> list[Example]:
    """The commands of a page's ``sh`` blocks (a line each, ``# comments`` dropped) and of
    its ``console`` blocks (``$ `` lines, followed by what they print), in page order.
    ``pip install`` and ``pytest`` are left to CI (``.ci/run`` installs and tests exactly
    as the README says)."""
    examples: list[Example] = []
    for language, body in re.findall(r"```(sh|console)\n(.*?)```", page_text(page), re.S):
        for line in body.splitlines():
            if language == "console" and not line.startswith("$ "):
                if examples and examples[-1].page == page:
                    examples[-1].shown.append(line)
                continue
            command = re.sub(r"(^|\s+)# .*$", "", line.removeprefix("$ ")).strip()
            steps = [step.strip() for step in command.split("&&")]
            steps = [s for s in steps if runnable(s)]
            if steps:
                examples.append(Example(page, " && ".join(steps)))
    return examples


def runnable(step: str) -> bool:
    """Whether a test can run the command: a studkit command (possibly fed by a pipe) or a
    look at what one wrote (``grep``); not installs and test runs (CI runs those as the
    README says), nor a setup across machines (``scheduler-host``)."""
    programs = [part.split()[0] for part in step.split("|") if part.split()]
    return ("studkit" in programs or programs[:1] == ["grep"]) and "scheduler-host" not in step


def smaller(command: str) -> str:
    """The same command with fewer hands (simulate, compare) or fewer cards (odds)."""
    words = shlex.split(command.split("|")[-1]) if "studkit" in command else []
    if len(words) < 2 or words[0] != "studkit":
        return command
    if words[1] in ("simulate", "compare"):
        if "--hands" in command:
            return re.sub(r"--hands (\d+)",
                          lambda m: f"--hands {min(int(m.group(1)), SMALL_HANDS)}", command)
        return f"{command} --hands {SMALL_HANDS}"
    if words[1] == "odds":
        if "--cards" in command:
            return re.sub(r"--cards \d", "--cards 5", command)
        return f"{command} --cards 5"
    return command


def shown_pattern(shown: list[str]) -> re.Pattern[str]:
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line.strip() == "..." else re.escape(line.rstrip()) + r"\n"
        for line in shown
    )
    return re.compile(pattern)


def workdir(tmp_path: Path) -> Path:
    """A folder like a fresh clone's root for the examples' relative paths, where what the
    examples write (reports, histories) lands outside the checkout."""
    for folder in ("examples", "variants", "docs"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    return tmp_path


def shell_env() -> dict[str, str]:
    # BROWSER=true: `studkit serve` "opens" the page with /bin/true
    return dict(os.environ, PYTHONUNBUFFERED="1", COLUMNS="80", BROWSER="true",
                PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")


def run_shell(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    if command.startswith("studkit serve"):
        return run_server(command, cwd)
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=shell_env(),
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=600, check=False)


def run_server(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A server example: it must start and answer its first page; then it is stopped with
    Ctrl-C (exit 0 if it stopped cleanly). It serves on a free port instead of the one the
    page names (two examples run at once must not meet on 8765). A port another program
    took meanwhile is not its fault: that counts as started."""
    import signal
    import time
    import urllib.request

    command = re.sub(r"\s--port[ =]\d+", "", command)
    command = command.replace("studkit serve", f"studkit serve --port {free_port()}", 1)
    server = subprocess.Popen(["bash", "-c", f"exec {command}"], cwd=cwd, env=shell_env(),
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    assert server.stdout is not None
    lines: list[str] = []
    url = None
    for line in server.stdout:
        lines.append(line)
        found = re.search(r"http://\S+", line)
        if found or "address already in use" in line.lower():
            url = found.group() if found else None
            break
    code = server.poll()
    if url is not None and code is None:
        code = 1
        deadline = time.monotonic() + LOADED_MACHINE_TIMEOUT
        while True:  # the address is printed just before the server listens
            try:
                with urllib.request.urlopen(url, timeout=LOADED_MACHINE_TIMEOUT) as page:
                    code = 0 if page.status == 200 else 1
                break
            except OSError as error:
                if time.monotonic() > deadline or server.poll() is not None:
                    lines.append(f"{url}: {error}\n")
                    break
                time.sleep(0.5)
        server.send_signal(signal.SIGINT)
        lines.extend(server.communicate(timeout=LOADED_MACHINE_TIMEOUT)[0].splitlines(
            keepends=True))
        code = code or server.returncode
    elif code is None:
        server.kill()
        code = 0 if any("in use" in line for line in lines) else 1
    return subprocess.CompletedProcess(command, code, "".join(lines))


@pytest.mark.slow  # minutes: about 60 commands (CI=1 pytest tests/test_docs_examples.py)
@pytest.mark.parametrize("page", SHELL_PAGES)
def test_every_shell_example_of_the_page_runs_and_prints_what_it_shows(
    page: str, tmp_path: Path
) -> None:
    """Each command runs from the root of a clone (no file outside it is needed), in page
    order; it succeeds unless the page shows it failing (an ``error:`` line, or a count of
    invalid files or failed hands), and its output begins with what the page shows (``...``
    skipping lines; standard error included, blank lines at the start left out). Outside
    CI, or where the page shows no output, simulate and compare play fewer hands and odds
    counts five-card hands, and then only the exit code is checked."""
    cwd = workdir(tmp_path)
    wrong: list[str] = []
    for example in shell_examples(page):
        command = example.command
        if not (IN_CI and example.shown):
            command = smaller(command)
        done = run_shell(command, cwd)
        failing = any(re.search(r"error:|\d+ (files? invalid|failed)$", line)
                      for line in example.shown)
        out = "\n".join(line.rstrip() for line in done.stdout.lstrip("\n").splitlines()) + "\n"
        if (done.returncode != 0) != failing:
            wrong.append(f"{command!r} exited {done.returncode}:\n{out[-3000:]}")
        elif example.shown and command == example.command and not shown_pattern(
            example.shown
        ).match(out):
            wrong.append(f"{command!r} printed\n{out[:4000]}\nbut the page shows\n"
                         + "\n".join(example.shown))
    assert not wrong, f"{page}:\n" + "\n\n".join(wrong)


def test_the_pages_have_shell_examples_to_run() -> None:
    counted = {page: len(shell_examples(page)) for page in SHELL_PAGES}
    assert counted["README.md"] >= 9 and counted["cli.md"] >= 20, counted
    shown = [e for page in SHELL_PAGES for e in shell_examples(page) if e.shown]
    assert len(shown) >= 10


def test_the_smaller_commands_are_the_same_commands() -> None:
    assert smaller("studkit simulate razz --hands 2000 --json") == \
        f"studkit simulate razz --hands {SMALL_HANDS} --json"
    assert smaller("studkit compare a b --report r/") == f"studkit compare a b --report r/ " \
        f"--hands {SMALL_HANDS}"
    assert smaller("studkit odds high --cards 7 --json") == "studkit odds high --cards 5 --json"
    assert smaller("studkit odds razz") == "studkit odds razz --cards 5"
    assert smaller("studkit list") == "studkit list"


def test_shown_output_may_skip_lines_with_an_ellipsis() -> None:
    pattern = shown_pattern(["a", "...", "d"])
    assert pattern.match("a\nb\nc\nd\n") and pattern.match("a\nd\ne\n")
    assert not pattern.match("a\nb\n") and not pattern.match("x\na\nd\n")


def test_the_readme_python_example_runs(tmp_path: Path) -> None:
    (code,) = re.findall(r"```python\n(.*?)```", page_text("README.md"), re.S)
    done = run_python(code, workdir(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "bring_in" in done.stdout or "bring-in" in done.stdout


def test_the_house_rule_files_shown_are_the_files_shipped() -> None:
    (readme,) = re.findall(r"```yaml\n(.*?)```", page_text("README.md"), re.S)
    assert (ROOT / "examples" / "house" / "our-club-stud.yaml").read_text() == readme
    club = next(block for block in blocks("variants.md", "yaml") if "name: club-stud" in block)
    assert (ROOT / "examples" / "house" / "club-stud.yaml").read_text() == club


def test_the_authoring_guide_lists_every_shipped_variant() -> None:
    from studkit.variant.loader import builtin_variant_names

    table = (DOCS / "variants.md").read_text().split("## The shipped variants", 1)[1]
    missing = [name for name in builtin_variant_names() if f"`{name}`" not in table]
    assert missing == []


def test_validate_example_counts_the_shipped_files() -> None:
    from studkit.variant.loader import builtin_variant_names

    count = len(builtin_variant_names())
    assert f"{count} files valid" in (DOCS / "cli.md").read_text()


def test_the_smallest_variant_file_of_the_guide_is_valid(tmp_path: Path) -> None:
    smallest = blocks("variants.md", "yaml")[0]
    (tmp_path / "smallest.yaml").write_text(smallest)
    assert main(["validate", str(tmp_path / "smallest.yaml")]) == 0


@pytest.mark.parametrize("page", ["engine.md", "pots.md", "hooks.md"])
def test_the_python_examples_of_the_page_run_in_order(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's ``python`` blocks run one after the other in one namespace, as a reader
    typing them would; ``>>>`` blocks are checked as doctests (their output must match), and
    a block that only states a signature (``name(...) -> type``) is not run.
    (evaluators.md, hand-histories.md and simulation.md have tests of their own.)"""
    import doctest

    monkeypatch.chdir(workdir(tmp_path))
    namespace: dict[str, object] = {"__name__": "__docs__"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks(page, "python")):
        if re.fullmatch(r"[\w.]+\(.*\)( -> .+)?\s*", block, re.S) and "\n" not in block.strip():
            continue
        if block.lstrip().startswith(">>>"):
            test = parser.get_doctest(block, namespace, f"{page}[{number}]", page, 0)
            runner.run(test, clear_globs=False)
            continue
        exec(compile(block, f"{page}[{number}]", "exec"), namespace)  # noqa: S102
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{page}: {result.failed} doctest example(s) failed"
    assert result.attempted >= {"engine.md": 2, "pots.md": 4}.get(page, 0)
