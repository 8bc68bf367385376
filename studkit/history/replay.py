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
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from studkit.cards import Card, standard_deck
from studkit.engine.actions import AGGRESSIVE_KINDS, Action as EngineAction
from studkit.engine.dealing import BURN as BURN_SEAT, COMMUNITY as COMMUNITY_SEAT
from studkit.engine.decisions import NO_KINDS
from studkit.engine.events import CommunityEvent, DealEvent, kind_of
from studkit.engine.hand import Hand
from studkit.errors import CardError, HistoryError, StudkitError
from studkit.history.actions import Action, Amount, format_phh_cards
from studkit.history.compat import SPLIT_NOTE, check_compat, split_differently, trims_antes
from studkit.history.phh import HandHistory, check_cards, history_files, load_file_each
from studkit.history.rules import history_variant, scaled
from studkit.variant import Stakes, Variant

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


def _unscale(chips: int, scale: int) -> Amount:
    return chips if scale == 1 else Decimal(chips) / scale


def _name(seat: int) -> str:
    return f"p{seat + 1}"


def _legal(hand: Hand, scale: int) -> str:
    parts = []
    for action in hand.legal_actions():
        if action.kind in AGGRESSIVE_KINDS:
            lo, hi = action.min, action.max
            assert lo is not None and hi is not None
            span = str(_unscale(lo, scale))
            if hi != lo:
                span += f"..{_unscale(hi, scale)}"
            parts.append(f"{action.kind} to {span}")
        elif action.amount is not None:
            parts.append(f"{action.kind} {_unscale(action.amount, scale)}")
        else:
            parts.append(action.kind)
    return ", ".join(parts)


def _street(hand: Hand) -> str:
    try:
        name = hand.street_name
    except IndexError:  # past the last street: the engine is at the showdown
        return "the showdown"
    return f"{name} street" if name and "street" not in name else name


class ReplayError(HistoryError):
    """A hand that cannot be replayed, with the hand as it stood before the failing action
    (``hand``) and the cards it holds that the history does not show (``unknown_cards``)."""

    def __init__(
        self, message: str, hand: Hand, unknown_cards: frozenset[Card], scale: int
    ) -> None:
        super().__init__(message)
        self.hand = hand
        self.unknown_cards = unknown_cards
        self.scale = scale


class _HistorySource:
    """The engine's card source for a replay: each seat's recorded cards in deal order.

    Unlike a shuffled deck it lets a card be dealt again once the dealer has had to reshuffle
    the discards (folded and burned cards) because the deck ran out, as PHH data from PokerKit
    has, and refuses it otherwise. ``remaining`` counts the physical stub, so the engine sees
    the deck run out when the dealer did. Unknown cards and burns come from the cards no
    script names, in an order set by ``seed``.
    """

    __slots__ = (
        "_scripts",
        "_community",
        "_future",
        "_unused",
        "_out",
        "_owner",
        "_stub",
        "_reshuffled",
        "folded",
    )

    def __init__(
        self,
        hole: Sequence[Sequence[Card | None]],
        community: Sequence[Card | None],
        deck: Sequence[Card],
        seed: int,
    ) -> None:
        self._scripts = [list(reversed(cards)) for cards in hole]
        self._community = list(reversed(community))
        self._future = Counter(c for cards in (*hole, community) for c in cards if c is not None)
        self._unused = [c for c in deck if c not in self._future]
        random.Random(seed).shuffle(self._unused)
        self._out: set[Card] = set()
        self._owner: dict[Card, int] = {}
        self._stub = len(deck)
        self._reshuffled = False
        self.folded: Sequence[bool] = ()
        """The hand's per-seat folded flags (set once the hand exists)."""

    def _discarded(self, card: Card) -> bool:
        owner = self._owner.get(card, BURN_SEAT)
        return owner == BURN_SEAT or (0 <= owner < len(self.folded) and self.folded[owner])

    def draw(self, seat: int) -> Card:
        script = (
            self._community
            if seat == COMMUNITY_SEAT
            else (self._scripts[seat] if 0 <= seat < len(self._scripts) else None)
        )
        card = script.pop() if script else None
        if card is None:
            card = self._spare(seat)
        else:
            if card in self._out and not (self._reshuffled and self._discarded(card)):
                raise CardError(
                    f"{card} is dealt again while it is still in play (a card is dealt twice "
                    "only when the deck runs out and the discards are reshuffled)"
                )
            self._future[card] -= 1
        self._out.add(card)
        self._owner[card] = seat
        self._stub -= 1
        return card

    def _spare(self, seat: int) -> Card:
        """A card the history does not name (an unknown card or a burn)."""
        unused = self._unused
        while unused and unused[-1] in self._out:
            unused.pop()
        if unused:
            return unused.pop()
        if seat == BURN_SEAT:  # every card is named: burn a discard (it never plays)
            spare = next((c for c in self._owner if self._discarded(c)), None)
            if spare is None:  # or the very last card the history deals: by then the deck
                # has run out and the burns are shuffled back (it is how it came back)
                last = [script[0] for script in sorted(self._scripts, key=len) if script]
                spare = next((c for c in reversed(last) if c is not None and c not in self._out),
                             None)
            if spare is not None:
                return spare
        raise CardError("cannot deal: no card is left that the history does not name")

    def remaining(self) -> int:
        return self._stub

    def restore(self, cards: Sequence[Card], rng: random.Random) -> None:
        self._reshuffled = True
        for card in cards:
            self._out.discard(card)
            if not self._future[card]:
                self._unused.insert(0, card)
        self._stub += len(cards)


