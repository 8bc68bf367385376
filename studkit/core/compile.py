"""The compile step: a variant at its stakes, as the numbers the rules core reads.

:func:`core_rules` fills every field of the core's ``rules.h`` from a
:class:`~studkit.variant.model.Variant` and :class:`~studkit.variant.model.Stakes`; the
engine (:func:`studkit.engine.rules.compile_rules`) and the batch kernel both take their
:class:`~studkit.core.Rules` from here.

Each field of ``rules.h`` names the model setting it comes from (:data:`SETTINGS`, read from
:data:`studkit.core.RULES_FIELDS`): the setting itself (``showdown.losers_may_muck``), whether
it has one value (``odd_chips.cards == hand``) or its place in a list of values
(``betting.structure: fixed-limit | spread-limit | pot-limit | no-limit``). Those are filled
here without being named, so a new rule switch is a line of ``rules.h`` and the core's code
that reads it; only the fields worked out from several settings or from the stakes are
computed by name below.

>>> from studkit.variant.model import Variant
>>> rules = core_rules(Variant(name="stud"))
>>> rules.ante, rules.bring_in, rules.big_bet, rules.streets
(1, 2, 10, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from studkit.cards import CARDS, Rank
from studkit.core import RULES_FIELDS, SEATS, Rules
from studkit.errors import VariantError
from studkit.variant.model import ROLLED, Stakes, Street, Variant

__all__ = [
    "core_rules", "tie_keys", "force_keys", "Setting", "SETTINGS", "STRUCTURES", "STREETS_MOST",
    "DISCARD_WHEN",
]


class Setting(NamedTuple):
    """Where a rules field comes from: a model setting, read one of three ways."""

    path: tuple[str, ...]
    """The attributes from the variant to the setting (``("showdown", "losers_may_muck")``)."""
    equals: str | None = None
    """``path == equals``: 1 when the setting is this value."""
    codes: tuple[str, ...] = ()
    """``path: a | b | c``: the setting's place among these values."""

    def value(self, variant: Variant) -> int:
        """The field's number for ``variant`` (0 under a section it does not have)."""
        found: object = variant
        for name in self.path:
            if found is None:
                return 0
            found = getattr(found, name)
        if self.equals is not None:
            return int(found == self.equals)
        if self.codes:
            if found not in self.codes:
                raise VariantError(
                    f"{variant.name}: {'.'.join(self.path)} {found!r} is not one of "
                    f"{sorted(self.codes)}"
                )
            return self.codes.index(str(found))
        if found is None:
            return 0
        if not isinstance(found, (bool, int)):
            raise TypeError(f"rules.h: {'.'.join(self.path)} is not a number or yes/no")
        return int(found)


def _setting(text: str) -> Setting:
    """A ``from`` of ``rules.h``: ``a.b``, ``a.b == value`` or ``a.b: x | y | z``."""
    if "==" in text:
        where, _, value = text.partition("==")
        return Setting(tuple(where.strip().split(".")), equals=value.strip())
    where, _, values = text.partition(":")
    return Setting(
        tuple(where.strip().split(".")),
        codes=tuple(v.strip() for v in values.split("|")) if values else (),
    )


SETTINGS: Final[dict[str, Setting]] = {
    name: _setting(source) for name, _length, _offset, _item, source in RULES_FIELDS if source
}
"""The rules fields filled straight from a model setting, by field name (``rules.h``)."""
STRUCTURES: Final[dict[str, int]] = {
    name: code for code, name in enumerate(SETTINGS["structure"].codes)
}
"""``betting.structure`` by the core's code."""
STREETS_MOST: Final = 12
"""The most streets the core plays (rules.h's SK_STREETS)."""
_CARDS_MOST: Final = 32
"""The most cards the core holds for one seat (hand.h's SK_CARDS)."""


def tie_keys(variant: Variant) -> tuple[int, ...]:
    """Per card (0-53): its rank, then its suit in the deck's suit order (the ace low when the
    bring-in plays it low); -1 for a joker. Ties of boards by suit compare these."""
    suit_pos = _suit_positions(variant)
    bring = variant.forced_bets.bring_in
    ace_low = bring is not None and bring.ace == "low"
    keys: list[int] = []
    for c in CARDS:
        if c >= 52:
            keys.append(-1)
            continue
        rank = c >> 2
        rank_value = -1 if ace_low and rank == Rank.ACE else rank
        keys.append((rank_value + 1) * 4 + suit_pos[c & 3])
    return tuple(keys)


def force_keys(variant: Variant, tie_key: Sequence[int], bring_in_amount: int) -> tuple[int, ...]:
    """Per card (0-53): larger is forced to bring in first; -1 never.

    Natural cards in rank then suit order (``tie_key``); a face-up joker, and with
    ``wild_up_cards: wild`` a card of a wild rank, as ``bring_in.joker_as`` ranks it: an ace
    beyond the natural aces (above them with the ace high, below them with the ace low), or
    below every natural card."""
    bring = variant.forced_bets.bring_in
    if bring is None or bring_in_amount <= 0:
        return tuple(-1 for _ in CARDS)
    wild_ranks = (
        {int(r) for r in variant.deck.wild_ranks}
        if variant.action_order.wild_up_cards == "wild" else set()
    )
    top = bring.ace == "high"
    positions: list[int] = []
    for c in CARDS:
        if c >= 52:
            beyond = top if bring.joker_as == "ace" else False
        elif c >> 2 in wild_ranks:
            beyond = top
        else:
            positions.append(2 * tie_key[c] + 2)  # 2 (the lowest natural) to 112
            continue
        positions.append(114 if beyond else 0)
    if bring.selector == "lowest":
        return tuple(200 - p for p in positions)
    return tuple(positions)


