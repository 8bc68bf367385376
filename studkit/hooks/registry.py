"""Where plugins are found: :class:`PluginRegistry`, and loading one: :class:`PluginSource`.

A registry looks a plugin name up among the built-ins, its plugin directories and the
installed packages' entry points (in that order), imports the module it finds and remembers
it, with the plugin's option validator and the plugin hosts built from it. Its directories
are fixed when it is made (``PluginRegistry(["club"])`` is what ``--plugins-dir club`` makes);
two registries with the same directories are equal (and hash alike), so a cache keyed by a
registry is keyed by value. Nothing here is kept at module level: code that is given no
registry uses ``PluginRegistry()`` (the shipped plugins and installed entry points), and a
variant made without one finds its plugins in a registry of its own (:func:`registry_of`).
Every failure is a :class:`~studkit.errors.PluginError` that names the plugin.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.metadata
import importlib.util
import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

from studkit.errors import PluginError
from studkit.variant.model import Variant

__all__ = [
    "ENTRY_POINT_GROUP",
    "AUTOLOAD_ENV",
    "PluginRegistry",
    "registry_of",
    "autoload_enabled",
    "BUILTIN_PACKAGE",
    "PluginSource",
    "plain",
    "module_name",
    "import_builtin",
    "import_file",
    "import_entry_point",
    "options_validator",
    "implied_data",
    "checked_variant",
    "instantiate",
]

BUILTIN_PACKAGE = "studkit.plugins"
"""The package holding the shipped plugins."""

_NO_OPTIONS_SCHEMA: Mapping[str, Any] = MappingProxyType(
    {"type": "object", "additionalProperties": False}
)


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


def plain(value: Any) -> Any:
    """A deep copy with mappings as dicts and tuples as lists (what JSON Schema expects)."""
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    return value


def module_name(name: str) -> str:
    """The module name of plugin ``name`` (``-`` becomes ``_``)."""
    return name.replace("-", "_")


def import_builtin(name: str) -> PluginSource | None:
    """The built-in plugin ``name``, or ``None`` when there is no such module."""
    dotted = f"{BUILTIN_PACKAGE}.{module_name(name)}"
    try:
        module = importlib.import_module(dotted)
    except ModuleNotFoundError as error:
        if error.name in (dotted, BUILTIN_PACKAGE):
            return None
        raise PluginError(f"plugin {name!r} ({dotted}) failed to import: {error}") from error
    except Exception as error:
        raise PluginError(f"plugin {name!r} ({dotted}) failed to import: {error}") from error
    return PluginSource(name, "builtin", dotted, module)


def import_file(name: str, path: Path) -> PluginSource:
    """The plugin ``name`` from the file ``path`` of a plugin directory."""
    # Named by the file's full path: two directories may each hold a plugin of the same name.
    module_key = f"studkit_plugins_dir.{module_name(path.stem)}_{abs(hash(str(path))):x}"
    spec = importlib.util.spec_from_file_location(module_key, path)
    if spec is None or spec.loader is None:  # pragma: no cover - only for odd file systems
        raise PluginError(f"plugin {name!r}: cannot load {str(path)!r}")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        raise PluginError(f"plugin {name!r} ({path}) failed to import: {error}") from error
    sys.modules[module_key] = module
    return PluginSource(name, "plugins-dir", str(path), module)


def import_entry_point(name: str, entry: importlib.metadata.EntryPoint) -> PluginSource:
    """The plugin ``name`` an installed package's entry point names."""
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


def options_validator(source: PluginSource) -> Any:
    """A JSON Schema validator for the plugin's options (its schema checked first)."""
    import jsonschema  # type: ignore[import-untyped,unused-ignore]  # slow: only when needed

    schema = plain(source.schema)
    validator_class = jsonschema.validators.validator_for(schema)
    try:
        validator_class.check_schema(schema)
    except jsonschema.SchemaError as error:
        raise PluginError(
            f"plugin {source.name!r} has an invalid OPTIONS_SCHEMA: {error.message}"
        ) from error
    return validator_class(schema)


def implied_data(source: PluginSource, options: Mapping[str, Any]) -> dict[str, Any]:
    """What the plugin's ``variant_data(options)`` returns, as plain data; empty without one."""
    function = getattr(source.module, "variant_data", None)
    if function is None:
        return {}
    name = source.name
    try:
        data = function(MappingProxyType(plain(options)))
    except PluginError:
        raise
    except Exception as error:
        raise PluginError(f"plugin {name!r}: variant_data failed: {error}") from error
    if not isinstance(data, Mapping):
        raise PluginError(
            f"plugin {name!r}: variant_data returned {type(data).__name__}, not a mapping"
        )
    found: dict[str, Any] = plain(data)
    return found


