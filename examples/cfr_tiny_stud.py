"""Solve tiny stud with OpenSpiel's CFR and print its exploitability falling.

    python examples/cfr_tiny_stud.py [--iterations 60] [--variant examples/tiny-stud.yaml]

The variant (examples/tiny-stud.yaml: two players, an eight-card deck, one card down and one
up, fixed limit) is registered as ``python_studkit``; its whole tree is then written once in
Gambit's EFG format (studkit.rl.efg) and loaded as a C++ game, so that OpenSpiel's C++ CFR
and exploitability run without calling Python at every node. Exploitability is in big bets
per hand (OpenSpiel's: the mean over the players of what a best response gains).
Needs the rl extra: pip install 'studkit[rl]'.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import pyspiel

from studkit.errors import StudkitError
from studkit.rl import openspiel
from studkit.rl.efg import to_efg

HERE = Path(__file__).resolve().parent
CHECKPOINTS = (1, 2, 5, 10, 20, 30, 40, 50, 60, 100, 200, 500, 1000)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=60)
    parser.add_argument("--variant", default=str(HERE / "tiny-stud.yaml"))
    args = parser.parse_args(argv)
    openspiel.register()
    try:
        game = pyspiel.load_game("python_studkit", {"variant": args.variant, "players": 2})
    except StudkitError as error:
        print(f"cfr_tiny_stud: {error}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    text = to_efg(game.studkit)
    tree = pyspiel.load_efg_game(text)
    states = text.count("\n") - 2
    print(f"{game.studkit.variant.name}: {states} states written as a tree in "
          f"{time.perf_counter() - start:.1f} s")
    solver = pyspiel.CFRSolver(tree)
    first = pyspiel.exploitability(tree, solver.average_policy())
    print(f"iteration    0  exploitability {first:.5f} big bets (uniform random play)")
    last = first
    start = time.perf_counter()
    for iteration in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        if iteration in CHECKPOINTS or iteration == args.iterations:
            last = pyspiel.exploitability(tree, solver.average_policy())
            print(f"iteration {iteration:4d}  exploitability {last:.5f} big bets")
    print(f"CFR: {args.iterations} iterations in {time.perf_counter() - start:.1f} s; "
          f"exploitability fell {first / last:.1f}-fold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
