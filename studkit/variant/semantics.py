"""Checks a variant file must pass beyond its schema: rules that are each valid alone but do
not make a playable game together (a bring-in as big as the small bet, an open-pair street
that does not exist, more cards than the deck holds with no policy for running out, ...).

The checks read the schema-valid data with defaults filled in and return located problems.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from studkit.cards import RANK_CHARS
from studkit.errors import EvaluatorError, PluginError
from studkit.evaluation import (
    EVALUATOR_NAMES,
    SHOWING_EVALUATOR_NAMES,
    TABLE_EVALUATOR_NAMES,
    get_evaluator,
    get_table_evaluator,
    group_qualifier,
)
from studkit.evaluation.rankings import CATEGORY_SHIFT, HCAT, Ranking
from studkit.variant import board_checks as bc, card_choice_checks as choices, joker_checks as jc
from studkit.variant.amount_checks import check_stakes
from studkit.variant.schema import locate, one_of_text, path_text, suggest
from studkit.variant.yaml_source import Located, Location, Problem

__all__ = [
    "evaluator_names",
    "SHOWING_EVALUATORS",
    "semantic_problems",
    "stakes_problems",
    "deck_size",
    "best_distinct_category",
]

SHOWING_EVALUATORS: tuple[str, ...] = SHOWING_EVALUATOR_NAMES
"""Evaluators that can rank partial boards for the order of action."""


PLAIN_FACES: frozenset[str] = frozenset(("up", "down", "up-unless-all-exposed"))
"""Card faces the engine deals by itself; any other face needs a plugin that decides it (a
plugin module lists the faces it decides in ``CARD_FACES``)."""


def _category_key(text: str) -> str:
    """A qualifier as the evaluators name categories (``10-low`` is ``T-low``)."""
    key = text.strip().replace(" ", "-").lower()
    if key.endswith("-low"):
        head = key[:-4].upper()
        key = ("T" if head == "10" else head) + "-low"
    return key



def evaluator_names() -> tuple[str, ...]:
    """The built-in pot evaluators (:data:`studkit.evaluation.EVALUATOR_NAMES`)."""
    return EVALUATOR_NAMES


def deck_size(deck: dict[str, Any]) -> int:
    """How many cards a (filled) ``deck`` mapping holds."""
    stripped = {str(rank) for rank in deck["stripped_ranks"]}
    stripped = {"10" if rank == "T" else rank for rank in stripped}
    return 4 * (13 - len(stripped)) + int(deck["jokers"])


KeyPath = tuple[str | int, ...]


class _Checker:
    def __init__(self, root: Located, data: dict[str, Any]) -> None:
        self.root = root
        self.data = data
        self.problems: list[Problem] = []
        self.face_deciders: Callable[[str], Sequence[str]] | None = None

    def add(self, path: KeyPath, message: str, *also: KeyPath) -> None:
        """A problem with the value at ``path``; ``also``: the other values it depends on.

        When ``path``'s value is inherited (from an ``extends`` parent) and one of ``also`` is
        written in the file being loaded, that file's value made the problem: it is reported
        there, naming the inherited value and where it comes from.
        """
        where = locate(self.root, path)
        own = self.root.location.file
        mine = [other for other in also if locate(self.root, other).file == own]
        if where.file != own and mine:
            parent = f"{Path(where.file).name}:{where.line}"
            message = (f"{_value_text(self.data, mine[0])} clashes with the inherited "
                       f"{path_text(path, self.data)}: {_value_text(self.data, path)} "
                       f"({parent}): {message}")
            path = mine[0]
            where = locate(self.root, path)
        self.problems.append(
            Problem(where.file, where.line, where.column, path_text(path, self.data), message)
        )


def _value_text(data: Any, path: KeyPath) -> str:
    """A value at ``path`` as it would be written in the file (``'no-limit'``, ``8``, ...)."""
    for step in path:
        data = data[step]
    return one_of_text([data]) if not isinstance(data, (dict, list)) else "the value set"


OptionProblems = Callable[[str, dict[str, Any]], list[tuple[tuple[str | int, ...], str]]]
"""A plugin's options check: ``(name, options)`` to ``(key path, message)`` pairs."""


