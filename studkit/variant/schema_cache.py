"""A record of the variant data the JSON Schema accepted, so that a file loaded again
(every shipped variant, at every command) skips ``jsonschema``: importing it and building
its validator cost more than the rest of loading a variant.

The record is one empty file per accepted document in ``schema-accepted/`` under
:func:`studkit.user_cache.cache_dir`, named by the SHA-256 of the schema's text, the
versions of studkit and jsonschema, and the ``repr`` of the plain data (which tells ``1``
from ``'1'``, ``1.0`` and ``True``, and keeps key order). Only acceptances are recorded: data
with a problem is checked every time, so its messages never come from a cache, and texts
(the web designer's, typed in) are checked without being recorded. A cache directory that
is absent, read-only or unwritable just means the data is checked again.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from studkit.user_cache import cache_dir

__all__ = ["accepted_key", "was_accepted", "record_accepted"]

FOLDER = "schema-accepted"


@cache
def _versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    from studkit import __version__

    try:
        checker = version("jsonschema")
    except PackageNotFoundError:  # pragma: no cover - jsonschema is a dependency
        checker = "?"
    return f"studkit {__version__}, jsonschema {checker}"


def accepted_key(schema_text: str, data: Any) -> str:
    """The name ``data`` checked against the schema ``schema_text`` is recorded under."""
    digest = hashlib.sha256()
    for part in (schema_text, _versions(), repr(data)):
        digest.update(part.encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
    return digest.hexdigest()


def _path(key: str) -> Path:
    return cache_dir() / FOLDER / key


def was_accepted(key: str) -> bool:
    """Whether the data named ``key`` was accepted before (``False`` when unreadable)."""
    try:
        return _path(key).is_file()
    except OSError:
        return False


def record_accepted(key: str) -> None:
    """Remember that the data named ``key`` passed (silently nothing when not writable)."""
    path = _path(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    except OSError:
        pass  # the record only saves time
