"""A card room's hand (:class:`~studkit.history.rooms.room_hand.RoomHand`) as a PHH hand
history: the same hand in phh-std's fields and action notation, nothing lost.

The variant code is the game's (``F7S``, ``F7S/8``, ``FR``); the stakes, the stacks and every
amount stay in the room's units (whole numbers when all of the hand's amounts are whole, else
as the room wrote them: ``2.50``, ``1``). The actions are the room's, in its order: each
street's deals (``??`` for a card nobody saw), the bring-in, every decision, the shows and
mucks.
What PHH has no action for is kept in fields: each player's ``winnings`` (the chips the room
says they collected), ``finishing_stacks`` (what the history says each ends with, after the
rake), the room in ``_site``, the rake in ``_rake``, the pot the summary states in
``_total_pot``, the tournament in ``_tournament``. ``_studkit_room`` names the room whose
rules the hand was played by (:mod:`studkit.history.rooms.room_rules`): studkit's shipped
variant, with its fourth-street open-pair option, and the room's settings.

A history whose own arithmetic does not add up (the chips put in less those returned is not
what was collected plus the rake, or not the total pot it states) is a
:class:`~studkit.history.rooms.room_hand.RoomHistoryError` naming the hand.

>>> from decimal import Decimal
>>> from studkit.cards import parse_card as c
>>> from studkit.history.rooms.room_hand import (
...     Acted, Collected, Dealt, Posted, Returned, RoomHand, RoomSeat)
>>> hand = RoomHand(
...     site="PokerStars", source="x.txt", line=1, hand="1", game="razz", currency="USD",
...     ante=Decimal("0.01"), bring_in=Decimal("0.02"), small_bet=Decimal("0.04"),
...     big_bet=Decimal("0.08"),
...     seats=(RoomSeat(2, "Ann", Decimal("1.00")), RoomSeat(5, "Bob", Decimal("2.00"))),
...     events=(Posted("Ann", "ante", Decimal("0.01")), Posted("Bob", "ante", Decimal("0.01")),
...             Dealt("Ann", 3, (c("Ac"), c("2d")), (c("3h"),)), Dealt("Bob", 3, up=(c("Kd"),)),
...             Posted("Bob", "bring-in", Decimal("0.02")),
...             Acted("Ann", "complete", Decimal("0.04")), Acted("Bob", "fold"),
...             Returned("Ann", Decimal("0.02")), Collected("Ann", Decimal("0.06"))))
>>> history = room_to_history(hand)
>>> [str(a) for a in history.actions]
['d dh p1 Ac2d3h', 'd dh p2 ????Kd', 'p2 pb', 'p1 cbr 0.04', 'p2 f']
>>> history.finishing_stacks
(Decimal('1.03'), Decimal('1.97'))
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from studkit.cards import Card
from studkit.history.actions import Action, Amount
from studkit.history.hand_history import STUDKIT_ROOM_FIELD, HandHistory
from studkit.history.rake import RAKE_FIELD
from studkit.history.rooms.room_hand import (
    Acted,
    Board,
    Collected,
    Dealt,
    Game,
    Mucked,
    Posted,
    Returned,
    RoomEvent,
    RoomHand,
    RoomHistoryError,
    Shown,
)

__all__ = [
    "GAME_CODES",
    "ROOM_FIELD",
    "SITE_FIELD",
    "RAKE_FIELD",
    "TOTAL_POT_FIELD",
    "TOURNAMENT_FIELD",
    "room_to_history",
]

GAME_CODES: Mapping[Game, str] = MappingProxyType({"stud": "F7S", "stud8": "F7S/8", "razz": "FR"})
"""The PHH variant code of each game the rooms write histories of."""

ROOM_FIELD = STUDKIT_ROOM_FIELD
"""The field naming the room whose rules a hand was played by."""
SITE_FIELD = "_site"
TOTAL_POT_FIELD = "_total_pot"
TOURNAMENT_FIELD = "_tournament"

_NEW_CARDS: Mapping[int, tuple[int, int]] = MappingProxyType(
    {3: (2, 1), 4: (0, 1), 5: (0, 1), 6: (0, 1), 7: (1, 0)}
)
"""The down and up cards each street deals a player, in that order."""

_VERBS: Mapping[str, str] = MappingProxyType(
    {"complete": "cbr", "bet": "cbr", "raise": "cbr", "call": "cc", "check": "cc", "fold": "f"}
)
"""Each room decision's PHH verb."""


@dataclass(slots=True)
class _Player:
    """What the conversion knows of one player so far."""

    stack: Decimal
    cards: list[Card | None] = field(default_factory=list)
    deals: list[tuple[int, int]] = field(default_factory=list)
    """Each ``d dh`` of the player: the action's index and the first card's position."""
    put_in: Decimal = Decimal(0)
    stake: Decimal = Decimal(0)
    """Chips in front of the player on this street (the bring-in included, antes not)."""
    returned: Decimal = Decimal(0)
    collected: Decimal = Decimal(0)
    folded: bool = False


