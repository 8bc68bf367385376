"""A parent file is parsed once per version: an edit on disk is seen by the next load."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from studkit.variant.loader import VariantFileError, load_variant


def test_an_edited_parent_is_read_again(tmp_path: Path) -> None:
    parent = tmp_path / "parent.yaml"
    child = tmp_path / "child.yaml"
    parent.write_text("studkit: 1\nname: parent\nextends: seven-card-stud\n"
                      "betting:\n  max_raises: 2\n")
    child.write_text("studkit: 1\nname: child\nextends: parent.yaml\n")
    assert load_variant(child).betting.max_raises == 2
    assert load_variant(child).betting.max_raises == 2  # from the parsed tree kept
    parent.write_text("studkit: 1\nname: parent\nextends: seven-card-stud\n"
                      "betting:\n  max_raises: 5\n")
    status = parent.stat()
    os.utime(parent, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000))
    assert load_variant(child).betting.max_raises == 5
    parent.write_text("studkit: 1\nname: parent\nbetting: [\n")
    with pytest.raises(VariantFileError, match="parent.yaml:4:1: YAML syntax error"):
        load_variant(child)  # a broken parent is reported, not served from before
