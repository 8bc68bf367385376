"""An OpenSpiel-shaped view of a hand, for reinforcement-learning and game-theory code.

:class:`StudGameState` follows the method names of OpenSpiel's ``pyspiel.State``: players are
ints, :meth:`~StudGameState.current_player` returns :data:`CHANCE_PLAYER_ID` while a card is
being dealt and :data:`TERMINAL_PLAYER_ID` once the hand is over, legal actions are sorted
ints and :meth:`~StudGameState.returns` gives each player's chips won or lost.

Action ints: :data:`FOLD_ACTION` (0), :data:`CHECK_CALL_ACTION` (1), :data:`BRING_IN_ACTION`
(2), and a bet, raise or completion *to* a total of ``t`` chips is ``AMOUNT_BASE + t``; a
plugin's decision is ``PLUGIN_BASE`` plus its index among the legal actions. At a chance
node an action is a card (``rank * 4 + suit``, jokers 52 and 53), every undealt card equally
likely.

>>> from studkit.variant.model import Variant
>>> state = StudGameState(Variant(name="stud"), [100, 100])
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 52)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence

from studkit.cards import CARDS, Card
from studkit.engine.actions import AGGRESSIVE_KINDS, BRING_IN, CALL, CHECK, FOLD, Action
from studkit.engine.events import ActionEvent
from studkit.engine.hand import Hand
from studkit.errors import IllegalActionError
from studkit.variant.model import Stakes, Variant

__all__ = [
    "StudGameState",
    "CHANCE_PLAYER_ID",
    "TERMINAL_PLAYER_ID",
    "FOLD_ACTION",
    "CHECK_CALL_ACTION",
    "BRING_IN_ACTION",
    "AMOUNT_BASE",
    "PLUGIN_BASE",
]

CHANCE_PLAYER_ID = -1
"""``current_player()`` while a card is dealt (OpenSpiel's ``kChancePlayerId``)."""
TERMINAL_PLAYER_ID = -4
"""``current_player()`` once the hand is over (OpenSpiel's ``kTerminalPlayerId``)."""
FOLD_ACTION = 0
CHECK_CALL_ACTION = 1
BRING_IN_ACTION = 2
AMOUNT_BASE = 3
"""A complete, bet or raise to ``t`` chips is the action ``AMOUNT_BASE + t``."""
PLUGIN_BASE = 1 << 40
"""A plugin's decision (pay, expose, declare, twist) is ``PLUGIN_BASE + i``, ``i`` its index
in the hand's current :meth:`~studkit.engine.hand.Hand.legal_actions`."""


class _ChanceSource:
    """The stub of a hand dealt card by card from outside: counts what is left."""

    __slots__ = ("left",)

    def __init__(self, size: int) -> None:
        self.left = size

    def draw(self, seat: int) -> Card:  # pragma: no cover - manual dealing never draws
        raise IllegalActionError("cards are chosen at chance nodes, not drawn")

    def remaining(self) -> int:
        return self.left

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        self.left += len(cards)


class StudGameState:
    """One hand of a stud variant as an OpenSpiel-style state (chance nodes deal the cards)."""

    def __init__(
        self,
        variant: Variant,
        stacks: Sequence[int],
        *,
        button: int | None = None,
        stakes: Stakes | None = None,
    ) -> None:
        from studkit.engine.rules import compile_rules

        self._variant = variant
        self._stacks = tuple(stacks)
        self._button = button
        self._stakes = stakes
        self._source = _ChanceSource(len(compile_rules(variant, stakes).deck))
        self.hand = Hand(
            variant, stacks, button=button, stakes=stakes, source=self._source, auto_deal=False
        )
        """The underlying :class:`~studkit.engine.hand.Hand`."""
        self._history: list[int] = []

    # -- who moves
    def num_players(self) -> int:
        """Players in the hand."""
        return self.hand.n

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE_PLAYER_ID` or :data:`TERMINAL_PLAYER_ID`."""
        if self.hand.is_over:
            return TERMINAL_PLAYER_ID
        if self.hand.needs_card is not None:
            return CHANCE_PLAYER_ID
        actor = self.hand.actor
        return actor if actor is not None else TERMINAL_PLAYER_ID

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.hand.is_over

    def is_chance_node(self) -> bool:
        """Whether the next action deals a card."""
        return not self.hand.is_over and self.hand.needs_card is not None

    # -- actions
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Sorted legal action ints (cards at a chance node); empty for another player."""
        if self.hand.is_over:
            return []
        if self.is_chance_node():
            return [card for card, _ in self.chance_outcomes()]
        if player is not None and player != self.hand.actor:
            return []
        out: set[int] = set()
        for index, action in enumerate(self.hand.legal_actions()):
            codes = _encode(action)
            out.update(codes if codes else (PLUGIN_BASE + index,))
        return sorted(out)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each undealt card with its probability (uniform)."""
        if not self.is_chance_node():
            return []
        out = self.hand.cards_out()
        cards = [int(c) for c in self.hand.rules.deck if int(c) not in out]
        p = 1.0 / len(cards)
        return [(c, p) for c in sorted(cards)]

    def apply_action(self, action: int) -> None:
        """Deal a card (chance node) or take a player's decision."""
        hand = self.hand
        if self.is_chance_node():
            self._source.left -= 1  # before the deal: it may start the next street
            try:
                hand.deal(action)
            except Exception:
                self._source.left += 1
                raise
        else:
            hand.apply(self._decode(action))
        self._history.append(action)

    def _decode(self, action: int) -> Action:
        legal_now = self.hand.legal_actions()
        if action >= PLUGIN_BASE and action - PLUGIN_BASE < len(legal_now):
            chosen = legal_now[action - PLUGIN_BASE]
            if not _encode(chosen):
                return chosen
        for legal in legal_now:
            if action in _encode(legal):
                if legal.kind in AGGRESSIVE_KINDS:
                    return legal.to(action - AMOUNT_BASE)
                return legal
        names = ", ".join(self.action_to_string(self.current_player(), a)
                          for a in self.legal_actions())
        raise IllegalActionError(
            f"action {action} is not legal for seat {self.hand.actor}: legal are {names}"
        )

    def action_to_string(self, player: int, action: int) -> str:
        """A readable name for ``action``: ``fold``, ``call``, ``raise to 20``, ``As``."""
        if player == CHANCE_PLAYER_ID:
            return str(CARDS[action])
        if action == FOLD_ACTION:
            return "fold"
        if action == CHECK_CALL_ACTION:
            return "check/call"
        if action == BRING_IN_ACTION:
            return "bring-in"
        if action >= PLUGIN_BASE:
            legal_now = self.hand.legal_actions() if self.hand.actor == player else []
            index = action - PLUGIN_BASE
            return str(legal_now[index]) if index < len(legal_now) else f"decision {index}"
        kind = "bet"
        if not self.hand.is_over and self.hand.actor == player:
            for legal in self.hand.legal_actions():
                if legal.kind in AGGRESSIVE_KINDS and action in _encode(legal):
                    kind = legal.kind
        return f"{kind} to {action - AMOUNT_BASE}"

    def history(self) -> list[int]:
        """Every action applied so far, chance outcomes included."""
        return list(self._history)

    # -- results and observations
    def returns(self) -> list[float]:
        """Chips won or lost per player (zeros until the hand is over)."""
        if not self.hand.is_over:
            return [0.0] * self.hand.n
        return [float(p) for p in self.hand.payoffs]

    def information_state_string(self, player: int) -> str:
        """What ``player`` knows: own down cards, all up cards, and the public actions."""
        view = self.hand.view(player)
        parts = [f"seat {player}", "down " + " ".join(map(str, view.down_cards))]
        for seat, ups in enumerate(view.up_cards):
            parts.append(f"up{seat} " + " ".join(map(str, ups)))
        parts.append("bets " + " ".join(map(str, view.bets)))
        parts.append("stacks " + " ".join(map(str, view.stacks)))
        actions = [e for e in view.events if isinstance(e, ActionEvent)]
        parts.append("actions " + " ".join(f"{e.seat}:{e.kind}:{e.to}" for e in actions))
        return " | ".join(parts)

    def clone(self) -> StudGameState:
        """An independent copy (the hand cloned: :meth:`Hand.clone`)."""
        twin = copy.copy(self)
        twin.hand = self.hand.clone()
        source = twin.hand._source  # the clone's copy of the chance source
        assert isinstance(source, _ChanceSource)
        twin._source = source
        twin._history = list(self._history)
        return twin

    def __str__(self) -> str:
        return repr(self.hand)


def _encode(action: Action) -> range | tuple[int, ...]:
    if action.kind == FOLD:
        return (FOLD_ACTION,)
    if action.kind in (CHECK, CALL):
        return (CHECK_CALL_ACTION,)
    if action.kind == BRING_IN:
        return (BRING_IN_ACTION,)
    if action.kind in AGGRESSIVE_KINDS:
        lo = action.min if action.min is not None else action.amount
        hi = action.max if action.max is not None else action.amount
        assert lo is not None and hi is not None
        return range(AMOUNT_BASE + lo, AMOUNT_BASE + hi + 1)
    return ()
