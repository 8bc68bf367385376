"""The special evaluators: badugi (ace low and ace high), soko, the 41-card Mexican deck's
high, razz high, action razz and the two-card hands, with the interface of
:class:`~studkit.evaluation.Evaluator` (evaluate, evaluate_batch, category, describe,
qualifier, best_five, categories).

>>> from studkit.cards import parse_cards
>>> badugi = special_evaluator("badugi")
>>> badugi.describe(badugi.evaluate(parse_cards("Kd 4c 3h 2s As 2d 7h")))
'4-card badugi, 4-3-2-A'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from studkit.cards import CARDS, RANK_CHARS, Card
from studkit.errors import EvaluatorError
from studkit.evaluation import special_hands as hands
from studkit.evaluation.evaluator import Evaluator
from studkit.evaluation.rankings import CATEGORY_SHIFT, RANKINGS, _describe_high
from studkit.evaluation.special_wild import wild_strength

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from studkit.evaluation.wild import WildCards

__all__ = ["SpecialEvaluator", "SPECIAL_NAMES", "special_evaluator", "SpecialRanking"]

PACKED = (1 << CATEGORY_SHIFT) - 1
_ACE_LOW_CHARS = "A" + RANK_CHARS[:12]
_LOW_NAMES = ("one-pair", "two-pair", "three-of-a-kind", "full-house", "four-of-a-kind")
_HIGH_NAMES = ("", "high-card", "one-pair", "two-pair", "three-of-a-kind", "straight", "flush",
               "full-house", "four-of-a-kind", "straight-flush", "five-of-a-kind")


@dataclass(frozen=True)
class SpecialRanking:
    """One special ranking: its strength function, category names by number (best first)
    and how many cards it plays."""

    name: str
    function: str
    """The ranking function's name in :mod:`studkit.evaluation.special_hands`."""
    names: dict[int, str]
    """Category names by category number (``strength >> 20``)."""
    five_plus: tuple[str, ...]
    """The categories a hand of five or more cards can fall in, best first."""
    plays: int
    """Cards a hand plays at most (5; 4 for badugi; 2 for the two-card hands)."""
    groups: dict[str, int]
    """Qualifier words naming a group of categories, with the group's lowest number."""
    high_like: bool
    """High hands (soko, Mexican): wild cards may make five of a kind, the bug plays as an
    ace or fills a straight or flush."""
    ace_low: bool = True


def _badugi(name: str, ace_high: bool) -> SpecialRanking:
    chars = RANK_CHARS if ace_high else _ACE_LOW_CHARS
    names: dict[int, str] = {}
    five_plus: list[str] = []
    groups: dict[str, int] = {}
    for size in range(4, 0, -1):
        for top in range(size - 1, 13):
            number = (size - 1) * hands.BADUGI_SIZE_SPAN + hands.BADUGI_SIZE_SPAN - top
            names[number] = f"{size}-card-{chars[top]}-high"
            five_plus.append(names[number])
        groups[f"{size}-card"] = (size - 1) * hands.BADUGI_SIZE_SPAN + 1
    return SpecialRanking(name, "badugi", names, tuple(five_plus), 4, groups, False, not ace_high)


def _coded(name: str, function: str, codes: Sequence[int], extra: dict[int, str]) -> SpecialRanking:
    names = {codes[code]: _HIGH_NAMES[code] for code in range(1, 11) if code < len(codes)}
    names.update(extra)
    order = tuple(names[number] for number in sorted(names, reverse=True))
    return SpecialRanking(name, function, names, tuple(n for n in order if n != "five-of-a-kind"),
                          5, {}, True, False)


def _razz_high() -> SpecialRanking:
    names = {6 + top: f"{_ACE_LOW_CHARS[top]}-high" for top in range(13)}
    names.update({5 - i: word for i, word in enumerate(_LOW_NAMES)})
    five_plus = tuple(names[number] for number in sorted(names, reverse=True) if number >= 10
                      or number <= 5)
    return SpecialRanking("razz-high", "razz_high", names, five_plus, 5, {}, False)


