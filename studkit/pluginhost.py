"""The plugin host: finds plugins, checks their options and calls their hooks.

A plugin is a Python module. It may define

* ``OPTIONS_SCHEMA``: a JSON Schema (a dict) for the options a variant passes it; without one
  the plugin takes no options;
* hook implementations (see :mod:`studkit.hookspecs`), marked with :data:`hookimpl`, either as
  module-level functions or as methods of a class named ``Plugin`` whose constructor takes the
  validated options (a mapping);
* ``variant_data(options)``: the variant data the plugin's rule implies (a mapping shaped like
  part of a variant file, e.g. ``{"deck_exhaustion": {...}}``). The loader merges it over the
  file's data, so ``studkit show``, ``diff`` and the engine read the rule the plugin plays,
  never a contradicting inherited value (see :func:`implied_variant_data`);
* ``rules_sentence(options)``: the plugin's rule in words a player reads, for ``studkit show``;
* ``check_variant(options, data)``: what is wrong with the plugin's options for this variant
  (``data`` is the variant's complete file data), as ``(key path under options, message)``
  pairs: a ``twist`` round after a street the game does not have, say. The loader reports
  them at the plugin's line like any other problem (see :func:`variant_problems`).

Where plugins come from, in the order a name is looked up:

1. built-ins: the module ``studkit.plugins.<name>`` (``-`` in the name becomes ``_``);
2. plugin directories: ``<DIR>/<name>.py`` for each ``--plugins-dir DIR`` (see
   :func:`add_plugins_dir`);
3. installed packages: an entry point named ``<name>`` in the ``studkit.plugins`` group.

A variant names the plugins it needs in its ``plugins:`` list, each with its options. Plugins
from plugin directories and from entry points are also *house plugins*: they act in every
game (with empty options) unless the environment variable
``STUDKIT_DISABLE_PLUGIN_AUTOLOAD=1`` turns entry-point autoloading off, in which case an
entry-point plugin acts only where a variant names it. A house plugin whose schema needs
options acts only where a variant names it.

Every failure is a :class:`~studkit.errors.PluginError` naming the plugin: a plugin that
cannot be found or imported, options its schema rejects, a hook implementation for a hook that
does not exist (a misspelling, caught as pluggy's ``check_pending()`` does, with the closest
hook name suggested), or an exception raised inside a hook.

>>> host = PluginHost([PluginRef("hole-spade", {"direction": "low"})])
>>> host.plugin_names
('hole-spade',)
>>> host.implements("studkit_share_strengths")
True
"""

from __future__ import annotations

import difflib
import functools
import importlib
import importlib.metadata
import importlib.util
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

import pluggy

from studkit import hookspecs
from studkit.errors import PluginError
from studkit.hookspecs import PROJECT_NAME, hookimpl
from studkit.variant import PluginRef, Variant

__all__ = [
    "hookimpl",
    "ENTRY_POINT_GROUP",
    "AUTOLOAD_ENV",
    "BUILTIN_PACKAGE",
    "PluginSource",
    "PluginHost",
    "HookCall",
    "add_plugins_dir",
    "take_plugins_dirs",
    "plugins_dirs",
    "set_plugins_dirs",
    "autoload_enabled",
    "available_plugins",
    "find_plugin",
    "validate_options",
    "implied_variant_data",
    "variant_problems",
    "house_plugins",
    "options_problems",
    "host_for",
    "refresh",
]

ENTRY_POINT_GROUP = "studkit.plugins"
"""The entry-point group an installed package declares its studkit plugins in."""
AUTOLOAD_ENV = "STUDKIT_DISABLE_PLUGIN_AUTOLOAD"
"""Set to ``1`` to stop entry-point plugins from acting in games that do not name them."""
BUILTIN_PACKAGE = "studkit.plugins"
"""The package holding the shipped plugins."""

_NO_OPTIONS_SCHEMA: Mapping[str, Any] = MappingProxyType(
    {"type": "object", "additionalProperties": False}
)

_plugins_dirs: list[Path] = []


