"""The Merge Network's XML hand histories: a ``<description type=... stakes=...>`` then one
``<game id=...>`` per hand (the files have no root element; the ``.txt`` ones too).

A hand lists its players by seat number with their stacks (``balance``) and whether they
were dealt in, then ``<round>`` elements: ``BLINDS`` (the antes), ``BRING_IN`` and
``THIRD_STREET`` to ``SEVENTH_STREET``, each with its ``<event>`` actions (by seat; a
raise's ``amount`` is the street total, other amounts the chips added) and the cards every
player shows so far (``DRAW_DRAWN_CARDS``, the player's own ``HOLE`` cards; ``null`` or
nothing for a card not seen), then ``SHOWDOWN`` (``SHOWN`` and ``MUCKED`` cards) and the
``<winner>`` of each pot (``uncalled="true"``: a bet given back). A mixed game's hand names
its game by a code (:data:`GAME_CODES`); hands of other games are refused one by one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from decimal import Decimal
from types import MappingProxyType
from urllib.parse import unquote

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
    Returned,
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

__all__ = ["SITE", "GAME_CODES", "recognizes", "read_hands"]

SITE = "Merge"

GAME_CODES: Mapping[str, Game] = MappingProxyType(
    {
        "38": "stud", "39": "stud", "41": "stud", "42": "stud",
        "43": "stud8", "45": "stud8",
        "46": "razz", "47": "razz", "49": "razz",
    }
)  # fmt: skip
"""Merge's codes (``gametype``, or ``multigametype`` in a mixed game) for the stud games."""

_OTHER_GAMES: Mapping[str, str] = MappingProxyType(
    {"1": "Hold'em", "2": "Hold'em", "9": "Hold'em", "23": "Hold'em", "4": "Omaha",
     "34": "Omaha H/L8", "35": "Omaha H/L8", "37": "Omaha H/L8"}
)  # fmt: skip
"""Codes of the other games a mixed-game file holds, to name them when refusing them."""

_STREETS: Mapping[str, int] = MappingProxyType(
    {
        "BRING_IN": 3, "THIRD_STREET": 3, "FOURTH_STREET": 4, "FIFTH_STREET": 5,
        "SIXTH_STREET": 6, "SEVENTH_STREET": 7,
    }
)  # fmt: skip
_ENDS = frozenset({"SHOWDOWN", "END_OF_FOLDED_GAME", "END_OF_GAME"})
_DOWN = frozenset({0, 1, 6})
"""The positions of the down cards in a player's seven (the rest are up)."""
_IGNORED = frozenset(
    {"CHAT", "PLAYER_OUT", "SIT_OUT", "LEAVE", "DISCONNECTED", "RECONNECTED", "SHOW", "MUCK"}
)
"""Events that change nothing in the hand (showing and mucking are read from the cards)."""
_Move = Callable[[RoomChips, str, Decimal], RoomEvent]
_MOVES: Mapping[str, _Move] = MappingProxyType(
    {
        "ANTE": lambda chips, name, added: chips.post(name, "ante", added),
        "BRING_IN": lambda chips, name, added: chips.post(name, "bring-in", added),
        "COMPLETE": lambda chips, name, total: chips.raise_to(name, total),
        "BET": lambda chips, name, added: chips.add(name, added),
        "RAISE": lambda chips, name, total: chips.raise_to(name, total),
        "CALL": lambda chips, name, added: chips.add(name, added),
        "ALL_IN": lambda chips, name, added: chips.add(name, added),
        "CHECK": lambda chips, name, added: Acted(name, "check"),
        "FOLD": lambda chips, name, added: Acted(name, "fold"),
    }
)
"""What each betting event does to the chips: a raise's (and a completion's) amount is the
street total, the others' the chips added."""
_PAID = frozenset(_MOVES) - {"CHECK", "FOLD"}
_DEALT = frozenset({"DRAW_DRAWN_CARDS", "HOLE"})
_POTS: Mapping[str, str] = MappingProxyType({"h": "high", "l": "low"})
_DESCRIPTION = re.compile(r"<description\b[^>]*>")


