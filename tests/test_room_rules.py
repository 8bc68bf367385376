"""The online card rooms' own rules, as variant settings any variant file may use: a fold
when checking is free (``betting.fold_when_check_is_free``), a muck that concedes
(``showdown.muck_concedes``), a bring-in all in for less (``forced_bets.bring_in.short_stack:
partial``) and the rake a room takes from the pots (``Hand(rake=...)``, a history's ``_rake``).
Each setting off keeps studkit's own rules."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Literal

import pytest
from kernel_replay import as_action, dealt
from scenario import act, awards, check_down, deal, showdown_order

from studkit import load_variant
from studkit.engine import Hand
from studkit.errors import HistoryError, IllegalActionError, StudkitError
from studkit.history import loads
from studkit.history.replay import replay
from studkit.kernel.plan import unsupported
from studkit.kernel.run import kernel_run, record_block
from studkit.variant.model import Variant
from studkit.variant.rules_text import show_text

STUD = load_variant("seven-card-stud")
RAZZ = load_variant("razz")
STUD8 = load_variant("seven-card-stud-hi-lo")


def rooms(
    variant: Variant, *, fold_when_check_is_free: bool = False, muck_concedes: bool = False
) -> Variant:
    """``variant`` with the rooms' betting and showdown settings as given."""
    return dataclasses.replace(
        variant,
        betting=dataclasses.replace(
            variant.betting, fold_when_check_is_free=fold_when_check_is_free
        ),
        showdown=dataclasses.replace(variant.showdown, muck_concedes=muck_concedes),
    )


def legal(hand: Hand) -> list[str]:
    return [str(action) for action in hand.legal_actions()]


def test_the_settings_default_to_studkit_s_own_rules() -> None:
    assert STUD.betting.fold_when_check_is_free is False
    assert STUD.showdown.muck_concedes is False
    assert STUD.showdown.rake_from == "main-pot-first"
    assert STUD.forced_bets.bring_in is not None
    assert STUD.forced_bets.bring_in.short_stack == "next-player"
    assert Hand(STUD, [100, 100], seed=1).rake == 0


# ---------------------------------------------------------------- a fold when checking is free


def fourth_street(variant: Variant) -> Hand:
    """Three players called the bring-in; seat 0 (ace-king showing) opens fourth street."""
    hand = deal(variant, [100, 100, 100], "Qs Qd Ah Kh", "2s 3d 2c Jh", "9s 9d Td 8h")
    act(hand, "1 bring-in", "2 call", "0 call")
    return hand


def test_no_fold_when_checking_is_free_by_default() -> None:
    hand = fourth_street(STUD)
    assert legal(hand) == ["check", "bet to 5"]
    assert not hand.can_fold()
    with pytest.raises(
        IllegalActionError,
        match="seat 0 cannot fold on fourth street: legal actions are check, bet to 5",
    ):
        hand.fold()


def test_a_fold_when_checking_is_free_under_the_setting() -> None:
    hand = fourth_street(rooms(STUD, fold_when_check_is_free=True))
    assert legal(hand) == ["fold", "check", "bet to 5"]
    assert hand.can_fold() and hand.can_check()
    hand.verify_fold()
    hand.fold()
    assert hand.folded == [True, False, False]
    assert hand.actor == 1
    assert legal(hand) == ["fold", "check", "bet to 5"]
    hand.check_or_call()  # the passive choice is still the check
    assert hand.actor == 2 and hand.folded == [True, False, False]


def test_the_forced_player_never_folds_instead_of_bringing_in() -> None:
    hand = deal(
        rooms(STUD, fold_when_check_is_free=True),
        [100, 100, 100],
        "Qs Qd Ah",
        "2s 3d 2c",
        "9s 9d Td",
    )
    assert legal(hand) == ["bring-in 2", "complete to 5"]
    assert not hand.can_fold()


# ---------------------------------------------------------------- a muck that concedes


def strong_and_weak(variant: Variant) -> Hand:
    """Seat 0 holds trip aces, seat 1 nothing: both check to the showdown."""
    return deal(variant, [100, 100], "As Ad 3h 4c 6d 8s Ah", "Ks Qd 2c 5h 7d 9s Jc")


def test_a_muck_does_not_concede_by_default() -> None:
    hand = strong_and_weak(STUD)
    with pytest.raises(
        IllegalActionError,
        match="seat 0 cannot concede: in seven-card-stud a "
        r"muck does not concede \(showdown.muck_concedes is off\)",
    ):
        hand.concede(0)
    check_down(hand)
    assert hand.stacks == [103, 97]


