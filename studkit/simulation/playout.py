"""The loop that plays one simulated hand to its end: ask the seat to act, check the choice,
apply it; and :class:`BotTable`, which deals each hand of a run and plays it so, one hand at
a time or a block of hands counted as they end. Compiled with the engine in the compiled
build (:mod:`studkit.compiled`), so that a decision costs the engine's work and the bot's,
little more, and a hand is set up by a direct call.

Each seat is asked one of three ways (:func:`seat_mode`): through its bot's ``act`` with the
listed actions (:data:`ACT`); the random bot's uniform choice among them, its draws taken
straight from the bots' stream (:data:`UNIFORM`: the same numbers ``rng.random()`` gives);
or, for a bot that declares ``verb = "check_or_call"`` in a hand without plugins, the hand's
own :meth:`~studkit.engine.hand.Hand.check_or_call`, with that verb's one legality check and
no list of actions (:data:`PASSIVE`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, cast

from studkit.bots.protocol import BotError
from studkit.bots.uniform import amount_span, random_act, uniform_amount, uniform_pick
from studkit.engine.actions import Action
from studkit.engine.events import ActionEvent
from studkit.engine.hand import Hand
from studkit.errors import StudkitError
from studkit.simulation.draws import Draws
from studkit.simulation.played import KIND_CODES, OTHER_KIND, PlayedCounts
from studkit.variant.model import Stakes, Variant

__all__ = ["play_out", "BotTable", "seat_mode", "ACT", "UNIFORM", "PASSIVE", "VERBS"]

Act = Callable[[Any, Sequence[Action], random.Random], Any]
"""A bot's ``act`` method."""
View = Callable[[Hand, int], Any]
"""What a seat that reads its view is given: ``view(hand, seat)``."""
Failed = Callable[[Hand, int, Exception, list[Action]], None]
"""Reports a bot that raised (``hand``, ``seat``, the error, the listed actions)."""
Check = Callable[[Hand, int, object, list[Action]], None]
"""Checks a choice that is not one of the listed actions (raises unless it is allowed)."""
Stuck = Callable[[], None]
"""Raises for a hand that is not over with nobody to act."""

ACT: Final = 0
"""A seat asked through its bot's ``act`` (``view``, the listed actions, ``rng``)."""
UNIFORM: Final = 1
"""A seat whose ``act`` is :func:`~studkit.bots.uniform.random_act`: its choice drawn from
the bots' stream directly."""
PASSIVE: Final = 2
"""A seat that declares ``verb = "check_or_call"``, in a hand without plugins."""
VERBS: Final[dict[str, int]] = {"check_or_call": PASSIVE}
"""The verbs a bot may declare (its ``verb`` attribute) and the way each is played."""


def seat_mode(bot: object, plain: bool) -> int:
    """How :func:`play_out` asks ``bot`` (in hands without plugins when ``plain``):
    :data:`ACT`, :data:`UNIFORM` or :data:`PASSIVE`. A declared ``verb`` that is not one of
    :data:`VERBS` raises :class:`~studkit.bots.protocol.BotError`."""
    verb = getattr(bot, "verb", None)
    if verb is not None:
        mode = VERBS.get(verb) if isinstance(verb, str) else None
        if mode is None:
            raise BotError(f"bot {type(bot).__name__} declares verb {verb!r}: the verbs a bot "
                           f"may declare are {', '.join(map(repr, VERBS))}")
        if plain:
            return mode
    if getattr(bot, "act", None) is random_act:
        return UNIFORM
    return ACT


