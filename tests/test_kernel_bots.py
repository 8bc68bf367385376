"""The kernel's ``tag``, ``lag`` and ``equity`` bots follow the general engine's definitions.

Kernel hands played by these bots are recorded and replayed on the general engine: the
payoffs and every counter must be the same, and at each decision of a ``tag`` or ``lag``
seat the general engine's bot, shown the same seat view, must choose what the kernel chose
(either of its two choices where the style draws a bluff number; in a discard or a flip, the
card it chose, its declaration). The ``equity`` bot's
Monte Carlo draws differ between engines, so it is checked two ways: estimating from many
completions, both engines' equity bots decide alike at the same spots; and the same bots on
both engines give the same figures within sampling error.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from kernel_replay import as_action
from test_kernel import WILD_HOUSE_RULES, dealt

from studkit import load_variant
from studkit.bots import make_bot
from studkit.bots.players import StyleBot, _offered, _take
from studkit.bots.seen import seen
from studkit.bots.strategy import aggressive_kind, style_choice, style_rolls
from studkit.core import VERBS
from studkit.engine import Action
from studkit.kernel.plan import unsupported
from studkit.kernel.run import kernel_run, record_block
from studkit.simulation import simulate
from studkit.simulation.engines import counted as kernel_block
from studkit.simulation.tally import Tally
from studkit.variant.loader import builtin_variant_names

KERNEL_VARIANTS = [
    name for name in builtin_variant_names()
    if unsupported(load_variant(name), ("tag",), 2, 100) is None
]
LINE_UP = ("tag", "lag", "equity", "calling-station", "tag", "random", "lag", "equity")


def _choices(bot: StyleBot, view: object, actions: list[Action]) -> set[tuple[str, int]]:
    """What a style bot may choose here: its choice without a bluff, and, where it draws a
    bluff number, the bet or raise too."""
    info = seen(view, bot.variant)
    score = bot.score(info)
    style = bot.style
    avail = _offered(actions)
    code = style_choice(style.enter, style.stay, style.bet, style.bluff, style.max_raises,
                        score, info.raises, info.first_street, info.to_call, info.pot,
                        avail, 1.0)
    picks = [_take(code, actions, info, style.size)]
    if style_rolls(avail, info.raises, style.max_raises, score, style.bet):
        picks.append(_take(aggressive_kind(avail), actions, info, style.size))
    return {(a.kind, a.amount or 0) for a in picks}


def check_bots(name: str, players: int, stack: int, hands: int, seed: int) -> int:
    """Replay kernel hands of :data:`LINE_UP`; returns the style decisions checked."""
    variant = load_variant(name)
    bots = LINE_UP[:players]
    assert unsupported(variant, bots, players, stack) is None, name
    run = kernel_run(variant, variant.stakes, players, stack, bots, seed)
    recorded = record_block(run, 0, hands)
    general = Tally(players)
    styles = {seat: make_bot(bot, variant) for seat, bot in enumerate(bots)
              if bot in ("tag", "lag")}
    checked = 0
    for hand in recorded:
        played = dealt(variant, players, stack, hand)
        for kind, amount in hand.actions:
            seat = played.actor
            assert seat is not None, (name, hand.index)
            style = styles.get(seat)
            legal = played.legal_actions()
            plugin = any(a.kind not in VERBS for a in legal)  # a card, a declaration, a price
            if style is not None and plugin:
                chosen = style.act(played.view(seat), legal, random.Random(0))
                assert chosen == as_action(kind, amount), (name, hand.index, seat, chosen)
                checked += 1
            elif style is not None:
                assert isinstance(style, StyleBot)
                allowed = _choices(style, played.view(seat), list(played.legal_actions()))
                assert (kind, amount) in allowed, (name, hand.index, seat, kind, amount)
                checked += 1
            played.apply(as_action(kind, amount))
        assert played.is_over and tuple(played.payoffs) == hand.payoffs, (name, hand.index)
        general.add_played(played)
    assert kernel_block(run, 0, hands) == general, name
    return checked


@pytest.mark.parametrize("name", KERNEL_VARIANTS)
def test_kernel_style_bots_decide_as_the_general_engine_s(name: str) -> None:
    variant = load_variant(name)
    players = min(variant.max_players, 6)
    checked = check_bots(name, players, 100 * variant.stakes.big_bet, 120, seed=3)
    assert checked > 100


@pytest.mark.parametrize("rule", sorted(WILD_HOUSE_RULES))
def test_style_bots_decide_alike_with_wild_cards_and_jokers(rule: str, tmp_path: Path) -> None:
    """The style bots score wild ranks at their natural rank and jokers as wild on both
    engines (the house rules of test_kernel, a joker dealt face up among them)."""
    path = tmp_path / f"{rule}.yaml"
    path.write_text(f"studkit: 1\nname: {rule}\n{WILD_HOUSE_RULES[rule]}\n")
    big_bet = load_variant(str(path)).stakes.big_bet
    assert check_bots(str(path), 6, 100 * big_bet, 150, seed=5) > 100


def test_style_bots_see_a_joker_dealt_up_as_an_ace() -> None:
    """Mexican poker: a joker dealt face up plays as the bug, which the bots on both engines
    see as an ace (studkit.engine.jokers.bugs_as_aces), in their bets and in their
    choose-before; a joker dealt down stays wild to them."""
    assert check_bots("mexican-poker", 8, 100, 100, seed=8) > 300  # the deck runs out


def test_full_tables_and_short_stacks() -> None:
    assert check_bots("seven-card-stud", 8, 40, 150, seed=1) > 100
    assert check_bots("no-limit-seven-card-stud", 5, 25, 150, seed=2) > 100
    assert check_bots("seven-card-stud-hi-lo", 8, 200, 150, seed=4) > 100


EQUITY_LINE_UP = ("equity", "calling-station", "equity", "random")


def check_equity_bots(name: str, hands: int, seed: int) -> tuple[int, int]:
    """Replay kernel hands where ``equity`` bots estimate from many completions (so that
    their decisions hardly depend on the draws): at each of their betting decisions the
    general engine's equity bot, shown the same view, decides too. Returns the decisions
    checked and how many differ (a spot whose equity lies right at a threshold may)."""
    variant = load_variant(name)
    players = len(EQUITY_LINE_UP)
    stack = 100 * variant.stakes.big_bet
    assert unsupported(variant, EQUITY_LINE_UP, players, stack) is None, name
    kernel_run.cache_clear()  # a run built with the bots' usual trials must not be reused
    try:
        run = kernel_run(variant, variant.stakes, players, stack, EQUITY_LINE_UP, seed)
        recorded = record_block(run, 0, hands)
    finally:
        kernel_run.cache_clear()
    bot = make_bot("equity", variant)
    checked = differ = 0
    for hand in recorded:
        played = dealt(variant, players, stack, hand)
        for kind, amount in hand.actions:
            seat = played.actor
            assert seat is not None, (name, hand.index)
            legal = played.legal_actions()
            if EQUITY_LINE_UP[seat] == "equity" and all(a.kind in VERBS for a in legal):
                chosen = bot.act(played.view(seat), legal, random.Random(checked))
                checked += 1
                differ += (chosen.kind, chosen.amount or 0) != (kind, amount)
            played.apply(as_action(kind, amount))
        assert played.is_over and tuple(played.payoffs) == hand.payoffs, (name, hand.index)
    return checked, differ


@pytest.mark.parametrize("name", ["oxford-stud", "chicago", "low-chicago", "seven-card-stud-hi-lo",
                                  "mexican-poker"])
def test_equity_bot_estimates_as_the_general_engine_s(name: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel's equity bot poses the general engine's question: the board cards out and
    to come (Oxford stud), the down cards a plugin's share reads (Chicago's spade in the
    hole, each card at its place in the deal), the high and low halves, a joker playing the
    part its place in the deal gives it (Mexican poker). With 4,000
    completions a decision, the two engines' equity bots decide alike but for spots right
    at a threshold."""
    from studkit.bots.players import EquityBot

    monkeypatch.setattr(EquityBot, "trials", 4000)
    checked, differ = check_equity_bots(name, 60, seed=11)
    assert checked > 300 and differ <= checked // 30, (name, checked, differ)


