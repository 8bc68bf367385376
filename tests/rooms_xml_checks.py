"""Checks shared by the tests of the XML rooms' readers (iPoker, Merge): where the real
histories are, the chips arithmetic of a hand, and a small fuzz."""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from studkit.history.rooms.room_hand import (
    Acted,
    Collected,
    Dealt,
    Posted,
    Returned,
    RoomHand,
    RoomHistoryError,
)
from studkit.history.rooms.room_text import decode

ONLINE = Path(__file__).resolve().parents[2] / "shared" / "data" / "hand-histories" / "online"

Reader = Callable[[str, str], list[RoomHand | RoomHistoryError]]


def read(reader: Reader, relative: str) -> list[RoomHand | RoomHistoryError]:
    """The hands of one of the real histories, named relative to the data folder."""
    return reader(decode((ONLINE / relative).read_bytes()), relative)


def chips_put_in(hand: RoomHand) -> dict[str, Decimal]:
    """Each player's chips put in, worked out from the events alone (``to`` is the street
    total for a complete, bet or raise; the chips added for a call)."""
    put_in = {name: Decimal(0) for name in hand.names}
    street: dict[str, Decimal] = {}
    current = 0
    for event in hand.events:
        if isinstance(event, Dealt) and event.street != current:
            current, street = event.street, {}
        if isinstance(event, Posted):
            put_in[event.name] += event.amount
            if event.kind == "bring-in":
                street[event.name] = street.get(event.name, Decimal(0)) + event.amount
        elif isinstance(event, Acted) and event.to is not None:
            before = street.get(event.name, Decimal(0))
            added = event.to if event.verb == "call" else event.to - before
            street[event.name] = before + added
            put_in[event.name] += added
    return put_in


def assert_chips_add_up(hand: RoomHand) -> None:
    """What the players put in, less what came back, is what was won plus the rake; no
    player puts in more than his stack."""
    put_in = chips_put_in(hand)
    returned = sum((e.amount for e in hand.events if isinstance(e, Returned)), Decimal(0))
    won = sum((e.amount for e in hand.events if isinstance(e, Collected)), Decimal(0))
    assert sum(put_in.values()) - returned == won + hand.rake, hand.hand
    assert hand.rake >= 0 and (hand.tournament is None or hand.rake == 0), hand.hand
    for seat in hand.seats:
        assert put_in[seat.name] <= seat.stack, (hand.hand, seat.name)


def fuzz(reader: Reader, data: bytes, rounds: int, seed: int) -> int:
    """Read ``rounds`` damaged copies of ``data`` (bytes deleted or flipped): the reader
    must only ever return hands and errors. The number of errors returned."""
    chance = random.Random(seed)
    errors = 0
    for _ in range(rounds):
        damaged = bytearray(data)
        for _ in range(chance.randint(1, 8)):
            at = chance.randrange(len(damaged))
            if chance.random() < 0.5:
                del damaged[at : at + chance.randint(1, 40)]
            else:
                damaged[at] = chance.randrange(256)
        for hand in reader(decode(bytes(damaged)), "fuzzed.xml"):
            assert isinstance(hand, RoomHand | RoomHistoryError)
            errors += isinstance(hand, RoomHistoryError)
    return errors


def replay_failures(hands: list[RoomHand | RoomHistoryError]) -> dict[str, str]:
    """The hands that do not replay to the history's finishing stacks, by hand number,
    with the reason."""
    from studkit.errors import HistoryError
    from studkit.history.replay import replay
    from studkit.history.rooms.to_phh import room_to_history

    failures: dict[str, str] = {}
    for hand in hands:
        if isinstance(hand, RoomHand):
            try:
                result = replay(room_to_history(hand))
            except HistoryError as error:
                failures[hand.hand] = str(error)
                continue
            if not (result.ok and result.checked):
                failures[hand.hand] = f"finishing stacks {result.finishing_stacks}"
    return failures
