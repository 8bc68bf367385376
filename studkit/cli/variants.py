"""Variant commands: ``schema``, ``list``, ``show``, ``validate`` and ``diff``."""

from __future__ import annotations

import argparse
import json
import textwrap
from pathlib import Path

from studkit.variant.catalogue import FAMILIES, SORTS, catalogue
from studkit.variant.catalogue_legend import MARKS, legend_lines, used_marks
from studkit.variant.loader import (
    check_variant_file,
    display_name,
    dump_variant,
    load_variant,
    missing_plugins,
)
from studkit.variant.model import Variant
from studkit.variant.reference_doc import reference_markdown
from studkit.variant.rule_differences import rule_differences
from studkit.variant.rules_text import show_text
from studkit.variant.schema import variant_schema
from studkit.variant.stakes import add_stakes_argument, apply_stakes
from studkit.variant.yaml_source import Problem

__all__ = ["register", "run_schema", "run_list", "run_show", "run_validate", "run_diff"]

_VARIANT_HELP = "a built-in variant name or alias (see 'studkit list'), or a variant file"


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``schema``, ``list``, ``show``, ``validate`` and ``diff`` commands."""
    schema = subcommands.add_parser(
        "schema",
        help="print the variant file JSON Schema",
        description="Print the JSON Schema (draft 2020-12) every variant file is checked "
        "against: each key with its type, description and default.",
    )
    schema.add_argument(
        "--markdown", action="store_true",
        help="print the reference as Markdown (docs/variant-reference.md) instead of JSON",
    )
    schema.set_defaults(run=run_schema)

    listing = subcommands.add_parser(
        "list",
        help="list the built-in variants",
        description=textwrap.fill(
            "A table of the built-in variants: family, players, the deal, the pot split and "
            "the betting structure. Under the table, a legend of the symbols the table uses. "
            "All of them are listed below the options.", 79),
        epilog="\n".join(legend_lines(MARKS)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    listing.add_argument("--json", action="store_true", help="print a JSON list")
    listing.add_argument(
        "--sort", choices=tuple(SORTS), default="name",
        help="order the games by name (default), family (the groups of the stud family, "
        "by name within each) or players (the most seats first)",
    )
    listing.add_argument(
        "--family", choices=FAMILIES, metavar="FAMILY",
        help=f"only the games of one family: {', '.join(FAMILIES)}",
    )
    listing.set_defaults(run=run_list)

    show = subcommands.add_parser(
        "show",
        help="print a variant's rules in sentences",
        description="Print the rules of VARIANT, generated from its data, in sentences a "
        "player can read.",
    )
    show.add_argument("variant", metavar="VARIANT", help=_VARIANT_HELP)
    output = show.add_mutually_exclusive_group()
    output.add_argument(
        "--yaml", action="store_true",
        help="print the complete variant file (extends resolved, every default filled)",
    )
    output.add_argument("--json", action="store_true", help="print the complete variant as JSON")
    add_stakes_argument(show)
    show.set_defaults(run=run_show)

    validate = subcommands.add_parser(
        "validate",
        help="check variant files",
        description="Check each FILE (syntax, schema, extends, semantic rules, plugins). "
        "Exit 0 if every file is valid, 1 if any is not, listing every problem as "
        "file:line:column: key.path: message.",
    )
    validate.add_argument(
        "files", nargs="+", metavar="FILE",
        help="variant files to check (a folder: every .yaml and .yml file in it)",
    )
    validate.add_argument("--json", action="store_true", help="print the results as JSON")
    validate.set_defaults(run=run_validate)

    diff = subcommands.add_parser(
        "diff",
        help="rule-by-rule differences between two variants",
        description="The rules in which B differs from A, after resolving extends, as "
        "'rule: A's setting -> B's setting'.",
    )
    diff.add_argument("a", metavar="A", help=_VARIANT_HELP)
    diff.add_argument("b", metavar="B", help=_VARIANT_HELP)
    diff.add_argument("--json", action="store_true", help="print the differences as JSON")
    diff.set_defaults(run=run_diff)


def run_schema(args: argparse.Namespace) -> int:
    """Print the schema (JSON) or the reference (Markdown)."""
    if args.markdown:
        print(reference_markdown(), end="")
    else:
        print(json.dumps(variant_schema(), indent=2, ensure_ascii=False))
    return 0


def run_list(args: argparse.Namespace) -> int:
    """Print the built-in variants as a table or JSON, in the order ``--sort`` names."""
    rows = catalogue(sort=args.sort, family=args.family, registry=args.registry)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    header = ("NAME", "FAMILY", "PLAYERS", "STREETS", "POTS", "BETTING")
    table = [header] + [
        (
            row["name"] + (" *" if row["missing_plugins"] else ""),
            row["family"],
            f"{row['players']['min']}-{row['players']['max']}",
            row["streets"],
            row["pot_split"],
            row["betting"]["summary"],
        )
        for row in rows
    ]
    widths = [max(len(line[column]) for line in table) for column in range(len(header))]
    for line in table:
        print("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True))
              .rstrip())
    missing = sorted({name for row in rows for name in row["missing_plugins"]})
    if missing:
        print(f"\n* needs a plugin that is not installed: {', '.join(missing)}")
    legend = legend_lines(used_marks(dict(zip(header, line, strict=True)) for line in table[1:]))
    if legend:
        print("\n" + "\n".join(legend))
    return 0


def run_show(args: argparse.Namespace) -> int:
    """Print one variant's rules (or its complete file)."""
    variant = load_variant(args.variant, require_plugins=False, registry=args.registry)
    variant = apply_stakes(variant, args.stakes)
    if args.yaml:
        print(dump_variant(variant), end="")
        return 0
    if args.json:
        from studkit.variant.loader import variant_data

        print(json.dumps(variant_data(variant), indent=2, ensure_ascii=False))
        return 0
    print(show_text(variant), end="")
    _print_house_plugins(variant)
    for name in missing_plugins(variant):
        print(f"\nNote: plugin {name!r} is not installed; this game cannot be played until it is.")
    return 0


