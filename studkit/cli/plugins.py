"""The ``plugins`` command: which plugins can be found, and the options each takes."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

from studkit.hooks import specs as hookspecs
from studkit.hooks.host import (
    DECISION_KINDS_HOOK,
    PluginRegistry,
    autoload_enabled,
    module_decision_kinds,
)

__all__ = ["register", "run_plugins", "plugin_record"]


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``plugins`` command."""
    parser = subcommands.add_parser(
        "plugins",
        help="list the plugins studkit can find, or show one plugin's options",
        description="Without a name: every plugin studkit can find (built-in, from a "
        "--plugins-dir, from an installed package's entry point), where it comes from, the "
        "hooks it implements and what it does. With a name: that plugin's options, from its "
        "own JSON Schema.",
    )
    parser.add_argument("name", nargs="?", metavar="PLUGIN", help="a plugin name to describe")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(run=run_plugins)


def _hooks(module: Any) -> list[str]:
    found: set[str] = set()
    holders = [module]
    plugin_class = getattr(module, "Plugin", None)
    if plugin_class is not None:
        holders.append(plugin_class)
    for holder in holders:
        for name in dir(holder):
            if name.startswith(f"{hookspecs.PROJECT_NAME}_") and hasattr(
                getattr(holder, name), f"{hookspecs.PROJECT_NAME}_impl"
            ):
                found.add(name)
    found.discard(DECISION_KINDS_HOOK)  # the kinds it registers are listed as decisions
    return sorted(found)


def _options(schema: Mapping[str, Any]) -> list[dict[str, Any]]:
    properties: Mapping[str, Any] = schema.get("properties", {})
    required = set(schema.get("required", ()))
    out = []
    for key, spec in properties.items():
        if "enum" in spec:
            accepts = " | ".join(json.dumps(v) for v in spec["enum"])
        elif "oneOf" in spec:
            parts = []
            for option in spec["oneOf"]:
                parts.append(
                    " | ".join(json.dumps(v) for v in option["enum"]) if "enum" in option
                    else str(option.get("type", "?"))
                )
            accepts = " | ".join(parts)
        else:
            accepts = str(spec.get("type", "any"))
        out.append({
            "option": key,
            "accepts": accepts,
            "default": spec.get("default"),
            "required": key in required,
            "description": spec.get("description", ""),
        })
    return out


def plugin_record(name: str, registry: PluginRegistry | None = None) -> dict[str, Any]:
    """What ``studkit plugins NAME --json`` prints for one plugin (found through
    ``registry``; default: the built-ins and entry points)."""
    source = (registry if registry is not None else PluginRegistry()).find(name)
    return {
        "name": source.name,
        "origin": source.origin,
        "location": source.location,
        "summary": source.summary,
        "hooks": _hooks(source.module),
        "decisions": [kind.name for _, kind in module_decision_kinds(source)],
        "options": _options(source.schema),
    }


def run_plugins(args: argparse.Namespace) -> int:
    """List the plugins, or describe one."""
    registry = args.registry if args.registry is not None else PluginRegistry()
    if args.name:
        record = plugin_record(args.name, registry)
        if args.json:
            print(json.dumps(record, indent=2))
            return 0
        print(f"{record['name']} ({record['origin']}: {record['location']})")
        print(record["summary"])
        print(f"hooks: {', '.join(record['hooks']) or 'none'}")
        if record["decisions"]:
            print(f"decisions: {', '.join(record['decisions'])}")
        if not record["options"]:
            print("options: none")
        for option in record["options"]:
            default = "" if option["default"] is None else f" (default {option['default']})"
            needed = " (required)" if option["required"] else ""
            print(f"  {option['option']}: {option['accepts']}{default}{needed}")
            if option["description"]:
                print(f"      {option['description']}")
        return 0
    records = [plugin_record(name, registry) for name in sorted(registry.available())]
    if args.json:
        print(json.dumps({"autoload": autoload_enabled(), "plugins": records}, indent=2))
        return 0
    width = max((len(r["name"]) for r in records), default=4)
    for record in records:
        print(f"{record['name']:{width}}  {record['origin']:11}  {record['summary']}")
    if not autoload_enabled():
        print("(STUDKIT_DISABLE_PLUGIN_AUTOLOAD is set: entry-point plugins act only where a "
              "variant names them)")
    return 0
