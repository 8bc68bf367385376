"""Wild-card settings: which ranks are wild, how jokers play, whether five of a kind exists."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from studkit.cards import RANK_CHARS, parse_rank
from studkit.errors import EvaluatorError, StudkitError

__all__ = ["WildCards", "JokerRule", "JOKER_RULES"]

JokerRule = Literal["wild", "bug"]
JOKER_RULES: tuple[str, ...] = ("wild", "bug")


@dataclass(frozen=True)
class WildCards:
    """Which cards are wild and how.

    ``ranks``: ranks whose four cards are fully wild (e.g. ``{Rank.NINE}`` for baseball's
    nines). ``jokers``: how a joker in the hand plays: ``"wild"`` (any card) or ``"bug"`` (an
    ace, or any card completing a straight or a flush; low evaluators play it as fully wild,
    the lowest card not already held). ``five_of_a_kind``: whether wild cards can make five of a
    kind, the best high hand when they can; when not, a wild card never becomes a fifth card of
    a rank.

    A wild card becomes a card of the deck other than the natural cards of the five it plays
    with (so a flush never holds two cards of one rank), except for five of a kind.

    >>> WildCards.parse("9,3").ranks == frozenset({7, 1})
    True
    """

    ranks: frozenset[int] = field(default_factory=frozenset)
    jokers: JokerRule = "wild"
    five_of_a_kind: bool = True

    def __post_init__(self) -> None:
        ranks = frozenset(int(rank) for rank in self.ranks)
        bad = sorted(rank for rank in ranks if not 0 <= rank <= 12)
        if bad:
            raise EvaluatorError(f"wild ranks must be rank indexes 0 (deuce) to 12 (ace): {bad}")
        object.__setattr__(self, "ranks", ranks)
        if self.jokers not in JOKER_RULES:
            raise EvaluatorError(
                f"unknown joker rule {self.jokers!r}: expected one of {', '.join(JOKER_RULES)}"
            )

    @classmethod
    def parse(cls, text: str | Iterable[str], *, five_of_a_kind: bool = True) -> WildCards:
        """Parse ``"9,3"``, ``"9 3 joker"`` or ``"bug"``: wild ranks plus a joker rule.

        ``joker`` makes jokers fully wild, ``bug`` makes them the bug (at most one of the two).
        """
        tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        ranks: set[int] = set()
        rules: list[str] = []
        for token in tokens:
            word = token.strip().lower()
            if word in ("joker", "jokers"):
                rules.append("wild")
            elif word == "bug":
                rules.append("bug")
            else:
                try:
                    ranks.add(int(parse_rank(token)))
                except StudkitError as error:
                    raise EvaluatorError(
                        f"bad wild card {token!r}: expected ranks (2-9, T, J, Q, K, A), "
                        "'joker' or 'bug', e.g. '9,3' or 'joker'"
                    ) from error
        if len(set(rules)) > 1:
            raise EvaluatorError(f"jokers are either 'joker' (wild) or 'bug', not both: {text!r}")
        jokers: JokerRule = "bug" if rules and rules[0] == "bug" else "wild"
        return cls(frozenset(ranks), jokers, five_of_a_kind)

    def __str__(self) -> str:
        """The setting as :meth:`parse` reads it: ``"9,3"``, ``"bug"``, ``"9,bug"``, ``"joker"``."""
        parts = [RANK_CHARS[rank] for rank in sorted(self.ranks, reverse=True)]
        if self.jokers == "bug":
            parts.append("bug")
        return ",".join(parts) or "joker"
