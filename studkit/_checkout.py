"""Make ``studkit.variants`` and ``studkit.plugins`` importable from a source checkout.

An installed studkit holds the shipped variant files and plugins inside the package (setup
maps the top-level ``variants/`` and ``plugins/`` folders there). When Python imports studkit
straight from a checkout instead (``python -m studkit`` run in the repository's root), those
folders sit beside the package: this module registers them under the same names, so the two
layouts behave alike.
"""

from __future__ import annotations

import os
import sys

__all__ = ["link_checkout_folders"]

_FOLDERS = {"studkit.variants": "variants", "studkit.plugins": "plugins"}


def link_checkout_folders(package: str) -> None:
    """Register each missing subpackage from the folder of the same role beside the folder
    ``package`` (plain ``os.path``: this runs at every ``import studkit``)."""
    for name, folder in _FOLDERS.items():
        location = os.path.join(os.path.dirname(package), folder)
        init = os.path.join(location, "__init__.py")
        if name in sys.modules or not os.path.isfile(init):
            continue
        import importlib.util

        if importlib.util.find_spec(name) is not None:
            continue
        spec = importlib.util.spec_from_file_location(
            name, init, submodule_search_locations=[location]
        )
        if spec is None or spec.loader is None:  # pragma: no cover - a file path always has one
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        setattr(sys.modules["studkit"], folder, module)


link_checkout_folders(os.path.dirname(os.path.realpath(__file__)))
