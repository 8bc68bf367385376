"""The record of variant data the schema accepted: a second load skips ``jsonschema``, data
with a problem is always checked (its messages never come from the record), and a cache
directory that is missing or read-only changes nothing but the time taken."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from timeouts import LOADED_MACHINE_TIMEOUT

from studkit import load_variant
from studkit.errors import VariantError
from studkit.variant import schema
from studkit.variant.schema_cache import FOLDER, accepted_key, record_accepted, was_accepted

GOOD = """\
studkit: 1
name: cached-stud
extends: seven-card-stud
"""
BAD = GOOD + "betting:\n  structure: fixd-limit\n"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("STUDKIT_CACHE_DIR", str(folder))
    return folder


def _refuse_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> object:
        raise AssertionError("the schema was run on data it accepted before")

    monkeypatch.setattr(schema, "_validator", refuse)


def test_accepted_data_is_not_checked_again(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cached-stud.yaml"
    path.write_text(GOOD)
    first = load_variant(path)
    assert len(list((cache / FOLDER).iterdir())) == 1
    _refuse_validation(monkeypatch)
    assert load_variant(path) == first


def test_data_with_a_problem_is_checked_every_time(
    cache: Path, tmp_path: Path
) -> None:
    path = tmp_path / "cached-stud.yaml"
    path.write_text(BAD)
    for _ in range(2):
        with pytest.raises(VariantError, match=r"cached-stud.yaml:5:.*'fixd-limit'"):
            load_variant(path)
    assert not (cache / FOLDER).exists()


def test_an_edit_is_checked_again(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cached-stud.yaml"
    path.write_text(GOOD)
    load_variant(path)
    path.write_text(BAD)
    os.utime(path, (1, 1))  # a new stamp, so the file is read again
    with pytest.raises(VariantError, match="'fixd-limit'"):
        load_variant(path)


def test_the_key_tells_values_of_different_types_and_schemas_apart() -> None:
    values = (1, "1", 1.0, True, None, [1], {"1": 1}, {1: 1})
    assert len({accepted_key("{}", {"a": value}) for value in values}) == len(values)
    assert accepted_key("{}", {"a": 1}) != accepted_key("{ }", {"a": 1})


def test_an_unwritable_cache_only_costs_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setenv("STUDKIT_CACHE_DIR", str(blocker / "cache"))
    key = accepted_key("{}", {"a": 1})
    record_accepted(key)
    assert not was_accepted(key)
    path = tmp_path / "cached-stud.yaml"
    path.write_text(GOOD)
    assert load_variant(path).name == "cached-stud"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a non-root POSIX user")
def test_a_read_only_cache_is_read(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "cached-stud.yaml"
    path.write_text(GOOD)
    load_variant(path)
    (cache / FOLDER).chmod(0o555)
    try:
        code = (
            f"import studkit, sys\nstudkit.load_variant({str(path)!r})\n"
            "print('jsonschema' in sys.modules)"
        )
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                timeout=LOADED_MACHINE_TIMEOUT, check=True, env=dict(os.environ))
        assert result.stdout.split() == ["False"]
        path.write_text(GOOD.replace("cached-stud", "other-stud"))
        code = f"import studkit\nprint(studkit.load_variant({str(path)!r}).name)"
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                timeout=LOADED_MACHINE_TIMEOUT, check=True, env=dict(os.environ))
        assert result.stdout.split() == ["other-stud"]
    finally:
        (cache / FOLDER).chmod(0o755)


def test_a_text_typed_in_is_checked_but_not_recorded(cache: Path) -> None:
    from studkit.variant.loader import load_variant_text

    assert load_variant_text(GOOD).name == "cached-stud"
    assert not (cache / FOLDER).exists() or not list((cache / FOLDER).iterdir())
    with pytest.raises(VariantError, match="'fixd-limit'"):
        load_variant_text(BAD)
