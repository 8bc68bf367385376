"""Types of the bots' decisions in C (studkit/bots/binding.c)."""

from collections.abc import Sequence

FIRST: int
EQUITY_STEP: int
KIND_BADUGI: int
KIND_RAZZ_HIGH: int
KIND_TWO_CARD: int
KIND_ACTION_RAZZ: int
KIND_SOKO: int
EVERY_SHARE_SCORE: float
PAY_SCORE: float
TWIST_GAIN: float

def crowded(raw: float, opponents: int) -> float: ...
def aggressive_kind(avail: int) -> int: ...
def style_rolls(avail: int, raises: int, max_raises: int, score: float, bet: float) -> bool: ...
def style_choice(
    enter: float, stay: float, bet: float, bluff: float, max_raises: int, score: float,
    raises: int, first_street: bool, to_call: int, pot: int, avail: int, u: float,
) -> int: ...
def equity_choice(
    value: float, margin: float, players: int, raises: int, to_call: int, pot: int, avail: int
) -> int: ...
def equity_settled(
    won: float, deals: int, margin: float, players: int, raises: int, to_call: int, pot: int,
    avail: int,
) -> bool: ...
def sized_total(
    low: int, high: int, my_bet: int, to_call: int, pot: int, fraction: float
) -> int: ...
def score_cards(
    own: Sequence[int], opp: Sequence[int], width: int, opp_n: Sequence[int], to_come: int,
    styles: Sequence[int],
) -> float: ...
def keep_best(
    down: Sequence[int], up: Sequence[int], offered: Sequence[int], opp: Sequence[int],
    width: int, opp_n: Sequence[int], to_come: int, final: int, styles: Sequence[int],
) -> int: ...
def keeps_hole(hole: int, up: Sequence[int]) -> bool: ...
def show_least(
    up: Sequence[int], offered: Sequence[int], may_keep: bool, opp: Sequence[int], width: int,
    opp_n: Sequence[int], styles: Sequence[int],
) -> int: ...
def share_choice(
    own: Sequence[int], opp: Sequence[int], width: int, opp_n: Sequence[int],
    styles: Sequence[int], name_rank: Sequence[int], every_offered: bool,
) -> int: ...
def pays(
    own: Sequence[int], opp: Sequence[int], width: int, opp_n: Sequence[int],
    styles: Sequence[int], price: int, pot: int,
) -> bool: ...
def twist_choice(
    own: Sequence[int], offered: Sequence[int], opp: Sequence[int], width: int,
    opp_n: Sequence[int], to_come: int, styles: Sequence[int],
) -> int: ...