def _action_razz() -> SpecialRanking:
    razz = RANKINGS["a5-low"]
    count = len(razz.low_categories)
    names: dict[int, str] = {}
    for number in range(1, count + 1):
        category = razz.category_name(number)
        names[number] = f"butt-{category}"
        names[number + count] = f"face-{category}"
    five = [c for c in razz.hand_categories()]
    five_plus = tuple(f"face-{c}" for c in five) + tuple(f"butt-{c}" for c in five)
    return SpecialRanking("action-razz", "action_razz", names, five_plus, 5,
                          {"face": count + 1, "butt": 1}, False)


def _two_card_a5() -> SpecialRanking:
    names = {14 - top: f"{_ACE_LOW_CHARS[top]}-low" for top in range(13)}
    names[1] = "one-pair"
    five_plus = tuple(names[number] for number in sorted(names, reverse=True) if number != 14)
    return SpecialRanking("two-card-a5", "two_card_a5", names, five_plus, 2, {}, False)


RANKING_TABLE: dict[str, SpecialRanking] = {
    "badugi": _badugi("badugi", False),
    "badugi-ace-high": _badugi("badugi-ace-high", True),
    "soko": _coded("soko", "soko", hands.SOKO_CODES,
                   {3: "four-straight", 4: "four-flush", 12: "five-of-a-kind"}),
    "mexican-high": _coded("mexican-high", "mexican", hands.MEXICAN_CODES, {}),
    "razz-high": _razz_high(),
    "action-razz": _action_razz(),
    "two-card-high": SpecialRanking("two-card-high", "two_card_high",
                                    {2: "one-pair", 1: "high-card"},
                                    ("one-pair", "high-card"), 2, {}, False, False),
    "two-card-a5": _two_card_a5(),
}
"""The special rankings by evaluator name."""

SPECIAL_NAMES: tuple[str, ...] = tuple(RANKING_TABLE)


@cache
def _razz() -> Evaluator:
    """The ace-to-five evaluator action razz ranks with inside each class."""
    return Evaluator(RANKINGS["a5-low"])


def _has_face(cards: Sequence[int]) -> bool:
    """Whether a jack, queen or king is among the cards (action razz's face hands)."""
    return any(c < 52 and 9 <= c >> 2 <= 11 for c in cards)


