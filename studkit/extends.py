"""``extends:``: a variant file that starts from another and states only what differs.

Merge rules (mkdocs INHERIT and Compose style): mappings merge key by key, recursively; lists
whose schema names an ``x-merge-key`` (``streets`` and ``plugins``, keyed by ``name``) merge
item by item, an item with a new name being added at the end, and an empty list clears the
parent's (``plugins: []`` drops every inherited plugin); every other value (scalars,
other lists such as ``pots`` or a street's ``cards``) is replaced whole. Keys the schema marks
``x-inherit: false`` (``name``, ``title``, ``description``, ``aliases``) never come from the
parent. Every merged value keeps the location of the file that supplied it, so an error in
the merged result points at that file and line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from studkit.yaml_source import Located, VariantFileError

__all__ = ["MAX_EXTENDS_DEPTH", "merge", "resolve_extends", "ParentFinder"]

MAX_EXTENDS_DEPTH = 16
"""The longest ``extends`` chain followed."""

ParentFinder = Callable[[str, Located, "Path | None"], tuple[Path, str]]
"""Finds the file an ``extends`` value names: ``(reference, its node, the child's directory)``
to ``(the parent's path, its display name)``; raises :class:`VariantFileError` if none."""


def merge(parent: Located, child: Located, schema: dict[str, Any]) -> Located:
    """``child`` laid over ``parent`` following the module's merge rules."""
    if not (isinstance(parent.value, dict) and isinstance(child.value, dict)):
        if (
            isinstance(parent.value, list)
            and isinstance(child.value, list)
            and isinstance(schema.get("x-merge-key"), str)
        ):
            return _merge_keyed(parent, child, schema)
        return child
    properties: dict[str, Any] = schema.get("properties", {})
    values: dict[str, Located] = {}
    keys = {}
    for key, node in parent.value.items():
        if properties.get(key, {}).get("x-inherit", True):
            values[key] = node
            if key in parent.key_locations:
                keys[key] = parent.key_locations[key]
    for key, node in child.value.items():
        if key in values:
            values[key] = merge(values[key], node, properties.get(key, {}))
        else:
            values[key] = node
        if key in child.key_locations:
            keys[key] = child.key_locations[key]
    return Located(values, child.location, keys)


def _merge_keyed(parent: Located, child: Located, schema: dict[str, Any]) -> Located:
    if not child.value:
        return child  # an empty list says "none", not "no change"
    key = str(schema["x-merge-key"])
    item_schema: dict[str, Any] = schema.get("items", {})
    items = list(parent.value)
    index_of = {
        _item_key(item, key): index
        for index, item in enumerate(items)
        if _item_key(item, key) is not None
    }
    for item in child.value:
        name = _item_key(item, key)
        if name is not None and name in index_of:
            position = index_of[name]
            items[position] = merge(items[position], item, item_schema)
        else:
            items.append(item)
            if name is not None:
                index_of[name] = len(items) - 1
    return Located(items, child.location)


def _item_key(item: Located, key: str) -> str | None:
    node = item.get(key)
    if node is not None and isinstance(node.value, str):
        return node.value
    return None


def resolve_extends(
    root: Located,
    path: Path | None,
    read: Callable[[Path, str], Located],
    find_parent: ParentFinder,
    schema: dict[str, Any],
    chain: tuple[Path, ...] = (),
) -> Located:
    """``root`` with its ``extends`` chain merged in (``extends`` itself removed).

    ``read(path, display_name)`` parses and checks one file; ``find_parent`` locates the file
    an ``extends`` value names. Cycles and chains longer than :data:`MAX_EXTENDS_DEPTH` are
    errors at the ``extends`` line that closes them.
    """
    reference = root.get("extends")
    if reference is None:
        return root
    if not isinstance(reference.value, str) or not reference.value.strip():
        from studkit.yaml_source import describe

        raise VariantFileError.at(
            reference.location, "extends",
            f"expected a variant name or a relative path, got {describe(reference.value)}",
        )
    here = path.parent if path is not None else None
    parent_path, parent_name = find_parent(reference.value, reference, here)
    resolved = parent_path.resolve()
    chain = (*chain, path.resolve()) if path is not None else chain
    if resolved in chain:
        names = [item.name for item in chain[chain.index(resolved):]] + [resolved.name]
        raise VariantFileError.at(
            reference.location, "extends",
            f"{reference.value!r} makes a cycle: {' -> '.join(names)}",
        )
    if len(chain) >= MAX_EXTENDS_DEPTH:
        raise VariantFileError.at(
            reference.location, "extends",
            f"extends chain is longer than {MAX_EXTENDS_DEPTH} files",
        )
    parent = read(parent_path, parent_name)
    parent = resolve_extends(parent, parent_path, read, find_parent, schema, chain)
    own = Located(
        {key: node for key, node in root.value.items() if key != "extends"},
        root.location,
        {key: where for key, where in root.key_locations.items() if key != "extends"},
    )
    return merge(parent, own, schema)
