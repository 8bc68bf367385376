"""Copies of a hand per second: ``Hand.clone()`` and the OpenSpiel state's ``clone()``,
against PokerKit 0.7.7's copy of a state in the same run.

Search and learning algorithms (OpenSpiel's CFR and MCTS, a bot's look-ahead) copy the state at
every node they visit, so a copy must be cheap. The script plays four-handed fixed-limit
seven-card stud (ante 1, bring-in 2, bets 5/10, stacks 1,000) with uniformly random
decisions and stops each hand at a random decision; then it times copying those mid-hand
states:

* ``Hand.clone()`` (``copy.copy`` and ``copy.deepcopy`` of a hand are the same call);
* ``StudGameState.clone()``, the OpenSpiel view (``studkit.rl``), of the same game and of
  ``examples/tiny-stud.yaml``, the game OpenSpiel's CFR runs on in ``examples/``;
* PokerKit's ``copy.deepcopy(state)`` of its seven-card stud states at a random decision
  (PokerKit has no copy method of its own: a deep copy is how a caller copies one);
* where OpenSpiel is installed, the clone of a C++ game's state (``leduc_poker``), for
  scale.

It prints the median copies per second over repeats and studkit's ratio to PokerKit.

    python benchmarks/bench_clone.py [--repeats 5] [--states 2000] [--copies 20]
        [--cpu-time]
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from _build import print_build

ROOT = Path(__file__).resolve().parent.parent
CLOCK = time.perf_counter


def copies_per_second(states: Sequence[object], copier: Callable[[object], object],
                      copies: int, repeats: int) -> float:
    """Median over ``repeats`` of copies per second, each repeat copying every state
    ``copies`` times."""
    rates = []
    for _ in range(repeats):
        started = CLOCK()
        for state in states:
            for _copy in range(copies):
                copier(state)
        rates.append(len(states) * copies / (CLOCK() - started))
    return statistics.median(rates)


def studkit_hands(count: int, seed: int) -> list[object]:
    """Seven-card stud hands, each stopped at a random decision."""
    from studkit import load_variant
    from studkit.engine import Hand

    variant = load_variant("seven-card-stud").with_stakes(
        ante=1, bring_in=2, small_bet=5, big_bet=10
    )
    rng = random.Random(seed)
    hands: list[object] = []
    while len(hands) < count:
        hand = Hand(variant, (1000,) * 4, seed=rng.randrange(2**32))
        stop = rng.randrange(1, 20)
        for _step in range(stop):
            if hand.is_over:
                break
            legal = hand.legal_actions()
            hand.apply(legal[rng.randrange(len(legal))])
        if not hand.is_over:
            hands.append(hand)
    return hands


def openspiel_states(count: int, seed: int, variant: str) -> list[object] | None:
    """OpenSpiel views of ``variant`` (a name or a file), each at a random player decision;
    ``None`` without the ``rl`` extra."""
    try:
        from studkit.rl import StudGame
        from studkit.rl.state import StudGameState
    except ImportError:
        return None
    from studkit import load_variant

    game = StudGame(load_variant(variant), players=2 if variant.endswith(".yaml") else 4,
                    stacks=1000)
    return random_decisions(lambda: StudGameState(game), count, seed, 60)


def random_decisions(
    new_state: Callable[[], Any], count: int, seed: int, most_steps: int
) -> list[object]:
    """``count`` states of an OpenSpiel game (``new_state`` starts one), each after fewer than
    ``most_steps`` random chance outcomes and actions, stopped at a player's decision."""
    rng = random.Random(seed)
    states: list[object] = []
    while len(states) < count:
        state = new_state()
        for _step in range(rng.randrange(1, most_steps)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        if not state.is_terminal() and not state.is_chance_node():
            states.append(state)
    return states


def pokerkit_states(count: int, seed: int) -> list[object]:
    """PokerKit's seven-card stud states, each at a random decision."""
    from pokerkit import Automation, FixedLimitSevenCardStud, Mode

    warnings.filterwarnings("ignore", module="pokerkit")
    random.seed(seed)  # PokerKit shuffles with the global generator
    game = FixedLimitSevenCardStud(tuple(Automation), True, 1, 2, 5, 10, mode=Mode.CASH_GAME)
    rng = random.Random(seed)
    states: list[object] = []
    while len(states) < count:
        state = game((1000,) * 4, 4)
        for _step in range(rng.randrange(1, 20)):
            if not state.status:
                break
            options: list[Callable[[], object]] = []
            if state.can_post_bring_in():
                options.append(state.post_bring_in)
            if state.can_fold() and state.checking_or_calling_amount:
                options.append(state.fold)
            if state.can_check_or_call():
                options.append(state.check_or_call)
            if state.can_complete_bet_or_raise_to():
                options.append(state.complete_bet_or_raise_to)
            rng.choice(options)()
        if state.status:
            states.append(state)
    return states


def leduc_states(count: int, seed: int) -> list[object] | None:
    """OpenSpiel's C++ ``leduc_poker`` states at a random decision, if OpenSpiel is here."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("leduc_poker")
    return random_decisions(game.new_initial_state, count, seed, 8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--states", type=int, default=2000, help="mid-hand states copied")
    parser.add_argument("--copies", type=int, default=20, help="copies of each, per repeat")
    parser.add_argument("--peer-states", type=int, default=100, help="PokerKit states")
    parser.add_argument(
        "--cpu-time", action="store_true",
        help="time with the process's CPU time instead of the wall clock (steadier when the "
        "machine is shared)",
    )
    args = parser.parse_args()
    if args.cpu_time:
        global CLOCK
        CLOCK = time.process_time
    warnings.simplefilter("ignore")
    print_build()
    print(f"copies per second, median of {args.repeats} repeats; 4-handed fixed-limit "
          "seven-card stud at random decisions")
    peer = copies_per_second(pokerkit_states(args.peer_states, 7), copy.deepcopy, 2,
                             args.repeats)
    rows: list[tuple[str, float | None]] = []
    hands = studkit_hands(args.states, 7)
    rows.append(("studkit Hand.clone()",
                 copies_per_second(hands, lambda h: h.clone(),  # type: ignore[attr-defined]
                                   args.copies, args.repeats)))
    for label, variant in (("seven-card-stud", "seven-card-stud"),
                           ("tiny-stud", str(ROOT / "examples" / "tiny-stud.yaml"))):
        states = openspiel_states(args.states, 7, variant)
        rows.append((f"studkit StudGameState.clone(), {label}", None if states is None else
                     copies_per_second(states, lambda s: s.clone(),  # type: ignore[attr-defined]
                                       args.copies, args.repeats)))
    print(f"{'copy':<52}{'copies/s':>14}{'vs PokerKit':>13}")
    for label, rate in rows:
        if rate is None:
            print(f"{label:<52}{'(needs the rl extra)':>27}")
        else:
            print(f"{label:<52}{rate:>14,.0f}{rate / peer:>12.0f}x")
    print(f"{'PokerKit copy.deepcopy(state) (the peer)':<52}{peer:>14,.0f}")
    leduc = leduc_states(args.states, 7)
    if leduc is not None:
        rate = copies_per_second(leduc, lambda s: s.clone(),  # type: ignore[attr-defined]
                                 args.copies, args.repeats)
        print(f"{'OpenSpiel C++ leduc_poker clone() (for scale)':<52}{rate:>14,.0f}")


if __name__ == "__main__":
    main()
