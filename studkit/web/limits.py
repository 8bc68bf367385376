"""Request body limit: a body over the limit is refused with 413 before the app reads it.

A request that says its length (``Content-Length``) is refused at once; one sent in chunks is
counted as it arrives and refused as soon as it passes the limit. Either way the app behind
never holds more than the limit in memory.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["BodyLimit", "MAX_BODY_BYTES"]

MAX_BODY_BYTES = 1024 * 1024
"""Largest request body the server reads (1 MiB; a variant file may be 256 KiB)."""


class BodyLimit:
    """ASGI middleware refusing bodies over ``limit`` bytes with 413 (JSON for ``/api``)."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    length = int(value)
                except ValueError:
                    await self._refuse(scope, send, 400, "Content-Length is not a number")
                    return
                if length > self.limit:
                    await self._refuse(scope, send, 413, self._message())
                    return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        # Without a length (chunked): read up to the limit here, then hand the body on.
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await self._refuse(scope, send, 413, self._message())
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if delivered:
                return await receive()
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    def _message(self) -> str:
        return (
            f"request body over {self.limit:,} bytes; the server reads at most that much "
            "(a variant file may be 256 KiB)"
        )

    async def _refuse(self, scope: Scope, send: Send, status: int, message: str) -> None:
        path = str(scope.get("path", ""))
        if path.startswith("/api/"):
            body = json.dumps({"error": message}).encode()
            kind = b"application/json"
        else:
            body = f"{status}: {message}\n".encode()
            kind = b"text/plain; charset=utf-8"
        await send({
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
                        (b"connection", b"close")],
        })
        await send({"type": "http.response.body", "body": body})
