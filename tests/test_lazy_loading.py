"""Start-up stays light: ``import studkit``, ``studkit --version`` and loading a variant do
not import numpy, jsonschema, rich or matplotlib, nor build evaluator tables, until something
uses them. (Checked in fresh processes through ``sys.modules``; nothing is timed.)"""

from __future__ import annotations

import random
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
from timeouts import LOADED_MACHINE_TIMEOUT

from studkit.cards import CARDS
from studkit.evaluation import TABLE_EVALUATOR_NAMES as EVALUATOR_NAMES, get_evaluator
from studkit.variant.semantics import best_distinct_category

HEAVY = ("numpy", "jsonschema", "rich", "matplotlib")


def _loaded_after(code: str) -> list[str]:
    """The heavy modules a fresh interpreter holds after running ``code``."""
    probe = f"{code}\nimport sys\nprint(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True,
        timeout=LOADED_MACHINE_TIMEOUT, check=True,
    )
    return result.stdout.splitlines()[-1].split() if result.stdout.strip() else []


def test_import_studkit_loads_no_heavy_module() -> None:
    assert _loaded_after("import studkit") == []


def test_studkit_version_loads_no_heavy_module() -> None:
    code = (
        "import contextlib, io, studkit.cli\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    code = studkit.cli.main(['--version'])\n"
        "assert code == 0 and out.getvalue().startswith('studkit '), out.getvalue()"
    )
    assert _loaded_after(code) == []


def test_studkit_version_prints_the_version_and_build(tmp_path: Path) -> None:
    import studkit
    from studkit.compiled import build_description

    # From an empty folder, so ``-m`` finds the studkit this test imported (the installed
    # package), not a checkout's sources in the current directory.
    result = subprocess.run(
        [sys.executable, "-m", "studkit", "--version"], capture_output=True, text=True,
        timeout=LOADED_MACHINE_TIMEOUT, check=False, cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"studkit {studkit.__version__} ({build_description()})"


def test_the_names_studkit_exports_still_import() -> None:
    code = "import studkit\nfor name in studkit.__all__:\n    getattr(studkit, name)"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=LOADED_MACHINE_TIMEOUT)


def test_loading_a_variant_builds_no_tables_nor_imports_numpy() -> None:
    code = (
        "import studkit\n"
        "for name in ('seven-card-stud', 'seven-card-stud-hi-lo', 'razz', '2-7-razz'):\n"
        "    studkit.load_variant(name)\n"
        "import sys\n"
        "assert 'studkit.evaluation.tables' not in sys.modules"
    )
    loaded = _loaded_after(code)
    assert "numpy" not in loaded and "rich" not in loaded and "matplotlib" not in loaded


def test_an_evaluator_builds_its_tables_on_first_use() -> None:
    code = (
        "from studkit.evaluation import get_evaluator\n"
        "from studkit.cards import parse_cards\n"
        "high = get_evaluator('high')\n"
        "assert high.categories[0] == 'straight-flush' and high.qualifier('one-pair') > 0\n"
        "import sys\n"
        "assert 'numpy' not in sys.modules\n"
        "first = high.evaluate\n"
        "strength = high.evaluate(parse_cards('As Ad Kc 7h 2s'))\n"
        "assert high.describe(strength) == 'One pair, aces, kickers K-7-2'\n"
        "assert high.evaluate is not first and first(parse_cards('As Ad Kc 7h 2s')) == strength"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=LOADED_MACHINE_TIMEOUT)


def _brute_force(name: str, ranks: list[int], held: int) -> int:
    """What the check used to compute: every choice of distinct ranks ranked."""
    evaluator = get_evaluator(name)
    size = min(held, 5, len(ranks))
    best = max(
        evaluator.evaluate([CARDS[rank * 4 + i % 4] for i, rank in enumerate(chosen)])
        for chosen in combinations(ranks, size)
    )
    return best >> 20


@pytest.mark.parametrize("name", EVALUATOR_NAMES)
def test_best_distinct_category_matches_ranking_every_choice(name: str) -> None:
    rng = random.Random(name)
    ranking = get_evaluator(name).ranking
    rank_sets = [list(range(13))] + [
        sorted(rng.sample(range(13), rng.randint(1, 12))) for _ in range(60)
    ]
    rank_sets += [[12, 0, 1, 2, 3], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 5], [12, 0, 1, 2, 3, 4],
                  [8, 9, 10, 11, 12], [3, 4, 5, 6, 7, 8]]
    for ranks in rank_sets:
        for held in range(1, 9):
            assert best_distinct_category(ranking, ranks, held) == _brute_force(
                name, ranks, held
            ), (ranks, held)


def test_compiled_modules_match_what_python_imports() -> None:
    import importlib
    import importlib.machinery

    from studkit.compiled import COMPILED_MODULES, compiled_modules

    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    imported = [
        name for name in COMPILED_MODULES
        if (getattr(importlib.import_module(name), "__file__", None) or "").endswith(suffixes)
    ]
    assert compiled_modules() == imported


def test_a_command_imports_only_its_own_command_module() -> None:
    code = (
        "import contextlib, io, sys, studkit.cli\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    try:\n"
        "        studkit.cli.main(['equity', '--help'])\n"
        "    except SystemExit:\n"
        "        pass\n"
        "assert 'usage: studkit equity' in out.getvalue(), out.getvalue()\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('studkit.cli.'))))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=LOADED_MACHINE_TIMEOUT, check=True)
    from studkit.cli import COMMAND_MODULES

    loaded = {name.rsplit(".", 1)[1] for name in result.stdout.split()}
    assert loaded & set(COMMAND_MODULES) == {"equity"}, result.stdout


def test_the_help_still_lists_every_command() -> None:
    import contextlib
    import io

    from studkit.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(["--help"])
    for command in ("odds", "list", "show", "validate", "replay", "equity", "simulate",
                    "compare", "play", "plugins", "serve", "rl"):
        assert f"    {command} " in out.getvalue() or f"    {command}\n" in out.getvalue(), command
