"""Make ``studkit.variants`` and ``studkit.plugins`` importable from a source checkout.

An installed studkit holds the shipped variant files and plugins inside the package (setup
maps the top-level ``variants/`` and ``plugins/`` folders there). When Python imports studkit
straight from a checkout instead (``python -m studkit`` run in the repository's root), those
folders sit beside the package: this module registers them under the same names, so the two
layouts behave alike.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

__all__ = ["link_checkout_folders"]

_FOLDERS = {"studkit.variants": "variants", "studkit.plugins": "plugins"}


def link_checkout_folders(package: Path) -> None:
    """Register each missing subpackage from the folder of the same role beside ``package``."""
    for name, folder in _FOLDERS.items():
        if name in sys.modules or importlib.util.find_spec(name) is not None:
            continue
        location = package.parent / folder
        init = location / "__init__.py"
        if not init.is_file():
            continue
        spec = importlib.util.spec_from_file_location(
            name, init, submodule_search_locations=[str(location)]
        )
        if spec is None or spec.loader is None:  # pragma: no cover - a file path always has one
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        setattr(sys.modules["studkit"], folder, module)


link_checkout_folders(Path(__file__).resolve().parent)
