"""The JSON API the pages use (documented in docs/web.md; the names are kept stable).

Every answer is JSON; every refusal is ``{"error": MESSAGE}`` with a status that says what
kind: 400 malformed JSON, 404 an unknown table or job, 413 a body over the limit, 422 a field
or an action the game refuses (with the engine's message), 429 too many comparisons at once.
The work itself (loading a variant, playing, replaying) runs in a worker thread so the
server keeps answering other pages meanwhile.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from studkit.defaults import DEFAULT_COMPARE_HANDS, DEFAULT_TUNE_HANDS
from studkit.errors import IllegalActionError, StudkitError
from studkit.variant.amounts import Amount, amount_text, as_amount
from studkit.variant.model import Variant
from studkit.variant.yaml_source import VariantFileError
from studkit.web.compare_jobs import CompareBusyError, CompareJob, CompareJobs
from studkit.web.designer import check_text, named_variant, shipped_name_hint, shipped_text
from studkit.web.engine import PlayTable, WebError, check_bots
from studkit.web.replays import PASTED_NAME, replay_text
from studkit.web.tables import TableEntry, TableStore
from studkit.web.tuning import MAX_TUNE_HANDS, TuneBusyError, Tuner

__all__ = ["ApiError", "routes", "MAX_COMPARE_HANDS"]

MAX_COMPARE_HANDS = 20_000
"""Most hands per variant a page may ask a comparison for (``studkit compare`` has no cap)."""
MAX_SEED = 2**63

T = TypeVar("T")


class ApiError(Exception):
    """A refusal: the status and the message sent as ``{"error": ...}``."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra

    def response(self) -> JSONResponse:
        """The JSON answer."""
        return JSONResponse({"error": self.message, **self.extra}, status_code=self.status)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ApiError(400, f"the body is not JSON: {error}") from None
    except RecursionError:
        raise ApiError(400, "the body is not JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise ApiError(422, f"the body must be a JSON object, not {type(data).__name__}")
    return data


def _int(data: dict[str, Any], key: str, default: int | None, low: int, high: int) -> int | None:
    value = data.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(422, f"{key}: a whole number is needed, not {json.dumps(value)[:60]}")
    if not low <= value <= high:
        raise ApiError(422, f"{key}: {value} is out of range ({low} to {high})")
    return value


def _amount(data: dict[str, Any], key: str) -> Amount | None:
    """An amount as a player writes it (``2``, ``0.25``, ``"1.50"``), or ``None`` if absent."""
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, (int, float, str)) or isinstance(value, bool):
        raise ApiError(422, f"{key}: an amount such as 200 or 0.25 is needed, not "
                            f"{json.dumps(value)[:60]}")
    try:
        amount = as_amount(value, what=key)
    except StudkitError as error:
        raise ApiError(422, str(error)) from None
    if not 0 < amount <= 10**12:
        raise ApiError(422, f"{key}: {amount_text(amount)} is out of range (above 0, up to "
                            "1000000000000)")
    return amount


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        shown = "missing" if value is None else f"not text but {json.dumps(value)[:60]}"
        raise ApiError(422, f"{key}: the field is {shown}")
    return value


def _players_and_bots(data: dict[str, Any]) -> tuple[int | None, str | list[str] | None]:
    """A request's ``players`` and ``bots`` (built-in bots only), checked together."""
    players = _int(data, "players", None, 2, 64)
    bots = data.get("bots")
    if bots is not None:
        if not isinstance(bots, (str, list)):
            raise ApiError(422, "bots: one bot name, or a list of names (one per seat)")
        try:
            check_bots(bots, players or (len(bots) if isinstance(bots, list) else 1))
        except WebError as error:
            raise ApiError(422, str(error)) from None
    return players, bots


def _jobs(request: Request) -> CompareJobs:
    jobs: CompareJobs = request.app.state.compare_jobs
    return jobs


def _tables(request: Request) -> TableStore:
    tables: TableStore = request.app.state.tables
    return tables


async def _work(function: Callable[..., T], *args: Any) -> T:
    return await run_in_threadpool(function, *args)


def _variant(request: Request, reference: str) -> Variant:
    try:
        return named_variant(reference, request.app.state.shipped)
    except VariantFileError as error:
        raise ApiError(422, str(error), problems=[
            {"line": p.line, "column": p.column, "key": p.path, "message": p.message,
             "file": p.file} for p in error.problems
        ]) from None


# ---------------------------------------------------------------------- variants


async def variants(request: Request) -> Response:
    """``GET /api/variants``: the shipped games."""
    games: list[dict[str, Any]] = request.app.state.games
    return JSONResponse({"variants": games})


async def variant_file(request: Request) -> Response:
    """``GET /api/variants/{name}``: a shipped game's file and rules."""
    name = request.path_params["name"]
    text = shipped_text(name)
    if text is None:
        raise ApiError(404, f"{name!r} is not a shipped game{shipped_name_hint(name)}")
    return JSONResponse({"name": name, "yaml": text})


