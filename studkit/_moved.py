"""Public import paths that moved, kept working.

When the loose top-level modules were grouped by concept, ``studkit.hookspecs`` became
:mod:`studkit.hooks.specs`, ``studkit.pots`` :mod:`studkit.engine.pots`, and so on. Plugins
and scripts written against the old paths still import: each old name in :data:`MOVED` is
an alias of its new module (the very module object, so classes and hooks are the same),
with a :class:`DeprecationWarning` naming the new path. ``import studkit`` registers the
finder once; nothing is imported until an old path is asked for.
"""

from __future__ import annotations

import sys
from importlib.abc import Loader, MetaPathFinder
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Final

__all__ = ["MOVED", "register"]

MOVED: Final[dict[str, str]] = {
    "studkit.hookspecs": "studkit.hooks.specs",
    "studkit.pluginhost": "studkit.hooks.host",
    "studkit.plugin_registry": "studkit.hooks.registry",
    "studkit.plugin_evaluators": "studkit.hooks.evaluators",
    "studkit.pots": "studkit.engine.pots",
    "studkit.odds": "studkit.evaluation.odds",
    "studkit.loader": "studkit.variant.loader",
    "studkit.stakes": "studkit.variant.stakes",
    "studkit.extends": "studkit.variant.extends",
    "studkit.variant_data": "studkit.variant.file_data",
    "studkit.rules_text": "studkit.variant.rules_text",
    "studkit.rule_differences": "studkit.variant.rule_differences",
    "studkit.schema_check": "studkit.variant.schema",
    "studkit.semantics": "studkit.variant.semantics",
    "studkit.yaml_source": "studkit.variant.yaml_source",
}
"""Each old public module path, and the module it now names."""


class MovedModules(MetaPathFinder, Loader):
    """Finds an old path of :data:`MOVED` and hands over its new module."""

    def find_spec(
        self, fullname: str, path: object = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return ModuleSpec(fullname, self)

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        import importlib
        import warnings

        new = MOVED[spec.name]
        warnings.warn(f"{spec.name} is now {new}; import it from there", DeprecationWarning,
                      stacklevel=2)
        return importlib.import_module(new)

    def exec_module(self, module: ModuleType) -> None:
        """The new module ran when it was imported: nothing more to do."""


def register() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(finder, MovedModules) for finder in sys.meta_path):
        sys.meta_path.append(MovedModules())
