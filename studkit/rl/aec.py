"""The PettingZoo AEC environment: every seat of a hand is an agent (``player_0``...).

Follows PettingZoo's classic games: each agent observes a dict with ``observation`` (the
float32 vector of :mod:`studkit.rl.observation`) and ``action_mask`` (int8, one per id of
the variant's :class:`~studkit.rl.actions.ActionEncoding`); the action space is
``Discrete(size)``; an episode is one hand; rewards are big bets won or lost, given when the
hand ends; ``reset(seed=...)`` seeds the deck; ``render_mode`` is ``"human"`` (prints) or
``"ansi"`` (returns the text). An illegal id raises
:class:`~studkit.errors.IllegalActionError` naming the legal ids.

>>> env = raw_env("razz", players=2)
>>> env.reset(seed=1)
>>> sorted(env.observe(env.agent_selection))
['action_mask', 'observation']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from studkit.engine.hand import Hand
from studkit.errors import RLError
from studkit.rl.game import StakesLike, StudGame, VariantLike

__all__ = ["StudAECEnv", "env", "raw_env", "RENDER_MODES"]

RENDER_MODES = ("human", "ansi")


class StudAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type hints
    """One hand of a variant per episode, each seat an agent."""

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "studkit_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: VariantLike,
        players: int = 2,
        stakes: StakesLike = None,
        render_mode: str | None = None,
        *,
        stacks: int | Sequence[int] | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise RLError(
                f"render_mode={render_mode!r}: give 'human', 'ansi' or None"
            )
        self.game = StudGame(variant, players=players, stakes=stakes, stacks=stacks)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"studkit_{self.game.variant.name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        size = self.game.actions.size
        observation = spaces.Dict({
            "observation": spaces.Box(
                low=0.0, high=np.inf, shape=(self.game.observation.size,), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
        })
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._rng = random.Random()
        self._button = players - 1
        self.hand: Hand = self.game.new_hand(self._rng, button=self._button)
        """The hand being played."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (the deck shuffled from ``seed`` when given)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.hand = self.game.new_hand(self._rng, button=self._button)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        hand = self.hand
        if hand.is_over:
            rewards = self.game.rewards(hand)
            for i, agent in enumerate(self.possible_agents):
                if agent in self.rewards:
                    self.rewards[agent] = rewards[i]
                    self.terminations[agent] = True
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        actor = hand.actor
        assert actor is not None  # an auto-dealt hand stops only at decisions
        self.agent_selection = self.possible_agents[actor]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        hand = self.hand
        if hand.actor == seat and not hand.is_over:
            mask = self.game.actions.mask(hand)
        else:
            mask = np.zeros(self.game.actions.size, dtype=np.int8)
        return {"observation": self.game.observation.encode(hand, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self.hand
        hand.apply(self.game.actions.decode(hand, action))
        self._cumulative_rewards[agent] = 0.0
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The hand as the seat to act sees it (seat 0 once it is over)."""
        if self.render_mode is None:
            return None
        hand = self.hand
        seat = hand.actor if hand.actor is not None and not hand.is_over else 0
        text = self.game.observation.render(hand, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    variant: VariantLike,
    players: int = 2,
    stakes: StakesLike = None,
    render_mode: str | None = None,
    **settings: Any,
) -> StudAECEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return StudAECEnv(variant, players, stakes, render_mode, **settings)


def env(
    variant: VariantLike,
    players: int = 2,
    stakes: StakesLike = None,
    render_mode: str | None = None,
    **settings: Any,
) -> Any:
    """The PettingZoo AEC environment of ``variant`` (a name or a file path), wrapped in
    PettingZoo's order enforcing as its classic games are."""
    return wrappers.OrderEnforcingWrapper(
        raw_env(variant, players, stakes, render_mode, **settings)
    )
