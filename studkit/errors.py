"""The exceptions studkit raises.

Every error is a :class:`ValueError` subclass whose message quotes the offending input and,
where it helps, says what would have been accepted.
"""

from __future__ import annotations

__all__ = [
    "StudkitError",
    "CardError",
    "EvaluatorError",
    "VariantError",
    "StakesError",
    "IllegalActionError",
    "HistoryError",
    "PluginError",
    "ClusterError",
    "RLError",
    "not_built",
]


class StudkitError(ValueError):
    """Root of every error studkit raises on bad input."""


class CardError(StudkitError):
    """A card, rank or suit that cannot be parsed, or a card used twice."""


class EvaluatorError(StudkitError):
    """An unknown evaluator name or an impossible evaluation request."""


class VariantError(StudkitError):
    """A variant file that is malformed, invalid or cannot be found."""


class StakesError(StudkitError):
    """A ``--stakes`` override that cannot be parsed or does not fit the variant."""


class IllegalActionError(StudkitError):
    """An action that is not legal in the hand's current state."""


class HistoryError(StudkitError):
    """A hand history that cannot be read, or describes an impossible hand."""


class PluginError(StudkitError):
    """A plugin that cannot be found, is misconfigured or failed while running."""


class ClusterError(StudkitError):
    """A Dask cluster that cannot run a simulation: Dask not installed, an address that is
    not one, a scheduler that does not answer or goes away, a worker without the same
    studkit."""


class RLError(StudkitError):
    """A reinforcement-learning environment or game asked for with bad settings (players,
    stacks, opponents, seat), or used without the ``rl`` extra installed."""


def not_built(extension: str, what: str, error: ImportError) -> StudkitError:
    """The error for one of studkit's C extensions that is not there (``extension``, the
    module; ``what``, what it is in words), naming the cause ``error``: how to build it, and
    why an import from a source checkout finds none."""
    import os

    checkout = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    hint = (
        f"; this studkit was imported from the source checkout {checkout}, which holds the C "
        "sources, not the built extension (Python puts the working directory first on its "
        "path): run studkit from outside the checkout, or build it in place with "
        "`pip install -e .`"
        if os.path.isfile(os.path.join(checkout, "setup.py"))
        else ""
    )
    return StudkitError(
        f"studkit's {what} (the C extension {extension}) is not built: install studkit with "
        f"`pip install .` on a machine with a C compiler and the Python headers{hint} ({error})"
    )
