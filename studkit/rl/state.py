"""An OpenSpiel-shaped state of one hand, with chance nodes and the fixed action encoding.

:class:`StudGameState` follows the method names of OpenSpiel's ``pyspiel.State`` and needs no
third-party package (:mod:`studkit.rl.openspiel` wraps it as a registered OpenSpiel game):
players are ints, :meth:`~StudGameState.current_player` is :data:`CHANCE_PLAYER_ID` while a
card is dealt and :data:`TERMINAL_PLAYER_ID` once the hand is over. A player's action is an
id of the game's :class:`~studkit.rl.actions.ActionEncoding` (``range(actions.size)``); a
chance outcome is a card's position in the variant's deck (``range(len(deck))``), every
undealt card equally likely. :meth:`~StudGameState.returns` are in big bets.

>>> from studkit.rl.game import StudGame
>>> state = StudGameState(StudGame("seven-card-stud", players=2))
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from studkit.cards import Card
from studkit.engine.events import format_event
from studkit.engine.hand import Hand
from studkit.errors import IllegalActionError
from studkit.rl.game import StudGame

__all__ = ["StudGameState", "CHANCE_PLAYER_ID", "TERMINAL_PLAYER_ID", "HISTORY_LENGTH"]

CHANCE_PLAYER_ID = -1
"""``current_player()`` while a card is dealt (OpenSpiel's ``kChancePlayerId``)."""
TERMINAL_PLAYER_ID = -4
"""``current_player()`` once the hand is over (OpenSpiel's ``kTerminalPlayerId``)."""
HISTORY_LENGTH = 48
"""The information-state tensor's action sequence: the hand's last 48 player decisions."""


class _ChanceSource:
    """The stub of a hand dealt card by card from outside: counts what is left."""

    __slots__ = ("left",)

    def __init__(self, size: int) -> None:
        self.left = size

    def copy(self) -> _ChanceSource:
        """A copy (it draws nothing: a clone's hand copies it without its generator)."""
        return _ChanceSource(self.left)

    def draw(self, seat: int) -> Card:  # pragma: no cover - manual dealing never draws
        raise IllegalActionError("cards are chosen at chance nodes, not drawn")

    def remaining(self) -> int:
        return self.left

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        self.left += len(cards)


class StudGameState:
    """One hand of a :class:`~studkit.rl.game.StudGame` as an OpenSpiel-style state."""

    def __init__(self, game: StudGame, *, button: int | None = None) -> None:
        self.game = game
        self._source = _ChanceSource(len(game.actions.deck))
        self.hand = Hand(
            game.variant, game.stacks, button=button, source=self._source, auto_deal=False
        )
        """The underlying :class:`~studkit.engine.hand.Hand`."""
        self._history: list[int] = []
        self._decisions: list[tuple[int, int]] = []  # (seat, action id) of each decision

    # -- who moves
    def num_players(self) -> int:
        """Players in the hand."""
        return self.hand.n

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE_PLAYER_ID` or :data:`TERMINAL_PLAYER_ID`."""
        hand = self.hand
        if hand.is_over:
            return TERMINAL_PLAYER_ID
        if hand.needs_card is not None:
            return CHANCE_PLAYER_ID
        actor = hand.actor
        return actor if actor is not None else TERMINAL_PLAYER_ID

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.hand.is_over

    def is_chance_node(self) -> bool:
        """Whether the next action deals a card."""
        return not self.hand.is_over and self.hand.needs_card is not None

    # -- actions
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted legal ids (deck positions at a chance node); empty for another player."""
        if self.hand.is_over:
            return []
        if self.is_chance_node():
            return [position for position, _ in self.chance_outcomes()]
        if player is not None and player != self.hand.actor:
            return []
        return self.game.actions.legal_ids(self.hand)

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """0/1 per id (per deck position at a chance node)."""
        size = len(self.game.actions.deck) if self.is_chance_node() else self.game.actions.size
        mask = [0] * size
        for action in self.legal_actions(player):
            mask[action] = 1
        return mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each undealt card's deck position with its probability (uniform)."""
        if not self.is_chance_node():
            return []
        out = self.hand.cards_out()
        positions = [i for i, c in enumerate(self.game.actions.deck) if int(c) not in out]
        p = 1.0 / len(positions)
        return [(i, p) for i in positions]

    def apply_action(self, action: int) -> None:
        """Deal the card at deck position ``action`` (chance node) or take the decision
        ``action`` (an id); raises :class:`~studkit.errors.IllegalActionError` if not legal."""
        hand = self.hand
        if self.is_chance_node():
            deck = self.game.actions.deck
            if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not (
                0 <= int(action) < len(deck)
            ):
                raise IllegalActionError(
                    f"chance outcome {action!r} is not a deck position 0..{len(deck) - 1}"
                )
            card = deck[int(action)]
            if int(card) in hand.cards_out():
                raise IllegalActionError(f"chance outcome {action} ({card}) is already dealt")
            self._source.left -= 1  # before the deal: it may start the next street
            try:
                hand.deal(card)
            except Exception:
                self._source.left += 1
                raise
        else:
            seat = hand.actor
            hand.apply(self.game.actions.decode(hand, action))
            self._decisions.append((seat if seat is not None else -1, int(action)))
        self._history.append(int(action))

    def action_to_string(self, player: int, action: int) -> str:
        """A readable name: ``fold``, ``bet/raise pot``, a card (chance)."""
        if player == CHANCE_PLAYER_ID:
            deck = self.game.actions.deck
            return str(deck[action]) if 0 <= action < len(deck) else f"chance {action}"
        return self.game.actions.describe(action)

    def history(self) -> list[int]:
        """Every action applied so far, chance outcomes included."""
        return list(self._history)

    # -- results and observations
    def returns(self) -> list[float]:
        """Big bets won or lost per player (zeros until the hand is over)."""
        return self.game.rewards(self.hand)

    def information_state_string(self, player: int) -> str:
        """Everything ``player`` has seen, in order: the hand's events with other seats'
        down cards hidden, and the player's own choices not yet revealed."""
        hand = self.hand
        view = hand.view(player)
        lines = [f"seat {player} of {hand.n}"]
        lines.extend(format_event(event) for event in view.events)
        lines.extend(f"chose {entry}" for entry in hand.hidden_choices if _mine(entry, player))
        return "\n".join(lines)

    def observation_string(self, player: int) -> str:
        """The table as ``player`` sees it now (text rendering)."""
        return self.game.observation.render(self.hand, player)

    def observation_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """The observation vector of ``player`` (:mod:`studkit.rl.observation`)."""
        return self.game.observation.encode(self.hand, player)

    def information_state_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """The observation vector followed by the hand's last :data:`HISTORY_LENGTH`
        decisions, each a one-hot relative seat and a one-hot action id."""
        game = self.game
        n = self.hand.n
        width = n + game.actions.size
        out = np.zeros(game.observation.size + HISTORY_LENGTH * width, dtype=np.float32)
        game.observation.encode_into(self.hand, player, out)
        base = game.observation.size
        for i, (seat, action) in enumerate(self._decisions[-HISTORY_LENGTH:]):
            row = base + i * width
            out[row + (seat - player) % n] = 1.0
            out[row + n + action] = 1.0
        return out

    def information_state_size(self) -> int:
        """The information-state tensor's length."""
        return self.game.observation.size + HISTORY_LENGTH * (
            self.game.players + self.game.actions.size
        )

    def clone(self) -> StudGameState:
        """An independent copy (the hand cloned: :meth:`Hand.clone`), built field by field:
        the game is shared, never changed."""
        twin = StudGameState.__new__(StudGameState)
        twin.game = self.game
        twin.hand = self.hand.clone()
        source = twin.hand._source  # the clone's copy of the chance source
        assert isinstance(source, _ChanceSource)
        twin._source = source
        twin._history = list(self._history)
        twin._decisions = list(self._decisions)
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> StudGameState:
        return self.clone()  # the game (variant, encodings) is shared, never changed

    def __reduce__(self) -> tuple[object, tuple[StudGame, int, list[int]]]:
        # Pickled as the game and the actions: rebuilt by replaying them (chance outcomes
        # included), so a pickle is small and needs no plugin record to be importable.
        return _replayed, (self.game, self.hand.button, list(self._history))

    def __str__(self) -> str:
        hand = self.hand
        if hand.is_over:
            return self.game.observation.render(hand, 0)
        return repr(hand) + " history " + " ".join(map(str, self._history))


def _replayed(game: StudGame, button: int, history: list[int]) -> StudGameState:
    """A pickled :class:`StudGameState` rebuilt: its game with the same actions applied."""
    state = StudGameState(game, button=button)
    for action in history:
        state.apply_action(action)
    return state


def _mine(entry: tuple[object, ...], player: int) -> bool:
    """Whether a choice made but not yet shown (a simultaneous declaration) is ``player``'s:
    an entry names its seat first, or holds records that each name a seat."""
    if entry and isinstance(entry[0], int):
        return entry[0] == player
    return any(getattr(getattr(part, "event", part), "seat", None) == player for part in entry)
