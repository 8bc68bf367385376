"""The designer's checks: a variant file typed in a page, read as the CLI reads files.

:func:`check_text` is what ``POST /api/validate`` answers: every problem the loader finds
(``studkit validate``), the rules in sentences (``studkit show``) and the differences from the
parent game (``studkit diff``). :func:`page_variant` loads such a text for a table or a
comparison. Both read with the CLI's safe YAML reader and its limits; the one thing a page may
not do that a file may is ``extends`` another *file*: the server would read its own disk for a
stranger, so a page extends only the shipped games.
"""

from __future__ import annotations

import threading
from typing import Any

from studkit.errors import StudkitError
from studkit.hooks.registry import PluginRegistry
from studkit.variant.loader import (
    builtin_aliases,
    builtin_variant_names,
    builtin_variant_path,
    load_variant,
    load_variant_text,
)
from studkit.variant.model import Variant
from studkit.variant.name_guess import closest_variant
from studkit.variant.rule_differences import rule_differences
from studkit.variant.rules_text import show_text
from studkit.variant.schema import variant_schema
from studkit.variant.yaml_source import Location, Problem, VariantFileError, parse_located

__all__ = [
    "PAGE_FILE_NAME",
    "check_text",
    "page_variant",
    "named_variant",
    "shipped_name_hint",
    "ShippedGames",
    "shipped_text",
    "shipped_games",
    "schema",
]

RULES_WIDTH = 100_000
"""The rules text is not wrapped: the page wraps each paragraph to its width."""
PAGE_FILE_NAME = "variant.yaml"
"""How problems name the file typed in the page."""


def shipped_name_hint(name: str) -> str:
    """`` (did you mean 'x'?)`` for the shipped game ``name`` most likely meant (files are
    not looked for: the server's disk is not the page's)."""
    meant = closest_variant(name, builtin_variant_names(), builtin_aliases())
    return f" (did you mean {meant!r}?)" if meant is not None else ""


def _shipped_parent(text: str) -> str | None:
    """The shipped game the text ``extends``, if any; a parent that is not a shipped game
    (a path on the server's disk) is refused with its place."""
    root = parse_located(text, PAGE_FILE_NAME)
    parent = root.get("extends")
    if parent is None or not isinstance(parent.value, str):
        return None  # a missing or non-text extends: the loader's checks say what is wrong
    if builtin_variant_path(parent.value) is None:
        raise VariantFileError.at(
            parent.location, "extends",
            f"{parent.value!r} is not a shipped game{shipped_name_hint(parent.value)}; in the "
            "web app a variant extends one of the shipped games "
            f"({', '.join(builtin_variant_names())}), never a file",
        )
    return parent.value


def _load(text: str, registry: PluginRegistry | None) -> tuple[Variant, str | None]:
    if not isinstance(text, str):
        raise VariantFileError.at(Location(PAGE_FILE_NAME, 0, 0), "", "the variant is not text")
    parent = _shipped_parent(text)
    return load_variant_text(text, PAGE_FILE_NAME, registry=registry), parent


def page_variant(text: str, registry: PluginRegistry | None = None) -> Variant:
    """The variant a page's YAML text describes (plugins must be installed: found through
    ``registry``, default the built-ins and entry points).

    Raises :class:`VariantFileError` with every problem, as ``studkit validate`` lists them.
    """
    return _load(text, registry)[0]


class ShippedGames:
    """The shipped games loaded once each for one app (a :class:`Variant` is immutable and the
    installed files do not change while it serves), their plugins and those of the games the
    pages send found through :attr:`registry`."""

    def __init__(self, registry: PluginRegistry | None = None) -> None:
        self.registry = registry if registry is not None else PluginRegistry()
        """The app's plugin registry (:attr:`WebSettings.registry`)."""
        self._loaded: dict[str, Variant] = {}
        self._lock = threading.Lock()

    def get(self, name: str) -> Variant:
        """The shipped game ``name`` (or alias); :class:`VariantFileError` if there is none."""
        with self._lock:
            found = self._loaded.get(name)
        if found is not None:
            return found
        if builtin_variant_path(name) is None:
            raise VariantFileError([Problem(
                "", 0, 0, "",
                f"{name!r} is not a shipped game{shipped_name_hint(name)}; pick one of "
                f"{', '.join(builtin_variant_names())} (or send the variant's YAML text)",
            )])
        variant = load_variant(name, registry=self.registry)
        with self._lock:
            self._loaded[name] = variant
        return variant


def named_variant(reference: str, shipped: ShippedGames) -> Variant:
    """A shipped game by name or alias, or a page's YAML text (anything with a new line or
    a ``studkit:`` key). A name is never read as a path on the server's disk."""
    if "\n" in reference or reference.lstrip().startswith("studkit"):
        return page_variant(reference, shipped.registry)
    return shipped.get(reference)


def _problem_record(problem: Problem) -> dict[str, Any]:
    return {
        "line": problem.line,
        "column": problem.column,
        "key": problem.path,
        "message": problem.message,
        "file": problem.file,
    }


def check_text(text: str, shipped: ShippedGames) -> dict[str, Any]:
    """What ``POST /api/validate`` returns for a variant text."""
    try:
        variant, parent_name = _load(text, shipped.registry)
    except VariantFileError as error:
        return {
            "ok": False,
            "problems": [_problem_record(problem) for problem in error.problems],
            "rules": None,
            "variant": None,
            "title": None,
            "parent": None,
            "differences": [],
        }
    except StudkitError as error:  # a plugin that fails while checking its options
        return {
            "ok": False,
            "problems": [{"line": 0, "column": 0, "key": "", "message": str(error),
                          "file": PAGE_FILE_NAME}],
            "rules": None, "variant": None, "title": None, "parent": None, "differences": [],
        }
    parent: Variant | None = None
    if parent_name is not None:
        try:
            parent = shipped.get(parent_name)
        except StudkitError:
            parent = None  # the file loaded, so only a shipped game's own plugin can be amiss
    differences = [] if parent is None else [
        {"rule": rule, "parent": before, "variant": after}
        for rule, before, after in rule_differences(parent, variant)
    ]
    return {
        "ok": True,
        "problems": [],
        "rules": show_text(variant, width=RULES_WIDTH),
        "variant": variant.name,
        "title": variant.title or variant.name,
        "parent": None if parent is None else parent.name,
        "differences": differences,
    }


def shipped_text(name: str) -> str | None:
    """The text of a shipped game's file (by name or alias), or ``None``."""
    path = builtin_variant_path(name)
    return None if path is None else path.read_text(encoding="utf-8")


def shipped_games() -> list[dict[str, Any]]:
    """Every shipped game: name, title, aliases, family, players (for the pages' menus)."""
    aliases: dict[str, list[str]] = {}
    for alias, name in builtin_aliases().items():
        aliases.setdefault(name, []).append(alias)
    games = []
    for name in builtin_variant_names():
        variant = load_variant(name, require_plugins=False)
        games.append({
            "name": name,
            "title": variant.title or name,
            "aliases": sorted(aliases.get(name, [])),
            "family": variant.family,
            "min_players": variant.min_players,
            "max_players": variant.max_players,
            "structure": variant.betting.structure,
        })
    return games


def schema() -> dict[str, Any]:
    """The variant file JSON Schema (the designer's help for the key under the cursor)."""
    return variant_schema()
