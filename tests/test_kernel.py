"""The compiled kernel plays the same game as the general engine.

Every plugin-free shipped variant: the kernel records the cards and decisions of its hands,
the general engine (:class:`studkit.engine.hand.Hand` dealt the same cards) replays each
decision and must reach the same payoffs and the same tally; deep and short stacks, full
tables (the deck running out) and every bot the kernel plays. Plus the kernel's evaluators
against :mod:`studkit.evaluation`, the engine choice, and workers.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from kernel_replay import check_kernel_replays, dealt

from studkit import load_variant
from studkit.bots.registry import make_bot
from studkit.cli import main
from studkit.core import VERBS, _core
from studkit.engine.rules import compile_rules
from studkit.errors import PluginError
from studkit.evaluation import (
    EVALUATOR_NAMES,
    SHOWING_EVALUATOR_NAMES,
    SPECIAL_NAMES,
    WildCards,
    get_evaluator,
)
from studkit.evaluation.lookup_tables import eval_tables
from studkit.evaluation.rankings import CATEGORY_SHIFT, RANKINGS
from studkit.evaluation.special import RANKING_TABLE
from studkit.evaluation.special_wild import compiled_wild
from studkit.game.evaluators import COMPILED_EVALUATORS, EVALUATOR_IDS, SPECIALS
from studkit.kernel.plan import unsupported
from studkit.kernel.run import kernel_run, record_block
from studkit.simulation import simulate
from studkit.simulation.engines import EngineError
from studkit.simulation.report import RUN_FIELDS
from studkit.simulation.tally import Tally
from studkit.variant.loader import builtin_variant_names, load_variant_text
from studkit.variant.model import Variant

KERNEL_VARIANTS = [
    name for name in builtin_variant_names()
    if unsupported(load_variant(name), ("random",), 2, 100) is None
]
WILD_MEXICAN_TEXT = (
    "studkit: 1\nname: wild-mexican\nextends: mexican-poker\ndeck: {wild_ranks: [2]}\n")
WILD_MEXICAN = load_variant_text(WILD_MEXICAN_TEXT)
"""A game the kernel declines: wild ranks in a special ranking."""


def test_every_shipped_game_is_the_kernel_s() -> None:
    """Every shipped game runs on the kernel, its plugins handing the kernel their rules as
    data (discards and flips: the street data the shipped plugins read); a game the kernel
    declines says why in words (test_auto_takes_the_kernel_where_it_can_and_says_why_not)."""
    assert "seven-card-stud" in KERNEL_VARIANTS and "tda-seven-card-stud" in KERNEL_VARIANTS
    assert KERNEL_VARIANTS == list(builtin_variant_names())


def test_board_cards_and_nine_cards_are_played_by_the_kernel() -> None:
    """Oxford stud's board and nine-card stud's nine cards (the best of every eight-card
    part, as the general engine ranks them) run on the kernel, the equity bot's estimate
    dealing the board too (test_kernel_bots); a showing hand of nine cards scores its best
    eight-card part."""
    for name in ("oxford-stud", "nine-card-stud", "ninety-nine", "razzaho", "studaha"):
        assert name in KERNEL_VARIANTS
        assert unsupported(load_variant(name), ("equity", "tag"), 2, 100) is None, name
    face_up = load_variant_text(
        "studkit: 1\nname: face-up\nextends: nine-card-stud\nstreets:\n"
        "  - {name: third, cards: [up, up, up]}\n"
        + "".join(f"  - {{name: {name}, cards: [up]}}\n"
                  for name in ("seventh", "eighth", "ninth")))
    assert unsupported(face_up, ("random",), 2, 100) is None  # nine up: the best eight
    check_kernel_replays(face_up, 4, 1000, ("random",) * 4, 300, 3)
    chips = load_variant_text(
        "studkit: 1\nname: chips\nextends: nine-card-stud\n"
        "odd_chips: {method: high-card-by-suit, cards: hand}\n")
    assert unsupported(chips, ("random",), 2, 100) == (
        "chips gives odd chips by the cards a hand of more than 8 plays "
        "(odd_chips.cards: hand)")


WILD_HOUSE_RULES = {
    "deuces-wild-stud": "extends: seven-card-stud\ndeck: {wild_ranks: [2]}",
    "deuces-wild-stud-hi-lo": "extends: seven-card-stud-hi-lo\ndeck: {wild_ranks: [2]}",
    "kings-wild-razz": "extends: razz\ndeck: {wild_ranks: [K]}",
    "no-five-of-a-kind": "extends: seven-card-stud\n"
                         "deck: {wild_ranks: [2, 3, 4], five_of_a_kind: false}",
    "joker-stud": "extends: seven-card-stud\ndeck: {jokers: 2}",
    "bug-stud-hi-lo": "extends: seven-card-stud-hi-lo\ndeck: {jokers: 1, joker_mode: bug}",
    "joker-razz": "extends: razz\ndeck: {jokers: 1}",
    "bug-and-deuces": "extends: seven-card-stud\n"
                      "deck: {jokers: 1, joker_mode: bug, wild_ranks: [2]}\n"
                      "forced_bets: {bring_in: {joker_as: lowest}}",
    "face-joker-stud": "extends: seven-card-stud\ndeck: {jokers: 1, up_joker_mode: bug}",
    "face-joker-studugi": "extends: mississippi-studugi\n"
                          "deck: {jokers: 1, up_joker_mode: bug, turned_up_joker: as-up}",
    "joker-soko": "extends: canadian-stud\ndeck: {jokers: 2, joker_mode: bug}",
}
"""House rules that make ranks wild or add jokers (wild, or the bug, or wild face down and the
bug face up) in the classic games (lows and hi-lo too; a face-up joker ranked in the boards as
an ace), and jokers in a special ranking."""


def wild_house(name: str) -> Variant:
    return load_variant_text(f"studkit: 1\nname: {name}\n{WILD_HOUSE_RULES[name]}\n")


def test_wild_ranks_are_played_by_the_kernel() -> None:
    for name in ("deuces-and-jacks", "dr-pepper", "four-forty-two", "three-thirty-three",
                 "eighty-eight", "woolworth-stud"):
        assert name in KERNEL_VARIANTS
    for name in WILD_HOUSE_RULES:
        assert unsupported(wild_house(name), ("random",), 4, 100) is None, name


@pytest.mark.parametrize("name", sorted(WILD_HOUSE_RULES))
def test_wild_house_rules_replay_on_the_general_engine(name: str) -> None:
    variant = wild_house(name)
    for players, stack, bots in ((4, 100 * variant.stakes.big_bet, "random"),
                                 (8, 30, "random"), (6, 100 * variant.stakes.big_bet,
                                                     "calling-station")):
        check_kernel_replays(variant, players, stack, (bots,) * players, 300, players)


DECLINED_HOUSE_RULES = [
    ("chicago", "deck: {jokers: 1, up_joker_mode: bug}",
     "house plays a joker by how it was dealt (deck.up_joker_mode) with a plugin's pot share "
     "by down cards or changing wild ranks"),
    ("seven-card-stud", "deck: {wild_ranks: [2]}\naction_order: {wild_up_cards: wild}",
     "house ranks the boards with wild cards (action_order.wild_up_cards: wild)"),
    ("seven-card-stud",
     "deck: {wild_ranks: [2]}\nodd_chips: {method: high-card-by-suit, cards: hand}",
     "house gives odd chips by the five cards a wild hand plays (odd_chips.cards: hand)"),
    ("razzdugi", "deck: {wild_ranks: [K]}",
     "house ranks wild ranks with the special evaluator 'badugi'"),
    ("razzdugi", "odd_chips: {method: low-card-by-suit, cards: hand}",
     "house gives odd chips by the cards a 'badugi' hand plays (odd_chips.cards: hand)"),
]
"""House rules the kernel leaves to the general engine: (base game, rule, why in words)."""


@pytest.mark.parametrize(("base", "rule", "reason"), DECLINED_HOUSE_RULES)
def test_the_kernel_declines_what_it_does_not_play_of_wild_cards_in_words(
    base: str, rule: str, reason: str
) -> None:
    house = load_variant_text(f"studkit: 1\nname: house\nextends: {base}\n{rule}\n")
    assert unsupported(house, ("random",), 4, 100) == reason


def test_discards_and_flips_are_played_by_the_kernel() -> None:
    """stud-family 2.3 and 2.5: every shipped game whose streets discard or flip (and no other
    plugin) runs on the kernel, its bots choosing as the general engine's do (keep the best
    hand, show the least); the steps the core does not ask for are declined in words."""
    for name in ("super-stud", "pineapple-stud", "australian-stud", "studaha", "caveman-super",
                 "low-todd", "seven-card-reverse"):
        assert name in KERNEL_VARIANTS
    for bots in (("tag", "lag", "calling-station", "equity"), ("random",) * 4):
        check_kernel_replays(load_variant("super-stud-hi-lo"), 4, 400, bots, 150, 2)
        check_kernel_replays(load_variant("pineapple-stud"), 4, 400, bots, 150, 2)
    in_turn = load_variant_text(
        "studkit: 1\nname: in-turn\nextends: pineapple-stud\nstreets:\n"
        "  - name: third\n    cards: [down, down, down, down]\n"
        "    flip: {count: 2, simultaneous: false}\n"
        "    discard: {count: 1, when: after-deal, from: any, simultaneous: false}\n")
    assert unsupported(in_turn, ("random",), 4, 100) is None
    check_kernel_replays(in_turn, 4, 400, ("tag", "random", "lag", "calling-station"), 150, 4)
    optional = load_variant_text(
        "studkit: 1\nname: optional\nextends: studaha\nstreets:\n"
        "  - {name: third, cards: [down, down, down], burn: false, bet_size: small,\n"
        "     flip: {count: 1, optional: true}}\n")
    check_kernel_replays(optional, 3, 400, ("random", "tag", "random"), 150, 5)
    named = load_variant_text("studkit: 1\nname: named\nextends: super-stud\n"
                              "plugins: [{name: discard}]\n")
    assert unsupported(named, ("tag",), 4, 100) is None  # naming it changes nothing
    late = load_variant_text(
        "studkit: 1\nname: late-flip\nextends: seven-card-stud\nstreets:\n"
        "  - {name: seventh, cards: [down], flip: {count: 1}}\n")
    assert unsupported(late, ("random",), 4, 100) == (
        "late-flip flips a card on seventh street as it is dealt, which the kernel plays on "
        "the first street only")


DECLARE_GAMES = ("high-low-declare", "five-card-stud-hi-lo-declare", "beelzebub", "satan",
                 "one-three-one", "two-card-hi-lo-declare", "low-todd", "seven-card-reverse")


def declare_house(options: str, extra: str = "", base: str = "high-low-declare") -> Variant:
    return load_variant_text(
        f"studkit: 1\nname: house-declare\nextends: {base}\n"
        f"plugins:\n  - name: declare\n    options: {{{options}}}\n{extra}")


def test_declarations_are_played_by_the_kernel_from_the_plugin_s_rule() -> None:
    """stud-family 2.6: the declare plugin hands the kernel its rule as data
    (studkit_kernel_rule); each pot is judged among its eligible seats as the plugin judges
    it, with side pots from short stacks, every option the rule carries, and the bots
    declaring as the general engine's do."""
    for name in DECLARE_GAMES:
        assert name in KERNEL_VARIANTS, name
    for bots in (("tag", "calling-station", "lag", "random"), ("random",) * 5):
        check_kernel_replays(load_variant("high-low-declare"), len(bots), 60, bots, 200, 3)
    for options in ("swing_may_tie: true", "failed_swing_forfeits: all-pots",
                    "simultaneous: false, swing_may_tie: true"):
        variant = declare_house(options)
        assert unsupported(variant, ("random",), 4, 100) is None, options
        check_kernel_replays(variant, 5, 45, ("random", "tag") * 2 + ("random",), 200, 6)
    for options in ("swing_may_tie: true", "swing_may_tie: false"):  # two cards: many ties
        variant = declare_house(options, base="two-card-hi-lo-declare")
        check_kernel_replays(variant, 4, 200, ("random",) * 4, 300, 11)
    late = declare_house(
        "timing: bet-declare-bet",
        "streets:\n  - {name: declare-bet, cards: [], burn: false, bet_size: big}\n")
    check_kernel_replays(late, 4, 80, ("random", "calling-station", "tag", "random"), 200, 8)
    per_pot = declare_house("declare_per_pot: true")
    assert unsupported(per_pot, ("random",), 4, 100) == (
        "house-declare uses Python plugin hooks (declare) that hand the kernel no rule "
        "(studkit_kernel_rule)")


