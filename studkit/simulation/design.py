"""The design metrics of a simulation: what a game designer asks of a rule set, each figure
with its 95% confidence interval, computed from a :class:`~studkit.simulation.tally.Tally`
(both engines count the same things for every hand, so they report the same metrics).

Definitions (``docs/design-metrics.md`` has them with their formulas and how to read them):

* ``seat_ev_bb100``: the result of each position in big bets per 100 hands, by position from
  the dealer's left (the dealer last) and by position from the player who had to bring in
  (that player first, then clockwise; over the hands with a bring-in);
* ``fairness``: the best position's result less the worst's (``from_button``), bb/100: 0 for
  a game in which no position is worth more than another;
* ``bring_in_ev_bb100``: the result of the player who had to bring in against the average
  of the other players;
* ``pot_bb_by_street``: the pot in big bets as each street's betting ended, over the hands
  that played that betting; ``streets_reached``: the share of hands that reached each street;
  ``raise_frequency``: the share of each street's decisions that bet, complete or raise;
  ``decisions_per_hand``;
* ``decisiveness``: by street, how often the hand's one winner (the player who won more than
  every other) already showed the best board there, acting first by it; ``lead_changes``:
  how often per hand the best board passes to another player from one street to the next,
  and by street how often a player who did not show the best board wins;
* ``skill``: the strongest kind of bot at the table against the weakest (by their seats'
  mean results): the difference in bb/100, and the hands until the stronger is ahead with
  95% probability.

Means take the normal approximation, ``mean +- 1.96 * sd / sqrt(n)``; shares take Wilson's
score interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from studkit.simulation.tally import Tally

__all__ = ["Estimate", "design_metrics", "wilson", "AGGRESSIVE", "estimate_text",
           "bot_difference", "Z95"]

Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""

AGGRESSIVE = ("bet", "complete", "raise")
"""The decisions a raise frequency counts."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure and its 95% confidence interval (``None``: nothing to measure it on)."""

    value: float | None
    ci95: tuple[float, float] | None = None
    n: int = 0
    """How many hands (or decisions) it was measured on."""

    def to_json(self) -> dict[str, Any]:
        """``{"value", "ci95", "n"}``."""
        return {"value": self.value, "ci95": list(self.ci95) if self.ci95 else None,
                "n": self.n}


def mean_estimate(total: int | Fraction, squares: int | Fraction, n: int,
                  scale: float = 1.0) -> Estimate:
    """The mean of ``n`` values from their sum and sum of squares, times ``scale``."""
    if n == 0:
        return Estimate(None)
    mean = Fraction(total) / n
    if n < 2:
        return Estimate(float(mean) * scale, None, n)
    variance = max(Fraction(squares) * n - Fraction(total) ** 2, Fraction(0)) / (n * (n - 1))
    half = Z95 * math.sqrt(variance / n)
    value = float(mean)
    return Estimate(value * scale, ((value - half) * scale, (value + half) * scale), n)


def wilson(part: int, whole: int) -> Estimate:
    """A share ``part / whole`` with Wilson's score interval."""
    if whole == 0:
        return Estimate(None)
    p = part / whole
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * whole)) / (1 + z2 / whole)
    half = Z95 * math.sqrt(p * (1 - p) / whole + z2 / (4 * whole * whole)) / (1 + z2 / whole)
    return Estimate(p, (max(0.0, centre - half), min(1.0, centre + half)), whole)