def _suit_positions(variant: Variant) -> list[int]:
    positions = [0, 0, 0, 0]
    for position, suit in enumerate(variant.deck.suit_order):
        positions[int(suit)] = position
    return positions


DISCARD_WHEN: Final = ("before-deal", "after-deal", "after-betting")
"""``discard.when`` by the core's code (rules.h's SK_DISCARD_*)."""


def _hidden(street: Street) -> int:
    """Which of the street's card decisions all players make before any is shown: bit 0 its
    flip, bit 1 its discard."""
    flip, discard = street.flip, street.discard
    return int(flip is not None and flip.simultaneous) | (
        int(discard is not None and discard.simultaneous) << 1
    )


def _mask(flags: Sequence[bool]) -> int:
    return sum(1 << k for k, flag in enumerate(flags) if flag)


def core_rules(
    variant: Variant, stakes: Stakes | None = None, *, hooks: bool = False,
    qualifiers: Sequence[int] = (),
) -> Rules:
    """The rules core's numbers for ``variant`` at ``stakes`` (default: its own); ``hooks``:
    a plugin acts, so the hand stops at the hook phases; ``qualifiers``: each pot share's
    least qualifying strength in its evaluator's numbers (0 or none: any hand)."""
    stakes = variant.stakes if stakes is None else stakes
    streets = variant.streets
    if not streets:
        raise VariantError(f"{variant.name}: a variant needs at least one street")
    if len(streets) > STREETS_MOST:
        raise VariantError(
            f"{variant.name}: {len(streets)} streets; studkit plays at most {STREETS_MOST}"
        )
    if variant.cards_dealt_per_player > _CARDS_MOST:
        raise VariantError(
            f"{variant.name}: {variant.cards_dealt_per_player} cards a player; studkit plays "
            f"at most {_CARDS_MOST}"
        )
    if variant.max_players > SEATS:
        raise VariantError(
            f"{variant.name}: {variant.max_players} players; studkit seats at most {SEATS}"
        )
    settings = {name: setting.value(variant) for name, setting in SETTINGS.items()}
    structure = settings["structure"]
    names = [share.name for share in variant.pots]
    side = variant.odd_chips.hi_lo_side
    if side is not None and side not in names:
        raise VariantError(
            f"{variant.name}: odd_chips.hi_lo_side {side!r} is not a pot share ({names})"
        )
    bring = variant.forced_bets.bring_in
    bring_in = stakes.bring_in if bring is not None and stakes.bring_in > 0 else 0
    betting_streets = [i for i, street in enumerate(streets) if street.betting]
    last_betting = betting_streets[-1] if betting_streets else -1
    spread_max = stakes.spread_max if stakes.spread_max is not None else stakes.big_bet
    last_max = stakes.last_round_max if stakes.last_round_max is not None else spread_max
    order = variant.action_order
    first_by_seat = order.first_round == "position"
    later_by_seat = order.later_rounds == "position"
    tie_key = tie_keys(variant)
    completes = structure in (0, 1)
    return Rules(
        **settings,
        ante=stakes.ante if variant.forced_bets.ante else 0,
        bring_in=bring_in,
        small_blind=(stakes.small_blind or 0) if variant.forced_bets.blinds else 0,
        big_blind=(stakes.big_blind or 0) if variant.forced_bets.blinds else 0,
        bring_in_partial=bring is not None and bring.short_stack in ("partial", "partial-call"),
        force_key=force_keys(variant, tie_key, stakes.bring_in),
        completes=completes,
        big_bet=stakes.big_bet,
        min_open=bring_in if bring_in else stakes.small_bet,
        round_min=stakes.spread_min if stakes.spread_min is not None else stakes.small_bet,
        max_raises=(
            variant.betting.max_raises
            if completes and variant.betting.max_raises is not None else -1
        ),
        tie_key=tie_key,
        streets=len(streets),
        street_rounds=[len(street.cards) for street in streets],
        street_faces=[_mask([face == "up" for face in street.cards]) for street in streets],
        street_rolled=[_mask([face == ROLLED for face in street.cards]) for street in streets],
        street_burn=[street.burn for street in streets],
        street_board=[street.board for street in streets],
        street_betting=[street.betting for street in streets],
        street_faces_up=[
            any(face != "down" for face in street.cards) or street.board > 0
            for street in streets
        ],
        street_by_position=[
            (first_by_seat if i == 0 else later_by_seat) for i in range(len(streets))
        ],
        street_open_pair=[variant.betting.open_pair_street == street.name for street in streets],
        street_size=[
            stakes.big_bet if street.bet_size == "big" else stakes.small_bet for street in streets
        ],
        street_round_max=[
            last_max if i == last_betting else spread_max for i in range(len(streets))
        ],
        street_flip=[street.flip.count if street.flip else 0 for street in streets],
        street_flip_optional=[bool(street.flip and street.flip.optional) for street in streets],
        street_discard=[street.discard.count if street.discard else 0 for street in streets],
        street_discard_when=[
            DISCARD_WHEN.index(street.discard.when) if street.discard else 0
            for street in streets
        ],
        street_discard_any=[
            bool(street.discard and street.discard.source == "any") for street in streets
        ],
        street_choices_hidden=[_hidden(street) for street in streets],
        street_choice=[street.cards.count("choice") for street in streets],
        shares=len(variant.pots),
        share_weight=[share.weight for share in variant.pots],
        share_qualifier=list(qualifiers),
        odd_chip_share=names.index(side) if side is not None else 0,
        suit_pos=_suit_positions(variant),
        hooks=hooks,
    )
