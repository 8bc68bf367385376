"""Between the file format and the model: filled file data to :class:`Variant`, and back.

The file puts amounts where a card-room reader expects them (the ante and bring-in under
``forced_bets``, bet sizes under ``betting``); the model keeps them together in
:class:`~studkit.variant.model.Stakes` so ``--stakes`` can replace them in one step.
"""

from __future__ import annotations

from dataclasses import fields
from types import MappingProxyType
from typing import Any, Final, TypeVar

import yaml

from studkit.cards import Rank, Suit
from studkit.variant.amounts import json_amount
from studkit.variant.card_choices import discard_from_data, flip_from_data, street_choices_data
from studkit.variant.model import (
    AMOUNT_FIELDS,
    ActionOrder,
    Betting,
    BringIn,
    DeckExhaustion,
    DeckSpec,
    ForcedBets,
    OddChips,
    PluginRef,
    PotShare,
    Showdown,
    Stakes,
    Street,
    Variant,
)
from studkit.variant.yaml_source import FORMAT_VERSION

__all__ = [
    "data_to_variant", "variant_to_data", "dump_data", "rank_from_data", "rank_to_data",
    "AMOUNT_PATHS",
]

_Section = TypeVar("_Section")

_LETTER_RANKS = {"T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}


def rank_from_data(value: int | str) -> Rank:
    """A rank as the file writes it (``2`` to ``10``, quoted or not, ``T``, ``J``, ``Q``, ``K``,
    ``A``)."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, int):
        return Rank(value - 2)
    return _LETTER_RANKS[value]


def rank_to_data(rank: Rank) -> int | str:
    """A rank as the file writes it: a number up to 10, else its letter."""
    return int(rank) + 2 if rank <= Rank.TEN else rank.char


def _section(kind: type[_Section], data: dict[str, Any]) -> _Section:
    """A section of the model whose settings the file writes under the same names (the file
    may hold other keys beside them: the betting section's amounts)."""
    return kind(**{field.name: data[field.name] for field in fields(kind)})  # type: ignore[arg-type]


def _section_data(section: object) -> dict[str, Any]:
    """A model section's settings as the file writes them, in the model's order."""
    return {field.name: getattr(section, field.name) for field in fields(section)}  # type: ignore[arg-type]


def data_to_variant(data: dict[str, Any], source: str | None = None) -> Variant:
    """Build the model from schema-valid data with every default filled."""
    deck = data["deck"]
    forced = data["forced_bets"]
    bring_in = forced["bring_in"]
    betting = data["betting"]
    return Variant(
        name=data["name"],
        title=data["title"].strip(),
        description=" ".join(data["description"].split()),
        aliases=tuple(data["aliases"]),
        family=data["family"],
        min_players=data["players"]["min"],
        max_players=data["players"]["max"],
        deck=DeckSpec(
            stripped_ranks=tuple(rank_from_data(rank) for rank in deck["stripped_ranks"]),
            jokers=deck["jokers"],
            joker_mode=deck["joker_mode"],
            up_joker_mode=deck["up_joker_mode"],
            turned_up_joker=deck["turned_up_joker"],
            wild_ranks=tuple(rank_from_data(rank) for rank in deck["wild_ranks"]),
            five_of_a_kind=deck["five_of_a_kind"],
            suit_order=tuple(Suit[suit.upper()] for suit in deck["suit_order"]),
        ),
        streets=tuple(
            Street(
                name=street["name"],
                cards=tuple(street["cards"]),
                burn=street["burn"],
                betting=street["betting"],
                bet_size=street["bet_size"],
                board=street["board"],
                discard=discard_from_data(street.get("discard")),
                flip=flip_from_data(street.get("flip")),
            )
            for street in data["streets"]
        ),
        forced_bets=ForcedBets(
            ante=forced["ante"] > 0,
            bring_in=None if bring_in is None else BringIn(
                selector=bring_in["card"],
                ace=bring_in["ace"],
                joker_as=bring_in["joker_as"],
                may_complete=bring_in["may_complete"],
                short_stack=bring_in["short_stack"],
            ),
            blinds=forced["blinds"] is not None,
        ),
        action_order=_section(ActionOrder, data["action_order"]),
        betting=_section(Betting, betting),
        stakes=Stakes.from_amounts({
            "ante": forced["ante"],
            "bring_in": 0 if bring_in is None else bring_in["amount"],
            "small_bet": betting["small_bet"],
            "big_bet": betting["big_bet"],
            "spread_min": betting["spread_min"],
            "spread_max": betting["spread_max"],
            "last_round_max": betting["last_round_max"],
            "small_blind": None if forced["blinds"] is None else forced["blinds"]["small"],
            "big_blind": None if forced["blinds"] is None else forced["blinds"]["big"],
        }),
        pots=tuple(PotShare(**share) for share in data["pots"]),
        odd_chips=_section(OddChips, data["odd_chips"]),
        showdown=_section(Showdown, data["showdown"]),
        deck_exhaustion=_section(DeckExhaustion, data["deck_exhaustion"]),
        plugins=tuple(
            PluginRef(plugin["name"], MappingProxyType(dict(plugin["options"])))
            for plugin in data["plugins"]
        ),
        source=source,
    )


def variant_to_data(variant: Variant) -> dict[str, Any]:
    """The complete file data for ``variant`` (every key, in the schema's order)."""
    stakes = _amounts_data(variant.stakes)
    bring_in = variant.forced_bets.bring_in
    betting = variant.betting
    deck = variant.deck
    return {
        "studkit": FORMAT_VERSION,
        "name": variant.name,
        "title": variant.title,
        "description": variant.description,
        "aliases": list(variant.aliases),
        "family": variant.family,
        "players": {"min": variant.min_players, "max": variant.max_players},
        "deck": {
            "stripped_ranks": [rank_to_data(rank) for rank in deck.stripped_ranks],
            "jokers": deck.jokers,
            "joker_mode": deck.joker_mode,
            "up_joker_mode": deck.up_joker_mode,
            "turned_up_joker": deck.turned_up_joker,
            "wild_ranks": [rank_to_data(rank) for rank in deck.wild_ranks],
            "five_of_a_kind": deck.five_of_a_kind,
            "suit_order": [Suit(suit).name.lower() for suit in deck.suit_order],
        },
        "streets": [
            {
                "name": street.name,
                "cards": list(street.cards),
                "burn": street.burn,
                "betting": street.betting,
                "bet_size": street.bet_size,
                "board": street.board,
                **street_choices_data(street),
            }
            for street in variant.streets
        ],
        "forced_bets": {
            "ante": stakes["ante"] if variant.forced_bets.ante else 0,
            "bring_in": None if bring_in is None else {
                "amount": stakes["bring_in"],
                "card": bring_in.selector,
                "ace": bring_in.ace,
                "joker_as": bring_in.joker_as,
                "may_complete": bring_in.may_complete,
                "short_stack": bring_in.short_stack,
            },
            "blinds": None if not variant.forced_bets.blinds else {
                "small": stakes["small_blind"], "big": stakes["big_blind"],
            },
        },
        "action_order": _section_data(variant.action_order),
        "betting": {
            "structure": betting.structure,
            "small_bet": stakes["small_bet"],
            "big_bet": stakes["big_bet"],
            "spread_min": stakes["spread_min"],
            "spread_max": stakes["spread_max"],
            "last_round_max": stakes["last_round_max"],
            **_section_data(betting),
        },
        "pots": [
            {
                "name": share.name,
                "evaluator": share.evaluator,
                "weight": share.weight,
                "qualifier": share.qualifier,
                "if_unqualified": share.if_unqualified,
                "cards": share.cards,
            }
            for share in variant.pots
        ],
        "odd_chips": _section_data(variant.odd_chips),
        "showdown": _section_data(variant.showdown),
        "deck_exhaustion": _section_data(variant.deck_exhaustion),
        "plugins": [
            {"name": plugin.name, "options": dict(plugin.options)} for plugin in variant.plugins
        ],
    }


AMOUNT_PATHS: Final = (
    "forced_bets.ante", "forced_bets.bring_in.amount", "forced_bets.blinds.small",
    "forced_bets.blinds.big", "betting.small_bet", "betting.big_bet", "betting.spread_min",
    "betting.spread_max", "betting.last_round_max",
)
"""Where a variant file writes the table's amounts (as the player writes them: ``0.25``),
by their dotted paths."""


def _amounts_data(stakes: Stakes) -> dict[str, int | float | None]:
    """The amounts as a file writes them: ints when whole, else decimals (``0.25``)."""
    return {
        name: None if units is None else json_amount(units, stakes.scale)
        for name in AMOUNT_FIELDS
        for units in (getattr(stakes, name),)
    }


class _Dumper(yaml.SafeDumper):
    """Block style for structure, flow style for short lists of plain values."""


def _flat(item: object) -> bool:
    """A mapping of plain values and short lists: written on one line."""
    return isinstance(item, dict) and all(
        not isinstance(value, dict)
        and (not isinstance(value, list) or all(not isinstance(v, (dict, list)) for v in value))
        for value in item.values()
    )


def _represent_list(dumper: yaml.SafeDumper, value: list[Any]) -> yaml.Node:
    flow = all(not isinstance(item, (dict, list)) for item in value)
    if flow or not all(_flat(item) for item in value):
        return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)
    items: list[yaml.Node] = [
        dumper.represent_mapping("tag:yaml.org,2002:map", item, flow_style=True)
        for item in value
    ]
    return yaml.SequenceNode("tag:yaml.org,2002:seq", items, flow_style=False)


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.Node:
    style = ">" if len(value) > 80 and "\n" not in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(list, _represent_list)
_Dumper.add_representer(str, _represent_str)


def dump_data(data: dict[str, Any]) -> str:
    """File data as YAML text, keys in the given order."""
    text: str = yaml.dump(
        data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=96, indent=2
    )
    return text
