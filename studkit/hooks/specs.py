"""The hooks a studkit plugin may implement: the rules a variant file cannot say as data.

Each hook is a typed function whose docstring says when the engine calls it, what it receives
and what it returns. A plugin implements a hook by defining a function (or a method of its
``Plugin`` class) with the same name, marked with :data:`hookimpl`; it may take any subset of
the hook's arguments, by name. Hooks marked *first result* are "who decides" hooks: the
engine stops at the first plugin that returns something other than ``None``.

Plugins never change the hand themselves: every hook returns a decision (a small record such as
:class:`DealEffect`) that the engine checks and applies. So a plugin that raises leaves the hand
as it was, and the engine reports a :class:`~studkit.errors.PluginError` naming the plugin.

The records below are what hooks return; ``docs/hooks.md`` documents every hook with an
example plugin.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import pluggy

from studkit.cards import Card, Rank
from studkit.hooks.kernel_rules import KernelRule
from studkit.variant.model import CardFace, DeckExhaustion, PotShare, Street, Variant


class PotView(Protocol):
    """A pot as hooks read it (:class:`studkit.engine.pots.Pot`)."""

    @property
    def amount(self) -> int:
        """Chips in the pot."""
        ...

    @property
    def eligible(self) -> tuple[int, ...]:
        """The seats that may win it."""
        ...


__all__ = [
    "PROJECT_NAME",
    "hookspec",
    "hookimpl",
    "HandView",
    "Holding",
    "DealEffect",
    "ExposureChoice",
    "DeclarePhase",
    "TwistOffer",
]

PROJECT_NAME = "studkit"
hookspec = pluggy.HookspecMarker(PROJECT_NAME)
"""Marks a hook specification (used only in this module)."""
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)
"""Marks a plugin's hook implementation: ``@hookimpl`` above a ``studkit_...`` function."""


