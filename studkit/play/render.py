"""The table as one player sees it, drawn as text: cards, seats, pots, decisions, showdowns.

Everything here works on plain records (:class:`TableState`, :class:`Showdown`) so that it
can be tested without a hand in progress; :mod:`studkit.play.table_view` builds them from the
engine. Output is :class:`rich.text.Text`: on a terminal the cards show suit symbols in four
colours (hearts red, diamonds blue, clubs green, spades bold); :data:`PLAIN` writes the
letters ``As Td 2c`` and no colour, for pipes and files.

>>> from studkit.cards import parse_cards
>>> cards_text(parse_cards("As Td"), PLAIN).plain
'As Td'
>>> cards_text(parse_cards("As Td"), FANCY).plain
'A♠ T♦'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.text import Text

from studkit.cards import CARDS, Card
from studkit.engine.pots import Pot, pot_label
from studkit.play.choices import Choice, describe_choice
from studkit.variant.amounts import format_amount

__all__ = [
    "CardStyle",
    "FANCY",
    "PLAIN",
    "SeatLine",
    "TableState",
    "ShownHand",
    "PotResult",
    "Showdown",
    "card_text",
    "cards_text",
    "table_text",
    "choices_text",
    "showdown_text",
    "seat_name",
    "street_words",
]


@dataclass(frozen=True, slots=True)
class CardStyle:
    """How cards and markers are drawn."""

    symbols: bool
    """Suit symbols (``A♠``) instead of letters (``As``)."""
    color: bool
    """Colour suits and highlights (rich styles); off, the text carries no style."""
    hidden: str = "##"
    """A face-down card the player may not see."""
    actor: str = ">"
    """Marks the seat whose turn it is."""


FANCY = CardStyle(symbols=True, color=True, hidden="▒▒", actor="▶")
"""For a terminal: suit symbols, colours, a shaded back for hidden cards."""
PLAIN = CardStyle(symbols=False, color=False)
"""For pipes and files: letters only, no styles."""

# Four-colour deck: clubs, diamonds, hearts, spades.
_SUIT_STYLES: tuple[str, ...] = ("green", "blue", "red", "bold")
_JOKER_STYLE = "magenta"


def card_text(card: int | None, style: CardStyle, wild_ranks: frozenset[int] = frozenset()) -> Text:
    """One card (``None``: a face-down card this player may not see); with colours, a card
    of one of ``wild_ranks`` is drawn in reverse video."""
    if card is None:
        return Text(style.hidden, style="dim" if style.color else "")
    shared: Card = CARDS[int(card)]
    face = shared.symbol if style.symbols and not shared.is_joker else str(shared)
    if not style.color:
        return Text(face)
    colour = _JOKER_STYLE if shared.is_joker else _SUIT_STYLES[int(shared) & 3]
    if not shared.is_joker and int(shared) >> 2 in wild_ranks:
        colour += " reverse"
    return Text(face, style=colour)


def cards_text(
    cards: Sequence[int | None], style: CardStyle, wild_ranks: frozenset[int] = frozenset()
) -> Text:
    """Cards separated by single spaces (wild ranks marked as :func:`card_text` does)."""
    return Text(" ").join(card_text(c, style, wild_ranks) for c in cards)


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat at the table as the viewing player may see it (seats count from 0)."""

    seat: int
    name: str
    stack: int
    """Chips behind, not counting what is in front of the seat this round."""
    bet: int = 0
    """Chips put in this betting round (not yet gathered into the pot)."""
    up_cards: tuple[Card, ...] = ()
    down_cards: tuple[Card | None, ...] = ()
    """Face-down cards in deal order; ``None`` for those the viewer may not see."""
    folded: bool = False
    all_in: bool = False
    button: bool = False
    to_act: bool = False
    viewer: bool = False
    """The seat of the player looking at the table."""
    sitting_out: bool = False
    """In the game but not dealt in this hand (busted, or left)."""