class _Replayer:
    """Drives one :class:`Hand` through one history's actions."""

    def __init__(
        self,
        history: HandHistory,
        variant: Variant,
        stakes: Stakes,
        scale: int,
        seed: int,
        held: list[list[Card | None]],
        compat: str | None = None,
    ) -> None:
        self.history = history
        self.scale = scale
        self.held = held
        self.compat = compat
        deck = standard_deck(stripped_ranks=variant.deck.stripped_ranks, jokers=variant.deck.jokers)
        in_deck = set(deck)
        community: list[Card | None] = []
        for index, action in enumerate(history.actions):
            for c in action.cards or ():
                if c is not None and c not in in_deck:
                    raise history.error(index, f"{c} is not a card of the {variant.name} deck")
            if action.verb == "db":
                community.extend(action.cards or ())
        stacks = [scaled(s, scale) for s in history.starting_stacks]
        ante = stakes.ante if variant.forced_bets.ante else 0
        if not trims_antes(history.ante_trimming_status, compat) and any(s < ante for s in stacks):
            raise HistoryError(
                f"{history.label}: a player cannot pay the full ante and ante_trimming_status "
                "is false: studkit always trims (a short ante wins only what it matched)"
            )
        source = _HistorySource(held, community, deck, seed)
        try:
            self.hand = Hand(variant, stacks, source=source, stakes=stakes)
            source.folded = self.hand.folded
            plugins = self.hand.plugins
            self.kinds = plugins.kinds if plugins is not None else NO_KINDS
        except StudkitError as error:
            raise HistoryError(f"{history.label}: cannot start the hand: {error}") from None
        self.seen = [0] * history.player_count
        self.community_seen = 0
        self.deals: list[list[Card]] = [[] for _ in range(history.player_count)]
        self.community: list[Card] = []
        self.traded: list[set[Card]] = [set() for _ in range(history.player_count)]
        self.cursor = 0

    def sync(self) -> None:
        """Read the engine's new events: every card dealt, community card and card traded."""
        events = self.hand.events
        for event in events[self.cursor :]:
            if isinstance(event, DealEvent) and event.card is not None:
                self.deals[event.seat].append(event.card)
            elif isinstance(event, CommunityEvent):
                self.community.append(event.card)
            elif kind_of(event) in self.kinds.by_name:
                card = self.kinds.by_name[kind_of(event)].thrown(event)
                if card is not None:
                    self.traded[getattr(event, "seat")].add(card)  # noqa: B009 - decisions have one
        self.cursor = len(events)

    def unknown_cards(self) -> frozenset[Card]:
        """The cards dealt that the history does not show."""
        self.sync()
        out: set[Card] = set()
        for seat, dealt in enumerate(self.deals):
            recorded = self.held[seat]
            for i, card in enumerate(dealt):
                if i >= self.seen[seat] or i >= len(recorded) or recorded[i] is None:
                    out.add(card)
        out.update(self.community[self.community_seen :])
        return frozenset(out)

    def run(self) -> Hand:
        for index, action in enumerate(self.history.actions):
            if action.is_noop:
                continue
            self.sync()
            try:
                self.step(action)
            except CardError as error:  # from the deal that this action set off
                street = _street(self.hand)
                raise self.stopped(index, f"then dealing {street}: {error}") from None
            except StudkitError as error:  # the engine's refusal, in the history's terms
                raise self.stopped(index, str(error)) from None
        return self.hand

    def stopped(self, index: int, why: str) -> ReplayError:
        """The error for action ``index``, carrying the hand as it stood before it."""
        error = self.history.error(index, why)
        return ReplayError(str(error), self.hand, self.unknown_cards(), self.scale)

    def step(self, action: Action) -> None:
        verb = action.verb
        if verb == "dh":
            self.dealt(action)
        elif verb == "db":
            self.board(action)
        elif verb == "sm":
            self.show(action)
        elif verb == "sd":
            raise HistoryError("'sd' (stand pat or discard) belongs to draw games, not stud")
        else:
            self.decide(action)

    def dealt(self, action: Action) -> None:
        seat = action.player
        assert seat is not None and action.cards is not None
        have = self.deals[seat]
        start = self.seen[seat]
        end = start + len(action.cards)
        if end > len(have):
            raise HistoryError(self.why_no_card(seat))
        for recorded, real in zip(action.cards, have[start:end], strict=True):
            if recorded is not None and recorded != real:  # pragma: no cover - scripted
                raise HistoryError(f"{_name(seat)} was dealt {real}, not {recorded}")
        self.seen[seat] = end

    def why_no_card(self, seat: int) -> str:
        hand = self.hand
        who = _name(seat)
        if hand.folded[seat]:
            return f"{who} has folded and is dealt no more cards"
        if hand.actor is not None:
            return (
                f"no cards are due: the {_street(hand)} betting is not over, "
                f"{_name(hand.actor)} is to act"
            )
        if hand.is_over:
            return "no cards are due: the hand is over"
        return f"{who} has been dealt all {len(self.deals[seat])} cards of this game"

    def board(self, action: Action) -> None:
        cards = action.cards or ()
        end = self.community_seen + len(cards)
        if end > len(self.community):
            raise HistoryError(
                "no community card is due: the deck has not run out "
                "(a community card replaces a street only when the cards run out)"
            )
        self.community_seen = end

    def show(self, action: Action) -> None:
        hand = self.hand
        seat = action.player
        assert seat is not None
        who = _name(seat)
        if hand.folded[seat]:
            raise HistoryError(f"{who} has folded: there is no hand to show or muck")
        if hand.actor is not None and not hand.is_over:
            raise HistoryError(
                f"{who} shows or mucks while the {_street(hand)} betting is not over: "
                f"{_name(hand.actor)} is to act"
            )
        if action.cards is None:
            return  # a muck: the engine awards pots to the best hands shown
        # the cards the history has dealt the player so far, less any traded away
        have = [c for c in self.deals[seat][: self.seen[seat]] if c not in self.traded[seat]]
        known = sorted(c for c in action.cards if c is not None)
        matched = sorted(c for c, rec in zip(have, action.cards, strict=False) if rec is not None)
        if len(action.cards) != len(have) or known != matched:
            raise HistoryError(
                f"{who} shows {format_phh_cards(action.cards)} but holds {format_phh_cards(have)}"
            )

    def decide(self, action: Action) -> None:
        hand = self.hand
        seat = action.player
        assert seat is not None
        if hand.is_over:
            raise HistoryError("the hand is already over")
        for other, cards in enumerate(self.deals):
            if self.seen[other] < len(cards):
                raise HistoryError(
                    f"{_name(other)} has not been dealt all its {_street(hand)} cards yet: the "
                    f"history deals them ('d dh {_name(other)} ...', '??' for unknown cards) "
                    "before the betting"
                )
        if hand.actor is None:  # pragma: no cover - the engine deals without stopping
            raise HistoryError("nobody is to act: cards are being dealt")
        if seat != hand.actor:
            raise HistoryError(
                f"{_name(seat)} acts out of turn: {_name(hand.actor)} is to act on {_street(hand)}"
            )
        chosen = self.engine_action(action)
        if chosen is None:
            raise HistoryError(
                f"{_name(seat)} cannot {_what(action)} on {_street(hand)}: legal actions "
                f"are {_legal(hand, self.scale)}"
            )
        hand.apply(chosen)

    def engine_action(self, action: Action) -> EngineAction | None:
        """The legal engine action the history's action stands for, or None."""
        hand = self.hand
        legal = hand.legal_actions()
        verb = action.verb
        if verb == "cbr":
            return _aggressive_to(hand, legal, action.player or 0, self.amount(action),
                                  self.compat)
        kind = self.kinds.by_name.get(verb)
        if kind is not None:  # a plugin decision: its kind picks the action
            return kind.choose(legal, self.value(action))
        wanted: tuple[str, ...] = _KINDS.get(verb, ())
        for a in legal:
            if a.kind in wanted:
                return a
        return None

    def amount(self, action: Action) -> int:
        """The action's amount in the engine's chips."""
        assert action.amount is not None
        to = scaled(action.amount, self.scale)
        if to != action.amount * self.scale:
            raise HistoryError(f"amount {action.amount} is finer than the file's other amounts")
        return to

    def value(self, action: Action) -> Any:
        """What a decision kind's action chose: its amount (in chips), card or word."""
        if action.amount is not None:
            return self.amount(action)
        if action.cards:
            return action.cards[0]
        return action.choice


