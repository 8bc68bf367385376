"""The cards a hand history deals, checked before it is replayed: no card dealt twice (unless
a short deck reused a folded one), every shown hand the cards its player holds, and a card a
decision throws away (a trade, a discard) one the player holds.
"""

from __future__ import annotations

from studkit.cards import Card
from studkit.engine.decisions import DecisionKinds, known_kinds
from studkit.history.actions import format_phh_cards, is_decision_verb
from studkit.history.hand_history import HandHistory

__all__ = ["check_cards"]


def check_cards(
    history: HandHistory, kinds: DecisionKinds | None = None
) -> list[list[Card | None]]:
    """Check that no card is dealt twice (unless it was folded or thrown away: a short deck
    may reuse it) and every shown hand matches the cards held (``kinds``: the decision kinds
    the history may hold; default: those the built-in and entry-point plugins register).

    Returns each player's cards in dealing order (cards traded away by ``twist`` included),
    unknown cards filled from the cards that player later shows (``None`` where still
    unknown).
    """
    held: list[list[Card | None]] = [[] for _ in range(history.player_count)]
    gone: list[set[int]] = [set() for _ in range(history.player_count)]  # positions traded away
    thrown = (
        {kind.name for kind in (known_kinds() if kinds is None else kinds) if kind.throws_card}
        if any(is_decision_verb(action.verb) for action in history.actions) else set()
    )
    where: dict[Card, tuple[int, int | None]] = {}
    folded: set[int] = set()
    discarded: set[Card] = set()  # thrown away (a twist): may come back when the deck runs out
    for index, action in enumerate(history.actions):
        if action.verb == "f" and action.player is not None:
            folded.add(action.player)
        elif action.verb in ("dh", "db"):
            for c in action.cards or ():
                if c is None:
                    continue
                owner = where[c][1] if c in where else None
                # a folded hand or a card thrown away may be shuffled back when the deck runs
                # out; the replay checks that it really was
                reused = c in discarded or (owner is not None and owner in folded)
                discarded.discard(c)
                if c in where and not reused:
                    first = where[c][0]
                    raise history.error(
                        index,
                        f"card {c} was already dealt, by actions[{first}] "
                        f"{history.text_of(first)!r}",
                    )
                where[c] = (index, action.player)
            if action.verb == "dh" and action.player is not None:
                held[action.player].extend(action.cards or ())
        elif action.verb in thrown and action.cards and action.player is not None:
            card = action.cards[0]
            mine = held[action.player]
            at = next((i for i, c in enumerate(mine)
                       if c == card and i not in gone[action.player]), None)
            if card is None or at is None:
                raise history.error(index, f"p{action.player + 1} does not hold {card}")
            gone[action.player].add(at)
            discarded.add(card)
        elif action.verb == "sm" and action.cards is not None and action.player is not None:
            player = action.player
            positions = [i for i in range(len(held[player])) if i not in gone[player]]
            holding = [held[player][i] for i in positions]
            _match_shown(history, index, player, holding, action.cards, where)
            for i, c in zip(positions, holding, strict=True):
                held[player][i] = c
    return held


def _match_shown(
    history: HandHistory,
    index: int,
    player: int,
    dealt: list[Card | None],
    shown: tuple[Card | None, ...],
    where: dict[Card, tuple[int, int | None]],
) -> None:
    name = f"p{player + 1}"
    if len(shown) != len(dealt):
        raise history.error(
            index,
            f"{name} shows {len(shown)} cards but was dealt {len(dealt)}: "
            f"{format_phh_cards(dealt) or 'none'}",
        )
    known_shown = [c for c in shown if c is not None]
    for c in known_shown:
        if known_shown.count(c) > 1:
            raise history.error(index, f"{name} shows {c} twice")
    missing = [c for c in dealt if c is not None]
    for c in known_shown:
        if c in missing:
            missing.remove(c)
            continue
        if c in where and where[c][1] != player:
            first = where[c][0]
            raise history.error(
                index,
                f"{name} shows {c}, which actions[{first}] {history.text_of(first)!r} "
                "dealt to another player",
            )
        if None not in dealt:
            raise history.error(index, f"{name} shows {c} but was dealt {format_phh_cards(dealt)}")
    # Reveal unknown cards: shown cards not among the known dealt cards, in order.
    known = [c for c in dealt if c is not None]
    revealed = [c for c in known_shown if c not in known]
    for position, slot in enumerate(dealt):
        if slot is None and revealed:
            card = revealed.pop(0)
            dealt[position] = card
            where[card] = (index, player)
