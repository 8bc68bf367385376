"""The Gymnasium single-agent environment: one seat learns, studkit's bots play the others.

:class:`SingleAgentEnv` is a ``gymnasium.Env``: an episode is one hand; the observation is the
float32 vector of :mod:`studkit.rl.observation` for the agent's seat; the action space is
``Discrete(size)`` of the variant's :class:`~studkit.rl.actions.ActionEncoding`; the legal
ids come as ``info["action_mask"]`` after every ``reset`` and ``step`` (and from
:meth:`SingleAgentEnv.action_masks`, the name maskable algorithms look for); the reward is
the big bets the seat won or lost, given when the hand ends (``terminated``). The other
seats are played by ``opponents``: ``"random"`` or another bot name for all of them, one
name per other seat, a :class:`~studkit.bots.protocol.Bot`, or a *policy*: a callable that
takes the same ``(observation, action_mask)`` the agent gets and returns an id.

An id outside ``0..size-1`` (or not an int) raises :class:`~studkit.errors.IllegalActionError`.
An id in range that is not legal now (its mask bit is 0) either ends the episode at once
(``illegal="end"``, the default, as PettingZoo's classic games do and as Gymnasium's
``check_env`` requires of unmasked random actions: ``terminated`` with reward
``illegal_reward``, ``info["illegal_action"]`` saying what was wrong) or raises
:class:`~studkit.errors.IllegalActionError` naming the legal ids (``illegal="raise"``).

>>> env = SingleAgentEnv("razz", opponents="random")
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape, int(info["action_mask"].sum()) > 0
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from studkit.bots.protocol import Bot
from studkit.bots.registry import make_bot
from studkit.engine.actions import Action
from studkit.engine.hand import Hand
from studkit.errors import IllegalActionError, RLError
from studkit.rl.game import StakesLike, StudGame, VariantLike

__all__ = ["SingleAgentEnv", "Policy"]

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]
"""An opponent given as a function: (observation, action mask) -> action id."""

Opponent = Callable[[Hand, int, random.Random], Action]
Opponents = str | Sequence[str | Bot | Policy] | Bot | Policy


class SingleAgentEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a variant against bots; one hand per episode."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        variant: VariantLike,
        opponents: Opponents = "random",
        players: int = 2,
        seat: int = 0,
        *,
        stakes: StakesLike = None,
        stacks: int | Sequence[int] | None = None,
        render_mode: str | None = None,
        illegal: str = "end",
        illegal_reward: float = -1.0,
    ) -> None:
        if illegal not in ("end", "raise"):
            raise RLError(f"illegal={illegal!r}: give 'end' or 'raise'")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        if render_mode is not None and render_mode not in ("human", "ansi"):
            raise RLError(f"render_mode={render_mode!r}: give 'human', 'ansi' or None")
        self.game = StudGame(variant, players=players, stakes=stakes, stacks=stacks)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise RLError(f"seat={seat!r}: the agent's seat is 0 to {players - 1}")
        self.seat = seat
        self.render_mode = render_mode
        self._opponents = self._make_opponents(opponents)
        self.observation_space = spaces.Box(
            low=0.0, high=np.inf, shape=(self.game.observation.size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.game.actions.size)
        self._rng = random.Random()
        self._bot_rng = random.Random()
        self.hand: Hand = self.game.new_hand(self._rng)
        """The hand being played."""
        self._ended = False
        self.skipped = 0
        """Hands dealt that ended before the agent had a decision (not episodes)."""

    def _make_opponents(self, opponents: Opponents) -> dict[int, Opponent]:
        others = [s for s in range(self.game.players) if s != self.seat]
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            given: list[Any] = [opponents] * len(others)
        else:
            given = list(opponents)
            if len(given) != len(others):
                raise RLError(
                    f"opponents={opponents!r} names {len(given)} opponents for "
                    f"{len(others)} other seats: give one for all or one per other seat"
                )
        return {seat: self._opponent(item) for seat, item in zip(others, given, strict=True)}

    def _opponent(self, item: Any) -> Opponent:
        if isinstance(item, str):
            item = make_bot(item, self.game.variant)
        if callable(getattr(item, "act", None)):
            bot: Bot = item
            reads = getattr(bot, "reads_view", True) is not False

            def play_bot(hand: Hand, seat: int, rng: random.Random) -> Action:
                view = hand.view(seat) if reads else None
                return bot.act(view, hand.legal_actions(), rng)

            return play_bot
        if callable(item):
            policy: Policy = item
            game = self.game

            def play_policy(hand: Hand, seat: int, rng: random.Random) -> Action:
                choice = policy(game.observation.encode(hand, seat), game.actions.mask(hand))
                return game.actions.decode(hand, choice)

            return play_policy
        raise RLError(
            f"opponent {item!r}: give a bot name ('random', 'tag'...), a Bot, or a policy "
            "(observation, action_mask) -> action id"
        )

    # -- the Gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal a hand and play the opponents up to the agent's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            self._bot_rng = random.Random(seed ^ 0x5EED)
        self._ended = False
        while True:
            self.hand = self.game.new_hand(self._rng)
            self._play_others()
            if not self.hand.is_over:
                break
            self.skipped += 1
        return self._observation(), self._info()

    def step(
        self, action: Any
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Take the agent's ``action`` (an id), then the opponents' decisions up to the
        agent's next one or the end of the hand."""
        hand = self.hand
        if hand.is_over or self._ended:
            raise RLError("the episode is over: call reset() before step()")
        actions = self.game.actions
        try:
            chosen = actions.decode(hand, action)
        except IllegalActionError as error:
            in_range = isinstance(action, (int, np.integer)) and not isinstance(
                action, (bool, np.bool_)
            ) and 0 <= int(action) < actions.size
            if self.illegal == "raise" or not in_range:
                raise
            self._ended = True
            info = self._info()
            info["illegal_action"] = str(error)
            return self._observation(), self.illegal_reward, True, False, info
        hand.apply(chosen)
        self._play_others()
        over = hand.is_over
        reward = self.game.rewards(hand)[self.seat] if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over, False, self._info()

    def _play_others(self) -> None:
        hand = self.hand
        seat = self.seat
        opponents = self._opponents
        rng = self._bot_rng
        while not hand.is_over:
            actor = hand.actor
            if actor is None or actor == seat:
                return
            hand.apply(opponents[actor](hand, actor, rng))

    def _observation(self) -> npt.NDArray[np.float32]:
        return self.game.observation.encode(self.hand, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The agent's legal ids now (all zeros once the hand is over)."""
        hand = self.hand
        if hand.is_over or hand.actor != self.seat:
            return np.zeros(self.game.actions.size, dtype=np.int8)
        return self.game.actions.mask(hand)

    def render(self) -> str | None:
        """The hand as the agent sees it."""
        if self.render_mode is None:
            return None
        text = self.game.observation.render(self.hand, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text