async def schema(request: Request) -> Response:
    """``GET /api/schema``: the variant file JSON Schema."""
    return JSONResponse(request.app.state.schema)


async def validate(request: Request) -> Response:
    """``POST /api/validate`` ``{"yaml": TEXT}``."""
    text = _text(await _body(request), "yaml")
    return JSONResponse(await _work(check_text, text, request.app.state.shipped))


# ---------------------------------------------------------------------- tables


def _new_table(request: Request, data: dict[str, Any]) -> PlayTable:
    variant = _variant(request, _text(data, "variant"))
    players = _int(data, "players", None, 2, 64)
    seat = _int(data, "seat", 1, 1, 64)
    assert seat is not None
    bots = data.get("bots")
    if bots is not None and not isinstance(bots, (str, list)):
        raise ApiError(422, "bots: one bot name, or a list of names (one per opponent)")
    try:
        return PlayTable(
            variant,
            players=players,
            seat=seat - 1,
            bots=bots,
            seed=_int(data, "seed", None, 0, MAX_SEED),
            stack=_amount(data, "stack"),
        )
    except StudkitError as error:
        raise ApiError(422, str(error)) from None


async def create_table(request: Request) -> Response:
    """``POST /api/tables``: a new table; the bots act until it is the player's turn."""
    data = await _body(request)
    table = await _work(_new_table, request, data)
    entry = _tables(request).add(table)
    with entry.lock:
        state = table.state()
    return JSONResponse({"id": entry.id, "state": state}, status_code=201)


def _entry(request: Request) -> TableEntry:
    table_id = request.path_params["id"]
    entry = _tables(request).get(table_id)
    if entry is None:
        raise ApiError(404, f"no table {table_id!r}: it never existed or was idle too long")
    return entry


async def table_state(request: Request) -> Response:
    """``GET /api/tables/{id}``."""
    entry = _entry(request)

    def read() -> dict[str, Any]:
        with entry.lock:
            return {"id": entry.id, "state": entry.table.state()}

    return JSONResponse(await _work(read))


async def table_action(request: Request) -> Response:
    """``POST /api/tables/{id}/actions`` ``{"action": KIND, "amount": N or null}``."""
    entry = _entry(request)
    data = await _body(request)
    kind = _text(data, "action")
    amount = _int(data, "amount", None, -(10**15), 10**15)

    def act() -> dict[str, Any]:
        with entry.lock:
            try:
                entry.table.act(kind, amount)
            except IllegalActionError as error:
                raise ApiError(422, str(error),
                               legal_actions=entry.table.state()["legal_actions"]) from None
            return {"state": entry.table.state()}

    return JSONResponse(await _work(act))


async def table_next_hand(request: Request) -> Response:
    """``POST /api/tables/{id}/hands``: deal the next hand (the last one must be over)."""
    entry = _entry(request)

    def deal() -> dict[str, Any]:
        with entry.lock:
            try:
                entry.table.new_hand()
            except WebError as error:
                raise ApiError(422, str(error)) from None
            return {"state": entry.table.state()}

    return JSONResponse(await _work(deal))


async def table_history(request: Request) -> Response:
    """``GET /api/tables/{id}/history``: the hands played, as PHH."""
    entry = _entry(request)

    def history() -> str:
        with entry.lock:
            return entry.table.history()

    text = await _work(history)
    return Response(text, media_type="text/plain; charset=utf-8", headers={
        "content-disposition": 'attachment; filename="studkit-hands.phhs"'
    })


async def delete_table(request: Request) -> Response:
    """``DELETE /api/tables/{id}``."""
    table_id = request.path_params["id"]
    if not _tables(request).remove(table_id):
        raise ApiError(404, f"no table {table_id!r}")
    return Response(status_code=204)


# ---------------------------------------------------------------------- replays


async def replays(request: Request) -> Response:
    """``POST /api/replays`` ``{"phh": TEXT}``: every hand of the text, step by step."""
    text = _text(await _body(request), "phh")
    registry = request.app.state.shipped.registry
    return JSONResponse(await _work(replay_text, text, PASTED_NAME, registry))


# ---------------------------------------------------------------------- tuning