class HandView(Protocol):
    """What a hook may read from the hand in play: the engine passes a read-only
    :class:`~studkit.engine.plugin_view.PluginView` whose every property is a copy."""

    @property
    def variant(self) -> Variant:
        """The game being played."""
        ...

    @property
    def events(self) -> Sequence[tuple[Any, ...]]:
        """Everything that happened so far, in order (see :mod:`studkit.engine.events`)."""
        ...

    @property
    def n(self) -> int:
        """How many players the hand seats (seats ``0`` to ``n - 1``, clockwise)."""
        ...

    @property
    def button(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def street(self) -> int:
        """The index of the street in play in ``variant.streets``."""
        ...

    @property
    def folded(self) -> Sequence[bool]:
        """Per seat: whether the player has folded."""
        ...

    @property
    def stacks(self) -> Sequence[int]:
        """Per seat: the chips behind."""
        ...

    @property
    def pot(self) -> int:
        """All chips put in so far."""
        ...

    @property
    def cards_left(self) -> int:
        """Cards left in the stub."""
        ...

    @property
    def up(self) -> Sequence[Sequence[Card]]:
        """Per seat: the face-up cards, in the order dealt."""
        ...

    @property
    def down(self) -> Sequence[Sequence[Card]]:
        """Per seat: the face-down cards, in the order dealt."""
        ...

    @property
    def community(self) -> Sequence[Card]:
        """The community cards dealt, if the deck ran short."""
        ...

    @property
    def pots(self) -> Sequence[PotView]:
        """The main pot and the side pots as they stand (main first), each with its
        ``amount`` and the ``eligible`` seats that may win it."""
        ...


@dataclass(frozen=True, slots=True)
class Holding:
    """One player's cards at the showdown."""

    seat: int
    down: tuple[Card, ...]
    """The hole cards, in the order dealt."""
    up: tuple[Card, ...]
    """The cards dealt face up, in the order dealt."""
    community: tuple[Card, ...] = ()
    """Community cards every player uses (dealt when the deck ran short)."""


@dataclass(frozen=True, slots=True)
class DealEffect:
    """What a dealt card sets off: a change of wild ranks, an extra card, a payment."""

    wild_ranks: tuple[Rank, ...] | None = None
    """The table's changing wild ranks from now on (replacing the previous ones; the
    variant's static wild ranks stay); ``None`` leaves them as they are."""
    extra_cards: tuple[CardFace, ...] = ()
    """Extra cards dealt at once to the player who received the card (Baseball: a 4 dealt up
    gives one more card face down)."""
    decision: Any = None
    """A decision the player who received the card must take before the next card is dealt:
    a request record that a registered decision kind takes (its
    :attr:`~studkit.engine.decisions.DecisionKind.request`), e.g. Baseball's pay or fold."""


@dataclass(frozen=True, slots=True)
class ExposureChoice:
    """A decision the player takes before the street's betting: which of their down cards to
    turn face up (roll your own)."""

    candidates: tuple[Card, ...]
    """The down cards the player may turn up."""
    count: int = 1
    """How many cards to turn up."""
    hidden_until_all_chose: bool = False
    """Simultaneous choice: every player chooses before any choice is shown."""
    optional: bool = False
    """The player may also turn nothing up (roll your own's ``keep``: choose-before)."""


@dataclass(frozen=True, slots=True)
class DeclarePhase:
    """A declaration before the showdown (high-low declare)."""

    choices: tuple[str, ...] = ("high", "low", "swing")
    """What a player may declare: the names of pot shares, or ``swing`` for all of them."""
    simultaneous: bool = True
    """Every player declares before any declaration is shown (chips in the hand)."""
    pots: tuple[tuple[int, ...], ...] = ()
    """A declaration per pot: the eligible seats of each pot, main pot first; each seat
    declares once for each pot it is in, in that order. Empty: one declaration covers every
    pot."""

    def declarations(self, seat: int) -> int:
        """How many declarations ``seat`` makes (one per pot it is in, or one)."""
        return sum(seat in pot for pot in self.pots) or 1



@dataclass(frozen=True, slots=True)
class TwistOffer:
    """A twist round: each live player in turn may replace one card at a price."""

    cost: int
    """Chips a twist costs (paid into the pot); 0 for a free twist."""
    faces: tuple[CardFace, ...] = ("down", "up")
    """Which cards may be replaced."""
    replacement_face: Literal["as-discarded", "down"] = "as-discarded"
    """How the new card comes: ``as-discarded``, face down for a down card and face up for an
    up card (the twist rule); ``down``, always face down."""


@hookspec(firstresult=True)
def studkit_deck_exhausted(
    hand: HandView, street: Street, needed: int, remaining: int
) -> DeckExhaustion | None:
    """Choose the deck-exhaustion policy for a street the stub cannot cover (*first result*).

    Called once, before the street is dealt, when the stub holds fewer than ``needed`` cards
    (the street's cards for every live player, plus its burn), with the stub's size.
    Returns the :class:`~studkit.variant.model.DeckExhaustion` settings to finish the street with
    (scramble the burns back, reuse folded cards, deal a face-up community card, who acts
    first after one), or ``None`` to use the variant's ``deck_exhaustion`` settings.
    """


@hookspec
def studkit_card_dealt(
    hand: HandView, seat: int | None, card: Card, face: CardFace, street: Street
) -> DealEffect | None:
    """React to a card as it is dealt (Baseball, Follow the Queen).

    Called for every card dealt to a player (``seat``) or to the table (``seat`` is ``None``
    for a community card), with its face (``up`` or ``down``) and the street: card by card in
    deal order once the street's cards are all dealt (so ``hand`` already holds the whole
    street; the card's own ``deal`` event in ``hand.events`` says where it fell in the deal),
    and at once for a card a plugin gives (an extra card, a twist). Returns a
    :class:`DealEffect` or ``None`` for no effect. Every plugin's effect is applied, in call
    order, after all the street's cards have been through the hook.
    """


@hookspec(firstresult=True)
def studkit_wild_ranks(
    hand: HandView, seat: int, holding: Holding, table_wild: frozenset[Rank]
) -> Sequence[Rank] | None:
    """Give one player's wild ranks (shifting sands: your lowest hole card is wild for you)
    (*first result*).

    Called when a player's hand is evaluated (showdown and showing hands), with the player's
    cards and the ranks wild for the whole table right now (the variant's static wild ranks
    plus those :class:`DealEffect` set). Returns the ranks wild for this player, or ``None``
    for the table's.
    """


@hookspec(firstresult=True)
def studkit_exposure_choice(
    hand: HandView, seat: int, street: Street, holding: Holding, dealt: bool
) -> ExposureChoice | None:
    """Ask a player to choose which card goes face up (roll your own) (*first result*).

    Called twice per street for each live player: before the street's cards are dealt
    (``dealt`` False; after the previous street's betting and any twist round), and once they
    are dealt, before the betting (``dealt`` True). Returns an :class:`ExposureChoice` (the
    engine then waits for an ``expose`` action from that player, like a betting action), or
    ``None`` for no choice at this point.
    """


@hookspec(firstresult=True)
def studkit_hand_evaluator(name: str, wild_ranks: frozenset[Rank]) -> Any:
    """Provide an evaluator the built-ins do not have (Soko, custom rankings) (*first result*).

    Called when a variant names an evaluator (for a pot share or for the showing hand) that
    studkit does not know, with the name and the ranks wild for the hand. Returns an object
    with the built-in evaluators' interface (``strength(cards) -> int``, higher is better, 0
    for no qualifying hand; ``describe(cards) -> str``), or ``None`` if the plugin does not
    know the name.
    """


@hookspec(firstresult=True)
def studkit_share_strengths(
    hand: HandView, share: PotShare, holdings: Sequence[Holding | None]
) -> Sequence[int] | None:
    """Rank the hands for a pot share by a rule that is not a hand ranking (the highest spade
    in the hole) (*first result*).

    Called at the showdown for each pot share, with the share (its ``evaluator`` name says
    which rule) and every seat's cards (``None`` for seats not in the showdown). Returns one
    strength per seat (higher is better; 0: does not qualify, so the share goes to the other
    shares if nobody qualifies), or ``None`` if the plugin does not handle this share.
    """


@hookspec(firstresult=True)
def studkit_adjust_strengths(
    hand: HandView,
    strengths: Mapping[str, Sequence[int]],
    holdings: Sequence[Holding | None],
    eligible: Sequence[int],
) -> Mapping[str, Sequence[int]] | None:
    """Change who may win each pot share of one pot after all hands are ranked (declare)
    (*first result*).

    Called at the showdown once per pot, main pot first, before any hand is shown or
    mucked, with each share's strengths by seat (0: not in contention) and the seats that
    may win that pot (``eligible``, ascending: the main pot holds every seat in the showdown,
    a side pot only those who put chips in its level). Returns the strengths to award that
    pot with (set a seat's strength to 0 to keep it out of a share of the pot), or ``None``
    to keep them. A plugin whose rule does not depend on the pot need not take
    ``eligible``: it then gives the same answer for every pot. Also called, pot by pot
    again, when the hands shown are described after the hand.
    """


@hookspec(firstresult=True)
def studkit_bring_in(hand: HandView, seat: int) -> int | None:
    """Choose who brings in (*first result*).

    Called once, after the first street is dealt, with the seat the variant's rule chose.
    Returns the seat that brings in instead, or ``None`` to keep it.
    """


@hookspec(firstresult=True)
def studkit_first_actor(
    hand: HandView, street: Street, seat: int, previous: int | None
) -> int | None:
    """Choose who acts first on a street without a bring-in (*first result*).

    Called once per betting round without a bring-in, with the seat the variant's rule chose
    (the best showing hand) and the seat that acted first on the previous betting round
    (``None`` on the first). Returns the live seat that acts first instead, or ``None`` to
    keep it.
    """


@hookspec(firstresult=True)
def studkit_declare_phase(hand: HandView) -> DeclarePhase | None:
    """Hold a declaration (high-low declare) (*first result*).

    Called after each street's betting round that ends with two or more players live (the
    street just bet is ``hand.street``). Returns a :class:`DeclarePhase` after the round the
    declaration follows (the last one, or the next-to-last in bet-declare-bet), and ``None``
    after the others. The engine then asks each live player for a ``declare`` action (one per
    pot with :attr:`DeclarePhase.pots`) and records each as a ``("declare", seat, choice)``
    event.
    """


@hookspec(firstresult=True)
def studkit_odd_chip_order(
    hand: HandView, share: PotShare, order: Sequence[int]
) -> Sequence[int] | None:
    """Choose who gets the odd chips of a split share (*first result*).

    Called at the showdown for each share, with the seats in the variant's odd-chip order.
    Returns the seats in the order odd chips go (seats left out come after, in seat order), or
    ``None`` to keep the variant's order.
    """


@hookspec(firstresult=True)
def studkit_twist_offer(hand: HandView, street: Street) -> TwistOffer | None:
    """Offer a twist (a buy) after a street's betting round (*first result*).

    Called once per street, after its betting round, with two or more players live. Returns a
    :class:`TwistOffer` (the engine then asks each live player in turn for a ``twist`` action
    naming the card to replace, or ``stand``), or ``None`` for no twist round.
    """


@hookspec
def studkit_kernel_rule(variant: Variant) -> KernelRule | Sequence[KernelRule] | None:
    """Hand the batch kernel this plugin's rule as data.

    Called when a simulation chooses its engine, once per plugin of the variant, without a
    hand. Returns the rule the plugin's other hooks play, as records the rules core executes
    (:mod:`studkit.hooks.kernel_rules`: a ``DeclarationRule``, a ``DownCardShare`` per share
    the plugin ranks, a ``ChoiceExposure``, an ``UpCardRule`` per rank, a ``TradeRule``, a
    ``FollowedWildRule``, a ``HoleWildRule``, a ``SplitRule``, or ``InVariantData``
    for a rule the variant's data says already), or
    ``None`` when these options make a rule the kernel does not play. A plugin that does not
    implement it, or returns ``None``, keeps the game on the general engine, and ``--engine
    auto`` says which plugin kept it there. Both engines must play the same game: the
    kernel-vs-engine replay tests hold a shipped plugin to it.
    """


@hookspec
def studkit_decision_kinds() -> Sequence[Any]:
    """Register the kinds of player decision a plugin adds (pay, expose, discard...).

    Called once per plugin module, without a hand, when a game's plugins are gathered and
    when a hand history is read (before its game is known): define it at module level, not
    in a ``Plugin`` class. Returns :class:`~studkit.engine.decisions.DecisionKind` instances:
    each carries its validation and effect, its event record, its hand-history verb and
    argument, its narration, its seat-view form and its labels. A hook that asks for a
    decision returns the kind's ``request`` record (an :class:`ExposureChoice`, a
    :class:`TwistOffer`, a :class:`DeclarePhase`, or the ``decision`` of a
    :class:`DealEffect`).
    """
    return ()
