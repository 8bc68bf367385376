"""Reinforcement learning: any variant file as a PettingZoo, Gymnasium or OpenSpiel game.

* :func:`env` / :func:`raw_env`: the PettingZoo AEC environment (:mod:`studkit.rl.aec`);
* :class:`SingleAgentEnv`: the Gymnasium environment against bots (:mod:`studkit.rl.single`);
* :mod:`studkit.rl.openspiel`: ``register()`` makes ``python_studkit`` an OpenSpiel game;
* what they share: :class:`~studkit.rl.game.StudGame`, the fixed action encoding
  (:mod:`studkit.rl.actions`), the observation layout (:mod:`studkit.rl.observation`) and
  the OpenSpiel-shaped :class:`~studkit.rl.state.StudGameState` (no third-party package).

The environments need the ``rl`` extra (``pip install 'studkit[rl]'``: pettingzoo,
gymnasium, open_spiel); without it they raise :class:`~studkit.errors.RLError` saying so.
docs/rl.md describes the layouts.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from studkit.errors import RLError
from studkit.extras import EXTRA_MODULES, missing_extra_message

if TYPE_CHECKING:
    from studkit.rl.aec import env, raw_env
    from studkit.rl.single import SingleAgentEnv

from studkit.rl.actions import ActionEncoding
from studkit.rl.game import StudGame
from studkit.rl.observation import ObservationEncoding
from studkit.rl.state import StudGameState

__all__ = [
    "env",
    "raw_env",
    "SingleAgentEnv",
    "StudGame",
    "StudGameState",
    "ActionEncoding",
    "ObservationEncoding",
    "require_extra",
]

_LAZY: dict[str, tuple[str, str]] = {
    "env": ("studkit.rl.aec", "env"),
    "raw_env": ("studkit.rl.aec", "raw_env"),
    "SingleAgentEnv": ("studkit.rl.single", "SingleAgentEnv"),
}


def require_extra(module: str) -> Any:
    """Import ``module`` of the ``rl`` extra, or raise :class:`RLError` saying how to get
    it."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        top = (error.name or module).split(".")[0]
        if top not in EXTRA_MODULES["rl"]:
            raise
        raise RLError(missing_extra_message("studkit.rl", "rl")) from None


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module, attribute = _LAZY[name]
        return getattr(require_extra(module), attribute)
    raise AttributeError(f"module 'studkit.rl' has no attribute {name!r}")
