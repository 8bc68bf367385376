"""The hand as it happens, told to one player: antes, deals, every decision, in a line each.

A :class:`Narrator` reads the hand's event log (the layouts of :mod:`studkit.engine.events`)
and writes what the viewing seat may know: its own face-down cards, everyone's face-up cards,
other players' face-down cards only once they are shown. Runs of antes and of deals are
gathered into one line each. Showdowns and awards are left to
:func:`studkit.play.render.showdown_text`.

>>> from studkit.cards import parse_cards
>>> from studkit.play.render import PLAIN
>>> a, b, c = parse_cards("As Kd 7h")
>>> narrator = Narrator(["You", "tag"], viewer=0, style=PLAIN)
>>> events = [("ante", 0, 1), ("ante", 1, 1), ("deal", 0, a, False), ("deal", 1, b, False),
...           ("deal", 0, c, True), ("bring-in", 1, 2, 2), ("call", 0, 2, 2)]
>>> for line in narrator.lines(events):
...     print(line.plain)
Antes: 1 each
Dealt: You As 7h · tag ##
tag brings in 2
You call 2
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from studkit.cards import CARDS, RANK_CHARS, Card
from studkit.engine.events import (
    ActionEvent,
    AnteEvent,
    CommunityEvent,
    DealEvent,
    ReturnEvent,
    ShowEvent,
    StreetEvent,
    as_record,
)
from studkit.play.render import CardStyle, card_text, street_words

__all__ = ["Narrator", "SILENT_EVENTS"]

SILENT_EVENTS: frozenset[str] = frozenset(("burn", "show", "muck", "award"))
"""Events not narrated: burns are never seen, showdowns get their own block."""

# Each decision: (verb for "you", verb for anyone else, whether the amount is the "to" total).
_DECISIONS: dict[str, tuple[str, str, bool]] = {
    "fold": ("fold", "folds", False),
    "check": ("check", "checks", False),
    "call": ("call", "calls", False),
    "bring-in": ("bring in", "brings in", False),
    "complete": ("complete to", "completes to", True),
    "bet": ("bet", "bets", True),
    "raise": ("raise to", "raises to", True),
}


class Narrator:
    """Turns events into lines for one viewer (``viewer=None``: a spectator sees no hole card).

    ``names`` are the hand's seats in order; the viewer's name is used as given ("You") and
    takes the second-person verb ("You call 5", "tag calls 5").
    """

    def __init__(self, names: Sequence[str], viewer: int | None, style: CardStyle) -> None:
        self.names = list(names)
        self.viewer = viewer
        self.style = style
        self.shown: set[int] = set()
        """Seats whose hands were turned up: their later face-down cards are seen too."""
        self.visible: set[int] = set()
        """Cards the viewer has seen (face up, its own, or shown)."""

    def lines(self, events: Sequence[tuple[Any, ...]]) -> list[Text]:
        """The lines for a run of new events, in order."""
        out: list[Text] = []
        index = 0
        while index < len(events):
            kind = events[index][0]
            end = index + 1
            if kind in ("ante", "deal"):
                while end < len(events) and events[end][0] == kind:
                    end += 1
                run = events[index:end]
                out.append(self._antes(run) if kind == "ante" else self._deals(run))
            elif kind == "show":
                while end < len(events) and events[end][0] == "show":
                    end += 1
                run = events[index:end]
                more_cards = any(e[0] in _DEALING for e in events[end:])
                if more_cards:
                    out.append(self._turned_up(run))
                for event in run:
                    self._one(event)
            else:
                line = self._one(events[index])
                if line is not None:
                    out.append(line)
            index = end
        return out

    def _who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat + 1}"

    def _antes(self, run: Sequence[tuple[Any, ...]]) -> Text:
        antes = [AnteEvent(*event) for event in run]
        amounts = {event.amount for event in antes}
        if len(amounts) == 1 and len(run) > 1:
            return Text(f"Antes: {amounts.pop()} each")
        return Text("Antes: " + ", ".join(f"{self._who(e.seat)} {e.amount}" for e in antes))

    def _deals(self, run: Sequence[tuple[Any, ...]]) -> Text:
        seats: dict[int, list[int | None]] = {}
        for event in run:
            deal = DealEvent(*event)
            seat = deal.seat
            visible = deal.up or seat == self.viewer or seat in self.shown
            if visible and deal.card is not None:
                self.visible.add(int(deal.card))
            seats.setdefault(seat, []).append(
                int(deal.card) if visible and deal.card is not None else None
            )
        out = Text("Dealt: ")
        for number, (seat, cards) in enumerate(seats.items()):
            if number:
                out.append(" · ")
            out.append(self._who(seat) + " ")
            out.append_text(Text(" ").join(card_text(c, self.style) for c in cards))
        return out

    def _turned_up(self, run: Sequence[tuple[Any, ...]]) -> Text:
        """Hands turned up before the last card because betting is over (all in)."""
        out = Text("Betting is over, all hands are turned up: ")
        for number, event in enumerate(run):
            shown = ShowEvent(*event)
            if number:
                out.append(" · ")
            out.append(self._who(shown.seat) + " ")
            out.append_text(
                Text(" ").join(card_text(CARDS[int(c)], self.style) for c in shown.cards)
            )
        return out

    def _one(self, given: tuple[Any, ...]) -> Text | None:
        event = as_record(given)
        kind = event[0]
        if kind in SILENT_EVENTS:
            if isinstance(event, ShowEvent):
                self.shown.add(event.seat)
                self.visible.update(int(c) for c in event.cards)
            return None
        if isinstance(event, StreetEvent):
            name = street_words(str(event.name))
            return Text(f"-- {name[:1].upper()}{name[1:]} --", style="bold" if self.style.color
                        else "")
        if isinstance(event, CommunityEvent):
            line = Text("Community card for everyone: ")
            line.append_text(card_text(CARDS[int(event.card)], self.style))
            return line
        if isinstance(event, ReturnEvent):
            return Text(f"{event.amount} uncalled returned to {self._who(event.seat)}")
        decision = _DECISIONS.get(kind)
        if isinstance(event, ActionEvent) and decision is not None:
            seat = event.seat
            you, other, total = decision
            verb = you if seat == self.viewer else other
            amount = event.to if total else event.added
            text = f"{self._who(seat)} {verb}"
            if kind not in ("fold", "check"):
                text += f" {amount}"
            return Text(text)
        return self._plugin_event(event)

    def _card(self, card: int) -> str:
        """A card the viewer may see, else ``a down card``."""
        if card in self.visible:
            return card_text(CARDS[card], self.style).plain
        return "a down card"

    def _plugin_event(self, event: tuple[Any, ...]) -> Text:
        """An event a plugin adds (pay, expose, declare, twist, stand, wild), or any other
        event told plainly; a card in it is named only when the viewer may see it."""
        kind = str(event[0])
        phrase = _PLUGIN_PHRASES.get(kind)
        seat: int | None
        if hasattr(event, "_asdict"):  # a record: its fields by name
            fields = dict(event._asdict())
            del fields["kind"]
            seat = fields.pop("seat", None)
            fields.pop("up", None)  # a twist's face: the card names it
            rest = list(fields.values())
        else:  # an event of a kind no record names: its items in order
            rest = list(event[1:])
            seat = rest.pop(0) if rest and type(rest[0]) is int else None
        words = []
        for item in rest:
            if isinstance(item, Card):
                if kind in _TURNS_UP:
                    self.visible.add(int(item))
                words.append(self._card(int(item)))
            elif isinstance(item, (list, tuple)):
                ranks = kind == "wild"
                listed = " ".join(_rank_word(x) if ranks else str(x) for x in item)
                words.append(listed or "none")
            else:
                words.append(str(item))
        if phrase is not None:
            you, other, template = phrase
            verb = you if seat is not None and seat == self.viewer else other
            who = self._who(seat) if seat is not None else ""
            try:
                return Text(template.format(*words, who=who, verb=verb).strip())
            except IndexError:
                pass  # an event shorter than the phrase expects: told plainly below
        who = f"{self._who(seat)}: " if seat is not None else ""
        return Text(f"{who}{kind} {' '.join(words)}".rstrip())


def _rank_word(item: object) -> str:
    """A rank index from a ``wild`` event as ``3s``; anything else as text."""
    if isinstance(item, int) and 0 <= item <= 12:
        return RANK_CHARS[item] + "s"
    return str(item)


_DEALING: frozenset[str] = frozenset(("street", "deal", "community"))
"""Events that mean the hand goes on dealing."""

_TURNS_UP: frozenset[str] = frozenset(("expose",))
"""Plugin events whose card is turned face up for everyone to see."""

# Plugin events: (verb for "you", verb for others, sentence with {who}, {verb} and the
# event's items after the seat as {0}, {1}, ...).
_PLUGIN_PHRASES: dict[str, tuple[str, str, str]] = {
    "pay": ("pay", "pays", "{who} {verb} {0} to stay in"),
    "expose": ("turn up", "turns up", "{who} {verb} {0}"),
    "declare": ("declare", "declares", "{who} {verb} {0}"),
    "twist": ("twist", "twists", "{who} {verb} {0} for {1}"),
    "stand": ("stand", "stands", "{who} {verb} pat"),
    "wild": ("", "", "Wild cards now: {0}"),
}
