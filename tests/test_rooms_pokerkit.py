"""PokerKit, the PHH format's reference implementation, reads the PHH files ``studkit import``
writes from the card rooms' histories, and replays those its rules can play to the stacks the
rooms give.

PokerKit's rules differ from the rooms' in ways the written hands show: it has no
fourth-street open-pair bet, caps every street at four bets heads-up included, trims a short
ante its own way, cannot place up cards nobody saw (it needs them for the bring-in), and
reads a hand shown when all in before the last street as a muck, and when the deck runs out
it deals the discards again where the rooms turn up a community card. A hand with any of those is
left out of the comparison; every other one must end as the room says, with the rake (which
PokerKit does not take) given back to the pot's winners.
"""

from __future__ import annotations

import warnings
from decimal import Decimal
from pathlib import Path

import pytest

from studkit.history.replay import Replay, replay_file
from studkit.history.rooms.phh_import import import_histories

pokerkit = pytest.importorskip("pokerkit")

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "hand-histories" / "online"

COMPARED = 330
"""How many written hands PokerKit's rules can play (a floor)."""


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    if not DATA.is_dir():
        pytest.skip(f"{DATA} is absent")
    out = tmp_path_factory.mktemp("imported")
    import_histories([DATA], out)
    return sorted(out.glob("*.phh"))


def _outside_pokerkit_rules(result: Replay) -> str | None:
    """Why PokerKit's rules cannot play the replayed hand, or None."""
    hand, history = result.hand, result.history
    assert hand is not None and history is not None
    capped, _, open_pair_taken = hand.limits_met
    ante = history.antes[0] if history.antes else 0
    verbs = [action.verb for action in history.actions]
    last_deal = max((i for i, verb in enumerate(verbs) if verb == "dh"), default=-1)
    reasons = {
        "the open-pair bet": open_pair_taken > 0,
        "a capped street": capped > 0,
        "an up card nobody saw": any(
            card in result.unknown_cards for seat in range(hand.n) for card in hand.up_cards(seat)
        ),
        "a stack short of the ante": any(stack < ante for stack in history.starting_stacks),
        "a show before the last street": "sm" in verbs[:last_deal],
        "a community card (PokerKit reshuffles the discards first)": "db" in verbs,
    }
    return next((why for why, applies in reasons.items() if applies), None)


def _pokerkit_stacks(path: Path) -> tuple[bool, list[Decimal]]:
    """Whether PokerKit's replay of the file ends the hand, and its stacks."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its notes on unusual but legal play
        with path.open("rb") as file:
            history = pokerkit.HandHistory.load(file)
        state = list(history)[-1]
    return not state.status, [Decimal(str(round(stack, 6))) for stack in state.stacks]


def test_pokerkit_reads_every_written_file(written: list[Path]) -> None:
    assert len(written) >= 380
    for path in written:
        with warnings.catch_warnings(), path.open("rb") as file:
            warnings.simplefilter("ignore")
            assert pokerkit.HandHistory.load(file).variant in {"F7S", "F7S/8", "FR"}, path


def test_pokerkit_replays_the_hands_its_rules_can_play_to_the_rooms_stacks(
    written: list[Path],
) -> None:
    compared, wrong = 0, []
    for path in written:
        (result,) = replay_file(path)
        if not result.ok or _outside_pokerkit_rules(result) is not None:
            continue
        assert result.history is not None and result.history.finishing_stacks is not None
        finishing = [Decimal(str(stack)) for stack in result.history.finishing_stacks]
        rake = Decimal(str(result.history.fields.get("_rake", 0)))
        try:
            over, stacks = _pokerkit_stacks(path)
        except ValueError as error:  # "Unable to repair the hand history": it cannot play it
            wrong.append(f"{path.name}: PokerKit: {error}")
            continue
        same = over and (
            stacks == finishing
            if rake == 0
            else sum(stacks) - sum(finishing) == rake
            and all(mine >= theirs for mine, theirs in zip(stacks, finishing, strict=True))
        )
        compared += 1
        if not same:
            wrong.append(f"{path.name}: PokerKit {stacks} (over: {over}), room {finishing}")
    assert wrong == []
    assert compared >= COMPARED, compared
