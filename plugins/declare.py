"""High-low declare: before the showdown each player declares high, low or both (swing).

A player competes only for the pot shares they declared: ``high`` for the high share, ``low``
for the low share, ``swing`` for all of them. A share nobody declared goes to the other shares.
The option ``simultaneous`` (default true) has every player declare before any declaration is
shown (chips in the hand); false declares in turn.

Each pot is judged among the players eligible for it (rules reference, section 0 and A17:
each pot is awarded among its contributors, each split separately). In a pot, a swing must
win every share against the other players in that pot, other swings included, or it takes
no part of that pot; with ``swing_may_tie`` a tie is enough. So a player all in for the main
pot who declared swing is judged in the main pot only, and a swing beaten in the main pot by
a player all in for it may still win a side pot that player is not in. The option
``failed_swing_forfeits`` chooses what failing costs: ``pot`` (default) that pot only,
``all-pots`` every pot (the swing must beat every hand at the showdown, since everyone in the
showdown is in the main pot). The reference does not say which; home-game rule books that
speak of side pots differ, so it is a setting.

The stud-family reference (section 2.6) adds two settings. ``timing``: ``after-last-bet``
(default) declares once the last betting round ends; ``bet-declare-bet`` declares after the
next-to-last round, so one more betting round follows the declaration (the game's last
street then deals no cards: ``{name: declare-bet, cards: [], bet_size: big}``).
``declare_per_pot`` (default false): each player declares separately for each pot they are
in, main pot first (generic_poker's rule), instead of once for every pot. A pot in which every
player is a swing who failed is split among them; the house rule that lets such a pot ride
to the next deal is not offered, since a studkit hand settles every chip it holds.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NamedTuple

from studkit.bots.advice import EVERY_SHARE_SCORE, chosen_share
from studkit.bots.seen import seen
from studkit.engine.actions import Action
from studkit.engine.decisions import DecisionKind, Record, Taken
from studkit.hooks.kernel_rules import DeclarationRule
from studkit.hooks.specs import DeclarePhase, HandView, Holding, hookimpl
from studkit.variant.model import Variant

OPTIONS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "properties": {
        "simultaneous": {
            "type": "boolean",
            "default": True,
            "description": "Declare all at once (true) or in turn (false).",
        },
        "swing_may_tie": {
            "type": "boolean",
            "default": False,
            "description": "Whether a swing that ties a share still wins it.",
        },
        "timing": {
            "enum": ["after-last-bet", "bet-declare-bet"],
            "default": "after-last-bet",
            "description": (
                "When players declare: after the last betting round (after-last-bet), or "
                "after the next-to-last, with one more betting round to follow "
                "(bet-declare-bet: the last street must deal no cards)."
            ),
        },
        "declare_per_pot": {
            "type": "boolean",
            "default": False,
            "description": (
                "Declare separately for each pot a player is in, main pot first (true), or "
                "once for every pot (false)."
            ),
        },
        "failed_swing_forfeits": {
            "enum": ["pot", "all-pots"],
            "default": "pot",
            "description": (
                "What a swing loses when it fails to win every share of a pot: that pot "
                "only (pot), or every pot (all-pots)."
            ),
        },
    },
    "additionalProperties": False,
}

EQUITY_NOTE = (
    "equity is not defined for a declare game: who takes each share depends on what the "
    "players will declare, so the figures rank every hand for every share as if cards speak"
)
"""Why ``studkit equity`` leaves the declaration out (printed with its note)."""

SWING = "swing"
SWING_SCORE = EVERY_SHARE_SCORE
"""The bots declare swing only with a hand that scores this well (0-1) for every share."""
FORFEITS_POT = "pot"
FORFEITS_ALL_POTS = "all-pots"
AFTER_LAST_BET = "after-last-bet"
BET_DECLARE_BET = "bet-declare-bet"


class DeclareEvent(NamedTuple):
    """``declare``: a player's declaration (``high``, ``low``, ``swing``...)."""

    kind: str
    seat: int
    choice: str