def test_a_share_ranked_by_down_cards_is_played_by_the_kernel() -> None:
    """Chicago's hole-spade share: the plugin hands the kernel each share it ranks as data
    (the suit, a strength per rank); both directions and both aces replay, a share of a
    plugin evaluator nobody hands over is declined in words; the equity bot estimates the
    share too (test_kernel_bots)."""
    assert "chicago" in KERNEL_VARIANTS and "low-chicago" in KERNEL_VARIANTS
    for options, evaluator in (("ace: low", "hole-spade-high"), ("direction: low", "hole-spade"),
                               ("ace: low, direction: low", "hole-spade")):
        variant = load_variant_text(
            "studkit: 1\nname: spades\nextends: chicago\npots:\n"
            f"  - {{name: high, evaluator: high}}\n  - {{name: spade, evaluator: {evaluator}}}\n"
            f"plugins:\n  - name: hole-spade\n    options: {{{options}}}\n")
        assert unsupported(variant, ("tag",), 4, 100) is None, options
        check_kernel_replays(variant, 4, 300, ("random", "tag", "calling-station", "lag"),
                             200, 9)
    assert unsupported(load_variant("chicago"), ("equity",), 4, 100) is None


def test_choice_cards_are_played_by_the_kernel() -> None:
    """Roll your own: the plugin hands the kernel its exposure of choice cards as data; in
    turn, all at once and before the deal replay, the bots turning up what shows least as
    on the general engine. Mexican stud's choose-before too (a hole card up or kept down
    before each street that comes face down only to a player with none): all at once or in
    turn, heads-up to a full table, the bots keeping a pair or their best card hidden as on
    the general engine (Mexican poker's joker: test_jokers_played_by_their_face)."""
    assert "roll-your-own" in KERNEL_VARIANTS and "mexican-stud" in KERNEL_VARIANTS
    bots = ("tag", "random", "calling-station", "lag", "random")
    for timing in ("in-turn", "simultaneous", "before"):
        variant = load_variant_text(
            "studkit: 1\nname: rolled\nextends: roll-your-own\nplugins:\n"
            f"  - name: roll-your-own\n    options: {{timing: {timing}}}\n")
        assert unsupported(variant, ("tag",), 5, 100) is None, timing
        check_kernel_replays(variant, 5, 120, bots, 200, 12)
    for choose in ("simultaneous", "in-turn"):
        variant = load_variant_text(
            "studkit: 1\nname: mexican\nextends: mexican-stud\nplugins:\n"
            f"  - name: roll-your-own\n    options: {{choose_before: {choose}}}\n")
        check_kernel_replays(variant, 9, 120, bots + ("tag", "equity", "lag", "tag"), 200, 17)
        check_kernel_replays(variant, 2, 40, bots[:2], 200, 18)


