"""``extends:``: a variant file that starts from another and states only what differs.

Merge rules (mkdocs INHERIT and Compose style): mappings merge key by key, recursively; lists
whose schema names an ``x-merge-key`` (``streets`` and ``plugins``, keyed by ``name``) merge
item by item, an item with a new name being added at the end, an item saying ``remove: true``
deleting the inherited item of that name, and an empty list clearing the parent's
(``plugins: []`` drops every inherited plugin); every other value (scalars, other lists such
as ``pots`` or a street's ``cards``) is replaced whole. A keyed list the parent leaves out is
its schema default (a parent that writes no ``streets`` deals seven-card stud's). Keys the
schema marks ``x-inherit: false`` (``name``, ``title``, ``description``, ``aliases``) never
come from the parent. Every merged value keeps the location of the file that supplied it, so
an error in the merged result points at that file and line; an inherited value that names a
removed street or plugin (``open_pair_street: sixth``, a plugin's ``after: [sixth]``) is
reported at the removal that left it dangling.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studkit.variant.schema import one_of_text, path_text, suggest
from studkit.variant.yaml_source import (
    Located,
    Location,
    Problem,
    VariantFileError,
    describe,
    to_plain,
)

__all__ = ["MAX_EXTENDS_DEPTH", "REMOVE_KEY", "merge", "resolve_extends", "ParentFinder"]

MAX_EXTENDS_DEPTH = 16
"""The longest ``extends`` chain followed."""

REMOVE_KEY = "remove"
"""The item key that, set to ``true``, deletes the inherited item of the same name."""

ParentFinder = Callable[[str, Located, "Path | None"], tuple[Path, str]]
"""Finds the file an ``extends`` value names: ``(reference, its node, the child's directory)``
to ``(the parent's path, its display name)``; raises :class:`VariantFileError` if none."""

KeyPath = tuple[str | int, ...]


@dataclass(slots=True)
class _Merge:
    """One child-over-parent merge: the parent's name for messages, what went wrong, and
    which names were removed (with the place of each removal)."""

    parent_name: str
    child_data: Any
    problems: list[Problem] = field(default_factory=list)
    removed: dict[str, Location] = field(default_factory=dict)
    prefixes: set[str] = field(default_factory=set)
    """Removed names that other values use as a prefix (a plugin's ``hole-spade-high``)."""

    def removal_of(self, text: str) -> Location | None:
        """Where the name ``text`` refers to was removed, if it was."""
        if text in self.removed:
            return self.removed[text]
        for name in self.prefixes:
            if text.startswith(name + "-"):
                return self.removed[name]
        return None

    def add(self, location: Location, path: KeyPath, message: str) -> None:
        self.problems.append(Problem(location.file, location.line, location.column,
                                     path_text(path, self.child_data), message))


def merge(
    parent: Located, child: Located, schema: dict[str, Any], *, parent_name: str = "the parent"
) -> Located:
    """``child`` laid over ``parent`` following the module's merge rules.

    ``parent_name`` is how messages name the parent (the ``extends`` value). Raises
    :class:`VariantFileError` listing every removal that names nothing in the parent or is
    written wrongly.
    """
    state = _Merge(parent_name, to_plain(child))
    merged = _merge(parent, child, schema, (), state)
    if state.problems:
        raise VariantFileError(sorted(state.problems, key=_place))
    return _relocate(merged, state, child.location.file)


def _place(problem: Problem) -> tuple[str, int, int]:
    return (problem.file, problem.line, problem.column)


def _merge(
    parent: Located, child: Located, schema: dict[str, Any], path: KeyPath, state: _Merge
) -> Located:
    if not (isinstance(parent.value, dict) and isinstance(child.value, dict)):
        if isinstance(child.value, list) and isinstance(schema.get("x-merge-key"), str):
            if not isinstance(parent.value, list):  # replaced, but removals still checked
                parent = Located([], parent.location)
            return _merge_keyed(parent, child, schema, path, state)
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
        sub_schema: dict[str, Any] = properties.get(key, {})
        inherited = values.get(key)
        if inherited is None and _is_keyed_list(sub_schema) and isinstance(node.value, list):
            inherited = _default_node(sub_schema, parent.location)
        if inherited is not None:
            values[key] = _merge(inherited, node, sub_schema, (*path, key), state)
        else:
            values[key] = node
        if key in child.key_locations:
            keys[key] = child.key_locations[key]
    return Located(values, child.location, keys)


def _is_keyed_list(schema: dict[str, Any]) -> bool:
    return isinstance(schema.get("x-merge-key"), str) and isinstance(schema.get("default"), list)


def _default_node(schema: dict[str, Any], where: Location) -> Located:
    """The schema default of a list the parent leaves out, placed at the parent's mapping."""

    def build(value: Any) -> Located:
        if isinstance(value, dict):
            return Located({key: build(item) for key, item in value.items()}, where,
                           {key: where for key in value})
        if isinstance(value, list):
            return Located([build(item) for item in value], where)
        return Located(copy.deepcopy(value), where)

    return build(schema["default"])


def _merge_keyed(
    parent: Located, child: Located, schema: dict[str, Any], path: KeyPath, state: _Merge
) -> Located:
    if not child.value:
        return child  # an empty list says "none", not "no change"
    key = str(schema["x-merge-key"])
    item_schema: dict[str, Any] = schema.get("items", {})
    items: list[Located | None] = list(parent.value)
    index_of = {
        _item_key(item, key): index
        for index, item in enumerate(parent.value)
        if _item_key(item, key) is not None
    }
    inherited = [name for name in (_item_key(item, key) for item in parent.value) if name]
    removed_here: dict[str, Location] = {}
    for position, item in enumerate(child.value):
        name = _item_key(item, key)
        item_path = (*path, position)
        if name is not None and _is_removal(item):
            if _removal_is_alone(item, key, item_path, state):
                where = (*item_path, key)
                _remove(items, index_of, name, item, where, inherited, removed_here, state)
                if name in state.removed and schema.get("x-name-prefixes"):
                    state.prefixes.add(name)
            continue
        if name is not None and name in index_of:
            index = index_of[name]
            kept = items[index]
            assert kept is not None
            items[index] = _merge(kept, item, item_schema, item_path, state)
        else:
            items.append(item)  # a removal without a usable name too: the schema says why
            if name is not None:
                index_of[name] = len(items) - 1
                state.removed.pop(name, None)  # listed again after its removal: a new item
                state.prefixes.discard(name)
    return Located([item for item in items if item is not None], child.location)


def _remove(
    items: list[Located | None],
    index_of: dict[str | None, int],
    name: str,
    item: Located,
    path: KeyPath,
    inherited: list[str],
    removed_here: dict[str, Location],
    state: _Merge,
) -> None:
    """Delete the item called ``name`` from ``items``, or say why it cannot be."""
    noun = _noun(path[:-2])
    where = _value_location(item, str(path[-1]))
    if name in index_of:
        items[index_of.pop(name)] = None
        removed_here[name] = where
        state.removed[name] = where
    elif name in removed_here:
        state.add(where, path, f"{noun} {name!r} is removed twice (first at line "
                               f"{removed_here[name].line})")
    else:
        state.add(where, path, _missing_message(noun, name, state.parent_name, inherited))


def _noun(path: KeyPath) -> str:
    """``street`` for ``streets``: how messages name one item of the list at ``path``."""
    last = str(path[-1]) if path else "item"
    return last[:-1] if last.endswith("s") else last


def _item_key(item: Located, key: str) -> str | None:
    node = item.get(key)
    if node is not None and isinstance(node.value, str):
        return node.value
    return None


def _is_removal(item: Located) -> bool:
    flag = item.get(REMOVE_KEY)
    return flag is not None and flag.value is True


def _value_location(item: Located, key: str) -> Location:
    node = item.get(key)
    return node.location if node is not None else item.location


def _removal_is_alone(item: Located, key: str, path: KeyPath, state: _Merge) -> bool:
    """A removal entry holds the name and ``remove: true`` only (anything else would be
    silently dropped with the item)."""
    extra = [name for name in item.value if name not in (key, REMOVE_KEY)]
    for name in extra:
        state.add(item.key_locations.get(name, item.location), path,
                  f"{name!r} beside '{REMOVE_KEY}: true': a removal gives only the {key}; "
                  f"drop {name!r}, or drop '{REMOVE_KEY}: true' to change the item instead")
    return not extra


def _missing_message(noun: str, name: str, parent_name: str, inherited: list[str]) -> str:
    listed = one_of_text(inherited) if inherited else "none"
    return (
        f"cannot remove {noun} {name!r}: {parent_name!r} has no {noun} of that name"
        f"{suggest(name, inherited)}; its {noun}s: {listed}"
    )


def _relocate(node: Located, state: _Merge, own_file: str) -> Located:
    """``node`` with every inherited text naming a removed item placed at its removal."""
    if not state.removed:
        return node
    if isinstance(node.value, dict):
        return Located(
            {key: _relocate(child, state, own_file) for key, child in node.value.items()},
            node.location, node.key_locations,
        )
    if isinstance(node.value, list):
        return Located([_relocate(child, state, own_file) for child in node.value],
                       node.location, node.key_locations)
    if isinstance(node.value, str) and node.location.file != own_file:
        removal = state.removal_of(node.value)
        if removal is not None:
            return Located(node.value, removal)
    return node


def _removals(node: Located, schema: dict[str, Any], path: KeyPath = ()) -> Iterator[
    tuple[KeyPath, Located, str]
]:
    """Every ``remove: true`` entry in a keyed list of ``node``: its path, itself, its list's
    merge key."""
    if isinstance(node.value, dict):
        properties: dict[str, Any] = schema.get("properties", {})
        for key, child in node.value.items():
            yield from _removals(child, properties.get(key, {}), (*path, key))
    elif isinstance(node.value, list) and isinstance(schema.get("x-merge-key"), str):
        for index, item in enumerate(node.value):
            if _is_removal(item):
                yield (*path, index), item, str(schema["x-merge-key"])


def _check_no_removals(root: Located, schema: dict[str, Any]) -> None:
    """A file that extends nothing has nothing to remove from."""
    data = to_plain(root)
    problems = []
    for path, item, key in _removals(root, schema):
        flag = item.value[REMOVE_KEY]
        name = _item_key(item, key)
        what = f"{_noun(path[:-1])} {name!r}" if name else f"this {_noun(path[:-1])}"
        problems.append(Problem(
            flag.location.file, flag.location.line, flag.location.column,
            path_text((*path, REMOVE_KEY), data),
            f"cannot remove {what}: this file extends nothing, so there is nothing to remove "
            "from; add 'extends:' naming the variant to start from, or delete the entry",
        ))
    if problems:
        raise VariantFileError(problems)


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
    errors at the ``extends`` line that closes them; so is a ``remove: true`` entry in a file
    that extends nothing, or one naming an item the parent does not have.
    """
    reference = root.get("extends")
    if reference is None:
        _check_no_removals(root, schema)
        return root
    if not isinstance(reference.value, str) or not reference.value.strip():
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
    return merge(parent, own, schema, parent_name=reference.value)
