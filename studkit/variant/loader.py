"""Loading variant files: ``load_variant("razz")`` or ``load_variant("house/stud.yaml")``.

A file goes through, in order: the safe located YAML reader (format version first, then
syntax, tags, duplicate keys, alias limits), ``extends`` resolution, the JSON Schema, default
filling, the semantic checks, and finally the build into a frozen :class:`Variant`. Any
problem raises :class:`VariantFileError` (a :class:`VariantError`) whose message lists each
problem as ``file:line:column: key.path: message`` and whose ``problems`` attribute holds them
as records.
"""

from __future__ import annotations

import os
from dataclasses import replace
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from studkit.errors import PluginError
from studkit.hooks.host import face_deciders
from studkit.hooks.registry import PluginRegistry, registry_of
from studkit.variant.checkable_data import STAND_IN_KINDS, checkable_data
from studkit.variant.extends import resolve_extends
from studkit.variant.file_data import data_to_variant, dump_data, variant_to_data
from studkit.variant.model import Variant
from studkit.variant.name_guess import variant_hint
from studkit.variant.schema import (
    data_errors,
    fill_defaults,
    locate,
    path_text,
    schema_problems,
    suggest,
    variant_schema,
)
from studkit.variant.semantics import semantic_problems
from studkit.variant.yaml_source import (
    FORMAT_VERSION,
    Located,
    Location,
    Problem,
    VariantFileError,
    describe,
    parse_located,
    read_located,
    to_plain,
)

__all__ = [
    "load_variant",
    "load_variant_text",
    "check_variant_file",
    "builtin_variant_names",
    "builtin_variant_path",
    "builtin_aliases",
    "unknown_variant_message",
    "find_plugin",
    "missing_plugins",
    "plugin_option_problems",
    "dump_variant",
    "VariantFileError",
    "Problem",
]

_SUFFIXES = (".yaml", ".yml")


def builtin_directory() -> Path:
    """The folder holding the shipped variant files (package ``studkit.variants``)."""
    return Path(str(resources.files("studkit.variants")))


def builtin_variant_names() -> list[str]:
    """The names of the shipped variants, sorted."""
    return sorted(path.stem for path in builtin_directory().glob("*.yaml"))


def builtin_variant_path(name: str) -> Path | None:
    """The file of the built-in variant called ``name`` or aliased so, if there is one."""
    path = builtin_directory() / f"{name}.yaml"
    if "/" not in name and os.sep not in name and path.is_file():
        return path
    target = builtin_aliases().get(name)
    return builtin_directory() / f"{target}.yaml" if target is not None else None


def builtin_aliases() -> dict[str, str]:
    """Every alias of a shipped variant, mapped to the variant's name."""
    directory = builtin_directory()
    stamps = tuple(
        (path.name, path.stat().st_mtime_ns) for path in sorted(directory.glob("*.yaml"))
    )
    return dict(_aliases(str(directory), stamps))


@cache
def _aliases(directory: str, stamps: tuple[tuple[str, int], ...]) -> tuple[tuple[str, str], ...]:
    table: list[tuple[str, str]] = []
    for file_name, _ in stamps:
        try:
            root = read_located(Path(directory) / file_name)
        except VariantFileError:
            continue
        aliases = root.get("aliases")
        if aliases is not None and isinstance(aliases.value, list):
            stem = file_name.rsplit(".", 1)[0]
            table.extend((str(alias.value), stem) for alias in aliases.value)
    return tuple(table)


def find_plugin(name: str, registry: PluginRegistry | None = None) -> object:
    """The plugin called ``name``, found through ``registry`` (default: ``PluginRegistry()``,
    the built-ins and entry points).

    Raises :class:`PluginError` naming the plugin when it is not installed.
    """
    plugins = registry if registry is not None else PluginRegistry()
    try:
        found: object = plugins.find(name)
    except PluginError:
        known = sorted(plugins.available())
        if name in known:
            raise  # installed but broken: the plugin manager's message says why
        raise PluginError(
            f"plugin {name!r} is not installed{suggest(name, known)}; "
            f"installed: {', '.join(known) or 'none'}"
        ) from None
    return found