def test_jokers_played_by_their_face_are_played_by_the_kernel() -> None:
    """Mexican poker's joker, wild dealt down and the bug dealt up (or face up now), ranked by
    the special mexican-high and by a table evaluator; the bots see a joker that plays as
    the bug as an ace, as on the general engine; eight seats run the deck out. A special
    ranking with wild ranks (up to four cards tried as every card) stays on the general
    engine, in words."""
    bots = ("tag", "random", "calling-station", "equity", "lag", "tag", "equity", "random")
    as_up = load_variant_text(
        "studkit: 1\nname: as-up\nextends: mexican-poker\ndeck: {turned_up_joker: as-up}\n")
    high = load_variant_text(
        "studkit: 1\nname: joker-face\nextends: seven-card-stud\n"
        "deck: {jokers: 1, joker_mode: wild, up_joker_mode: bug}\n")
    for variant in (load_variant("mexican-poker"), as_up, high):
        assert unsupported(variant, bots, 8, 1000) is None, variant.name
        check_kernel_replays(variant, 4, 1000, bots[:4], 300, 21)
        check_kernel_replays(variant, 8, 60, bots, 150, 22)
    deuces = load_variant_text(
        "studkit: 1\nname: deuces\nextends: mexican-poker\ndeck: {wild_ranks: [2]}\n")
    assert unsupported(deuces, ("tag",), 4, 100) == (
        "deuces ranks wild ranks with the special evaluator 'mexican-high'")


