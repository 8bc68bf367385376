"""A showdown that judges cards the history never shows: replayed when every card that could
be there gives the same result (a garbled last card of a hand that wins whatever it is), an
error naming the seat when the result depends on it."""

from __future__ import annotations

import pytest

from studkit.errors import HistoryError
from studkit.history.phh import loads
from studkit.history.replay import replay

# p1 ends with kings full of queens; p2 shows six cards and an unknown river.
HAND = """\
variant = "F7S"
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100]
actions = [
  "d dh p1 AsAhKc", "d dh p2 {p2_third}",
  "p2 pb", "p1 cc",
  "d dh p1 Kd", "d dh p2 3c", "p1 cc", "p2 cc",
  "d dh p1 Ks", "d dh p2 {p2_fifth}", "p1 cc", "p2 cc",
  "d dh p1 Qd", "d dh p2 {p2_sixth}", "p1 cc", "p2 cc",
  "d dh p1 Qh", "d dh p2 ??", "p1 cc", "p2 cc",
  "p1 sm AsAhKcKdKsQdQh", "p2 sm {p2_third}3c{p2_fifth}{p2_sixth}??",
]
finishing_stacks = [103, 97]
"""


def _hand(third: str, fifth: str, sixth: str) -> str:
    return HAND.format(p2_third=third, p2_fifth=fifth, p2_sixth=sixth)


def test_an_unknown_card_that_cannot_change_the_result_is_replayed_and_said() -> None:
    # 7d 8d 2c 3c 4h 9s and any river: at best a straight, below a full house.
    (history,) = loads(_hand("7d8d2c", "4h", "9s"))
    result = replay(history)
    assert result.ok and result.checked
    assert result.finishing_stacks == [103, 97]
    assert result.warnings == [
        "<history>: the history never shows every card of p2 at the showdown; the result is "
        "the same whatever they are"
    ]


def test_an_unknown_card_that_decides_the_pot_is_an_error_naming_the_seat() -> None:
    # 5c 6c 2c 3c: the 4c on the river makes a straight flush, any other card loses.
    (history,) = loads(_hand("5c6c2c", "9h", "7d"))
    with pytest.raises(HistoryError, match=r"unknown cards \('\?\?'\) of p2, which the history "
                       r"never shows, and its result depends on them"):
        replay(history)
