"""Types of the rules core's C extension (studkit/core/binding.c)."""

from collections.abc import Callable, Sequence
from typing import Any

RULES_FIELDS: tuple[tuple[str, int, int, str, str], ...]
HAND_FIELDS: tuple[tuple[str, int, int, str], ...]
PHASES: tuple[str, ...]
VERBS: tuple[str, ...]
SEATS: int
DOWN_CARD_SHARE: int
SPECIAL_BASE: int
A5_LOW_ROW: int
ACTION_RAZZ_FACE: int
STREETS: int
SHARES: int
CARDS: int
STATE_SIZE: int
POLICY_RESHUFFLE_BURNS: int
POLICY_REUSE_FOLDED: int
POLICY_COMMUNITY_CARD: int
TO_BURN: int
TO_BOARD: int
ERROR_ILLEGAL: int
ERROR_PHASE: int
ERROR_EXHAUSTED: int
ERROR_TOO_MANY_CARDS: int
ERROR_NO_CARD: int
ERROR_NO_CHIPS: int
ERROR_SEAT: int

class CoreError(ValueError): ...

class Rules:
    def __init__(self, **fields: int | Sequence[int]) -> None: ...
    def pack(self) -> bytes: ...
    def replace(self, **fields: int | Sequence[int]) -> Rules: ...
    def __getattr__(self, name: str) -> Any: ...

class Records:
    def __init__(
        self,
        *,
        dealt_up: tuple[Any, ...],
        dealt_down: tuple[Any, ...],
        burned: tuple[Any, ...],
        community: tuple[Any, ...],
        streets: tuple[Any, ...],
        cards: tuple[Any, ...],
        verbs: tuple[str, ...],
        classes: tuple[type, ...],
        names: tuple[str, ...],
        blinds: tuple[str, str],
        shares: tuple[str, ...],
        describe: Callable[[int, int], str],
        action: type,
    ) -> None: ...

class Game:
    def __init__(
        self,
        *,
        rules: bytes,
        deck: Any,
        cards: int,
        showing: int,
        share_evaluators: Sequence[int],
        values: Any,
        modes: Any,
        by_row: Any,
        flush: Any,
        index_row: int,
        wild: tuple[Sequence[Any], Any]
        | tuple[Sequence[Any], Any, tuple[int, tuple[bool, bool], Sequence[Any]] | None]
        | None = None,
        share_modes: Sequence[int] | None = None,
        declaration: tuple[int, bool, bool, Sequence[int]] | None = None,
        down_shares: Sequence[tuple[int, int, Sequence[int]]] | None = None,
        expose: tuple[bool, bool, bool, bool] | None = None,
        up_rules: Sequence[tuple[int, Sequence[int], int]] | None = None,
        trade: tuple[int, int, int, bool] | None = None,
        wild_sets: tuple[int, int, Sequence[tuple[Any, Any, Any, int]], tuple[Any, Any, Any, int]]
        | None = None,
        split: tuple[int, int, int, int, bool, int, int, Sequence[int]] | None = None,
    ) -> None: ...

