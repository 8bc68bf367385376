"""The web app's one meeting point with the engine: a table against bots, and replay frames.

Everything the pages show of a hand is read here, through the same library calls the terminal
uses (:mod:`studkit.play.table_view` for the table and the legal decisions,
:class:`~studkit.play.narration.Narrator` for the log, :func:`~studkit.engine.replay.replay`
to rebuild a recorded hand step by step), and turned into plain JSON-ready dicts. No rule is
decided here: every action goes to :meth:`Hand.apply`, which says whether it is legal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from studkit.bots.protocol import Bot
from studkit.bots.registry import BUILT_IN_BOTS, default_bots, make_bot
from studkit.cards import CARDS, RANK_CHARS, Card
from studkit.engine import Action, Hand, Table, replay as rebuild
from studkit.engine.decisions import DecisionKinds, decision_kinds
from studkit.errors import IllegalActionError, StudkitError
from studkit.history.narrate import format_chips, narrate
from studkit.history.phh import dumps_all
from studkit.history.record import record_hand
from studkit.history.replay import Replay
from studkit.play.commands import Choice, CommandError, parse_command
from studkit.play.game import bot_names, game_notes, stakes_words, wild_now
from studkit.play.narration import Narrator
from studkit.play.render import PLAIN, SeatLine, Showdown, TableState
from studkit.play.table_view import choices_for, showdown, table_state
from studkit.variant.amounts import Amount, format_amount, to_units
from studkit.variant.model import Variant
from studkit.variant.stakes import big_bet_unit

__all__ = [
    "WebError",
    "PlayTable",
    "DEFAULT_PLAYERS",
    "DEFAULT_STACK_BIG_BETS",
    "MAX_LOG_LINES",
    "replay_frames",
    "check_bots",
]

DEFAULT_PLAYERS = 6
"""Seats at a new table when none is asked for (fewer if the variant seats fewer)."""
DEFAULT_STACK_BIG_BETS = 100
"""Starting chips per player, in big bets."""
MAX_LOG_LINES = 400
"""Lines of the hand's log kept (a hand has a few dozen; a plugin's game may have more)."""
MAX_HISTORY_HANDS = 500
"""Hands a table keeps for its hand history (a longer session keeps its latest ones)."""
MAX_REPLAY_FRAMES = 2_000
"""Most steps one replayed hand is cut into (a real hand has a few dozen decisions)."""
PLAYER_NAME = "You"


class WebError(StudkitError):
    """A request the table cannot take (a bad field); the message says what would do."""


def card_text(card: Card | int | None) -> str | None:
    """A card as the pages write it (``As``, ``Jk``), ``None`` for a face-down card unseen."""
    return None if card is None else str(CARDS[int(card)])


def _cards(cards: Sequence[Card | None]) -> list[str | None]:
    return [card_text(card) for card in cards]


def check_bots(bots: str | Sequence[str] | None, count: int) -> tuple[str, ...]:
    """Bot names for ``count`` seats: one built-in name for all, one per seat, or the default
    mix. Only the shipped bots: a page never names Python code to import."""
    if bots is None or bots == "" or bots == []:
        return default_bots(count)
    names = [n.strip() for n in bots.split(",")] if isinstance(bots, str) else list(bots)
    if not all(isinstance(name, str) for name in names):
        raise WebError(f"bots: give bot names as text, not {bots!r}")
    for name in names:
        if name not in BUILT_IN_BOTS:
            raise WebError(
                f"bots: unknown bot {name!r}; the web app plays the built-in bots: "
                f"{', '.join(BUILT_IN_BOTS)}"
            )
    if len(names) == 1:
        return tuple(names) * count
    if len(names) != count:
        raise WebError(
            f"bots: {len(names)} names for {count} opponents; give one name for every "
            "opponent or exactly one per opponent"
        )
    return tuple(names)


def _action_record(choice: Choice, kinds: DecisionKinds) -> dict[str, Any]:
    action = choice.payload
    assert isinstance(action, Action)
    record: dict[str, Any] = {
        "kind": action.kind,
        "amount": action.amount,
        "min": action.min,
        "max": action.max,
        "label": choice.label or str(action),
        "all_in": choice.all_in,
    }
    if choice.pot_after_call is not None and choice.sized:
        record["pot_sizes"] = _pot_sizes(choice)
    kind = kinds.of(action.kind)
    if kind is not None and kind.phh_argument == "card" and action.amount is not None:
        record["card"] = card_text(action.amount)  # a decision naming a card
    return record


def _pot_sizes(choice: Choice) -> dict[str, int]:
    """Totals of the pot-sized bets the terminal's ``half``, ``3/4`` and ``pot`` make."""
    sizes: dict[str, int] = {}
    for label, word in (("½ pot", "half"), ("¾ pot", "3/4"), ("pot", "pot")):
        try:
            command = parse_command(word, [choice])
        except CommandError:
            continue
        if command.amount is not None:
            sizes[label] = command.amount
    return sizes