class _Conversion:
    """One hand's events turned into PHH actions, with the chips each player put in and got."""

    def __init__(self, hand: RoomHand) -> None:
        self.hand = hand
        self.players = [_Player(seat.stack) for seat in hand.seats]
        self.actions: list[Action] = []
        self.street = 0

    def fail(self, why: str) -> RoomHistoryError:
        return RoomHistoryError(self.hand.source, self.hand.line, f"hand {self.hand.hand}: {why}")

    def seat(self, name: str) -> int:
        return self.hand.seat_of(name)

    def run(self) -> None:
        handlers: dict[type, Any] = {
            Dealt: self.dealt,
            Board: self.board,
            Posted: self.posted,
            Acted: self.acted,
            Returned: self.returned,
            Shown: self.shown,
            Mucked: self.mucked,
            Collected: self.collected,
        }
        event: RoomEvent
        for event in self.hand.events:
            handlers[type(event)](event)

    # ---- cards

    def dealt(self, event: Dealt) -> None:
        if event.street not in _NEW_CARDS:
            raise self.fail(f"{event.name} is dealt on street {event.street}: expected 3 to 7")
        if event.street > self.street:
            self.street = event.street
            self.new_round()
        down: list[Card | None] = list(event.down)
        due_down, due_up = _NEW_CARDS[event.street]
        up: list[Card | None] = list(event.up)
        if not down and not up:  # dealt, nobody saw what
            down, up = [None] * due_down, [None] * due_up
        if up and len(down) < due_down:  # the room did not list the cards nobody saw
            down[:0] = [None] * (due_down - len(down))
        if len(up) > due_up or len(down) > due_down:
            raise self.fail(
                f"{event.name} is dealt {len(down)} down and {len(up)} up cards on street "
                f"{event.street}: it deals {due_down} down and {due_up} up"
            )
        self.deal(self.seat(event.name), [*down, *up])

    def new_round(self) -> None:
        """A betting round begins: nobody has a stake on it yet."""
        for player in self.players:
            player.stake = Decimal(0)

    def board(self, event: Board) -> None:
        """A community card: the last street's, dealt to nobody in particular."""
        self.new_round()
        self.actions.append(Action("db", cards=(event.card,)))

    def deal(self, seat: int, cards: list[Card | None]) -> None:
        player = self.players[seat]
        player.deals.append((len(self.actions), len(player.cards)))
        player.cards.extend(cards)
        self.actions.append(Action("dh", player=seat, cards=tuple(cards)))

    def deal_unseen(self, seats: range | tuple[int, ...]) -> None:
        """Deal ``??`` for the cards of this street the room did not list, before the
        betting or a show (the replay must deal every live player's cards first)."""
        for seat in seats:
            player = self.players[seat]
            if not player.folded and len(player.cards) < self.street:
                self.deal(seat, [None] * (self.street - len(player.cards)))

    def reveal(self, seat: int, shown: tuple[Card, ...]) -> list[Card | None]:
        """The player's cards in deal order with the unseen ones filled from ``shown``."""
        cards = list(self.players[seat].cards)
        revealed = [card for card in shown if card not in cards]
        for position, card in enumerate(cards):
            if card is None and revealed:
                cards[position] = revealed.pop(0)
        if revealed:
            held = " ".join("??" if c is None else str(c) for c in self.players[seat].cards)
            shown_text = " ".join(str(c) for c in shown)
            raise self.fail(f"{self.hand.seats[seat].name} shows {shown_text} but was dealt {held}")
        return cards

    def redeal(self, seat: int, cards: list[Card | None]) -> None:
        """Write cards the room revealed later into the player's deals."""
        player = self.players[seat]
        player.cards = cards
        for index, start in player.deals:
            count = len(self.actions[index].cards or ())
            self.actions[index] = Action(
                "dh", player=seat, cards=tuple(cards[start : start + count])
            )

    def shown(self, event: Shown) -> None:
        seat = self.seat(event.name)
        if self.players[seat].folded:  # shown after folding: the cards are known, no show
            self.redeal(seat, self.reveal(seat, event.cards))
            return
        self.deal_unseen((seat,))
        cards = self.reveal(seat, event.cards)
        self.actions.append(Action("sm", player=seat, cards=tuple(cards)))

    def mucked(self, event: Mucked) -> None:
        seat = self.seat(event.name)
        if event.cards is not None:
            self.redeal(seat, self.reveal(seat, event.cards))
        if not self.players[seat].folded:
            self.actions.append(Action("sm", player=seat))

    # ---- chips

    def posted(self, event: Posted) -> None:
        seat = self.seat(event.name)
        player = self.players[seat]
        player.put_in += event.amount
        if event.kind == "bring-in":
            self.deal_unseen(range(len(self.players)))
            player.stake += event.amount
            self.actions.append(Action("pb", player=seat))

    def acted(self, event: Acted) -> None:
        seat = self.seat(event.name)
        player = self.players[seat]
        self.deal_unseen(range(len(self.players)))
        verb = _VERBS[event.verb]
        if verb == "cbr":
            if event.to is None:
                raise self.fail(f"{event.name} {event.verb}s to no amount")
            player.put_in += event.to - player.stake
            player.stake = event.to
            self.actions.append(Action("cbr", player=seat, amount=event.to))
            return
        if event.verb == "call":
            added = event.to
            if added is None:  # what the call costs: the most in front of anyone, or all in
                most = max(p.stake for p in self.players)
                added = min(most - player.stake, player.stack - player.put_in)
            player.put_in += added
            player.stake += added
        if verb == "f":
            player.folded = True
        self.actions.append(Action(verb, player=seat))

    def returned(self, event: Returned) -> None:
        self.players[self.seat(event.name)].returned += event.amount

    def collected(self, event: Collected) -> None:
        self.players[self.seat(event.name)].collected += event.amount

    def check_pot(self) -> None:
        """The history's own arithmetic: the pot is what was collected plus the rake, and
        the total it states."""
        hand = self.hand
        pot = sum((p.put_in - p.returned for p in self.players), Decimal(0))
        won = sum((p.collected for p in self.players), Decimal(0))
        if pot != won + hand.rake:
            raise self.fail(
                f"the players put {pot} in the pot (less what was returned) but collected "
                f"{won} with a rake of {hand.rake}: the history does not add up"
            )
        if hand.total_pot is not None and hand.total_pot != pot:
            raise self.fail(
                f"the history states a total pot of {hand.total_pot} but the players put "
                f"{pot} in it (less what was returned)"
            )
        for seat, player in zip(hand.seats, self.players, strict=True):
            if player.put_in > player.stack:
                raise self.fail(
                    f"{seat.name} puts {player.put_in} in the pot with a stack of {player.stack}"
                )


