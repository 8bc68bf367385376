"""RL environment steps per second: studkit's three interfaces and OpenSpiel's own stud.

Heads-up fixed-limit seven-card stud (ante 1, bring-in 2, bets 5/10, stacks 1,000 chips);
every decision a uniformly random legal id. Four loops, their repeats interleaved so that all
see the same load:

* ``gymnasium``: :class:`studkit.rl.SingleAgentEnv` against the random bot; a step is one
  ``env.step`` (the agent's decision, then the bot's up to the agent's next one, the
  observation vector and the mask);
* ``pettingzoo``: the AEC environment; a step is one agent's ``env.step`` plus its
  ``env.last()`` observation and mask;
* ``openspiel``: ``python_studkit`` through pyspiel; a step is one player decision (chance
  nodes are applied too, not counted), with the acting player's observation tensor;
* ``pokerkit (OpenSpiel)``: OpenSpiel's own stud, ``python_pokerkit_wrapper`` with
  ``FixedLimitSevenCardStud`` (PokerKit under OpenSpiel, string observations only), the same
  game and the same loop as ``openspiel``; counted the same way.

Prints medians of steps per second (CPU time of this process, so per core; ``--wall`` for
the wall clock) and each interface's ratio to OpenSpiel's PokerKit stud. Run it with the
Python of the compiled build (``pip install '.[rl]'``); its first line names the build.

    python benchmarks/bench_rl.py [--steps 50000] [--peer-steps 300] [--repeats 3] [--wall]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
import warnings
from collections.abc import Callable

import numpy as np
from _build import print_build

STAKES = "ante=1,bring-in=2,small=5,big=10"


def gymnasium_run() -> Callable[[int], int]:
    import studkit.rl as rl

    env = rl.SingleAgentEnv("seven-card-stud", opponents="random", stakes=STAKES, stacks=1000)
    rng = random.Random(1)

    def run(steps: int) -> int:
        _, info = env.reset(seed=rng.getrandbits(32))
        for _ in range(steps):
            legal = np.flatnonzero(info["action_mask"])
            _, _, terminated, _, info = env.step(int(legal[int(rng.random() * len(legal))]))
            if terminated:
                _, info = env.reset()
        return steps

    return run


def pettingzoo_run() -> Callable[[int], int]:
    import studkit.rl as rl

    env = rl.raw_env("seven-card-stud", players=2, stakes=STAKES, stacks=1000)
    rng = random.Random(2)

    def run(steps: int) -> int:
        env.reset(seed=rng.getrandbits(32))
        done = 0
        while done < steps:
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                if not env.agents:
                    env.reset()
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            done += 1
        return done

    return run


def spiel_run(game: object, tensors: bool) -> Callable[[int], int]:
    rng = random.Random(3)

    def run(steps: int) -> int:
        done = 0
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while done < steps:
            if state.is_terminal():
                state = game.new_initial_state()  # type: ignore[attr-defined]
            elif state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                if tensors:
                    state.observation_tensor(state.current_player())
                else:
                    state.observation_string(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                done += 1
        return done

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50_000, help="studkit steps per run")
    parser.add_argument("--peer-steps", type=int, default=300,
                        help="OpenSpiel PokerKit stud steps per run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--wall", action="store_true", help="time the wall clock, not CPU")
    options = parser.parse_args()
    warnings.simplefilter("ignore")
    clock = time.perf_counter if options.wall else time.process_time
    print_build()
    import pyspiel
    from open_spiel.python.games import pokerkit_wrapper  # noqa: F401  (registers it)

    from studkit.rl import openspiel

    openspiel.register()
    ours = pyspiel.load_game("python_studkit", {
        "variant": "seven-card-stud", "players": 2, "stakes": STAKES.replace("=", ":")
        .replace(",", ";"), "stack": 1000,
    })
    theirs = pyspiel.load_game("python_pokerkit_wrapper", {
        "variant": "FixedLimitSevenCardStud", "num_players": 2, "bring_in": 2,
        "small_bet": 5, "big_bet": 10, "antes": "1 1", "stack_sizes": "1000 1000",
    })
    runs: dict[str, tuple[Callable[[int], int], int]] = {
        "gymnasium": (gymnasium_run(), options.steps),
        "pettingzoo": (pettingzoo_run(), options.steps),
        "openspiel": (spiel_run(ours, tensors=True), options.steps),
        "pokerkit (OpenSpiel)": (spiel_run(theirs, tensors=False), options.peer_steps),
    }
    for run, steps in runs.values():
        run(max(1, steps // 20))  # warm up: rules compiled, evaluator tables built
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(options.repeats):
        for name, (run, steps) in runs.items():
            started = clock()
            done = run(steps)
            rates[name].append(done / (clock() - started))
    print(f"heads-up fixed-limit seven-card stud, {STAKES}, stacks 1,000, random decisions; "
          f"{'wall clock' if options.wall else 'CPU time'}, medians of {options.repeats}; "
          f"{options.steps:,} studkit steps, {options.peer_steps:,} PokerKit steps per run")
    peer = statistics.median(rates["pokerkit (OpenSpiel)"])
    print(f"{'interface':<22}{'steps/s':>10}{'vs OpenSpiel PokerKit stud':>28}")
    for name in runs:
        rate = statistics.median(rates[name])
        print(f"{name:<22}{rate:>10,.0f}{rate / peer:>27.0f}x")
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