def _seat_record(line: SeatLine) -> dict[str, Any]:
    return {
        "seat": line.seat + 1,
        "seat_number": line.seat + 1,
        "name": line.name,
        "stack": line.stack,
        "bet": line.bet,
        "up_cards": _cards(line.up_cards),
        "down_cards": _cards(line.down_cards),
        "folded": line.folded,
        "all_in": line.all_in,
        "button": line.button,
        "to_act": line.to_act,
        "you": line.viewer,
        "sitting_out": line.sitting_out,
    }


def _showdown_record(result: Showdown) -> dict[str, Any]:
    return {
        "hands": [
            {
                "seat": shown.seat + 1,
                "seat_number": shown.seat + 1,
                "name": shown.name,
                "cards": _cards(shown.cards),
                "mucked": shown.mucked,
                "hands": [
                    {"share": share, "category": category, "description": description}
                    for share, category, description in shown.hands
                ],
            }
            for shown in result.hands
        ],
        "results": [
            {
                "pot": pot.pot,
                "amount": pot.amount,
                "share": pot.share,
                "winners": [
                    {"seat": seat + 1, "seat_number": seat + 1, "name": name, "amount": amount,
                     "hand": hand}
                    for seat, name, amount, hand in pot.winners
                ],
            }
            for pot in result.results
        ],
        "net": [{"seat": seat + 1, "seat_number": seat + 1, "name": name, "chips": chips}
                for seat, name, chips in result.net],
    }


def _table_record(state: TableState) -> dict[str, Any]:
    return {
        "heading": state.heading,
        "street": state.street,
        "seats": [_seat_record(line) for line in state.seats],
        "pot": state.pot,
        "pots": [
            {"amount": pot.amount, "eligible": [seat + 1 for seat in pot.eligible]}
            for pot in state.pots
        ],
        "to_call": state.to_call,
        "community": _cards(state.community),
        "notes": list(state.notes),
        "wild_ranks": [RANK_CHARS[rank] for rank in sorted(state.wild_ranks)],
    }


@dataclass(slots=True)
class _Seat:
    name: str
    label: str
    bot: Bot | None


