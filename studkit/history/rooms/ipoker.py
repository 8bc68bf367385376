"""iPoker's XML hand histories: a ``<session>`` with its ``<general>`` header (game, table,
currency, tournament) and one ``<game gamecode=...>`` per hand.

Each hand lists its players with their stacks (``chips``), what each put in (``bet``) and
won (``win``), then ``<round>`` elements: round 0 the antes, rounds 2 to 6 the streets, each
with the cards dealt to every player (suit first: ``DK``, ``S10``; ``X`` a card not shown)
and the actions, numbered across the hand by ``no``. An action's ``type`` is a code
(:data:`ACTIONS`); its ``sum`` is the chips it added, except a raise's, which is the
street total. The room writes no uncalled bets, showdown or rake: a player's ``win``
includes his bet nobody called, so the reader gives that back as a
:class:`~studkit.history.rooms.room_hand.Returned`; players still in at the end showed
their cards (the room shows them in the deal) or mucked (their cards stay ``X``); the rake
is what was put in and not won.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from decimal import Decimal
from types import MappingProxyType

from studkit.errors import HistoryError
from studkit.history.rooms.room_chips import RoomChips
from studkit.history.rooms.room_hand import (
    Acted,
    Collected,
    Dealt,
    Game,
    Mucked,
    OtherGameError,
    Posted,
    RoomEvent,
    RoomHand,
    RoomHistoryError,
    RoomSeat,
    Shown,
)
from studkit.history.rooms.room_levels import note_size, with_levels
from studkit.history.rooms.room_text import amount, currency_of, room_card
from studkit.history.rooms.room_xml import (
    XmlNode,
    attr_amount,
    game_chunks,
    parse_element,
    refuse_declarations,
)

__all__ = ["SITE", "ACTIONS", "recognizes", "read_hands"]

SITE = "iPoker"

ACTIONS: Mapping[str, str] = MappingProxyType(
    {
        "15": "ante",
        "16": "bring-in",
        "5": "bet (a completion on third street): sum is the chips added",
        "23": "raise: sum is the player's street total after it",
        "3": "call: sum is the chips added",
        "7": "all in: sum is the chips added (a call, bet or raise by the stakes)",
        "4": "check",
        "0": "fold",
    }
)
"""iPoker's action codes, worked out from the histories (every hand's chips put in then
match its players' ``bet`` and ``win`` totals)."""

_Move = Callable[[RoomChips, str, Decimal], RoomEvent]
_MOVES: Mapping[str, _Move] = MappingProxyType(
    {
        "15": lambda chips, name, added: chips.post(name, "ante", added),
        "16": lambda chips, name, added: chips.post(name, "bring-in", added),
        "5": lambda chips, name, added: chips.add(name, added),
        "23": lambda chips, name, total: chips.raise_to(name, total),
        "3": lambda chips, name, added: chips.add(name, added),
        "7": lambda chips, name, added: chips.add(name, added),
        "4": lambda chips, name, added: Acted(name, "check"),
        "0": lambda chips, name, added: Acted(name, "fold"),
    }
)
"""What each action code does to the chips (keyed as :data:`ACTIONS`)."""

_STREETS: Mapping[str, int] = MappingProxyType(
    {"Third Street": 3, "Fourth Street": 4, "Fifth Street": 5, "Sixth Street": 6, "River": 7}
)
_DOWN_ON_THIRD = 2
"""Third street's first two cards are down, the third up; seventh street's card is down."""

_GAMES: Mapping[str, Game] = MappingProxyType(
    {"7 Card Stud": "stud", "7 Card Stud Hi-Lo": "stud8", "Razz": "razz"}
)
_GAMETYPE = re.compile(r"^(?P<game>.+?) (?P<limit>L|NL|PL|FL)(?: (?P<stakes>\S+)/(?P<big>\S+))?$")


def recognizes(text: str) -> bool:
    """An iPoker history: a ``<session>`` whose games carry a ``gamecode``."""
    head = text[:2048]
    return "<session" in head and ("gamecode=" in head or "<gametype>" in head)