def checked_variant(
    source: PluginSource, options: Mapping[str, Any], data: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    """What the plugin's ``check_variant(options, data)`` finds; empty without one."""
    function = getattr(source.module, "check_variant", None)
    if function is None:
        return []
    try:
        found = function(MappingProxyType(plain(options)), plain(data))
        return [(tuple(path), str(message)) for path, message in found]
    except Exception as error:
        raise PluginError(f"plugin {source.name!r}: check_variant failed: {error}") from error


def instantiate(source: PluginSource, options: Mapping[str, Any]) -> object:
    """What registers with the hook manager: the module, or its ``Plugin(options)``."""
    factory = getattr(source.module, "Plugin", None)
    if factory is None:
        if options:
            # Only reachable with a schema allowing options but no Plugin class to take them.
            raise PluginError(f"plugin {source.name!r} takes options but defines no Plugin class")
        return source.module
    frozen = MappingProxyType(plain(options))
    try:
        return factory(frozen)
    except PluginError:
        raise
    except Exception as error:
        raise PluginError(f"plugin {source.name!r} rejected its options: {error}") from error


ENTRY_POINT_GROUP = "studkit.plugins"
"""The entry-point group installed packages register plugins in."""
AUTOLOAD_ENV = "STUDKIT_DISABLE_PLUGIN_AUTOLOAD"
"""Set to ``1`` to stop entry-point plugins from acting in games that do not name them."""

def autoload_enabled() -> bool:
    """Whether entry-point plugins act in every game (``STUDKIT_DISABLE_PLUGIN_AUTOLOAD``
    unset or empty)."""
    return os.environ.get(AUTOLOAD_ENV, "") in ("", "0")


class PluginRegistry:
    """Where plugin names are looked up (built-ins, ``dirs``, entry points), and everything
    found: the plugins imported, their option validators, and the plugin hosts built (one per
    distinct list of plugin references, keyed by names and options, not by object).

    The directories are fixed at construction; equality and hashing go by them. Raises
    :class:`PluginError` for a directory that does not exist or holds a plugin file that a
    built-in or an earlier directory shadows."""

    def __init__(self, dirs: Iterable[str | os.PathLike[str]] = ()) -> None:
        self._dirs: tuple[Path, ...] = ()
        self._found: dict[str, PluginSource] = {}
        self._validators: dict[str, Any] = {}
        self._entry_points: dict[str, importlib.metadata.EntryPoint] | None = None
        self.memo: dict[str, Any] = {}
        """Answers worked out from every plugin found (the decision kinds, the card faces
        plugins decide), forgotten on :meth:`refresh`."""
        self.hosts: dict[str, Any] = {}
        """The plugin hosts built from this registry, by plugin list
        (:func:`studkit.hooks.host.host_for` fills it)."""
        self.generation = 0
        """Counts the refreshes: compiled rules that hold a host from an older generation are
        compiled again."""
        for path in dirs:
            directory = Path(path)
            if not directory.is_dir():
                raise PluginError(f"--plugins-dir {os.fspath(path)!r}: not a directory")
            resolved = directory.resolve()
            if resolved not in self._dirs:
                self._check_unshadowed(resolved, path)
                self._dirs = (*self._dirs, resolved)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Another process finds the plugins again from the same directories.
        return PluginRegistry, (tuple(str(d) for d in self._dirs),)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PluginRegistry):
            return NotImplemented
        return self._dirs == other._dirs

    def __hash__(self) -> int:
        return hash(self._dirs)

    def __repr__(self) -> str:
        return f"PluginRegistry({[str(d) for d in self._dirs]!r})"

    @property
    def dirs(self) -> tuple[Path, ...]:
        """The plugin directories (resolved), in the order they were given."""
        return self._dirs

    def refresh(self) -> None:
        """Forget what was found (after installing a package or editing a plugin file)."""
        self._entry_points = None
        self._found.clear()
        self._validators.clear()
        self.memo.clear()
        self.hosts.clear()
        self.generation += 1

    def _check_unshadowed(self, directory: Path, given: str | os.PathLike[str]) -> None:
        """A plugin file whose name a built-in or an earlier directory already has would never
        load (they are found first): refuse it rather than leave the house rule silently
        out."""
        taken = {
            name: origin for name, origin in self.available().items() if origin != "entry-point"
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
                first = f"the built-in plugin {name!r} ({BUILTIN_PACKAGE}.{module_name(name)})"
            else:
                first = f"{self._dir_file(name)}"
            raise PluginError(
                f"--plugins-dir {os.fspath(given)!r}: plugin {name!r} ({path}) would never "
                f"load: {first} has its name and is found first; rename the file"
            )

    def _entry_point_map(self) -> dict[str, importlib.metadata.EntryPoint]:
        if self._entry_points is None:
            found: dict[str, importlib.metadata.EntryPoint] = {}
            for entry in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
                found.setdefault(entry.name, entry)
            self._entry_points = found
        return self._entry_points

    def _dir_file(self, name: str) -> Path | None:
        for directory in self._dirs:
            path = directory / f"{module_name(name)}.py"
            if path.is_file():
                return path
        return None

    def find(self, name: str) -> PluginSource:
        """The plugin a variant names: built-in first, then plugin directories, then entry
        points. Raises :class:`PluginError` naming the plugin (and the closest known name)."""
        source = self._found.get(name)
        if source is not None:
            return source
        source = import_builtin(name)
        if source is None:
            path = self._dir_file(name)
            if path is not None:
                source = import_file(name, path)
        if source is None:
            entry = self._entry_point_map().get(name)
            if entry is not None:
                source = import_entry_point(name, entry)
        if source is None:
            known = sorted(self.available())
            close = difflib.get_close_matches(name, known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise PluginError(
                f"unknown plugin {name!r}{hint} (known: {', '.join(known) or 'none'}; built-ins "
                f"are modules of {BUILTIN_PACKAGE}, others come from --plugins-dir or the "
                f"{ENTRY_POINT_GROUP!r} entry-point group)"
            )
        self._found[name] = source
        return source

    def available(self) -> dict[str, str]:
        """Every plugin name that can be found, with where it comes from."""
        names: dict[str, str] = {}
        package = importlib.import_module(BUILTIN_PACKAGE)
        for package_dir in package.__path__:
            for path in sorted(Path(package_dir).glob("*.py")):
                if not path.stem.startswith("_"):
                    names[path.stem.replace("_", "-")] = "builtin"
        for directory in self._dirs:
            for path in sorted(directory.glob("*.py")):
                if not path.stem.startswith("_") and path.is_file():
                    names.setdefault(path.stem.replace("_", "-"), "plugins-dir")
        for name in self._entry_point_map():
            names.setdefault(name, "entry-point")
        return names

    def options_problems(
        self, name: str, options: Mapping[str, Any]
    ) -> list[tuple[tuple[str | int, ...], str]]:
        """What is wrong with a plugin's options: ``(key path, message)`` pairs, empty if
        none. The key path is relative to the options mapping, so a loader can point at the
        file line."""
        validator = self._validators.get(name)
        if validator is None:
            validator = self._validators[name] = options_validator(self.find(name))
        errors = sorted(validator.iter_errors(plain(options)), key=lambda e: list(e.path))
        return [(tuple(error.path), str(error.message)) for error in errors]

    def validate_options(self, name: str, options: Mapping[str, Any]) -> None:
        """Raise :class:`PluginError` naming the plugin and key if its schema rejects
        ``options``."""
        problems = self.options_problems(name, options)
        if problems:
            path, message = problems[0]
            key = "options" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
            raise PluginError(f"plugin {name!r}: {key}: {message}")

    def implied_variant_data(self, name: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """The variant data plugin ``name`` implies with (valid) ``options``; empty if none.
        Raises :class:`PluginError` naming the plugin when its ``variant_data`` fails or does
        not return a mapping."""
        return implied_data(self.find(name), options)

    def variant_problems(
        self, name: str, options: Mapping[str, Any], data: Mapping[str, Any]
    ) -> list[tuple[tuple[str | int, ...], str]]:
        """What plugin ``name`` says is wrong with its (valid) ``options`` for the variant
        ``data``: pairs of (key path under ``options``, message); empty when the plugin has
        no ``check_variant`` or finds nothing."""
        return checked_variant(self.find(name), options, data)

    def house_plugins(self) -> list[PluginSource]:
        """The plugins that act in every game with empty options (plugin directories, and
        entry points unless autoloading is off), as a plugin host adds them."""
        names: list[str] = []
        for directory in self._dirs:
            for path in sorted(directory.glob("*.py")):
                if not path.stem.startswith("_") and path.is_file():
                    names.append(path.stem.replace("_", "-"))
        if autoload_enabled():
            names.extend(self._entry_point_map())
        found: list[PluginSource] = []
        for name in dict.fromkeys(names):
            source = self.find(name)
            if source.origin == "builtin":
                continue  # a shipped plugin acts only where a variant names it
            if self.options_problems(name, {}):
                continue  # needs options: acts only where a variant names it
            found.append(source)
        return found


_REGISTRY_KEY = ("hooks", "registry")


def registry_of(variant: Variant) -> PluginRegistry:
    """The registry ``variant`` was loaded with; a variant made without one (``Variant(...)``
    in code) gets a ``PluginRegistry()`` of its own, kept in its ``memo``."""
    registry = variant.plugin_registry
    if isinstance(registry, PluginRegistry):
        return registry
    own = variant.memo.get(_REGISTRY_KEY)
    if own is None:
        own = variant.memo[_REGISTRY_KEY] = PluginRegistry()
    found: PluginRegistry = own
    return found
