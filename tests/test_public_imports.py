"""The public import paths that moved when the modules were grouped by concept still import
(studkit._moved), so that a regroup cannot break users' code silently (the paths the docs
show today: test_docs_imports)."""

from __future__ import annotations

import importlib
import re
import sys
import warnings

import pytest

from studkit._moved import MOVED

IMPORT = re.compile(r"from (studkit(?:\.\w+)*) import \(?([\w, ]+)\)?")

BEFORE_THE_REGROUP = [
    "from studkit.hookspecs import DealEffect, DeclarePhase, ExposureChoice, HandView, Holding",
    "from studkit.hookspecs import TwistOffer, hookimpl",
    "from studkit.pots import Pot, ShareInput, Award, build_pots, award_pots, uncalled_bet",
    "from studkit.odds import category_counts, odds_for_evaluators",
    "from studkit.plugin_registry import PluginRegistry",
    "from studkit.pluginhost import PluginHost",
    "from studkit.schema_check import suggest",
    "from studkit.loader import builtin_variant_names, dump_variant, load_variant",
    "from studkit.stakes import apply_stakes, parse_stakes",
    "from studkit.variant import CardFace, DeckExhaustion, PotShare, Stakes, Street, Variant",
]
"""Imports the docs and examples showed before the modules were grouped by concept."""


def resolves(module: str, names: list[str]) -> list[str]:
    """The names ``from module import names`` cannot give (the module itself: ``module``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            found = importlib.import_module(module)
        except ImportError:
            return [module]
        missing = []
        for name in names:
            if not hasattr(found, name):
                try:
                    importlib.import_module(f"{module}.{name}")
                except ImportError:
                    missing.append(name)
        return missing


@pytest.mark.parametrize("line", BEFORE_THE_REGROUP)
def test_imports_from_before_the_regroup_still_work(line: str) -> None:
    ((module, names),) = IMPORT.findall(line)
    assert resolves(module, [n.strip() for n in names.split(",")]) == []


@pytest.mark.parametrize("old", sorted(MOVED))
def test_a_moved_path_is_its_new_module_and_says_where_it_went(old: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{old} is now {MOVED[old]}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(MOVED[old])


def test_a_moved_path_s_hooks_are_the_same_objects() -> None:
    """A plugin marking hooks with the old path's ``hookimpl`` registers with the host."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from studkit.hookspecs import hookimpl as old
    from studkit.hooks.specs import hookimpl

    assert old is hookimpl


def test_the_variant_package_still_gives_the_model_s_names() -> None:
    from studkit.variant import Stakes, Variant
    from studkit.variant.model import Stakes as ModelStakes, Variant as ModelVariant

    assert (Stakes, Variant) == (ModelStakes, ModelVariant)
    with pytest.raises(ImportError, match="cannot import name 'Nothing'"):
        from studkit.variant import Nothing  # noqa: F401
