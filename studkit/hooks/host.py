"""The plugin host: finds plugins, checks their options and calls their hooks.

A plugin is a Python module. It may define

* ``OPTIONS_SCHEMA``: a JSON Schema (a dict) for the options a variant passes it; without one
  the plugin takes no options;
* hook implementations (see :mod:`studkit.hooks.specs`), marked with :data:`hookimpl`, either as
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
2. plugin directories: ``<DIR>/<name>.py`` for each ``--plugins-dir DIR`` (the directories a
   :class:`PluginRegistry` is made with);
3. installed packages: an entry point named ``<name>`` in the ``studkit.plugins`` group.

A variant names the plugins it needs in its ``plugins:`` list, each with its options. Plugins
from plugin directories and from entry points are also *house plugins*: they act in every
game (with empty options) unless the environment variable
``STUDKIT_DISABLE_PLUGIN_AUTOLOAD=1`` turns entry-point autoloading off, in which case an
entry-point plugin acts only where a variant names it. A house plugin whose schema needs
options acts only where a variant names it.

A :class:`PluginRegistry` holds the plugin directories and everything found through them (the
plugins imported, their option validators, the hosts built per variant): a process can hold
several, each with its own directories. ``load_variant(..., registry=r)`` loads a variant
whose plugins come from ``r``; the engine then builds the variant's :class:`PluginHost` from
that registry. The command line makes one registry from its ``--plugins-dir`` options
(:func:`take_plugins_dirs`) and passes it on. The functions below take a ``registry``;
without one they use ``PluginRegistry()`` (the built-ins and installed entry points): no
plugin state is kept at module level.

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
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pluggy

from studkit.errors import PluginError
from studkit.hooks import specs as hookspecs
from studkit.hooks.registry import (
    AUTOLOAD_ENV,
    BUILTIN_PACKAGE,
    ENTRY_POINT_GROUP,
    PluginRegistry,
    PluginSource,
    autoload_enabled,
    instantiate,
    plain,
    registry_of,
)
from studkit.hooks.specs import PROJECT_NAME, hookimpl
from studkit.variant.card_choices import CARD_CHOICE_PLUGINS
from studkit.variant.model import PluginRef, Variant

__all__ = [
    "hookimpl",
    "ENTRY_POINT_GROUP",
    "AUTOLOAD_ENV",
    "BUILTIN_PACKAGE",
    "PluginSource",
    "PluginRegistry",
    "PluginHost",
    "HookCall",
    "registry_of",
    "take_plugins_dirs",
    "autoload_enabled",
    "available_plugins",
    "find_plugin",
    "validate_options",
    "implied_variant_data",
    "variant_problems",
    "house_plugins",
    "options_problems",
    "host_for",
]


def take_plugins_dirs(argv: Sequence[str]) -> tuple[PluginRegistry, list[str]]:
    """The registry of every ``--plugins-dir DIR`` (or ``--plugins-dir=DIR``) of a command
    line, wherever it stands, and the other arguments. Raises :class:`PluginError` for a
    missing value, a directory that does not exist, or a plugin in it that fails to load."""
    rest: list[str] = []
    dirs: list[str] = []
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
            dirs.append(value)
        elif arg.startswith("--plugins-dir="):
            dirs.append(arg.split("=", 1)[1])
        else:
            rest.append(arg)
    registry = PluginRegistry(dirs)
    if dirs:
        # Load the directories' plugins now: a broken one fails before the command.
        PluginHost(registry=registry)
    return registry, rest


def _given(registry: PluginRegistry | None) -> PluginRegistry:
    return registry if registry is not None else PluginRegistry()


def find_plugin(name: str, registry: PluginRegistry | None = None) -> PluginSource:
    """:meth:`PluginRegistry.find` of ``registry`` (default: the built-ins and entry
    points)."""
    return _given(registry).find(name)


def available_plugins(registry: PluginRegistry | None = None) -> dict[str, str]:
    """:meth:`PluginRegistry.available` of ``registry`` (default: the built-ins and entry
    points)."""
    return _given(registry).available()


def options_problems(
    name: str, options: Mapping[str, Any], registry: PluginRegistry | None = None
) -> list[tuple[tuple[str | int, ...], str]]:
    """:meth:`PluginRegistry.options_problems` of ``registry``."""
    return _given(registry).options_problems(name, options)


def validate_options(
    name: str, options: Mapping[str, Any], registry: PluginRegistry | None = None
) -> None:
    """:meth:`PluginRegistry.validate_options` of ``registry``."""
    _given(registry).validate_options(name, options)


def implied_variant_data(
    name: str, options: Mapping[str, Any], registry: PluginRegistry | None = None
) -> dict[str, Any]:
    """:meth:`PluginRegistry.implied_variant_data` of ``registry``."""
    return _given(registry).implied_variant_data(name, options)


def variant_problems(
    name: str,
    options: Mapping[str, Any],
    data: Mapping[str, Any],
    registry: PluginRegistry | None = None,
) -> list[tuple[tuple[str | int, ...], str]]:
    """:meth:`PluginRegistry.variant_problems` of ``registry``."""
    return _given(registry).variant_problems(name, options, data)


def house_plugins(registry: PluginRegistry | None = None) -> list[PluginSource]:
    """:meth:`PluginRegistry.house_plugins` of ``registry``."""
    return _given(registry).house_plugins()


def host_for(variant: Variant) -> PluginHost | None:
    """The plugin host of a variant, built once per distinct plugin list in the registry the
    variant was loaded with; ``None`` when no plugin acts in it (no plugins named and no house
    plugins), so the engine can skip every hook."""
    registry = registry_of(variant)
    refs = variant_plugin_refs(variant)
    key = json.dumps(
        [[ref.name, plain(ref.options)] for ref in refs], default=repr, sort_keys=True
    )
    hosts = registry.hosts
    if key in hosts:
        found: PluginHost | None = hosts[key]
        return found
    host: PluginHost | None = PluginHost(refs, registry=registry)
    if host is not None and not host.plugin_names:
        host = None
    if len(hosts) >= _HOSTS_KEPT:
        hosts.clear()
    hosts[key] = host
    return host


_HOSTS_KEPT = 256


def variant_plugin_refs(variant: Variant) -> tuple[PluginRef, ...]:
    """The plugins acting in ``variant``: those it names, then the shipped plugins its data
    asks for (a street's ``discard`` or ``flip``: :data:`~studkit.variant.card_choices.
    CARD_CHOICE_PLUGINS`) that it does not name."""
    named = {ref.name for ref in variant.plugins}
    implied = tuple(
        PluginRef(plugin) for key, plugin in CARD_CHOICE_PLUGINS
        if plugin not in named and any(getattr(st, key) is not None for st in variant.streets)
    )
    return (*variant.plugins, *implied) if implied else variant.plugins


DECISION_KINDS_HOOK = "studkit_decision_kinds"


def module_decision_kinds(source: PluginSource) -> tuple[tuple[str, Any], ...]:
    """The decision kinds a plugin module registers (its module-level
    ``studkit_decision_kinds`` hook), as ``(plugin name, kind)`` pairs; a hook that fails or
    does not return a list is a :class:`PluginError` naming the plugin."""
    hook = getattr(source.module, DECISION_KINDS_HOOK, None)
    if hook is None or getattr(hook, "studkit_impl", None) is None:
        plugin_class = getattr(source.module, "Plugin", None)
        if plugin_class is not None and hasattr(plugin_class, DECISION_KINDS_HOOK):
            raise PluginError(
                f"plugin {source.name!r}: define {DECISION_KINDS_HOOK} at module level, not in "
                "the Plugin class (hand histories are read before a game's options are known)"
            )
        return ()
    try:
        kinds = hook()
    except Exception as error:
        raise PluginError(
            f"plugin {source.name!r} failed in {DECISION_KINDS_HOOK}: "
            f"{type(error).__name__}: {error}"
        ) from error
    if not isinstance(kinds, list | tuple):
        raise PluginError(
            f"plugin {source.name!r}: {DECISION_KINDS_HOOK} must return a list of decision "
            f"kinds, not {type(kinds).__name__}"
        )
    return tuple((source.name, kind) for kind in kinds)


def registry_decision_kinds(registry: PluginRegistry) -> tuple[tuple[str, Any], ...]:
    """``(plugin name, kind)`` for every decision kind registered by a plugin ``registry``
    can find (what a hand history is read with before its game is known)."""
    found = registry.memo.get(DECISION_KINDS_HOOK)
    if found is None:
        found = registry.memo[DECISION_KINDS_HOOK] = tuple(
            kind for source in _findable(registry) for kind in module_decision_kinds(source)
        )
    return found


def face_deciders(registry: PluginRegistry, face: str) -> tuple[str, ...]:
    """The plugins ``registry`` can find that decide cards of ``face`` (they list it in their
    module's ``CARD_FACES``: roll your own decides ``choice`` cards)."""
    faces: dict[str, tuple[str, ...]] | None = registry.memo.get("CARD_FACES")
    if faces is None:
        found: dict[str, list[str]] = {}
        for source in _findable(registry):
            for decided in getattr(source.module, "CARD_FACES", ()):
                found.setdefault(str(decided), []).append(source.name)
        faces = registry.memo["CARD_FACES"] = {k: tuple(v) for k, v in found.items()}
    return faces.get(face, ())


def _findable(registry: PluginRegistry) -> list[PluginSource]:
    """Every plugin the registry finds (a broken one is left out: it is reported where a
    game names it)."""
    out = []
    for name in registry.available():
        try:
            out.append(registry.find(name))
        except PluginError:
            continue
    return out


@dataclass(frozen=True, slots=True)
class HookCall:
    """One hook implementation, ready to call: the plugin's name, the function, its argnames."""

    plugin: str
    function: Callable[..., Any]
    argnames: tuple[str, ...]


class PluginHost:
    """The plugins in force for one game, and fast calls to their hooks.

    Built from a variant's ``plugins:`` list plus the house plugins (see the module docs),
    found through ``registry`` (default: ``PluginRegistry()``, the built-ins and entry points).
    Each hook's implementations are resolved once, so the engine asks :meth:`implements` (or
    holds the tuple from :meth:`calls`) and pays nothing for hooks no plugin implements.
    """

    def __init__(
        self,
        refs: Sequence[PluginRef] = (),
        *,
        house: bool = True,
        registry: PluginRegistry | None = None,
    ) -> None:
        if registry is None:
            registry = PluginRegistry()
        self.manager = pluggy.PluginManager(PROJECT_NAME)
        self.manager.add_hookspecs(hookspecs)
        named: dict[str, Mapping[str, Any]] = {}
        for ref in refs:
            if ref.name in named:
                raise PluginError(f"plugin {ref.name!r} is named twice")
            named[ref.name] = ref.options
        sources: list[tuple[PluginSource, Mapping[str, Any]]] = []
        for name, options in named.items():
            registry.validate_options(name, options)
            sources.append((registry.find(name), options))
        if house:
            for source in registry.house_plugins():
                if source.name not in named:
                    sources.append((source, {}))
        for source, options in sources:
            self._register(source, options)
        self._check_pending()
        self.plugin_names: tuple[str, ...] = tuple(source.name for source, _ in sources)
        self._kinds = tuple(kind for source, _ in sources for kind in module_decision_kinds(source))
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
        plugin = instantiate(source, options)
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

    def decision_kinds(self) -> tuple[tuple[str, Any], ...]:
        """``(plugin name, kind)`` for the decision kinds these plugins register (through
        ``studkit_decision_kinds``, asked once per plugin module)."""
        return self._kinds

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

    def call_each(self, hook_name: str, **kwargs: Any) -> dict[str, Any]:
        """Call a hook on every implementation: each plugin's result (``None`` included), by
        plugin name."""
        return {call.plugin: _invoke(call, hook_name, kwargs) for call in self._calls[hook_name]}

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
