"""The package ships everything: every subpackage is listed in pyproject.toml."""

from __future__ import annotations

import tomllib

from conftest import ROOT


def test_every_subpackage_is_listed() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "studkit").rglob("__init__.py")
    }
    assert found - listed == set(), "add these packages to [tool.setuptools] packages"
    assert {"studkit.variants", "studkit.plugins"} <= listed
    assert config["package-dir"]["studkit.variants"] == "variants"
    assert config["package-dir"]["studkit.plugins"] == "plugins"