@pytest.mark.parametrize("policy", ["burns-only", "tda", "spec"])
def test_a_rule_the_variant_data_says_is_played_by_the_kernel(policy: str) -> None:
    """The community-card plugin's policy is the variant's deck_exhaustion data, so it hands
    the kernel nothing more (InVariantData): eight calling stations run the deck out every
    hand, on both engines alike."""
    variant = load_variant_text(
        "studkit: 1\nname: short-deck\nextends: seven-card-stud\nplugins:\n"
        f"  - name: community-card\n    options: {{policy: {policy}}}\n")
    assert unsupported(variant, ("calling-station",), 8, 400) is None
    check_kernel_replays(variant, 8, 400, ("calling-station",) * 8, 100, 4)
    check_kernel_replays(variant, 8, 40, ("random", "calling-station") * 4, 150, 5)


def test_cards_dealt_face_up_bring_what_the_plugin_hands_over() -> None:
    """Baseball: a four dealt face up brings an extra card, a three a price to pay or fold;
    the plugin hands the kernel each as an UpCardRule. Every option replays (a fixed price,
    the extra card face up, which may bring more, no payment), short stacks and full tables
    (the stub running out) included, the bots paying or folding as the general engine's."""
    assert "baseball" in KERNEL_VARIANTS
    bots = ("tag", "random", "calling-station", "lag", "equity", "random", "tag")
    for options in ("three_up_payment: 10, four_up_extra: up",
                    "three_up_payment: none, four_up_extra: down",
                    "three_up_payment: pot, four_up_extra: none"):
        variant = load_variant_text(
            "studkit: 1\nname: house-baseball\nextends: baseball\nplugins:\n"
            f"  - name: baseball\n    options: {{{options}}}\n")
        assert unsupported(variant, bots, 7, 100) is None, options
        check_kernel_replays(variant, 7, 300, bots, 150, 13)
        check_kernel_replays(variant, 4, 25, bots[:4], 150, 14)


def test_a_trade_round_is_played_by_the_kernel() -> None:
    """The twist: the plugin hands the kernel its trade round as data (TradeRule); every
    option replays (the replacement face, the faces that may go, a cost a short stack cannot
    pay, a twist after more than one street), the bots trading as the general engine's."""
    for name in ("english-stud", "english-stud-hi-lo", "seven-card-stud-twist"):
        assert name in KERNEL_VARIANTS, name
    bots = ("tag", "random", "calling-station", "lag", "random")
    for options in ("after: [fifth, sixth], cost: 3, faces: [down]",
                    "after: [sixth], cost: big-bet, replacement_face: down, faces: [up]",
                    "after: [fourth], cost: 0"):
        variant = load_variant_text(
            "studkit: 1\nname: house-twist\nextends: seven-card-stud-twist\nplugins:\n"
            f"  - name: twist\n    options: {{{options}}}\n")
        assert unsupported(variant, bots, 5, 100) is None, options
        check_kernel_replays(variant, 5, 300, bots, 150, 15)
        check_kernel_replays(variant, 5, 30, bots, 150, 16)