class State:
    # the hand's state (hand.h), field by field: a number, or the entries in use
    n: int
    button: int
    order: list[int]
    phase: int
    street: int
    actor: int
    choice: int
    n_in: int
    exposed: int
    leader: int
    big_blind_seat: int
    hook_done: int
    error: int
    stack: list[int]
    bets: list[int]
    contrib: list[int]
    dead: int
    rake: int
    rounds_played: int
    capped_streets: int
    open_pair_streets: int
    open_pair_taken: int
    board_leader: list[int]
    street_pot: list[int]
    folded: list[int]
    live: int
    all_in: int
    bet: int
    last_full: int
    increment: int
    posted: int
    size: int
    max_bet: int
    open_pair: int
    big_made: int
    raises: int
    capped_multi: int
    players: int
    forced: int
    bring_in_seat: int
    aggressor: int
    last_checker: int
    to_act: int
    may_raise: int
    ncards: list[int]
    nup: list[int]
    ndown: list[int]
    cards: list[int]
    up: list[int]
    down: list[int]
    ncommunity: int
    community: list[int]
    nburned: int
    burned: list[int]
    nmuck: int
    muck: list[int]
    jokers_up: int
    need: int
    ndue: int
    next_due: int
    due_seat: list[int]
    due_up: list[int]
    after_cards: int
    restock_burned: int
    restock_folded: int
    restock: list[int]
    npots: int
    pot_amount: list[int]
    pot_eligible: list[int]
    nshown: int
    shown: list[int]
    nmucked: int
    mucked: list[int]
    conceded: int
    def __init__(self, rules: Rules, records: Records, events: list[Any]) -> None: ...
    def begin(self, n: int, button: int, stacks: Sequence[int]) -> None: ...
    def deal(self, stub: int, policy: int = -1) -> None: ...
    def restocked(self) -> None: ...
    def place(self, card: int) -> None: ...
    def give(self, seat: int, up: bool) -> None: ...
    def due(self) -> list[tuple[int, bool]]: ...
    def place_all(self, cards: Sequence[int]) -> None: ...
    def lead(self, values: Sequence[int]) -> None: ...
    def options(self) -> list[tuple[int, int, int]]: ...
    def legal(self) -> list[Any]: ...
    def check(self, verb: int, amount: int = -1) -> int: ...
    def act(self, verb: int, amount: int = -1) -> None: ...
    def passive(self) -> None: ...
    def showdown(
        self,
        strengths: Sequence[Sequence[Sequence[int]]],
        played: Sequence[Sequence[Sequence[int]]] | None = None,
    ) -> None: ...
    def award(
        self,
        orders: Sequence[Sequence[int] | None] | None = None,
        played: Sequence[Sequence[Sequence[int]]] | None = None,
    ) -> None: ...
    def resume(self) -> None: ...
    def choose(self, seat: int) -> None: ...
    def add_dead(self, seat: int, amount: int) -> None: ...
    def fold_seat(self, seat: int) -> None: ...
    def concede(self, seat: int) -> None: ...
    def set_rake(self, amount: int) -> None: ...
    def turn_up(self, seat: int, card: int) -> None: ...
    def remove_card(self, seat: int, card: int) -> None: ...
    def held(self, seat: int) -> list[Any]: ...
    def held_up(self, seat: int) -> list[Any]: ...
    def held_down(self, seat: int) -> list[Any]: ...
    def table_cards(self, which: int) -> list[Any]: ...
    def boards(self, with_board: bool) -> list[list[Any] | None]: ...
    def forced_seat(self) -> int: ...
    def any_open_pair(self) -> bool: ...
    def best_board(self, values: Sequence[int]) -> int: ...
    def street_leader(self) -> int: ...
    def save(self) -> bytes: ...
    def load(self, saved: bytes) -> None: ...
    def copy(self, events: list[Any]) -> State: ...

def structure(
    code: int, rules: Rules, round: dict[str, int | bool], op: int, a: int = 0, b: int = 0
) -> Any: ...
def uncalled_bet(contributions: Sequence[int]) -> tuple[int, int] | None: ...
def plan_short_street(
    policy: int, stub: int, live: int, burn: bool, rounds: int, burned: int, folded: int
) -> tuple[int, int, int, int, int, int]: ...
def split_pots(
    n: int,
    pots: Sequence[tuple[int, int]],
    weights: Sequence[int],
    strengths: Sequence[Sequence[int]],
    orders: Sequence[Sequence[int]],
    odd_share: int,
) -> tuple[list[int], list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]]: ...
def build_pots(
    contributions: Sequence[int], folded: Sequence[bool], dead: int = 0
) -> list[tuple[int, int]]: ...
def evaluate(
    values: Any, modes: Any, by_row: Any, flush: Any, index_row: int, cards: Sequence[int],
    evaluator: int, special_wild: tuple[int, int, int, int] = ...,
) -> int: ...
