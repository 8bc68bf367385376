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
from studkit.engine.decisions import BETTING_VERBS, DecisionKind, DecisionKinds, known_kinds
from studkit.engine.events import (
    ActionEvent,
    AnteEvent,
    BlindEvent,
    CommunityEvent,
    DealEvent,
    ReturnEvent,
    ShowEvent,
    StreetEvent,
    WildEvent,
    as_record,
    kind_of,
)
from studkit.play.render import CardStyle, card_text, street_words
from studkit.variant.amounts import format_amount

__all__ = ["Narrator", "SILENT_EVENTS"]

SILENT_EVENTS: frozenset[str] = frozenset(("burn", "show", "muck", "award"))
"""Events not narrated: burns are never seen, showdowns get their own block."""

class Narrator:
    """Turns events into lines for one viewer (``viewer=None``: a spectator sees no hole card).

    ``names`` are the hand's seats in order, ``kinds`` the game's decision kinds
    (:func:`studkit.engine.decisions.decision_kinds`); the viewer's name is used as given
    ("You") and takes the second-person verb ("You call 5", "tag calls 5").
    """

    def __init__(
        self,
        names: Sequence[str],
        viewer: int | None,
        style: CardStyle,
        kinds: DecisionKinds | None = None,
        scale: int = 1,
    ) -> None:
        self.names = list(names)
        self.scale = scale
        """The table's units per whole amount: the events count in units, the lines say the
        player's amounts (``Antes: 0.25 each``)."""
        self.kinds = kinds if kinds is not None else known_kinds()
        """The decision kinds whose events are told by their sentences (default: every kind
        the built-in and entry-point plugins register)."""
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
        kinds = [kind_of(event) for event in events]
        while index < len(events):
            kind = kinds[index]
            end = index + 1
            if kind in ("ante", "deal"):
                while end < len(events) and kinds[end] == kind:
                    end += 1
                run = events[index:end]
                out.append(self._antes(run) if kind == "ante" else self._deals(run))
            elif kind == "show":
                while end < len(events) and kinds[end] == "show":
                    end += 1
                run = events[index:end]
                more_cards = any(k in _DEALING for k in kinds[end:])
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
            return Text(f"Antes: {self._chips(amounts.pop())} each")
        return Text("Antes: " + ", ".join(f"{self._who(e.seat)} {self._chips(e.amount)}"
                                          for e in antes))

    def _chips(self, units: int) -> str:
        return format_amount(units, self.scale)

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
        event = as_record(given, self.kinds)
        kind = kind_of(event)
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
            return Text(f"{self._chips(event.amount)} uncalled returned to "
                        f"{self._who(event.seat)}")
        if isinstance(event, BlindEvent):
            return Text(f"{self._who(event.seat)} posts the {event.which} blind of "
                        f"{self._chips(event.amount)}")
        betting = BETTING_VERBS.get(kind)
        if isinstance(event, ActionEvent) and betting is not None:
            seat = event.seat
            verb = betting.you if seat == self.viewer else betting.other
            text = f"{self._who(seat)} {verb}"
            if betting.amount:
                text += f" {self._chips(getattr(event, betting.amount))}"
            return Text(text)
        return self._plugin_event(event)

    def _card(self, card: int) -> str:
        """A card the viewer may see, else ``a down card``."""
        if card in self.visible:
            return card_text(CARDS[card], self.style).plain
        return "a down card"

    def _plugin_event(self, event: tuple[Any, ...]) -> Text:
        """A plugin decision told by its kind's sentence, the table's wild cards, or any
        other event told plainly; a card in it is named only when the viewer may see it."""
        if isinstance(event, WildEvent):
            ranks = " ".join(_rank_word(r) for r in event.ranks)
            return Text(f"Wild cards now: {ranks or 'none'}")
        kind = self.kinds.by_name.get(kind_of(event))
        if kind is not None and kind.event is not None:
            told = self._decision(kind, event)
            if told is not None:
                return told
        name, *rest = event  # an event no record names: its items in order
        seat = rest.pop(0) if rest and type(rest[0]) is int else None
        words = [self._card(int(x)) if isinstance(x, Card) else str(x) for x in rest]
        who = f"{self._who(seat)}: " if seat is not None else ""
        return Text(f"{who}{name} {' '.join(words)}".rstrip())

    def _decision(self, kind: DecisionKind, event: tuple[Any, ...]) -> Text | None:
        """The kind's sentence, its fields by name (a plain tuple's items in the record's
        order); ``None`` when the event lacks a field the sentence names."""
        fields = dict(zip(kind.event._fields, event, strict=False))
        seat = fields.pop("seat", None)
        fields.pop("kind", None)
        words: dict[str, str] = {}
        for name, value in fields.items():
            if isinstance(value, Card):
                if kind.turns_up:
                    self.visible.add(int(value))
                words[name] = self._card(int(value))
            elif value is None:
                words[name] = "a down card"  # hidden from this seat's view
            elif name in AMOUNT_WORDS and type(value) is int:
                words[name] = self._chips(value)
            else:
                words[name] = str(value)
        you, other, template = kind.sentence
        if not template:
            return None
        verb = you if seat is not None and seat == self.viewer else other
        who = self._who(seat) if isinstance(seat, int) else ""
        try:
            return Text(template.format(who=who, verb=verb, **words).strip())
        except (KeyError, IndexError):
            return None  # an event shorter than the sentence needs: told plainly


AMOUNT_WORDS: frozenset[str] = frozenset(("amount", "price", "cost"))
"""Fields of a plugin's decision record that hold chips (told in the player's amounts)."""


def _rank_word(item: object) -> str:
    """A rank index from a ``wild`` event as ``3s``; anything else as text."""
    if isinstance(item, int) and 0 <= item <= 12:
        return RANK_CHARS[item] + "s"
    return str(item)


_DEALING: frozenset[str] = frozenset(("street", "deal", "community"))
"""Events that mean the hand goes on dealing."""