class SpecialEvaluator:
    """An evaluator of a special ranking (see :data:`SPECIAL_NAMES`), interchangeable with
    :class:`~studkit.evaluation.Evaluator`: strengths are ints, higher better, every hand at
    least 1; ``evaluate`` takes 1 to 8 distinct card indexes."""

    __slots__ = ("name", "ranking", "wild", "evaluate", "categories", "_plain")

    def __init__(self, ranking: SpecialRanking, wild: WildCards | None = None) -> None:
        self.name: str = ranking.name
        self.ranking = ranking
        self.wild = wild
        self._plain: Callable[[Sequence[int]], int] = self._plain_function()
        self.evaluate: Callable[[Sequence[int]], int] = (
            self._checked if wild is None else self._wild_evaluate
        )
        categories = ranking.five_plus
        if wild is not None and wild.five_of_a_kind and ranking.high_like:
            categories = ("five-of-a-kind", *categories)
        self.categories: tuple[str, ...] = categories

    def __repr__(self) -> str:
        wild = "" if self.wild is None else f", wild={self.wild!s}"
        return f"SpecialEvaluator({self.name!r}{wild})"

    def _plain_function(self) -> Callable[[Sequence[int]], int]:
        ranking = self.ranking
        if ranking.function == "action_razz":
            razz = _razz().evaluate
            offset = len(RANKINGS["a5-low"].low_categories) << CATEGORY_SHIFT

            def action(cards: Sequence[int]) -> int:
                strength = razz(cards)
                return strength + offset if _has_face(cards) else strength

            return action
        function: Any = getattr(hands, ranking.function)
        if ranking.function == "badugi":
            ace_high = 0 if ranking.ace_low else 1
            return lambda cards: int(function(cards, len(cards), ace_high))
        return lambda cards: int(function(cards, len(cards)))

    def _checked(self, cards: Sequence[int]) -> int:
        items = [int(c) for c in cards]
        if not 1 <= len(items) <= 8 or any(not 0 <= c <= 51 for c in items):
            raise _bad_hand(items, self.name)
        return self._plain(items)

    def _wild_evaluate(self, cards: Sequence[int]) -> int:
        items = [int(c) for c in cards]
        if not 1 <= len(items) <= 8 or any(not 0 <= c <= 53 for c in items):
            raise _bad_hand(items, self.name)
        assert self.wild is not None
        return wild_strength(self._plain, items, self.wild, self.ranking.high_like,
                             self._five_kind_number(), self.ranking.names)

    def _five_kind_number(self) -> int:
        for number, name in self.ranking.names.items():
            if name == "five-of-a-kind":
                return number
        return 0

    # ----------------------------------------------------------------- categories
    def category(self, strength: int) -> str:
        """The category name of a strength: ``"4-card-7-high"``, ``"four-flush"``, ..."""
        number = int(strength) >> CATEGORY_SHIFT
        name = self.ranking.names.get(number) if int(strength) > 0 else None
        if name is None:
            raise EvaluatorError(f"{strength} is not a strength of {self.name!r}")
        return name

    def category_number(self, strength: int) -> int:
        """The category part of a strength (``strength >> 20``)."""
        return int(strength) >> CATEGORY_SHIFT

    def qualifier(self, text: str) -> int:
        """The least strength of a category (``"four-flush"``, ``"2-card-K-high"``) or of a
        group (``"4-card"``: any four-card badugi; ``"face"``: any action-razz face hand)."""
        key = text.strip().replace(" ", "-").lower()
        groups = {word.lower(): number for word, number in self.ranking.groups.items()}
        if key in groups:
            return groups[key] << CATEGORY_SHIFT
        for number, name in self.ranking.names.items():
            if name.lower() == key:
                return number << CATEGORY_SHIFT
        words = ", ".join([*self.ranking.groups, *self.categories])
        raise EvaluatorError(
            f"unknown qualifier {text!r} for {self.name!r}: expected a category ({words})"
        )

    def describe(self, strength: int) -> str:
        """Readable text: ``"4-card badugi, 7-4-2-A"``, ``"Four flush, A-K-9-2, kicker 3"``,
        ``"King high, K-Q-J-T-9"``, ``"8-6-5-3-2, with a face card"``, ``"One pair, aces"``."""
        self.category(strength)
        return describe_special(self.ranking, int(strength))

    # ----------------------------------------------------------------- cards played
    def best_five(self, cards: Sequence[int]) -> tuple[Card, ...]:
        """The cards the best hand plays (the badugi's cards, the two cards, or five)."""
        hand = [CARDS[int(c)] for c in cards]
        strength = self.evaluate(hand)
        if self.ranking.function == "action_razz":
            return _razz().best_five(hand)
        size = min(self.ranking.plays, len(hand))
        if self.ranking.function == "badugi":
            size = ((strength >> CATEGORY_SHIFT) - 1) // hands.BADUGI_SIZE_SPAN + 1
        for chosen in combinations(hand, size):
            if self.evaluate(chosen) == strength or (
                self.ranking.plays == 5 and len(hand) <= 5
            ):
                return tuple(sorted(chosen, key=int, reverse=True))
        return tuple(hand[:size])

    # ----------------------------------------------------------------- batches
    def evaluate_batch(
        self, hands_array: npt.ArrayLike, *, check_distinct: bool = False
    ) -> npt.NDArray[np.int64]:
        """Strengths of many hands at once: (n, k) card indexes -> (n,) int64, identical to
        :meth:`evaluate` on every row (compiled by numba on first use)."""
        import numpy as np

        from studkit.evaluation.batch import repeated_card_rows, validate_hands

        array = validate_hands(hands_array, jokers=self.wild is not None,
                               distinct=check_distinct)
        if check_distinct and len(repeated_card_rows(array)):
            raise EvaluatorError("a card appears more than once in a row of the batch")
        if self.wild is not None:
            from studkit.evaluation.special_wild import wild_batch

            plain = special_evaluator(self.name).evaluate_batch
            return wild_batch(plain, self.evaluate, array.astype(np.int64), self.wild,
                              self.ranking.high_like, self._five_kind_number(),
                              self.ranking.names)
        if self.ranking.function == "action_razz":
            if self.wild is None:
                razz = _razz().evaluate_batch(array)
                ranks = array.astype(np.int64) >> 2
                face = ((ranks >= 9) & (ranks <= 11)).any(axis=1)
                offset = len(RANKINGS["a5-low"].low_categories) << CATEGORY_SHIFT
                return np.where(face, razz + offset, razz).astype(np.int64)
            return np.array([self.evaluate(row) for row in array.tolist()], dtype=np.int64)
        from studkit.evaluation.special_batch import RANK_ONLY, rank_only_strengths, row_strengths

        function = self.ranking.function
        if function in RANK_ONLY:
            return rank_only_strengths(function, array)
        if function == "badugi" and not self.ranking.ace_low:
            function = "badugi-ace-high"
        return row_strengths(function, array)


