"""Separate hands (Outhouse): each player sets their cards into a big hand and a small hand.

Before the street named ``before`` (default: the last street, a betting round with no cards
after the last deal), every live player, all-in players too, chooses the cards of the small
hand (``sizes``: ``[5, 2]`` by default), one ``arrange <card>`` decision per card, all at once
(nobody's split is shown before every player has split). Each hand must hold at least
``min_down_each`` face-down cards, and with ``order_required`` the big hand must rank above
the small one as in pai gow (a pair in the small hand needs a higher pair or better in the big
one; against two unpaired cards, a big hand without a pair, straight or flush needs higher top
cards, its extra cards breaking a tie). When no split meets every rule the order rule is
dropped (it cannot happen with seven cards and one down card in each hand).

Two pot shares rank the hands: the evaluator ``split-hands-big`` ranks the big hand with the
``high`` ranking and ``split-hands-small`` the small hand with ``two-card-high`` (the options
``big_evaluator`` and ``small_evaluator`` choose others). Which up cards went to which hand
is public once the split is made; which down cards did is seen at the showdown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from studkit.cards import CARDS, Card
from studkit.engine.actions import Action
from studkit.engine.decisions import DecisionKind, Record, Taken
from studkit.errors import PluginError
from studkit.hooks.evaluators import PluginShareEvaluator
from studkit.hooks.kernel_rules import SplitRule
from studkit.hooks.specs import HandView, Holding, hookimpl
from studkit.variant.model import PotShare, Street, Variant
from studkit.variant.schema import suggest

EQUITY_NOTE = (
    "equity is not defined before the split: each player's two hands depend on how they will "
    "set their cards"
)
"""Why ``studkit equity`` leaves the split out (printed with its note)."""

BIG, SMALL = "split-hands-big", "split-hands-small"

EVALUATOR_WORDS: Mapping[str, str] = {
    BIG: "big hand of the split",
    SMALL: "small hand of the split",
}
"""What each of the plugin's evaluators ranks, in words (for ``studkit show``)."""

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "before": {
            "type": "string",
            "description": "The street before whose deal and betting players split "
                           "(default: the last street).",
        },
        "sizes": {
            "type": "array",
            "items": {"type": "integer", "minimum": 1, "maximum": 7},
            "minItems": 2,
            "maxItems": 2,
            "default": [5, 2],
            "description": "Cards in the big hand and in the small hand.",
        },
        "min_down_each": {
            "type": "integer",
            "minimum": 0,
            "maximum": 2,
            "default": 1,
            "description": "Face-down cards each hand must hold.",
        },
        "order_required": {
            "type": "boolean",
            "default": True,
            "description": "Whether the big hand must rank above the small one (pai gow).",
        },
        "big_evaluator": {
            "type": "string",
            "default": "high",
            "description": "The ranking of the big hand.",
        },
        "small_evaluator": {
            "type": "string",
            "default": "two-card-high",
            "description": "The ranking of the small hand.",
        },
    },
    "additionalProperties": False,
}


@dataclass(frozen=True, slots=True)
class SplitRequest:
    """Choose the ``small`` cards of the small hand; ``splits`` are the allowed small
    hands (each a sorted tuple of card ids)."""

    small: int
    splits: tuple[tuple[int, ...], ...]


class SplitEvent(NamedTuple):
    """``arrange``: a card the player put in the small hand (``up``: a face-up card; another
    seat sees a down card as ``None``)."""

    kind: str
    seat: int
    card: Card | None
    up: bool


def big_beats_small(big: Sequence[int], small: Sequence[int]) -> bool:
    """The pai gow order: whether ``big`` ranks above ``small`` (cards as ids; jokers pair
    nothing).

    >>> from studkit.cards import parse_cards
    >>> big_beats_small(parse_cards("Ks Kd 4c 7h 9s"), parse_cards("Qs Qh"))
    True
    >>> big_beats_small(parse_cards("Js Jd 4c 7h 9s"), parse_cards("Qs Qh"))
    False
    >>> big_beats_small(parse_cards("As 8d 4c 7h 2s"), parse_cards("Ks Qh"))
    True
    """
    counts = [0] * 13
    suits = set()
    for card in big:
        if card < 52:
            counts[card >> 2] += 1
            suits.add(card & 3)
    low = sorted((card >> 2 for card in small if card < 52), reverse=True)
    small_pair = len(low) == 2 and low[0] == low[1]
    pairs = [rank for rank in range(12, -1, -1) if counts[rank] >= 2]
    if len(pairs) >= 2 or max(counts) >= 3:
        return True
    if pairs:
        return not small_pair or pairs[0] > low[0]
    ranks = [rank for rank in range(12, -1, -1) if counts[rank]]
    if len(big) == 5 == len(ranks) and (
        len(suits) == 1 or ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0]
    ):
        return True  # a straight or a flush
    return not small_pair and ranks[: len(low)] >= low


