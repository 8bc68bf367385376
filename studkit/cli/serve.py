"""``studkit serve``: the web app (designer, play, replay, compare) on this machine."""

from __future__ import annotations

import argparse

from studkit.extras import install_hint, require_extra

__all__ = ["register", "run"]


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` command."""
    parser = subcommands.add_parser(
        "serve",
        help="open studkit in the browser: design, play, replay and compare",
        description="Start the web app on this machine and open it in the browser: the "
        "designer (edit a variant with live errors, its rules and its differences from the "
        "parent game), a table against bots, a hand-history replayer and comparisons. "
        f"Needs the web extra: {install_hint('web')}.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; another host "
        "is served with a warning)",
    )
    parser.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open the browser"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    require_extra("web", "studkit serve")
    from studkit.web.app import WebSettings
    from studkit.web.server import serve

    settings = WebSettings(registry=args.registry)
    serve(args.host, args.port, open_browser=not args.no_browser, settings=settings)
    return 0