def _bad_hand(items: list[int], name: str) -> EvaluatorError:
    if not 1 <= len(items) <= 8:
        return EvaluatorError(f"a hand holds 1 to 8 cards, got {len(items)}")
    bad = [c for c in items if not 0 <= c <= 53]
    if bad:
        return EvaluatorError(f"not a card index (0-51, jokers 52-53): {bad[0]} in {items}")
    return EvaluatorError(
        f"a joker in {items} needs an evaluator with wild cards "
        f"(get_evaluator({name!r}, wild=WildCards(...)))"
    )


def describe_special(ranking: SpecialRanking, strength: int) -> str:
    """The words for a strength of a special ranking (see :meth:`SpecialEvaluator.describe`)."""
    number = strength >> CATEGORY_SHIFT
    packed = strength & PACKED
    function = ranking.function
    if function == "action_razz":
        razz = RANKINGS["a5-low"]
        count = len(razz.low_categories)
        face = number > count
        text = razz.describe(strength - (count << CATEGORY_SHIFT) if face else strength)
        return f"{text}, {'with a face card' if face else 'no face card'}"
    if function in ("badugi", "two_card_a5"):
        inverted = PACKED - packed
        alphabet = _ACE_LOW_CHARS if ranking.ace_low else RANK_CHARS
        tops = [(inverted >> shift & 15) - 1 for shift in (16, 12, 8, 4)]
        text = "-".join(alphabet[top] for top in tops if top >= 0)
        if function == "badugi":
            size = (number - 1) // hands.BADUGI_SIZE_SPAN + 1
            return f"{size}-card badugi, {text}"
        if number == 1:
            return f"One pair, {_plural(tops[0], True)}"
        return text
    positions = [(packed >> shift & 15) - 1 for shift in (16, 12, 8, 4, 0)]
    positions = [p for p in positions if p >= 0]
    if function == "razz_high":
        ranks = [12 if p == 0 else p - 1 for p in positions]
        chars = [RANK_CHARS[r] for r in ranks]
        if number >= 6:
            return f"{_SINGULARS[ranks[0]].capitalize()} high, {'-'.join(chars)}"
        hcat = {5: 2, 4: 3, 3: 4, 2: 7, 1: 8}[number]
        return _describe_high(hcat, ranks, chars)
    if function == "two_card_high":
        chars = [RANK_CHARS[r] for r in positions]
        if number == 2:
            return f"One pair, {_plural(positions[0], False)}"
        return f"High card, {'-'.join(chars)}"
    name = ranking.names[number]
    chars = [RANK_CHARS[r] for r in positions]
    if name == "four-flush":
        kicker = f", kicker {chars[4]}" if len(chars) > 4 else ""
        return f"Four flush, {'-'.join(chars[:4])}{kicker}"
    if name == "four-straight":
        kicker = f", kicker {chars[1]}" if len(chars) > 1 else ""
        return f"Four straight, {_singular(positions[0])} high{kicker}"
    hcat = _HIGH_NAMES.index(name)
    return _describe_high(hcat, positions, chars)


_PLURALS = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces")
_SINGULARS = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
              "queen", "king", "ace")


def _plural(position: int, ace_low: bool) -> str:
    rank = (12 if position == 0 else position - 1) if ace_low else position
    return _PLURALS[rank]


def _singular(rank: int) -> str:
    return _SINGULARS[rank]


def special_evaluator(name: str, wild: WildCards | None = None) -> SpecialEvaluator:
    """A new evaluator of the special ranking ``name`` (get them cached through
    :func:`studkit.evaluation.get_evaluator`)."""
    return SpecialEvaluator(RANKING_TABLE[name], wild)
