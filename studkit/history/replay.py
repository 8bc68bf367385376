"""Replay a hand history through the engine, exactly: the recorded cards, every action checked.

The engine deals the cards the history records (each player's cards in deal order; unknown
cards and burns from the cards nobody was seen to hold) and takes each action only if it is
legal at that moment; any difference is a :class:`~studkit.errors.HistoryError` naming the
file, the action's index and text, and why. When the history has ``finishing_stacks`` the
replayed stacks must equal them; when it has none, those its folder's ``expected.json`` gives
(:mod:`studkit.history.expected`), if any.

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
>>> result.finishing_stacks, result.checked, result.checked_against
([52, 48], True, 'finishing_stacks')
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from studkit.cards import Card, standard_deck
from studkit.engine.decisions import decision_kinds
from studkit.engine.hand import Hand
from studkit.errors import HistoryError
from studkit.history.actions import Amount
from studkit.history.card_check import check_cards
from studkit.history.compat import SPLIT_NOTE, check_compat, split_differently
from studkit.history.expected import EXPECTED_NAME, Expectation, Expectations
from studkit.history.hand_history import HandHistory
from studkit.history.rake import RAKE_FIELD
from studkit.history.replayer import Replayer, ReplayError, seat_name, unscale
from studkit.history.rooms.formats import history_paths, read_history_file
from studkit.history.rooms.room_hand import RoomHistoryError
from studkit.history.rooms.to_phh import SITE_FIELD
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
    """Whether the finishing stacks were compared (and matched): the file's own, or those of
    its folder's ``expected.json``."""
    checked_against: str | None = None
    """What they were compared with: ``"finishing_stacks"`` (the file's field) or
    ``"expected.json"``; ``None`` when not checked."""
    error: str | None = None
    skipped: bool = False
    """Whether the hand is of another game than the file's reader replays (a hold'em hand of
    a room's mixed-game file): not replayed, and not a failure (``error`` says the game)."""
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
        history = self.history
        players = history.players if history is not None else None
        fields = history.fields if history is not None else {}
        hand = self.key if self.key is not None else fields.get("hand")
        site = fields.get(SITE_FIELD)
        rake = fields.get(RAKE_FIELD)
        return {
            "file": self.file,
            "hand": None if hand is None else str(hand),
            "variant": self.code,
            "studkit_variant": self.variant.name if self.variant is not None else None,
            "site": site if isinstance(site, str) else None,
            "starting_stacks": (
                [_json_number(s) for s in history.starting_stacks] if history is not None else None
            ),
            "finishing_stacks": stacks,
            "rake": _json_number(rake) if isinstance(rake, int | Decimal) else None,
            "players": list(players) if players else None,
            "ok": self.ok,
            "complete": self.hand.is_over if self.hand is not None else False,
            "checked": self.checked,
            "checked_against": self.checked_against,
            "error": self.error,
            "skipped": self.skipped,
            "warnings": self.warnings,
        }


def _json_number(value: Amount) -> int | float:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def _hidden_at_showdown(hand: Hand, unknown: set[int]) -> list[int]:
    """The seats judged at the showdown (not folded, not conceding) whose cards the history
    does not all show; none when fewer than two are judged (nothing is compared)."""
    conceded = set(hand.conceded)  # a muck that concedes is never judged
    judged = [s for s in range(hand.n) if not hand.folded[s] and s not in conceded]
    if len(judged) < 2:
        return []
    return sorted(s for s in unknown if s in judged)


MAX_SHOWDOWN_FILLS = 2_000
"""The most ways of filling the unknown cards of a showdown a replay tries, to see whether
the result depends on them."""