def design_metrics(tally: Tally, big_bet: int, streets: tuple[str, ...],
                   bots: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every design metric of ``tally`` as JSON-ready data (the ``design`` object of
    ``simulate --json``); chip amounts in big bets of ``big_bet`` chips, ``streets`` the
    variant's street names in order, ``bots`` the bot of each seat."""
    t = tally
    n = t.players
    square = big_bet * big_bet
    # exact fractions of a big bet: the same game at any stakes gives the same floats
    by_button = [mean_estimate(Fraction(t.position_net[k], big_bet),
                               Fraction(t.position_sq[k], square), t.hands, 100)
                 for k in range(n)]
    by_bring_in = [mean_estimate(Fraction(t.forced_net[k], big_bet),
                                 Fraction(t.forced_sq[k], square), t.forced_hands, 100)
                   for k in range(n)]
    return {
        "seat_ev_bb100": {
            "from_button": [e.to_json() for e in by_button],
            "from_bring_in": [e.to_json() for e in by_bring_in] if t.forced_hands else None,
        },
        "fairness": _fairness(by_button),
        "bring_in_ev_bb100": _bring_in(by_bring_in[0], n) if t.forced_hands else None,
        "pot_bb_by_street": {
            name: mean_estimate(Fraction(t.street_pot[name], big_bet),
                                Fraction(t.street_pot_sq[name], big_bet * big_bet),
                                t.street_rounds[name]).to_json()
            for name in streets if t.street_rounds[name]
        },
        "streets_reached": _reached(t, streets),
        "raise_frequency": _raises(t, streets),
        "decisions_per_hand": mean_estimate(t.actions, t.actions_sq, t.hands).to_json(),
        "decisiveness": {name: wilson(t.led_won[name], t.led[name]).to_json()
                         for name in streets if t.led[name]},
        "lead_changes": {
            "per_hand": mean_estimate(t.lead_changes, t.lead_changes_sq, t.hands).to_json(),
            "behind_wins": {name: wilson(t.led[name] - t.led_won[name], t.led[name]).to_json()
                            for name in streets if t.led[name]},
        },
        "skill": _skill(t, bots, big_bet) if bots else None,
    }


Z95_ONE_SIDED = 1.6448536269514722


def _skill(t: Tally, bots: tuple[str, ...], big_bet: int) -> dict[str, Any] | None:
    """The stronger bot against the weaker at the same table: each bot's result is the mean of
    its seats' (bb/100); ``stronger`` and ``weaker`` are the bots with the best and the worst,
    ``bb100`` the difference with its interval and ``hands_to_lead_95`` as
    :func:`bot_difference` gives them. ``None`` with fewer than two kinds of bot."""
    seats: dict[str, list[int]] = {}
    for seat, bot in enumerate(bots):
        seats.setdefault(bot, []).append(seat)
    if len(seats) < 2 or t.hands < 2:
        return None
    means = {bot: sum(t.net[s] for s in group) / len(group) for bot, group in seats.items()}
    stronger = max(means, key=lambda b: means[b])
    weaker = min(means, key=lambda b: means[b])
    return {"stronger": stronger, "weaker": weaker,
            **bot_difference(t, seats[stronger], seats[weaker], big_bet)}


def bot_difference(t: Tally, first: list[int], second: list[int],
                   big_bet: int) -> dict[str, Any]:
    """The mean result of the ``first`` seats less that of the ``second``, per hand: ``bb100``
    with its interval (from the seats' covariances within a hand), and ``hands_to_lead_95``,
    the hands after which the first are ahead with 95% probability, ``(1.645 sd / mean)^2``
    for the per-hand difference's mean and sd (``None`` unless the first are ahead)."""
    n = t.players
    weight = [Fraction(0)] * n
    for s in first:
        weight[s] += Fraction(1, len(first))
    for s in second:
        weight[s] -= Fraction(1, len(second))
    total = sum((weight[s] * t.net[s] for s in range(n)), Fraction(0))
    squares = sum((weight[s] * weight[s] * t.net_sq[s] for s in range(n)), Fraction(0))
    for i in range(n):
        for j in range(i + 1, n):
            if weight[i] and weight[j]:
                squares += 2 * weight[i] * weight[j] * t.seat_products[i * n + j]
    difference = mean_estimate(total / big_bet, squares / (big_bet * big_bet), t.hands, 100)
    lead = None
    if t.hands > 1 and total > 0:
        mean = total / t.hands
        variance = max(squares - total * total / t.hands, Fraction(0)) / (t.hands - 1)
        lead = math.ceil(Z95_ONE_SIDED ** 2 * float(variance) / float(mean) ** 2)
    return {"bb100": difference.to_json(), "hands_to_lead_95": lead}


def _fairness(by_button: list[Estimate]) -> dict[str, Any]:
    """The best position's result less the worst's, with a conservative interval: the two
    standard errors added, whatever the two positions' correlation (within a hand the
    positions' results are negatively correlated: they sum to zero)."""
    known = [(e.value, k, e) for k, e in enumerate(by_button) if e.value is not None]
    if len(known) < 2:
        return {"value": None, "ci95": None, "best": None, "worst": None}
    best, worst = max(known), min(known)
    value = best[0] - worst[0]
    if best[2].ci95 is None or worst[2].ci95 is None:
        return {"value": value, "ci95": None, "best": best[1], "worst": worst[1]}
    half = (best[2].ci95[1] - best[0]) + (worst[2].ci95[1] - worst[0])
    return {"value": value, "ci95": [max(0.0, value - half), value + half],
            "best": best[1], "worst": worst[1]}


def _bring_in(forced: Estimate, n: int) -> dict[str, Any]:
    """The bring-in player's result, the others' average (the results of a hand sum to zero,
    so it is ``-forced / (n - 1)``) and the difference, each with its interval."""
    def scaled(factor: float) -> Estimate:
        if forced.value is None:
            return Estimate(None)
        if forced.ci95 is None:
            return Estimate(forced.value * factor, None, forced.n)
        a, b = forced.ci95[0] * factor, forced.ci95[1] * factor
        return Estimate(forced.value * factor, (min(a, b), max(a, b)), forced.n)

    return {
        "bring_in": forced.to_json(),
        "others": scaled(-1 / (n - 1)).to_json(),
        "difference": scaled(n / (n - 1)).to_json(),
    }


def _reached(t: Tally, streets: tuple[str, ...]) -> dict[str, Any]:
    later = t.hands
    out: dict[str, Any] = {}
    for name in streets:
        out[name] = wilson(later, t.hands).to_json()
        later -= t.ended_on.get(name, 0)
    return out


def _raises(t: Tally, streets: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in streets:
        decisions = sum(n for (street, _), n in t.action_mix.items() if street == name)
        if decisions:
            aggressive = sum(t.action_mix.get((name, kind), 0) for kind in AGGRESSIVE)
            out[name] = wilson(aggressive, decisions).to_json()
    return out


def estimate_text(estimate: dict[str, Any] | None, kind: str = "signed") -> str:
    """``{"value", "ci95"}`` as text: ``signed`` (bb/100), ``plain`` (two decimals) or
    ``share`` (a percentage) or ``unsigned`` (bb/100 that cannot be negative, one decimal);
    ``-`` where there is nothing to show."""
    if estimate is None or estimate.get("value") is None:
        return "-"
    formats = {"signed": "{:+,.1f}", "plain": "{:,.2f}", "share": "{:.1%}",
               "unsigned": "{:,.1f}"}
    shown = formats[kind]
    text = shown.format(estimate["value"])
    interval = estimate.get("ci95")
    if interval:
        text += f" ({shown.format(interval[0])} .. {shown.format(interval[1])})"
    return text
