"""Importing hand histories as PHH files: every hand of the rooms' files (and of PHH files)
written with studkit's PHH writer, a ``.phh`` file per hand or a ``.phhs`` file per source.

Per hand, the file is ``OUT/<source stem>-<hand>.phh`` (``<hand>``: the room's hand number,
or the table of a ``.phhs`` source); per file, ``OUT/<source stem>.phhs`` with a table per
hand named by its hand number. A hand that cannot be read or converted is reported and the
others are still written; a file is never written twice in one import (two sources with the
same name in different folders: the second is reported).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from studkit.errors import HistoryError
from studkit.history.hand_history import HandHistory
from studkit.history.phh import dumps
from studkit.history.rooms.formats import history_paths, read_history_file
from studkit.history.rooms.room_hand import RoomHistoryError
from studkit.history.toml_writer import toml_key
from studkit.hooks.registry import PluginRegistry

__all__ = ["Per", "PER_CHOICES", "Imported", "import_histories", "dumps_keyed"]

Per = Literal["hand", "file"]
PER_CHOICES: tuple[Per, ...] = ("hand", "file")

_UNSAFE = re.compile(r"[^\w.+-]+")
"""What a hand number may not keep in a file name."""


@dataclass(slots=True)
class Imported:
    """What an import wrote (``written``: file names, in order), how many hands, each
    problem (``errors``: messages naming the file and the hand), and each hand of another
    game in a room's mixed-game file (``skipped``: the same, saying the game)."""

    written: list[str] = field(default_factory=list)
    hands: int = 0
    errors: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


def dumps_keyed(histories: Iterable[tuple[str, HandHistory]]) -> str:
    """Several hands as one PHHS text, each table named by its key (a hand number)."""
    return "\n".join(f"[{toml_key(key)}]\n{dumps(h)}" for key, h in histories)


def _keyed(
    pairs: list[tuple[str | None, HandHistory | HistoryError]], result: Imported
) -> list[tuple[str, HandHistory]]:
    """The hands read, each with a key unique in its file; the problems into ``result``."""
    out: list[tuple[str, HandHistory]] = []
    seen: set[str] = set()
    for index, (key, hand) in enumerate(pairs, 1):
        if isinstance(hand, HistoryError):
            other_game = isinstance(hand, RoomHistoryError) and hand.other_game
            (result.skipped if other_game else result.errors).append(str(hand))
            continue
        name = _UNSAFE.sub("_", key) if key else str(index)
        if name in seen:
            name = f"{name}_{index}"
        seen.add(name)
        out.append((name, hand))
    return out


def import_histories(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    per: Per = "hand",
    registry: PluginRegistry | None = None,
) -> Imported:
    """Write every hand of ``paths`` (files and folders, PHH and the rooms' histories) as
    PHH into the folder ``out`` (made if missing); see the module's description. A path
    that does not exist raises :class:`~studkit.errors.HistoryError`."""
    if per not in PER_CHOICES:
        raise HistoryError(f"per must be one of {', '.join(PER_CHOICES)}, got {per!r}")
    files = history_paths(paths)
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise HistoryError(f"{folder}: cannot make the folder: {error.strerror}") from None
    result = Imported()
    owners: dict[Path, str] = {}
    for name in files:
        try:
            pairs = read_history_file(name, registry)
        except HistoryError as error:
            result.errors.append(str(error))
            continue
        hands = _keyed(pairs, result)
        stem = Path(name).stem
        if per == "file":
            if hands:
                _write(folder / f"{stem}.phhs", dumps_keyed(hands), name, owners, result)
                result.hands += len(hands)
            continue
        for key, hand in hands:
            suffix = f"-{key}" if hand.key is not None else ""
            if _write(folder / f"{stem}{suffix}.phh", dumps(hand), name, owners, result):
                result.hands += 1
    return result


def _write(target: Path, text: str, source: str, owners: dict[Path, str], result: Imported) -> bool:
    if target in owners:
        result.errors.append(
            f"{source}: not written: {target} was already written from {owners[target]}"
        )
        return False
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as error:
        result.errors.append(f"{target}: cannot write: {error.strerror or error}")
        return False
    owners[target] = source
    result.written.append(str(target))
    return True