def _whatever_the_unknown_cards(
    history: HandHistory,
    variant: Variant,
    replay_with: Callable[[list[list[Card | None]]], Replayer],
    held: list[list[Card | None]],
    hidden: list[int],
) -> Replayer:
    """The replay of a hand whose showdown judges the unknown cards of ``hidden`` seats, when
    every way of filling them that the recorded action allows ends on the same stacks (a
    garbled last card of a hand that wins whatever it is); else :class:`HistoryError`."""
    names = ", ".join(seat_name(s) for s in hidden)
    slots = [(seat, i) for seat in hidden for i, card in enumerate(held[seat]) if card is None]
    named = {c for cards in held for c in cards if c is not None}
    named.update(c for action in history.actions for c in action.cards or () if c is not None)
    deck = standard_deck(stripped_ranks=variant.deck.stripped_ranks, jokers=variant.deck.jokers)
    spare = [c for c in deck if c not in named]
    if math.perm(len(spare), len(slots)) > MAX_SHOWDOWN_FILLS:
        raise HistoryError(
            f"{history.label}: the hand goes to a showdown with unknown cards ('??') of "
            f"{names}, which the history never shows: its result cannot be known"
        )
    outcomes: set[tuple[int, ...]] = set()
    found: Replayer | None = None
    for cards in itertools.permutations(spare, len(slots)):
        filled = [list(seat_cards) for seat_cards in held]
        for (seat, i), card in zip(slots, cards, strict=True):
            filled[seat][i] = card
        try:
            replayer = replay_with(filled)
            hand = replayer.run()
        except HistoryError:
            continue  # a fill the recorded action rules out
        outcomes.add(tuple(hand.stacks))
        found = found or replayer
        if len(outcomes) > 1:
            raise HistoryError(
                f"{history.label}: the hand goes to a showdown with unknown cards ('??') of "
                f"{names}, which the history never shows, and its result depends on them"
            )
    if found is None:
        raise HistoryError(
            f"{history.label}: no card in place of the unknown cards ('??') of {names} "
            "agrees with the recorded action"
        )
    return found


UNKNOWN_CARD_TRIES = 32
"""How many fills of unknown (``??``) cards a replay tries before it reports the first error."""

UNKNOWN_UP_CARD_TRIES = 1_000
"""How many it tries while the fills only fail by putting the wrong player first to act (a
room that never shows the opponents' up cards: few fills give the recorded bring-in and first
actors, and each failing try stops at once)."""


def replay(
    history: HandHistory,
    *,
    compat: str | None = None,
    registry: PluginRegistry | None = None,
    expected: Expectation | None = None,
) -> Replay:
    """Replay one hand; raises :class:`HistoryError` at the first problem.

    ``compat="pokerkit"`` reads a plain PHH hand's betting as PokerKit does (a short all-in
    counts as a full raise; :mod:`studkit.history.compat` says exactly what changes).
    ``registry``: where the game's plugins are found (default: the built-ins and entry
    points; the command line's ``--plugins-dir`` makes one).

    Unknown cards (``??``) are filled from the cards nobody was seen to hold. As an unknown up
    card decides who brings in or acts first, fills are tried until one agrees with the
    recorded action (at most :data:`UNKNOWN_CARD_TRIES`, or :data:`UNKNOWN_UP_CARD_TRIES` while
    they only put the wrong player first to act); a showdown that judges unknown cards is
    replayed when every card they could be gives the same result, and is an error otherwise.

    ``expected``: the stacks the hand must end on when the history has no
    ``finishing_stacks`` (its folder's ``expected.json``); a different ``variant`` there, a
    different number of players or different stacks are errors.
    """
    check_compat(compat)
    against = "finishing_stacks"
    if history.finishing_stacks is None and expected is not None:
        against = EXPECTED_NAME
        _check_expectation(history, expected)
    variant, stakes, scale = history_variant(history, compat, registry)
    held = check_cards(history, decision_kinds(variant))
    unknown = {seat for seat, cards in enumerate(held) if None in cards}
    first_error: HistoryError | None = None
    tries = UNKNOWN_CARD_TRIES if unknown else 1
    seed = 0
    while True:
        try:
            replayer = Replayer(history, variant, stakes, scale, seed, held, compat)
            hand = replayer.run()
            break
        except HistoryError as error:
            if first_error is None and unknown and isinstance(error, ReplayError) and (
                error.out_of_turn
            ):
                tries = UNKNOWN_UP_CARD_TRIES
            first_error = first_error or error
        seed += 1
        if seed >= tries:
            raise first_error
    warnings = list(history.warnings)
    hidden = _hidden_at_showdown(hand, unknown) if unknown and hand.is_over else []
    if hidden:
        replayer = _whatever_the_unknown_cards(
            history,
            variant,
            lambda filled: Replayer(history, variant, stakes, scale, 0, filled, compat),
            held,
            hidden,
        )
        hand = replayer.hand
        warnings.append(
            f"{history.label}: the history never shows every card of "
            f"{', '.join(seat_name(s) for s in hidden)} at the showdown; the result is the "
            "same whatever they are"
        )
    stacks: list[Amount] = [unscale(s, scale) for s in hand.stacks]
    given = history.finishing_stacks
    if given is None and expected is not None:
        given = expected.finishing_stacks
    source, label = _SOURCES[against]
    if expected is not None and against == EXPECTED_NAME:
        source = expected.source
    if (
        given is not None
        and list(given) != stacks
        and split_differently(hand, given, scale, compat)
    ):
        warnings.append(
            f"{history.label}: finishing stacks differ from {source} where the "
            f"pots are split: {_differences(stacks, given, label)} ({SPLIT_NOTE})"
        )
        given = None
    elif given is not None and list(given) != stacks:
        raise ReplayError(
            f"{history.label}: finishing stacks differ from {source}: "
            f"{_differences(stacks, given, label)}",
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
        checked=given is not None,
        checked_against=against if given is not None else None,
        warnings=warnings,
    )