def recognizes(text: str) -> bool:
    """A Merge history: a ``<description>`` and ``<game id=...`` elements."""
    head = text[:2048]
    return "<description" in head and re.search(r'<game id="[0-9]+-[0-9]+"', head) is not None


def read_hands(text: str, source: str) -> list[RoomHand | RoomHistoryError]:
    """Every hand of a Merge history, in file order: a :class:`RoomHand`, or a
    :class:`RoomHistoryError` naming the line for a hand that cannot be read (or that is
    not seven-card stud, stud hi-lo or razz)."""
    refused = refuse_declarations(text, source)
    if refused is not None:
        return [refused]
    chunks = game_chunks(text)
    if not chunks:
        return [RoomHistoryError(source, 1, "expected <game id=...> elements, found none")]
    descriptions = [
        (text.count("\n", 0, found.start()) + 1, found.group())
        for found in _DESCRIPTION.finditer(text)
    ]
    hands: list[RoomHand | RoomHistoryError] = []
    for line, chunk in chunks:
        try:
            before = [found for found in descriptions if found[0] <= line]
            if not before:
                raise RoomHistoryError(source, line, "expected a <description> before the game")
            description = parse_element(before[-1][1], source, before[-1][0])
            hands.append(_read_game(parse_element(chunk, source, line), description, source))
        except RoomHistoryError as error:
            hands.append(error)
        except (ValueError, ArithmeticError, KeyError, IndexError) as error:
            hands.append(RoomHistoryError(source, line, f"cannot read the hand: {error}"))
    return with_levels(hands, source)


def _game_of(game: XmlNode, description: XmlNode, source: str) -> Game:
    kind = description.attrs.get("type", "")
    stakes = description.attrs.get("stakes", "")
    code = game.attrs.get("multigametype") or game.attrs.get("gametype", "")
    found = GAME_CODES.get(code)
    if found is None:
        raise RoomHistoryError(
            source,
            game.line,
            str(OtherGameError(f"{_OTHER_GAMES.get(code, kind)} (Merge game code {code})")),
            other_game=True,
        )
    if not stakes.startswith("Limit"):
        raise RoomHistoryError(
            source,
            game.line,
            str(OtherGameError(f"{kind} {stakes}", limit=False)),
            other_game=True,
        )
    return found


def _is_tournament(game: XmlNode, description: XmlNode) -> bool:
    """A tournament hand: its ``data`` ends ``|true``, or the description says so."""
    return game.attrs.get("data", "").endswith("|true") or description.attrs.get(
        "type", ""
    ).endswith("Tournament")


def _seats(game: XmlNode, source: str) -> dict[str, RoomSeat]:
    seats: dict[str, RoomSeat] = {}
    for node in game.all("player"):
        if node.attrs.get("dealtin") == "true":
            number = node.attrs.get("seat", "")
            if not number.isdigit():
                raise RoomHistoryError(source, node.line, f"expected a seat number, got {number!r}")
            name = node.attrs.get("nickname", "")
            seats[number] = RoomSeat(int(number), name, attr_amount(node, "balance", source))
    if len(seats) < 2:
        raise RoomHistoryError(source, game.line, "expected at least two players dealt in")
    return dict(sorted(seats.items(), key=lambda item: item[1].number))


def _name(node: XmlNode, seats: Mapping[str, RoomSeat], source: str) -> str:
    seat = seats.get(node.attrs.get("player", ""))
    if seat is None:
        raise RoomHistoryError(
            source, node.line, f"seat {node.attrs.get('player')!r} plays but was not dealt in"
        )
    return seat.name


def _cards(node: XmlNode, source: str) -> list[object]:
    try:
        return [
            None if token.strip() in ("", "null") else room_card(token)
            for token in node.attrs.get("cards", "").split(",")
        ]
    except HistoryError as error:
        raise RoomHistoryError(source, node.line, str(error)) from None