def test_wild_ranks_that_change_during_the_hand_are_played_by_the_kernel() -> None:
    """Follow the Queen (a FollowedWildRule) and low hole card wild (a HoleWildRule): the
    wild set in force ranks the showdown, and under the follow rule the best showing hand
    with it opens each betting round. Every option replays: the trigger wild or not, another
    trigger, the deck's own wild ranks until a trigger falls, board cards that follow, an
    ace in the hole low; short stacks and full tables too. Combinations the kernel does not
    play are declined in words."""
    for name in ("follow-the-queen", "follow-the-king", "low-hole-wild"):
        assert name in KERNEL_VARIANTS, name
    bots = ("tag", "random", "calling-station", "lag", "equity", "random", "tag")
    houses = (
        "extends: follow-the-queen\nplugins:\n  - name: follow-the-queen\n"
        "    options: {trigger: A, trigger_is_wild: false}\ndeck: {wild_ranks: ['2']}\n",
        "extends: oxford-stud\nplugins:\n  - name: follow-the-queen\n"
        "    options: {trigger: '7'}\n",
        "extends: low-hole-wild\nplugins:\n  - name: low-hole-wild\n    options: {ace: low}\n",
        "extends: low-hole-wild\ndeck: {wild_ranks: ['9'], five_of_a_kind: false}\n",
    )
    for index, text in enumerate(houses):
        variant = load_variant_text(f"studkit: 1\nname: house-wild\n{text}")
        players = min(variant.max_players, 7)
        assert unsupported(variant, bots[:players], players, 100) is None, text
        check_kernel_replays(variant, players, 300, bots[:players], 150, 20 + index)
        check_kernel_replays(variant, 3, 25, bots[:3], 150, 30 + index)
    declined = {
        "extends: follow-the-queen\nplugins:\n  - name: follow-the-queen\n"
        "  - name: low-hole-wild\n": "two plugin rules that change the wild ranks",
        "extends: razzaho\nplugins:\n  - name: low-hole-wild\n":
            "changes the wild ranks of a hand of some cards only",
        "extends: baseball\nplugins:\n  - name: baseball\n  - name: follow-the-queen\n":
            "follows up cards that a plugin deals outside the streets",
        "extends: low-hole-wild\npots:\n  - {name: high, evaluator: high}\n"
        "  - {name: low, evaluator: badugi}\n":
            "changes the wild ranks of the special evaluator 'badugi'",
    }
    for text, words in declined.items():
        variant = load_variant_text(f"studkit: 1\nname: house-wild\n{text}")
        assert words in (unsupported(variant, ("random",), 4, 100) or ""), text


def test_separate_hands_are_played_by_the_kernel() -> None:
    """Outhouse: the plugin hands the kernel its split into a big and a small hand as data
    (SplitRule). Every option replays (the pai gow order or not, no down card required,
    other sizes, other evaluators), the bots splitting as the general engine's, heads-up to
    a full table, short stacks too; what the kernel does not split is declined in words."""
    assert "outhouse" in KERNEL_VARIANTS
    bots = ("tag", "random", "calling-station", "lag", "equity", "random", "tag")
    for options in ("sizes: [5, 2], min_down_each: 1, order_required: false",
                    "sizes: [4, 3], min_down_each: 0, order_required: true",
                    "sizes: [5, 2], min_down_each: 0, order_required: true, "
                    "big_evaluator: a5-low, small_evaluator: two-card-a5"):
        variant = load_variant_text(
            "studkit: 1\nname: house-split\nextends: outhouse\nplugins:\n"
            f"  - name: split-hands\n    options: {{{options}}}\n")
        assert unsupported(variant, bots, 7, 100) is None, options
        check_kernel_replays(variant, 7, 300, bots, 150, 40)
        check_kernel_replays(variant, 3, 30, bots[:3], 150, 41)
    jokers = load_variant_text("studkit: 1\nname: joker-split\nextends: outhouse\n"
                               "deck: {jokers: 1}\n")
    assert "splits hands with jokers or board cards" in (
        unsupported(jokers, ("random",), 4, 100) or "")


def test_a_plugin_without_a_kernel_rule_keeps_the_general_engine(tmp_path: Path) -> None:
    """A house plugin that does not hand the kernel its rule keeps every game on the general
    engine, and auto says which plugin; a rule of the wrong type is an error naming it."""
    from studkit.hooks.registry import PluginRegistry

    (tmp_path / "seat_zero.py").write_text(
        "from studkit import hookimpl\n\n@hookimpl\ndef studkit_bring_in(hand, seat):\n"
        "    return 0\n")
    house = load_variant("razz", registry=PluginRegistry([tmp_path]))
    assert unsupported(house, ("random",), 4, 100) == (
        "razz uses Python plugin hooks (seat-zero) that hand the kernel no rule "
        "(studkit_kernel_rule)")
    assert simulate(house, hands=20, players=3, bots="random", seed=1).engine == "general"
    (tmp_path / "wrong.py").write_text(
        "from studkit import hookimpl\n\n@hookimpl\ndef studkit_kernel_rule(variant):\n"
        "    return 'declare'\n")
    wrong = load_variant("razz", registry=PluginRegistry([tmp_path]))
    with pytest.raises(PluginError, match="plugin 'wrong': studkit_kernel_rule returned"):
        unsupported(wrong, ("random",), 4, 100)


