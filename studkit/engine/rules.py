"""A variant compiled for the engine: per-street plans, lookup tables and cached evaluators.

:func:`compile_rules` turns a :class:`~studkit.variant.model.Variant` (and the stakes in play) into
a :class:`Rules` object once; every hand of that variant shares it, so the hot path reads
plain tuples and lists instead of re-deriving anything from the variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from studkit.cards import CARDS, Card, standard_deck
from studkit.core import VERBS, Records, Rules as CoreRules
from studkit.core.compile import core_rules
from studkit.engine.actions import Action
from studkit.engine.descriptions import describe
from studkit.engine.events import (
    BURNED,
    COMMUNITY_CARDS,
    CORE_KINDS,
    CORE_RECORDS,
    DEALT_DOWN,
    DEALT_UP,
    STREET,
    StreetEvent,
)
from studkit.engine.jokers import showing_wild
from studkit.hooks.evaluators import many_cards, share_evaluator, showing_evaluator
from studkit.hooks.host import host_for, registry_of
from studkit.variant.model import ROLLED, Stakes, Variant
from studkit.variant.stakes import check_stakes

__all__ = [
    "StreetPlan", "ShareRule", "Rules", "compile_rules", "event_records", "wild_cards",
    "RANKS_ONLY_SHOWING",
]


RANKS_ONLY_SHOWING: frozenset[str] = frozenset((
    "high", "a5-low", "2-7-low", "a6-low", "razz-high", "mexican-high", "two-card-high",
    "two-card-a5",
))
"""The built-in showing evaluators that rank one to four natural cards by their ranks alone
(no flush, four-flush or badugi counts below five cards; ``soko`` and the badugis do count
suits)."""


class StreetPlan(NamedTuple):
    """One street as the engine deals and bets it."""

    number: int
    """The street's position, 0 for the first."""
    name: str
    faces: tuple[bool, ...]
    """Per card round: True for a face-up card (``choice`` cards are dealt down)."""
    burn: bool
    betting: bool
    size: int
    """The fixed-limit bet of this street (small or big)."""
    open_pair: bool
    """Whether the open-pair option applies on this street."""
    round_max: int
    """Spread limit: the largest bet or raise this round."""
    faces_up: bool
    """Whether any card of this street is dealt face up (the boards change)."""
    event: StreetEvent
    """The street's ``street`` event, made once."""
    board: int = 0
    """Board (community) cards dealt face up to the table after the players' cards."""
    rolled: tuple[bool, ...] = ()
    """Per card round: True for an ``up-unless-all-exposed`` card (dealt up to a player who
    holds a down card, down to one who holds none); ``()`` when the street has none."""


class ShareRule(NamedTuple):
    """One pot share with its evaluator and the minimum strength that qualifies."""

    name: str
    weight: int
    evaluator: Any
    qualifier: int
    cards: str = "all"
    """Which cards make the hand: ``all``, ``own`` or ``omaha`` (``PotShare.cards``)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything a hand of one variant at given stakes needs, precomputed: the rules core's
    numbers (:attr:`core`) and what the engine adds around them (the deck, the evaluators,
    the plugin host, the event records)."""

    variant: Variant
    stakes: Stakes
    deck: tuple[Card, ...]
    streets: tuple[StreetPlan, ...]
    structure: str
    """``variant.betting.structure``: ``fixed-limit``, ``spread-limit``, ``pot-limit`` or
    ``no-limit``."""
    ante: int
    bring_in: int
    """The bring-in amount; 0 when the variant has none."""
    showing: Any
    """The showing-hand evaluator: ``evaluate(up_cards) -> int``, higher acts first."""
    shares: tuple[ShareRule, ...]
    core: CoreRules
    """The rules core's numbers (:func:`studkit.core.compile.core_rules`)."""
    records: Records
    """The event records the core logs for hands of these rules, shared."""
    plugins: Any = None
    """The variant's :class:`~studkit.hooks.host.PluginHost` (from the variant's plugin
    registry); ``None`` when no plugin acts."""
    showing_values: dict[int, int] | None = field(default=None, compare=False, repr=False)
    """The showing evaluator's values by set of cards (a bit per card), remembered: a built-in
    evaluator ranks a set of cards the same whatever their order. ``None`` (remember
    nothing) when a plugin acts, whose evaluator need not be a function of the cards alone."""
    showing_by_ranks: dict[int, int] | None = field(default=None, compare=False, repr=False)
    """The showing evaluator's values of one to four natural cards (no joker) by their ranks
    (three bits of count per rank): a built-in evaluator ranks such a board without straights
    or flushes, so boards of the same ranks score the same whatever their suits, and the
    2,379 rank patterns are all there are. ``None`` when a plugin acts or the showing
    evaluator is not one of :data:`RANKS_ONLY_SHOWING`."""

    @property
    def max_players(self) -> int:
        """The variant's seat limit."""
        return self.variant.max_players


def _check_variant(variant: object) -> None:
    """A clear :class:`TypeError` for something that is not a loaded variant (a name, say)."""
    if not isinstance(variant, Variant):
        raise TypeError(
            f"expected a Variant (load_variant({variant!r}) loads one by name or file), "
            f"not {type(variant).__name__} {variant!r}"
        )