def _read_game(game: XmlNode, description: XmlNode, source: str) -> RoomHand:
    kind = _game_of(game, description, source)
    seats = _seats(game, source)
    if _is_tournament(game, description):  # a tournament's balance is written after the antes
        for node in game.all("event"):
            if node.attrs.get("type") == "ANTE" and node.attrs.get("player") in seats:
                seat = seats[node.attrs["player"]]
                stack = seat.stack + attr_amount(node, "amount", source)
                seats[node.attrs["player"]] = replace(seat, stack=stack)
    chips = RoomChips({seat.name: seat.stack for seat in seats.values()})
    events: list[RoomEvent] = []
    seen = {seat.name: 0 for seat in seats.values()}
    sizes: dict[str, Decimal] = {}
    ending: list[RoomEvent] = []
    street = 0
    for round_ in game.all("round"):
        turned_up: list[RoomEvent] = []
        name_of_round = round_.attrs.get("id", "")
        if name_of_round in _STREETS:
            if _STREETS[name_of_round] != street:
                street = _STREETS[name_of_round]
                chips.new_street(street)
            events.extend(_deals(round_, street, seats, seen, source))
            turned_up = _showdown(round_, seats, source)
        elif name_of_round in _ENDS:
            ending.extend(_showdown(round_, seats, source))
        elif name_of_round != "BLINDS":
            raise RoomHistoryError(
                source, round_.line, f"a stud hand has no round id={name_of_round!r}"
            )
        for node in round_.all("event"):
            kind_of = node.attrs.get("type", "")
            if kind_of in _IGNORED:
                continue
            name = _name(node, seats, source)
            if kind_of not in _MOVES:
                raise RoomHistoryError(
                    source, node.line, f"event type={kind_of!r} is not one studkit knows"
                )
            chips_in = attr_amount(node, "amount", source) if kind_of in _PAID else Decimal(0)
            move = _MOVES[kind_of](chips, name, chips_in)
            events.append(move)
            if isinstance(move, Acted):
                note_size(sizes, move, street)
        events.extend(turned_up)
    antes = [e.amount for e in events if isinstance(e, Posted) and e.kind == "ante"]
    bring_ins = [e.amount for e in events if isinstance(e, Posted) and e.kind == "bring-in"]
    return _settle(
        game, description, kind, seats, chips, events, ending, sizes, antes, bring_ins, source
    )


def _deals(
    round_: XmlNode,
    street: int,
    seats: Mapping[str, RoomSeat],
    seen: dict[str, int],
    source: str,
) -> list[RoomEvent]:
    """The cards new to each player in this round (each lists all he shows so far)."""
    deals: list[RoomEvent] = []
    for node in round_.all("cards"):
        if node.attrs.get("type") not in _DEALT:
            continue
        name = _name(node, seats, source)
        cards = _cards(node, source)
        new = range(seen[name], len(cards))
        if not new:
            continue
        if len(cards) > 7 or len(cards) != street:
            raise RoomHistoryError(
                source,
                node.line,
                f"expected {street} cards on street {street}, got {node.attrs.get('cards')!r}",
            )
        seen[name] = len(cards)
        down = tuple(cards[index] for index in new if index in _DOWN)
        up = tuple(cards[index] for index in new if index not in _DOWN)
        if None in up:
            raise RoomHistoryError(source, node.line, f"{name}'s up card is not shown")
        deals.append(Dealt(name, street, down, up))  # type: ignore[arg-type]
    return deals


def _showdown(round_: XmlNode, seats: Mapping[str, RoomSeat], source: str) -> list[RoomEvent]:
    """The shown and mucked hands (players all in show theirs on the street), and the
    bets given back and pots won."""
    result: list[RoomEvent] = []
    shown = {
        node.attrs.get("player"): node
        for node in round_.all("cards")
        if node.attrs.get("type") in ("SHOWN", "MUCKED")
    }
    for node in round_.all("event"):
        kind = node.attrs.get("type")
        if kind not in ("SHOW", "MUCK"):
            continue
        name = _name(node, seats, source)
        cards = shown.get(node.attrs.get("player"))
        held = tuple(_cards(cards, source)) if cards is not None else None
        if kind == "SHOW":
            if held is None or None in held:
                raise RoomHistoryError(source, node.line, f"{name} shows but no cards are given")
            result.append(Shown(name, held))  # type: ignore[arg-type]
        elif round_.attrs.get("id") == "SHOWDOWN":
            known = held if held is not None and None not in held else None
            result.append(Mucked(name, known))  # type: ignore[arg-type]
    for node in round_.all("winner"):
        name = _name(node, seats, source)
        won = attr_amount(node, "amount", source)
        if node.attrs.get("uncalled") == "true":
            result.append(Returned(name, won))
            continue
        number = node.attrs.get("potnumber", "1")
        pot = _POTS.get(node.attrs.get("pottype", "")) or (
            "main" if number == "1" else f"side-{int(number) - 1}"
        )
        result.append(Collected(name, won, pot))
    return result