def play_out(
    hand: Hand,
    acts: list[Act],
    reads_view: list[bool],
    rng: random.Random,
    view: View,
    failed: Failed,
    check: Check,
    stuck: Stuck,
    modes: list[int] | None = None,
    draws: Draws | None = None,
) -> list[int]:
    """Play ``hand`` to its end with seat ``s`` choosing by ``acts[s]`` (given ``view(hand,
    s)`` where ``reads_view[s]``, else ``None``) and return each decision as ``street << 3 |
    kind`` in order (``kind`` the betting verb's :data:`~studkit.simulation.played.KIND_CODES`,
    :data:`~studkit.simulation.played.OTHER_KIND` for a plugin decision): what
    :class:`~studkit.simulation.played.PlayedCounts` counts. ``modes`` (default: all
    :data:`ACT`) says how each seat is asked; ``draws`` is ``rng``'s stream, which
    :data:`UNIFORM` seats draw from.

    A bot that raises anything but a :class:`~studkit.errors.StudkitError` is reported by
    ``failed``, and a choice that is not one of the listed actions is passed to ``check``
    (which raises unless it is an amount inside a listed range); ``stuck`` raises for a hand
    that is not over with nobody to act. Those callbacks build the error text, so none is
    built while the hand plays.
    """
    if modes is None:
        modes = [ACT] * len(acts)
    decisions: list[int] = []
    while not hand.is_over:
        seat = hand.actor
        if seat is None:
            stuck()
            break
        mode = modes[seat]
        if mode == PASSIVE:  # the verb's own check: no list, no bot call
            logged = len(hand.events)
            street = hand.street
            hand.check_or_call()
            taken = cast(ActionEvent, hand.events[logged])  # the verb's own record
            decisions.append(street << 3 | KIND_CODES.get(taken.kind, OTHER_KIND))
            continue
        actions = hand.legal_actions()
        if mode == UNIFORM and draws is not None:
            action: Any = uniform_pick(actions, draws.next())
            span = amount_span(action)
            if span:
                action = uniform_amount(action, span, draws.next())
        else:
            try:
                action = acts[seat](view(hand, seat) if reads_view[seat] else None, actions,
                                    rng)
            except StudkitError:
                raise
            except Exception as error:
                failed(hand, seat, error, actions)
                raise
        listed = False
        for option in actions:  # one of the listed records, found by identity first
            if option is action:
                listed = True
                break
        if not listed and (type(action) is not Action or action not in actions):
            check(hand, seat, action, actions)
        chosen: Action = action
        decisions.append(hand.street << 3 | KIND_CODES.get(chosen[0], OTHER_KIND))
        hand.apply(chosen)
    return decisions


class BotTable:
    """The bots of one run at their table: :meth:`play` deals a hand of ``variant`` at
    ``stakes`` (``None``: the variant's own) to ``stacks``, its cards from ``deck_rng``
    (whose stream is ``deck``), and plays it out with :func:`play_out` and the other
    arguments, which stay the same from hand to hand (``bots`` is ``rng``'s stream);
    :meth:`play_counted` plays and counts a block of hands."""

    def __init__(
        self,
        variant: Variant,
        stacks: list[int],
        stakes: Stakes | None,
        deck_rng: random.Random,
        acts: list[Act],
        reads_view: list[bool],
        rng: random.Random,
        view: View,
        failed: Failed,
        check: Check,
        stuck: Stuck,
        modes: list[int],
        deck: Draws,
        bots: Draws,
    ) -> None:
        self.variant = variant
        self.stacks = stacks
        self.stakes = stakes
        self.deck_rng = deck_rng
        self.acts = acts
        self.reads_view = reads_view
        self.rng = rng
        self.view = view
        self.failed = failed
        self.check = check
        self.stuck = stuck
        self.modes = modes
        self.deck = deck
        self.bots = bots
        self.decisions: list[int] = []
        """The last hand's decisions, as :func:`play_out` returns them."""
        self.index = 0
        """The number in the run of the hand being played (for error messages)."""

    def play(self, button: int) -> Hand:
        """Deal a hand with the button on seat ``button``, play it to its end, return it."""
        hand = Hand(self.variant, self.stacks, button=button, rng=self.deck_rng,
                    stakes=self.stakes)
        self.decisions = play_out(hand, self.acts, self.reads_view, self.rng, self.view,
                                  self.failed, self.check, self.stuck, self.modes, self.bots)
        return hand

    def play_counted(
        self,
        index: int,
        stop: int,
        keys: tuple[list[int], list[int]],
        first: tuple[list[list[float]], list[list[float]]],
        row: int,
        counts: PlayedCounts,
        used: tuple[list[int], list[int]],
    ) -> None:
        """Play hands ``index`` to ``stop - 1`` of the run (the button on seat ``index mod
        players``), their deck's and bots' streams keyed ``keys[0][row]`` and
        ``keys[1][row]`` on (first draws ``first``) from row ``row``, count each in
        ``counts`` and append the draws each stream gave to ``used``."""
        deck, bots = self.deck, self.bots
        deck_keys, bot_keys = keys
        deck_first, bot_first = first
        deck_used, bots_used = used
        players = len(self.stacks)
        while index < stop:
            deck.start(deck_keys[row], deck_first[row], 0)
            bots.start(bot_keys[row], bot_first[row], 0)
            self.index = index
            hand = self.play(index % players)
            counts.add(hand, self.decisions)
            deck_used.append(deck.done)
            bots_used.append(bots.done)
            index += 1
            row += 1