def _whole(values: list[Decimal]) -> bool:
    return all(v == v.to_integral_value() for v in values)


def room_to_history(hand: RoomHand) -> HandHistory:
    """The PHH hand history of one room hand (see the module's description); a
    :class:`RoomHistoryError` naming the hand when its events cannot be written as a stud
    hand or its arithmetic does not add up."""
    conversion = _Conversion(hand)
    conversion.run()
    conversion.check_pot()
    players = conversion.players
    finishing = [p.stack - p.put_in + p.returned + p.collected for p in players]
    winnings = [p.collected for p in players]
    stakes = [hand.ante, hand.bring_in, hand.small_bet, hand.big_bet]
    amounts = [*stakes, *(s.stack for s in hand.seats), *finishing, hand.rake]
    amounts += [a.amount for a in conversion.actions if isinstance(a.amount, Decimal)]
    if hand.total_pot is not None:
        amounts.append(hand.total_pot)
    whole = _whole(amounts)

    def chips(value: Decimal) -> Amount:
        """Whole numbers as integers (and an amount the room wrote without decimals)."""
        exponent = value.as_tuple().exponent
        written_whole = isinstance(exponent, int) and exponent >= 0
        return int(value) if whole or written_whole else value

    actions = tuple(
        Action(a.verb, player=a.player, cards=a.cards, amount=chips(a.amount))
        if isinstance(a.amount, Decimal)
        else a
        for a in conversion.actions
    )
    fields = _fields(hand)
    fields["finishing_stacks"] = [chips(v) for v in finishing]
    fields["winnings"] = [chips(v) for v in winnings]
    fields[SITE_FIELD] = hand.site
    fields[ROOM_FIELD] = hand.site
    fields[RAKE_FIELD] = chips(hand.rake)
    if hand.total_pot is not None:
        fields[TOTAL_POT_FIELD] = chips(hand.total_pot)
    if hand.tournament is not None:
        fields[TOURNAMENT_FIELD] = hand.tournament
    return HandHistory(
        variant=GAME_CODES[hand.game],
        antes=tuple(chips(hand.ante) for _ in hand.seats),
        starting_stacks=tuple(chips(s.stack) for s in hand.seats),
        actions=actions,
        bring_in=chips(hand.bring_in),
        small_bet=chips(hand.small_bet),
        big_bet=chips(hand.big_bet),
        fields=MappingProxyType(fields),
        source=hand.source,
        key=hand.hand,
        warnings=hand.warnings,
    )


def _fields(hand: RoomHand) -> dict[str, Any]:
    """The phh-std fields describing the hand: who, where and when."""
    fields: dict[str, Any] = {
        "players": list(hand.names),
        "seats": [seat.number for seat in hand.seats],
    }
    if hand.max_seats is not None:
        fields["seat_count"] = hand.max_seats
    fields["hand"] = hand.hand
    if hand.table is not None:
        fields["table"] = hand.table
    if hand.time is not None:
        try:
            when = datetime.datetime.fromisoformat(hand.time)
        except ValueError:
            raise RoomHistoryError(
                hand.source, hand.line, f"hand {hand.hand}: bad time {hand.time!r}"
            ) from None
        fields.update(day=when.day, month=when.month, year=when.year)
        if "T" in hand.time or " " in hand.time:
            fields["time"] = when.time()
    if hand.time_zone is not None:
        fields["time_zone_abbreviation"] = hand.time_zone
    if hand.currency is not None:
        fields["currency"] = hand.currency
    return fields
