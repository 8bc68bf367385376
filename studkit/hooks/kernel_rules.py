"""The rules a plugin may hand the batch kernel as data, through the
:func:`~studkit.hooks.specs.studkit_kernel_rule` hook.

Each record says, in numbers and names, a rule the plugin's other hooks play on the general
engine, so that the batch kernel (``studkit/kernel/``, on the rules core) plays the same game
at its speed: a declaration, a pot share ranked by down cards, the exposure of ``choice``
cards, what a card dealt face up brings, a trade round, wild ranks that change during the
hand, separate hands, or a rule the variant's own data says already. The kernel-vs-engine
replay tests hold both forms of each shipped plugin's rule to the same payoffs, hand by
hand.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DeclarationRule", "DownCardShare", "ChoiceExposure", "UpCardRule", "POT_PRICE",
           "TradeRule", "InVariantData", "FollowedWildRule", "HoleWildRule", "SplitRule",
           "KernelRule"]


@dataclass(frozen=True, slots=True)
class DeclarationRule:
    """A plugin's declaration as data the batch kernel plays (:func:`studkit_kernel_rule`):
    after ``street``'s betting round, with two or more players live, each live player from
    the dealer's left chooses the pot shares they compete for, once for every pot; at the
    showdown each pot is judged among its eligible seats as :func:`studkit_adjust_strengths`
    would judge it."""

    street: int
    """The street (an index of ``variant.streets``) whose betting the declaration follows."""
    actions: tuple[str, ...]
    """The action kind of each choice: one per pot share, in the variant's order, then the
    choice of every share (a swing)."""
    swing_may_tie: bool = False
    """A swing that ties a share still wins it."""
    forfeit_all_pots: bool = False
    """A swing is judged against every player who declared, whatever the pot: failing
    anywhere loses every pot (else against the pot's eligible seats only)."""


@dataclass(frozen=True, slots=True)
class DownCardShare:
    """A plugin's pot share as data the batch kernel plays (:func:`studkit_kernel_rule`):
    each live seat's strength in share ``share`` is that of its best card of ``suit`` dealt
    face down, a card of rank ``r`` being worth ``values[r]`` (0: it does not count); a seat
    with no such card has no hand for the share."""

    share: int
    """The pot share (an index of ``variant.pots``)."""
    suit: int
    """The suit that counts (:class:`~studkit.cards.Suit`)."""
    values: tuple[int, ...]
    """Per rank, deuce to ace: the strength of a down card of the suit."""


@dataclass(frozen=True, slots=True)
class ChoiceExposure:
    """A plugin's exposure of ``choice`` cards as data the batch kernel plays
    (:func:`studkit_kernel_rule`): a street's ``choice`` cards come face down, then each live
    seat holding as many down cards turns that many of them up, one ``action`` decision per
    card, chosen among its down cards, from the dealer's left. With ``rolled``
    (choose-before, Mexican stud): before the deal of each street after the first that deals
    up unless all are exposed, each live seat holding a down card, from the dealer's left,
    turns one of them up (``action``) or keeps them all down (``decline``), all before any
    is shown where ``rolled_hidden``."""

    action: str
    """The action kind of a choice (its amount: the card)."""
    before: bool = False
    """Chosen before the street's deal, among the cards already held (the first street's:
    after its deal); else after the deal."""
    hidden: bool = False
    """Every seat chooses before any choice is shown; else in turn, each seeing the earlier."""
    rolled: bool = False
    """Choose-before: a down card up, or none, before each street after the first that deals
    up unless all are exposed."""
    rolled_hidden: bool = True
    """The choose-before choices are all made before any is shown."""
    decline: str = ""
    """The action kind of keeping every card down in a choose-before choice."""


@dataclass(frozen=True, slots=True)
class InVariantData:
    """A plugin whose rule is what its options write into the variant's own data (its
    module's ``variant_data``), which the rules core reads already: the batch kernel plays it
    with nothing more handed over (:func:`studkit_kernel_rule`)."""


POT_PRICE = -1
"""An :class:`UpCardRule`'s ``price`` that is the pot as it stands (all chips put in so far)."""


@dataclass(frozen=True, slots=True)
class UpCardRule:
    """A plugin's rule for a card of ``rank`` dealt face up, as data the batch kernel plays
    (:func:`studkit_kernel_rule`): its player is dealt ``extra`` more cards at once (``True``
    face up; none once the stub is empty; each dealt card falls under the rules in turn),
    then, with a ``price``, must pay it (``POT_PRICE``: the pot; at most the stack) with an
    ``action`` decision, or fold; a player with no chips is not asked."""

    rank: int
    """The rank (:class:`~studkit.cards.Rank`) that triggers the rule."""
    extra: tuple[bool, ...] = ()
    """The extra cards, face up (``True``) or down."""
    price: int | None = None
    """Chips to pay or fold (``POT_PRICE``: the pot); ``None``: no payment."""
    action: str = ""
    """The action kind of paying (its amount: the chips)."""


@dataclass(frozen=True, slots=True)
class TradeRule:
    """A plugin's trade of a card for the next one (a twist, a buy) as data the batch kernel
    plays (:func:`studkit_kernel_rule`): after the betting of each street in ``streets``,
    with two or more players live, each live seat in turn from the player who opened that
    betting (else the dealer's left) may pay ``cost`` as dead money to throw away one of its
    cards (``down`` ones, ``up`` ones) and be dealt the next, face up only for an up card
    where ``as_thrown``; a seat that cannot pay, or an empty stub, may only keep its hand."""

    streets: tuple[int, ...]
    """The streets (indexes of ``variant.streets``) whose betting the trade follows."""
    cost: int
    """Chips a trade costs."""
    action: str
    """The action kind of a trade (its amount: the card thrown)."""
    decline: str
    """The action kind of keeping the hand."""
    down: bool = True
    """Down cards may be traded."""
    up: bool = True
    """Up cards may be traded."""
    as_thrown: bool = True
    """An up card's replacement comes face up (else every replacement comes down)."""


@dataclass(frozen=True, slots=True)
class FollowedWildRule:
    """A plugin's wild rank that follows a trigger, as data the batch kernel plays
    (:func:`studkit_kernel_rule`): when a card of rank ``trigger`` is dealt face up (to a
    player or the board), the rank of the next card dealt face up is wild for everyone, with
    the deck's own wild ranks; a later face-up trigger cancels it until the card after it
    names the new rank. A joker dealt face up is neither a trigger nor followed.
    The trigger rank is wild as well where ``trigger_wild``. Each betting round without a
    bring-in is opened by the best showing hand (up cards and board) with the wild ranks in
    force, ties to the first from the dealer's left."""

    trigger: int
    """The trigger rank (:class:`~studkit.cards.Rank`)."""
    trigger_wild: bool = True
    """The trigger rank is wild too."""


@dataclass(frozen=True, slots=True)
class HoleWildRule:
    """A plugin's wild rank of each player's own, as data the batch kernel plays
    (:func:`studkit_kernel_rule`): at the showdown the rank of a player's lowest card face
    down (a joker has none; the ace low where ``ace_low``) is wild in that player's hand, with
    the table's wild ranks; a player with no down card has none of their own."""

    ace_low: bool = False
    """An ace in the hole counts as the lowest rank."""


@dataclass(frozen=True, slots=True)
class SplitRule:
    """A plugin's separate hands as data the batch kernel plays (:func:`studkit_kernel_rule`):
    before the deal of ``street``, with two or more players live, each live seat from the
    dealer's left sets its cards into a big hand of ``big`` cards and a small hand of
    ``small``, one ``action`` decision per card of the small hand, among the splits that put
    at least ``min_down`` down cards in each hand and, with ``ordered``, where the big hand
    ranks above the small one in the pai gow order (every such split where none does). The
    pot shares in ``big_shares`` rank each player's big hand with ``big_evaluator``, those in
    ``small_shares`` the small hand with ``small_evaluator``; a player who made no split
    plays the first allowed one."""

    street: int
    """The street (an index of ``variant.streets``) whose deal the split comes before."""
    big: int
    small: int
    min_down: int
    ordered: bool
    action: str
    """The action kind of putting a card in the small hand (its amount: the card)."""
    big_shares: tuple[int, ...]
    small_shares: tuple[int, ...]
    big_evaluator: str
    small_evaluator: str


KernelRule = (DeclarationRule | DownCardShare | ChoiceExposure | InVariantData | UpCardRule
              | TradeRule | FollowedWildRule | HoleWildRule | SplitRule)
"""The rules a plugin may hand the batch kernel as data (:func:`studkit_kernel_rule`)."""
