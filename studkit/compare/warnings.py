"""What a comparison says before its figures are trusted: that the variants play at
different stakes (the chip amounts are compared in big bets), and which changed rules the
bots never put to the test, whose effect no statistic can show."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from studkit.simulation import SimulationReport
from studkit.simulation.tally import Tally
from studkit.variant.model import Variant
from studkit.variant.stakes_words import amount_words

__all__ = ["comparison_warnings", "stakes_differ"]


def comparison_warnings(variants: Sequence[Variant],
                        reports: Sequence[SimulationReport]) -> list[str]:
    """Every warning of a comparison of ``variants`` simulated as ``reports``, as sentences."""
    return _stakes_warning(reports) + _unseen_rule_warnings(variants, reports)


def stakes_differ(reports: Sequence[SimulationReport]) -> bool:
    """Whether the simulations were played at different stakes: in big bets of different
    sizes, as the players write them: a $2 big bet counted in cents is the same as a big bet
    of 2 chips (a different ante or bring-in at the same big bet is a rule change like any
    other, and the rules diff says it)."""
    first = Fraction(reports[0].big_bet, reports[0].scale)
    return any(Fraction(r.big_bet, r.scale) != first for r in reports[1:])


def _stakes_warning(reports: Sequence[SimulationReport]) -> list[str]:
    if not stakes_differ(reports):
        return []
    each = "; ".join(
        f"{r.variant} at "
        + ", ".join(f"{k.replace('_', '-')}={amount_words(r.scale, v)}"
                    for k, v in r.stakes.items() if v is not None)
        + f" (1 bb = {amount_words(r.scale, r.big_bet)} chips)"
        for r in reports
    )
    return [f"the stakes differ: {each}; every chip amount is compared in big bets"]


@dataclass(frozen=True, slots=True)
class _UnseenRule:
    """A rule the bots may never put to the test: the setting, how many hands tested it."""

    name: str
    setting: Callable[[Variant], Any]
    tested: Callable[[Tally], int]
    untested: str
    """Why no hand showed it, as a sentence's end (``{live}``: the hands the rule was live)."""
    live: Callable[[Tally], int] = lambda t: 0


_UNSEEN_RULES: tuple[_UnseenRule, ...] = (
    _UnseenRule("the raise cap", lambda v: v.betting.max_raises, lambda t: t.capped_hands,
                "no hand reached the cap"),
    _UnseenRule("lifting the raise cap heads-up", lambda v: v.betting.heads_up_uncapped,
                lambda t: t.capped_hands, "no hand reached the cap"),
    _UnseenRule("the open-pair option", lambda v: v.betting.open_pair_street,
                lambda t: t.open_pair_taken,
                "it was live in {live:,} hands and nobody made the big bet",
                lambda t: t.open_pair_hands),
)
"""Rules whose effect the bots may never show, with the tally's count of the hands that put
each to the test."""


def _unseen_rule_warnings(variants: Sequence[Variant],
                          reports: Sequence[SimulationReport]) -> list[str]:
    """A sentence for each rule that differs between the variants but that no hand of any of
    them put to the test: a comparison cannot show what the bots never did."""
    out: list[str] = []
    for rule in _UNSEEN_RULES:
        settings = [rule.setting(v) for v in variants]
        if all(s == settings[0] for s in settings[1:]):
            continue
        if any(rule.tested(r.tally) for r in reports):
            continue
        live = sum(rule.live(r.tally) for r in reports)
        out.append(f"{rule.name} differs between the variants, but "
                   f"{rule.untested.format(live=live)} in any of them: the bots cannot show "
                   "its effect")
    return out