def test_a_muck_concedes_the_pot_under_the_setting() -> None:
    hand = strong_and_weak(rooms(STUD, muck_concedes=True))
    hand.concede(0)
    assert hand.conceded == [0]
    with pytest.raises(IllegalActionError, match="seat 1 cannot concede: it is the last hand in"):
        hand.concede(1)
    check_down(hand)
    assert hand.stacks == [97, 103]  # the trip aces mucked: the others' best hand wins
    assert hand.shown == [1]
    assert showdown_order(hand) == [0, 1]  # the muck, then the show
    assert awards(hand) == [(1, 6, 0, "high")]


def test_a_muck_concedes_every_pot_it_is_in() -> None:
    """Seat 2 (all in, four aces) concedes: the side pot's winner takes the main pot too."""
    variant = rooms(STUD, muck_concedes=True)
    cards = ("Ks Kd 3h 4c 6d 8s Kh", "Qs Qd 2c 5h 7d 9s Jc", "As Ad Ac Ah 2d 3s 4s")
    for conceding, main, expected in (
        (None, (0, 1, 2), [99, 89, 18]),
        (2, (0, 1), [117, 89, 0]),  # the pots' eligible players leave out who conceded
    ):
        hand = deal(variant, [100, 100, 6], *cards)
        if conceding is not None:
            hand.concede(conceding)
        act(hand, "1 bring-in", "2 complete 5", "0 call", "1 call")  # seat 2 is all in
        hand.bet(5)  # fourth street: a side pot of 10
        hand.call()
        check_down(hand)
        assert [(pot.amount, pot.eligible) for pot in hand.pots] == [(18, main), (10, (0, 1))]
        assert hand.stacks == expected


def test_a_concession_is_refused_once_the_hands_are_turned_up() -> None:
    hand = deal(rooms(STUD, muck_concedes=True), [100, 6], "As Ad 3h", "Ks Kd 2c")
    act(hand, "1 bring-in", "0 complete 5", "1 call")  # all in: every hand is turned up
    with pytest.raises(IllegalActionError, match="every hand is turned up"):
        hand.concede(1)


def test_the_rules_in_words_say_the_settings() -> None:
    plain = show_text(STUD)
    assert "may fold instead of checking" not in plain
    assert "conceding" not in plain
    both = " ".join(
        show_text(rooms(STUD, fold_when_check_is_free=True, muck_concedes=True)).split()
    )
    assert "A player with nothing to call may fold instead of checking." in both
    assert (
        "Any player may instead muck unshown by choice, conceding: the pots go to the best "
        "hands among the others."
    ) in both
    assert "rake" not in plain.lower()
    by_size = dataclasses.replace(
        STUD, showdown=dataclasses.replace(STUD.showdown, rake_from="pots-by-size")
    )
    assert "A rake comes off every pot in proportion to its size." in " ".join(
        show_text(by_size).split()
    )


# ---------------------------------------------------------------- a bring-in all in for less


def short_razz(short_stack: Literal["next-player", "partial"]) -> Variant:
    """Razz at Full Tilt's 80/160 (ante 15, bring-in 25), with this short-stack rule."""
    assert RAZZ.forced_bets.bring_in is not None
    bring_in = dataclasses.replace(RAZZ.forced_bets.bring_in, short_stack=short_stack)
    forced = dataclasses.replace(RAZZ.forced_bets, bring_in=bring_in)
    return dataclasses.replace(RAZZ, forced_bets=forced).with_stakes(
        ante=15, bring_in=25, small_bet=80, big_bet=160
    )


FTP_RAZZ = ("As 7c Kc Js 4s 7d Tc", "5d 6s 2s Td Jh 2h Qc")
"""Full Tilt #28333847000: seat 0 has 24 chips, shows a king (razz's bring-in), 9 after the
ante."""


def test_a_player_short_of_the_bring_in_is_passed_by_default() -> None:
    hand = deal(short_razz("next-player"), [24, 976], *FTP_RAZZ)
    assert hand.actor == 1
    assert legal(hand) == ["bring-in 25", "complete to 80"]


def test_a_player_short_of_the_bring_in_brings_in_all_in_under_partial() -> None:
    hand = deal(short_razz("partial"), [24, 976], *FTP_RAZZ)
    assert hand.actor == 0
    assert legal(hand) == ["bring-in 9"]
    act(hand, "0 bring-in", "1 call")
    assert hand.is_over
    assert hand.stacks == [0, 1000]


def ftp_razz_history(variant_line: str) -> str:
    return f"""\
{variant_line}
antes = [15, 15]
bring_in = 25
small_bet = 80
big_bet = 160
starting_stacks = [24, 976]
actions = [
  "d dh p1 As7cKc", "d dh p2 5d6s2s", "p1 pb", "p2 cc",
  "d dh p1 Js", "d dh p2 Td", "d dh p1 4s", "d dh p2 Jh",
  "d dh p1 7d", "d dh p2 2h", "d dh p1 Tc", "d dh p2 Qc",
  "p1 sm As7cKcJs4s7dTc", "p2 sm 5d6s2sTdJh2hQc",
]
finishing_stacks = [0, 1000]
"""