@dataclass(frozen=True, slots=True)
class TableState:
    """Everything the table shows one player at a decision (or between hands)."""

    heading: str
    """E.g. ``Hand 3 · Seven-card stud · fixed limit 5/10, ante 1, bring-in 2``."""
    street: str
    """The street being played, e.g. ``fifth street``; empty between hands."""
    seats: tuple[SeatLine, ...]
    pot: int = 0
    """Every chip in the middle, including this round's bets."""
    pots: tuple[Pot, ...] = ()
    """Main and side pots gathered so far (shown one by one when there is a side pot)."""
    to_call: int | None = None
    """What the viewer must add to stay in; ``None``: not the viewer's turn."""
    choices: tuple[Choice, ...] = ()
    community: tuple[Card, ...] = ()
    """Face-up cards every player uses (a community card when the deck runs out)."""
    notes: tuple[str, ...] = ()
    """Extra lines about the game state, e.g. ``Wild cards: 3s and 9s``."""
    wild_ranks: frozenset[int] = frozenset()
    """Ranks (0 = deuce ... 12 = ace) that are wild now: marked on a colour display."""
    scale: int = 1
    """The table's units per whole amount: every chip figure above is in units and is shown
    as the player writes amounts (``49.75`` at a table of ``scale`` 100)."""


@dataclass(frozen=True, slots=True)
class ShownHand:
    """A hand at showdown: shown with its descriptions per pot share, or mucked."""

    seat: int
    name: str
    cards: tuple[Card, ...] = ()
    hands: tuple[tuple[str, str, str], ...] = ()
    """Per pot share: ``(share, category, description)``, e.g.
    ``("high", "full-house", "Full house, kings full of fives")``."""
    mucked: bool = False
    played: tuple[tuple[Card, ...], ...] = ()
    """Per pot share, in the order of :attr:`hands`: the cards (at most five) the hand plays
    for it; empty when it has no hand for the share or the cards are not known."""


@dataclass(frozen=True, slots=True)
class PotResult:
    """One share of one pot and who took it."""

    pot: int
    """0 = main pot, 1 = first side pot, ..."""
    amount: int
    """Chips in this share of this pot."""
    share: str = ""
    """The share (``high``, ``low``); empty when the pot has only one share."""
    winners: tuple[tuple[int, str, int, str], ...] = ()
    """``(seat, name, chips, hand description)`` for each winner; no description when the
    pot was won without a showdown."""


@dataclass(frozen=True, slots=True)
class Showdown:
    """The end of a hand: shown hands (in showing order) and the pots awarded."""

    hands: tuple[ShownHand, ...] = ()
    results: tuple[PotResult, ...] = ()
    net: tuple[tuple[int, str, int], ...] = field(default=())
    """``(seat, name, chips won or lost this hand)``, for the seats that played."""
    viewer: int | None = None
    """The reader's seat: their wins read "win" rather than "wins"."""
    scale: int = 1
    """The table's units per whole amount (as :attr:`TableState.scale`)."""


def street_words(name: str) -> str:
    """A street's name as a sentence says it: ``fourth`` -> ``fourth street``.

    >>> street_words("fourth"), street_words("the draw")
    ('fourth street', 'the draw')
    """
    if not name or " " in name or "street" in name:
        return name
    return f"{name} street"


def seat_name(seat: int, name: str) -> str:
    """A seat as sentences name it: ``Ann (seat 2)``; seats count from 1 for people."""
    return f"{name} (seat {seat + 1})"


def _strong(text: str, style: CardStyle, how: str = "bold") -> Text:
    return Text(text, style=how if style.color else "")


