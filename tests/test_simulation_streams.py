"""The simulator's per-hand random streams and how blocks of hands are played and merged."""

from __future__ import annotations

import pickle
import weakref

import pytest

from studkit import load_variant
from studkit.bots import make_bot, parse_bots
from studkit.simulation import Setup, Tally, hand_seeds, play_hand, simulate
from studkit.simulation.runner import Dealer, play_block
from studkit.simulation.streams import HandRandom, StreamBlock, draw, run_base, stream_key


def test_precomputed_draws_are_the_formula() -> None:
    base = run_base(2026)
    block = StreamBlock(base, 512, 520, (7, 3))
    for row in range(8):
        for stream, count in ((0, 7), (1, 3)):
            key = block.keys[stream][row]
            assert key == stream_key(base, 512 + row, stream)
            assert block.draws[stream][row] == [draw(key, j) for j in range(count)]
    assert hand_seeds(2026, 515) == (block.keys[0][3], block.keys[1][3])


def test_a_stream_goes_on_past_its_precomputed_draws_with_the_same_numbers() -> None:
    key = stream_key(run_base(5), 3, 1)
    rng = HandRandom()
    rng.start(key, [draw(key, j) for j in range(4)])
    assert [rng.random() for _ in range(10)] == [draw(key, j) for j in range(10)]
    assert rng.drawn() == 10
    other = HandRandom()
    other.start(key, [])
    assert [other.random() for _ in range(10)] == [draw(key, j) for j in range(10)]


def test_a_hand_random_is_a_full_random_generator() -> None:
    rng = HandRandom(42)
    values = [rng.random() for _ in range(2000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.45 < sum(values) / len(values) < 0.55
    assert {rng.randrange(6) for _ in range(300)} == set(range(6))
    assert 0 <= rng.getrandbits(63) < 2**63 and 0 <= rng.getrandbits(130) < 2**130
    state = rng.getstate()
    ahead = [rng.random() for _ in range(5)]
    rng.setstate(state)
    assert [rng.random() for _ in range(5)] == ahead
    copy = pickle.loads(pickle.dumps(rng))
    assert copy.random() == rng.random()
    assert HandRandom(7).random() == HandRandom(7).random() != HandRandom(8).random()
    with pytest.raises(ValueError):
        rng.getrandbits(-1)


@pytest.mark.parametrize("bots", ["random", "calling-station", "tag"])
def test_a_hand_is_the_same_played_alone_or_in_any_block(bots: str) -> None:
    variant = load_variant("seven-card-stud")
    setup = Setup(variant, 4, parse_bots(bots, 4), variant.stakes, 1000, 9)
    made = [make_bot(name, variant) for name in setup.bots]
    dealer = Dealer(setup, made)
    in_order = [dealer.play(index).events for index in range(0, 600)]
    backwards = Dealer(setup, made)
    for index in (599, 300, 257, 256, 255, 3, 0):
        assert backwards.play(index).events == in_order[index]
        assert play_hand(setup, made, index).events == in_order[index]


def test_the_seed_changes_the_hands() -> None:
    variant = load_variant("razz")
    hands = [
        play_hand(Setup(variant, 3, ("random",) * 3, variant.stakes, 300, seed), [
            make_bot("random", variant) for _ in range(3)], 0).events
        for seed in (1, 2)
    ]
    assert hands[0] != hands[1]


def test_block_tallies_are_dropped_once_merged(monkeypatch: pytest.MonkeyPatch) -> None:
    """The parent keeps its running total, not every block's result (memory does not grow
    with the number of hands)."""
    merged: list[weakref.ref[Tally]] = []
    alive_at_merge: list[int] = []
    original = Tally.merge

    def merge(self: Tally, other: Tally) -> None:
        alive_at_merge.append(sum(ref() is not None for ref in merged))
        merged.append(weakref.ref(other))
        original(self, other)

    monkeypatch.setattr(Tally, "merge", merge)
    report = simulate("seven-card-stud", hands=1200, players=4, bots="random", seed=3,
                      workers=2, engine="general")
    assert report.hands == 1200
    assert len(merged) >= 8
    assert max(alive_at_merge) <= 2, alive_at_merge


def test_play_block_counts_every_hand_once() -> None:
    variant = load_variant("seven-card-stud-hi-lo")
    setup = Setup(variant, 5, ("random",) * 5, variant.stakes, 500, 1)
    whole, _ = play_block(setup, 0, 300)
    first, _ = play_block(setup, 0, 130)
    second, _ = play_block(setup, 130, 300)
    second.merge(first)
    assert whole == second


def test_a_kept_random_method_follows_every_later_stream() -> None:
    key = stream_key(run_base(8), 0, 1)
    rng = HandRandom()
    rng.start(key, [draw(key, 0)])
    assert rng.drawn() == 0
    kept = rng.random  # a bot may keep the method for a while
    assert [kept(), kept(), rng.random()] == [draw(key, j) for j in range(3)]
    assert rng.drawn() == 3
    other = stream_key(run_base(8), 1, 1)
    rng.start(other, [])
    assert rng.drawn() == 0
    assert [kept(), rng.random()] == [draw(other, 0), draw(other, 1)]
    assert rng.drawn() == 2
