"""Build studkit: pure Python, with the engine's hot path compiled to C by mypyc.

Everything else about the package is declared in pyproject.toml. The modules compiled are
listed in studkit/compiled.py. Compilation is skipped, and the same modules are installed as
plain Python, when STUDKIT_PURE_PYTHON=1 is set, for an editable install (so edits to the
sources take effect), or when no working C compiler is found (with a warning).
"""

from __future__ import annotations

import os
import runpy
import sys
import sysconfig
import tempfile
from typing import Any

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))


def _warn(message: str) -> None:
    print(f"studkit: {message}; installing the pure-Python build", file=sys.stderr)


def _compiler_works() -> bool:
    """Whether a C file including Python.h compiles here."""
    from distutils.ccompiler import new_compiler  # setuptools provides distutils
    from distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "probe.c")
        with open(source, "w", encoding="ascii") as handle:
            handle.write("#include <Python.h>\nint studkit_probe(void) { return 0; }\n")
        try:
            compiler.compile(
                [source], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]]
            )
        except Exception:  # any failure means: no usable compiler
            return False
    return True


def extension_modules() -> list[Any]:
    if os.environ.get("STUDKIT_PURE_PYTHON", "") not in ("", "0"):
        return []
    if any(command in sys.argv for command in ("editable_wheel", "develop")):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("mypyc is not available")
        return []
    if not _compiler_works():
        _warn("no working C compiler was found")
        return []
    listed = runpy.run_path(os.path.join(HERE, "studkit", "compiled.py"))["COMPILED_MODULES"]
    paths = [name.replace(".", "/") + ".py" for name in listed]
    # The compiled modules must type-check; the rest of the package (checked by CI's mypy)
    # is only read for types, so that an optional dependency missing here (matplotlib) does
    # not stop the install.
    options = ["--follow-imports=silent"]
    return list(mypycify([*options, *paths], opt_level="3", group_name="studkit"))


setup(ext_modules=extension_modules())