def allowed_splits(
    down: Sequence[int], up: Sequence[int], sizes: Sequence[int], min_down: int,
    ordered: bool,
) -> tuple[tuple[int, ...], ...]:
    """Every small hand (sorted card ids) the rules allow for these cards; without the
    order rule when no split meets it."""
    cards = sorted(int(card) for card in (*down, *up))
    hidden = {int(card) for card in down}
    big_size, small_size = sizes
    if len(cards) != big_size + small_size:
        return ()
    fair: list[tuple[int, ...]] = []
    ordered_ok: list[tuple[int, ...]] = []
    for small in combinations(cards, small_size):
        in_small = sum(1 for c in small if c in hidden)
        if in_small < min_down or len(hidden) - in_small < min_down:
            continue
        fair.append(small)
        if not ordered or big_beats_small([c for c in cards if c not in small], small):
            ordered_ok.append(small)
    return tuple(ordered_ok or fair)


SMALL_WEIGHT = 1.5
"""The bots value a split at the big hand's category plus this many times the small hand's
(a pair in the small hand is rare and wins that half often)."""


class SplitKind(DecisionKind):
    """Put a card in the small hand: ``arrange <card>``, one per card of the small hand."""

    name = "arrange"
    event = SplitEvent
    request = SplitRequest
    field = "card"
    phh_argument = "card"
    phh_example = "Kd"
    phh_help = "studkit: put a card in the small hand (separate hands): 'p2 arrange Kd'"
    sentence = ("put", "puts", "{who} {verb} {card} in the small hand")

    def check(self, hand: HandView, seat: int, request: SplitRequest) -> None:
        if not request.splits or request.small < 1:
            raise PluginError(f"seat {seat} was asked to split with {request!r}: no split")

    def count(self, request: SplitRequest) -> int:
        return request.small

    def options(
        self, hand: HandView, seat: int, request: SplitRequest, taken: Sequence[Action]
    ) -> list[Action]:
        chosen = {int(action.amount or 0) for action in taken}
        offered = sorted({c for small in request.splits if chosen <= set(small) for c in small}
                         - chosen)
        return [Action(self.name, c) for c in offered]

    def take(self, hand: HandView, seat: int, request: SplitRequest, action: Action) -> Taken:
        card = CARDS[int(action.amount or 0)]
        up = card in hand.up[seat]
        return Taken((Record(SplitEvent(self.name, seat, card, up)),), hidden=True)

    def seen(self, event: tuple[Any, ...], visible: bool) -> tuple[Any, ...]:
        if isinstance(event, SplitEvent) and not event.up and not visible:
            return event._replace(card=None)
        return event

    def describe(self, value: Any) -> str:
        return "arrange a card" if value is None else f"arrange {value}"

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        """The bots' split: the allowed small hand whose two hands rank best together (the
        big hand's category, then :data:`SMALL_WEIGHT` times the small hand's, each with its
        ranking within the category as a fraction), picked card by card."""
        from studkit.evaluation import get_evaluator

        plugin = next((ref for ref in variant.plugins if ref.name == "split-hands"), None)
        options = plugin.options if plugin is not None else {}
        down = [int(c) for c in view.down_cards]
        up = [int(c) for c in view.up_cards[view.seat]]
        splits = allowed_splits(
            down, up, options.get("sizes", (5, 2)), options.get("min_down_each", 1),
            options.get("order_required", True),
        )
        if not splits:
            return None
        big_rank = get_evaluator(options.get("big_evaluator", "high")).evaluate
        small_rank = get_evaluator(options.get("small_evaluator", "two-card-high")).evaluate
        cards = down + up

        def value(small: tuple[int, ...]) -> float:
            big = big_rank([c for c in cards if c not in small]) / (1 << 20)
            return big + SMALL_WEIGHT * small_rank(list(small)) / (1 << 20)

        best = max(splits, key=value)
        offered = {int(action.amount or 0): action for action in actions}
        return next((offered[c] for c in best if c in offered), None)


@hookimpl
def studkit_decision_kinds() -> list[DecisionKind]:
    return [SplitKind()]


def split_of(events: Sequence[tuple[Any, ...]], seat: int) -> set[Card]:
    """The cards ``seat`` put in its small hand (from the hand's ``arrange`` events)."""
    return {
        event.card for event in events
        if isinstance(event, SplitEvent) and event.seat == seat and event.card is not None
    }


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    big, small = options.get("sizes", (5, 2))
    down = options.get("min_down_each", 1)
    when = f"before {options['before']} street" if "before" in options else (
        "before the last betting round")
    order = (
        ", and the big hand must rank above the small one (a pair in the small hand needs a "
        "higher pair or better)" if options.get("order_required", True) else ""
    )
    each = (f"; each hand holds at least {down} down card{'s' if down > 1 else ''}"
            if down else "")
    return (
        f"{when.capitalize()} every player sets their cards into a {big}-card hand and a "
        f"{small}-card hand, all at once{each}{order}. The up cards' places are public at "
        "once, the down cards' at the showdown; the big hands and the small hands each win "
        "their share."
    )


