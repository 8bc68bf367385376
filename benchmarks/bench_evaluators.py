"""Seven-card hand evaluations per second: studkit against PokerKit, eval7 and phevaluator.

All tools evaluate the same random seven-card hands in one process. Per call: one Python call
per hand (studkit ``evaluate``, PokerKit ``StandardHighHand.from_game``, ``eval7.evaluate``,
phevaluator ``evaluate_cards``). Batch: studkit ``evaluate_batch`` on an (n, 7) numpy array
(the peers have no batch API, so their per-call rate is the comparison). Wild-card rows use
the same 52-card hands: ``high wild 9,3`` (baseball) and ``a5-low wild K``. The script prints
the median rate over repeats and studkit's ratio to each peer; ``--odds`` also times the exact
7-card ``high`` enumeration (133,784,560 hands).

    python benchmarks/bench_evaluators.py [--repeats 5] [--hands 200000]
        [--batch-hands 2000000] [--peer-hands 3000] [--odds] [--cpu-time]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np
from _build import print_build

LOW_NAMES = ("a5-low", "eight-or-better", "2-7-low", "a6-low", "high wild 9,3", "a5-low wild K")


def random_hands(count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` random seven-card hands as card indexes (rank * 4 + suit)."""
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), 7)) for _ in range(count)]


CLOCK = time.perf_counter


def rate(run: Callable[[], object], count: int, repeats: int) -> float:
    """Median hands per second of ``run`` (which evaluates ``count`` hands) over repeats."""
    rates = []
    for _ in range(repeats):
        started = CLOCK()
        run()
        rates.append(count / (CLOCK() - started))
    return statistics.median(rates)


def _evaluator(name: str) -> object:
    """``high`` or ``high wild 9,3`` (an evaluator name, optionally with wild cards)."""
    from studkit.evaluation import WildCards, get_evaluator

    base, _, wild = name.partition(" wild ")
    return get_evaluator(base, WildCards.parse(wild) if wild else None)


def studkit_per_call(name: str, hands: Sequence[tuple[int, ...]]) -> Callable[[], object]:
    from studkit.cards import CARDS
    from studkit.evaluation import Evaluator

    evaluator = _evaluator(name)
    assert isinstance(evaluator, Evaluator)
    evaluate = evaluator.evaluate
    cards = [tuple(CARDS[c] for c in hand) for hand in hands]

    def run() -> object:
        for hand in cards:
            evaluate(hand)
        return None

    run()
    return run


def studkit_batch(name: str, array: np.ndarray) -> Callable[[], object]:
    from studkit.evaluation import Evaluator

    evaluator = _evaluator(name)
    assert isinstance(evaluator, Evaluator)
    evaluator.evaluate_batch(array[:1000])

    def run() -> object:
        return evaluator.evaluate_batch(array)

    return run


def pokerkit_per_call(hands: Sequence[tuple[int, ...]]) -> Callable[[], object]:
    from pokerkit import StandardHighHand

    from studkit.cards import format_cards

    texts = [format_cards(hand).replace(" ", "") for hand in hands]

    def run() -> object:
        for text in texts:
            StandardHighHand.from_game(text)
        return None

    return run


def eval7_per_call(hands: Sequence[tuple[int, ...]]) -> Callable[[], object]:
    import eval7

    from studkit.cards import format_cards

    cards = [[eval7.Card(t) for t in format_cards(hand).split()] for hand in hands]
    evaluate = eval7.evaluate

    def run() -> object:
        for hand in cards:
            evaluate(hand)
        return None

    return run


def phevaluator_per_call(hands: Sequence[tuple[int, ...]]) -> Callable[[], object]:
    from phevaluator import evaluate_cards

    def run() -> object:
        for hand in hands:
            evaluate_cards(*hand)  # same card indexes: rank * 4 + suit, clubs first
        return None

    return run


def check_agreement(hands: Sequence[tuple[int, ...]]) -> None:
    """Make sure every tool ranks the sample hands the same way before timing them."""
    import eval7
    from phevaluator import evaluate_cards

    from studkit.cards import format_cards
    from studkit.evaluation import get_evaluator

    high = get_evaluator("high")
    sample = hands[:2000]
    ours = [high.evaluate(h) for h in sample]
    theirs_e7 = [eval7.evaluate([eval7.Card(t) for t in format_cards(h).split()]) for h in sample]
    theirs_ph = [-evaluate_cards(*h) for h in sample]
    for a, b in zip(range(len(sample)), range(1, len(sample)), strict=False):
        for peer in (theirs_e7, theirs_ph):
            if (ours[a] > ours[b]) != (peer[a] > peer[b]) or (ours[a] == ours[b]) != (
                peer[a] == peer[b]
            ):
                raise SystemExit(f"tools disagree on {sample[a]} vs {sample[b]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--hands", type=int, default=200_000, help="per-call hands per repeat")
    parser.add_argument("--batch-hands", type=int, default=2_000_000)
    parser.add_argument("--peer-hands", type=int, default=3_000, help="hands for PokerKit")
    parser.add_argument("--odds", action="store_true", help="also time the 7-card enumeration")
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="time with this process's CPU time instead of the wall clock (for a busy machine)",
    )
    options = parser.parse_args()
    print_build()
    global CLOCK
    if options.cpu_time:
        CLOCK = time.process_time

    hands = random_hands(options.hands, seed=1)
    check_agreement(hands)
    rng = np.random.default_rng(2)
    array = np.argsort(rng.random((options.batch_hands, 52)), axis=1)[:, :7].astype(np.int8)
    repeats = options.repeats

    clock = "CPU time" if options.cpu_time else "wall clock"
    print(f"seven-card hands, median of {repeats} repeats (hands per second, {clock})")
    rows: list[tuple[str, float]] = []
    ours = rate(studkit_per_call("high", hands), len(hands), repeats)
    rows.append(("studkit high, per call", ours))
    batch = rate(studkit_batch("high", array), len(array), repeats)
    rows.append(("studkit high, numpy batch", batch))
    peers = {
        "PokerKit StandardHighHand.from_game": rate(
            pokerkit_per_call(hands[: options.peer_hands]), options.peer_hands, repeats
        ),
        "eval7.evaluate": rate(eval7_per_call(hands), len(hands), repeats),
        "phevaluator evaluate_cards": rate(phevaluator_per_call(hands), len(hands), repeats),
    }
    rows.extend(peers.items())
    for name in LOW_NAMES:
        rows.append((f"studkit {name}, per call", rate(studkit_per_call(name, hands),
                                                        len(hands), repeats)))
        rows.append((f"studkit {name}, numpy batch", rate(studkit_batch(name, array),
                                                           len(array), repeats)))
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"  {label:<{width}}  {value:>14,.0f}")
    print("ratios (studkit / peer)")
    for peer, value in peers.items():
        print(f"  per call vs {peer:<{width - 12}}  {ours / value:>10.2f}x")
        print(f"  batch    vs {peer:<{width - 12}}  {batch / value:>10.2f}x")
    if options.odds:
        from studkit.evaluation import get_evaluator
        from studkit.evaluation.odds import category_counts

        started = CLOCK()
        table = category_counts(get_evaluator("high"), 7)
        seconds = CLOCK() - started
        print(f"odds high --cards 7: {table.total:,} hands in {seconds:.2f} s "
              f"({table.total / seconds / 1e6:.1f}M hands/s)")


if __name__ == "__main__":
    main()