_KINDS: dict[str, tuple[str, ...]] = {
    "pb": ("bring-in",),
    "f": ("fold",),
    "cc": ("check", "call"),
}
"""The engine action kinds each PHH betting verb may stand for."""

_WHAT: dict[str, str] = {"pb": "bring in", "f": "fold", "cc": "check or call"}


def _what(action: Action) -> str:
    """What the history's action tries to do, in words."""
    if action.verb == "cbr":
        return f"complete, bet or raise to {action.amount}"
    if action.verb in _WHAT:
        return _WHAT[action.verb]
    chosen = action.amount if action.amount is not None else (
        action.cards[0] if action.cards else action.choice)
    return action.verb if chosen is None else f"{action.verb} {chosen}"


def _check_unknown_showdown(history: HandHistory, hand: Hand, unknown: set[int]) -> None:
    contested = sum(not f for f in hand.folded) > 1
    if not contested:
        return
    hidden = sorted(s for s in unknown if not hand.folded[s])
    if hidden:
        names = ", ".join(_name(s) for s in hidden)
        raise HistoryError(
            f"{history.label}: the hand goes to a showdown with unknown cards ('??') of "
            f"{names}, which the history never shows: its result cannot be known"
        )


def _aggressive_to(
    hand: Hand, legal: Sequence[EngineAction], seat: int, to: int, compat: str | None = None
) -> EngineAction | None:
    """The engine action for "complete, bet or raise to ``to``", or None if not legal.

    A raise recorded as exactly what the opponents can still match (less than a full raise,
    as dealers take it when it puts the last opponent all in) is taken as the full raise:
    the part nobody can call comes back as an uncalled bet, so the stacks are the same.
    """
    everything = legal
    legal = [a for a in legal if a.kind in AGGRESSIVE_KINDS]
    for a in legal:
        assert a.min is not None and a.max is not None
        if a.min <= to <= a.max:
            return EngineAction(a.kind, to)
    reachable = max(
        (hand.bets[s] + hand.stacks[s] for s in range(hand.n) if s != seat and not hand.folded[s]),
        default=0,
    )
    for a in legal:
        assert a.min is not None
        if hand.to_call + hand.bets[seat] < to == reachable < a.min:
            return EngineAction(a.kind, a.min)
    # An all-in recorded as a raise that studkit counts as a call or a (partial) bring-in of
    # the same chips (after a partial bring-in, others come in for the full bring-in).
    if to == hand.bets[seat] + hand.stacks[seat]:
        for a in everything:
            if a.kind in ("call", "bring-in") and a.amount == hand.stacks[seat]:
                return a
    if compat == "pokerkit" and not legal and reachable <= hand.bets[seat] + hand.to_call:
        # PokerKit lets a player bet or raise when nobody can call: once the part nobody
        # can call comes back, the same chips as checking or calling.
        return next((a for a in everything if a.kind in ("check", "call")), None)
    return None


