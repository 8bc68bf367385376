"""Interop with PokerKit 0.7.7 (test-only): our PHH replays in PokerKit, PokerKit's in studkit.

Hands are played under the PHH rules (:func:`studkit.history.rules.phh_rules`); stakes are
multiples of four so that no pot leaves an odd chip (PokerKit gives odd chips to the lowest
seat, studkit to the first hand shown) and stacks are deep enough that nobody goes all in for
less than a bet (PokerKit counts a short all-in between the bring-in and the completion as a
full raise). Everything else must agree exactly.
"""

from __future__ import annotations

import random
from io import BytesIO

import pytest
from pokerkit_hands import pokerkit_history

from studkit.engine.hand import Hand
from studkit.history import from_hand, loads
from studkit.history.replay import replay
from studkit.history.rules import load_variant_named, phh_rules

pokerkit = pytest.importorskip("pokerkit")

GAMES = {
    "F7S": ("seven-card-stud", "FixedLimitSevenCardStud"),
    "F7S/8": ("seven-card-stud-hi-lo", "FixedLimitSevenCardStudHighLowSplitEightOrBetter"),
    "FR": ("razz", "FixedLimitRazz"),
}
STAKES = {"ante": 4, "bring_in": 4, "small_bet": 8, "big_bet": 16}
HANDS_PER_GAME = 8


def _studkit_hand(name: str, seed: int) -> Hand:
    variant = phh_rules(load_variant_named(name)).with_stakes(**STAKES)
    rng = random.Random(seed)
    players = 2 + seed % 5
    hand = Hand(variant, [400 + 40 * rng.randrange(10) for _ in range(players)], seed=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        passive = [a for a in legal if a.kind in ("check", "call", "bring-in")]
        pick = rng.random()
        if pick < 0.15 and any(a.kind == "fold" for a in legal):
            hand.apply(next(a for a in legal if a.kind == "fold"))
        elif pick < 0.45 and len(legal) > len(passive) + (1 if legal[0].kind == "fold" else 0):
            hand.apply(legal[-1])
        else:
            hand.apply(passive[0])
    return hand


@pytest.mark.parametrize("code", sorted(GAMES))
def test_studkit_hands_replay_in_pokerkit(code: str) -> None:
    name, _ = GAMES[code]
    for seed in range(HANDS_PER_GAME):
        hand = _studkit_hand(name, seed)
        text = from_hand(hand)
        assert f'variant = "{code}"' in text and "_studkit" not in text
        history = pokerkit.HandHistory.loads(text)
        states = list(history)
        final = states[-1]
        assert not final.status
        assert list(final.stacks) == hand.stacks, (seed, text)


def _pokerkit_hand(game_name: str, seed: int) -> bytes:
    players = 2 + seed % 5
    stakes = [STAKES[key] for key in ("ante", "bring_in", "small_bet", "big_bet")]
    return pokerkit_history(
        pokerkit, game_name, stakes,
        lambda rng: [400 + 40 * rng.randrange(10) for _ in range(players)], seed,
    )


@pytest.mark.parametrize("code", sorted(GAMES))
def test_pokerkit_hands_replay_in_studkit(code: str) -> None:
    _, game_name = GAMES[code]
    for seed in range(HANDS_PER_GAME):
        raw = _pokerkit_hand(game_name, seed)
        (history,) = loads(raw.decode(), source=f"pokerkit-{code}-{seed}.phh")
        assert history.variant == code
        result = replay(history)  # checks the finishing_stacks PokerKit wrote
        assert result.checked and result.hand is not None and result.hand.is_over


def _full_table(game_name: str, seed: int) -> bytes:
    """Eight players, few folds: the deck runs out, discards are reshuffled and dealt again,
    and a community card replaces seventh street when even they are not enough."""
    random.seed(seed)
    rng = random.Random(seed)
    game = getattr(pokerkit, game_name)(
        tuple(pokerkit.Automation), True, *(STAKES[k] for k in STAKES)
    )
    state = game([1000] * 8, 8)
    folds = 0
    while state.status:
        if state.can_post_bring_in():
            state.post_bring_in()
        elif state.can_fold() and folds < seed % 4 and rng.random() < 0.3:
            state.fold()
            folds += 1
        elif state.can_complete_bet_or_raise_to() and rng.random() < 0.1:
            state.complete_bet_or_raise_to()
        else:
            state.check_or_call()
    out = BytesIO()
    history = pokerkit.HandHistory.from_game_state(game, state)
    history.finishing_stacks = list(state.stacks)
    history.dump(out)
    return out.getvalue()


@pytest.mark.filterwarnings("ignore:Returning reserved")
@pytest.mark.parametrize("code", sorted(GAMES))
def test_full_tables_with_a_community_card_both_ways(code: str) -> None:
    name, game_name = GAMES[code]
    boards = reused = 0
    for seed in range(6):
        (history,) = loads(_full_table(game_name, seed).decode())
        boards += any(a.verb == "db" for a in history.actions)
        dealt = [c for a in history.actions if a.verb == "dh" for c in a.cards or ()]
        reused += len(dealt) != len(set(dealt))
        assert replay(history).checked
    assert boards and reused  # the cases this test is for did occur

    variant = phh_rules(load_variant_named(name)).with_stakes(**STAKES)
    for seed in range(4):
        rng = random.Random(seed)
        hand = Hand(variant, [1000] * 8, seed=seed)
        while not hand.is_over:
            legal = hand.legal_actions()
            aggressive = [a for a in legal if a.kind in ("complete", "bet", "raise")]
            if aggressive and rng.random() < 0.1:
                hand.apply(aggressive[0])
            else:
                hand.check_or_call()
        final = list(pokerkit.HandHistory.loads(from_hand(hand)))[-1]
        assert list(final.stacks) == hand.stacks