class DeclareKind(DecisionKind):
    """Declare for pot shares: the actions ``declare-<choice>``; the event
    ``("declare", seat, choice)``, shown once everyone declared when simultaneous."""

    name = "declare"
    event = DeclareEvent
    request = DeclarePhase
    field = "choice"
    prefixed = True
    phh_argument = "word"
    phh_example = "low"
    phh_help = "studkit: declare for a pot share: 'p2 declare low'"
    sentence = ("declare", "declares", "{who} {verb} {choice}")

    def choices(self, variant: Any) -> tuple[str, ...]:
        return (*(share.name for share in variant.pots), SWING)

    def options(
        self, hand: HandView, seat: int, request: DeclarePhase, taken: Sequence[Action]
    ) -> list[Action]:
        return [Action(self.action_kind(choice)) for choice in request.choices]

    def take(self, hand: HandView, seat: int, request: DeclarePhase, action: Action) -> Taken:
        choice = action.kind[len(self.name) + 1:]
        return Taken((Record(DeclareEvent(self.name, seat, choice)),),
                     hidden=request.simultaneous)

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        """The bots' declaration: the share the hand scores best for, or swing when it
        scores at least :data:`SWING_SCORE` for every share
        (:func:`studkit.bots.advice.chosen_share`, the batch kernel's bots' choice too)."""
        offered = {action.kind[len(self.name) + 1:]: action for action in actions}
        index = chosen_share(seen(view, variant), SWING in offered)
        names = [share.name for share in variant.pots]
        return offered.get(SWING if index == len(names) else names[index])


@hookimpl
def studkit_decision_kinds() -> list[DecisionKind]:
    return [DeclareKind()]


def declarations(events: Sequence[tuple[Any, ...]]) -> dict[int, str]:
    """Each seat's declaration, from the hand's ``declare`` events."""
    return {event.seat: event.choice for event in events if isinstance(event, DeclareEvent)}


def declarations_by_pot(events: Sequence[tuple[Any, ...]]) -> dict[int, list[str]]:
    """Each seat's declarations in the order made: one for every pot, or one per pot it is
    in (main pot first) when each pot is declared for separately. A seat in a pot is in every
    pot before it (side pots hold fewer seats), so its ``k``-th declaration is for pot ``k``.

    >>> declarations_by_pot([DeclareEvent("declare", 1, "low"),
    ...                      DeclareEvent("declare", 1, "swing")])
    {1: ['low', 'swing']}
    """
    made: dict[int, list[str]] = {}
    for event in events:
        if isinstance(event, DeclareEvent):
            made.setdefault(event.seat, []).append(event.choice)
    return made


def judge(
    strengths: Mapping[str, Sequence[int]],
    declared: Mapping[int, str],
    swing_may_tie: bool,
    eligible: Collection[int] | None = None,
    *,
    forfeit_all_pots: bool = False,
) -> dict[str, list[int]]:
    """The strengths by share for one pot once each seat is kept to what it declared.

    ``eligible`` are the seats that may win the pot (``None``: every declared seat); the
    others get 0. A seat that declared one share keeps its strength there only. A swing keeps
    all its strengths if it beats (or, with ``swing_may_tie``, at least ties) every other
    eligible seat competing for each share, other swings included, and loses all of them
    otherwise. With ``forfeit_all_pots`` a swing is judged against every declared seat
    instead, whatever pot is being judged: failing anywhere loses every pot.

    >>> judge({"high": [9, 8, 7], "low": [5, 9, 4]}, {0: "swing", 1: "swing", 2: "high"},
    ...       False, eligible=(0, 2))
    {'high': [9, 0, 7], 'low': [5, 0, 0]}
    """
    seats = set(declared) if eligible is None else set(eligible) & set(declared)
    kept = {name: [0] * len(values) for name, values in strengths.items()}
    for seat, choice in declared.items():
        for name in kept:
            if choice in (name, SWING):
                kept[name][seat] = strengths[name][seat]
    rivals = set(declared) if forfeit_all_pots else seats
    failed = [
        seat for seat in seats
        if declared[seat] == SWING and not _wins_every_share(kept, seat, rivals, swing_may_tie)
    ]
    for values in kept.values():  # judged against every rival, other swings included
        for seat in range(len(values)):
            if seat not in seats:
                values[seat] = 0
        for seat in failed:
            values[seat] = 0
    return kept


def _wins_every_share(
    kept: Mapping[str, Sequence[int]], seat: int, rivals: Collection[int], may_tie: bool
) -> bool:
    for values in kept.values():
        mine = values[seat]
        best = max((values[s] for s in rivals if s != seat), default=0)
        if mine == 0 or mine < best or (mine == best and not may_tie):
            return False
    return True