def semantic_problems(
    root: Located,
    data: dict[str, Any],
    find_plugin: Callable[[str], object],
    option_problems: OptionProblems | None = None,
    face_deciders: Callable[[str], Sequence[str]] | None = None,
) -> list[Problem]:
    """Every semantic problem in filled, schema-valid ``data`` (located via ``root``).

    ``find_plugin(name)`` raises :class:`PluginError` for a plugin that is not installed;
    ``option_problems`` checks an installed plugin's options against its own schema;
    ``face_deciders(face)`` names the plugins that decide cards of a face other than up and
    down (without it such cards are not checked).
    """
    checker = _Checker(root, data)
    checker.face_deciders = face_deciders
    for check in _CHECKS:
        check(checker)
    _check_plugins(checker, find_plugin, option_problems)
    checker.problems.extend(stakes_problems(data, root))
    checker.problems.sort(key=lambda problem: (problem.file, problem.line, problem.column))
    return checker.problems


def _check_identity(c: _Checker) -> None:
    for index, alias in enumerate(c.data["aliases"]):
        if alias == c.data["name"]:
            c.add(("aliases", index), f"alias {alias!r} is the variant's own name")


def _check_players(c: _Checker) -> None:
    players = c.data["players"]
    if players["min"] > players["max"]:
        c.add(("players", "min"), f"min {players['min']} is more than max {players['max']}",
              ("players", "max"))


def _check_streets(c: _Checker) -> None:
    streets = c.data["streets"]
    seen: dict[str, int] = {}
    for index, street in enumerate(streets):
        if street["name"] in seen:
            first = seen[street["name"]]
            c.add(("streets", index, "name"),
                  f"street {street['name']!r} is named twice (also streets[{first}])")
        seen.setdefault(street["name"], index)
        plugins = {plugin["name"] for plugin in c.data["plugins"]}
        for card_index, face in enumerate(street["cards"]):
            if face in PLAIN_FACES or c.face_deciders is None:
                continue
            deciders = c.face_deciders(face)
            if not plugins.intersection(deciders):
                which = " or ".join(repr(name) for name in deciders) or "a"
                c.add(("streets", index, "cards", card_index),
                      f"{face!r} cards need the {which} plugin; add it under 'plugins'")
    held = choices.held_cards(streets)
    if held > bc.MAX_RANKED_CARDS:
        c.add(("streets",), f"players end with {held} cards; hands are ranked from at most "
              f"{bc.MAX_RANKED_CARDS}")
    for path, message in choices.card_choice_problems(c.data):
        c.add(path, message)
    if not any(street["betting"] for street in streets):
        c.add(("streets",), "no street has a betting round")


