"""Roll your own (Mexican stud): each player chooses which of their cards goes face up.

A street whose card is dealt as ``choice`` in the variant file comes face down; then each live
player turns one of their down cards face up (one per ``choice`` card of the street), with an
``expose`` action, before the street's betting. The option ``timing`` says when the choice is
made:

* ``in-turn`` (default): after the deal, in turn from the dealer's left, each seeing the earlier
  choices;
* ``simultaneous``: after the deal, every player chooses before any choice is shown;
* ``before``: each player chooses before the street's card comes, among the cards already
  held (on the first street, where nothing is held before, after the deal), so the new card
  always stays down.

Choose-before (Mexican stud): before a street whose cards are dealt ``up-unless-all-exposed``
(after the first street), each live player holding a down card may turn one of them up
(``expose <card>``) or ``keep`` them down (the flip plugin's ``keep``: one decision,
written ``hold`` in older hand histories, which still read); the street's card then comes
face down to a player with no down card left and face up to the others. The option
``choose_before`` says whether those choices are made all at once (``simultaneous``,
default: BARGE does not order them) or in turn from the dealer's left, each seeing the
earlier choices (``in-turn``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from studkit.bots.card_sense import keeps_hole, least_shown
from studkit.bots.seen import seen
from studkit.cards import CARDS, Card
from studkit.engine.actions import Action
from studkit.engine.decisions import DecisionKind, Record, Taken, TurnUp
from studkit.errors import PluginError
from studkit.hooks.kernel_rules import ChoiceExposure
from studkit.hooks.specs import ExposureChoice, HandView, Holding, hookimpl
from studkit.plugins.flip import KeepEvent, KeepKind
from studkit.variant.model import ROLLED, Street, Variant

CARD_FACES = ("choice",)
"""The card face this plugin decides: a ``choice`` card is dealt down until its player turns
one card up (the loader asks for this plugin wherever a street deals one)."""

EQUITY_NEUTRAL = True
"""Which card a player turns up does not change who wins: equity accounts for this rule."""

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "timing": {
            "enum": ["in-turn", "simultaneous", "before"],
            "default": "in-turn",
            "description": "When players choose the card to turn up.",
        },
        "choose_before": {
            "enum": ["simultaneous", "in-turn"],
            "default": "simultaneous",
            "description": "Choose-before (up-unless-all-exposed streets): whether players "
                           "choose to turn a card up all at once or in turn.",
        },
    },
    "additionalProperties": False,
}


class ExposeEvent(NamedTuple):
    """``expose``: a down card turned up by the player's choice."""

    kind: str
    seat: int
    card: Card