_STAKES = re.compile(r"(?P<small>[$\u20ac\u00a3]?[\d.,]+)/(?P<big>[$\u20ac\u00a3]?[\d.,]+)")
_ORDER: Mapping[type, int] = MappingProxyType({Returned: 0, Shown: 1, Mucked: 1, Collected: 2})


def _settle(
    game: XmlNode,
    description: XmlNode,
    kind: Game,
    seats: Mapping[str, RoomSeat],
    chips: RoomChips,
    events: list[RoomEvent],
    ending: list[RoomEvent],
    sizes: dict[str, Decimal],
    antes: list[Decimal],
    bring_ins: list[Decimal],
    source: str,
) -> RoomHand:
    """The hand with its end: a bet nobody called that Merge counted in the pot is given
    back (Merge marks only those of side pots), and the rake is what was not won."""
    if not any(isinstance(event, Returned) for event in ending):
        returned = chips.uncalled()
        if returned is not None:
            ending = _give_back(ending, returned, game, source)
    ending.sort(key=lambda event: _ORDER.get(type(event), 1))
    put_in = chips.put_in
    out = sum(
        (event.amount for event in ending if isinstance(event, Returned | Collected)),
        Decimal(0),
    )
    data = game.attrs.get("data", "").split("|")
    stakes_text = description.attrs.get("stakes", "")
    tournament = _is_tournament(game, description)
    rake = put_in - out
    if rake < 0 or (tournament and rake != 0):
        raise RoomHistoryError(
            source, game.line, f"the pots won ({out}) do not add up to the {put_in} put in"
        )
    stated = _STAKES.search(stakes_text)
    started = game.attrs.get("starttime", "")
    balances = " ".join(node.attrs.get("balance", "") for node in game.all("player"))
    return RoomHand(
        site=SITE,
        source=source,
        line=game.line,
        hand=game.attrs.get("id", ""),
        game=kind,
        currency=None if tournament else currency_of(stakes_text + balances) or "USD",
        ante=max(antes, default=Decimal(0)),
        bring_in=max(bring_ins, default=Decimal(0)),
        small_bet=amount(stated["small"]) if stated else sizes.get("small_bet", Decimal(0)),
        big_bet=amount(stated["big"]) if stated else sizes.get("big_bet", Decimal(0)),
        seats=tuple(seats.values()),
        events=(*events, *ending),
        rake=rake,
        table=unquote(data[1]) if len(data) > 1 else None,
        time=_time(started),
        tournament=data[2].split("-")[0] if tournament and len(data) > 2 else None,
        max_seats=int(game.attrs["seats"]) if game.attrs.get("seats", "").isdigit() else None,
    )


def _give_back(
    ending: list[RoomEvent], returned: Returned, game: XmlNode, source: str
) -> list[RoomEvent]:
    """Merge's pot won counts the bet nobody called: take it out of that player's win."""
    for index, event in enumerate(ending):
        if (
            isinstance(event, Collected)
            and event.name == returned.name
            and event.amount >= returned.amount
        ):
            rest = (
                [replace(event, amount=event.amount - returned.amount)]
                if (event.amount > returned.amount)
                else []
            )
            return [returned, *ending[:index], *rest, *ending[index + 1 :]]
    raise RoomHistoryError(
        source,
        game.line,
        f"{returned.name}'s uncalled {returned.amount} is in no pot he won",
    )


def _time(started: str) -> str | None:
    """``20130715213500`` as ``2013-07-15T21:35:00``."""
    if len(started) < 14 or not started[:14].isdigit():
        return None
    return (
        f"{started[:4]}-{started[4:6]}-{started[6:8]}T"
        f"{started[8:10]}:{started[10:12]}:{started[12:14]}"
    )
