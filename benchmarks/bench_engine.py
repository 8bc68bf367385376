"""Hands per second of the stud engine against PokerKit 0.7.7, in the same run.

Four-handed fixed-limit seven-card stud, ante 1, bring-in 2, bets 5/10, stacks 1,000, played
two ways by both engines: every player checking or calling (the forced player brings in),
and every decision uniformly random among the legal ones. PokerKit deals from its own
shuffled deck with every automation on; studkit deals from a seeded deck. The script prints
the median hands per second over repeats for each engine and studkit's ratio (the issue's
bars: 100x checking/calling, 50x random), then an untimed check that both engines did the
same work: decisions and cards dealt per hand, and the share of hands reaching a showdown.
It first prints which studkit build it measures: run it with the Python of an environment
where ``pip install .`` compiled the engine (``studkit --version`` says ``compiled``); an
editable install or STUDKIT_PURE_PYTHON=1 measures the pure-Python build, about half as fast.

    python benchmarks/bench_engine.py [--repeats 5] [--hands 5000] [--peer-hands 200]
        [--cpu-time] [--profile]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import warnings
from collections.abc import Callable

from _build import print_build

PLAYERS = 4
STACKS = (1000,) * PLAYERS
CLOCK = time.perf_counter


Run = Callable[[int, "list[object] | None"], None]
"""A benchmark loop: play ``hands`` hands; keep each finished hand in the list if one is given
(only for the untimed workload check)."""


def rates(ours: Run, theirs: Run, hands: int, peer_hands: int, repeats: int) -> tuple[float, float]:
    """Median hands per second of both engines, their repeats interleaved so that both see
    the same load on a shared machine."""
    mine: list[float] = []
    peer: list[float] = []
    for _ in range(repeats):
        started = CLOCK()
        ours(hands, None)
        mine.append(hands / (CLOCK() - started))
        started = CLOCK()
        theirs(peer_hands, None)
        peer.append(peer_hands / (CLOCK() - started))
    return statistics.median(mine), statistics.median(peer)


def studkit_runs() -> dict[str, Run]:
    from studkit import load_variant
    from studkit.engine import Hand

    variant = load_variant("seven-card-stud").with_stakes(
        ante=1, bring_in=2, small_bet=5, big_bet=10
    )
    rng = random.Random(2026)

    def check_call(hands: int, keep: list[object] | None) -> None:
        for _ in range(hands):
            hand = Hand(variant, STACKS, rng=rng)
            passive = hand.check_or_call
            while not hand.is_over:
                passive()
            if keep is not None:
                keep.append(hand)

    def uniform(hands: int, keep: list[object] | None) -> None:
        pick = rng.random
        for _ in range(hands):
            hand = Hand(variant, STACKS, rng=rng)
            legal_actions = hand.legal_actions
            apply = hand.apply
            while not hand.is_over:
                legal = legal_actions()
                apply(legal[int(pick() * len(legal))])
            if keep is not None:
                keep.append(hand)

    return {"check/call": check_call, "random": uniform}


def pokerkit_runs(players: int = PLAYERS) -> dict[str, Run]:
    """PokerKit's two ways of playing ``players``-handed, the same work as studkit's: every
    player checking or calling (bringing in when forced), or a uniformly random choice among
    the actions studkit lists (PokerKit also offers a fold when there is nothing to call;
    studkit does not, so the random loop leaves it out, as the workload check confirms).
    Every benchmark that plays PokerKit's stud hands uses these loops."""
    from pokerkit import Automation, FixedLimitSevenCardStud, Mode

    warnings.filterwarnings("ignore", module="pokerkit")
    random.seed(2026)  # PokerKit shuffles with the global generator
    game = FixedLimitSevenCardStud(tuple(Automation), True, 1, 2, 5, 10, mode=Mode.CASH_GAME)
    stacks = (1000,) * players

    def check_call(hands: int, keep: list[object] | None) -> None:
        for _ in range(hands):
            state = game(stacks, players)
            while state.status:
                if state.can_post_bring_in():
                    state.post_bring_in()
                else:
                    state.check_or_call()
            if keep is not None:
                keep.append(state)

    def uniform(hands: int, keep: list[object] | None) -> None:
        for _ in range(hands):
            state = game(stacks, players)
            while state.status:
                options: list[Callable[[], object]] = []
                if state.can_post_bring_in():
                    options.append(state.post_bring_in)
                if state.can_fold() and state.checking_or_calling_amount:
                    options.append(state.fold)  # PokerKit also allows folding for free
                if state.can_check_or_call():
                    options.append(state.check_or_call)
                if state.can_complete_bet_or_raise_to():
                    options.append(state.complete_bet_or_raise_to)
                random.choice(options)()
            if keep is not None:
                keep.append(state)

    return {"check/call": check_call, "random": uniform}


