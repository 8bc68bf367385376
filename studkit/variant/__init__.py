"""Variants as data: the model, the file format, loading, stakes and the rules in words.

* :mod:`~studkit.variant.model`: :class:`~studkit.variant.model.Variant` and its parts, typed
  and immutable;
* the file format: :mod:`~studkit.variant.yaml_source` (the located YAML reader),
  :mod:`~studkit.variant.schema` (the JSON Schema, ``schema.json``, and defaults),
  :mod:`~studkit.variant.extends` (``extends:``), :mod:`~studkit.variant.semantics` (checks
  beyond the schema), :mod:`~studkit.variant.file_data` (file data to the model and back);
* :mod:`~studkit.variant.loader`: ``load_variant``, the built-in and house variants;
* :mod:`~studkit.variant.stakes`: ``--stakes`` at run time;
* :mod:`~studkit.variant.rules_text` and :mod:`~studkit.variant.rule_differences`: the rules
  in poker words (``show``, ``list``, ``diff``); :mod:`~studkit.variant.reference_doc`:
  ``docs/variant-reference.md`` from the schema.

This package's own module imports nothing, so importing the model does not load the rest;
the model's names are also found here (``from studkit.variant import Variant, Stakes``, the
path they had before the package was split), the model imported on first use.
"""


def __getattr__(name: str) -> object:
    import importlib

    model = importlib.import_module("studkit.variant.model")
    if name in model.__all__:
        return getattr(model, name)
    raise AttributeError(f"module 'studkit.variant' has no attribute {name!r}")
