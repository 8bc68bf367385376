"""Running the app: ``studkit serve`` binds uvicorn to loopback and opens the browser.

Only 127.0.0.1 (or ``localhost``, ``::1``) is served without a warning: any other host lets
other machines play, validate and run comparisons on this one.
"""

from __future__ import annotations

import ipaddress
import sys
import threading
import webbrowser
from typing import TextIO

from studkit.errors import StudkitError
from studkit.extras import missing_extra_message
from studkit.web.app import WebSettings, create_app

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "is_loopback", "serve", "page_url"]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (``127.0.0.1``, ``::1``, ``localhost``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def page_url(host: str, port: int, page: str = "designer") -> str:
    """The address a browser opens (a wildcard host is reached through loopback)."""
    shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else host
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/{page}"


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    *,
    open_browser: bool = True,
    settings: WebSettings | None = None,
    err: TextIO = sys.stderr,
) -> None:
    """Serve the app until interrupted (Ctrl-C)."""
    try:
        import uvicorn
    except ImportError:  # pragma: no cover - the web extra installs it
        raise StudkitError(missing_extra_message("studkit serve", "web")) from None
    if not 0 <= port <= 65535:
        raise StudkitError(f"--port {port}: a port is 0 to 65535")
    if not is_loopback(host):
        print(
            f"studkit serve: warning: serving on {host}, not only this machine: anyone who "
            "can reach it may play, validate and run comparisons here",
            file=err,
        )
    app = create_app(settings)
    url = page_url(host, port)
    print(f"studkit {page_url(host, port, '')} (Ctrl-C stops)", file=err)
    if open_browser:
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            server_header=False, timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    try:
        server.run()
    except KeyboardInterrupt:  # Ctrl-C is how the server is stopped: not an error
        pass
    except SystemExit:  # uvicorn exits when it cannot bind; say so as every command does
        if server.started:
            raise
    except OSError as error:
        raise StudkitError(f"cannot serve on {host}:{port}: {error.strerror or error}") from None
    if not server.started:
        raise StudkitError(
            f"cannot serve on {host}:{port}: the address is in use or not this machine's"
        )
    print("studkit serve: stopped", file=err)