def table_text(state: TableState, style: CardStyle) -> Text:
    """The table: heading, one line per seat, the pots, and what the viewer may do."""
    out = Text()
    out.append_text(_strong(state.heading, style))
    out.append("\n")
    line = state.street[:1].upper() + state.street[1:] if state.street else ""
    chips = _amounts(state.scale)
    line += f"{' · ' if line else ''}pot {chips(state.pot)}"
    out.append(line + "\n")
    if state.community:
        out.append("Community card: " if len(state.community) == 1 else "Community cards: ")
        out.append_text(cards_text(state.community, style))
        out.append("\n")
    for note in state.notes:
        out.append(note + "\n")

    name_width = max([len(s.name) for s in state.seats] + [6])
    stack_width = max([len(chips(s.stack)) for s in state.seats] + [5])
    down_width = max([_cards_width(s.down_cards) for s in state.seats] + [4])
    header = (
        f"   {'seat':<4} {'player':<{name_width}} {'stack':>{stack_width}} {'bet':>4}  "
        f"{'down':<{down_width}}  up"
    )
    out.append_text(Text(header, style="dim" if style.color else ""))
    out.append("\n")
    for seat in state.seats:
        out.append_text(
            _seat_text(seat, style, name_width, stack_width, down_width, state.wild_ranks,
                       chips)
        )
        out.append("\n")

    if len(state.pots) > 1:
        out.append("Pots: ")
        out.append(", ".join(_pot_line(i, pot, chips) for i, pot in enumerate(state.pots)))
        out.append("\n")
    if state.to_call is not None:
        viewer = next((s for s in state.seats if s.viewer), None)
        parts = []
        if viewer is not None:
            parts.append(f"your stack {chips(viewer.stack)}")
        if any(choice.kind not in _SHORT for choice in state.choices):
            parts.append("decide: " + _decision_words(state.choices))
        elif any(choice.kind == "bring-in" for choice in state.choices):
            parts.append("you are the forced player: bring in or complete")
        else:
            parts.append(f"{chips(state.to_call)} to call" if state.to_call else "nothing to call")
        out.append_text(_strong("Your turn: " + ", ".join(parts), style))
        out.append("\n")
    if state.choices:
        out.append_text(choices_text(state.choices, style))
        out.append("\n")
    out.rstrip()
    return out


def _decision_words(choices: Sequence[Choice]) -> str:
    """A plugin decision in a few words: the choices (up to three), else their verbs."""
    labels = [describe_choice(c) for c in choices]
    if len(labels) > 3:
        labels = list(dict.fromkeys(label.split()[0] for label in labels if label))
    return " or ".join(labels)


def _amounts(scale: int) -> Callable[[int], str]:
    """How a table of ``scale`` shows a figure in units: as the player writes amounts."""
    return lambda units: format_amount(units, scale)


def _pot_line(index: int, pot: Pot, chips: Callable[[int], str]) -> str:
    seats = ", ".join(str(seat + 1) for seat in pot.eligible)
    return f"{pot_label(index)}: {chips(pot.amount)} (seats {seats})"


def _cards_width(cards: Sequence[object]) -> int:
    return 3 * len(cards) - 1 if cards else 0


def _seat_text(
    seat: SeatLine,
    style: CardStyle,
    name_width: int,
    stack_width: int,
    down_width: int,
    wild_ranks: frozenset[int],
    chips: Callable[[int], str],
) -> Text:
    marker = style.actor if seat.to_act else " "
    button = "D" if seat.button else " "
    bet = chips(seat.bet) if seat.bet else ""
    row = Text(f"{marker}{button} {seat.seat + 1:>4} ")
    name = Text(f"{seat.name:<{name_width}}")
    if seat.viewer and style.color:
        name.stylize("bold cyan")
    row.append_text(name)
    row.append(f" {chips(seat.stack):>{stack_width}} {bet:>4}  ")
    if seat.sitting_out:
        row.append_text(Text("out", style="dim" if style.color else ""))
        return row
    if seat.folded:
        row.append_text(Text("folded", style="dim" if style.color else ""))
        return row
    row.append_text(cards_text(seat.down_cards, style, wild_ranks))
    row.append(" " * (down_width - _cards_width(seat.down_cards) + 2))
    row.append_text(cards_text(seat.up_cards, style, wild_ranks))
    if seat.all_in:
        row.append("  ")
        row.append_text(_strong("all in", style, "bold red"))
    return row