def _check_deck(c: _Checker) -> None:
    deck = c.data["deck"]
    for key in ("stripped_ranks", "wild_ranks"):
        spelled: dict[str, object] = {}
        for index, rank in enumerate(deck[key]):
            first = spelled.setdefault(_rank_key(rank), rank)
            if first != rank:  # the same rank spelled twice ([10, T], [2, '2'])
                c.add(("deck", key, index), f"{rank!r} is the rank {first!r} again: listed twice")
    stripped = {_rank_key(rank) for rank in deck["stripped_ranks"]}
    for index, rank in enumerate(deck["wild_ranks"]):
        if _rank_key(rank) in stripped:
            c.add(("deck", "wild_ranks", index),
                  f"rank {rank!r} is wild but stripped from the deck", ("deck", "stripped_ranks"))
    # A five-card hand needs five ranks (straights, lows); a game of smaller hands (a toy
    # game for solvers, say) needs as many ranks as a hand holds cards, and two at least.
    held = sum(len(street["cards"]) for street in c.data["streets"])
    ranks = min(5, max(2, held))
    if 13 - len(stripped) < ranks:
        c.add(("deck", "stripped_ranks"),
              f"strips {len(stripped)} ranks; at least {ranks} ranks must stay in the deck")
    size = deck_size(deck)
    max_players = c.data["players"]["max"]
    streets = c.data["streets"]
    first = streets[0]
    first_needs = len(first["cards"]) * max_players + int(first["burn"])
    if first_needs > size:
        c.add(("players", "max"),
              f"{max_players} players need {first_needs} cards on {first['name']} street "
              f"but the deck holds {size}", ("deck", "stripped_ranks"), ("streets",))
        return
    per_player = sum(len(street["cards"]) for street in streets)
    burns = sum(bool(street["burn"]) for street in streets)
    needed = per_player * max_players + burns
    exhaustion = c.data["deck_exhaustion"]
    if needed > size and not exhaustion["community_card"]:
        # Folded cards help only when someone folds; recycled burns give back all but one.
        burned = min(burns, 1) if exhaustion["reshuffle_burns"] else burns
        if per_player * max_players + burned > size:
            shortage = (
                f"{max_players} players staying to the end need {needed} cards "
                f"({per_player} each and {burns} burns) but the deck holds {size}"
            )
            if per_player * max_players + min(burns, 1) > size:
                remedy = ("only a community card finishes the deal when nobody folds; set "
                          "community_card: true or lower players.max")
            else:
                remedy = ("with nobody folding only recycled burns or a community card finish "
                          "the deal; set reshuffle_burns or community_card to true")
            policies = ("community_card", "reshuffle_burns", "reuse_folded")
            causes = (("players", "max"), ("streets",), ("deck", "stripped_ranks"))
            if any(exhaustion[policy] for policy in policies):
                c.add(("deck_exhaustion", "community_card"), f"{shortage}; {remedy}", *causes)
            else:
                c.add(("deck_exhaustion",), f"{shortage}; {remedy}", *causes)
    if exhaustion["community_first_actor"] != "board" and not exhaustion["community_card"]:
        c.add(("deck_exhaustion", "community_first_actor"),
              "only applies with a community card, and community_card is false")


def _rank_key(rank: object) -> str:
    text = str(rank)
    return "10" if text == "T" else text


_EVALUATOR_NICKNAMES = {
    "low": "a5-low", "lo": "a5-low", "razz": "a5-low", "ace-to-five": "a5-low",
    "a-5": "a5-low", "a-5-low": "a5-low", "hi": "high", "8-or-better": "eight-or-better",
    "8ob": "eight-or-better", "eight": "eight-or-better", "deuce-to-seven": "2-7-low",
    "27-low": "2-7-low", "ace-to-six": "a6-low", "a-6": "a6-low", "a-6-low": "a6-low",
}
"""What players call an evaluator, where its name is not the closest spelling ('low' is
ace-to-five low, as in razz and stud/8, not ``a6-low``)."""


def _suggest_evaluator(word: str, names: tuple[str, ...]) -> str:
    meant = _EVALUATOR_NICKNAMES.get(word.strip().lower().replace(" ", "-"))
    return f" (did you mean {meant!r}?)" if meant in names else suggest(word, names)


def _check_action_order(c: _Checker) -> None:
    evaluator = c.data["action_order"]["evaluator"]
    if evaluator not in SHOWING_EVALUATORS:
        c.add(("action_order", "evaluator"),
              f"{evaluator!r} is not one of {one_of_text(SHOWING_EVALUATORS)}"
              + _suggest_evaluator(evaluator, SHOWING_EVALUATORS))