WORK_HANDS = 400
"""Hands per engine and way of playing in the untimed workload check."""


def studkit_work(hands: list[object]) -> tuple[float, float, float]:
    """Per hand: decisions, cards dealt to players, and the share reaching a showdown."""
    from studkit.engine import Hand
    from studkit.engine.events import ActionEvent, DealEvent

    decisions = cards = showdowns = 0
    for hand in hands:
        assert isinstance(hand, Hand)
        for event in hand.events:
            decisions += isinstance(event, ActionEvent)
            cards += isinstance(event, DealEvent)
        showdowns += hand.n_in >= 2
    count = len(hands)
    return decisions / count, cards / count, showdowns / count


def pokerkit_work(states: list[object]) -> tuple[float, float, float]:
    """:func:`studkit_work` for PokerKit states, read from their operation logs."""
    from pokerkit import (
        BringInPosting,
        CheckingOrCalling,
        CompletionBettingOrRaisingTo,
        Folding,
        HoleCardsShowingOrMucking,
        HoleDealing,
        State,
    )

    kinds = (BringInPosting, CheckingOrCalling, CompletionBettingOrRaisingTo, Folding)
    decisions = cards = showdowns = 0
    for state in states:
        assert isinstance(state, State)
        for operation in state.operations:
            decisions += isinstance(operation, kinds)
            if isinstance(operation, HoleDealing):
                cards += len(operation.cards)
        showdowns += any(isinstance(op, HoleCardsShowingOrMucking) for op in state.operations)
    count = len(states)
    return decisions / count, cards / count, showdowns / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--hands", type=int, default=5000, help="studkit hands per repeat")
    parser.add_argument("--peer-hands", type=int, default=200, help="PokerKit hands per repeat")
    parser.add_argument("--profile", action="store_true", help="cProfile studkit's runs")
    parser.add_argument(
        "--cpu-time", action="store_true",
        help="time with the process's CPU time instead of the wall clock (steadier when the "
        "machine is shared)",
    )
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # PokerKit warns about pointless folds it allows
    if args.cpu_time:
        global CLOCK
        CLOCK = time.process_time

    ours = studkit_runs()
    if args.profile:
        import cProfile
        import pstats

        for name, run in ours.items():
            print(f"--- studkit {name}")
            profiler = cProfile.Profile()
            profiler.runcall(run, args.hands, None)
            pstats.Stats(profiler).sort_stats("tottime").print_stats(12)
        return
    theirs = pokerkit_runs()
    print_build()
    print(
        f"4-handed fixed-limit seven-card stud, ante 1, bring-in 2, bets 5/10, stacks 1,000; "
        f"median of {args.repeats} repeats"
    )
    print(f"{'play':<12}{'studkit hands/s':>18}{'PokerKit hands/s':>19}{'ratio':>9}")
    for name in ours:
        ours[name](50, None)  # warm caches (evaluator tables, compiled rules)
        theirs[name](2, None)
        mine, peer = rates(ours[name], theirs[name], args.hands, args.peer_hands, args.repeats)
        print(f"{name:<12}{mine:>18,.0f}{peer:>19,.1f}{mine / peer:>8.0f}x")
    print(f"\nwork per hand (untimed, {WORK_HANDS} hands each): decisions, cards dealt to "
          f"players, share reaching the showdown")
    for name in ours:
        kept: list[object] = []
        ours[name](WORK_HANDS, kept)
        mine_work = studkit_work(kept)
        kept = []
        theirs[name](WORK_HANDS, kept)
        peer_work = pokerkit_work(kept)
        for engine, (decisions, cards, showdowns) in (
            ("studkit", mine_work), ("PokerKit", peer_work)
        ):
            print(f"{name:<12}{engine:<10}{decisions:>7.1f} decisions {cards:>6.1f} cards "
                  f"{showdowns:>6.0%} showdowns")


if __name__ == "__main__":
    main()
