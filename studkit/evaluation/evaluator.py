"""The :class:`Evaluator`: one ranking (plus wild cards), fast per call and in numpy batches."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final

from studkit.cards import CARDS, Card, format_cards
from studkit.errors import EvaluatorError
from studkit.evaluation.packing import (
    CARD_VALUES,
    FLUSH_BITS,
    KEY_MASK,
    MAX_CARDS,
    SUIT_SHIFT,
    SUIT_START,
)
from studkit.evaluation.rankings import CATEGORY_SHIFT, Ranking
from studkit.evaluation.wild import WildCards

if TYPE_CHECKING:  # the tables (numpy) are built on an evaluator's first evaluation
    import numpy as np
    import numpy.typing as npt

__all__ = ["Evaluator"]

Evaluate = Callable[[Sequence[int]], int]
_VALUES: Final = dict(enumerate(CARD_VALUES))


def _bad_hand(cards: Sequence[int]) -> EvaluatorError:
    """The error for a hand the tables cannot hold, naming what is wrong with it."""
    try:
        items = [int(c) for c in cards]
    except (TypeError, ValueError):
        return EvaluatorError(f"cards must be card indexes 0-53, got {cards!r}")
    bad = [c for c in items if not 0 <= c <= 53]
    if bad:
        return EvaluatorError(f"not a card index (0-51, jokers 52-53): {bad[0]} in {items}")
    jokers = [c for c in items if c >= 52]
    if jokers:
        return EvaluatorError(
            f"a joker in {format_cards(items)!r} needs an evaluator with wild cards "
            "(get_evaluator(name, wild=WildCards(...)))"
        )
    if not 1 <= len(items) <= MAX_CARDS:
        return EvaluatorError(f"a hand holds 1 to {MAX_CARDS} cards, got {len(items)}")
    return EvaluatorError(f"a card appears more than once in {format_cards(items)!r}")


def _suited_mask(cards: Sequence[int], total: int) -> int:
    """Ranks (13-bit mask) of the suit holding five or more cards of ``total``."""
    for suit in range(4):
        if total >> (SUIT_SHIFT + 4 * suit) & 8:
            mask = 0
            for card in cards:
                if card & 3 == suit:
                    mask |= 1 << (card >> 2)
            return mask
    return 0


def _plain_evaluate(ranking: Ranking) -> Evaluate:
    """The per-call evaluate function of a ranking without wild cards."""
    from studkit.evaluation.tables import flush_table, rank_tables

    by_key = rank_tables(ranking.name).by_key
    value = _VALUES.__getitem__

    if not ranking.straights:

        # Constants bound as defaults are local variables: the fastest lookups CPython has.
        def evaluate_rank_only(
            cards: Sequence[int],
            _value: Callable[[int], int] = value,
            _by_key: dict[int, int] = by_key,
            _mask: int = KEY_MASK,
        ) -> int:
            try:
                return _by_key[sum(map(_value, cards)) & _mask]
            except (KeyError, TypeError):
                raise _bad_hand(cards) from None

        return evaluate_rank_only

    flushes = flush_table(ranking.name).tolist()

    if not ranking.low:

        def evaluate_high(
            cards: Sequence[int],
            _value: Callable[[int], int] = value,
            _by_key: dict[int, int] = by_key,
            _start: int = SUIT_START,
            _flush_bits: int = FLUSH_BITS,
            _mask: int = KEY_MASK,
        ) -> int:
            try:
                total = sum(map(_value, cards), _start)
                if total & _flush_bits:
                    strength = _by_key[total & _mask]
                    flush: int = flushes[_suited_mask(cards, total)]
                    return flush if flush > strength else strength
                return _by_key[total & _mask]
            except (KeyError, TypeError):
                raise _bad_hand(cards) from None

        return evaluate_high

    def evaluate_five(cards: Sequence[int]) -> int:
        total = sum(map(value, cards), SUIT_START)
        if total & FLUSH_BITS:
            result: int = flushes[_suited_mask(cards, total)]
            return result
        return by_key[total & KEY_MASK]

    def evaluate_low(cards: Sequence[int]) -> int:
        try:
            total = sum(map(value, cards), SUIT_START)
            strength = by_key[total & KEY_MASK]
        except (KeyError, TypeError):
            raise _bad_hand(cards) from None
        if total & FLUSH_BITS:
            # Five or more cards of a suit: the best five may have to dodge the flush.
            if len(cards) == 5:
                return evaluate_five(cards)
            return max(evaluate_five(five) for five in combinations(cards, 5))
        return strength

    return evaluate_low


class Evaluator:
    """A named hand ranking: ``high``, ``a5-low``, ``eight-or-better``, ``2-7-low``, ``a6-low``.

    Get one with :func:`studkit.evaluation.get_evaluator` (instances are cached). Strengths are
    ints, **higher is better** for every ranking; 0 means the hand does not qualify (only
    eight-or-better, "no low"); every real hand scores at least 1. Strengths of one evaluator
    compare across hands of the same number of cards.

    ``evaluate(cards)`` takes 1 to 8 distinct card indexes (:class:`~studkit.cards.Card` or any
    int 0-51, jokers 52-53 with wild cards) and returns the strength of the best five; with fewer
    than five cards it ranks what is there (no straights or flushes), as for showing boards.
    It is a plain function stored on the instance, the fastest thing to call per hand; it does
    not check for repeated cards (a card five times, or a bad index, raises EvaluatorError).
    The lookup tables behind it are built on the first evaluation (getting an evaluator, its
    categories and qualifiers costs nothing), and shared by every evaluator of the ranking.

    >>> from studkit.cards import parse_cards
    >>> from studkit.evaluation import get_evaluator
    >>> high = get_evaluator("high")
    >>> high.describe(high.evaluate(parse_cards("Kc Kd Ks 5h 5c 2d 3d")))
    'Full house, kings full of fives'
    """

    __slots__ = ("name", "ranking", "wild", "evaluate", "categories")

    def __init__(self, ranking: Ranking, wild: WildCards | None = None) -> None:
        self.name: str = ranking.name
        """The evaluator's name, as variant files and ``studkit odds`` spell it."""
        self.ranking = ranking
        self.wild = wild
        self.evaluate: Evaluate = self._first_evaluate
        """Replaced by the table-backed function on the first call."""
        five_kind = wild is not None and wild.five_of_a_kind
        self.categories: tuple[str, ...] = ranking.hand_categories(five_of_a_kind=five_kind)
        """Every category a hand of five or more cards can fall in, best first."""

    def _first_evaluate(self, cards: Sequence[int]) -> int:
        """Build the tables, put the real function in place of this one, and evaluate."""
        ranking, wild = self.ranking, self.wild
        plain = _plain_evaluate(ranking)
        if wild is None:
            self.evaluate = plain
        else:
            from studkit.evaluation.wildtables import make_wild_evaluate

            self.evaluate = make_wild_evaluate(
                ranking, wild.ranks, wild.five_of_a_kind, wild.jokers == "bug", plain
            )
        return self.evaluate(cards)

    def __repr__(self) -> str:
        wild = "" if self.wild is None else f", wild={self.wild!s}"
        return f"Evaluator({self.name!r}{wild})"

    # ----------------------------------------------------------------- categories
    def category(self, strength: int) -> str:
        """The category name of a strength: ``"full-house"``, ``"8-low"``, ``"no-low"``..."""
        strength = int(strength)
        if strength <= 0:
            if self.ranking.qualify_top is not None and strength == 0:
                return "no-low"
            raise EvaluatorError(f"{strength} is not a strength of {self.name!r}")
        number = strength >> CATEGORY_SHIFT
        try:
            return self.ranking.category_name(number)
        except (KeyError, IndexError):
            raise EvaluatorError(f"{strength} is not a strength of {self.name!r}") from None

    def category_number(self, strength: int) -> int:
        """The category part of a strength (``strength >> 20``): equal within a category."""
        return int(strength) >> CATEGORY_SHIFT

    def describe(self, strength: int) -> str:
        """Readable text: ``"Full house, kings full of fives"``, ``"8-6-5-3-2"``, ...

        A non-qualifying eight-or-better hand reads ``"no qualifying low"``.
        """
        self.category(strength)  # validates
        return self.ranking.describe(int(strength))

    def qualifier(self, text: str) -> int:
        """The least strength of a category: a hand qualifies when ``strength >= qualifier``.

        ``text`` is a category name: ``"8-low"`` for lows (any 8-low or better), ``"one-pair"``
        for high hands (one pair or better).
        """
        key = text.strip().replace(" ", "-").lower()
        if key.endswith("-low"):
            head = key[:-4].upper()
            key = ("T" if head == "10" else head) + "-low"
        valid = [name for name in self.categories if name != "no-low"]
        number = self.ranking.category_number(key) if key in valid else None
        if number is None:
            raise EvaluatorError(
                f"unknown qualifier {text!r} for {self.name!r}: expected a category "
                f"({', '.join(valid)})"
            )
        return number << CATEGORY_SHIFT

    # ----------------------------------------------------------------- cards played
    def best_five(self, cards: Sequence[int]) -> tuple[Card, ...]:
        """The cards the best hand plays (at most five), largest group first.

        Empty when the hand does not qualify (eight-or-better without a low).
        """
        hand = [CARDS[int(c)] for c in cards]
        strength = self.evaluate(hand)
        if strength == 0:
            return ()
        chosen: Sequence[Card] = hand
        if len(hand) > 5:
            chosen = next(
                five for five in combinations(hand, 5) if self.evaluate(five) == strength
            )
        return tuple(sorted(chosen, key=self._display_key(chosen), reverse=True))

    def _display_key(self, cards: Sequence[Card]) -> Callable[[Card], tuple[int, int, int]]:
        wild_ranks = self.wild.ranks if self.wild is not None else frozenset()
        naturals = [c for c in cards if c < 52 and c >> 2 not in wild_ranks]
        counts = [0] * 13
        for c in naturals:
            counts[c >> 2] += 1
        order = self.ranking.order

        def key(c: Card) -> tuple[int, int, int]:
            if c >= 52 or c >> 2 in wild_ranks:
                return (-1, 0, int(c))
            return (counts[c >> 2], order.index(c >> 2), int(c))

        return key

    # ----------------------------------------------------------------- batches
    def evaluate_batch(
        self, hands: npt.ArrayLike, *, check_distinct: bool = False
    ) -> npt.NDArray[np.int64]:
        """Strengths of many hands at once: (n, k) card indexes -> (n,) int64.

        Identical to :meth:`evaluate` on every row; k from 1 to 8. Shape, type and range are
        always checked; a card repeated within a row is not unless ``check_distinct`` is true
        (the check costs about as much as the evaluation), and such a row's strength means
        nothing. With ``check_distinct`` a repeated card raises :class:`EvaluatorError`.
        """
        from studkit.evaluation.batch import evaluate_batch

        return evaluate_batch(self, hands, check_distinct=check_distinct)