class _Session:
    """What the session's header says about every hand in it."""

    def __init__(self, header: XmlNode, source: str) -> None:
        def field(tag: str) -> str | None:
            node = header.first(tag)
            return node.text.strip() if node is not None else None

        written = field("gametype") or ""
        found = _GAMETYPE.match(written)
        game = _GAMES.get(found["game"]) if found is not None else None
        if found is None or game is None:
            raise RoomHistoryError(
                source, header.line, str(OtherGameError(repr(written))), other_game=True
            )
        if found["limit"] not in ("L", "FL"):
            raise RoomHistoryError(
                source,
                header.line,
                str(OtherGameError(repr(written), limit=False)),
                other_game=True,
            )
        self.game: Game = game
        self.small_bet = amount(found["stakes"]) if found["stakes"] else None
        self.big_bet = amount(found["big"]) if found["big"] else None
        self.table = field("tablename")
        self.hero = field("nickname")
        name = field("tournamentname")
        self.tournament: str | None = None
        self.currency: str | None = None
        if name is not None:
            numbers = [part.strip() for part in (self.table or "").split(",")[1:]]
            self.tournament = next((part for part in numbers if part.isdigit()), name)
        else:
            self.currency = field("tablecurrency") or currency_of(written) or field("currency")


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """Every hand of an iPoker history, in file order: a :class:`RoomHand`, or a
    :class:`RoomHistoryError` naming the line for a hand that cannot be read."""
    refused = refuse_declarations(text, source)
    if refused is not None:
        return [refused]
    chunks = game_chunks(text)
    if not chunks:
        return [RoomHistoryError(source, 1, "expected <game gamecode=...> elements, found none")]
    start, stop = text.find("<general>"), text.find("</general>")
    header_line = text.count("\n", 0, max(start, 0)) + 1
    try:
        if not 0 <= start < stop or start > text.find("<game"):
            raise RoomHistoryError(source, header_line, "expected the session's <general>")
        header = parse_element(text[start : stop + len("</general>")], source, header_line)
        session = _Session(header, source)
    except (RoomHistoryError, HistoryError) as error:
        failed = error if isinstance(error, RoomHistoryError) else None
        return [failed or RoomHistoryError(source, header_line, str(error)) for _ in chunks]
    hands: list[RoomHand | RoomHistoryError] = []
    for line, chunk in chunks:
        try:
            hands.append(_read_game(parse_element(chunk, source, line), session, source))
        except RoomHistoryError as error:
            hands.append(error)
        except (ValueError, ArithmeticError, KeyError, IndexError) as error:
            hands.append(RoomHistoryError(source, line, f"cannot read the hand: {error}"))
    return with_levels(hands, source)


def _player_of(node: XmlNode, chips: RoomChips, source: str) -> str:
    name = node.attrs.get("player", "")
    if name not in chips.stacks:
        raise RoomHistoryError(
            source, node.line, f"{name!r} plays but is not among the hand's players"
        )
    return name


def _dealt(node: XmlNode, street: int, name: str, source: str) -> Dealt:
    try:
        cards = [room_card(token) for token in node.text.split()]
    except HistoryError as error:
        raise RoomHistoryError(source, node.line, str(error)) from None
    expected = 3 if street == 3 else 1
    if len(cards) != expected:
        raise RoomHistoryError(
            source,
            node.line,
            f"expected {expected} card(s) on {node.attrs.get('type')}, got {node.text.strip()!r}",
        )
    if street == 3:
        up = cards[_DOWN_ON_THIRD]
        if up is None:
            raise RoomHistoryError(source, node.line, f"{name}'s up card is not shown")
        return Dealt(name, 3, tuple(cards[:_DOWN_ON_THIRD]), (up,))
    if street == 7:
        return Dealt(name, 7, (cards[0],))
    if cards[0] is None:
        raise RoomHistoryError(source, node.line, f"{name}'s up card is not shown")
    return Dealt(name, street, (), (cards[0],))