def show_or_keep(view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
    """The bots' choice: turn up the card that shows least (its board scores lowest), so
    pairs and high cards stay hidden. Choose-before with one hole card: keep it down when it
    pairs an up card or outranks them all, else show it for a new hidden card."""
    info = seen(view, variant)
    options = [a for a in actions if a.kind == ExposeKind.name and a.amount is not None]
    if not options:
        return None
    keep = next((a for a in actions if a.kind == KeepKind.name), None)
    if keep is not None and len(options) == 1:  # a pair or the best card stays hidden
        return keep if keeps_hole(int(options[0].amount or 0), info.up) else options[0]

    index = least_shown(info.up, [int(a.amount or 0) for a in options], info.opponents_up,
                        info.evaluators)  # the batch kernel's bots' choice too
    return options[index]


class ExposeKind(DecisionKind):
    """Turn a down card up: ``expose <card>``; the event ``("expose", seat, card)``."""

    name = "expose"
    event = ExposeEvent
    request = ExposureChoice
    field = "card"
    phh_argument = "card"
    phh_example = "Kd"
    phh_help = "studkit: turn a down card up (roll your own): 'p2 expose Kd'"
    turns_up = True
    sentence = ("turn up", "turns up", "{who} {verb} {card}")

    def check(self, hand: HandView, seat: int, request: ExposureChoice) -> None:
        down = set(hand.down[seat])
        if request.count < 1 or len(request.candidates) < request.count or not set(
            request.candidates
        ) <= down:
            raise PluginError(
                f"studkit_exposure_choice for seat {seat}: {request!r} is not a choice among "
                "the seat's down cards"
            )

    def count(self, request: ExposureChoice) -> int:
        return request.count

    def options(
        self, hand: HandView, seat: int, request: ExposureChoice, taken: Sequence[Action]
    ) -> list[Action]:
        chosen = {action.amount for action in taken}
        keep = [Action(KeepKind.name)] if request.optional and not taken else []
        return keep + [Action(self.name, card) for card in request.candidates
                       if card not in chosen]

    def take(self, hand: HandView, seat: int, request: ExposureChoice, action: Action) -> Taken:
        if action.kind == KeepKind.name:
            return Taken((Record(KeepEvent(KeepKind.name, seat)),),
                         hidden=request.hidden_until_all_chose)
        card = CARDS[int(action.amount or 0)]
        effects = (TurnUp(seat, card), Record(ExposeEvent(self.name, seat, card)))
        return Taken(effects, hidden=request.hidden_until_all_chose)

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        return show_or_keep(view, actions, variant)


@hookimpl
def studkit_decision_kinds() -> list[DecisionKind]:
    return [ExposeKind(), KeepKind()]


_TIMING_WORDS = {
    "in-turn": "after the street is dealt, in turn from the dealer's left, each seeing the "
               "earlier choices",
    "simultaneous": "after the street is dealt, all at once, none shown before all are made",
    "before": "before the street's card comes, so the new card always stays down",
}


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    timing = _TIMING_WORDS[options.get("timing", "in-turn")]
    how = "all at once" if options.get("choose_before", "simultaneous") == "simultaneous" else (
        "in turn")
    return (
        f"On a street dealt with choice cards, each player chooses which down card to turn "
        f"face up {timing}. Before a street dealt up unless all exposed, each player may turn "
        f"a down card face up or keep it down ({how}); the new card then comes face down to a "
        "player with no down card left, face up to the others."
    )


def check_variant(
    options: Mapping[str, Any], data: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    """Some street must deal a ``choice`` or an ``up-unless-all-exposed`` card after the
    first, else the plugin does nothing."""
    streets = data["streets"]
    if any("choice" in street["cards"] for street in streets) or any(
        ROLLED in street["cards"] for street in streets[1:]
    ):
        return []
    return [((), "no street deals a 'choice' card (or an 'up-unless-all-exposed' card after "
                 "the first street), so there is nothing to roll; write one in a street's "
                 "cards or drop the plugin")]


class Plugin:
    """Asks each player for an ``expose`` decision on every street with ``choice`` cards."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.timing: str = options.get("timing", "in-turn")
        self.together: bool = options.get("choose_before", "simultaneous") == "simultaneous"

    @hookimpl
    def studkit_kernel_rule(self, variant: Variant) -> ChoiceExposure:
        """The choice cards' exposure, and the choose-before, as data for the batch kernel."""
        return ChoiceExposure(ExposeKind.name, before=self.timing == "before",
                              hidden=self.timing == "simultaneous",
                              rolled=any(ROLLED in street.cards for street in variant.streets[1:]),
                              rolled_hidden=self.together, decline=KeepKind.name)

    @hookimpl
    def studkit_exposure_choice(
        self, hand: HandView, street: Street, holding: Holding, dealt: bool
    ) -> ExposureChoice | None:
        if not dealt and ROLLED in street.cards and street != hand.variant.streets[0]:
            if not holding.down:
                return None
            return ExposureChoice(candidates=tuple(holding.down), count=1,
                                  hidden_until_all_chose=self.together, optional=True)
        count = street.cards.count("choice")
        if not count:
            return None
        candidates = holding.down
        if self.timing == "before":
            first = street == hand.variant.streets[0]
            if dealt != first:  # before the deal, except on the first street
                return None
        elif not dealt:
            return None
        if len(candidates) < count:
            return None
        return ExposureChoice(
            candidates=tuple(candidates),
            count=count,
            hidden_until_all_chose=self.timing == "simultaneous",
        )