@pytest.mark.parametrize("name", sorted(COMPILED_EVALUATORS))
def test_kernel_evaluators_match_the_library(name: str) -> None:
    """The table evaluators and the special rankings (C ports of
    studkit.evaluation.special_hands) give the library's strengths."""
    tables = eval_tables([n for n in (name, "a5-low") if n in EVALUATOR_IDS])
    evaluator = get_evaluator(name)
    rng = random.Random(name)
    deck = [c for c in range(52) if name != "mexican-high" or not 6 <= c >> 2 <= 8]
    for _ in range(3000):
        count = rng.randint(1, 8)
        cards = rng.sample(deck, count)
        got = _core.evaluate(tables.values, tables.modes, tables.by_row, tables.flush,
                               tables.index_row, cards, COMPILED_EVALUATORS[name])
        assert got == evaluator.evaluate(cards), (name, cards)


@pytest.mark.parametrize("name", SPECIALS)
@pytest.mark.parametrize("jokers", ["wild", "bug"])
def test_kernel_special_rankings_try_jokers_as_the_library_does(name: str, jokers: str) -> None:
    """A special ranking's jokers, wild or the bug, five of a kind allowed or not: the
    kernel's search (studkit/evaluation/special_wild.c) finds the library's strength."""
    tables = eval_tables(["a5-low"])
    rng = random.Random(f"{name} {jokers}")
    deck = [c for c in range(52) if name != "mexican-high" or not 6 <= c >> 2 <= 8]
    for five in (False, True):
        wild = WildCards(jokers=jokers, five_of_a_kind=five)  # type: ignore[arg-type]
        evaluator = get_evaluator(name, wild=wild)
        ranking = RANKING_TABLE[name]
        setting = compiled_wild(ranking.names, wild, ranking.high_like)
        for trial in range(80):
            two = trial % 40 == 0  # a pair of jokers: some fifty times the work
            count = rng.randint(2 if two else 1, 8)
            cards = rng.sample(deck, count - 1 - two) + [52, 53][: 1 + two]
            rng.shuffle(cards)
            got = _core.evaluate(tables.values, tables.modes, tables.by_row, tables.flush,
                                   tables.index_row, cards, COMPILED_EVALUATORS[name], setting)
            assert got == evaluator.evaluate(cards), (name, jokers, five, cards)


def test_every_built_in_evaluator_is_the_kernel_s() -> None:
    """A variant without plugins can name only built-in evaluators, and the kernel ranks with
    each of them (a plugin's own evaluator comes with its plugin, which the kernel declines)."""
    assert set(EVALUATOR_NAMES) | set(SHOWING_EVALUATOR_NAMES) <= set(COMPILED_EVALUATORS)


def test_the_kernel_s_action_razz_is_the_library_s_ace_to_five_with_a_face_class() -> None:
    assert _core.A5_LOW_ROW == EVALUATOR_IDS["a5-low"]
    assert _core.ACTION_RAZZ_FACE == (
        len(RANKINGS["a5-low"].low_categories) << CATEGORY_SHIFT)
    assert set(SPECIALS) == set(SPECIAL_NAMES)


def check_replays(name: str, players: int, stack: int, bots: tuple[str, ...], hands: int,
                  seed: int) -> None:
    check_kernel_replays(load_variant(name), players, stack, bots, hands, seed)


def table_sizes(name: str) -> list[int]:
    variant = load_variant(name)
    return sorted({variant.min_players, 4, variant.max_players})


CASES = [
    (name, players, stack, bots)
    for name in KERNEL_VARIANTS
    for players in table_sizes(name)
    for stack, bots in ((None, ("random",)), (30, ("random",)), (None, ("calling-station",)))
]


@pytest.mark.parametrize(("name", "players", "stack", "bots"), CASES)
def test_general_engine_replays_kernel_hands_to_the_same_payoffs(
    name: str, players: int, stack: int | None, bots: tuple[str, ...]
) -> None:
    chips = stack if stack is not None else 100 * load_variant(name).stakes.big_bet
    check_replays(name, players, chips, bots * players, 200, seed=players * 7 + len(bots))


@pytest.mark.parametrize("name", KERNEL_VARIANTS)
def test_kernel_calling_stations_decide_as_the_engine_s_check_or_call(name: str) -> None:
    """The kernel asks a calling station for its passive rows only; on the same cards the
    general engine's own ``check_or_call`` at every decision reaches the same payoffs and
    the same tally (deep stacks and stacks that go all in)."""
    from studkit.simulation.engines import counted as kernel_block

    variant = load_variant(name)
    for stack in (100 * variant.stakes.big_bet, 3 * variant.stakes.big_bet):
        run = kernel_run(variant, variant.stakes, 4, stack, ("calling-station",) * 4, 3)
        general = Tally(4)
        station = make_bot("calling-station", variant)
        for hand in record_block(run, 0, 60):
            played = dealt(variant, 4, stack, hand)
            while not played.is_over:
                legal = played.legal_actions()
                if legal[0].kind not in VERBS:  # a card decision or a declaration: as advised
                    seat = played.actor
                    assert seat is not None
                    played.apply(station.act(played.view(seat), legal, random.Random(0)))
                else:
                    played.check_or_call()
            assert tuple(played.payoffs) == hand.payoffs, (name, stack, hand.index)
            general.add_played(played)
        assert kernel_block(run, 0, 60) == general, (name, stack)


