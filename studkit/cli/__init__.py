"""The ``studkit`` command line: a thin layer that parses, calls the library and renders.

Each command lives in its own module of this package, which defines
``register(subcommands)`` to add its parser and set ``run`` to the function that executes it
(``run(args) -> int`` returns the exit code).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from studkit.errors import StudkitError

TYPE_CHECKING = False
"""``typing.TYPE_CHECKING`` without importing typing, which ``--version`` does not need."""
if TYPE_CHECKING:  # argparse is imported when a command line is parsed, not for --version
    import argparse

__all__ = ["main", "build_parser", "version_text", "COMMAND_MODULES"]

COMMAND_MODULES: tuple[str, ...] = (
    "odds", "variants", "replay", "import_", "equity", "simulate", "compare", "tune", "play",
    "plugins", "serve", "rl",
)
"""Modules of ``studkit.cli`` that each register one or more commands, in help order."""


def version_text() -> str:
    """What ``studkit --version`` prints: the version and the build."""
    from studkit import __version__
    from studkit.compiled import build_description

    return f"studkit {__version__} ({build_description()})"


SINGLE_COMMAND_MODULES: frozenset[str] = frozenset(COMMAND_MODULES) - {"variants", "import_"}
"""The modules that register one command of their own name: to run that command, only its
module is imported (the others' imports cost a tenth of a second or more of start-up)."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The full argument parser, with every command registered; or, for ``command`` (one of
    :data:`SINGLE_COMMAND_MODULES`), a parser with that command alone."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="studkit",
        description="Stud poker variants as data: play, simulate, replay and compute odds.",
    )
    parser.add_argument("--version", action="version", version=version_text())
    parser.add_argument(
        "--plugins-dir", action="append", metavar="DIR", default=[],
        help="load every *.py in DIR as a studkit plugin (repeatable; accepted before or after "
        "the command)",
    )
    parser.set_defaults(registry=None)  # main() puts the --plugins-dir registry here
    subcommands = parser.add_subparsers(dest="command", metavar="COMMAND")
    subcommands.required = True
    for name in COMMAND_MODULES if command is None else (command,):
        module = importlib.import_module(f"studkit.cli.{name}")
        module.register(subcommands)
    unique = {id(sub): sub for sub in subcommands.choices.values()}  # an alias: one parser
    for sub in unique.values():  # main() takes --plugins-dir out first: listed for --help
        sub.add_argument("--plugins-dir", action="append", metavar="DIR", default=[],
                         help="load every *.py in DIR as a studkit plugin (repeatable)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 success, 1 check failed, 2 error)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    registry = None  # every command's plugins: the built-ins and entry points, or these
    if any(arg.startswith("--plugins-dir") for arg in argv):  # the plugin manager if needed
        from studkit.hooks.host import take_plugins_dirs

        try:  # --plugins-dir works with every command, before or after its name
            registry, argv = take_plugins_dirs(argv)
        except StudkitError as error:
            print(f"studkit: error: {error}", file=sys.stderr)
            return 2
    if argv[:1] == ["--version"]:  # answered before every command's module is imported
        print(version_text())
        return 0
    if not argv:  # no command: the commands, as --help lists them
        print(build_parser().format_help(), end="", file=sys.stderr)
        print("studkit: error: name a COMMAND (studkit COMMAND --help says more)",
              file=sys.stderr)
        return 2
    named = argv[0] if argv and argv[0] in SINGLE_COMMAND_MODULES else None
    parser = build_parser(named)
    args = parser.parse_args(argv)
    args.registry = registry
    try:
        code: int = args.run(args)
    except StudkitError as error:
        print(f"studkit {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