@pytest.mark.slow
def test_equity_bot_estimates_separate_hands_as_the_general_engine_s(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Outhouse: both engines' equity bots rank each completion's two hands by the first
    split the rules allow (the general engine's estimate, a plugin's share asked deal by
    deal, is slow: a few hands only)."""
    from studkit.bots.players import EquityBot

    monkeypatch.setattr(EquityBot, "trials", 4000)
    checked, differ = check_equity_bots("outhouse", 15, seed=11)
    assert checked > 100 and differ <= checked // 30, (checked, differ)


def _z(a: float, b: float, sd_a: float, sd_b: float) -> float:
    spread = (sd_a**2 + sd_b**2) ** 0.5
    return abs(a - b) / spread if spread else 0.0


def same_statistics(variant: str, bots: str, players: int, hands: int) -> None:
    from studkit.simulation.report import mean_and_sd

    runs = [simulate(variant, hands=hands, players=players, bots=bots, seed=5, workers=2,
                     engine=engine) for engine in ("kernel", "general")]
    assert [r.engine for r in runs] == ["kernel", "general"]
    kernel, general = (r.tally for r in runs)
    for part, whole in (("showdowns", "hands"), ("completed_bring_ins", "bring_in_hands")):
        p = [getattr(t, part) / getattr(t, whole) for t in (kernel, general)]
        sd = [(q * (1 - q) / getattr(t, whole)) ** 0.5
              for q, t in zip(p, (kernel, general), strict=True)]
        assert _z(p[0], p[1], sd[0], sd[1]) < 4.5, (part, p)
    for total, squares in (("pot_total", "pot_sq"), ("actions", "actions_sq")):
        stats = [mean_and_sd(getattr(t, total), getattr(t, squares), t.hands)
                 for t in (kernel, general)]
        errors = [sd / t.hands**0.5 for (_, sd), t in zip(stats, (kernel, general),
                                                          strict=True)]
        assert _z(stats[0][0], stats[1][0], errors[0], errors[1]) < 4.5, (total, stats)
    for seat in range(players):
        stats = [mean_and_sd(t.net[seat], t.net_sq[seat], hands) for t in (kernel, general)]
        assert _z(stats[0][0], stats[1][0], stats[0][1] / hands**0.5,
                  stats[1][1] / hands**0.5) < 4.5, (seat, stats)


@pytest.mark.slow
def test_style_bots_give_the_same_statistics_on_both_engines() -> None:
    same_statistics("seven-card-stud", "tag,lag,calling-station,random", 4, 10_000)


@pytest.mark.slow
def test_equity_bot_gives_the_same_statistics_on_both_engines() -> None:
    same_statistics("razz", "equity,tag,lag", 3, 1_500)


@pytest.mark.slow
def test_bots_give_the_same_statistics_on_both_engines_with_wild_cards() -> None:
    """Wild ranks on the kernel: the equity bot's Monte Carlo ranks its deals with the same
    wild-card tables as the general engine's, and the style bots score the same cards."""
    same_statistics("deuces-and-jacks", "equity,tag,lag", 3, 1_500)
    same_statistics("dr-pepper", "tag,lag,calling-station,random", 4, 10_000)


@pytest.mark.slow
def test_bots_give_the_same_statistics_on_both_engines_with_special_rankings() -> None:
    """The special rankings on the kernel: the equity bot's deals ranked by the C ports of
    badugi and soko give the general engine's figures."""
    same_statistics("razzdugi", "equity,tag,lag", 3, 1_500)
    same_statistics("canadian-stud", "equity,tag,lag", 3, 1_500)


@pytest.mark.slow
def test_bots_give_the_same_statistics_on_both_engines_with_a_joker_played_by_its_face() -> None:
    """Mexican poker on the kernel: the joker ranked wild dealt down and as the bug dealt up
    at the showdown, in the equity bot's deals and in the style bots' view, the choose-before
    decided alike; the general engine's figures."""
    same_statistics("mexican-poker", "equity,tag,lag,calling-station", 4, 1_000)