class PlayTable:
    """One player at ``seat`` (from 0) against built-in bots, hand after hand.

    The bots act as soon as it is their turn, so :meth:`state` always stands at the
    player's decision or at the end of a hand. Not thread-safe: the caller holds a lock.
    """

    def __init__(
        self,
        variant: Variant,
        *,
        players: int | None = None,
        seat: int = 0,
        bots: str | Sequence[str] | None = None,
        seed: int | None = None,
        stack: Amount | None = None,
    ) -> None:
        if players is None:
            players = max(variant.min_players, min(DEFAULT_PLAYERS, variant.max_players))
        if not variant.min_players <= players <= variant.max_players:
            raise WebError(
                f"players: {variant.name} seats {variant.min_players} to "
                f"{variant.max_players} players, not {players}"
            )
        if not 0 <= seat < players:
            raise WebError(f"seat: seats are numbered 1 to {players}, not {seat + 1}")
        # the stack as the player gives it, in the table's units (cents at a $0.25 table)
        chips = (
            to_units(stack, variant.stakes.scale, WebError, "stack")
            if stack is not None else DEFAULT_STACK_BIG_BETS * big_bet_unit(variant)
        )
        if chips <= 0:
            raise WebError(f"stack: every player needs at least one chip, not {stack}")
        styles = check_bots(bots, players - 1)
        names = iter(bot_names(players - 1))
        kinds = iter(styles)
        self.variant = variant
        self.seat = seat
        self.seats: list[_Seat] = []
        for index in range(players):
            if index == seat:
                self.seats.append(_Seat(PLAYER_NAME, PLAYER_NAME, None))
                continue
            name, style = next(names), next(kinds)
            self.seats.append(_Seat(name, f"{name} ({style})", make_bot(style, variant)))
        master = random.Random(seed)
        self.table = Table(variant, [chips] * players, names=[s.name for s in self.seats],
                           seed=master.randrange(2**63))
        self.rng = random.Random(master.randrange(2**63))
        self.starting_stack = chips
        self.heading_stakes = stakes_words(variant, self.table.stakes)
        self.notes = game_notes(variant)
        self.hands: list[tuple[Hand, tuple[int, ...]]] = []
        """The latest hands played to the end, with the table seat of each hand seat."""
        self.played = 0
        self.log: list[str] = []
        self.hand: Hand | None = None
        self._narrator: Narrator | None = None
        self._seen = 0
        self.new_hand()

    # ------------------------------------------------------------------ the game

    def game_over(self) -> str | None:
        """Why no further hand can be dealt, or ``None``."""
        stacks = self.table.stacks
        if stacks[self.seat] == 0:
            return "you are out of chips"
        if sum(1 for chips in stacks if chips > 0) < 2:
            return "every opponent is out of chips"
        return None

    def new_hand(self) -> None:
        """Deal the next hand (the current one must be over) and let the bots act."""
        if self.hand is not None and not self.hand.is_over:
            raise WebError("the hand is not over: finish it before dealing another")
        reason = self.game_over()
        if reason is not None:
            raise WebError(f"no more hands: {reason}")
        hand = self.table.new_hand()
        self.hand = hand
        seats = self.table.hand_seats
        self._narrator = Narrator([self.seats[s].name for s in seats],
                                  viewer=seats.index(self.seat) if self.seat in seats else None,
                                  style=PLAIN, kinds=decision_kinds(hand.variant))
        self._seen = 0
        self.log = []
        button = seats[hand.button]
        self._say(f"Hand {self.played + 1} · button: {self.seats[button].name}")
        self._run_bots()

    def act(self, kind: str, amount: int | None) -> None:
        """The player's decision; :class:`IllegalActionError` (with the engine's message)
        when it is not legal now."""
        hand = self.hand
        assert hand is not None
        seats = self.table.hand_seats
        if hand.is_over or hand.actor is None or seats[hand.actor] != self.seat:
            where = "the hand is over" if hand.is_over else "it is not your turn"
            raise IllegalActionError(f"{kind}: {where}")
        hand.apply(self._action(hand, kind, amount))
        self._run_bots()

    @staticmethod
    def _action(hand: Hand, kind: str, amount: int | None) -> Action:
        """The legal action the request names (a sized one with its amount); anything else
        goes to the engine as asked, which refuses it with its own message."""
        legal = [action for action in hand.legal_actions() if action.kind == kind]
        for action in legal:
            sized = action.min is not None and action.max is not None and action.max > action.min
            if amount is not None and sized:
                return action.to(amount)
            if amount is None or action.amount == amount:
                return action
        return Action(kind, amount)

    def _run_bots(self) -> None:
        hand = self.hand
        assert hand is not None
        seats = self.table.hand_seats
        while not hand.is_over:
            self._narrate()
            actor = hand.actor
            if actor is None:
                raise StudkitError("nobody is to act but the hand is not over")
            bot = self.seats[seats[actor]].bot
            if bot is None:
                return
            legal = hand.legal_actions()
            try:
                hand.apply(bot.act(hand.view(actor), legal, self.rng))
                continue
            except Exception as error:  # a bot is code: report it and keep playing
                problem = str(error) if isinstance(error, StudkitError) else repr(error)
            fallback = next((a for a in legal if a.kind == "fold"), legal[0])
            self._say(f"{self.seats[seats[actor]].label} failed to act ({problem}); "
                      f"it takes {fallback} instead.")
            hand.apply(fallback)
        self._narrate()
        self.hands.append((hand, tuple(seats)))
        del self.hands[:-MAX_HISTORY_HANDS]
        self.played += 1
        for seat, amount, pot, share, description in hand.awards:
            name = self.seats[seats[seat]].name
            verb = "win" if name == PLAYER_NAME else "wins"
            where = "the main pot" if pot == 0 else f"side pot {pot}"
            part = f" ({share})" if share and len(hand.rules.shares) > 1 else ""
            said = f" with {description}" if description else ""
            won = format_amount(amount, self.table.stakes.scale)
            self._say(f"{name} {verb} {won} from {where}{part}{said}")

    def _narrate(self) -> None:
        hand, narrator = self.hand, self._narrator
        assert hand is not None and narrator is not None
        for line in narrator.lines(hand.events[self._seen:]):
            self._say(line.plain)
        self._seen = len(hand.events)

    def _say(self, line: str) -> None:
        self.log.append(line)
        del self.log[:-MAX_LOG_LINES]

    # ------------------------------------------------------------------ what the page shows

    def state(self) -> dict[str, Any]:
        """The table as the player sees it now (the API's STATE)."""
        hand = self.hand
        assert hand is not None
        seats = self.table.hand_seats
        hero = seats.index(self.seat) if self.seat in seats else None
        mine = hero is not None and hand.actor == hero and not hand.is_over
        choices = choices_for(hand) if mine else ()
        out_seats = tuple(
            SeatLine(seat=s, name=self.seats[s].label, stack=0, sitting_out=True)
            for s in range(len(self.seats)) if s not in seats
        )
        changing = wild_now(hand)
        notes = self.notes
        if changing is not None:
            notes += ("Wild cards now: " + " and ".join(RANK_CHARS[r] + "s" for r in changing),)
        static = frozenset(int(rank) for rank in self.variant.deck.wild_ranks)
        title = self.variant.title or self.variant.name
        view = table_state(
            hand,
            viewer=hero,
            names=[self.seats[s].label for s in seats],
            heading=f"Hand {self.played + (0 if hand.is_over else 1)} · {title} · "
                    f"{self.heading_stakes}",
            choices=choices,
            notes=notes,
            wild_ranks=static | frozenset(changing or ()),
            table_seats=seats,
            extra_seats=out_seats,
        )
        record = _table_record(view)
        payoffs: list[int] | None = None
        if hand.is_over:
            payoffs = [0] * len(self.seats)
            for index, chips in enumerate(hand.payoffs):
                payoffs[seats[index]] = chips
            names = [self.seats[s].label for s in seats]
            record["showdown"] = _showdown_record(showdown(hand, names, seats, viewer=hero))
        else:
            record["showdown"] = None
        record.update(
            variant=self.variant.name,
            title=title,
            structure=self.variant.betting.structure,
            hand_number=self.played + (0 if hand.is_over else 1),
            legal_actions=[
                _action_record(choice, decision_kinds(self.variant)) for choice in choices
            ],
            is_over=hand.is_over,
            payoffs=payoffs,
            stacks=list(self.table.stacks) if hand.is_over else [
                hand.stacks[seats.index(s)] if s in seats else 0 for s in range(len(self.seats))
            ],
            game_over=self.game_over() if hand.is_over else None,
            log=list(self.log),
            starting_stack=self.starting_stack,
            scale=self.table.stakes.scale,  # figures are in 1/scale of the player's amounts
        )
        return record

    def history(self) -> str:
        """The hands played to the end, as PHH (several: a ``.phhs`` text)."""
        return dumps_all(
            record_hand(hand, {"players": [self.seats[s].label for s in seats]})
            for hand, seats in self.hands
        )


