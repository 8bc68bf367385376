"""The variant model: a stud game as typed, immutable data.

A :class:`Variant` is what the loader builds from a YAML file (after ``extends`` is resolved,
the schema is checked and defaults are filled) and what the engine reads. Every rule switch is
a field with a default; the defaults are seven-card stud (``variants/seven-card-stud.yaml``).
Rules that data cannot say are plugin hooks, named in :attr:`Variant.plugins`.

>>> v = Variant(name="seven-card-stud")
>>> "".join(street.pattern for street in v.streets)
'↓↓↑↑↑↑↓'
>>> v.max_cards_per_player
7
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Final, Literal

from studkit.cards import Rank, Suit
from studkit.variant.amounts import Amount, amount_scale, as_amount, from_units, to_units

__all__ = [
    "CardFace",
    "ROLLED",
    "DeckSpec",
    "Street",
    "Discard",
    "Flip",
    "BringIn",
    "ForcedBets",
    "ActionOrder",
    "Betting",
    "PotShare",
    "OddChips",
    "Showdown",
    "DeckExhaustion",
    "PluginRef",
    "Stakes",
    "AMOUNT_FIELDS",
    "Variant",
    "SEVEN_CARD_STUD_STREETS",
]

CardFace = Literal["down", "up", "choice", "up-unless-all-exposed"]
"""How a dealt card lands: face down, face up, the player chooses (roll your own), or face up
unless the player holds no down card (then face down: choose-before)."""

ROLLED: Final = "up-unless-all-exposed"
"""The card face dealt up to a player holding a down card and down to one who holds none."""

BetSize = Literal["small", "big"]
Structure = Literal["fixed-limit", "pot-limit", "no-limit", "spread-limit"]

_FACE_ARROWS: Mapping[str, str] = {"down": "↓", "up": "↑", "choice": "↕", ROLLED: "⇡"}


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """The cards in play and how they rank for forced bets and tie-breaks."""

    stripped_ranks: tuple[Rank, ...] = ()
    """Ranks removed from the 52-card deck (e.g. deuces to fives for a short deck)."""
    jokers: int = 0
    """Jokers added to the deck: 0, 1 or 2."""
    joker_mode: Literal["wild", "bug"] = "wild"
    """``wild``: a joker is any card; ``bug``: an ace, or fills a straight or flush."""
    up_joker_mode: Literal["wild", "bug"] | None = None
    """How a joker dealt face up plays; ``None``: as :attr:`joker_mode` whatever its face
    (Mexican poker: ``joker_mode="wild"``, ``up_joker_mode="bug"``)."""
    turned_up_joker: Literal["as-dealt", "as-up"] = "as-dealt"
    """A joker dealt face down and turned up later: ``as-dealt`` keeps its face-down play
    (BARGE), ``as-up`` plays as one dealt face up (the catalogue's JSON)."""
    wild_ranks: tuple[Rank, ...] = ()
    """Ranks that are wild for every player all hand (Baseball: 3s and 9s)."""
    five_of_a_kind: bool = True
    """Whether wild cards can make five of a kind (it then beats a straight flush)."""
    suit_order: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    """Suits from lowest to highest, for bring-in ties, suit tie-breaks and odd chips."""

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return 4 * (13 - len(set(self.stripped_ranks))) + self.jokers


@dataclass(frozen=True, slots=True)
class Discard:
    """A discard without replacement on a street: every live player throws away ``count``
    of their own cards, unseen by the others, and gets nothing for them (docs/variants.md,
    Discards)."""

    count: int
    """How many cards each player throws away."""
    when: Literal["before-deal", "after-deal", "after-betting"] = "after-deal"
    """``before-deal``: after the previous street's betting, before this street's cards;
    ``after-deal``: once this street's cards (and any flip) are dealt, before its betting;
    ``after-betting``: after this street's betting (the last street only: the discard before
    the showdown or the declaration)."""
    source: Literal["down", "any"] = "down"
    """Which cards may be thrown: only down cards (``down``) or any card (``any``); written
    ``from`` in a variant file."""
    simultaneous: bool = True
    """Every player chooses before any discard is removed (``False``: in turn, in the
    betting order)."""


@dataclass(frozen=True, slots=True)
class Flip:
    """A flip on a street: once the street's cards are dealt, every live player turns
    ``count`` of their own down cards face up, choosing which (docs/variants.md, Flips)."""

    count: int = 1
    """How many down cards each player turns up."""
    optional: bool = False
    """Whether a player may keep every card down instead (``keep``)."""
    simultaneous: bool = True
    """Every player chooses before any flipped card is shown (``False``: in turn, from the
    dealer's left, each seeing the earlier flips)."""


@dataclass(frozen=True, slots=True)
class Street:
    """One street: the cards dealt to each live player, then (usually) a betting round."""

    name: str
    cards: tuple[CardFace, ...]
    """The cards each player receives on this street, in dealing order."""
    burn: bool = True
    """Whether the dealer burns a card before dealing this street."""
    betting: bool = True
    """Whether a betting round follows the deal."""
    bet_size: BetSize = "small"
    """Fixed and spread limit: which bet size this round uses."""
    board: int = 0
    """Board (community) cards dealt face up to the table on this street, after the
    players' cards: every player's hand may use them (Oxford stud, Razzaho)."""
    discard: Discard | None = None
    """A discard without replacement on this street, if any."""
    flip: Flip | None = None
    """A flip (each player turns a chosen down card up) after this street's deal, if any."""

    @property
    def pattern(self) -> str:
        """The cards as arrows: ``↓`` down, ``↑`` up, ``↕`` player's choice, ``⇡`` up unless
        all exposed; ``·`` for a street that deals nothing (board cards are not a player's:
        see :attr:`board`)."""
        return "".join(_FACE_ARROWS[face] for face in self.cards) or ("" if self.board else "·")


SEVEN_CARD_STUD_STREETS: tuple[Street, ...] = (
    Street("third", ("down", "down", "up"), burn=False, bet_size="small"),
    Street("fourth", ("up",), bet_size="small"),
    Street("fifth", ("up",), bet_size="big"),
    Street("sixth", ("up",), bet_size="big"),
    Street("seventh", ("down",), bet_size="big"),
)


@dataclass(frozen=True, slots=True)
class BringIn:
    """Who is forced to open on the first street, and how."""

    selector: Literal["lowest", "highest"] = "lowest"
    """The lowest up card brings in (high games) or the highest (razz and other lows)."""
    ace: Literal["high", "low"] = "high"
    """Whether an ace counts high or low when choosing the bring-in."""
    joker_as: Literal["ace", "lowest"] = "ace"
    """How a face-up joker ranks for the bring-in: as an ace beyond the natural aces (above
    them, or below them with the ace low), or below every natural card."""
    may_complete: bool = True
    """Whether the forced player may complete to the small bet instead of bringing in."""
    short_stack: Literal["next-player", "partial", "partial-call"] = "next-player"
    """If the forced player cannot post it: ``next-player`` (the next player
    clockwise brings in), ``partial`` (a partial bring-in stands; the others come in for the
    full bring-in) or ``partial-call`` (the others may call the partial amount: PokerKit)."""


@dataclass(frozen=True, slots=True)
class ForcedBets:
    """Antes and the bring-in. Amounts live in :class:`Stakes`."""

    ante: bool = True
    """Whether every player antes before the deal."""
    bring_in: BringIn | None = field(default_factory=BringIn)
    """``None``: no bring-in; the best showing hand opens and may check."""
    blinds: bool = False
    """Whether the two players on the dealer's left post a small and a big blind before the
    deal (amounts in :class:`Stakes`); the first round then starts left of the big blind."""


@dataclass(frozen=True, slots=True)
class ActionOrder:
    """Who acts first on streets without a bring-in."""

    evaluator: str = "high"
    """The showing-hand evaluator over up cards (``high``, ``a5-low``, ``2-7-low``, ``a6-low``);
    the best showing hand acts first."""
    tie_break: Literal["position", "suit"] = "position"
    """Tied boards: ``position`` (closest to the dealer's left) or ``suit`` (the
    highest card by suit, TDA/WSOP tournaments)."""
    first_round: Literal["board", "position"] = "board"
    """Without a bring-in, who opens the first round: the best showing hand (``board``; with
    no up card dealt that is the player on the dealer's left) or the first live player on
    the dealer's left whatever shows (``position``)."""
    later_rounds: Literal["board", "position"] = "board"
    """Who opens the rounds after the first: the best showing hand (``board``, every public
    stud rule) or the first live player on the dealer's left (``position``)."""
    board_includes_community: bool = True
    """Whether board (community) cards count in each player's showing hand when choosing
    who acts first (so a board pairing a community card ranks above one that does not)."""
    wild_up_cards: Literal["natural", "wild"] = "natural"
    """How a wild up card counts for the bring-in and the best board: at its natural rank
    (a face-up joker as an ace: :attr:`BringIn.joker_as`), or as wild (boards ranked with the
    wild cards, a wild up card an ace for the bring-in)."""


@dataclass(frozen=True, slots=True)
class Betting:
    """The betting structure. Amounts live in :class:`Stakes`."""

    structure: Structure = "fixed-limit"
    max_raises: int | None = 3
    """Fixed and spread limit: raises allowed after a round's opening bet (3: bet + 3 raises,
    RRP; 4: WSOP live). ``None``: no cap."""
    completion_is_raise: bool = False
    """Whether completing the bring-in uses up one of the raises."""
    heads_up_uncapped: Literal["never", "if-heads-up-before-cap", "if-round-began-heads-up"] = (
        "if-heads-up-before-cap"
    )
    """When two players only may raise without limit (RRP, WSOP live, TDA never)."""
    open_pair_street: str | None = "fourth"
    """The street on which an open pair lets anyone bet the big bet;
    ``None`` turns the option off (TDA, razz, stud/8)."""
    half_bet_reopens: bool = True
    """Fixed limit: an all-in raise of at least half a bet counts as a full raise and reopens
    the betting; a smaller one does not."""
    short_all_in_is_full: bool = False
    """Fixed limit: every all-in completion, bet or raise counts as a full one, however short
    (PokerKit's reading); ``False``: :attr:`half_bet_reopens` decides."""
    fold_when_check_is_free: bool = False
    """Whether a player with nothing to call may fold instead of checking (online card
    rooms); ``False``: a fold only when facing a bet."""


@dataclass(frozen=True, slots=True)
class PotShare:
    """One share of each pot: e.g. the high half of a hi-lo pot."""

    name: str
    evaluator: str
    """An evaluator name (``high``, ``a5-low``, ``eight-or-better``, ``2-7-low``, ``a6-low``)
    or one a plugin registers (``hole-spade-high``)."""
    weight: int = 1
    """Relative size: two shares of weight 1 split the pot in halves."""
    qualifier: str | None = None
    """The weakest hand that may win this share, in the evaluator's terms (``8-low``)."""
    if_unqualified: Literal["to-other-shares"] = "to-other-shares"
    """When no hand qualifies, the other shares take this one (high takes all): the
    "scoop the other half" rule. When no hand qualifies for any share,
    :attr:`Showdown.if_nobody_qualifies` decides."""
    cards: Literal["all", "own", "omaha"] = "all"
    """Which cards make the hand for this share: ``all`` (the best hand of the player's cards
    and the board cards), ``own`` (the player's own cards only) or ``omaha`` (exactly two of
    the player's own cards with exactly three board cards)."""


@dataclass(frozen=True, slots=True)
class OddChips:
    """Who gets a chip that does not divide evenly."""

    method: Literal["first-shown", "high-card-by-suit", "low-card-by-suit"] = "first-shown"
    """``first-shown`` (the default), or the tied player with the high (or low) card by suit."""
    cards: Literal["all", "hand"] = "all"
    """For the by-suit methods: all the player's cards, or only the five played."""
    hi_lo_side: str | None = None
    """In split pots, the share that gets the odd chip of the whole pot (``high``);
    ``None``: the first share listed."""


@dataclass(frozen=True, slots=True)
class Showdown:
    """The order of showing hands and who may muck."""

    no_bet_order: Literal["last-checker", "first-actor"] = "last-checker"
    """With no bet on the last round: the player who checked last shows first, or
    the first actor of the round (TDA, WSOP). With a bet, the last aggressor shows first."""
    losers_may_muck: bool = True
    """Whether a hand that cannot win may be mucked unshown."""
    if_nobody_qualifies: Literal["chop-all", "ignore-qualifiers"] = "chop-all"
    """When no hand qualifies for any share of a pot: ``chop-all`` splits it equally among
    the players in the showdown (the stud family's double qualifier); ``ignore-qualifiers``
    shares it as if no share had a ``qualifier`` (the best high hand takes it when no low
    qualifies either)."""
    muck_concedes: bool = False
    """Whether a player may muck at the showdown by choice, unshown, conceding: its hand is
    never judged and the pots go to the best hands among the others (online card rooms;
    :meth:`Hand.concede <studkit.engine.hand.Hand.concede>`)."""
    rake_from: Literal["main-pot-first", "pots-by-size"] = "main-pot-first"
    """Where a rake (:attr:`Hand.rake <studkit.engine.hand.Hand.rake>`) comes from, before any
    pot is split: the main pot first, then each side pot in turn, or every pot in proportion
    to its size (PokerStars)."""


@dataclass(frozen=True, slots=True)
class DeckExhaustion:
    """What happens when the stub cannot give every live player a card."""

    community_card: bool = True
    """Deal one face-up card that every player uses."""
    reshuffle_burns: bool = False
    """First scramble the burned cards back into the stub (TDA RP-10-H, WSOP 228)."""
    reuse_folded: bool = True
    """Folded cards may be shuffled back in and used."""
    community_first_actor: Literal["board", "previous-street"] = "board"
    """With a community card, who acts first: the best board as usual, or the player who
    acted first on the previous street (TDA)."""


@dataclass(frozen=True, slots=True)
class PluginRef:
    """A plugin the variant needs, with its options."""

    name: str
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        # A read-only mapping neither pickles nor copies: rebuild it from a plain dict.
        return _plugin_ref, (self.name, dict(self.options))

    def __hash__(self) -> int:
        # Nor does it hash: a variant is a cache key (the batch kernel's prepared runs), so
        # hash the options by their JSON text, as equal options are equal.
        return hash((self.name, json.dumps(dict(self.options), sort_keys=True, default=repr)))


def _plugin_ref(name: str, options: dict[str, Any]) -> PluginRef:
    """A :class:`PluginRef` rebuilt from its pickled form."""
    return PluginRef(name, MappingProxyType(options))


@dataclass(frozen=True, slots=True)
class Stakes:
    """The amounts. A variant file gives defaults; ``--stakes`` overrides them."""

    ante: int = 1
    """The ante; the loader sets 0 when the file has no ante (``forced_bets.ante: 0``)."""
    bring_in: int = 2
    """The bring-in; the loader sets 0 when the file has none (``bring_in: null``)."""
    small_bet: int = 5
    """The small bet: the completion, and the bet of small-bet streets in fixed limit."""
    big_bet: int = 10
    """Fixed limit: the bet of big-bet streets."""
    spread_min: int | None = None
    """Spread limit: the smallest bet."""
    spread_max: int | None = None
    """Spread limit: the largest bet."""
    last_round_max: int | None = None
    """Spread limit: the largest bet on the last round, when higher."""
    small_blind: int | None = None
    """The small blind, posted by the player on the dealer's left (games with blinds)."""
    big_blind: int | None = None
    """The big blind, posted by the next player: a live bet the others must call."""
    scale: int = 1
    """Units per whole amount: every amount above is in units of ``1 / scale`` (100 for a
    table whose smallest amount is 0.25 or 0.01; 1 when every amount is whole). See
    :mod:`studkit.variant.amounts`."""

    def amounts(self) -> dict[str, Amount | None]:
        """Each amount field as the player writes it (``{"ante": Decimal("0.25"), ...}``)."""
        return {
            name: None if units is None else from_units(units, self.scale)
            for name in AMOUNT_FIELDS
            for units in (getattr(self, name),)
        }

    @staticmethod
    def from_amounts(amounts: Mapping[str, object], finer_than: int = 1) -> Stakes:
        """The stakes for the player's ``amounts`` (Stakes field names; missing fields take
        their defaults), in units of the smallest decimal place any amount uses (at least
        ``finer_than``). Raises :class:`~studkit.errors.StakesError` for an amount that is
        negative, not a number or finer than 0.000001."""
        given = {name: None if value is None else as_amount(value, what=name)
                 for name, value in {**Stakes().amounts(), **amounts}.items()}
        scale = max(amount_scale(given.values()), finer_than)
        units: dict[str, Any] = {
            name: None if value is None else to_units(value, scale)
            for name, value in given.items()
        }
        return Stakes(**units, scale=scale)

    def at_scale(self, scale: int) -> Stakes:
        """The same amounts in units of ``1 / scale`` (a multiple of :attr:`scale`)."""
        if scale == self.scale:
            return self
        return Stakes.from_amounts(self.amounts(), finer_than=scale)


AMOUNT_FIELDS: Final = (
    "ante", "bring_in", "small_bet", "big_bet", "spread_min", "spread_max", "last_round_max",
    "small_blind", "big_blind",
)
"""The :class:`Stakes` fields that hold amounts, in the order a file gives them."""


@dataclass(frozen=True, slots=True)
class Variant:
    """A stud game, completely described. Defaults are seven-card stud (section 0)."""

    name: str
    title: str = ""
    description: str = ""
    aliases: tuple[str, ...] = ()
    family: str = "classic"
    """The group of games it belongs to (``studkit list --sort family``): one of the schema's
    ``family`` names, :data:`studkit.variant.catalogue.FAMILIES`."""
    min_players: int = 2
    max_players: int = 8
    deck: DeckSpec = field(default_factory=DeckSpec)
    streets: tuple[Street, ...] = SEVEN_CARD_STUD_STREETS
    forced_bets: ForcedBets = field(default_factory=ForcedBets)
    action_order: ActionOrder = field(default_factory=ActionOrder)
    betting: Betting = field(default_factory=Betting)
    stakes: Stakes = field(default_factory=Stakes)
    pots: tuple[PotShare, ...] = (PotShare("high", "high"),)
    odd_chips: OddChips = field(default_factory=OddChips)
    showdown: Showdown = field(default_factory=Showdown)
    deck_exhaustion: DeckExhaustion = field(default_factory=DeckExhaustion)
    plugins: tuple[PluginRef, ...] = ()
    source: str | None = field(default=None, compare=False)
    """The file the variant was loaded from, if any (not compared: two variants with the same
    rules are equal wherever they were read from)."""
    plugin_registry: Any = field(default=None, compare=False, repr=False)
    """The :class:`~studkit.hooks.registry.PluginRegistry` its plugins are found in
    (``load_variant(..., registry=...)``); ``None`` (a variant made in code): a registry of
    its own, the built-ins and entry points (:func:`studkit.hooks.registry.registry_of`)."""
    memo: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """What was computed from this variant, kept with it and keyed by value (the engine's
    compiled rules per stakes, say); never copied, compared or pickled."""

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        # Every field but the memo (which holds compiled evaluators and plugin hosts).
        return _variant, ({f.name: getattr(self, f.name) for f in fields(self) if f.init},)

    @property
    def max_cards_per_player(self) -> int:
        """Cards each player holds after the last street (the cards dealt less the discards)."""
        return self.cards_dealt_per_player - sum(
            street.discard.count for street in self.streets if street.discard is not None
        )

    @property
    def cards_dealt_per_player(self) -> int:
        """Cards dealt to each player who stays to the end (discards included)."""
        return sum(len(street.cards) for street in self.streets)

    @property
    def first_betting_street(self) -> int:
        """The index of the first street with a betting round: where the bring-in is
        chosen (0 unless the first streets deal without betting, as Australian stud's three
        down cards before its discard)."""
        return next((i for i, street in enumerate(self.streets) if street.betting), 0)

    @property
    def board_cards(self) -> int:
        """Board (community) cards the streets deal to the table."""
        return sum(street.board for street in self.streets)

    @property
    def cards_needed(self) -> int:
        """Cards the deal needs with every seat full and every player staying to the end."""
        burns = sum(street.burn for street in self.streets)
        return self.cards_dealt_per_player * self.max_players + burns + self.board_cards

    def with_stakes(self, **amounts: Amount | str | None) -> Variant:
        """A copy with some amounts replaced, as the player writes them, e.g.
        ``with_stakes(ante=5, big_bet=20)`` or ``with_stakes(ante="0.25")``."""
        merged: dict[str, object] = {**self.stakes.amounts(), **amounts}
        return replace(self, stakes=Stakes.from_amounts(merged))


def _variant(values: dict[str, Any]) -> Variant:
    """A pickled or copied :class:`Variant` rebuilt."""
    return Variant(**values)
