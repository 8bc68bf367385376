"""Replay a hand history through the engine, exactly: the recorded cards, every action checked.

The engine deals the cards the history records (each player's cards in deal order; unknown
cards and burns from the cards nobody was seen to hold) and takes each action only if it is
legal at that moment; any difference is a :class:`~studkit.errors.HistoryError` naming the
file, the action's index and text, and why. When the history has ``finishing_stacks`` the
replayed stacks must equal them.

>>> from studkit.history import loads
>>> (history,) = loads('''variant = "FR"
... antes = [1, 1]
... bring_in = 1
... small_bet = 2
... big_bet = 4
... starting_stacks = [50, 50]
... actions = ["d dh p1 2c3d4h", "d dh p2 KcKdKh", "p2 pb", "p1 cbr 2", "p2 f"]
... finishing_stacks = [52, 48]
... ''')
>>> result = replay(history)
>>> result.finishing_stacks, result.checked
([52, 48], True)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from studkit.cards import Card
from studkit.engine.decisions import decision_kinds
from studkit.engine.hand import Hand
from studkit.errors import HistoryError
from studkit.history.actions import Amount
from studkit.history.card_check import check_cards
from studkit.history.compat import SPLIT_NOTE, check_compat, split_differently
from studkit.history.hand_history import HandHistory
from studkit.history.phh import history_files, load_file_each
from studkit.history.replayer import Replayer, ReplayError, seat_name, unscale
from studkit.history.rules import history_variant
from studkit.hooks.registry import PluginRegistry
from studkit.variant.model import Variant

__all__ = ["Replay", "ReplayError", "replay", "replay_file", "replay_paths"]


@dataclass(slots=True)
class Replay:
    """The outcome of replaying one hand (or of failing to read or replay it).

    ``finishing_stacks`` are in the file's units (integers, or decimals for fractional chips).
    """

    file: str
    code: str | None
    key: str | None = None
    hand: Hand | None = None
    variant: Variant | None = None
    history: HandHistory | None = None
    scale: int = 1
    finishing_stacks: list[Amount] | None = None
    checked: bool = False
    """Whether the file's ``finishing_stacks`` were compared (and matched)."""
    error: str | None = None
    warnings: list[str] = field(default_factory=list)
    unknown_cards: frozenset[Card] = frozenset()
    """Cards the engine dealt that the history does not show (its ``??`` cards, and any
    dealt after the history stops): an account prints them as ``??``."""

    @property
    def ok(self) -> bool:
        """True when the hand replayed without a problem."""
        return self.error is None

    def as_json(self) -> dict[str, Any]:
        """The ``studkit replay --json`` object for this hand."""
        stacks = None
        if self.finishing_stacks is not None:
            stacks = [_json_number(s) for s in self.finishing_stacks]
        players = self.history.players if self.history is not None else None
        return {
            "file": self.file,
            "hand": self.key,
            "variant": self.code,
            "studkit_variant": self.variant.name if self.variant is not None else None,
            "finishing_stacks": stacks,
            "players": list(players) if players else None,
            "ok": self.ok,
            "complete": self.hand.is_over if self.hand is not None else False,
            "checked": self.checked,
            "error": self.error,
            "warnings": self.warnings,
        }


def _json_number(value: Amount) -> int | float:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _check_unknown_showdown(history: HandHistory, hand: Hand, unknown: set[int]) -> None:
    contested = sum(not f for f in hand.folded) > 1
    if not contested:
        return
    hidden = sorted(s for s in unknown if not hand.folded[s])
    if hidden:
        names = ", ".join(seat_name(s) for s in hidden)
        raise HistoryError(
            f"{history.label}: the hand goes to a showdown with unknown cards ('??') of "
            f"{names}, which the history never shows: its result cannot be known"
        )


UNKNOWN_CARD_TRIES = 32
"""How many fills of unknown (``??``) cards a replay tries before it reports the first error."""