def compile_rules(variant: Variant, stakes: Stakes | None = None) -> Rules:
    """The compiled rules of ``variant`` at ``stakes`` (default: the variant's).

    Kept in ``variant.memo`` by stakes (value, not identity), with the variant's plugin
    registry and its generation: adding a plugin directory compiles them again (the rules
    hold the plugin host)."""
    if not isinstance(variant, Variant):
        _check_variant(variant)
    memo = variant.memo
    hit = memo.get(stakes)
    if hit is not None and variant.plugin_registry is hit[0] and hit[1] == hit[0].generation:
        found: Rules = hit[2]  # the usual case, every hand: the variant's own registry
        return found
    registry = registry_of(variant)
    if hit is not None and hit[0] is registry and hit[1] == registry.generation:
        rules: Rules = hit[2]
        return rules
    if stakes is not None and not isinstance(stakes, Stakes):
        raise TypeError(
            f"stakes must be a Stakes (apply_stakes(variant, 'ante=1,...') gives a variant at "
            f"other amounts), not {type(stakes).__name__} {stakes!r}"
        )
    if stakes is not None and stakes != variant.stakes:
        check_stakes(variant, stakes)
    rules = _compile(variant, variant.stakes if stakes is None else stakes)
    if len(memo) > 64:
        memo.clear()  # many stakes played: keep the memory bounded
    memo[stakes] = (registry, registry.generation, rules)
    return rules


def _compile(variant: Variant, stakes: Stakes) -> Rules:
    plugins = host_for(variant)
    deck = standard_deck(stripped_ranks=variant.deck.stripped_ranks, jokers=variant.deck.jokers)
    betting_indexes = [i for i, st in enumerate(variant.streets) if st.betting]
    last_betting = betting_indexes[-1] if betting_indexes else -1
    spread_max = stakes.spread_max if stakes.spread_max is not None else stakes.big_bet
    last_max = stakes.last_round_max if stakes.last_round_max is not None else spread_max
    streets = tuple(
        StreetPlan(
            number=i,
            name=st.name,
            faces=tuple(face == "up" for face in st.cards),
            burn=st.burn,
            betting=st.betting,
            size=stakes.big_bet if st.bet_size == "big" else stakes.small_bet,
            open_pair=variant.betting.open_pair_street == st.name,
            round_max=last_max if i == last_betting else spread_max,
            faces_up=any(face != "down" for face in st.cards) or st.board > 0,
            event=StreetEvent(STREET, i, st.name),
            board=st.board,
            rolled=tuple(face == ROLLED for face in st.cards) if ROLLED in st.cards else (),
        )
        for i, st in enumerate(variant.streets)
    )
    wild = wild_cards(variant)
    shares = []
    for share in variant.pots:
        evaluator = many_cards(
            share_evaluator(share.evaluator, wild, plugins), _ranked_cards(variant, share.cards)
        )
        qualifier = evaluator.qualifier(share.qualifier) if share.qualifier else 0
        shares.append(ShareRule(share.name, share.weight, evaluator, qualifier, share.cards))
    core = core_rules(variant, stakes, hooks=plugins is not None,
                      qualifiers=[share.qualifier for share in shares])
    return Rules(
        variant=variant,
        stakes=stakes,
        deck=deck,
        streets=streets,
        structure=variant.betting.structure,
        ante=core.ante,
        bring_in=core.bring_in,
        showing=many_cards(
            showing_evaluator(variant.action_order.evaluator, showing_wild(variant, wild),
                              plugins),
            _showing_cards(variant),
        ),
        shares=tuple(shares),
        core=core,
        records=event_records(streets, shares),
        plugins=plugins,
        showing_values={} if plugins is None else None,
        showing_by_ranks=(
            {} if plugins is None and variant.action_order.evaluator in RANKS_ONLY_SHOWING
            else None
        ),
    )


def event_records(streets: Sequence[StreetPlan], shares: Sequence[ShareRule]) -> Records:
    """The records the rules core logs for hands of these rules (shared: events are
    immutable), and the hand's name for an award (``describe(share, strength)``)."""

    def named(share: int, strength: int) -> str:
        return describe(shares[share].evaluator, strength)

    return Records(
        dealt_up=DEALT_UP, dealt_down=DEALT_DOWN, burned=BURNED, community=COMMUNITY_CARDS,
        streets=tuple(plan.event for plan in streets), cards=CARDS, verbs=VERBS,
        classes=CORE_RECORDS, names=CORE_KINDS, blinds=("small", "big"),
        shares=tuple(share.name for share in shares), describe=named, action=Action,
    )


def _ranked_cards(variant: Variant, mode: str) -> int:
    """The most cards a share's hand is ranked from: own cards, plus the board for ``all``
    (five for the Omaha rule)."""
    if mode == "omaha":
        return 5
    own = variant.max_cards_per_player
    return own + variant.board_cards if mode == "all" else own


def _showing_cards(variant: Variant) -> int:
    """The most cards a showing hand holds: every up card and (usually) the board."""
    ups = sum(face != "down" for street in variant.streets for face in street.cards)
    return ups + (variant.board_cards if variant.action_order.board_includes_community else 0)


def wild_cards(variant: Variant) -> Any:
    """The evaluators' wild-card setting for the variant's deck (``None`` when nothing is
    wild)."""
    deck = variant.deck
    if not deck.wild_ranks and not deck.jokers:
        return None
    from studkit.evaluation import WildCards

    return WildCards(
        ranks=frozenset(int(r) for r in deck.wild_ranks),
        jokers=deck.joker_mode,
        five_of_a_kind=deck.five_of_a_kind,
    )
