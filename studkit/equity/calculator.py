"""Equity: each hand's expected share of the pot, by exact enumeration or Monte Carlo.

The pot is split the way the variant's ``pots`` say: each share (``high``, ``low``, ...) goes
to its best qualifying hand, ties split it equally, and a share nobody qualifies for goes to
the other shares. A hand's *equity* is its expected fraction of the pot; its share figures
say how much of that fraction comes through each share (they add up to the equity); its
*scoop* is the probability that it takes the whole pot alone.

Everything is computed on numpy arrays of whole deals at once with the evaluators' batch
path: one row per completion of the deal, one evaluation per player and share.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from studkit.cards import Card, format_cards
from studkit.equity.deals import CardArray, deal_count, enumerate_draws, sample_draws
from studkit.equity.discards import discard_notes
from studkit.equity.jokers import joker_notes, with_face_jokers
from studkit.equity.showdown import EquityError, ShareRanker, share_evaluators
from studkit.equity.spot import Spot, parse_spot
from studkit.errors import PluginError
from studkit.hooks.host import variant_plugin_refs
from studkit.hooks.registry import registry_of
from studkit.variant.model import Variant

__all__ = [
    "EquityError",
    "HandEquity",
    "sampled_equities",
    "EquityResult",
    "equity",
    "EXACT_LIMIT",
    "EXACT_MAX",
    "DEFAULT_TRIALS",
    "plugin_notes",
]

EXACT_LIMIT = 2_000_000
"""Deals up to which :func:`equity` enumerates exactly unless told otherwise."""
EXACT_MAX = 200_000_000
"""Deals beyond which an explicit exact request is refused (it would run for minutes)."""
DEFAULT_TRIALS = 200_000
"""Monte Carlo trials when the space is too large to enumerate and no count is given."""
PLUGIN_EXACT_LIMIT = 50_000
PLUGIN_DEFAULT_TRIALS = 20_000
"""The same two limits when a pot share is ranked by a plugin's hook, once per deal."""
Z95 = 1.959963984540054
_CHUNK = 1 << 16


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One hand's result."""

    cards: str
    """The hand as given, ``??`` for unknown cards."""
    equity: float
    """Expected fraction of the pot."""
    interval: tuple[float, float] | None
    """Monte Carlo: the 95% confidence interval of :attr:`equity`; exact: ``None``."""
    shares: dict[str, float]
    """Per pot share (``high``, ``low``, ...): the fraction of the pot won through it."""
    scoop: float
    """Probability of taking the whole pot alone."""


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The answer to an equity question."""

    variant: str
    method: str
    """``exact`` (every completion of the deal enumerated) or ``monte-carlo``."""
    deals: int
    """Completions evaluated: all of them (exact) or the trials (Monte Carlo)."""
    space: int
    """How many distinct completions exist."""
    hands: tuple[HandEquity, ...]
    dead: tuple[Card, ...]
    community_cards: int
    seed: int | None
    seconds: float
    share_names: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())
    """What the figures leave out (a plugin's rules equity does not model)."""
    board: tuple[Card, ...] = field(default=())
    """The board (community) cards given as dealt (games with board cards)."""
    board_to_come: int = 0
    """Board cards each deal still draws (games with board cards)."""

    @property
    def equities(self) -> list[float]:
        """Each hand's equity, in input order."""
        return [h.equity for h in self.hands]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: ``equities`` in input order plus every detail."""
        return {
            "variant": self.variant,
            "method": self.method,
            "deals": self.deals,
            "space": self.space,
            "seed": self.seed,
            "dead": format_cards(self.dead),
            "community_cards": self.community_cards,
            "board": format_cards(self.board),
            "board_to_come": self.board_to_come,
            "shares": list(self.share_names),
            "equities": self.equities,
            "hands": [
                {
                    "cards": h.cards,
                    "equity": h.equity,
                    "interval": list(h.interval) if h.interval is not None else None,
                    "shares": h.shares,
                    "scoop": h.scoop,
                }
                for h in self.hands
            ],
            "notes": list(self.notes),
            "seconds": round(self.seconds, 4),
        }


class _Tally:
    """Running sums over evaluated deals."""

    def __init__(self, players: int, shares: int) -> None:
        self.rows = 0
        self.equity = np.zeros(players)
        self.equity_sq = np.zeros(players)
        self.shares = np.zeros((shares, players))
        self.scoops = np.zeros(players)

    def add(self, pot: npt.NDArray[np.float64], by_share: npt.NDArray[np.float64]) -> None:
        self.rows += pot.shape[0]
        self.equity += pot.sum(axis=0)
        self.equity_sq += np.square(pot).sum(axis=0)
        self.shares += by_share.sum(axis=1)
        self.scoops += (pot > 1.0 - 1e-9).sum(axis=0)


def _hand_arrays(spot: Spot, draws: CardArray, fills: list[list[int]]) -> CardArray:
    """Every player's final cards in deal order, ``(players, rows, final_cards)``: known
    cards in place, the draw's columns in the positions ``fills`` names, community cards
    last."""
    rows = draws.shape[0]
    cards = np.empty((len(spot.hands), rows, spot.final_cards), dtype=np.int8)
    known = len(spot.board)
    own = spot.final_cards - spot.community_cards - known
    used = sum(len(f) for f in fills)
    start = 0
    for p, (hand, fill) in enumerate(zip(spot.hands, fills, strict=True)):
        for i, card in enumerate(hand):
            if card is not None:
                cards[p, :, i] = card
        if fill:
            cards[p][:, fill] = draws[:, start : start + len(fill)]
        for i, card in enumerate(spot.board):
            cards[p, :, own + i] = card
        cards[p, :, own + known :] = draws[:, used:]
        start += len(fill)
    return cards


def _pot_fractions(
    hands: CardArray, community: int, evaluators: Sequence[ShareRanker],
    nobody: str = "chop-all",
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Per row and player: fraction of the pot won, and the same split by share. A deal in
    which no hand qualifies for any share goes by ``nobody`` (the variant's
    ``showdown.if_nobody_qualifies``): split equally (``chop-all``, in the first share), or
    shared as if no share had a qualifier (``ignore-qualifiers``)."""
    import copy

    won, weights = _share_wins(hands, community, evaluators)
    total = weights.sum(axis=0)
    empty = np.flatnonzero(total == 0)
    if len(empty) and nobody == "ignore-qualifiers":
        loose = []
        for share in evaluators:
            unqualified = copy.copy(share)
            object.__setattr__(unqualified, "qualifier", 0)
            loose.append(unqualified)
        again, again_weights = _share_wins(hands[:, empty], community, loose)
        won[:, empty] = again
        weights[:, empty] = again_weights
        total = weights.sum(axis=0)
        empty = np.flatnonzero(total == 0)
    if len(empty):
        players = hands.shape[0]
        won[:, empty] = 0.0
        won[0, empty] = 1.0 / players
        weights[:, empty] = 0.0
        weights[0, empty] = 1.0
        total = weights.sum(axis=0)
    by_share = won * (weights / total)[:, :, None]
    return by_share.sum(axis=0), by_share


def _share_wins(
    hands: CardArray, community: int, evaluators: Sequence[ShareRanker]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Per share, row and player: the fraction of the share won; per share and row: the
    share's weight where some hand qualifies for it, else 0."""
    players, rows = hands.shape[0], hands.shape[1]
    won = np.zeros((len(evaluators), rows, players))
    weights = np.zeros((len(evaluators), rows))
    for s, share in enumerate(evaluators):
        strengths = share.rank(hands, community)
        best = strengths.max(axis=1)
        winners = (strengths == best[:, None]) & (best > 0)[:, None]
        count = winners.sum(axis=1)
        won[s] = winners / np.maximum(count, 1)[:, None]
        weights[s] = np.where(best > 0, float(share.weight), 0.0)
    return won, weights


def _layout(spot: Spot, evaluators: Sequence[ShareRanker]) -> tuple[list[int], list[list[int]]]:
    groups, fills = spot.fill_positions(any(e.needs_faces for e in evaluators))
    return [*groups, spot.community_cards], fills


def _run_exact(spot: Spot, evaluators: Sequence[ShareRanker], tally: _Tally) -> None:
    groups, fills = _layout(spot, evaluators)
    for draws in enumerate_draws(spot.stub, groups, chunk_rows=_CHUNK):
        hands = _hand_arrays(spot, draws, fills)
        tally.add(*_pot_fractions(hands, spot.community_cards + len(spot.board), evaluators,
                                  spot.variant.showdown.if_nobody_qualifies))


def _run_sampled(
    spot: Spot, evaluators: Sequence[ShareRanker], tally: _Tally, trials: int, seed: int | None
) -> None:
    _, fills = _layout(spot, evaluators)
    rng = np.random.default_rng(seed)
    done = 0
    while done < trials:
        rows = min(_CHUNK, trials - done)
        draws = sample_draws(spot.stub, spot.cards_drawn, rows, rng)
        hands = _hand_arrays(spot, draws, fills)
        tally.add(*_pot_fractions(hands, spot.community_cards + len(spot.board), evaluators,
                                  spot.variant.showdown.if_nobody_qualifies))
        done += rows


def sampled_equities(spot: Spot, trials: int, seed: int | None) -> list[float]:
    """Each hand's equity in ``spot`` from ``trials`` random deals: a fast path for bots."""
    evaluators = with_face_jokers(spot.variant, share_evaluators(spot.variant))
    tally = _Tally(len(spot.hands), len(evaluators))
    _run_sampled(spot, evaluators, tally, trials, seed)
    return [float(x) for x in tally.equity / tally.rows]


def equity(
    variant: Variant | str,
    hands: Sequence[str | Iterable[str | Card | None]],
    *,
    dead: str | Iterable[str | Card] = (),
    board: str | Iterable[str | Card] = (),
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
) -> EquityResult:
    """Each hand's equity (expected share of the pot) in ``variant``.

    ``hands`` are each player's cards in deal order, ``??`` for unknown ones; ``dead`` are
    cards known to be out; ``board`` the board (community) cards dealt so far in a game that
    deals them (the rest of the board is dealt like any unseen card). ``exact=True``
    enumerates every completion (refused beyond :data:`EXACT_MAX`), ``exact=False`` or
    ``trials`` samples; by default the space is enumerated when it has at most
    :data:`EXACT_LIMIT` completions, else :data:`DEFAULT_TRIALS` random ones are drawn from
    ``seed`` (without one, a random seed is drawn and reported in the result).

    >>> result = equity("seven-card-stud", ["As Ad Kc 7h 2s 3s 4d", "Ks Kd Qc 7d 8s 9s ??"])
    >>> result.method, round(result.equities[0], 4)
    ('exact', 0.8919)
    """
    if isinstance(variant, str):
        from studkit import load_variant

        variant = load_variant(variant)
    elif not isinstance(variant, Variant):
        raise TypeError(
            f"equity needs a Variant or a variant name or file, not {type(variant).__name__} "
            f"{variant!r}"
        )
    for name, count in (("trials", trials), ("seed", seed)):
        if count is not None and (isinstance(count, bool) or not isinstance(count, int)):
            raise TypeError(
                f"equity: {name} must be a whole number, not {type(count).__name__} {count!r}"
            )
    if trials is not None and trials < 1:
        raise EquityError(f"--trials must be at least 1, not {trials}")
    if seed is not None and seed < 0:
        raise EquityError(f"--seed must be 0 or more, not {seed}")
    if exact and trials is not None:
        raise EquityError("give either exact enumeration or a number of trials, not both")
    spot = parse_spot(variant, hands, dead, board)
    evaluators = with_face_jokers(variant, share_evaluators(variant))
    space = deal_count(len(spot.stub), _layout(spot, evaluators)[0])
    slow = any(e.needs_faces for e in evaluators)
    if exact is None:
        exact = trials is None and space <= (PLUGIN_EXACT_LIMIT if slow else EXACT_LIMIT)
    if exact and space > EXACT_MAX:
        raise EquityError(
            f"exact enumeration would evaluate {space:,} deals (the limit is {EXACT_MAX:,}): "
            "use Monte Carlo trials instead"
        )
    tally = _Tally(len(spot.hands), len(evaluators))
    started = time.perf_counter()
    if exact:
        _run_exact(spot, evaluators, tally)
    else:
        default = PLUGIN_DEFAULT_TRIALS if slow else DEFAULT_TRIALS
        if seed is None:  # draw one and report it, so the run can be repeated
            seed = random.SystemRandom().randrange(2**31)
        _run_sampled(spot, evaluators, tally, trials or default, seed)
    seconds = time.perf_counter() - started
    return _result(spot, evaluators, tally, exact, space, seed, seconds)


def _result(
    spot: Spot,
    evaluators: Sequence[ShareRanker],
    tally: _Tally,
    exact: bool,
    space: int,
    seed: int | None,
    seconds: float,
) -> EquityResult:
    n = tally.rows
    mean = tally.equity / n
    hands: list[HandEquity] = []
    for p in range(len(spot.hands)):
        interval: tuple[float, float] | None = None
        if not exact:
            variance = max(tally.equity_sq[p] / n - mean[p] ** 2, 0.0) * n / max(n - 1, 1)
            half = Z95 * float(variance / n) ** 0.5
            centre = float(mean[p])
            interval = (max(0.0, centre - half), min(1.0, centre + half))
        hands.append(
            HandEquity(
                cards=spot.describe_hand(p),
                equity=float(mean[p]),
                interval=interval,
                shares={e.name: float(tally.shares[s, p] / n) for s, e in enumerate(evaluators)},
                scoop=float(tally.scoops[p] / n),
            )
        )
    return EquityResult(
        variant=spot.variant.name,
        method="exact" if exact else "monte-carlo",
        deals=n,
        space=space,
        hands=tuple(hands),
        dead=spot.dead,
        community_cards=spot.community_cards - spot.board_to_come,
        board=spot.board,
        board_to_come=spot.board_to_come,
        seed=None if exact else seed,
        seconds=seconds,
        share_names=tuple(e.name for e in evaluators),
        notes=plugin_notes(spot.variant) + discard_notes(spot.variant, len(spot.hands[0]))
        + joker_notes(spot.variant),
    )


def plugin_notes(variant: Variant) -> tuple[str, ...]:
    """A note for each plugin of ``variant`` whose rules equity does not model: every plugin
    but those whose module sets ``EQUITY_NEUTRAL = True`` (equity accounts for them: it deals
    community cards itself, a player's choice of the card to expose does not change who wins,
    a share a plugin ranks is ranked by the plugin's own hook)."""
    return tuple(
        f"plugin {ref.name!r} is not applied: equity deals and ranks hands by the variant's "
        "data alone (its deck, static wild cards, streets and pot shares)"
        + _why_not(variant, ref.name)
        for ref in variant_plugin_refs(variant)
        if not _equity_neutral(variant, ref.name)
    )


def _why_not(variant: Variant, name: str) -> str:
    """``; `` and the plugin module's ``EQUITY_NOTE`` (why its rule is left out), if any."""
    try:
        note = getattr(registry_of(variant).find(name).module, "EQUITY_NOTE", "")
    except PluginError:
        return ""
    return f"; {note}" if isinstance(note, str) and note else ""


def _equity_neutral(variant: Variant, name: str) -> bool:
    try:
        module = registry_of(variant).find(name).module
    except PluginError:  # missing or broken: certainly not accounted for
        return False
    return getattr(module, "EQUITY_NEUTRAL", False) is True
