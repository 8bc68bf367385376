"""The package ships everything: every subpackage is listed in pyproject.toml."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
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


def test_a_source_checkout_finds_the_shipped_variants_and_plugins(tmp_path: Path) -> None:
    """Imported straight from a checkout (no install mapping), variants and plugins load.

    The checkout is copied with its C extensions built in place, as ``pip install -e .``
    leaves one (the extensions are taken from the installed build): the sources, with
    ``variants/`` and ``plugins/`` beside the package rather than inside it."""
    import importlib
    import shutil
    import subprocess
    import sys

    checkout = tmp_path / "checkout"
    shutil.copytree(
        ROOT / "studkit", checkout / "studkit",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    for folder in ("variants", "plugins"):
        (checkout / folder).symlink_to(ROOT / folder, target_is_directory=True)
    for name in ("studkit.core._core", "studkit.kernel._kernel", "studkit.bots._decide"):
        built = Path(str(importlib.import_module(name).__file__))
        shutil.copy(built, checkout / Path(*name.split(".")[:-1]) / built.name)
    code = (
        "import site, sys\n"
        f"sys.path[:0] = [{str(checkout)!r}, *site.getsitepackages()]\n"
        "import studkit\n"
        "assert studkit.__file__.startswith(" + repr(str(checkout)) + "), studkit.__file__\n"
        "print(studkit.load_variant('baseball').name)\n"
        "import studkit.plugins.baseball\n"
        "assert studkit.plugins.baseball.__file__.startswith(" + repr(str(checkout)) + ")\n"
    )
    # -S: no site processing, so no editable-install finder maps the folders for us.
    result = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=checkout,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "baseball"


def test_a_checkout_without_its_built_core_says_so() -> None:
    """Run inside a checkout whose C core was never built, studkit names the cause and the
    two ways out instead of a bare import error."""
    import subprocess
    import sys

    # without PYTHONSAFEPATH, "python -c" in the checkout imports the checkout's sources
    env = {k: v for k, v in os.environ.items() if k != "PYTHONSAFEPATH"}
    if list(ROOT.glob("studkit/core/_core*.so")):
        pytest.skip("this checkout's core is built in place")
    result = subprocess.run(
        [sys.executable, "-c", "import studkit.core"], capture_output=True, text=True,
        cwd=ROOT, env=env, check=False,
    )
    assert result.returncode == 1
    assert f"imported from the source checkout {ROOT}" in result.stderr
    assert "pip install -e ." in result.stderr


def test_the_compiled_module_list_names_real_modules() -> None:
    from studkit.compiled import COMPILED_MODULES

    for name in COMPILED_MODULES:
        assert (ROOT / (name.replace(".", "/") + ".py")).is_file(), name
    assert len(set(COMPILED_MODULES)) == len(COMPILED_MODULES)


def test_the_build_is_reported() -> None:
    """``studkit --version`` says which build is installed; CI, which installs with a C
    compiler, sets STUDKIT_EXPECT_COMPILED=1 so that a silent fall back to pure Python (and
    its halved speed) fails here."""
    import os

    from studkit.cli import main
    from studkit.compiled import COMPILED_MODULES, build_description, compiled_modules

    described = build_description()
    compiled = compiled_modules()
    assert set(compiled) <= set(COMPILED_MODULES)
    if os.environ.get("STUDKIT_EXPECT_COMPILED"):
        assert described == "compiled", f"expected a compiled install, found {described}"
    expected = {0: "pure Python", len(COMPILED_MODULES): "compiled"}.get(len(compiled))
    if expected is not None:
        assert described == expected
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main(["--version"])
    assert out.getvalue().strip().endswith(f"({described})")


def test_bare_studkit_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """No command: the commands as ``--help`` lists them, and a non-zero exit."""
    from studkit.cli import main

    assert main([]) == 2
    err = capsys.readouterr().err
    assert "simulate" in err and "serve" in err and "name a COMMAND" in err
    assert "the following arguments are required" not in err


@pytest.mark.parametrize("command", ["serve", "simulate", "replay", "show"])
def test_every_command_s_help_lists_plugins_dir(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from studkit.cli import main

    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "--plugins-dir DIR" in capsys.readouterr().out
