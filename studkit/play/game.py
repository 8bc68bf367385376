"""A game at one table: hand after hand against bots, one player deciding at the terminal.

:class:`TableGame` seats the player and the bots at a :class:`~studkit.engine.Table`, deals
hands until the player leaves (``q``, or the end of the input), loses every chip, or has no
opponent left, and tells each hand as it happens: the antes and deals, every decision, the
table at each of the player's turns, the showdown and who won which pot. The button moves
and the stacks carry over from hand to hand (the table does both); busted bots leave.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TextIO

from rich.console import Console
from rich.text import Text

from studkit.cards import RANK_CHARS
from studkit.engine import Hand, Table
from studkit.engine.decisions import decision_kinds
from studkit.engine.events import WildEvent
from studkit.errors import IllegalActionError, StudkitError
from studkit.play.commands import CommandError, help_text, parse_command
from studkit.play.narration import Narrator
from studkit.play.render import CardStyle, SeatLine, showdown_text, table_text
from studkit.play.table_view import choices_for, engine_action, showdown, table_state
from studkit.variant.amounts import format_amount
from studkit.variant.model import Stakes, Variant
from studkit.variant.stakes_words import shown_stakes

if TYPE_CHECKING:
    from studkit.bots.protocol import Bot
    from studkit.history.phh import HandHistory

__all__ = ["Opponent", "GameSummary", "TableGame", "BOT_NAMES", "DEFAULT_PLAYER_NAME",
           "bot_names", "check_player_name", "stakes_words", "game_notes", "wild_now"]

BOT_NAMES: tuple[str, ...] = (
    "Ada", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea",
)
"""Names the bots take, in seat order."""

PLAYER_NAME = "You"
"""How the table and the narration call the player (second person: "You call 5")."""

DEFAULT_PLAYER_NAME = "you"
"""The player's name in hand histories when none is given (``--name``)."""

MAX_NAME_LENGTH = 40

PROMPT = "Your move (? for help)> "


@dataclass(frozen=True, slots=True)
class Opponent:
    """A bot at the table."""

    name: str
    """What the table calls it, e.g. ``Ben``."""
    style: str
    """The bot's name as ``--bots`` gives it, e.g. ``tag``; shown beside its name."""
    bot: Bot


@dataclass(frozen=True, slots=True)
class GameSummary:
    """How the game went for the player."""

    hands: int
    """Hands played to the end."""
    starting_stack: int
    final_stack: int
    """The player's chips when the game ended (a hand left unfinished costs what was in it)."""
    big_bet: int
    ended: str
    """Why the game ended, in words (``you quit``, ``end of input``, ...)."""
    stacks: tuple[tuple[str, int], ...]
    """Every seat's name and chips at the end, in seat order."""
    scale: int = 1
    """The table's units per whole amount: the figures above are in units (:meth:`chips`
    writes them as the player does)."""

    @property
    def net(self) -> int:
        """Chips won (positive) or lost over the game."""
        return self.final_stack - self.starting_stack

    def chips(self, units: int) -> str:
        """``units`` as the player writes amounts (``49.75`` at a table of scale 100)."""
        return format_amount(units, self.scale)


_STRUCTURE_WORDS: dict[str, Callable[[SimpleNamespace], str]] = {
    "fixed-limit": lambda s: f"limit {s.small_bet}/{s.big_bet}",
    "spread-limit": lambda s: (
        f"spread limit {_given(s.spread_min, s.small_bet)}-{_given(s.spread_max, s.big_bet)}"
        + (f" ({s.last_round_max} on the last round)" if _given(s.last_round_max, "") else "")
    ),
    "pot-limit": lambda s: "pot limit",
    "no-limit": lambda s: "no limit",
}


def check_player_name(name: str) -> str:
    """``name`` with surrounding spaces taken off, or a :class:`StudkitError` saying why it
    cannot name a player (empty, control characters, longer than 40 characters)."""
    stripped = name.strip()
    if not stripped:
        raise StudkitError(f"player name {name!r} is empty: give at least one visible character")
    if any(not char.isprintable() for char in stripped):
        raise StudkitError(f"player name {name!r} has a control character (a tab or new line)")
    if len(stripped) > MAX_NAME_LENGTH:
        raise StudkitError(
            f"player name {name!r} is {len(stripped)} characters long; at most "
            f"{MAX_NAME_LENGTH} are allowed"
        )
    return stripped