def rules_sentence(options: Mapping[str, Any]) -> str:
    """What the plugin's rule is, in a sentence for ``studkit show``."""
    when = (
        "all at once, none shown before all are made"
        if options.get("simultaneous", True) else "in turn"
    )
    tie = "a tie is enough" if options.get("swing_may_tie", False) else "a tie is not enough"
    if options.get("failed_swing_forfeits", FORFEITS_POT) == FORFEITS_ALL_POTS:
        failing = "a swing that fails in any pot wins no pot"
    else:
        failing = "a swing that fails in one pot may still win another"
    if options.get("timing", AFTER_LAST_BET) == BET_DECLARE_BET:
        moment = "After the next-to-last betting round"
        after = " One more betting round follows the declaration."
    else:
        moment, after = "Before the showdown", ""
    per_pot = (
        "separately for each pot they are in, main pot first"
        if options.get("declare_per_pot", False) else "once for every pot"
    )
    return (
        f"{moment} each player declares high, low or swing (both), {per_pot}, {when}; a "
        f"player competes only for the shares declared.{after} Each pot is judged among the "
        f"players in it: there a swing must win every share ({tie}) or wins nothing of that "
        f"pot; {failing}; a pot where every player is a failed swing is split among them."
    )


def check_variant(
    options: Mapping[str, Any], data: Mapping[str, Any]
) -> list[tuple[tuple[str | int, ...], str]]:
    """Settings that do not fit together or do not fit the game (caught when it loads)."""
    problems: list[tuple[tuple[str | int, ...], str]] = []
    per_pot = options.get("declare_per_pot", False)
    if per_pot and options.get("failed_swing_forfeits", FORFEITS_POT) == FORFEITS_ALL_POTS:
        problems.append((("failed_swing_forfeits",),
                         "'all-pots' judges one declaration across every pot; with "
                         "declare_per_pot: true each pot has its own, so use 'pot'"))
    if options.get("timing", AFTER_LAST_BET) != BET_DECLARE_BET:
        return problems
    streets = data["streets"]
    last = streets[-1] if streets else None
    if len(streets) < 2 or last is None or last["cards"] or last["board"] or not last["betting"]:
        problems.append((("timing",),
                         "bet-declare-bet declares after the next-to-last betting round and "
                         "bets once more on the last street, which must deal no cards and "
                         "bet: end the streets with {name: declare-bet, cards: [], "
                         "burn: false, bet_size: big}"))
    if per_pot:
        problems.append((("declare_per_pot",),
                         "a declaration per pot needs the pots settled: with bet-declare-bet "
                         "the last betting round can still make side pots, so use "
                         "timing: after-last-bet"))
    return problems


class Plugin:
    """Holds the declaration and keeps each player to it at the showdown, pot by pot."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.simultaneous: bool = options.get("simultaneous", True)
        self.swing_may_tie: bool = options.get("swing_may_tie", False)
        self.forfeit_all_pots: bool = (
            options.get("failed_swing_forfeits", FORFEITS_POT) == FORFEITS_ALL_POTS
        )
        self.rounds_after: int = (
            1 if options.get("timing", AFTER_LAST_BET) == BET_DECLARE_BET else 0
        )
        self.per_pot: bool = options.get("declare_per_pot", False)

    @hookimpl
    def studkit_kernel_rule(self, variant: Variant) -> DeclarationRule | None:
        """The declaration as data for the batch kernel; none with a declaration per pot."""
        if self.per_pot:
            return None
        kind = DeclareKind()
        choices = (*(share.name for share in variant.pots), SWING)
        return DeclarationRule(
            street=len(variant.streets) - 1 - self.rounds_after,
            actions=tuple(kind.action_kind(choice) for choice in choices),
            swing_may_tie=self.swing_may_tie,
            forfeit_all_pots=self.forfeit_all_pots,
        )

    @hookimpl
    def studkit_declare_phase(self, hand: HandView) -> DeclarePhase | None:
        if hand.street != len(hand.variant.streets) - 1 - self.rounds_after:
            return None
        names = tuple(share.name for share in hand.variant.pots)
        pots = tuple(pot.eligible for pot in hand.pots) if self.per_pot else ()
        return DeclarePhase(choices=(*names, SWING), simultaneous=self.simultaneous,
                            pots=pots if len(pots) > 1 else ())

    @hookimpl
    def studkit_adjust_strengths(
        self,
        hand: HandView,
        strengths: Mapping[str, Sequence[int]],
        holdings: Sequence[Holding | None],
        eligible: Sequence[int],
    ) -> dict[str, list[int]]:
        pot = 0
        if self.per_pot:
            groups = [tuple(p.eligible) for p in hand.pots]
            pot = groups.index(tuple(eligible)) if tuple(eligible) in groups else 0
        declared = {
            seat: choices[min(pot, len(choices) - 1)]
            for seat, choices in declarations_by_pot(hand.events).items()
            if seat < len(holdings) and holdings[seat] is not None
        }
        return judge(
            strengths, declared, self.swing_may_tie, eligible,
            forfeit_all_pots=self.forfeit_all_pots,
        )