def _read_game(game: XmlNode, session: _Session, source: str) -> RoomHand:
    players = [node for node in game.all("player") if node.attrs.get("name")]
    playing = {node.attrs.get("player") for node in (*game.all("action"), *game.all("cards"))}
    seated = [node for node in players if node.attrs["name"] in playing]
    seats = tuple(
        RoomSeat(
            int(node.attrs.get("seat", "")), node.attrs["name"], attr_amount(node, "chips", source)
        )
        for node in seated
    )
    if len(seats) < 2:
        raise RoomHistoryError(source, game.line, "expected at least two players dealt in")
    chips = RoomChips({seat.name: seat.stack for seat in seats})
    events: list[RoomEvent] = []
    cards: dict[str, list[Dealt]] = {seat.name: [] for seat in seats}
    sizes: dict[str, Decimal] = {}
    for round_ in game.all("round"):
        street = int(round_.attrs.get("no", "")) + 1
        if street >= 3:
            chips.new_street(street)
        for node in round_.all("cards"):
            name = _player_of(node, chips, source)
            dealt_on = _STREETS.get(node.attrs.get("type", ""))
            if dealt_on is None or dealt_on != street:
                raise RoomHistoryError(
                    source,
                    node.line,
                    f"expected the cards of street {street}, got type={node.attrs.get('type')!r}",
                )
            dealt = _dealt(node, street, name, source)
            cards[name].append(dealt)
            events.append(dealt)
        actions = sorted(round_.all("action"), key=lambda node: int(node.attrs.get("no", "")))
        for node in actions:
            name = _player_of(node, chips, source)
            code = node.attrs.get("type", "")
            if code not in ACTIONS:
                raise RoomHistoryError(
                    source, node.line, f"action type={code!r} is not one studkit knows"
                )
            move = _MOVES[code](chips, name, attr_amount(node, "sum", source))
            events.append(move)
            if isinstance(move, Acted):
                note_size(sizes, move, street)
    antes = [e.amount for e in events if isinstance(e, Posted) and e.kind == "ante"]
    bring_ins = [e.amount for e in events if isinstance(e, Posted) and e.kind == "bring-in"]
    folded = {e.name for e in events if isinstance(e, Acted) and e.verb == "fold"}
    hand = RoomHand(
        site=SITE,
        source=source,
        line=game.line,
        hand=game.attrs.get("gamecode", ""),
        game=session.game,
        currency=session.currency,
        ante=max(antes, default=Decimal(0)),
        bring_in=max(bring_ins, default=Decimal(0)),
        small_bet=session.small_bet or sizes.get("small_bet", Decimal(0)),
        big_bet=session.big_bet or sizes.get("big_bet", Decimal(0)),
        seats=seats,
        events=(),
        table=session.table,
        time=_time(game),
        tournament=session.tournament,
    )
    return _settle(hand, game, session, chips, events, cards, folded)


def _time(game: XmlNode) -> str | None:
    node = game.first("startdate")
    return node.text.strip().replace(" ", "T") if node is not None and node.text else None


def _settle(
    hand: RoomHand,
    game: XmlNode,
    session: _Session,
    chips: RoomChips,
    events: list[RoomEvent],
    cards: dict[str, list[Dealt]],
    folded: set[str],
) -> RoomHand:
    """The hand's end, which iPoker does not write: the bet nobody called, who showed or
    mucked, what each collected, and the rake; checked against the players' totals."""
    warnings: list[str] = []
    wins: dict[str, Decimal] = {}
    for node in game.all("player"):
        name = node.attrs.get("name", "")
        if name in chips.stacks:
            wins[name] = attr_amount(node, "win", source := hand.source)
            bet = attr_amount(node, "bet", source)
            if bet != chips.total(name):
                warnings.append(
                    f"line {node.line}: {name}'s bet={node.attrs['bet']!r} differs from the "
                    f"{chips.total(name)} the actions put in"
                )
    returned = chips.uncalled()
    ending: list[RoomEvent] = []
    if returned is not None:
        ending.append(returned)
        wins[returned.name] -= returned.amount
        if wins[returned.name] < 0:
            raise RoomHistoryError(
                hand.source,
                game.line,
                f"{returned.name} wins less than his uncalled bet of {returned.amount}",
            )
    still_in = [name for name in hand.names if name not in folded]
    for name in still_in:
        held = [card for dealt in cards[name] for card in (*dealt.down, *dealt.up)]
        known = tuple(card for card in held if card is not None)
        if len(still_in) > 1:
            ending.append(Shown(name, known) if len(known) == len(held) else Mucked(name))
        elif len(known) == len(held) and name != session.hero:
            ending.append(Shown(name, known))
    ending.extend(Collected(name, won) for name, won in wins.items() if won > 0)
    put_in = chips.put_in
    given_back = returned.amount if returned is not None else Decimal(0)
    rake = put_in - given_back - sum(wins.values(), Decimal(0))
    if rake < 0 or (hand.tournament is not None and rake != 0):
        raise RoomHistoryError(
            hand.source,
            game.line,
            f"the players' wins ({put_in - given_back - rake}) do not add up to the "
            f"{put_in - given_back} they put in",
        )
    return replace(hand, events=(*events, *ending), rake=rake, warnings=tuple(warnings))
