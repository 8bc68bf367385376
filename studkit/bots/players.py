"""The shipped bots: random, calling station, tight- and loose-aggressive, equity.

Each reads only the seat's view of the hand (:mod:`studkit.bots.seen` extracts the few facts
they use) and returns one of the legal actions. A plugin's decision (a discard, a flip, a
declaration, a twist) is taken as its kind advises (:mod:`studkit.bots.plugin_choice`), or
else uniformly at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from studkit.bots.card_sense import discards_pending
from studkit.bots.plugin_choice import kinds_advise, plugin_choice
from studkit.bots.protocol import pot_sized, random_action
from studkit.bots.seen import Seen, seen
from studkit.bots.strategy import (
    FIRST,
    KINDS,
    crowded,
    equity_choice,
    equity_settled,
    style_choice,
    style_rolls,
)
from studkit.bots.strength import strength_score
from studkit.bots.uniform import random_act
from studkit.engine.actions import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    RAISE,
    Action,
)
from studkit.variant.model import Variant

__all__ = [
    "RandomBot",
    "CallingStationBot",
    "StyleBot",
    "TightAggressiveBot",
    "LooseAggressiveBot",
    "EquityBot",
    "Style",
]

_BETTING = frozenset((FOLD, CHECK, CALL, BRING_IN, COMPLETE, BET, RAISE))


def _unknown_decision(actions: Sequence[Action]) -> bool:
    return any(a.kind not in _BETTING for a in actions)


class RandomBot:
    """Uniformly random over the legal actions (and over a range's amounts)."""

    reads_view = False
    """It never looks at the hand: the simulator passes ``None`` as its view."""

    def __init__(self, variant: Variant | None = None) -> None:
        self.variant = variant

    act = staticmethod(random_act)
    """A uniformly random legal action (:func:`~studkit.bots.protocol.random_action`)."""


class CallingStationBot:
    """Checks or calls, posts the bring-in; never folds, completes or raises."""

    reads_view = False
    """It never looks at the hand: the simulator passes ``None`` as its view."""
    verb = "check_or_call"
    """Its every betting decision is the hand's :meth:`~studkit.engine.hand.Hand.check_or_call`
    (check, else call, else post the bring-in: what :meth:`act` picks from the list), which
    the simulator calls directly in hands without plugins."""

    def __init__(self, variant: Variant | None = None) -> None:
        self.variant = variant
        if kinds_advise(variant):
            self.reads_view = True  # a discard or flip is chosen from the seat's cards

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        """Check, else call, else bring in (a plugin decision: as its kind advises)."""
        choice = None
        for action in actions:  # first_of(actions, (CHECK, CALL, BRING_IN)) in one pass
            kind = action[0]
            if kind == CHECK:
                return action
            if kind == CALL or (kind == BRING_IN and choice is None):
                choice = action
        if choice is not None:
            return choice
        if _unknown_decision(actions):
            return plugin_choice(self.variant, view, actions, rng)
        passive = [a for a in actions if a.kind != FOLD]
        return random_action(passive or actions, rng)


@dataclass(frozen=True, slots=True)
class Style:
    """Thresholds on a 0-1 strength score that make a playing style."""

    enter: float
    """Minimum score to put chips in on the first street (calling a bring-in or more)."""
    stay: float
    """Minimum score to call a bet on later streets."""
    bet: float
    """Minimum score to bet or raise."""
    bluff: float
    """Probability of betting or raising regardless of the score."""
    size: float
    """Pot and no limit: bets and raises add this fraction of the pot (after calling)."""
    max_raises: int = 3
    """Bets and raises on a street after which only a near-nut score raises again."""


_CODES = {kind: code for code, kind in enumerate(KINDS)}


def _offered(actions: Sequence[Action]) -> int:
    """The kinds on offer as :mod:`studkit.bots.strategy`'s bit mask."""
    mask = 0
    for action in actions:
        mask |= 1 << _CODES[action[0]]
    return mask


def _take(code: int, actions: Sequence[Action], info: Seen, fraction: float) -> Action:
    """The first listed action of kind ``code`` (sized by ``fraction`` of the pot when
    aggressive), or the first action for :data:`~studkit.bots.strategy.FIRST`."""
    if code == FIRST:
        return actions[0]
    kind = KINDS[code]
    for action in actions:
        if action[0] == kind:
            return pot_sized(action, info.my_bet, info.to_call, info.pot, fraction)
    raise AssertionError(f"no {kind} among {actions}")  # pragma: no cover


class StyleBot:
    """A rule-based player: scores its hand with :func:`strength_score` and follows a
    :class:`Style` (the decision of :func:`studkit.bots.strategy.style_choice`)."""

    style = Style(enter=0.4, stay=0.45, bet=0.7, bluff=0.03, size=0.5)

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        """Fold, call or raise by the hand's score against the style's thresholds."""
        if _unknown_decision(actions):
            return plugin_choice(self.variant, view, actions, rng)
        info = seen(view, self.variant)
        score = self.score(info)
        return self.decide(info, score, actions, rng)

    def score(self, info: Seen) -> float:
        """The hand's strength score, adjusted for the number of opponents."""
        raw = strength_score(info.cards, info.opponents_up, info.to_come, info.evaluators)
        return crowded(raw, len(info.opponents_up))

    def decide(
        self, info: Seen, score: float, actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Apply the style to a score."""
        style = self.style
        avail = _offered(actions)
        rolls = style_rolls(avail, info.raises, style.max_raises, score, style.bet)
        u = rng.random() if rolls else 1.0
        code = style_choice(style.enter, style.stay, style.bet, style.bluff, style.max_raises,
                            score, info.raises, info.first_street, info.to_call, info.pot,
                            avail, u)
        return _take(code, actions, info, style.size)


class TightAggressiveBot(StyleBot):
    """Plays few hands and bets them hard ("tag")."""

    style = Style(enter=0.45, stay=0.5, bet=0.68, bluff=0.02, size=0.6)


class LooseAggressiveBot(StyleBot):
    """Plays many hands, bets and raises often, bluffs sometimes ("lag")."""

    style = Style(enter=0.28, stay=0.36, bet=0.5, bluff=0.1, size=0.8, max_raises=4)


class EquityBot:
    """Acts on its Monte Carlo equity against the opponents' visible boards.

    Each decision draws up to ``trials`` completions of the hand, in groups of
    :data:`~studkit.bots.strategy.EQUITY_STEP`, and stops after a group once
    :func:`~studkit.bots.strategy.equity_settled` says the rest cannot change what it does:
    the opponents' down cards are unknown, folded up cards are dead. It bets or raises with
    an equity well above its fair share of the pot, calls when the equity beats the price of
    the call, else checks or folds.
    """

    trials = 100
    margin = 1.35
    """Bet or raise when the equity is at least this multiple of ``1 / players left``."""

    def __init__(self, variant: Variant, trials: int | None = None) -> None:
        self.variant = variant
        if trials is not None:
            self.trials = trials

    def act(self, view: Any, actions: Sequence[Action], rng: random.Random) -> Action:
        """Bet, call or fold by equity against the pot odds."""
        if _unknown_decision(actions):
            return plugin_choice(self.variant, view, actions, rng)
        from studkit.bots.estimate import estimate_equity

        info = seen(view, self.variant)
        pending = discards_pending(view, self.variant)  # equity is defined only after them
        players, avail = len(info.opponents_up) + 1, _offered(actions)

        def settled(won: float, deals: int) -> bool:
            return equity_settled(won, deals, self.margin, players, info.raises,
                                  info.to_call, info.pot, avail)

        value = None if pending else estimate_equity(info, self.trials, rng, settled)
        if value is None:  # no equity for this spot: play tight-aggressive
            fallback = TightAggressiveBot(self.variant)
            return fallback.decide(info, fallback.score(info), actions, rng)
        code = equity_choice(value, self.margin, players, info.raises, info.to_call, info.pot,
                             avail)
        return _take(code, actions, info, min(1.0, value))
