"""The tables the server holds: created by a page, found by id, dropped when idle.

A :class:`TableStore` belongs to one app (no module-level state). It holds at most
``max_tables`` tables; a table nobody has touched for ``idle_seconds`` is dropped, and when
the store is full the table idle longest makes room for a new one. Each table has its own lock,
so two requests for one table are taken one after the other while other tables go on.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from studkit.web.engine import PlayTable

__all__ = ["TableStore", "TableEntry"]


@dataclass(slots=True)
class TableEntry:
    """A table with its lock and when it was last used."""

    id: str
    table: PlayTable
    lock: threading.Lock = field(default_factory=threading.Lock)
    used: float = 0.0


class TableStore:
    """At most ``max_tables`` tables, each dropped after ``idle_seconds`` without a request."""

    def __init__(
        self,
        *,
        max_tables: int = 200,
        idle_seconds: float = 1800.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._tables: OrderedDict[str, TableEntry] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            self._expire()
            return len(self._tables)

    def _expire(self) -> None:
        limit = self.clock() - self.idle_seconds
        while self._tables:
            oldest = next(iter(self._tables.values()))
            if oldest.used > limit:
                break
            del self._tables[oldest.id]

    def add(self, table: PlayTable) -> TableEntry:
        """Keep ``table`` under a new id (dropping the longest idle table when full)."""
        entry = TableEntry(secrets.token_urlsafe(12), table, used=self.clock())
        with self._lock:
            self._expire()
            while len(self._tables) >= self.max_tables:
                self._tables.popitem(last=False)
            self._tables[entry.id] = entry
        return entry

    def get(self, table_id: str) -> TableEntry | None:
        """The table of ``table_id``, marked as used now; ``None`` if unknown or expired."""
        with self._lock:
            self._expire()
            entry = self._tables.get(table_id)
            if entry is not None:
                entry.used = self.clock()
                self._tables.move_to_end(table_id)
            return entry

    def remove(self, table_id: str) -> bool:
        """Drop a table; whether there was one."""
        with self._lock:
            return self._tables.pop(table_id, None) is not None