def plugin_option_problems(
    name: str, options: dict[str, Any], registry: PluginRegistry | None = None
) -> list[tuple[tuple[str | int, ...], str]]:
    """What the plugin's own options schema says is wrong: ``(key path, message)`` pairs."""
    plugins = registry if registry is not None else PluginRegistry()
    return plugins.options_problems(name, options)


def display_name(path: Path) -> str:
    """How a file is named in messages: relative to the working folder when inside it."""
    try:
        return os.path.relpath(path) if path.resolve().is_relative_to(Path.cwd()) else str(path)
    except (OSError, ValueError):
        return str(path)


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _is_path_like(reference: str) -> bool:
    return "/" in reference or os.sep in reference or reference.endswith(_SUFFIXES)


def unknown_variant_message(
    reference: str, search_from: Path | None = None, extends: bool = False
) -> str:
    """Why ``reference`` names no variant, with the shipped game it most likely meant and the
    variant files of that name under ``search_from`` (not searched when ``None``;
    :func:`~studkit.variant.name_guess.variant_hint`); ``extends``: it was an ``extends``
    value."""
    names, aliases = builtin_variant_names(), builtin_aliases()
    hint = variant_hint(reference, names, aliases, search_from, builtin_directory(), extends)
    return (
        f"{reference!r} is not a built-in variant or a variant file{hint}; "
        "'studkit list' shows the built-in variants"
    )


def _find_parent(reference: str, node: Located, here: Path | None) -> tuple[Path, str]:
    if _is_path_like(reference):
        base = here if here is not None else Path.cwd()
        path = (base / reference) if not os.path.isabs(reference) else Path(reference)
        if not _is_file(path):
            raise VariantFileError.at(
                node.location, "extends", f"{reference!r}: no such file ({display_name(path)})"
            )
        return path, display_name(path)
    builtin = builtin_variant_path(reference)
    if builtin is None:
        start = here if here is not None else Path.cwd()
        message = unknown_variant_message(reference, start, extends=True)
        raise VariantFileError.at(node.location, "extends", message)
    return builtin, display_name(builtin)


def _check_header(root: Located) -> Located:
    """The file is a mapping and declares ``studkit: 1``: checked before anything else."""
    start = root.location
    if not isinstance(root.value, dict):
        raise VariantFileError.at(
            start, "", f"a variant file is a mapping of keys (studkit: 1, name: ...), "
            f"not {describe(to_plain(root))}"
        )
    version = root.get("studkit")
    if version is None:
        raise VariantFileError.at(
            Location(start.file, 1, 1), "",
            f"missing the format version: the file must say 'studkit: {FORMAT_VERSION}'",
        )
    value = version.value
    if isinstance(value, int) and not isinstance(value, bool) and value > FORMAT_VERSION:
        raise VariantFileError.at(
            version.location, "studkit",
            f"format version {value}: this file needs a newer studkit "
            f"(this one reads version {FORMAT_VERSION})",
        )
    if value != FORMAT_VERSION or isinstance(value, bool):
        raise VariantFileError.at(
            version.location, "studkit",
            f"format version {describe(value)} is not one studkit reads; "
            f"write 'studkit: {FORMAT_VERSION}'",
        )
    return root


def _read_file(path: Path, shown_as: str) -> Located:
    try:
        status = path.stat()
    except (OSError, ValueError):
        return _check_header(read_located(path, shown_as))  # reading says what is wrong
    stamp = (status.st_mtime_ns, status.st_size)
    return _check_header(_read_stamped(os.fspath(path), shown_as, stamp))


@lru_cache(maxsize=64)
def _read_stamped(path: str, shown_as: str, stamp: tuple[int, int]) -> Located:
    """A parent file's tree, parsed once per version of the file (``stamp``: its time and
    size): parsing is most of the cost of loading a house rule, and the merge never changes
    the trees it reads."""
    return read_located(Path(path), shown_as)


def _ignore_plugin(name: str) -> object:
    return name


def _merge_into(target: dict[str, Any], implied: Any) -> None:
    for key, value in implied.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            _merge_into(target[key], value)
        else:
            target[key] = value