def bot_names(count: int, player_name: str = DEFAULT_PLAYER_NAME) -> tuple[str, ...]:
    """Names for ``count`` bots, in seat order, from :data:`BOT_NAMES`, leaving out any the
    player's name would be confused with (``--name Ben`` leaves ``Ben`` out)."""
    taken = player_name.casefold()
    free = [
        name for name in BOT_NAMES
        if name.casefold() != taken and not taken.startswith(name.casefold() + " (")
    ]
    return tuple(free[i % len(free)] for i in range(count))


def _given(amount: str, otherwise: str) -> str:
    """A spread amount's words, or ``otherwise`` where the stakes have none (or 0)."""
    return otherwise if amount in ("none", "0") else amount


def stakes_words(variant: Variant, stakes: Stakes) -> str:
    """The betting and forced bets in a few words, as the player writes amounts: ``limit
    5/10, ante 1, bring-in 2``, ``limit 1/2, ante 0.25, bring-in 0.50``."""
    shown = shown_stakes(stakes)
    words = _STRUCTURE_WORDS.get(variant.betting.structure)
    parts = [words(shown) if words is not None else variant.betting.structure]
    if variant.forced_bets.ante and stakes.ante:
        parts.append(f"ante {shown.ante}")
    if variant.forced_bets.bring_in is not None:
        parts.append(f"bring-in {shown.bring_in}")
    return ", ".join(parts)


def game_notes(variant: Variant) -> tuple[str, ...]:
    """Lines about the game a player must keep in mind: wild cards, jokers."""
    notes = []
    if variant.deck.wild_ranks:
        notes.append("Wild cards: " + _ranks_words([int(r) for r in variant.deck.wild_ranks]))
    if variant.deck.jokers:
        words = {"wild": "wild", "bug": "the bug"}
        role = words[variant.deck.joker_mode]
        up = variant.deck.up_joker_mode
        if up is not None and up != variant.deck.joker_mode:
            role += f" dealt face down, {words[up]} dealt face up"
        notes.append(f"Jokers in the deck: {variant.deck.jokers} ({role})")
    return tuple(notes)


def wild_now(hand: Hand) -> tuple[int, ...] | None:
    """The wild ranks a plugin set during the hand (the last ``wild`` event), if any."""
    for event in reversed(hand.events):
        if isinstance(event, WildEvent):
            return tuple(int(rank) for rank in event.ranks)
    return None


def _ranks_words(ranks: Sequence[int]) -> str:
    return " and ".join(RANK_CHARS[rank] + "s" for rank in ranks) if ranks else "none"