def _tune(request: Request, data: dict[str, Any]) -> dict[str, Any]:
    reference = _text(data, "variant")
    variant = _variant(request, reference)
    text = reference if "\n" in reference else None  # a page's file, not a shipped name
    lists = {}
    for key in ("params", "targets"):
        value = data.get(key)
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            raise ApiError(422, f"{key}: a list of one or more texts, e.g. "
                           + ('["forced_bets.ante=0..10"]' if key == "params"
                              else '["mean_pot_bb=2.0"]'))
        lists[key] = value
    players, bots = _players_and_bots(data)
    hands = _int(data, "hands", DEFAULT_TUNE_HANDS, 10, MAX_TUNE_HANDS)
    seed = _int(data, "seed", 1, 0, 2**31)
    assert hands is not None and seed is not None
    tuner: Tuner = request.app.state.tuner
    try:
        return tuner.run(variant, text, lists["params"], lists["targets"], players=players,
                         bots=bots, hands=hands, seed=seed)
    except TuneBusyError as error:
        raise ApiError(429, str(error)) from None
    except StudkitError as error:
        raise ApiError(422, str(error)) from None


async def start_tune(request: Request) -> Response:
    """``POST /api/tune``: ``studkit tune`` on a shipped game or the page's file; the answer
    once the search ends (one search at a time: 429 while another runs)."""
    data = await _body(request)
    return JSONResponse(await _work(_tune, request, data))


# ---------------------------------------------------------------------- comparisons


def _start_compare(request: Request, data: dict[str, Any]) -> CompareJob:
    names = data.get("variants")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ApiError(422, "variants: a list of two or more shipped game names or YAML texts")
    if not 2 <= len(names) <= 6:
        raise ApiError(422, f"variants: compare 2 to 6 variants, not {len(names)}")
    loaded = [_variant(request, name) for name in names]
    hands = _int(data, "hands", DEFAULT_COMPARE_HANDS, 10, MAX_COMPARE_HANDS)
    players, bots = _players_and_bots(data)
    odds = data.get("odds", True)
    if not isinstance(odds, bool):
        raise ApiError(422, "odds: true or false")
    trace = data.get("skill_trace", False)
    if not isinstance(trace, bool):
        raise ApiError(422, "skill_trace: true or false")
    assert hands is not None
    try:
        return _jobs(request).start(loaded, hands=hands, players=players, bots=bots,
                                    seed=_int(data, "seed", None, 0, 2**31), odds=odds,
                                    skill_trace=trace)
    except CompareBusyError as error:
        raise ApiError(429, str(error)) from None


async def start_compare(request: Request) -> Response:
    """``POST /api/compare``: start a comparison; progress at ``/api/compare/{id}/events``."""
    data = await _body(request)
    job = await _work(_start_compare, request, data)
    return JSONResponse(job.progress(), status_code=202)


def _job(request: Request) -> CompareJob:
    job_id = request.path_params["id"]
    job = _jobs(request).get(job_id)
    if job is None:
        raise ApiError(404, f"no comparison {job_id!r}: it never existed or has expired")
    return job


async def compare_status(request: Request) -> Response:
    """``GET /api/compare/{id}``: the progress, and the comparison once done."""
    job = _job(request)
    return JSONResponse({**job.progress(), "result": job.result})


async def compare_events(request: Request) -> Response:
    """``GET /api/compare/{id}/events``: server-sent events, one ``progress`` event per
    change, then ``done`` (or ``error``)."""
    job = _job(request)

    def wait(last: tuple[str, int]) -> None:
        with job.changed:
            job.changed.wait_for(
                lambda: (job.phase, sum(job.done)) != last or job.finished is not None,
                timeout=1.0,
            )

    async def stream() -> AsyncIterator[str]:
        last: tuple[str, int] = ("", -1)
        while True:
            now = (job.phase, sum(job.done))
            if now != last:
                last = now
                yield f"event: progress\ndata: {json.dumps(job.progress())}\n\n"
            if job.finished is not None:
                kind = "done" if job.error is None else "error"
                yield f"event: {kind}\ndata: {json.dumps(job.progress())}\n\n"
                return
            if await request.is_disconnected():
                return
            await run_in_threadpool(wait, last)
            await asyncio.sleep(0.1)  # at most ten events a second

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"cache-control": "no-cache"})


def routes() -> list[Route]:
    """The API's routes."""
    return [
        Route("/api/variants", variants, methods=["GET"]),
        Route("/api/variants/{name}", variant_file, methods=["GET"]),
        Route("/api/schema", schema, methods=["GET"]),
        Route("/api/validate", validate, methods=["POST"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{id}", table_state, methods=["GET"]),
        Route("/api/tables/{id}", delete_table, methods=["DELETE"]),
        Route("/api/tables/{id}/actions", table_action, methods=["POST"]),
        Route("/api/tables/{id}/hands", table_next_hand, methods=["POST"]),
        Route("/api/tables/{id}/history", table_history, methods=["GET"]),
        Route("/api/replays", replays, methods=["POST"]),
        Route("/api/tune", start_tune, methods=["POST"]),
        Route("/api/compare", start_compare, methods=["POST"]),
        Route("/api/compare/{id}", compare_status, methods=["GET"]),
        Route("/api/compare/{id}/events", compare_events, methods=["GET"]),
    ]
