"""Reading and replaying PHH hand histories: studkit against PokerKit 0.7.7, same texts.

Makes N hands of fixed-limit stud, stud/8 and razz (a third each, 2 to 8 players, random legal
actions, under the PHH rules so PokerKit can replay them too), writes them as PHH text, then
times, on the same texts: studkit reading and replaying each (``loads`` + ``replay``, every
action checked and the finishing stacks compared) and PokerKit reading and replaying each
(``HandHistory.loads`` and iterating its states); then reading alone (studkit ``loads``:
the TOML, every field and action checked, the cards checked for repeats; PokerKit
``HandHistory.loads``). Also times the 30 real WSOP hands (``examples/hands``). Prints
medians over repeats and the ratios.

    python benchmarks/bench_replay.py [--hands 300] [--repeats 5] [--cpu-time]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from _build import print_build

from studkit.engine.hand import Hand
from studkit.history import from_hand, loads, replay
from studkit.history.actions import _parse_action  # its cache, cleared between runs
from studkit.history.rules import load_variant_named, phh_rules

GAMES = ("seven-card-stud", "seven-card-stud-hi-lo", "razz")
WSOP = Path(__file__).resolve().parents[1] / "examples" / "hands" / "wsop-2023-43-ppc"


def make_texts(count: int) -> list[str]:
    """PHH texts of ``count`` random hands."""
    texts = []
    for i in range(count):
        variant = phh_rules(load_variant_named(GAMES[i % 3]))
        rng = random.Random(i)
        hand = Hand(variant, [rng.randrange(100, 400) for _ in range(rng.randint(2, 8))], seed=i)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        texts.append(from_hand(hand))
    return texts


def studkit_replay(texts: list[str]) -> None:
    _parse_action.cache_clear()  # timed as if each text were new to the process
    for text in texts:
        (history,) = loads(text)
        replay(history)


def pokerkit_replay(texts: list[str]) -> None:
    from pokerkit import HandHistory

    for text in texts:
        for _ in HandHistory.loads(text):
            pass


def studkit_read(texts: list[str]) -> None:
    _parse_action.cache_clear()
    for text in texts:
        loads(text)


def pokerkit_read(texts: list[str]) -> None:
    from pokerkit import HandHistory

    for text in texts:
        HandHistory.loads(text)


def timed(run: Callable[[list[str]], None], texts: list[str], cpu: bool) -> float:
    """Hands per second of one run."""
    clock = time.process_time if cpu else time.perf_counter
    started = clock()
    run(texts)
    return len(texts) / (clock() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cpu-time", action="store_true", help="time this process's CPU")
    options = parser.parse_args()
    print_build()
    warnings.filterwarnings("ignore", module="pokerkit")

    sets = {f"{options.hands} random hands": make_texts(options.hands)}
    sets["30 WSOP hands"] = [p.read_text() for p in sorted(WSOP.glob("*.phh"))]
    sets["29 WSOP hands PokerKit replays (no hand-85)"] = [
        p.read_text() for p in sorted(WSOP.glob("*.phh")) if p.name != "hand-85.phh"
    ]
    studkit_replay(sets[next(iter(sets))][:10])  # warm up: variants loaded, tables built
    clock = "CPU time" if options.cpu_time else "wall clock"
    print(f"medians of {options.repeats}, {clock}, load average {os.getloadavg()[0]:.1f}")
    print(f"{'hands':<46} {'studkit/s':>10} {'PokerKit/s':>11} {'ratio':>7}")
    for name, texts in sets.items():
        ours = statistics.median(
            timed(studkit_replay, texts, options.cpu_time) for _ in range(options.repeats)
        )
        if "30 WSOP" in name:
            print(f"{name:<46} {ours:>10,.0f} {'(cannot)':>11} {'':>7}")
            continue
        peer = statistics.median(
            timed(pokerkit_replay, texts, options.cpu_time) for _ in range(options.repeats)
        )
        print(f"{name:<46} {ours:>10,.0f} {peer:>11,.0f} {ours / peer:>6.1f}x")
    print("reading only (no replay):")
    for name, texts in sets.items():
        if "30 WSOP" in name:
            continue
        reads: dict[str, list[float]] = {"ours": [], "peer": []}
        for _ in range(options.repeats):  # interleaved: both see the same load
            reads["ours"].append(timed(studkit_read, texts, options.cpu_time))
            reads["peer"].append(timed(pokerkit_read, texts, options.cpu_time))
        ours, peer = statistics.median(reads["ours"]), statistics.median(reads["peer"])
        print(f"{name:<46} {ours:>10,.0f} {peer:>11,.0f} {ours / peer:>6.1f}x")


if __name__ == "__main__":
    main()
