"""Any variant as an OpenSpiel game: :func:`register` adds ``python_studkit`` to pyspiel.

Parameters: ``variant`` (a name or a file path; default ``seven-card-stud``), ``players``
(default 2), ``stakes`` (``--stakes`` amounts written ``"ante:1;big:10"``, since OpenSpiel's
game strings reserve ``=`` and ``,``; default the file's) and ``stack`` (chips per seat; 0,
the default, for 100 big bets)::

    from studkit.rl import openspiel
    import pyspiel
    openspiel.register()
    game = pyspiel.load_game("python_studkit", {"variant": "razz", "players": 3})

Chance nodes deal every card (an outcome is the card's position in the deck); player actions
are the ids of the variant's :class:`~studkit.rl.actions.ActionEncoding`; returns are big
bets. The state gives ``information_state_string`` (everything the player has seen, in order),
``information_state_tensor`` (the observation plus the last decisions, see
:meth:`StudGameState.information_state_tensor
<studkit.rl.state.StudGameState.information_state_tensor>`), ``observation_string`` and
``observation_tensor`` (:mod:`studkit.rl.observation`), ``clone()``, and serialisation through
OpenSpiel's own (the history of actions replayed).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import numpy as np

from studkit.hooks.registry import PluginRegistry
from studkit.rl import require_extra
from studkit.rl.game import StudGame
from studkit.rl.state import CHANCE_PLAYER_ID, StudGameState
from studkit.variant.loader import load_variant

require_extra("pyspiel")  # RLError naming the rl extra when OpenSpiel is not installed
import pyspiel  # noqa: E402

__all__ = ["register", "GAME_NAME", "StudkitGame", "StudkitState", "DEFAULT_PARAMETERS"]

GAME_NAME = "python_studkit"
DEFAULT_PARAMETERS: Mapping[str, Any] = MappingProxyType({
    "variant": "seven-card-stud", "players": 2, "stakes": "", "stack": 0, "plugins_dirs": "",
})
"""The game's parameters and their defaults (``stack`` 0: 100 big bets a seat;
``plugins_dirs``: the plugin directories, joined by ``os.pathsep``, that the variant's plugins
are found in, as ``--plugins-dir`` gives them)."""

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="studkit stud variant",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification=dict(DEFAULT_PARAMETERS),
)


class StudkitGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    """``python_studkit``: one hand of a variant."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**DEFAULT_PARAMETERS, **(params or {})}
        stack = int(settings["stack"])
        dirs = [d for d in str(settings["plugins_dirs"]).split(os.pathsep) if d]
        variant = load_variant(str(settings["variant"]), registry=PluginRegistry(dirs))
        self.studkit = StudGame(
            variant, players=int(settings["players"]),
            stakes=_stakes_text(str(settings["stakes"])), stacks=stack if stack > 0 else None,
        )
        """The :class:`~studkit.rl.game.StudGame` behind the game."""
        game = self.studkit
        worst = max(game.stacks) / game.unit
        cards = len(game.actions.deck)
        info = pyspiel.GameInfo(
            num_distinct_actions=game.actions.size,
            max_chance_outcomes=cards,
            num_players=game.players,
            min_utility=-worst,
            max_utility=worst * (game.players - 1),
            utility_sum=0.0,
            # every card may be dealt twice (reused folded cards, twists), plus the decisions
            max_game_length=2 * cards + game.max_length,
        )
        super().__init__(_GAME_TYPE, info, settings)

    def new_initial_state(self) -> StudkitState:
        """A new hand, before the first card."""
        return StudkitState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> StudkitObserver:
        """The observer: perfect recall gives the information state, else the observation."""
        recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return StudkitObserver(self.studkit, recall)


class StudkitState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over :class:`~studkit.rl.state.StudGameState`."""

    def __init__(self, game: StudkitGame, inner: StudGameState | None = None) -> None:
        super().__init__(game)
        self.inner = inner if inner is not None else StudGameState(game.studkit)
        """The :class:`~studkit.rl.state.StudGameState` being played."""

    def current_player(self) -> int:
        player = self.inner.current_player()
        if player == CHANCE_PLAYER_ID:
            return int(pyspiel.PlayerId.CHANCE)
        if player < 0:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(
            CHANCE_PLAYER_ID if player == pyspiel.PlayerId.CHANCE else player, action
        )

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def __str__(self) -> str:
        return str(self.inner)


class StudkitObserver:
    """OpenSpiel's Python observer: ``tensor`` and ``dict`` set from a state and player."""

    def __init__(self, game: StudGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = game.observation.size
        if perfect_recall:
            size = StudGameState(game).information_state_size()
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {
            name: self.tensor[start:start + length]
            for name, (start, length) in game.observation.fields.items()
        }
        if perfect_recall:
            start = game.observation.size
            self.dict["decisions_sequence"] = self.tensor[start:]

    def set_from(self, state: StudkitState, player: int) -> None:
        inner = state.inner
        if self.perfect_recall:
            self.tensor[:] = inner.information_state_tensor(player)
        else:
            self.tensor.fill(0.0)
            self.game.observation.encode_into(inner.hand, player, self.tensor)

    def string_from(self, state: StudkitState, player: int) -> str:
        inner = state.inner
        if self.perfect_recall:
            return inner.information_state_string(player)
        return inner.observation_string(player)


def _stakes_text(text: str) -> str | None:
    """``ante:1;big:10`` (OpenSpiel's parameter form) as ``--stakes`` text."""
    if not text.strip():
        return None
    return text.replace(":", "=").replace(";", ",")


def register() -> None:
    """Register ``python_studkit`` with pyspiel (again is harmless)."""
    if GAME_NAME not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, StudkitGame)

