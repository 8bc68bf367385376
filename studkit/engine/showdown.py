"""The showdown: who shows first, who may muck, and how the pots are split.

Called by the hand once the last street's betting is over with two or more players left.
Hands are shown clockwise from the last bettor or raiser of the last betting round (with no
bet there: the last player to check, or the round's first actor, per
``variant.showdown.no_bet_order``). When ``losers_may_muck`` is set, a player whose hand
cannot win any share of any pot against the hands already shown mucks it unshown; in a pot
no hand shown qualifies for, that includes the ways ``showdown.if_nobody_qualifies`` could
still split it (chopped among every hand: each is shown; shared without the qualifiers: a
hand beaten there by one shown mucks). Hands
turned up when all-ins closed the betting (:meth:`HandFlow._expose`, in this same order) were
shown then, once: the showdown awards them without showing them again. The pots come from
:func:`studkit.engine.pots.build_pots` and are split by
:func:`studkit.engine.pots.award_pots` per the variant's pot shares, odd chips in the
variant's order. A plugin implementing ``studkit_adjust_strengths`` (declare) re-judges the
strengths once per pot among that pot's eligible seats, and each pot is awarded with its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from studkit.engine.events import AWARD, MUCK, SHOW, AwardEvent, MuckEvent, ShowEvent
from studkit.engine.jokers import face_dependent, rerank_jokers
from studkit.engine.pots import Pot, ShareInput, award_pots, build_pots
from studkit.engine.seats import rotation
from studkit.evaluation.board_hands import best_cards, evaluate_cards

if TYPE_CHECKING:
    from studkit.engine.flow import HandFlow as Hand

__all__ = ["showdown", "show_order", "odd_chip_order"]

_new: Final = tuple.__new__  # a typed event without its constructor's Python frame


def show_order(hand: Hand, pots: list[Pot] | None = None) -> list[int]:
    """The live seats in the order they show (``pots``: the pots, when the hand's are not
    built yet)."""
    n = hand.n
    folded = hand.folded
    start = hand.round.aggressor
    if start < 0 or folded[start]:
        if hand.variant.showdown.no_bet_order == "last-checker":
            start = hand.round.last_checker
        else:
            start = hand.progress.leader
    if start < 0 or folded[start]:
        start = hand.progress.leader
    if start < 0 or folded[start]:
        start = (hand.button + 1) % n
    order = [s for s in rotation(n, start) if not folded[s]]
    pots = hand._pots if pots is None else pots
    if pots and len(pots) > 1:
        # Side-pot contenders show before a player all in for a smaller pot (A15): a stable
        # sort by the last pot each seat may win keeps the clockwise order among equals.
        last = {
            s: max((i for i, pot in enumerate(pots) if s in pot.eligible), default=-1)
            for s in order
        }
        order.sort(key=lambda s: -last[s])
    return order


def showdown_strengths(hand: Hand) -> list[list[int]]:
    """Per pot share, per seat: the strength the showdown ranks (0 = folded, or no hand
    that qualifies for the share): each share's evaluator over the seat's cards and the
    community card, the share's qualifier, then the plugins' re-ranking (changing and
    per-player wild cards, plugin-ranked shares, declarations). Declarations are judged pot
    by pot, as the showdown judges them; a seat's strength is the best it has in the pots it
    is in (a swing beaten in the main pot that wins a side pot keeps its hand there)."""
    strengths = _ranked_strengths(hand)
    plugins = hand.plugins
    if plugins is None or not plugins.adjusts:
        return strengths
    folded = hand.folded
    groups = [pot.eligible for pot in hand.pots] or [
        tuple(s for s in range(hand.n) if not folded[s])
    ]
    best = [[0] * hand.n for _ in strengths]
    for eligible in groups:
        rows = plugins.pot_strengths(strengths, eligible)
        for out, row in zip(best, rows, strict=True):
            for s in eligible:
                if row[s] > out[s]:
                    out[s] = row[s]
    return best


def _ranked_strengths(hand: Hand, *, qualified: bool = True) -> list[list[int]]:
    """:func:`showdown_strengths` before any plugin adjusts them pot by pot (``qualified``
    false: every share's qualifier ignored)."""
    n = hand.n
    folded = hand.folded
    community = hand.community
    seats = [s for s in range(n) if not folded[s]]
    held = hand.cards
    strengths: list[list[int]] = []
    for share in hand.rules.shares:
        evaluate = share.evaluator.evaluate
        qualifier = share.qualifier if qualified else 0
        row = [0] * n
        if share.cards != "all":  # own cards only, or the Omaha rule (board games)
            for s in seats:
                value = evaluate_cards(share.evaluator, share.cards, held[s], community)
                row[s] = value if value >= qualifier else 0
            strengths.append(row)
            continue
        for s in seats:
            value = evaluate(held[s] + community if community else held[s])
            row[s] = value if value >= qualifier else 0
        strengths.append(row)
    if face_dependent(hand.variant.deck):
        rerank_jokers(hand, strengths, seats)  # a joker dealt face up: the bug
    if hand.plugins is not None:
        hand.plugins.showdown_strengths(strengths)  # wild ranks, plugin-ranked shares
    return strengths


def _unqualified_where_nobody_qualifies(
    hand: Hand, pots: list[Pot], by_pot: list[list[list[int]]]
) -> list[list[list[int]]]:
    """``showdown.if_nobody_qualifies: ignore-qualifiers``: a pot in which no eligible hand
    qualifies for any share is shared as if no share had a qualifier."""
    raw: list[list[int]] | None = None
    out = list(by_pot)
    for index, pot in enumerate(pots):
        rows = by_pot[index]
        if any(row[s] > 0 for row in rows for s in pot.eligible):
            continue
        if raw is None:
            raw = _ranked_strengths(hand, qualified=False)
        out[index] = [list(row) for row in raw]
    return out


def showdown(hand: Hand) -> None:
    """Show or muck the live hands, then award every pot; updates ``hand`` in place."""
    live = [not f for f in hand.folded]
    held = hand.cards
    strengths = _ranked_strengths(hand)
    hand._pots = pots = build_pots(hand.contrib, live, dead=hand.dead)
    plugins = hand.plugins
    # Per pot: the strengths it is awarded with (declarations are judged pot by pot, among
    # the pot's eligible seats); without such a plugin, one table shared by every pot.
    by_pot: list[list[list[int]]]
    if plugins is not None and plugins.adjusts:
        by_pot = [plugins.pot_strengths(strengths, pot.eligible) for pot in pots]
    else:
        by_pot = [strengths] * len(pots)
    # The strengths a hand mucks by: those of the hands shown, with the qualifiers; `raw`,
    # with ignore-qualifiers, the strengths without them, for a pot no hand shown qualifies
    # for (None: such a pot may be chopped among every hand at the showdown).
    judged = by_pot
    raw: list[list[int]] | None = None
    if plugins is None and hand.variant.showdown.if_nobody_qualifies == "ignore-qualifiers":
        by_pot = _unqualified_where_nobody_qualifies(hand, pots, by_pot)
        raw = _ranked_strengths(hand, qualified=False)
    exposed = hand.progress.exposed  # turned up when all-ins closed the betting: shown once
    order = [s for s in hand.shown if live[s]] if exposed else show_order(hand)
    events = hand.events
    shown: list[int] = []
    mucked: list[int] = []
    may_muck = hand.variant.showdown.losers_may_muck and not exposed
    if len(pots) == 1 and len(strengths) == 1:
        # One pot, one share: a hand mucks when it is below the best shown so far.
        row = by_pot[0][0]
        best_shown = -1
        for s in order:
            if may_muck and shown and row[s] < best_shown:
                mucked.append(s)
                events.append(MuckEvent(MUCK, s))
                row[s] = 0
                continue
            shown.append(s)
            if not exposed:
                events.append(_new(ShowEvent, (SHOW, s, tuple(held[s]))))
            if row[s] > best_shown:
                best_shown = row[s]
        _award(hand, pots, by_pot, shown, mucked)
        return
    # Per pot: the best strength shown so far in each share (None: nobody shown yet).
    best: list[list[int] | None] = [None] * len(pots)
    eligible = [pot.eligible for pot in pots]
    for s in order:
        if may_muck and shown and not _can_win(s, eligible, best, judged, shown, raw):
            mucked.append(s)
            events.append(MuckEvent(MUCK, s))
            for rows in by_pot:
                for row in rows:
                    row[s] = 0
            continue
        shown.append(s)
        if not exposed:
            events.append(_new(ShowEvent, (SHOW, s, tuple(held[s]))))
        for index, seats_in in enumerate(eligible):
            if s in seats_in:
                top = best[index]
                mine = [row[s] for row in judged[index]]
                best[index] = (
                    mine if top is None else [max(a, b) for a, b in zip(top, mine, strict=True)]
                )
    _award(hand, pots, by_pot, shown, mucked)


def _award(
    hand: Hand,
    pots: list[Pot],
    by_pot: list[list[list[int]]],
    shown: list[int],
    mucked: list[int],
) -> None:
    """Split the pots among the shown hands and record the awards; ``by_pot[i]`` holds the
    strengths pot ``i`` is awarded with."""
    rules = hand.rules
    events = hand.events
    hand.shown = shown
    if not pots:
        return
    if len(pots) == 1 and len(by_pot[0]) == 1 and hand.plugins is None:
        # The common case: one pot, one share. A single best hand takes it all.
        only = by_pot[0][0]
        strongest = max(only)
        if strongest > 0 and only.count(strongest) == 1:
            winner = only.index(strongest)
            amount = pots[0].amount
            hand.stacks[winner] = hand.stacks[winner] + amount
            share = rules.shares[0]
            record = (winner, amount, 0, share.name, _describe(share.evaluator, strongest))
            hand.awards.append(record)
            events.append(_new(AwardEvent, (AWARD, *record)))
            return
    orders = [odd_chip_order(hand, shown + mucked, share) for share in rules.shares]
    first = by_pot[0]
    # Pots awarded together with one table of strengths, and the index of the first.
    groups: list[tuple[list[Pot], list[list[int]], int]]
    if all(rows is first for rows in by_pot):
        groups = [(pots, first, 0)]
    else:
        groups = [([pot], by_pot[index], index) for index, pot in enumerate(pots)]
    stacks = hand.stacks
    for group, strengths, offset in groups:
        inputs = [
            ShareInput(share.name, share.weight, row, order)
            for share, row, order in zip(rules.shares, strengths, orders, strict=True)
        ]
        payouts, awards = award_pots(group, inputs, odd_chip_share=rules.odd_chip_share)
        for s, amount in enumerate(payouts):
            stacks[s] = stacks[s] + amount
        by_name = {
            share.name: (share, row) for share, row in zip(rules.shares, strengths, strict=True)
        }
        for award in awards:
            found = by_name.get(award.share)
            for seat, amount in zip(award.seats, award.amounts, strict=True):
                if found is not None and found[1][seat] > 0:
                    description = _describe(found[0].evaluator, found[1][seat])
                else:
                    description = ""
                record = (seat, amount, offset + award.pot, award.share, description)
                hand.awards.append(record)
                events.append(_new(AwardEvent, (AWARD, *record)))


_DESCRIPTIONS: Final[dict[tuple[Any, int], str]] = {}


def _describe(evaluator: Any, strength: int) -> str:
    """``evaluator.describe(strength)``, remembered (a showdown's costliest string). The
    key holds the evaluator itself, so an entry never outlives it."""
    key = (evaluator, strength)
    try:
        text = _DESCRIPTIONS.get(key)
    except TypeError:  # an unhashable plugin evaluator
        return str(evaluator.describe(strength))
    if text is None:
        if len(_DESCRIPTIONS) > 200_000:
            _DESCRIPTIONS.clear()
        text = _DESCRIPTIONS[key] = str(evaluator.describe(strength))
    return text


def _can_win(
    seat: int,
    eligible: list[tuple[int, ...]],
    best: list[list[int] | None],
    by_pot: list[list[list[int]]],
    shown: list[int],
    raw: list[list[int]] | None,
) -> bool:
    """Whether ``seat`` could win or tie any share of any pot it is eligible for, against
    the best hands shown so far (``best[pot][share]``, of the ``shown`` seats), with each
    pot's strengths (``by_pot[pot][share][seat]``). A pot no hand shown qualifies for may
    still go to a hand that does not qualify: chopped among every hand at the showdown
    (``raw`` None: ``chop-all``), or, with ``raw`` the strengths without the qualifiers
    (``ignore-qualifiers``), shared by those as if no share had a qualifier, and chopped
    when no hand shown scores even so."""
    for index, seats_in in enumerate(eligible):
        if seat not in seats_in:
            continue
        top = best[index]
        if top is None:
            return True
        for share, row in enumerate(by_pot[index]):
            mine = row[seat]
            if mine > 0 and mine >= top[share]:
                return True
        if any(top):  # a hand shown qualifies: the pot goes to the qualifying hands
            continue
        if raw is None:
            return True
        tops = [max(row[s] for s in shown if s in seats_in) for row in raw]
        if not any(tops):  # nor without them: the pot may be chopped among every hand
            return True
        for row, most in zip(raw, tops, strict=True):
            mine = row[seat]
            if mine > 0 and mine >= most:
                return True
    return False


def odd_chip_order(hand: Hand, show_order: list[int], share: object) -> list[int]:
    """Seats in priority order for a share's odd chips, per ``variant.odd_chips``."""
    chosen = hand.plugins.odd_chip_order(share, show_order) if hand.plugins else None
    if chosen is not None:
        return chosen
    settings = hand.variant.odd_chips
    if settings.method == "first-shown":
        return show_order
    suit_pos = [0, 0, 0, 0]
    for position, suit in enumerate(hand.variant.deck.suit_order):
        suit_pos[int(suit)] = position
    low = settings.method == "low-card-by-suit"

    def key(c: int) -> int:
        if c >= 52:
            return -1
        rank = c >> 2
        if low and rank == 12:
            rank = -1
        return (rank + 1) * 4 + suit_pos[c & 3]

    def seat_key(s: int) -> int:
        cards: Sequence[int] = hand.cards[s]
        if settings.cards == "hand":
            evaluator = share.evaluator  # type: ignore[attr-defined]
            cards = best_cards(
                evaluator, getattr(share, "cards", "all"), hand.cards[s], hand.community
            )
        keys = [key(c) for c in cards if c < 52] or [-1]
        return min(keys) if low else -max(keys)

    return sorted(show_order, key=seat_key)