def test_a_replay_brings_in_all_in_where_the_variant_says_so(tmp_path: Path) -> None:
    (tmp_path / "rooms-razz.yaml").write_text(
        "studkit: 1\nname: rooms-razz\nextends: razz\n"
        "forced_bets:\n  bring_in:\n    short_stack: partial\n"
    )
    path = tmp_path / "ftp.phh"
    path.write_text(ftp_razz_history('variant = "studkit"\n_studkit_variant = "rooms-razz.yaml"'))
    (history,) = loads(path.read_text(), source=str(path))
    assert replay(history).finishing_stacks == [0, 1000]
    (plain,) = loads(ftp_razz_history('variant = "studkit"\n_studkit_variant = "razz"'))
    with pytest.raises(HistoryError, match="p1 acts out of turn: p2 is to act"):
        replay(plain)


# ---------------------------------------------------------------- the rake


def test_the_rake_comes_off_the_pot_before_the_award() -> None:
    hand = Hand(
        STUD,
        [100, 100, 100],
        deal={0: "Qs Qd Ah Kh 2d 3d 4h", 1: "2s 3s 2c Jh 5d 7s 8s", 2: "9s 9d Td 8h 6c 4c 3c"},
        rake=2,
    )
    assert hand.rake == 2
    check_down(hand)  # antes 3 + bring-in and calls 6: a pot of 9
    assert hand.stacks == [104, 97, 97]
    assert sum(hand.payoffs) == -2


def test_the_rake_comes_off_before_a_hi_lo_pot_is_split() -> None:
    cards = {0: "Ks Kd Kh Qc 9d Js Tc", 1: "As 2d 3h 4c 9s 5d 7d"}
    for rake, expected in ((0, [100, 100]), (2, [99, 99]), (3, [99, 98])):
        hand = Hand(STUD8, [100, 100], deal=cards, rake=rake)
        check_down(hand)
        assert hand.stacks == expected, rake  # the odd chip to the high half (the first share)


@pytest.mark.parametrize(
    ("rake_from", "main", "side", "stacks"),
    [
        ("main-pot-first", 39, 38, [105, 67, 39, 98]),  # Full Tilt, Americas Cardroom
        ("pots-by-size", 41, 36, [103, 67, 41, 98]),  # PokerStars: the odd chip from the side
    ],
)
def test_where_the_rake_comes_from_with_side_pots(
    rake_from: Literal["main-pot-first", "pots-by-size"],
    main: int,
    side: int,
    stacks: list[int],
) -> None:
    """A main pot of 44 (seat 2's trip aces win it) and a side pot of 38 (seat 0's trip
    queens), raked 5."""
    variant = STUD.with_stakes(ante=1, bring_in=1, small_bet=4, big_bet=8)
    variant = dataclasses.replace(
        variant, showdown=dataclasses.replace(variant.showdown, rake_from=rake_from)
    )
    cards = {
        0: "Qs Qd Ah Kh 9c 8c Qc",
        1: "2s 3d Kd Jh 7d 6h 4c",
        2: "As Ad Qh Jd 5s 4s Ac",
        3: "3c 4d 2c",
    }
    hand = Hand(variant, [100, 100, 14, 100], deal=cards, rake=5)
    act(hand, "3 bring-in", "0 complete 4", "1 call", "2 call", "3 fold")
    act(hand, "0 bet 4", "1 call", "2 call")
    act(hand, "0 bet 8", "1 call", "2 call")  # seat 2 all in for 5
    act(hand, "0 bet 8", "1 call", "0 bet 8", "1 call")
    assert [(pot.amount, pot.eligible) for pot in hand.pots] == [(44, (0, 1, 2)), (38, (0, 1))]
    assert awards(hand) == [(2, main, 0, "high"), (0, side, 1, "high")]
    assert hand.stacks == stacks


def test_a_hand_won_without_a_showdown_pays_the_rake() -> None:
    hand = Hand(STUD, [100, 100], deal={0: "As Ks Qs", 1: "2s 3d 2c"}, rake=1)
    act(hand, "1 bring-in", "0 complete 5", "1 fold")
    assert hand.stacks == [102, 97]  # a pot of 9 less the rake