class TableGame:
    """The player at ``seat`` (counted from 0) against ``opponents`` in the other seats."""

    def __init__(
        self,
        variant: Variant,
        *,
        seat: int,
        opponents: Sequence[Opponent],
        stack: int,
        console: Console,
        reader: TextIO,
        style: CardStyle,
        seed: int | None = None,
        echo: bool = False,
        pause: bool = False,
        line_editing: bool = False,
        max_hands: int | None = None,
        player_name: str = DEFAULT_PLAYER_NAME,
    ) -> None:
        players = len(opponents) + 1
        if not 0 <= seat < players:
            raise StudkitError(f"seat {seat + 1} does not exist at a table of {players}")
        self.variant = variant
        self.seat = seat
        self.console = console
        self.reader = reader
        self.style = style
        self.echo = echo
        self.pause = pause
        self.line_editing = line_editing
        """Read with :func:`input` (arrow keys and history where ``readline`` exists) instead
        of ``reader``: for a player at a terminal."""
        self.max_hands = max_hands
        self.starting_stack = stack
        others = iter(opponents)
        self.player_name = check_player_name(player_name)
        """The player's name in hand histories (``you`` unless given)."""
        self.names: list[str] = []
        self.labels: list[str] = []
        self.bots: dict[int, Bot] = {}
        for table_seat in range(players):
            if table_seat == seat:
                self.names.append(PLAYER_NAME)
                own = self.player_name.casefold() == PLAYER_NAME.casefold()
                self.labels.append(PLAYER_NAME if own else f"{self.player_name} (you)")
                continue
            opponent = next(others)
            self.names.append(opponent.name)
            self.labels.append(f"{opponent.name} ({opponent.style})")
            self.bots[table_seat] = opponent.bot
        self.history_names: tuple[str, ...] = tuple(
            self.player_name if s == seat else self.labels[s] for s in range(players)
        )
        """Every seat's name in hand histories, by table seat: the player's name, and each
        bot's name with its kind (``Ben (tag)``); the same in every hand."""
        folded = [name.casefold() for name in self.history_names]
        if len(set(folded)) != len(folded):
            twice = next(n for n in self.history_names if folded.count(n.casefold()) > 1)
            raise StudkitError(f"two players at the table would be named {twice!r}")
        master = random.Random(seed)
        self.table = Table(variant, [stack] * players, names=self.names,
                           seed=master.randrange(2**63))
        self.rng = random.Random(master.randrange(2**63))
        """The bots' randomness (seeded with the game, so a seed replays the same game)."""
        self.hands: list[Hand] = []
        """Hands played to the end, for ``--history``."""
        self.hand_seats: list[tuple[int, ...]] = []
        """For each hand of :attr:`hands`, the table seat of each of its seats."""
        self.heading_stakes = stakes_words(variant, self.table.stakes)
        self.notes = game_notes(variant)

    # ------------------------------------------------------------------ output and input

    def say(self, text: str | Text = "", style: str = "") -> None:
        """Print one line (or a block) to the player."""
        if isinstance(text, str):
            text = Text(text, style=style if self.style.color else "")
        self.console.print(text)

    def read(self, prompt: str) -> str | None:
        """One line from the player, ``None`` at the end of the input (or Ctrl-C)."""
        if self.line_editing:
            try:
                return input(prompt)
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return None
        self.console.print(Text(prompt, style="bold" if self.style.color else ""), end="")
        self.console.file.flush()
        try:
            line = self.reader.readline()
        except KeyboardInterrupt:
            line = ""
        if not line:
            self.console.print()
            return None
        line = line.rstrip("\r\n")
        if self.echo:
            self.console.print(Text(line), highlight=False)
        return line

    # ------------------------------------------------------------------ the game

    def run(self) -> GameSummary:
        """Play until the player leaves or the game cannot go on; print and return a summary."""
        ended = ""
        abandoned: Hand | None = None
        busted = 0
        while not ended:
            ended = self._reason_to_stop()
            if ended:
                break
            hand = self.table.new_hand()
            left = self._play_hand(hand)
            if left:
                ended = left
                abandoned = hand
                break
            self.hands.append(hand)
            self.hand_seats.append(tuple(self.table.hand_seats))
            for table_seat in self.table.left[busted:]:
                if table_seat != self.seat:
                    self.say(f"{self.names[table_seat]} has no chips left and leaves the table.")
            busted = len(self.table.left)
            if self.pause and self._reason_to_stop() == "":
                answer = self.read("Enter for the next hand, q to leave> ")
                if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                    ended = "you quit" if answer is not None else "end of input"
        final = self.table.stacks[self.seat]
        if abandoned is not None:
            final = abandoned.stacks[self.table.hand_seats.index(self.seat)]
        summary = GameSummary(
            hands=len(self.hands),
            starting_stack=self.starting_stack,
            final_stack=final,
            big_bet=self.table.stakes.big_bet,
            ended=ended,
            stacks=tuple(zip(self.labels, self._final_stacks(abandoned), strict=True)),
            scale=self.table.stakes.scale,
        )
        self._print_summary(summary, abandoned)
        return summary

    def players(self, index: int) -> list[str]:
        """The names of the seats dealt into hand ``index`` of :attr:`hands`, in the hand's
        seat order (busted players are no longer dealt in)."""
        return [self.history_names[s] for s in self.hand_seats[index]]

    def histories(self) -> list[HandHistory]:
        """The hands played to the end as PHH hand histories, every one with its ``players``
        (what ``--history`` writes; :func:`studkit.history.write_history` takes them)."""
        from studkit.history.record import record_hand

        return [
            record_hand(hand, {"players": self.players(index)})
            for index, hand in enumerate(self.hands)
        ]

    def _final_stacks(self, abandoned: Hand | None) -> list[int]:
        stacks = list(self.table.stacks)
        if abandoned is not None:
            for index, table_seat in enumerate(self.table.hand_seats):
                stacks[table_seat] = abandoned.stacks[index]
        return stacks

    def _reason_to_stop(self) -> str:
        stacks = self.table.stacks
        if stacks[self.seat] == 0:
            return "you are out of chips"
        if sum(1 for chips in stacks if chips > 0) < 2:
            return "every opponent is out of chips"
        if self.max_hands is not None and len(self.hands) >= self.max_hands:
            return f"{self.max_hands} hands played"
        return ""

    def _heading(self, number: int) -> str:
        title = self.variant.title or self.variant.name
        return f"Hand {number} · {title} · {self.heading_stakes}"

    def _play_hand(self, hand: Hand) -> str:
        """Play one hand to its end; return why the player left, or ``""``."""
        number = len(self.hands) + 1
        seats = self.table.hand_seats
        hero = seats.index(self.seat)
        names = [self.names[s] for s in seats]
        narrator = Narrator(names, viewer=hero, style=self.style,
                            kinds=decision_kinds(hand.variant), scale=self.table.stakes.scale)
        self.say()
        button = seats[hand.button]
        self.say(f"=== {self._heading(number)} · button: {self.names[button]} "
                 f"(seat {button + 1}) ===", "bold")
        seen = 0
        while not hand.is_over:
            seen = self._narrate(narrator, hand, seen)
            actor = hand.actor
            if actor is None:
                raise StudkitError(f"hand {number}: nobody is to act but the hand is not over")
            if actor == hero:
                left = self._ask(hand, hero, number)
                if left:
                    self.say(f"You leave the table during hand {number}.")
                    return left
            else:
                self._bot_acts(hand, actor, seats[actor])
        self._narrate(narrator, hand, seen)
        self.say()
        self.say(showdown_text(showdown(hand, names, seats, viewer=hero), self.style))
        return ""

    def _bot_acts(self, hand: Hand, actor: int, table_seat: int) -> None:
        """Let the bot at ``table_seat`` act; a bot that fails or picks an illegal action is
        named, and its hand is folded (or it takes the first legal action) so play goes on."""
        legal = hand.legal_actions()
        try:
            hand.apply(self.bots[table_seat].act(hand.view(actor), legal, self.rng))
            return
        except Exception as error:  # a user's bot is foreign code: report it, keep playing
            problem = str(error) if isinstance(error, StudkitError) else repr(error)
        fallback = next((a for a in legal if a.kind == "fold"), legal[0])
        self.say(
            f"{self.labels[table_seat]} failed to act ({problem}); it takes {fallback} instead.",
            "yellow",
        )
        hand.apply(fallback)

    def _narrate(self, narrator: Narrator, hand: Hand, seen: int) -> int:
        events = hand.events
        for line in narrator.lines(events[seen:]):
            self.say(line)
        return len(events)

    def _table(self, hand: Hand, hero: int, number: int, choices: Any) -> Text:
        seats = self.table.hand_seats
        out_seats = tuple(
            SeatLine(seat=s, name=self.labels[s], stack=0, sitting_out=True)
            for s in range(len(self.table.stacks)) if s not in seats
        )
        static = frozenset(int(rank) for rank in self.variant.deck.wild_ranks)
        changing = wild_now(hand)
        notes = self.notes
        if changing is not None:
            notes += ("Wild cards now: " + _ranks_words(changing),)
        state = table_state(
            hand,
            viewer=hero,
            names=[self.labels[s] for s in seats],
            heading=self._heading(number),
            choices=choices,
            notes=notes,
            wild_ranks=static | frozenset(changing or ()),
            table_seats=seats,
            extra_seats=out_seats,
        )
        return table_text(state, self.style)

    def _ask(self, hand: Hand, hero: int, number: int) -> str:
        """Ask the player until a legal decision is applied; return why they left, or ``""``."""
        choices = choices_for(hand)
        self.say()
        self.say(self._table(hand, hero, number, choices))
        while True:
            line = self.read(PROMPT)
            if line is None:
                return "end of input"
            try:
                command = parse_command(line, choices)
            except CommandError as error:
                self.say(str(error), "yellow")
                continue
            if command.name == "help":
                self.say(help_text(choices, self.variant.betting.structure))
                continue
            if command.name == "table":
                self.say(self._table(hand, hero, number, choices))
                continue
            if command.name == "quit" or command.choice is None:
                return "you quit"
            try:
                hand.apply(engine_action(command.choice, command.amount))
            except IllegalActionError as error:
                self.say(f"{line!r}: {error}", "yellow")
                continue
            return ""

    def _print_summary(self, summary: GameSummary, abandoned: Hand | None) -> None:
        self.say()
        self.say(f"Game over: {summary.ended}.", "bold")
        self.say(f"Hands played: {summary.hands}")
        net = summary.net
        shown = summary.chips
        signed = f"+{shown(net)}" if net > 0 else f"-{shown(-net)}" if net < 0 else "0"
        bets = net / summary.big_bet if summary.big_bet else 0.0
        self.say(
            f"Net result: {signed} chips ({bets:+.1f} big bets); your stack "
            f"{shown(summary.final_stack)} (started with {shown(summary.starting_stack)})",
            "bold",
        )
        if abandoned is not None:
            hero = self.table.hand_seats.index(self.seat)
            lost = abandoned.contrib[hero]
            if lost:
                chips = "chip you had put into the unfinished hand is" if lost == 1 else (
                    "chips you had put into the unfinished hand are"
                )
                self.say(f"(the {summary.chips(lost)} {chips} lost)")
        self.say("Stacks: " + " · ".join(f"{name} {summary.chips(units)}"
                                         for name, units in summary.stacks))