def test_mixed_bots_and_tiny_stacks_replay() -> None:
    for stack in (1, 2, 3, 7):
        check_replays("seven-card-stud", 5, stack, ("random", "calling-station") * 2
                      + ("random",), 200, seed=stack)
        check_replays("no-limit-seven-card-stud", 3, stack * 10,
                      ("random", "calling-station", "random"), 200, seed=stack)


@pytest.mark.slow
@pytest.mark.parametrize("name", KERNEL_VARIANTS)
def test_ten_thousand_kernel_hands_replay_per_variant(name: str) -> None:
    variant = load_variant(name)
    check_replays(name, variant.max_players, 40, ("random",) * variant.max_players, 10_000, 1)


def test_same_seed_same_report_whatever_the_workers() -> None:
    one = simulate("seven-card-stud", hands=6000, players=4, bots="random", seed=3,
                   workers=1, engine="kernel")
    two = simulate("seven-card-stud", hands=6000, players=4, bots="random", seed=3,
                   workers=2, engine="kernel")
    assert one.engine == two.engine == "kernel"
    first, second = one.to_json(), two.to_json()
    assert first["workers"] == 1 and second["workers"] == 2
    # leave out where and how fast the hands were played
    first, second = ({k: v for k, v in d.items() if k not in RUN_FIELDS} for d in (first, second))
    assert json.dumps(first) == json.dumps(second)  # the same keys in the same order


def test_auto_takes_the_kernel_where_it_can_and_says_why_not() -> None:
    report = simulate("razz", hands=50, players=3, bots="random", seed=1)
    assert report.engine == "kernel" and report.engine_note == ""
    fallback = simulate(WILD_MEXICAN, hands=20, players=3, bots="random", seed=1)
    assert fallback.engine == "general" and "wild ranks" in fallback.engine_note
    own = "studkit.bots.players:RandomBot"
    mixed = simulate("seven-card-stud", hands=20, players=3, bots=f"random,{own},tag", seed=1)
    assert mixed.engine == "general" and own in mixed.engine_note
    shipped = simulate("seven-card-stud", hands=20, seed=1)  # the default mix
    assert shipped.engine == "kernel" and shipped.engine_note == ""
    general = simulate("razz", hands=20, players=3, bots="random", seed=1, engine="general")
    assert general.engine == "general" and general.engine_note == ""


def test_engine_kernel_names_what_it_does_not_cover() -> None:
    with pytest.raises(EngineError, match="wild-mexican ranks wild ranks with the special"):
        simulate(WILD_MEXICAN, hands=10, players=3, bots="random", engine="kernel")
    with pytest.raises(EngineError, match="engine 'fast'"):
        simulate("razz", hands=10, players=3, bots="random", engine="fast")