def _print_house_plugins(variant: Variant) -> None:
    """Name the house plugins that would act in this game too (they change the rules shown)."""
    from studkit.hooks.registry import registry_of
    from studkit.variant.rules_text import plugin_sentence

    registry = registry_of(variant)
    named = {plugin.name for plugin in variant.plugins}
    extra = [source for source in registry.house_plugins() if source.name not in named]
    if not extra:
        return
    said = " ".join(
        f"{source.name} (from {source.location}): "
        + plugin_sentence(source.name, {}, registry).removeprefix(f"{source.name}: ")
        for source in extra
    )
    print(textwrap.fill(f"House plugins. Also in force in every game here: {said}", width=88,
                        break_on_hyphens=False,
                        subsequent_indent="  "))


def _expand(files: list[str]) -> list[Path]:
    """The files to check: each argument, or the variant files in a folder argument."""
    paths: list[Path] = []
    for file in files:
        path = Path(file)
        if path.is_dir():
            inside = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml"))
            paths.extend(inside if inside else [path])
        else:
            paths.append(path)
    return paths


def run_validate(args: argparse.Namespace) -> int:
    """Check every file; exit 1 if any has a problem."""
    results = []
    for path in _expand(args.files):
        problems = (
            [Problem(display_name(path), 0, 0, "", "no .yaml or .yml file in this folder")]
            if path.is_dir() else check_variant_file(path, args.registry)
        )
        results.append((display_name(path), problems))
    failed = sum(1 for _, problems in results if problems)
    if args.json:
        payload = {
            "valid": failed == 0,
            "files": [
                {
                    "file": name,
                    "valid": not problems,
                    "problems": [problem.as_dict() for problem in problems],
                }
                for name, problems in results
            ],
        }
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 1 if failed else 0
    for name, problems in results:
        if problems:
            for problem in problems:
                print(problem)
        else:
            print(f"{name}: ok")
    total = len(results)
    noun = "file" if total == 1 else "files"
    if failed:
        print(f"{failed} of {total} {noun} invalid")
        return 1
    print(f"{total} {noun} valid")
    return 0


def run_diff(args: argparse.Namespace) -> int:
    """Print the rules in which B differs from A."""
    first = load_variant(args.a, require_plugins=False, registry=args.registry)
    second = load_variant(args.b, require_plugins=False, registry=args.registry)
    differences = rule_differences(first, second)
    if args.json:
        payload = {
            "a": first.name,
            "b": second.name,
            "differences": [
                {"rule": rule, "a": setting_a, "b": setting_b}
                for rule, setting_a, setting_b in differences
            ],
        }
        print(json.dumps(payload, indent=2, ensure_ascii=False))
        return 0
    if not differences:
        print(f"{first.name} and {second.name} have the same rules")
        return 0
    print(f"{first.name} -> {second.name}")
    for rule, setting_a, setting_b in differences:
        print(f"  {rule}: {setting_a} -> {setting_b}")
    return 0