def _check_open_pair(c: _Checker) -> None:
    betting = c.data["betting"]
    street_name = betting["open_pair_street"]
    if street_name is None:
        return
    path = ("betting", "open_pair_street")
    names = [street["name"] for street in c.data["streets"]]
    if street_name not in names:
        c.add(path, f"no street is named {street_name!r}; streets: {one_of_text(names)}"
              + suggest(street_name, names))
        return
    if betting["structure"] != "fixed-limit":
        c.add(path, f"the open-pair option is a limit rule; in {betting['structure']} set "
              "betting.open_pair_street: null", ("betting", "structure"))
        return
    up_cards = 0
    for street in c.data["streets"]:
        up_cards += choices.shown_cards(street)
        if street["name"] == street_name:
            break
    street = c.data["streets"][names.index(street_name)]
    if up_cards < 2:
        c.add(path, f"players hold {up_cards} up card{'s' if up_cards != 1 else ''} on "
              f"{street_name} street; an open pair needs two", ("streets",))
    elif not street["betting"]:
        c.add(path, f"{street_name} street has no betting round", ("streets",))
    elif street["bet_size"] != "small":
        c.add(path, f"{street_name} street already bets the big bet; the open-pair option "
              "only matters on a small-bet street", ("streets",))


def _check_pots(c: _Checker) -> None:
    pots = c.data["pots"]
    plugin_names = [plugin["name"] for plugin in c.data["plugins"]]
    builtin = evaluator_names()
    seen: set[str] = set()
    for index, share in enumerate(pots):
        if share["name"] in seen:
            c.add(("pots", index, "name"), f"share {share['name']!r} is listed twice")
        seen.add(share["name"])
        evaluator = share["evaluator"]
        from_plugin = any(
            evaluator == name or evaluator.startswith(name + "-") for name in plugin_names
        )
        if evaluator not in builtin and not from_plugin:
            message = f"unknown evaluator {evaluator!r}; built-in: {one_of_text(builtin)}"
            c.add(("pots", index, "evaluator"), message + _suggest_evaluator(evaluator, builtin))
            continue
        qualifier = share["qualifier"]
        if qualifier is None or from_plugin:
            continue
        categories = [
            name for name in get_evaluator(evaluator).categories if name != "no-low"
        ]
        if _category_key(qualifier) not in categories and not group_qualifier(evaluator,
                                                                             qualifier):
            c.add(("pots", index, "qualifier"),
                  f"{qualifier!r} is not a category of {evaluator!r}: "
                  f"{one_of_text(categories)}" + suggest(qualifier, categories))
    for share in pots:
        found = _unwinnable(c.data, share)
        if found is not None:
            c.add(*found)
    if len(pots) == 1 and pots[0]["qualifier"] is not None:
        c.add(("pots", 0, "qualifier"),
              "the only share has a qualifier: with no qualifying hand nobody could win the pot")
    side = c.data["odd_chips"]["hi_lo_side"]
    names = [share["name"] for share in pots]
    if side is not None and side not in names:
        c.add(("odd_chips", "hi_lo_side"),
              f"no pot share is named {side!r}; shares: {one_of_text(names)}"
              + suggest(side, names), ("pots",))


def _unwinnable(
    data: dict[str, Any], share: dict[str, Any]
) -> tuple[tuple[str, ...], str] | None:
    """Where and why no hand a player can hold wins ``share`` (a low that needs five cards
    in a four-card game, an 8-low qualifier in a deck stripped of the low ranks), or None.

    Exact for a built-in evaluator without wild cards: every set of distinct ranks the deck
    holds, five at most (more never makes a better low), is ranked and the best compared
    with the qualifier. Games with wild cards or jokers, and plugin evaluators, are not
    judged. The problem is put at the streets when too few cards are the cause, else at the
    stripped ranks."""
    deck = data["deck"]
    if share["evaluator"] not in TABLE_EVALUATOR_NAMES or deck["wild_ranks"] or deck["jokers"]:
        return None
    held = bc.share_held(data, share)
    if not 1 <= held <= bc.MAX_RANKED_CARDS:
        return None  # reported by the street checks
    evaluator = get_table_evaluator(share["evaluator"])
    qualifier = share["qualifier"]
    try:
        needed = 1 if qualifier is None else evaluator.qualifier(qualifier) >> CATEGORY_SHIFT
    except EvaluatorError:
        return None  # not a category of the evaluator: reported with the share
    stripped = {"10" if str(r) == "T" else str(r) for r in deck["stripped_ranks"]}
    every = list(range(len(RANK_CHARS)))
    kept = [i for i in every if ("10" if RANK_CHARS[i] == "T" else RANK_CHARS[i]) not in stripped]
    ranking = evaluator.ranking
    if best_distinct_category(ranking, kept, held) >= needed:
        return None
    wins = f"ranks under {share['evaluator']!r}" if qualifier is None else (
        f"qualifies as {qualifier!r}"
    )
    never = f"the {share['name']!r} share could never be won"
    if best_distinct_category(ranking, every, held) < needed:
        return ("streets",), (
            f"players end with {held} cards and no {held}-card hand {wins}: {never}"
        )
    ranks = ", ".join(sorted(stripped, key=_rank_order))
    return ("deck", "stripped_ranks"), f"with {ranks} stripped no hand {wins}: {never}"