def _apply_plugin_data(
    root: Located, filled: dict[str, Any], host: PluginRegistry, remember: bool = True
) -> list[Problem]:
    """Merge what each installed plugin's options imply into ``filled`` (in place).

    A plugin that is missing or has bad options is skipped here (the semantic checks report
    it); the merged result must still satisfy the schema.
    """
    problems: list[Problem] = []
    for index, plugin in enumerate(filled["plugins"]):
        name, options = plugin["name"], plugin["options"]
        where = ("plugins", index)
        try:
            host.find(name)
            if host.options_problems(name, options):
                continue
            implied = host.implied_variant_data(name, options)
        except PluginError as error:
            if name not in host.available():
                continue  # not installed: reported by the semantic checks
            at = locate(root, where)
            problems.append(Problem(at.file, at.line, at.column, path_text(where, filled),
                                    str(error)))
            continue
        _merge_into(filled, implied)
        for rejected in data_errors(filled, remember=remember):
            at = locate(root, where)
            problems.append(Problem(
                at.file, at.line, at.column, path_text(where, filled),
                f"plugin {name!r} implies data the schema rejects: {rejected}",
            ))
    return problems


def _plugin_variant_problems(
    root: Located, filled: dict[str, Any], host: PluginRegistry, loaded: str
) -> list[Problem]:
    """What each installed plugin with valid options says about its options for this game.
    A plugin inherited from a parent file is located there, and the message names the file
    being loaded (``loaded``), whose own keys may be what the plugin objects to."""
    problems: list[Problem] = []
    for index, plugin in enumerate(filled["plugins"]):
        name, options = plugin["name"], plugin["options"]
        try:
            host.find(name)
            if host.options_problems(name, options):
                continue
            found = host.variant_problems(name, options, filled)
        except PluginError as error:
            if name not in host.available():
                continue
            found = [((), str(error))]
        for path, message in found:
            where = ("plugins", index, "options", *path) if path else ("plugins", index)
            at = locate(root, where)
            if at.file != loaded:
                message += f" (in {loaded}, which inherits the plugin from {at.file})"
            problems.append(Problem(at.file, at.line, at.column, path_text(where, filled),
                                    message))
    return problems


def _load_tree(
    root: Located,
    path: Path | None,
    source: str | None,
    require_plugins: bool = True,
    registry: PluginRegistry | None = None,
) -> Variant:
    plugins = registry if registry is not None else PluginRegistry()
    root = _check_header(root)
    schema = variant_schema()
    merged = resolve_extends(root, path, _read_file, _find_parent, schema)
    data = to_plain(merged)
    remember = source is not None  # files, which load again; not each text typed in
    problems = schema_problems(merged, data, remember=remember)
    if problems:
        beyond = _checkable_problems(merged, data, plugins, require_plugins, root.location.file)
        unique = list(dict.fromkeys(problems + beyond))
        raise VariantFileError(sorted(unique, key=lambda p: (p.file, p.line, p.column)))
    filled = fill_defaults(data, schema)
    problems = _apply_plugin_data(merged, filled, plugins, remember)
    if problems:
        raise VariantFileError(problems)
    problems = _rule_problems(merged, filled, plugins, require_plugins, root.location.file)
    if problems:
        raise VariantFileError(problems)
    variant = data_to_variant(filled, source)
    return replace(variant, plugin_registry=plugins)


def _rule_problems(
    merged: Located, filled: dict[str, Any], plugins: PluginRegistry, require_plugins: bool,
    loaded: str,
) -> list[Problem]:
    """The semantic checks and the plugins' own checks of schema-valid, filled data."""
    if not require_plugins:
        return semantic_problems(merged, filled, _ignore_plugin,
                                 face_deciders=lambda face: face_deciders(plugins, face))
    problems = semantic_problems(
        merged, filled, lambda name: find_plugin(name, plugins),
        lambda name, options: plugin_option_problems(name, options, plugins),
        lambda face: face_deciders(plugins, face),
    )
    problems += _plugin_variant_problems(merged, filled, plugins, loaded)
    problems.sort(key=lambda problem: (problem.file, problem.line, problem.column))
    return problems


_UNREADABLE = (LookupError, TypeError, AttributeError, ValueError, ArithmeticError)
"""What a check may raise reading a part of a file the schema rejected."""