@pytest.mark.parametrize("rake", [-1, 1.5, "2"])
def test_a_rake_is_a_whole_number_of_chips(rake: object) -> None:
    with pytest.raises(StudkitError, match="a rake is a whole number of chips, 0 or more"):
        Hand(STUD, [100, 100], seed=1, rake=rake)  # type: ignore[arg-type]


# ---------------------------------------------------------------- replays with the rooms' rules


ROOM_HISTORY = """\
variant = "studkit"
_studkit_variant = "rooms-stud.yaml"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 QsQdAh", "d dh p2 2s3d2c", "d dh p3 9s9dTd",
  "p2 pb", "p3 cc", "p1 cc",
  "d dh p1 Kh", "d dh p2 Jh", "d dh p3 8h",
  "p1 cc", "p2 cc", "p3 f",
  "d dh p1 5c", "d dh p2 6h", "p1 cc", "p2 cc",
  "d dh p1 7c", "d dh p2 Ts", "p1 cc", "p2 cc",
  "d dh p1 4d", "d dh p2 2h", "p1 cbr 10", "p2 cc",
  "p1 sm QsQdAhKh5c7c4d", "p2 sm",
]
_rake = 3
finishing_stacks = [113, 87, 97]
"""


def room_history(tmp_path: Path, text: str = ROOM_HISTORY) -> Path:
    (tmp_path / "rooms-stud.yaml").write_text(
        "studkit: 1\nname: rooms-stud\nextends: seven-card-stud\n"
        "betting:\n  fold_when_check_is_free: true\nshowdown:\n  muck_concedes: true\n"
    )
    path = tmp_path / "room.phh"
    path.write_text(text)
    return path


def test_a_replay_folds_for_free_mucks_and_pays_the_rake(tmp_path: Path) -> None:
    """p3 folds though checking is free; p2 mucks trip twos, conceding to p1's queens; the
    room takes 3 of the pot of 29."""
    path = room_history(tmp_path)
    (history,) = loads(path.read_text(), source=str(path))
    result = replay(history)
    assert result.finishing_stacks == [113, 87, 97]
    assert result.hand is not None
    assert result.hand.conceded == [1]
    assert result.hand.rake == 3


def test_a_replay_without_the_settings_refuses_the_free_fold(tmp_path: Path) -> None:
    path = room_history(tmp_path, ROOM_HISTORY.replace("rooms-stud.yaml", "seven-card-stud"))
    (history,) = loads(path.read_text(), source=str(path))
    with pytest.raises(HistoryError, match="p3 cannot fold on fourth street"):
        replay(history)


# ---------------------------------------------------------------- the batch kernel


def test_the_kernel_plays_the_rooms_rules_as_the_engine_does() -> None:
    """The kernel runs the same rules core: its random bots fold though checking is free, and
    the general engine replaying its hands reaches the same payoffs."""
    assert RAZZ.forced_bets.bring_in is not None
    partial = dataclasses.replace(RAZZ.forced_bets.bring_in, short_stack="partial")
    variant = rooms(
        dataclasses.replace(
            RAZZ, forced_bets=dataclasses.replace(RAZZ.forced_bets, bring_in=partial)
        ),
        fold_when_check_is_free=True,
        muck_concedes=True,
    )
    bots = ("random",) * 4
    assert unsupported(variant, bots, 4, 30) is None
    run = kernel_run(variant, variant.stakes, 4, 30, bots, 7)
    free_folds = 0
    for recorded in record_block(run, 0, 200):
        played = dealt(variant, 4, 30, recorded)
        for kind, amount in recorded.actions:
            free_folds += kind == "fold" and played.to_call == 0
            played.apply(as_action(kind, amount))
        assert played.is_over and tuple(played.payoffs) == recorded.payoffs, recorded.index
    assert free_folds > 0


def test_a_replayed_muck_needs_no_cards_where_it_concedes(tmp_path: Path) -> None:
    """p2's down cards are never shown ('??'): its muck concedes, so the replay needs them
    not; without the setting the showdown would judge them."""
    unseen = ROOM_HISTORY.replace('"d dh p2 2s3d2c"', '"d dh p2 ????2c"').replace(
        '"d dh p2 2h"', '"d dh p2 ??"'
    )
    path = room_history(tmp_path, unseen)
    (history,) = loads(path.read_text(), source=str(path))
    assert replay(history).finishing_stacks == [113, 87, 97]
    (tmp_path / "no-concession.yaml").write_text(
        "studkit: 1\nname: no-concession\nextends: seven-card-stud\n"
        "betting:\n  fold_when_check_is_free: true\n"
    )
    (plain,) = loads(unseen.replace("rooms-stud.yaml", str(tmp_path / "no-concession.yaml")))
    with pytest.raises(HistoryError, match=r"showdown with unknown cards \('\?\?'\) of p2"):
        replay(plain)