# ---------------------------------------------------------------------- replay frames


def _frame(hand: Hand, result: Replay, names: list[str]) -> dict[str, Any]:
    scale = result.scale
    hidden = result.unknown_cards
    title = f"{result.history.label if result.history else result.file}"
    view = table_state(hand, viewer=None, names=names, heading=title)
    record = _table_record(view)
    # a replayer shows every card the history records; ``??`` ones stay face down
    for seat, line in enumerate(record["seats"]):
        line["down_cards"] = [
            None if card in hidden else card_text(card) for card in hand.down[seat]
        ]
        line["up_cards"] = [None if card in hidden else card_text(card) for card in hand.up[seat]]
        line["stack_text"] = format_chips(line["stack"], scale)
        line["bet_text"] = format_chips(line["bet"], scale)
    record.update(
        pot_text=format_chips(hand.pot, scale),
        actor=None if hand.actor is None else hand.actor + 1,
        is_over=hand.is_over,
        street_index=hand.street,
        account=narrate(hand.events, names=names, starting_stacks=hand.starting_stacks,
                        finishing_stacks=hand.stacks if hand.is_over else None,
                        scale=scale, hidden=hidden,
                        kinds=decision_kinds(hand.variant)).splitlines(),
    )
    if hand.is_over:
        record["showdown"] = _showdown_record(showdown(hand, names))
        record["payoffs"] = [format_chips(chips, scale) for chips in hand.payoffs]
    return record


def replay_frames(result: Replay) -> list[dict[str, Any]]:
    """The hand of a replayed history before its first decision, after each decision, and
    at its end: each frame the table as a spectator of a hand replayer sees it (every
    recorded card, face-down ones marked), rebuilt with the engine's event replay."""
    hand = result.hand
    assert hand is not None and result.history is not None
    players = list(result.history.players or ())
    names = [
        f"p{i + 1} {players[i]}" if i < len(players) else f"p{i + 1}" for i in range(hand.n)
    ]
    frames: list[dict[str, Any]] = []
    before: list[str] = []
    stakes = hand.rules.stakes
    for stop in range(MAX_REPLAY_FRAMES):
        step = rebuild(hand.variant, hand.starting_stacks, hand.events, button=hand.button,
                       stakes=stakes, stop=stop)
        frame = _frame(step, result, names)
        account: list[str] = frame["account"]
        same = 0
        while same < min(len(before), len(account)) and before[same] == account[same]:
            same += 1
        said = [line.strip() for line in account[same:] if not line.strip().startswith("pot:")]
        frame["note"] = " · ".join(said) if stop else "The deal"
        frame["new_lines"] = len(account) - same
        frames.append(frame)
        before = account
        if len(step.events) >= len(hand.events):
            break
    return frames
