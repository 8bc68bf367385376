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


def test_a_source_checkout_finds_the_shipped_variants_and_plugins() -> None:
    """Imported straight from the checkout (no install mapping), variants and plugins load."""
    import subprocess
    import sys

    code = (
        "import site, sys\n"
        f"sys.path[:0] = [{str(ROOT)!r}, *site.getsitepackages()]\n"
        "import studkit\n"
        "assert studkit.__file__.startswith(" + repr(str(ROOT)) + ")\n"
        "print(studkit.load_variant('baseball').name)\n"
        "import studkit.plugins.baseball\n"
    )
    # -S: no site processing, so no editable-install finder maps the folders for us.
    result = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "baseball"


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