UNKNOWN_CARD_TRIES = 32
"""How many fills of unknown (``??``) cards a replay tries before it reports the first error."""


def replay(history: HandHistory, *, compat: str | None = None) -> Replay:
    """Replay one hand; raises :class:`HistoryError` at the first problem.

    ``compat="pokerkit"`` reads a plain PHH hand's betting as PokerKit does (a short all-in
    counts as a full raise; :mod:`studkit.history.compat` says exactly what changes).

    Unknown cards (``??``) are filled from the cards nobody was seen to hold. As an unknown up
    card decides who brings in or acts first, fills are tried until one agrees with the
    recorded action (at most :data:`UNKNOWN_CARD_TRIES`); a hand whose result would depend on
    unknown cards at a showdown is an error.
    """
    check_compat(compat)
    variant, stakes, scale = history_variant(history, compat)
    held = check_cards(history)
    unknown = {seat for seat, cards in enumerate(held) if None in cards}
    first_error: HistoryError | None = None
    for seed in range(UNKNOWN_CARD_TRIES if unknown else 1):
        try:
            replayer = _Replayer(history, variant, stakes, scale, seed, held, compat)
            hand = replayer.run()
            break
        except HistoryError as error:
            first_error = first_error or error
    else:
        assert first_error is not None
        raise first_error
    if unknown and hand.is_over:
        _check_unknown_showdown(history, hand, unknown)
    stacks: list[Amount] = [_unscale(s, scale) for s in hand.stacks]
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
        f"{_name(i)} {mine} (file: {theirs})"
        for i, (mine, theirs) in enumerate(zip(stacks, expected, strict=True))
        if mine != theirs
    )


