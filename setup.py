"""Build studkit: pure Python, with the engine's hot path compiled to C by mypyc.

Everything else about the package is declared in pyproject.toml. The modules compiled are
listed in studkit/compiled.py. Compilation is skipped, and the same modules are installed as
plain Python, when STUDKIT_PURE_PYTHON=1 is set, for an editable install (so edits to the
sources take effect), or when no working C compiler is found (with a warning).

How the build is kept short: mypyc runs only for the commands that build the extension (not
for the metadata steps pip runs first); it writes one C file per module, and those files are
compiled in parallel, one compiler process per CPU. Each step is announced on the terminal
(pip hides a build's own output unless run with -v).
"""

from __future__ import annotations

import os
import runpy
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
STARTED = time.monotonic()

BUILD_COMMANDS = ("bdist_wheel", "build", "build_ext", "install")
"""The setup.py commands that compile; pip's metadata steps (egg_info, dist_info) do not."""


def _announce(message: str) -> None:
    """A line of progress where the person installing sees it: the terminal pip runs in
    (pip captures a build's output), else standard error (shown by ``pip install -v``)."""
    line = f"studkit build [{time.monotonic() - STARTED:4.0f} s] {message}"
    try:
        with open("/dev/tty", "w", encoding="utf-8") as terminal:
            terminal.write(f"\r\033[K  {line}\n")
    except OSError:
        print(line, file=sys.stderr, flush=True)


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


def _jobs() -> int:
    """Compiler processes at once: one per CPU this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


class ParallelBuildExt(build_ext):
    """``build_ext`` compiling an extension's C files side by side, largest first, and
    saying how far it is. (setuptools' own ``--parallel`` runs whole extensions in
    parallel; mypyc's build is one extension of one C file per module, plus a small shim
    extension per module.)"""

    def build_extensions(self) -> None:
        compile_serially: Callable[..., list[str]] = self.compiler.compile
        jobs = _jobs()
        compiled = [0]

        def compile_in_parallel(sources: Sequence[str], *args: Any, **kwargs: Any) -> list[str]:
            if len(sources) < 2:
                compiled[0] += len(sources)
                return compile_serially(sources, *args, **kwargs)
            order = sorted(sources, key=_size, reverse=True)  # the longest to compile first
            done: list[str] = []
            milestones = {round(len(order) * k / 4) for k in range(1, 5)}

            def one(source: str) -> list[str]:
                objects = compile_serially([source], *args, **kwargs)
                done.append(source)
                if len(done) in milestones:
                    _announce(f"compiled {len(done)} of {len(order)} C files")
                return objects

            _announce(f"compiling {len(order)} C files, {jobs} at a time (the longest step)")
            with ThreadPoolExecutor(max_workers=jobs) as pool:
                built = dict(zip(order, pool.map(one, order), strict=True))
            compiled[0] += len(order)
            return [obj for source in sources for obj in built[source]]

        self.compiler.compile = compile_in_parallel  # type: ignore[method-assign]
        try:
            super().build_extensions()
        finally:
            self.compiler.compile = compile_serially  # type: ignore[method-assign]
        if compiled[0]:
            _announce(f"built {len(self.extensions)} extension modules")
        else:
            _announce("the C extension modules are up to date (built before in this checkout)")


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def extension_modules() -> list[Any]:
    if os.environ.get("STUDKIT_PURE_PYTHON", "") not in ("", "0"):
        return []
    if not any(command in sys.argv for command in BUILD_COMMANDS):
        return []  # a metadata step, or an editable install (editable_wheel, develop)
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
    _announce(f"type-checking {len(paths)} engine modules and writing C (mypyc)")
    # The compiled modules must type-check; the rest of the package (checked by CI's mypy)
    # is only read for types. studkit's dependencies are not build requirements (installing
    # numpy and reading its stubs took longer than the rest of the type-check): the compiled
    # modules use none of them, and the C written is the same with or without them
    # installed. One C file per module (multi_file) lets the compiler run in parallel; the
    # modules still form one extension, so their calls to each other stay direct C calls.
    options = ["--follow-imports=silent", "--ignore-missing-imports"]
    return list(
        mypycify([*options, *paths], opt_level="3", group_name="studkit", multi_file=True)
    )


def rules_core() -> list[Any]:
    """The rules core and what runs on it, in C (studkit/core, studkit/kernel...): built for
    every install, editable ones included (nothing else plays a hand)."""
    from setuptools import Extension

    def sources(folder: str) -> list[str]:
        path = os.path.join(HERE, "studkit", folder)
        return sorted(
            os.path.join("studkit", folder, name) for name in os.listdir(path)
            if name.endswith(".c")
        )

    flags = ["-O3", "-std=c11", "-fvisibility=hidden", "-flto", "-Wall", "-Wno-missing-braces"]
    core = sources("core")
    rules = [path for path in core if not path.endswith("binding.c")]
    # the hands' strengths the game's rule forms rank with (split hands, wild leaders)
    evaluation = [os.path.join("studkit", "evaluation", name)
                  for name in ("lookup.c", "many_cards.c", "special.c", "special_wild.c")]
    return [
        Extension(
            "studkit.core._core", core + evaluation, extra_compile_args=flags,
            extra_link_args=["-O3", "-flto"], libraries=["m"],
        ),
        Extension(
            "studkit.kernel._kernel",
            sources("kernel") + rules + evaluation + [
                os.path.join("studkit", "bots", "seats.c"),
                os.path.join("studkit", "bots", "strategy.c"),
                os.path.join("studkit", "bots", "strength.c"),
                os.path.join("studkit", "bots", "card_sense.c"),
                os.path.join("studkit", "bots", "shares.c"),
            ],
            extra_compile_args=flags,
            extra_link_args=["-O3", "-flto"],
            libraries=["m"],
            # the kernel counts the awards alone: the core it builds logs nothing else
            define_macros=[("SK_LOG_KINDS", "(1 << SK_EV_AWARD)")],
        ),
        Extension(
            "studkit.bots._decide",
            [os.path.join("studkit", "bots", name)
             for name in ("binding.c", "strategy.c", "strength.c", "card_sense.c", "shares.c")],
            extra_compile_args=flags,
            extra_link_args=["-O3", "-flto"],
            libraries=["m"],
        ),
    ]


setup(ext_modules=rules_core() + extension_modules(), cmdclass={"build_ext": ParallelBuildExt})
