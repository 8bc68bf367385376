"""The card rooms' history formats studkit reads, and which one a file is in.

:data:`READERS` lists one reader module per room family; each has ``SITE`` (the room's
name), ``recognizes(text)`` (a cheap look at the first lines) and ``read_hands(text,
source)``. :func:`read_room_file` decodes a file's bytes and hands them to the first reader
that recognizes them; a file none recognizes is a
:class:`~studkit.history.rooms.room_hand.RoomHistoryError` naming the file and the formats
known. :func:`history_paths` expands files and folders to the hand history files in them,
PHH and room files alike, :func:`is_phh` tells the two apart, and
:func:`read_history_file` reads either kind as PHH hand histories.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from studkit.errors import HistoryError
from studkit.history.hand_history import HandHistory
from studkit.history.phh import load_file_each, read_history_bytes
from studkit.history.rooms import (
    absolute,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    merge,
    ongame,
    partypoker,
    pokerstars,
    winamax,
    winning,
)
from studkit.history.rooms.room_hand import RoomHand, RoomHistoryError
from studkit.history.rooms.room_text import decode
from studkit.history.rooms.to_phh import room_to_history
from studkit.hooks.registry import PluginRegistry

__all__ = [
    "RoomReader",
    "READERS",
    "HISTORY_SUFFIXES",
    "PHH_SUFFIXES",
    "known_formats",
    "reader_for",
    "read_room_text",
    "read_room_file",
    "is_phh",
    "history_paths",
    "read_history_file",
]


class RoomReader(Protocol):
    """What a room family's reader module offers."""

    SITE: str

    def recognizes(self, text: str) -> bool: ...

    def read_hands(self, text: str, source: str) -> list[RoomHand | RoomHistoryError]: ...


READERS: tuple[RoomReader, ...] = (
    pokerstars,
    winamax,
    winning,
    fulltilt,
    everleaf,
    absolute,
    ipoker,
    merge,
    bovada,
    partypoker,
    ongame,
)
"""The room families' readers, in the order they are asked whether they recognize a file."""

PHH_SUFFIXES = (".phh", ".phhs")
HISTORY_SUFFIXES = (*PHH_SUFFIXES, ".txt", ".xml")
"""The files a folder's replay or import reads: PHH and the rooms' text and XML files."""


def known_formats() -> str:
    """The formats studkit reads, for messages: ``PHH (.phh, .phhs), PokerStars, ...``."""
    return ", ".join(["PHH (.phh, .phhs)", *(reader.SITE for reader in READERS)])


def reader_for(text: str) -> RoomReader | None:
    """The reader of the first room format that recognizes ``text``, or ``None``."""
    return next((reader for reader in READERS if reader.recognizes(text)), None)


def read_room_text(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """The hands of a room's history text, in file order (one bad hand does not stop the
    others: it is its :class:`RoomHistoryError`); a text no reader recognizes raises one."""
    reader = reader_for(text)
    if reader is None:
        lines = text.splitlines()
        number = next((i for i, line in enumerate(lines) if line.strip()), 0)
        first = lines[number].strip() if lines else ""
        raise RoomHistoryError(
            source,
            number + 1,
            f"not a hand history studkit recognizes (it begins {first[:60]!r}); expected one of: "
            f"{known_formats()}",
        )
    hands = reader.read_hands(text, source)
    if not hands:
        raise RoomHistoryError(source, 1, f"a {reader.SITE} history with no stud hand in it")
    return hands


def read_room_file(path: str | os.PathLike[str]) -> list[RoomHand | RoomHistoryError]:
    """The hands of one room history file (see :func:`read_room_text`); a file that cannot
    be read raises :class:`~studkit.errors.HistoryError`."""
    name = os.fspath(path)
    return read_room_text(_text(read_history_bytes(name), name), name)


def _text(data: bytes, name: str) -> str:
    """The file's text (:func:`~studkit.history.rooms.room_text.decode`), or an error
    naming the file."""
    try:
        return decode(data)
    except UnicodeDecodeError as error:
        raise RoomHistoryError(
            name, 1, f"not text in a known encoding ({error.encoding}, byte {error.start})"
        ) from None


def is_phh(path: str | os.PathLike[str]) -> bool:
    """Whether a file is PHH by its name (``.phh``, ``.phhs``); another file is PHH when no
    room's reader recognizes it and it has a PHH file's TOML shape (see
    :func:`read_history_file`)."""
    return os.fspath(path).lower().endswith(PHH_SUFFIXES)


def _looks_like_toml(text: str) -> bool:
    """Whether the text begins as a PHH file does: ``variant = ...`` or a ``[1]`` table
    header, after any blank and comment lines."""
    for line in text[:2048].splitlines():
        line = line.strip().lstrip("\ufeff")
        if line and not line.startswith("#"):
            return line.startswith("variant") or re.fullmatch(r"\[\s*[\w-]+\s*\]", line) is not None
    return False


def history_paths(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Expand files and folders to hand history files: a folder gives every ``.phh``,
    ``.phhs``, ``.txt`` and ``.xml`` file in it (sorted, subfolders included); a file is
    taken whatever its name. A path that does not exist raises
    :class:`~studkit.errors.HistoryError`."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out: list[str] = []
    for path in paths:
        name = os.fspath(path)
        if os.path.isdir(name):
            found = sorted(
                str(p)
                for p in Path(name).rglob("*")
                if p.suffix.lower() in HISTORY_SUFFIXES and p.is_file()
            )
            if not found:
                suffixes = ", ".join(HISTORY_SUFFIXES)
                raise HistoryError(f"{name}: no hand history files ({suffixes}) in this folder")
            out.extend(found)
        elif os.path.exists(name):
            out.append(name)
        else:
            raise HistoryError(f"{name}: no such file or directory")
    return out


def read_history_file(
    path: str | os.PathLike[str], registry: PluginRegistry | None = None
) -> list[tuple[str | None, HandHistory | HistoryError]]:
    """Every hand of one file, PHH or a room's, as ``(key, hand)`` pairs in file order: a
    room's hand converted to PHH (:func:`~studkit.history.rooms.to_phh.room_to_history`;
    ``key`` its hand number), a ``.phhs`` hand with its table as ``key``. A hand that
    cannot be read or converted is its :class:`~studkit.errors.HistoryError`, and the
    others are still read; a file that cannot be read at all (or is neither PHH nor a room
    history studkit knows) raises one."""
    name = os.fspath(path)
    if not is_phh(name):
        text = _text(read_history_bytes(name), name)
        if reader_for(text) is not None or not _looks_like_toml(text):
            return [_converted(hand) for hand in read_room_text(text, name)]
    return load_file_each(name, registry)


def _converted(hand: RoomHand | RoomHistoryError) -> tuple[str | None, HandHistory | HistoryError]:
    if isinstance(hand, RoomHistoryError):
        return None, hand
    try:
        return hand.hand, room_to_history(hand)
    except HistoryError as error:
        return hand.hand, error
