"""The web app: pages, the JSON API, static files and the safety limits around them.

:func:`create_app` builds one app with its own table store and comparison jobs (nothing is
kept at module level). Errors never show a traceback: the API answers ``{"error": ...}`` and
the pages an error page, both with the message only.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from importlib import resources
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from studkit import __version__
from studkit.bots.registry import BUILT_IN_BOTS
from studkit.defaults import DEFAULT_COMPARE_HANDS
from studkit.errors import StudkitError
from studkit.hooks.registry import PluginRegistry
from studkit.web import api
from studkit.web.api import MAX_COMPARE_HANDS
from studkit.web.compare_jobs import CompareJobs
from studkit.web.designer import ShippedGames, schema, shipped_games
from studkit.web.limits import MAX_BODY_BYTES, BodyLimit
from studkit.web.tables import TableStore
from studkit.web.tuning import MAX_TUNE_HANDS, Tuner

__all__ = ["WebSettings", "create_app", "PAGES"]

log = logging.getLogger("studkit.web")

PAGES: dict[str, str] = {
    "designer": "Designer",
    "play": "Play",
    "replay": "Replay",
    "compare": "Compare",
}
"""Each page's path (``/designer``...) and its name in the menu."""


@dataclass(frozen=True, slots=True)
class WebSettings:
    """The server's limits (the defaults are what ``studkit serve`` uses)."""

    max_body_bytes: int = MAX_BODY_BYTES
    max_tables: int = 200
    table_idle_seconds: float = 1800.0
    max_running_comparisons: int = 2
    comparison_keep_seconds: float = 1800.0
    default_game: str = "seven-card-stud"
    """The game the play page offers first (a shipped game's name)."""
    registry: PluginRegistry | None = None
    """Where every game's plugins are found (``studkit serve --plugins-dir DIR`` makes one);
    ``None``: the built-ins and installed entry points."""


def _package_folder(name: str) -> str:
    return str(resources.files("studkit.web") / name)


def _templates() -> Environment:
    return Environment(
        loader=FileSystemLoader(_package_folder("templates")),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    environment: Environment = request.app.state.templates
    page = environment.get_template(template).render(
        pages=PAGES, version=__version__, path=request.url.path, **context
    )
    return HTMLResponse(page, status_code=status)


async def home(request: Request) -> Response:
    """``/``: what the app does, a card per page."""
    return _page(request, "home.html", title=None)  # the page is "studkit" alone


def _page_route(name: str) -> Route:
    async def show(request: Request) -> Response:
        return _page(request, f"{name}.html", title=PAGES[name], page=name,
                     games=request.app.state.games, bots=list(BUILT_IN_BOTS),
                     default_game=request.app.state.settings.default_game,
                     compare_hands=DEFAULT_COMPARE_HANDS, compare_max_hands=MAX_COMPARE_HANDS,
                     tune_max_hands=MAX_TUNE_HANDS)

    return Route(f"/{name}", show, methods=["GET"], name=name)


async def compare_report(request: Request) -> Response:
    """``/compare/{id}/report/{file}``: a finished comparison's report (as ``--report``)."""
    jobs: CompareJobs = request.app.state.compare_jobs
    job = jobs.get(request.path_params["id"])
    name = request.path_params["file"]
    if job is None or job.folder is None:
        raise HTTPException(404, "no such comparison report (it may have expired)")
    allowed = {path.name: path for path in job.folder.iterdir() if path.is_file()}
    if name not in allowed:
        raise HTTPException(404, f"the report has no file {name!r}")
    return FileResponse(allowed[name])


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": error.detail}, status_code=error.status_code)
    return _page(request, "error.html", status=error.status_code, title="Not found"
                 if error.status_code == 404 else "Error", status_code=error.status_code,
                 message=error.detail)


async def _api_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, api.ApiError)
    return error.response()


async def _studkit_error(request: Request, error: Exception) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": str(error)}, status_code=422)
    return _page(request, "error.html", status=422, title="Error", status_code=422,
                 message=str(error))


async def _server_error(request: Request, error: Exception) -> Response:
    log.exception("unexpected error answering %s %s", request.method, request.url.path)
    message = f"the server could not answer: {type(error).__name__}"
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=500)
    return _page(request, "error.html", status=500, title="Error", status_code=500,
                 message=message)


def create_app(settings: WebSettings | None = None) -> ASGIApp:
    """The web app, an ASGI application (serve it with uvicorn)."""
    settings = settings or WebSettings()
    routes: list[Route | Mount] = [Route("/", home, methods=["GET"], name="home")]
    routes += [_page_route(name) for name in PAGES]
    routes.append(Route("/compare/{id}/report/{file}", compare_report, methods=["GET"]))
    routes += api.routes()
    routes.append(Mount("/static", StaticFiles(directory=_package_folder("static")),
                        name="static"))
    jobs = CompareJobs(max_running=settings.max_running_comparisons,
                       keep_seconds=settings.comparison_keep_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        jobs.close()

    app = Starlette(
        routes=routes,
        exception_handlers={
            HTTPException: _http_error,
            api.ApiError: _api_error,
            StudkitError: _studkit_error,
            Exception: _server_error,
        },
        lifespan=lifespan,
    )
    app.state.templates = _templates()
    app.state.tables = TableStore(max_tables=settings.max_tables,
                                  idle_seconds=settings.table_idle_seconds)
    app.state.compare_jobs = jobs
    app.state.tuner = Tuner()
    app.state.games = shipped_games()
    names = [game["name"] for game in app.state.games]
    if settings.default_game not in names:
        raise StudkitError(
            f"default_game {settings.default_game!r} is not a shipped game: one of "
            f"{', '.join(names)}"
        )
    app.state.shipped = ShippedGames(settings.registry)
    app.state.schema = schema()
    app.state.settings = settings
    limited: ASGIApp = BodyLimit(app, settings.max_body_bytes)
    return limited
