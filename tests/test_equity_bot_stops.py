"""The equity bot deals its Monte Carlo completions in groups and stops once its decision is
settled (:func:`studkit.bots.strategy.equity_settled`, the rule both engines follow)."""

from __future__ import annotations

from typing import Any

import pytest

from studkit.bots import estimate
from studkit.bots.strategy import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    EQUITY_STEP,
    FOLD,
    RAISE,
    equity_choice,
    equity_settled,
)
from studkit.simulation import simulate

CHECK_OR_BET = 1 << CHECK | 1 << BET
FOLD_CALL_RAISE = 1 << FOLD | 1 << CALL | 1 << RAISE
FOLD_OR_CALL = 1 << FOLD | 1 << CALL


def settled(value: float, avail: int, *, deals: int = EQUITY_STEP, players: int = 3,
            raises: int = 0, to_call: int = 0, pot: int = 20) -> bool:
    return equity_settled(value * deals, deals, 1.35, players, raises, to_call, pot, avail)


def test_a_bet_question_settles_only_clear_of_the_bet_threshold() -> None:
    # 3 players: bet from 1.35 / 3 = 0.45; 2.5 standard errors at 25 deals are 0.25
    assert settled(0.1, CHECK_OR_BET) and settled(0.8, CHECK_OR_BET)
    assert not settled(0.3, CHECK_OR_BET) and not settled(0.6, CHECK_OR_BET)
    # more deals, a narrower band
    assert settled(0.3, CHECK_OR_BET, deals=75) and not settled(0.35, CHECK_OR_BET, deals=75)


def test_heads_up_the_bet_threshold_is_the_fair_share_times_the_margin() -> None:
    # 2 players: 0.675; a 0.3 equity is far below it, as is a 0.2 one for 6 players (0.3)
    assert settled(0.3, CHECK_OR_BET, players=2, deals=50)
    assert not settled(0.45, CHECK_OR_BET, players=6, deals=50)


def test_past_the_raise_cap_only_a_near_certain_hand_raises() -> None:
    mask = 1 << CHECK | 1 << RAISE
    assert settled(0.8, mask, raises=0, deals=75)
    assert not settled(0.8, mask, raises=3, deals=75)  # 0.85 now: 0.8 is too close
    assert settled(0.3, mask, raises=3, deals=75)


def test_the_price_matters_only_when_calling_or_folding_is_the_question() -> None:
    # to call 10 into 30: the price is 0.25
    assert not settled(0.3, FOLD_OR_CALL, to_call=10, pot=30)
    assert settled(0.9, FOLD_OR_CALL, to_call=10, pot=30)
    assert settled(0.3, 1 << CHECK | 1 << FOLD, to_call=10, pot=30)  # nothing to decide
    assert settled(0.25, 1 << BRING_IN | 1 << COMPLETE | 1 << FOLD, pot=30) is False
    assert settled(0.25, 1 << BRING_IN | 1 << FOLD, to_call=10, pot=30)
    # a clear raise settles whatever the price
    assert settled(0.95, FOLD_CALL_RAISE, to_call=10, pot=30)
    assert not settled(0.5, FOLD_CALL_RAISE, to_call=10, pot=30)


@pytest.mark.parametrize("avail", [CHECK_OR_BET, FOLD_CALL_RAISE, FOLD_OR_CALL,
                                   1 << CHECK | 1 << RAISE])
@pytest.mark.parametrize("raises", [0, 3])
def test_a_settled_estimate_decides_as_every_nearby_equity_would(avail: int,
                                                                 raises: int) -> None:
    for deals in (25, 50, 75):
        for step in range(101):
            value = step / 100
            if not settled(value, avail, deals=deals, raises=raises, to_call=10, pot=30):
                continue
            code = equity_choice(value, 1.35, 3, raises, 10, 30, avail)
            for nearby in (value - 0.05, value + 0.05):
                nearby = min(max(nearby, 0.0), 1.0)
                assert equity_choice(nearby, 1.35, 3, raises, 10, 30, avail) == code, (
                    deals, value, nearby)


def test_the_general_engine_s_equity_bot_stops_early_where_it_is_clear(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    decisions: list[list[int]] = []
    real_estimate, real_sampled = estimate.estimate_equity, estimate.sampled_equities

    def counting_estimate(*args: Any, **kwargs: Any) -> float | None:
        decisions.append([])
        return real_estimate(*args, **kwargs)

    def counting_sampled(spot: Any, trials: int, seed: int | None) -> list[float]:
        decisions[-1].append(trials)
        return real_sampled(spot, trials, seed)

    monkeypatch.setattr(estimate, "estimate_equity", counting_estimate)
    monkeypatch.setattr(estimate, "sampled_equities", counting_sampled)
    simulate("seven-card-stud", hands=40, players=4, bots="equity,tag,lag,random", seed=3,
             engine="general")
    dealt = [sum(groups) for groups in decisions if groups]
    assert dealt and max(dealt) == 100
    assert all(groups == [EQUITY_STEP] * len(groups) for groups in decisions)
    assert min(dealt) == EQUITY_STEP
    assert sum(dealt) < 0.8 * 100 * len(dealt)