def best_distinct_category(ranking: Ranking, ranks: Sequence[int], held: int) -> int:
    """The best category number (``strength >> 20``; 0: no hand qualifies) that ``held``
    cards of distinct ``ranks`` (rank indexes, deuce 0 to ace 12) make under ``ranking``, in
    four suits dealt round (so never a flush); five cards at most count.

    Worked out from the ranking's rules rather than by ranking every choice, so that loading
    a variant builds no evaluator tables (tests compare it with the evaluator on every
    ranking, hand size and many rank sets).
    """
    size = min(held, 5, len(ranks))
    if size == 0:
        return 0
    order = ranking.order
    positions = sorted(order.index(rank) for rank in set(ranks))
    lowest = positions[:size]
    if not ranking.low:
        straight = size == 5 and ranking.straights and (
            any(positions[i + 4] - positions[i] == 4 for i in range(len(positions) - 4))
            or (ranking.wheel and {12, 0, 1, 2, 3} <= set(ranks))
        )
        return HCAT["straight"] if straight else HCAT["high-card"]
    top = lowest[-1]
    if ranking.qualify_top is not None:
        return _low_category(ranking, top) if size == 5 and top <= ranking.qualify_top else 0
    if size == 5 and ranking.straights and top - lowest[0] == 4:
        # the five lowest make a straight: the best low swaps their top for the next rank
        if len(positions) == 5:
            return len(ranking.low_categories) - ranking.low_categories.index("straight")
        top = positions[5]
    return _low_category(ranking, top)


def _low_category(ranking: Ranking, top: int) -> int:
    """The category number of an unpaired low whose top card is at order position ``top``."""
    return len(ranking.low_categories) - top


def _rank_order(rank: str) -> int:
    return RANK_CHARS.index("T" if rank == "10" else rank)


def _check_plugins(
    c: _Checker, find_plugin: Callable[[str], object], option_problems: OptionProblems | None
) -> None:
    seen: set[str] = set()
    for index, plugin in enumerate(c.data["plugins"]):
        name = plugin["name"]
        if name in seen:
            c.add(("plugins", index, "name"), f"plugin {name!r} is listed twice")
            continue
        seen.add(name)
        try:
            find_plugin(name)
            found = option_problems(name, plugin["options"]) if option_problems else []
        except PluginError as error:
            c.add(("plugins", index, "name"), str(error))
            continue
        for path, message in found:
            c.add(("plugins", index, "options", *path), message)


def stakes_problems(data: dict[str, Any], root: Located | None = None) -> list[Problem]:
    """Problems with the amounts alone (also used for ``--stakes`` overrides). Amounts are
    compared and quoted as the player writes them (``0.25``), never in the engine's units."""
    checker = _Checker(root if root is not None else Located({}, _NOWHERE), data)
    check_stakes(checker)
    return checker.problems


_NOWHERE = Location("--stakes", 1, 1)


_CHECKS: tuple[Callable[[_Checker], None], ...] = (
    _check_identity,
    _check_players,
    _check_streets,
    _check_deck,
    _check_action_order,
    _check_open_pair,
    _check_pots,
    *bc.BOARD_CHECKS,
    *jc.JOKER_CHECKS,
)