def choices_text(choices: Sequence[Choice], style: CardStyle) -> Text:
    """The legal decisions, numbered, with the short command for each standard one (and, in
    pot and no limit, the total ``pot`` would bet or raise to)."""
    out = Text("You may: ")
    for number, choice in enumerate(choices, 1):
        if number > 1:
            out.append("   ")
        out.append_text(_strong(f"{number})", style, "bold yellow"))
        out.append(f" {describe_choice(choice)}")
        short = _SHORT.get(choice.kind)
        pot = choice.pot_amount()
        if short:
            hint = f"{short}; pot {choice.chips(pot)}" if pot is not None else short
            out.append_text(Text(f" [{hint}]", style="dim" if style.color else ""))
    return out


_SHORT: dict[str, str] = {
    "fold": "f",
    "check": "k",
    "call": "c",
    "bring-in": "c",
    "complete": "complete",
    "bet": "b",
    "raise": "r",
}


_RANKS_LOW = re.compile(r"[2-9TJQKA]-low")
"""Categories of a low named by its ranks alone (``8-low``: ``8-6-4-3-2``)."""


def _describe_hand(category: str, description: str, labelled: bool) -> str:
    """A hand in words. A low named by its ranks reads ``8-6-4-3-2 low``, or just the ranks
    when the share's label (``low:``) says it is a low; any other hand gets its category
    when the description does not already say it."""
    if _RANKS_LOW.fullmatch(category):
        return description if labelled else f"{description} low"
    if not category or category.replace("-", " ").lower() in description.lower():
        return description
    if not description:
        return category
    return f"{description} ({category})"


def _shown_lines(hand: ShownHand, style: CardStyle) -> list[Text]:
    """One line per pot share: ``share: name [the cards it plays]`` (the share named only
    when the game has several)."""
    several = len(hand.hands) > 1
    lines = []
    for number, (share, category, description) in enumerate(hand.hands):
        line = Text(
            (f"{share}: " if several else "") + _describe_hand(category, description, several)
        )
        played = hand.played[number] if number < len(hand.played) else ()
        if played:
            line.append(" [")
            line.append_text(cards_text(played, style))
            line.append("]")
        lines.append(line)
    return lines


def showdown_text(showdown: Showdown, style: CardStyle) -> Text:
    """Shown hands with the name of each share's hand and the cards it plays (a line per
    share), then who won which pot with what, then net."""
    out = Text()
    chips = _amounts(showdown.scale)
    if showdown.hands:
        out.append_text(_strong("Showdown", style))
        out.append("\n")
        width = max(len(seat_name(h.seat, h.name)) for h in showdown.hands)
        card_width = max(_cards_width(h.cards) for h in showdown.hands)
        indent = " " * (2 + width + 2 + card_width + 2)
        for hand in showdown.hands:
            out.append(f"  {seat_name(hand.seat, hand.name):<{width}}  ")
            if hand.mucked:
                if hand.cards:
                    out.append_text(cards_text(hand.cards, style))
                    out.append(" " * (card_width - _cards_width(hand.cards) + 2))
                out.append_text(Text("mucks", style="dim" if style.color else ""))
                out.append("\n")
                continue
            out.append_text(cards_text(hand.cards, style))
            out.append(" " * (card_width - _cards_width(hand.cards) + 2))
            out.append_text(Text("\n" + indent).join(_shown_lines(hand, style)))
            out.append("\n")
    for result in showdown.results:
        what = pot_label(result.pot).capitalize()
        if result.share:
            what = f"{what}, {result.share} share"
        out.append(f"{what} ({chips(result.amount)}): ")
        pieces = []
        for seat, name, won, description in result.winners:
            verb = "win" if seat == showdown.viewer else "wins"
            piece = f"{seat_name(seat, name)} {verb} {chips(won)}"
            if description:
                piece += f" with {description}"
            pieces.append(piece)
        if len(result.winners) > 1:
            out.append("split: ")
        out.append_text(_strong("; ".join(pieces), style, "bold green"))
        out.append("\n")
    if showdown.net:
        parts = [f"{name} {_signed(net, chips)}" for _, name, net in showdown.net]
        out.append("This hand: " + ", ".join(parts) + "\n")
    out.rstrip()
    return out


def _signed(units: int, chips: Callable[[int], str]) -> str:
    return f"+{chips(units)}" if units > 0 else f"-{chips(-units)}" if units < 0 else "0"
