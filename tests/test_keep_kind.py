"""One decision kind where two did the same: declining an optional turn-up is ``keep``,
whether the optional card is a flip (stud-family 2.5, flips) or roll your own's
choose-before; hand histories written with the older ``hold`` still replay."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from scripted_hands import play

from studkit.engine import Action, Hand
from studkit.engine.decisions import DecisionKind, DecisionKinds, decision_kinds, known_kinds
from studkit.errors import PluginError
from studkit.history import from_hand, loads, replay
from studkit.history.actions import parse_action
from studkit.plugins.flip import KeepEvent, KeepKind
from studkit.variant.loader import load_variant


def mexican_hand(seed: int = 3) -> Hand:
    """A five-card mexican-stud hand where everyone keeps the hole card down when asked,
    and otherwise checks or calls."""
    hand = Hand(replace(load_variant("mexican-stud")), [200] * 3, seed=seed)

    def decide(hand: Hand, actions: list[Action]) -> Action:
        kinds = {a.kind: a for a in actions}
        for kind in ("keep", "bring-in", "check", "call"):
            if kind in kinds:
                return kinds[kind]
        return actions[0]

    return play(hand, decide)


def test_choose_before_offers_keep_and_records_a_keep_event() -> None:
    hand = mexican_hand()
    keeps = [event for event in hand.events if isinstance(event, KeepEvent)]
    assert keeps and all(event.kind == "keep" for event in keeps)
    assert not any(getattr(event, "kind", None) == "hold" for event in hand.events)


def test_flip_and_roll_your_own_register_the_same_kind() -> None:
    for name in ("mexican-stud", "low-todd"):
        kinds = decision_kinds(load_variant(name))
        assert type(kinds.by_name["keep"]) is KeepKind
        assert "hold" not in kinds.by_name
    every = known_kinds()
    assert type(every.by_name["keep"]) is KeepKind and "hold" not in every.by_name


def test_an_old_history_with_hold_replays_and_is_written_back_with_keep(
    tmp_path: Path
) -> None:
    hand = mexican_hand()
    text = from_hand(hand)
    assert " keep\"" in text and " hold\"" not in text
    old = text.replace(" keep\"", " hold\"")
    (history,) = loads(old)
    replayed = replay(history)
    assert replayed.hand is not None and list(replayed.hand.payoffs) == list(hand.payoffs)
    assert from_hand(replayed.hand) == text
    assert parse_action("p2 hold").verb == "keep"


def test_a_kind_may_not_take_another_kind_s_name_as_its_alias() -> None:
    class Stay(DecisionKind):
        name = "stay"
        phh_aliases = ("keep",)

    with pytest.raises(PluginError, match="'keep', which is a verb already"):
        DecisionKinds([("flip", KeepKind()), ("house", Stay())])
    with pytest.raises(PluginError, match="also another kind's PHH alias"):
        DecisionKinds([("house", Stay()), ("flip", KeepKind())])

    class Folds(DecisionKind):
        name = "stay"
        phh_aliases = ("f",)

    with pytest.raises(PluginError, match="takes the PHH alias 'f', which is a verb"):
        DecisionKinds([("house", Folds())])


def test_two_plugins_may_share_a_kind_but_not_a_name_with_two_kinds() -> None:
    kinds = DecisionKinds([("flip", KeepKind()), ("roll-your-own", KeepKind())])
    assert list(kinds.by_name) == ["keep"]

    class OtherKeep(DecisionKind):
        name = "keep"

    with pytest.raises(PluginError, match="already registered by plugin 'flip'"):
        DecisionKinds([("flip", KeepKind()), ("house", OtherKeep())])