@dataclass(frozen=True, slots=True)
class PluginSource:
    """A plugin found by name: where it came from and its module."""

    name: str
    """The name a variant uses, e.g. ``hole-spade``."""
    origin: str
    """``builtin``, ``plugins-dir`` or ``entry-point``."""
    location: str
    """The dotted module path, the file, or ``dist-name: entry point`` it was loaded from."""
    module: ModuleType

    @property
    def schema(self) -> Mapping[str, Any]:
        """The plugin's JSON Schema for its options."""
        schema = getattr(self.module, "OPTIONS_SCHEMA", None)
        if schema is None:
            return _NO_OPTIONS_SCHEMA
        if not isinstance(schema, Mapping):
            raise PluginError(
                f"plugin {self.name!r} ({self.location}): OPTIONS_SCHEMA must be a JSON Schema "
                f"(a dict), not {type(schema).__name__} {schema!r}"
            )
        return schema

    @property
    def summary(self) -> str:
        """The first line of the plugin module's docstring."""
        doc = (self.module.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else ""


def _plain(value: Any) -> Any:
    """A deep copy with mappings as dicts and tuples as lists (what JSON Schema expects)."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _module_name(name: str) -> str:
    return name.replace("-", "_")


def autoload_enabled() -> bool:
    """Whether entry-point plugins act in every game (``STUDKIT_DISABLE_PLUGIN_AUTOLOAD``
    unset or empty)."""
    return os.environ.get(AUTOLOAD_ENV, "") in ("", "0")


def add_plugins_dir(path: str | os.PathLike[str]) -> None:
    """Make the ``*.py`` files of a directory plugins (what ``--plugins-dir DIR`` does)."""
    directory = Path(path)
    if not directory.is_dir():
        raise PluginError(f"--plugins-dir {str(path)!r}: not a directory")
    resolved = directory.resolve()
    if resolved not in _plugins_dirs:
        _check_unshadowed(resolved, path)
        _plugins_dirs.append(resolved)
        refresh()


def _check_unshadowed(directory: Path, given: str | os.PathLike[str]) -> None:
    """A plugin file whose name a built-in or an earlier directory already has would never
    load (they are found first): refuse it rather than leave the house rule silently out."""
    taken = {
        name: origin for name, origin in available_plugins().items() if origin != "entry-point"
    }
    for path in sorted(directory.glob("*.py")):
        name = path.stem.replace("_", "-")
        if path.is_symlink() and not path.exists():
            raise PluginError(
                f"--plugins-dir {os.fspath(given)!r}: plugin {name!r} ({path}) is a link to "
                f"{os.readlink(path)!r}, which does not exist"
            )
        if path.stem.startswith("_") or name not in taken or not path.is_file():
            continue
        if taken[name] == "builtin":
            first = f"the built-in plugin {name!r} ({BUILTIN_PACKAGE}.{_module_name(name)})"
        else:
            first = f"{_dir_file(name)}"
        raise PluginError(
            f"--plugins-dir {os.fspath(given)!r}: plugin {name!r} ({path}) would never load: "
            f"{first} has its name and is found first; rename the file"
        )


def take_plugins_dirs(argv: Sequence[str]) -> list[str]:
    """Apply every ``--plugins-dir DIR`` (or ``--plugins-dir=DIR``) of a command line, wherever
    it stands, and return the other arguments. Raises :class:`PluginError` for a missing
    value, a directory that does not exist, or a plugin in it that fails to load."""
    rest: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg == "--":
            rest.append(arg)
            rest.extend(args)
            break
        if arg == "--plugins-dir":
            value = next(args, None)
            if value is None or value.startswith("-"):
                raise PluginError("--plugins-dir needs a directory: --plugins-dir DIR")
            add_plugins_dir(value)
        elif arg.startswith("--plugins-dir="):
            add_plugins_dir(arg.split("=", 1)[1])
        else:
            rest.append(arg)
    if len(rest) != len(argv):
        PluginHost()  # load the directories' plugins now: a broken one fails before the command
    return rest


def plugins_dirs() -> tuple[Path, ...]:
    """The plugin directories in force, in the order they were added."""
    return tuple(_plugins_dirs)


def set_plugins_dirs(directories: Sequence[str | os.PathLike[str]]) -> None:
    """Make exactly ``directories`` the plugin directories, in this order (a Dask worker takes
    each run's shipped directories so); lookups are refreshed when they change."""
    wanted = [Path(directory).resolve() for directory in directories]
    if wanted != _plugins_dirs:
        _plugins_dirs[:] = wanted
        refresh()


def refresh() -> None:
    """Forget cached lookups (after installing a package or adding a plugins directory)."""
    _entry_points.cache_clear()
    _found.clear()
    _validators.clear()
    _hosts.clear()
    rules = sys.modules.get("studkit.engine.rules")
    if rules is not None:  # compiled rules hold their variant's plugin host
        rules._CACHE.clear()


@functools.lru_cache(maxsize=1)
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(entry.name, entry)
    return found


_found: dict[str, PluginSource] = {}
_validators: dict[str, Any] = {}


def _import_builtin(name: str) -> PluginSource | None:
    dotted = f"{BUILTIN_PACKAGE}.{_module_name(name)}"
    try:
        module = importlib.import_module(dotted)
    except ModuleNotFoundError as error:
        if error.name in (dotted, BUILTIN_PACKAGE):
            return None
        raise PluginError(f"plugin {name!r} ({dotted}) failed to import: {error}") from error
    except Exception as error:
        raise PluginError(f"plugin {name!r} ({dotted}) failed to import: {error}") from error
    return PluginSource(name, "builtin", dotted, module)


def _import_file(name: str, path: Path) -> PluginSource:
    module_name = f"studkit_plugins_dir.{_module_name(path.stem)}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:  # pragma: no cover - only for odd file systems
        raise PluginError(f"plugin {name!r}: cannot load {str(path)!r}")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        raise PluginError(f"plugin {name!r} ({path}) failed to import: {error}") from error
    sys.modules[module_name] = module
    return PluginSource(name, "plugins-dir", str(path), module)


def _import_entry_point(name: str, entry: importlib.metadata.EntryPoint) -> PluginSource:
    dist = entry.dist.name if entry.dist is not None else "?"
    where = f"{dist}: {entry.name} = {entry.value}"
    try:
        loaded = entry.load()
    except Exception as error:
        raise PluginError(f"plugin {name!r} ({where}) failed to import: {error}") from error
    if not isinstance(loaded, ModuleType):
        raise PluginError(
            f"plugin {name!r} ({where}): the entry point must name a module, "
            f"not {type(loaded).__name__}"
        )
    return PluginSource(name, "entry-point", where, loaded)


def _dir_file(name: str) -> Path | None:
    for directory in _plugins_dirs:
        path = directory / f"{_module_name(name)}.py"
        if path.is_file():
            return path
    return None


def find_plugin(name: str) -> PluginSource:
    """The plugin a variant names: built-in first, then plugin directories, then entry points.

    Raises :class:`PluginError` naming the plugin (and the closest known name) if none has it.
    """
    source = _found.get(name)
    if source is not None:
        return source
    source = _import_builtin(name)
    if source is None:
        path = _dir_file(name)
        if path is not None:
            source = _import_file(name, path)
    if source is None:
        entry = _entry_points().get(name)
        if entry is not None:
            source = _import_entry_point(name, entry)
    if source is None:
        known = sorted(available_plugins())
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise PluginError(
            f"unknown plugin {name!r}{hint} (known: {', '.join(known) or 'none'}; built-ins are "
            f"modules of {BUILTIN_PACKAGE}, others come from --plugins-dir or the "
            f"{ENTRY_POINT_GROUP!r} entry-point group)"
        )
    _found[name] = source
    return source


def available_plugins() -> dict[str, str]:
    """Every plugin name that can be found, with where it comes from."""
    names: dict[str, str] = {}
    package = importlib.import_module(BUILTIN_PACKAGE)
    for package_dir in package.__path__:
        for path in sorted(Path(package_dir).glob("*.py")):
            if not path.stem.startswith("_"):
                names[path.stem.replace("_", "-")] = "builtin"
    for directory in _plugins_dirs:
        for path in sorted(directory.glob("*.py")):
            if not path.stem.startswith("_") and path.is_file():
                names.setdefault(path.stem.replace("_", "-"), "plugins-dir")
    for name in _entry_points():
        names.setdefault(name, "entry-point")
    return names


def options_problems(
    name: str, options: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    """What is wrong with a plugin's options: ``(key path, message)`` pairs, empty if none.

    The key path is relative to the options mapping, so a loader can point at the file line.
    """
    validator = _validators.get(name)
    if validator is None:
        import jsonschema  # type: ignore[import-untyped,unused-ignore]

        schema = _plain(find_plugin(name).schema)
        validator_class = jsonschema.validators.validator_for(schema)
        try:
            validator_class.check_schema(schema)
        except jsonschema.SchemaError as error:
            raise PluginError(
                f"plugin {name!r} has an invalid OPTIONS_SCHEMA: {error.message}"
            ) from error
        validator = validator_class(schema)
        _validators[name] = validator
    errors = sorted(validator.iter_errors(_plain(options)), key=lambda e: list(e.path))
    return [(tuple(error.path), str(error.message)) for error in errors]


def validate_options(name: str, options: Mapping[str, Any]) -> None:
    """Raise :class:`PluginError` naming the plugin and key if its schema rejects ``options``."""
    problems = options_problems(name, options)
    if problems:
        path, message = problems[0]
        key = "options" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
        raise PluginError(f"plugin {name!r}: {key}: {message}")


def implied_variant_data(name: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The variant data plugin ``name`` implies with (valid) ``options``; empty if none.

    Raises :class:`PluginError` naming the plugin when its ``variant_data`` fails or does not
    return a mapping.
    """
    function = getattr(find_plugin(name).module, "variant_data", None)
    if function is None:
        return {}
    try:
        data = function(MappingProxyType(_plain(options)))
    except PluginError:
        raise
    except Exception as error:
        raise PluginError(f"plugin {name!r}: variant_data failed: {error}") from error
    if not isinstance(data, Mapping):
        raise PluginError(
            f"plugin {name!r}: variant_data returned {type(data).__name__}, not a mapping"
        )
    plain: dict[str, Any] = _plain(data)
    return plain


def variant_problems(
    name: str, options: Mapping[str, Any], data: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    """What plugin ``name`` says is wrong with its (valid) ``options`` for the variant ``data``.

    Pairs of (key path under ``options``, message); empty when the plugin has no
    ``check_variant`` or finds nothing. Raises :class:`PluginError` naming the plugin when the
    check itself fails.
    """
    function = getattr(find_plugin(name).module, "check_variant", None)
    if function is None:
        return []
    try:
        found = function(MappingProxyType(_plain(options)), _plain(data))
        return [(tuple(path), str(message)) for path, message in found]
    except Exception as error:
        raise PluginError(f"plugin {name!r}: check_variant failed: {error}") from error


def _instantiate(source: PluginSource, options: Mapping[str, Any]) -> object:
    factory = getattr(source.module, "Plugin", None)
    if factory is None:
        if options:
            # Only reachable with a schema allowing options but no Plugin class to take them.
            raise PluginError(f"plugin {source.name!r} takes options but defines no Plugin class")
        return source.module
    frozen = MappingProxyType(_plain(options))
    try:
        return factory(frozen)
    except PluginError:
        raise
    except Exception as error:
        raise PluginError(f"plugin {source.name!r} rejected its options: {error}") from error


@dataclass(frozen=True, slots=True)
class HookCall:
    """One hook implementation, ready to call: the plugin's name, the function, its argnames."""

    plugin: str
    function: Callable[..., Any]
    argnames: tuple[str, ...]


class PluginHost:
    """The plugins in force for one game, and fast calls to their hooks.

    Built from a variant's ``plugins:`` list plus the house plugins (see the module docs).
    Each hook's implementations are resolved once, so the engine asks :meth:`implements` (or
    holds the tuple from :meth:`calls`) and pays nothing for hooks no plugin implements.
    """

    def __init__(self, refs: Sequence[PluginRef] = (), *, house: bool = True) -> None:
        self.manager = pluggy.PluginManager(PROJECT_NAME)
        self.manager.add_hookspecs(hookspecs)
        named: dict[str, Mapping[str, Any]] = {}
        for ref in refs:
            if ref.name in named:
                raise PluginError(f"plugin {ref.name!r} is named twice")
            named[ref.name] = ref.options
        sources: list[tuple[PluginSource, Mapping[str, Any]]] = []
        for name, options in named.items():
            validate_options(name, options)
            sources.append((find_plugin(name), options))
        if house:
            for source in _house_plugins():
                if source.name not in named:
                    sources.append((source, {}))
        for source, options in sources:
            self._register(source, options)
        self._check_pending()
        self.plugin_names: tuple[str, ...] = tuple(source.name for source, _ in sources)
        """The plugins registered, variant's first, then house plugins."""
        self._calls: dict[str, tuple[HookCall, ...]] = {}
        for hook_name in _HOOK_NAMES:
            caller = getattr(self.manager.hook, hook_name)
            impls = caller.get_hookimpls()
            self._calls[hook_name] = tuple(
                HookCall(impl.plugin_name, impl.function, tuple(impl.argnames))
                for impl in reversed(impls)
            )

    def _register(self, source: PluginSource, options: Mapping[str, Any]) -> None:
        plugin = _instantiate(source, options)
        try:
            self.manager.register(plugin, name=source.name)
        except pluggy.PluginValidationError as error:
            detail = " ".join(str(error).split("\n")[1:]) or str(error)
            raise PluginError(f"plugin {source.name!r}: {detail}") from error
        except ValueError as error:
            raise PluginError(f"plugin {source.name!r}: {error}") from error
        for caller in self.manager.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                if impl.plugin is plugin and (impl.hookwrapper or impl.wrapper):
                    raise PluginError(
                        f"plugin {source.name!r}: hook {caller.name!r} is a wrapper; studkit "
                        "hooks take plain implementations that return a result"
                    )

    def _check_pending(self) -> None:
        for hook_name in dir(self.manager.hook):
            if hook_name.startswith("_"):
                continue
            caller = getattr(self.manager.hook, hook_name)
            if caller.spec is not None:
                continue
            for impl in caller.get_hookimpls():
                if impl.optionalhook:
                    continue
                close = difflib.get_close_matches(hook_name, _HOOK_NAMES, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise PluginError(
                    f"plugin {impl.plugin_name!r} implements unknown hook {hook_name!r}{hint}"
                )
        self.manager.check_pending()  # what is left would be pluggy's own complaint

    def implements(self, hook_name: str) -> bool:
        """Whether any plugin implements the hook (by its full name, ``studkit_...``)."""
        return bool(self._calls[hook_name])

    def calls(self, hook_name: str) -> tuple[HookCall, ...]:
        """The implementations of a hook, in the order they are called (pluggy's LIFO order,
        honouring ``tryfirst`` and ``trylast``)."""
        return self._calls[hook_name]

    def call_first(self, hook_name: str, **kwargs: Any) -> Any:
        """Call a ``firstresult`` hook: the first non-``None`` result, or ``None``."""
        for call in self._calls[hook_name]:
            result = _invoke(call, hook_name, kwargs)
            if result is not None:
                return result
        return None

    def call_all(self, hook_name: str, **kwargs: Any) -> list[Any]:
        """Call a hook on every implementation: the non-``None`` results in call order."""
        results = []
        for call in self._calls[hook_name]:
            result = _invoke(call, hook_name, kwargs)
            if result is not None:
                results.append(result)
        return results


def _invoke(call: HookCall, hook_name: str, kwargs: Mapping[str, Any]) -> Any:
    try:
        return call.function(*[kwargs[name] for name in call.argnames])
    except PluginError as error:
        if f"plugin {call.plugin!r}" in str(error):
            raise
        raise PluginError(f"plugin {call.plugin!r} failed in {hook_name}: {error}") from error
    except Exception as error:
        raise PluginError(
            f"plugin {call.plugin!r} failed in {hook_name}: {type(error).__name__}: {error}"
        ) from error


_HOOK_NAMES: tuple[str, ...] = tuple(
    name for name in dir(hookspecs) if name.startswith(f"{PROJECT_NAME}_")
)


def _house_plugins() -> Iterable[PluginSource]:
    names: list[str] = []
    for directory in _plugins_dirs:
        for path in sorted(directory.glob("*.py")):
            if not path.stem.startswith("_") and path.is_file():
                names.append(path.stem.replace("_", "-"))
    if autoload_enabled():
        names.extend(_entry_points())
    seen: set[str] = set()
    for name in names:
        if name in seen:
            continue
        seen.add(name)
        source = find_plugin(name)
        if source.origin == "builtin":
            continue  # a shipped plugin acts only where a variant names it
        if options_problems(name, {}):
            continue  # needs options: acts only where a variant names it
        yield source


def house_plugins() -> list[PluginSource]:
    """The plugins that act in every game with empty options (plugin directories, and entry
    points unless autoloading is off), as :class:`PluginHost` adds them."""
    return list(_house_plugins())


_hosts: dict[int, tuple[Variant, PluginHost | None]] = {}
_HOSTS_KEPT = 256


def host_for(variant: Variant) -> PluginHost | None:
    """The plugin host of a variant, built once and cached; ``None`` when no plugin acts in it
    (no plugins named and no house plugins), so the engine can skip every hook."""
    cached = _hosts.get(id(variant))
    if cached is not None and cached[0] is variant:
        return cached[1]
    host: PluginHost | None = PluginHost(variant.plugins)
    if host is not None and not host.plugin_names:
        host = None
    if len(_hosts) >= _HOSTS_KEPT:
        _hosts.clear()
    _hosts[id(variant)] = (variant, host)
    return host