def check_variant(
    options: Mapping[str, Any], data: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    """The ``before`` street must exist and not be the first, the sizes must add up to the
    cards a player holds before it, and pot shares must use the plugin's evaluators."""
    problems: list[tuple[tuple[str | int, ...], str]] = []
    names = [street["name"] for street in data["streets"]]
    before = options.get("before", names[-1])
    if before not in names:
        return [(("before",), f"{before!r} is not a street of this game "
                              f"({', '.join(names)}){suggest(before, names)}")]
    index = names.index(before)
    held = sum(len(street["cards"]) for street in data["streets"][:index])
    sizes = options.get("sizes", [5, 2])
    if index == 0 or sum(sizes) != held:
        problems.append((("sizes",), f"players hold {held} cards before {before} street; the "
                                     f"hands' sizes {sizes} must add up to that"))
    if not {BIG, SMALL} <= {share["evaluator"] for share in data["pots"]}:
        problems.append(((), f"the pot shares must use the evaluators {BIG!r} and {SMALL!r}"))
    return problems


class _SplitEvaluator(PluginShareEvaluator):
    """A share's evaluator: the strengths come from the split at the showdown
    (:meth:`Plugin.studkit_share_strengths`); the words from the hand's own ranking."""

    __slots__ = ("ranking",)

    def __init__(self, name: str, ranking: Any) -> None:
        super().__init__(name)
        self.ranking = ranking

    def describe(self, strength: int) -> str:
        return str(self.ranking.describe(strength))


class Plugin:
    """Asks for the split and ranks the two shares from it."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.before: str | None = options.get("before")
        big, small = options.get("sizes", (5, 2))
        self.sizes: tuple[int, int] = (int(big), int(small))
        self.min_down: int = options.get("min_down_each", 1)
        self.ordered: bool = options.get("order_required", True)
        self.big: str = options.get("big_evaluator", "high")
        self.small: str = options.get("small_evaluator", "two-card-high")

    @hookimpl
    def studkit_kernel_rule(self, variant: Variant) -> SplitRule | None:
        """The split as data for the batch kernel (none with a street name it lacks)."""
        before = self.before or variant.streets[-1].name
        street = next((i for i, s in enumerate(variant.streets) if s.name == before), None)
        if street is None or street == 0:
            return None
        shares = [share.evaluator for share in variant.pots]
        return SplitRule(
            street, self.sizes[0], self.sizes[1], self.min_down, self.ordered,
            SplitKind.name,
            tuple(i for i, name in enumerate(shares) if name == BIG),
            tuple(i for i, name in enumerate(shares) if name == SMALL),
            self.big, self.small,
        )

    @hookimpl
    def studkit_exposure_choice(
        self, hand: HandView, seat: int, street: Street, holding: Holding, dealt: bool
    ) -> SplitRequest | None:
        before = self.before or hand.variant.streets[-1].name
        if dealt or street.name != before:
            return None
        splits = allowed_splits(
            [int(c) for c in holding.down], [int(c) for c in holding.up], self.sizes,
            self.min_down, self.ordered,
        )
        return SplitRequest(self.sizes[1], splits) if splits else None

    @hookimpl
    def studkit_hand_evaluator(self, name: str, wild_ranks: frozenset[Any]) -> Any:
        from studkit.evaluation import get_evaluator

        if name == BIG:
            return _SplitEvaluator(name, get_evaluator(self.big))
        if name == SMALL:
            return _SplitEvaluator(name, get_evaluator(self.small))
        return None

    @hookimpl
    def studkit_share_strengths(
        self, hand: HandView, share: PotShare, holdings: Sequence[Holding | None]
    ) -> list[int] | None:
        if share.evaluator not in (BIG, SMALL):
            return None
        from studkit.evaluation import get_evaluator

        ranking = get_evaluator(self.big if share.evaluator == BIG else self.small)
        strengths = []
        for holding in holdings:
            if holding is None:
                strengths.append(0)
                continue
            cards = [*holding.down, *holding.up]
            small = split_of(hand.events, holding.seat)
            if len(small) != self.sizes[1]:  # no split recorded: the first allowed one
                splits = allowed_splits([int(c) for c in holding.down],
                                        [int(c) for c in holding.up], self.sizes,
                                        self.min_down, self.ordered)
                small = {CARDS[c] for c in splits[0]} if splits else set(cards[-self.sizes[1]:])
            part = small if share.evaluator == SMALL else [c for c in cards if c not in small]
            strengths.append(int(ranking.evaluate([int(c) for c in part])))
        return strengths
