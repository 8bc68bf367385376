"""``docs/variant-reference.md``, generated from the variant JSON Schema.

The schema is the single source of truth for the file format; this renders it as Markdown
(one table per mapping: key, type, default, description). A test fails when the checked-in
reference differs from :func:`reference_markdown`; regenerate it with
``studkit schema --markdown > docs/variant-reference.md``.
"""

from __future__ import annotations

import json
from typing import Any

from studkit.variant.schema import variant_schema

__all__ = ["reference_markdown"]

_TYPE_WORDS = {
    "object": "mapping",
    "array": "list",
    "string": "text",
    "integer": "whole number",
    "boolean": "true/false",
    "null": "null",
    "number": "number",
}


def _type_text(schema: dict[str, Any]) -> str:
    if "enum" in schema:  # a quoted rank ('2') reads as its number: listed once
        return " \\| ".join(dict.fromkeys(_value(value) for value in schema["enum"]))
    if "const" in schema:
        return _value(schema["const"])
    kinds = schema.get("type", "any")
    names = [kinds] if isinstance(kinds, str) else list(kinds)
    words = []
    for name in names:
        if name == "array" and isinstance(schema.get("items"), dict):
            items = schema["items"]
            inner = "mappings" if items.get("type") == "object" else _type_text(items)
            words.append(f"list of {inner}")
        else:
            words.append(_TYPE_WORDS.get(name, name))
    return " or ".join(words)


def _value(value: Any) -> str:
    if value == "":
        return '`""`'
    return f"`{json.dumps(value, ensure_ascii=False)}`" if not isinstance(value, str) else (
        f"`{value}`"
    )


def _default_text(schema: dict[str, Any]) -> str:
    if "default" not in schema:
        return "required" if schema.get("x-required") else ""
    default = schema["default"]
    if isinstance(default, dict) and not default:
        return "(all defaults)"
    if isinstance(default, list) and default and isinstance(default[0], dict):
        return "see below"
    return _value(default)


def _limits(schema: dict[str, Any]) -> str:
    notes = []
    if "minimum" in schema and "maximum" in schema:
        notes.append(f"{schema['minimum']} to {schema['maximum']}")
    elif "minimum" in schema:
        notes.append(f"at least {schema['minimum']}")
    if "minItems" in schema or "maxItems" in schema:
        low, high = schema.get("minItems"), schema.get("maxItems")
        if low is not None and high is not None:
            notes.append(f"{low} to {high} items" if low != high else f"exactly {low} items")
        elif low is not None:
            notes.append(f"at least {low} item{'s' if low > 1 else ''}")
        else:
            notes.append(f"at most {high} items")
    if "x-hint" in schema:
        notes.append(str(schema["x-hint"]))
    if "x-merge-key" in schema:
        notes.append(f"`extends` merges items by `{schema['x-merge-key']}`")
    return f" ({'; '.join(notes)}.)" if notes else ""


def _table(title: str, schema: dict[str, Any], sections: list[str]) -> None:
    required = set(schema.get("required", []))
    lines = [f"## `{title}`", "", schema.get("description", ""), ""]
    lines += ["| key | type | default | description |", "|---|---|---|---|"]
    nested: list[tuple[str, dict[str, Any]]] = []
    for key, prop in schema.get("properties", {}).items():
        default = "**required**" if key in required else _default_text(prop)
        description = prop.get("description", "") + _limits(prop)
        description = description.replace("|", "\\|").replace("\n", " ")
        lines.append(f"| `{key}` | {_type_text(prop)} | {default} | {description} |")
        kinds = prop.get("type")
        kinds = [kinds] if isinstance(kinds, str) else list(kinds or [])
        if "object" in kinds and "properties" in prop:
            nested.append((f"{title}.{key}" if title != "file" else key, prop))
        items = prop.get("items")
        if "array" in kinds and isinstance(items, dict) and "properties" in items:
            nested.append((f"{title}.{key}[]" if title != "file" else f"{key}[]", items))
    sections.append("\n".join(lines) + "\n")
    for name, sub_schema in nested:
        _table(name, sub_schema, sections)


def reference_markdown() -> str:
    """The variant file reference, as Markdown."""
    schema = variant_schema()
    head = [
        "# Variant file reference",
        "",
        "<!-- Generated from studkit/variant/schema.json by `studkit schema --markdown`; "
        "do not edit by hand. -->",
        "",
        schema["description"],
        "",
        "Keys are listed in the order a file usually gives them. Every key except `studkit` "
        "and `name` may be left out; its default then applies (the defaults are seven-card "
        "stud). Write `null` (or `~`) for \"none\" where a key allows it. The authoring guide "
        "is [variants.md](variants.md).",
        "",
        "Default streets (seven-card stud):",
        "",
        "| name | cards | burn | betting | bet_size |",
        "|---|---|---|---|---|",
    ]
    for street in schema["properties"]["streets"]["default"]:
        head.append(
            f"| `{street['name']}` | {', '.join(street['cards'])} | "
            f"{str(street['burn']).lower()} | {str(street['betting']).lower()} | "
            f"{street['bet_size']} |"
        )
    head.append("")
    sections: list[str] = []
    _table("file", schema, sections)
    return "\n".join(head) + "\n" + "\n".join(sections)