def replay_file(path: str | os.PathLike[str], *, compat: str | None = None) -> list[Replay]:
    """Replay every hand of one file; problems are recorded in each :class:`Replay` (a hand
    of a multi-hand file that cannot be read does not stop the others). ``compat``: as for
    :func:`replay`."""
    check_compat(compat)
    name = os.fspath(path)
    try:
        histories = load_file_each(name)
    except HistoryError as error:
        return [Replay(file=name, code=None, error=str(error))]
    out = []
    for key, history in histories:
        if isinstance(history, HistoryError):
            out.append(Replay(file=name, code=None, key=key, error=str(history)))
            continue
        try:
            out.append(replay(history, compat=compat))
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
    paths: Iterable[str | os.PathLike[str]], *, compat: str | None = None
) -> list[Replay]:
    """Replay every hand in the given files and directories, in order (``compat``: as for
    :func:`replay`).

    A path that does not exist raises :class:`HistoryError`; a file that cannot be read or a
    hand that cannot be replayed is a :class:`Replay` with ``error`` set.
    """
    check_compat(compat)
    return [r for name in history_files(paths) for r in replay_file(name, compat=compat)]


def stacks_text(values: Sequence[Amount]) -> str:
    """Stacks for a line of text: ``4000000 7700000 ...``."""
    return " ".join(str(v) for v in values)