def replay(
    history: HandHistory, *, compat: str | None = None, registry: PluginRegistry | None = None
) -> Replay:
    """Replay one hand; raises :class:`HistoryError` at the first problem.

    ``compat="pokerkit"`` reads a plain PHH hand's betting as PokerKit does (a short all-in
    counts as a full raise; :mod:`studkit.history.compat` says exactly what changes).
    ``registry``: where the game's plugins are found (default: the built-ins and entry
    points; the command line's ``--plugins-dir`` makes one).

    Unknown cards (``??``) are filled from the cards nobody was seen to hold. As an unknown up
    card decides who brings in or acts first, fills are tried until one agrees with the
    recorded action (at most :data:`UNKNOWN_CARD_TRIES`); a hand whose result would depend on
    unknown cards at a showdown is an error.
    """
    check_compat(compat)
    variant, stakes, scale = history_variant(history, compat, registry)
    held = check_cards(history, decision_kinds(variant))
    unknown = {seat for seat, cards in enumerate(held) if None in cards}
    first_error: HistoryError | None = None
    for seed in range(UNKNOWN_CARD_TRIES if unknown else 1):
        try:
            replayer = Replayer(history, variant, stakes, scale, seed, held, compat)
            hand = replayer.run()
            break
        except HistoryError as error:
            first_error = first_error or error
    else:
        assert first_error is not None
        raise first_error
    if unknown and hand.is_over:
        _check_unknown_showdown(history, hand, unknown)
    stacks: list[Amount] = [unscale(s, scale) for s in hand.stacks]
    expected = history.finishing_stacks
    warnings = list(history.warnings)
    if (expected is not None and list(expected) != stacks
            and split_differently(hand, expected, scale, compat)):
        warnings.append(f"{history.label}: finishing_stacks differ where the pots are split: "
                        f"{_differences(stacks, expected)} ({SPLIT_NOTE})")
        expected = None
    elif expected is not None and list(expected) != stacks:
        raise ReplayError(
            f"{history.label}: finishing stacks differ from the file's finishing_stacks: "
            f"{_differences(stacks, expected)}",
            hand,
            replayer.unknown_cards(),
            scale,
        )
    return Replay(
        file=history.source or "<history>",
        code=history.variant,
        key=history.key,
        hand=hand,
        variant=variant,
        history=history,
        scale=scale,
        finishing_stacks=stacks,
        unknown_cards=replayer.unknown_cards(),
        checked=expected is not None,
        warnings=warnings,
    )


def _differences(stacks: Sequence[Amount], expected: Sequence[Amount]) -> str:
    return ", ".join(
        f"{seat_name(i)} {mine} (file: {theirs})"
        for i, (mine, theirs) in enumerate(zip(stacks, expected, strict=True))
        if mine != theirs
    )


def replay_file(
    path: str | os.PathLike[str],
    *,
    compat: str | None = None,
    registry: PluginRegistry | None = None,
) -> list[Replay]:
    """Replay every hand of one file; problems are recorded in each :class:`Replay` (a hand
    of a multi-hand file that cannot be read does not stop the others). ``compat`` and
    ``registry``: as for :func:`replay`."""
    check_compat(compat)
    name = os.fspath(path)
    try:
        histories = load_file_each(name, registry)
    except HistoryError as error:
        return [Replay(file=name, code=None, error=str(error))]
    out = []
    for key, history in histories:
        if isinstance(history, HistoryError):
            out.append(Replay(file=name, code=None, key=key, error=str(history)))
            continue
        try:
            out.append(replay(history, compat=compat, registry=registry))
        except HistoryError as error:
            failed = Replay(
                file=name,
                code=history.variant,
                key=history.key,
                history=history,
                error=str(error),
                warnings=list(history.warnings),
            )
            if isinstance(error, ReplayError):  # keep the hand so far, for an account
                failed.hand = error.hand
                failed.variant = error.hand.variant
                failed.unknown_cards = error.unknown_cards
                failed.scale = error.scale
            out.append(failed)
    return out


def replay_paths(
    paths: Iterable[str | os.PathLike[str]],
    *,
    compat: str | None = None,
    registry: PluginRegistry | None = None,
) -> list[Replay]:
    """Replay every hand in the given files and directories, in order (``compat`` and
    ``registry``: as for :func:`replay`).

    A path that does not exist raises :class:`HistoryError`; a file that cannot be read or a
    hand that cannot be replayed is a :class:`Replay` with ``error`` set.
    """
    check_compat(compat)
    return [
        r for name in history_files(paths)
        for r in replay_file(name, compat=compat, registry=registry)
    ]


def stacks_text(values: Sequence[Amount]) -> str:
    """Stacks for a line of text: ``4000000 7700000 ...``."""
    return " ".join(str(v) for v in values)