def _checkable_problems(
    merged: Located, data: Any, plugins: PluginRegistry, require_plugins: bool, loaded: str
) -> list[Problem]:
    """The rule problems of a file the schema rejects, in the parts it does not reject
    (:mod:`studkit.variant.checkable_data`): those found whatever stands in for the values
    set aside, none about a value set aside, none at all when too little is left to check."""
    found: list[list[Problem]] = []
    for kind in STAND_IN_KINDS:
        checkable = checkable_data(data, kind)
        if checkable is None:
            return []
        try:
            filled = fill_defaults(checkable.data)
            if _apply_plugin_data(merged, filled, plugins, remember=False):
                return []
            problems = _rule_problems(merged, filled, plugins, require_plugins, loaded)
        except _UNREADABLE:
            return []  # a check that needs a set-aside value: the schema's messages come first
        found.append(checkable.problems_beyond(problems, filled))
    first, *others = found
    return [problem for problem in first if all(problem in other for other in others)]


def load_variant(
    name_or_path: str | os.PathLike[str],
    *,
    require_plugins: bool = True,
    registry: PluginRegistry | None = None,
) -> Variant:
    """The variant a built-in name, an alias or a file path names.

    With ``require_plugins=False`` a variant whose plugins are not installed still loads (to
    describe it, not to play it); :func:`missing_plugins` then says which are absent. Its
    plugins are found through ``registry`` (a :class:`~studkit.hooks.registry.PluginRegistry`
    with its own plugin directories; default: ``PluginRegistry()``, the built-ins and
    installed entry points), and the engine builds its plugin host from the same registry.

    >>> load_variant("razz").pots[0].evaluator
    'a5-low'

    Raises :class:`VariantError` (a :class:`VariantFileError` with ``problems``) for an
    unknown name or any problem in the file or the files it extends.
    """
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise TypeError(
            f"load_variant needs a variant name or a file path, not "
            f"{type(name_or_path).__name__} {name_or_path!r}"
        )
    reference = os.fspath(name_or_path)
    if not isinstance(reference, str):
        raise TypeError(f"load_variant needs a text path, not {reference!r}")
    path: Path | None
    if isinstance(name_or_path, os.PathLike) or _is_path_like(reference):
        path = Path(reference)
    else:
        path = builtin_variant_path(reference)
        if path is None and _is_file(Path(reference)):
            path = Path(reference)
        if path is None:
            message = unknown_variant_message(reference, Path.cwd())
            raise VariantFileError([Problem("", 0, 0, "", message)])
    shown = display_name(path)
    return _load_tree(read_located(path, shown), path, shown, require_plugins, registry)


def load_variant_text(
    text: str,
    name: str = "<text>",
    base: Path | None = None,
    *,
    registry: PluginRegistry | None = None,
) -> Variant:
    """The variant a YAML text describes; relative ``extends`` paths start at ``base``;
    plugins are found through ``registry`` (as for :func:`load_variant`).

    The result's ``source`` is ``None`` (it came from no file).
    """
    root = parse_located(text, name)
    fake_path = (base / name) if base is not None else None
    return _load_tree(root, fake_path, None, registry=registry)


def missing_plugins(variant: Variant) -> list[str]:
    """The plugins ``variant`` names that cannot be found."""
    missing = []
    for plugin in variant.plugins:
        try:
            find_plugin(plugin.name, registry_of(variant))
        except PluginError:
            missing.append(plugin.name)
    return missing


def check_variant_file(path: Path, registry: PluginRegistry | None = None) -> list[Problem]:
    """Every problem loading ``path`` (its plugins found through ``registry``) finds (empty
    when the file is valid)."""
    try:
        load_variant(path, registry=registry)
    except VariantFileError as error:
        return list(error.problems)
    return []


def dump_variant(variant: Variant) -> str:
    """The variant as a complete YAML file (no ``extends``); loading it gives an equal variant."""
    if not isinstance(variant, Variant):
        raise TypeError(
            f"dump_variant needs a Variant (load_variant({variant!r}) loads one), not "
            f"{type(variant).__name__} {variant!r}"
        )
    return dump_data(variant_to_data(variant))


def variant_data(variant: Variant) -> dict[str, Any]:
    """The variant as the plain data of a complete file (what :func:`dump_variant` writes)."""
    return variant_to_data(variant)
