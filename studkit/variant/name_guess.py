"""Guessing what an unknown variant name meant: the shipped game it names in other words, or
a variant file of that name close by.

A name is compared by meaning before spelling: case, ``_`` and spaces do not count, a number
is its word (``7-card-stud`` is ``seven-card-stud``, ``stud8`` is ``stud-8``), and the ways of
saying hi-lo are one (``high-low``, ``hi-low``, ``eight-or-better``, ``8-or-better``,
``8ob``). Both the names and the aliases of the shipped games are compared, so ``stud-eight``
finds ``seven-card-stud-hi-lo`` through its alias ``stud-8``.

>>> closest_variant("7-card-stud", ["seven-card-stud", "six-card-stud"], {})
'seven-card-stud'
>>> closest_variant("stud-eight", ["seven-card-stud-hi-lo"], {"stud-8": "seven-card-stud-hi-lo"})
'seven-card-stud-hi-lo'
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

__all__ = [
    "variant_hint",
    "name_meaning",
    "closest_variant",
    "variant_files_named",
    "SEARCH_DEPTH",
    "SEARCH_FOLDERS",
]

_NUMBER_WORDS: Mapping[str, str] = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
}
"""A number written alone, as its word (``7-card-stud`` means ``seven-card-stud``)."""

_SAME_MEANING: tuple[tuple[str, str], ...] = (
    ("eight-or-better", "hi-lo"),
    ("8-or-better", "hi-lo"),
    ("8ob", "hi-lo"),
    ("high-low", "hi-lo"),
    ("high-lo", "hi-lo"),
    ("hi-low", "hi-lo"),
    ("hilo", "hi-lo"),
    ("no-limit", "nl"),
    ("pot-limit", "pl"),
    ("deuce-to-seven", "2-7"),
    ("ace-to-five", "a-5"),
    ("ace-to-six", "a-6"),
)
"""Words that mean the same in a variant's name, and the one form they are compared as (in
order, once letters and digits are apart: ``8-or-better`` becomes ``hi-lo`` before numbers
become words)."""

_LETTERS_AND_DIGITS = re.compile(r"(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])")
"""Where a letter meets a digit: ``stud8`` and ``7cs`` say ``stud-8`` and ``7-cs``."""

_CLOSE_ENOUGH = 0.7
"""The least spelling likeness (difflib's ratio) a guess needs once meanings are equal."""

SEARCH_DEPTH = 3
"""How many folders deep below the starting folder a file of the name is looked for
(``examples/house/x.yaml`` is two)."""
SEARCH_FOLDERS = 400
"""The most folders looked into: the search stays quick even when started in a big tree."""
_SKIPPED_FOLDERS = frozenset(("node_modules", "site-packages", "venv", "build", "dist"))
"""Folders never looked into (besides hidden ones and ``__pycache__``-like ``_`` ones)."""
_SUFFIXES = (".yaml", ".yml")


def name_meaning(name: str) -> str:
    """What a variant name says, in one spelling: lower case, words joined by ``-``, numbers
    as words and hi-lo said one way.

    >>> name_meaning("7 Card Stud High_Low")
    'seven-card-stud-hi-lo'
    """
    text = _LETTERS_AND_DIGITS.sub("-", re.sub(r"[\s_]+", "-", name.strip().lower()))
    text = f"-{text}-"
    for said, meant in _SAME_MEANING:
        text = text.replace(f"-{_LETTERS_AND_DIGITS.sub('-', said)}-", f"-{meant}-")
    words = [_NUMBER_WORDS.get(word, word) for word in text.split("-") if word]
    return "-".join(words)


def variant_hint(
    reference: str,
    names: Iterable[str],
    aliases: Mapping[str, str],
    search_from: Path | None = None,
    skip: Path | None = None,
    extends: bool = False,
) -> str:
    """What to say after "``reference`` is not a variant": `` (did you mean 'x'?)`` for
    :func:`closest_variant`, then the files :func:`variant_files_named` finds under
    ``search_from`` (``skip``: the shipped games' folder) and how to use one: ``pass its
    path`` on a command line, ``write its path (extends: ./house/x.yaml)`` when ``extends``
    named it (the path is from ``search_from``, the extending file's folder)."""
    meant = closest_variant(reference, names, aliases)
    hint = f" (did you mean {meant!r}?)" if meant is not None else ""
    found = [] if search_from is None else variant_files_named(reference, search_from, skip)
    shown = ", ".join(path.as_posix() for path in found)
    which = "its" if len(found) == 1 else "one's"
    use = (
        f"write {which} path (extends: ./{found[0].as_posix()})"
        if found and extends
        else (f"pass {which} path")
    )
    if len(found) == 1:
        hint += f"; {shown} exists: {use}"
    elif found:
        hint += f"; files of that name exist ({shown}): {use}"
    return hint


def closest_variant(reference: str, names: Iterable[str], aliases: Mapping[str, str]) -> str | None:
    """The variant (one of ``names``; ``aliases`` maps each alias to its variant) that
    ``reference`` most likely meant: one whose name or alias means the same, else the
    closest in spelling, else ``None``."""
    meanings: dict[str, str] = {}
    for name in names:
        meanings.setdefault(name_meaning(name), name)
    for alias, name in aliases.items():
        meanings.setdefault(name_meaning(alias), name)
    meant = name_meaning(reference)
    if meant in meanings:
        return meanings[meant]
    close = difflib.get_close_matches(meant, list(meanings), n=1, cutoff=_CLOSE_ENOUGH)
    return meanings[close[0]] if close else None


def variant_files_named(
    reference: str, start: Path, skip: Path | None = None, most: int = 3
) -> list[Path]:
    """Variant files (``.yaml``, ``.yml``) whose name means ``reference``, found under
    ``start`` at most :data:`SEARCH_DEPTH` folders down, nearest first, as paths relative to
    ``start`` (``most`` of them at most). Hidden folders, ``skip`` (the shipped games' folder)
    and folders of installed packages are not searched; neither is more than
    :data:`SEARCH_FOLDERS` folders."""
    meant = name_meaning(reference)
    found: list[Path] = []
    level = [start]
    looked = 0
    for _depth in range(SEARCH_DEPTH + 1):
        below: list[Path] = []
        for folder in level:
            if looked >= SEARCH_FOLDERS or len(found) >= most:
                return found[:most]
            looked += 1
            files, folders = _entries(folder, skip)
            found.extend(
                file.relative_to(start)
                for file in files
                if name_meaning(file.name.rsplit(".", 1)[0]) == meant
            )
            below.extend(folders)
        level = below
    return found[:most]


def _entries(folder: Path, skip: Path | None) -> tuple[list[Path], list[Path]]:
    """The variant files and the folders worth searching in ``folder`` (each sorted)."""
    files: list[Path] = []
    folders: list[Path] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.startswith((".", "_")):
                    continue
                if entry.is_dir():  # a linked folder too: depth and count bound the search
                    path = Path(entry.path)
                    if entry.name not in _SKIPPED_FOLDERS and not _same(path, skip):
                        folders.append(path)
                elif entry.name.endswith(_SUFFIXES) and entry.is_file():
                    files.append(Path(entry.path))
    except OSError:
        return [], []
    return sorted(files), sorted(folders)


def _same(path: Path, other: Path | None) -> bool:
    try:
        return other is not None and path.resolve() == other.resolve()
    except OSError:
        return False