_SOURCES: dict[str, tuple[str, str]] = {
    "finishing_stacks": ("the file's finishing_stacks", "file"),
    EXPECTED_NAME: (EXPECTED_NAME, EXPECTED_NAME),
}
"""Where the stacks a hand must end on come from: how a mismatch names the source, and the
label of its numbers (``p2 9700000 (file: 9750000)``)."""


def _check_expectation(history: HandHistory, expected: Expectation) -> None:
    """The hand is the one ``expected.json`` describes: its variant, its players."""
    where = f"{history.label}: {expected.source}"
    if expected.variant is not None and expected.variant != history.variant:
        raise HistoryError(
            f"{where} gives variant {expected.variant!r}, the file has {history.variant!r}"
        )
    count = len(expected.finishing_stacks)
    if count != history.player_count:
        raise HistoryError(
            f"{where} gives {count} finishing stacks for {history.player_count} players"
        )


def _differences(stacks: Sequence[Amount], expected: Sequence[Amount], label: str) -> str:
    return ", ".join(
        f"{seat_name(i)} {mine} ({label}: {theirs})"
        for i, (mine, theirs) in enumerate(zip(stacks, expected, strict=True))
        if mine != theirs
    )


def replay_file(
    path: str | os.PathLike[str],
    *,
    compat: str | None = None,
    registry: PluginRegistry | None = None,
    expectations: Expectations | None = None,
) -> list[Replay]:
    """Replay every hand of one file, PHH or a card room's history
    (:func:`~studkit.history.rooms.formats.read_history_file`); problems are recorded in
    each :class:`Replay` (a hand of a multi-hand file that cannot be read does not stop the
    others). ``compat`` and
    ``registry``: as for :func:`replay`. A hand without ``finishing_stacks`` is checked
    against the ``expected.json`` beside the file, if it names the hand (``expectations``:
    the folders' files already read); a malformed ``expected.json`` raises
    :class:`HistoryError`."""
    check_compat(compat)
    expectations = expectations if expectations is not None else Expectations()
    name = os.fspath(path)
    try:
        histories = read_history_file(name, registry)
    except HistoryError as error:
        return [Replay(file=name, code=None, error=str(error))]
    out = []
    for key, history in histories:
        if isinstance(history, HistoryError):
            skipped = isinstance(history, RoomHistoryError) and history.other_game
            out.append(Replay(file=name, code=None, key=key, error=str(history), skipped=skipped))
            continue
        expected = expectations.of(name, history.key)
        try:
            out.append(replay(history, compat=compat, registry=registry, expected=expected))
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
    """Replay every hand in the given files and directories (their ``.phh``, ``.phhs``,
    ``.txt`` and ``.xml`` files: PHH and card rooms' histories), in order (``compat`` and
    ``registry``: as for :func:`replay`).

    A path that does not exist, or a malformed ``expected.json`` beside a hand file, raises
    :class:`HistoryError`; a file that cannot be read or a hand that cannot be replayed is a
    :class:`Replay` with ``error`` set.
    """
    check_compat(compat)
    expectations = Expectations()
    return [
        r
        for name in history_paths(paths)
        for r in replay_file(name, compat=compat, registry=registry, expectations=expectations)
    ]


def stacks_text(values: Sequence[Amount]) -> str:
    """Stacks for a line of text: ``4000000 7700000 ...``."""
    return " ".join(str(v) for v in values)
