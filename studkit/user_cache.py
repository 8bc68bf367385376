"""Where studkit keeps what it computes once per machine (``$STUDKIT_CACHE_DIR``, else the
user cache directory): the compare command's exact odds tables and the record of variant
data the schema already accepted. Everything kept there only saves time: a directory that
is absent, unwritable or read-only means the work is done again, never an error."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir"]


def cache_dir() -> Path:
    """``$STUDKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/studkit``, else ``~/.cache/studkit``."""
    explicit = os.environ.get("STUDKIT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "studkit"