def test_cli_engine_flag_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["simulate", "razz", "--hands", "300", "--players", "3", "--bots", "random",
                 "--seed", "2", "--json", "--engine", "kernel", "--workers", "1"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["engine"] == "kernel" and data["hands"] == 300
    house = tmp_path / "wild-mexican.yaml"
    house.write_text(WILD_MEXICAN_TEXT)
    code = main(["simulate", str(house), "--hands", "10", "--players", "3", "--bots",
                 "random", "--engine", "kernel", "--workers", "1"])
    captured = capsys.readouterr()
    assert code != 0 and "wild ranks with the special" in captured.err
    assert "Traceback" not in captured.err
    code = main(["simulate", "razz", "--hands", "200", "--players", "3", "--bots", "random",
                 "--seed", "2", "--workers", "1"])
    assert code == 0 and "kernel engine" in capsys.readouterr().out


def test_history_runs_on_the_general_engine(tmp_path: Path) -> None:
    report = simulate("razz", hands=5, players=3, bots="random", seed=1,
                      history=str(tmp_path) + "/hands.phhs")
    assert report.engine == "general" and "--history" in report.engine_note


def test_importing_studkit_does_not_import_numba() -> None:
    import subprocess
    import sys

    code = ("import sys, studkit, studkit.cli, studkit.simulation; "
            "print('numba' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


def _z(a: float, b: float, sd_a: float, sd_b: float) -> float:
    spread = (sd_a**2 + sd_b**2) ** 0.5
    return abs(a - b) / spread if spread else 0.0


@pytest.mark.slow
@pytest.mark.parametrize(("name", "bots", "hands"), [
    ("seven-card-stud", "random", 100_000),
    ("seven-card-stud", "calling-station", 100_000),
    ("super-stud-hi-lo", "tag,lag,calling-station,random", 12_000),  # discards
    ("super-stud", "equity,calling-station,equity,calling-station", 2_000),  # discards to come
    ("baseball", "tag,lag,calling-station,random", 12_000),  # extra cards, pay or fold
    ("baseball", "equity,tag,equity,random", 2_000),  # hands no street ends on
    ("english-stud", "tag,lag,calling-station,random", 12_000),  # a trade round
    ("pineapple-stud", "random,tag,lag,calling-station", 12_000),  # flips and discards
    ("follow-the-queen", "tag,lag,calling-station,random", 12_000),  # a followed wild rank
    ("oxford-stud", "equity,tag,lag,random", 2_000),  # the equity bot's board
])
def test_both_engines_give_the_same_statistics_within_sampling_error(
    name: str, bots: str, hands: int
) -> None:
    from studkit.simulation.report import mean_and_sd

    runs = [
        simulate(name, hands=hands, players=4, bots=bots, seed=5, workers=2, engine=engine)
        for engine in ("kernel", "general")
    ]
    assert [r.engine for r in runs] == ["kernel", "general"]
    kernel, general = (r.tally for r in runs)
    for part, whole in (("showdowns", "hands"), ("completed_bring_ins", "bring_in_hands")):
        p = [getattr(t, part) / getattr(t, whole) for t in (kernel, general)]
        sd = [(q * (1 - q) / getattr(t, whole)) ** 0.5 for q, t in zip(p, (kernel, general),
                                                                          strict=True)]
        assert _z(p[0], p[1], sd[0], sd[1]) < 4.5, (part, p)
    for total, squares in (("pot_total", "pot_sq"), ("actions", "actions_sq"),
                           ("players_at_showdown", "players_at_showdown_sq")):
        count = "showdowns" if total == "players_at_showdown" else "hands"
        stats = [mean_and_sd(getattr(t, total), getattr(t, squares), getattr(t, count))
                 for t in (kernel, general)]
        errors = [sd / getattr(t, count) ** 0.5 for (_, sd), t in zip(stats, (kernel, general),
                                                                       strict=True)]
        assert _z(stats[0][0], stats[1][0], errors[0], errors[1]) < 4.5, (total, stats)
    for seat in range(4):
        stats = [mean_and_sd(t.net[seat], t.net_sq[seat], hands) for t in (kernel, general)]
        assert _z(stats[0][0], stats[1][0], stats[0][1] / hands**0.5,
                  stats[1][1] / hands**0.5) < 4.5, (seat, stats)


def test_a_setup_takes_only_a_game_that_was_made() -> None:
    """The kernel plays a game only once its __init__ succeeded (a game left half made by a
    refused argument, or never made, holds no rules), and a game is made once."""
    import numpy as np

    from studkit.core import Game
    from studkit.game.compile import compiled_game
    from studkit.game.evaluators import game_tables
    from studkit.kernel import _kernel

    variant = load_variant("razz")
    seats = {"players": 2, "stack": 100, "bots": [0, 0], "bot_table": np.zeros((2, 8)),
             "styles": np.zeros(3, dtype=np.int64)}
    with pytest.raises(ValueError, match="a Game that was not made"):
        _kernel.Setup(game=Game.__new__(Game), **seats)
    half = Game.__new__(Game)
    with pytest.raises(ValueError, match="share_evaluators"):
        half.__init__(rules=compile_rules(variant).core.pack(), deck=bytes(range(52)), cards=7,
                      showing=0, share_evaluators=[0] * 9, values=np.zeros(54, np.int64),
                      modes=np.zeros(1, np.int64), by_row=np.zeros((1, 1), np.int32),
                      flush=np.zeros(1, np.int32), index_row=0)
    with pytest.raises(ValueError, match="a Game that was not made"):
        _kernel.Setup(game=half, **seats)
    game = compiled_game(variant, variant.stakes, game_tables(variant))
    with pytest.raises(TypeError, match="a Game is made once"):
        game.__init__(rules=b"", deck=b"", cards=0, showing=0, share_evaluators=[],
                      values=b"", modes=b"", by_row=b"", flush=b"", index_row=0)
    with pytest.raises(TypeError):
        _kernel.Setup(game=object(), **seats)
    assert _kernel.Setup(game=game, **seats) is not None


def test_the_kernel_setup_refuses_malformed_wild_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The binding checks the wild-card tables it is handed: a value per card, tables per
    share, whole layers, a fill row per number of fillers."""
    import numpy as np

    from studkit.game import compile as game_compile
    from studkit.kernel import plan

    variant = load_variant("deuces-and-jacks")
    tables = kernel_run(variant, variant.stakes, 4, 1000, ("random",) * 4, 1).tables
    wild = game_compile.wild_setup(variant)
    assert wild is not None
    shares, showing, face = wild
    assert face is None
    values, table, fill, bugs = shares[0]
    bad = [
        (([(values[:10], table, fill, bugs)], showing), "wild values"),
        ((shares * 2, showing), "one share's tables per share"),
        (([(values, table[:-1], fill, bugs)], showing), "rows of every layer"),
        (([(values, table, fill, 0)], showing), "rows of every layer"),
        (([(values, table, np.zeros(5, dtype=np.int64), bugs)], showing), "a row per number"),
        (([(1 << 13, 1, 0, 0)], showing), "special wild"),  # a special ranking's: no rank 13
        (([(0, 3, 0, 0)], showing), "special wild"),
        ((shares, showing, (3, (False, True), shares)), "SK_JOKER_AS_DEALT or SK_JOKER_AS_UP"),
        ((shares, showing, (1, (False, True), shares * 2)), "one share's tables per share"),
    ]
    for broken, words in [*bad, ((shares, (values, table, fill)), "exactly 4 arguments")]:
        monkeypatch.setattr(game_compile, "wild_setup", lambda _variant, broken=broken: broken)
        with pytest.raises((ValueError, TypeError), match=words):
            plan.kernel_setup(variant, variant.stakes, 4, 1000, ("random",) * 4, tables)
