"""The pluggy plugins shipped with studkit, importable as ``studkit.plugins.<name>``."""
