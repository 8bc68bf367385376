"""One RL game: a variant at a number of players, stakes and stacks, with its encodings.

:class:`StudGame` is what the three interfaces share (the PettingZoo and Gymnasium
environments, the OpenSpiel game): the loaded variant, the fixed
:class:`~studkit.rl.actions.ActionEncoding`, the
:class:`~studkit.rl.observation.ObservationEncoding`, the starting stacks, and a bound on a
hand's length. Rewards everywhere are chips won or lost divided by the big bet.

>>> game = StudGame("razz", players=3)
>>> game.actions.size, game.observation.size > 0, game.stacks
(4, True, (1000, 1000, 1000))
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from studkit.engine.hand import Hand
from studkit.errors import RLError
from studkit.rl.actions import ActionEncoding
from studkit.rl.observation import ObservationEncoding
from studkit.variant.loader import load_variant
from studkit.variant.model import Stakes, Variant
from studkit.variant.stakes import apply_stakes

__all__ = ["StudGame", "DEFAULT_STACK_BIG_BETS"]

DEFAULT_STACK_BIG_BETS = 100
"""Each seat's default starting stack: 100 big bets."""

VariantLike = str | os.PathLike[str] | Variant
StakesLike = str | Mapping[str, int] | Stakes | None


class StudGame:
    """A variant (name, file path or :class:`~studkit.variant.Variant`) set up for RL.

    ``stakes`` overrides the file's amounts (``"ante=1,big=10"``, a mapping, or a
    :class:`~studkit.variant.Stakes`); ``stacks`` is one stack for every seat or one per
    seat, in chips (default: 100 big bets each).
    """

    def __init__(
        self,
        variant: VariantLike,
        *,
        players: int = 2,
        stakes: StakesLike = None,
        stacks: int | Sequence[int] | None = None,
    ) -> None:
        loaded = variant if isinstance(variant, Variant) else load_variant(variant)
        if isinstance(stakes, Stakes):
            loaded = replace(loaded, stakes=stakes)
        else:
            loaded = apply_stakes(loaded, stakes)
        if isinstance(players, bool) or not isinstance(players, int):
            raise RLError(f"players={players!r}: give a whole number of players")
        if not loaded.min_players <= players <= loaded.max_players:
            raise RLError(
                f"players={players}: {loaded.name} seats {loaded.min_players} to "
                f"{loaded.max_players} players"
            )
        self.variant = loaded
        self.players = players
        self.actions = ActionEncoding(loaded)
        self.observation = ObservationEncoding(self.actions, players)
        big = self.actions.big_bet
        self.stacks = _stacks(stacks, players, DEFAULT_STACK_BIG_BETS * big)
        self.unit = float(big if big > 0 else 1)
        """Chips per reward unit (the big bet)."""
        self.max_length = _length_bound(self)
        """A bound on the player decisions of one hand."""

    def new_hand(self, rng: random.Random, *, button: int | None = None) -> Hand:
        """A hand dealt from a deck shuffled with ``rng``."""
        return Hand(self.variant, self.stacks, button=button, rng=rng)

    def rewards(self, hand: Hand) -> list[float]:
        """Each seat's result in big bets (zeros until the hand is over)."""
        if not hand.is_over:
            return [0.0] * self.players
        unit = self.unit
        return [p / unit for p in hand.payoffs]

    def __repr__(self) -> str:
        return f"StudGame({self.variant.name!r}, players={self.players}, stacks={self.stacks})"


def _stacks(stacks: int | Sequence[int] | None, players: int, default: int) -> tuple[int, ...]:
    if stacks is None:
        return (default,) * players
    if isinstance(stacks, int) and not isinstance(stacks, bool):
        given: list[object] = [stacks] * players
    elif isinstance(stacks, Sequence) and not isinstance(stacks, str):
        given = list(stacks)
    else:
        raise RLError(f"stacks={stacks!r}: give one stack in chips, or one per seat")
    if len(given) != players:
        raise RLError(f"stacks={stacks!r} gives {len(given)} stacks for {players} players")
    for value in given:
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise RLError(f"stacks={stacks!r}: every stack must be a positive whole number")
    return tuple(int(v) for v in given)  # type: ignore[call-overload]


def _length_bound(game: StudGame) -> int:
    """An upper bound on the player decisions in one hand (OpenSpiel's game length)."""
    variant = game.variant
    n = game.players
    rules_cap = variant.betting.max_raises
    smallest = max(1, min(x for x in (
        variant.stakes.bring_in, variant.stakes.small_bet, variant.stakes.spread_min or 0,
    ) if x > 0))
    # Every raise adds at least the smallest bet, so the chips bound the raises of a hand
    # in any structure; a cap (fixed and spread limit, never lifted heads up) bounds them
    # sooner. Each raise is answered by every other seat at most once.
    raises = max(game.stacks) // smallest + 2
    limited = variant.betting.structure in ("fixed-limit", "spread-limit")
    if rules_cap is not None and limited and variant.betting.heads_up_uncapped == "never":
        raises = min(raises, len(variant.streets) * (rules_cap + 2))
    streets = len(variant.streets)
    decisions = n * (variant.max_cards_per_player * 2 + 4) if game.actions.kinds else 0
    return streets * (2 * n + decisions) + raises * n + 8
