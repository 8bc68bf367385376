"""``studkit odds``: exact frequency of every hand category over all K-card hands."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from studkit.errors import EvaluatorError

if TYPE_CHECKING:
    from studkit.evaluation import WildCards
    from studkit.evaluation.odds import OddsTable
    from studkit.hooks.registry import PluginRegistry
    from studkit.variant.model import Variant

__all__ = ["register", "run", "OddsRequest", "resolve_target", "TARGET_RESOLVERS"]


@dataclass(frozen=True)
class OddsRequest:
    """What to enumerate: evaluator names (a variant's pots), deck and wild cards."""

    evaluators: tuple[str, ...]
    cards: int | None = None
    """Hand size; None: the command's default (7)."""
    jokers: int = 0
    wild_ranks: frozenset[int] = frozenset()
    joker_rule: str = "wild"
    five_of_a_kind: bool = True
    stripped_ranks: frozenset[int] = frozenset()
    source: str | None = None
    """The variant the request came from, if any."""


SPECIAL_DEFAULTS: dict[str, tuple[int, frozenset[int]]] = {
    "badugi": (4, frozenset()),
    "badugi-ace-high": (4, frozenset()),
    "soko": (5, frozenset()),
    "mexican-high": (5, frozenset({6, 7, 8})),
    "two-card-high": (2, frozenset()),
    "two-card-a5": (2, frozenset()),
}
"""Special evaluators' hand size and stripped ranks when named alone (the games' own: a
badugi of four cards, soko's five, the 40 natural cards of the Mexican deck, two cards)."""


def _evaluator_target(target: str, registry: PluginRegistry | None) -> OddsRequest | None:
    from studkit.evaluation import EVALUATOR_NAMES

    if target not in EVALUATOR_NAMES:
        return None
    cards, stripped = SPECIAL_DEFAULTS.get(target, (None, frozenset()))
    return OddsRequest((target,), cards=cards, stripped_ranks=stripped)


def _variant_target(target: str, registry: PluginRegistry | None) -> OddsRequest | None:
    """A variant name, alias or file: its pots' evaluators, deck, wild cards and hand size
    (its plugins found through ``registry``)."""
    from studkit.errors import VariantError
    from studkit.evaluation import EVALUATOR_NAMES
    from studkit.variant.loader import builtin_aliases, builtin_variant_names, load_variant

    known = set(builtin_variant_names()) | set(builtin_aliases())
    looks_like_file = "/" in target or target.endswith((".yaml", ".yml"))
    if target not in known and not looks_like_file:
        return None
    try:
        variant = load_variant(target, require_plugins=False, registry=registry)
    except VariantError:
        if looks_like_file:
            raise
        return None
    every = tuple(dict.fromkeys(share.evaluator for share in variant.pots))
    names = tuple(name for name in every if name in EVALUATOR_NAMES)
    custom = [name for name in every if name not in EVALUATOR_NAMES]
    if custom:
        message = (
            f"variant {variant.name!r} ranks a pot with {', '.join(map(repr, custom))}, which "
            "a plugin defines: odds cover the built-in evaluators only "
            f"({', '.join(EVALUATOR_NAMES)})"
        )
        if not names:
            raise EvaluatorError(message)
        import sys

        print(f"studkit odds: note: {message}; counting {', '.join(names)}", file=sys.stderr)
    changers = _play_changing_plugins(variant)
    if changers:
        import sys

        print(
            f"studkit odds: note: variant {variant.name!r} uses {', '.join(changers)}, which "
            "can change wild cards, cards dealt or hand strength during play; the counts use "
            "only the file's deck, wild ranks and hand size", file=sys.stderr,
        )
    deck = variant.deck
    if deck.jokers and deck.up_joker_mode not in (None, deck.joker_mode):
        import sys

        print(
            f"studkit odds: note: in {variant.name!r} a joker plays {deck.joker_mode} dealt face "
            f"down and {deck.up_joker_mode} dealt face up; the counts play it {deck.joker_mode} "
            f"(--wild {'joker' if deck.up_joker_mode == 'wild' else 'bug'} counts it face up)",
            file=sys.stderr,
        )
    return OddsRequest(
        evaluators=names,
        cards=variant.max_cards_per_player,
        jokers=deck.jokers,
        wild_ranks=frozenset(int(rank) for rank in deck.wild_ranks),
        joker_rule=deck.joker_mode,
        five_of_a_kind=deck.five_of_a_kind,
        stripped_ranks=frozenset(int(rank) for rank in deck.stripped_ranks),
        source=variant.name,
    )


PLAY_CHANGING_HOOKS = (
    "studkit_card_dealt", "studkit_wild_ranks", "studkit_hand_evaluator",
    "studkit_adjust_strengths", "studkit_twist_offer",
)
"""Hooks whose plugins make the final hands differ from what the file's data alone deals."""


def _play_changing_plugins(variant: Variant) -> list[str]:
    """The variant's plugins that implement a hook in :data:`PLAY_CHANGING_HOOKS`.

    A plugin that cannot be loaded is listed too: nothing says it leaves the hands alone.
    """
    from studkit.errors import PluginError
    from studkit.hooks.host import PluginHost, registry_of

    found = []
    for ref in variant.plugins:
        try:
            host = PluginHost([ref], house=False, registry=registry_of(variant))
        except PluginError:
            found.append(f"{ref.name} (not installed)")
            continue
        if any(host.implements(hook) for hook in PLAY_CHANGING_HOOKS):
            found.append(ref.name)
    return found


TARGET_RESOLVERS: tuple[Callable[[str, PluginRegistry | None], OddsRequest | None], ...] = (
    _evaluator_target, _variant_target,
)
"""Functions that turn the positional argument into a request, tried in order; each returns
None when the target is not theirs: evaluator names first, then variants."""


def resolve_target(target: str, registry: PluginRegistry | None = None) -> OddsRequest:
    """The request for ``studkit odds TARGET``: an evaluator name or a variant (its plugins
    found through ``registry``)."""
    for resolver in TARGET_RESOLVERS:
        request = resolver(target, registry)
        if request is not None:
            return request
    import difflib

    from studkit.evaluation import EVALUATOR_NAMES
    from studkit.variant.loader import builtin_aliases, builtin_variant_names
    from studkit.variant.name_guess import closest_variant

    meant = closest_variant(target, builtin_variant_names(), builtin_aliases())
    close = [meant] if meant else difflib.get_close_matches(
        target, list(EVALUATOR_NAMES), n=1, cutoff=0.5
    )
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise EvaluatorError(
        f"unknown evaluator or variant {target!r}{hint}: evaluators are "
        f"{', '.join(EVALUATOR_NAMES)}; variants: see 'studkit list'"
    )


def register(subcommands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``odds`` command."""
    parser = subcommands.add_parser(
        "odds",
        help="exact frequency of every hand category over all K-card hands",
        description=(
            "Count every final-hand category over all C(N, K) hands of K cards by full "
            "enumeration (never sampling): for an evaluator (high, a5-low, eight-or-better, "
            "2-7-low, a6-low, badugi, badugi-ace-high, soko, mexican-high, razz-high, "
            "action-razz, two-card-high, two-card-a5) or a variant (each evaluator of its "
            "pots, its deck and wild cards)."
        ),
    )
    parser.add_argument(
        "target", metavar="EVALUATOR|VARIANT", help="an evaluator name or a variant name or file"
    )
    parser.add_argument(
        "--cards", type=int, metavar="K", help="cards per hand, 5 to 8 (1 to 8 for the special "
        "evaluators; default 7, the evaluator's own hand size, or the variant's)"
    )
    parser.add_argument(
        "--wild",
        metavar="RANKS",
        help="wild cards: ranks and/or a joker rule, comma-separated, e.g. '9,3', 'joker', "
        "'bug', '2,joker' ('joker'/'bug' add one joker to the deck unless --jokers says)",
    )
    parser.add_argument(
        "--jokers", type=int, metavar="N", help="jokers in the deck, 0 to 2 (need --wild)"
    )
    parser.add_argument(
        "--no-five-of-a-kind",
        dest="five_of_a_kind",
        action="store_false",
        help="wild cards never make five of a kind",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def _request(args: argparse.Namespace) -> OddsRequest:
    from studkit.evaluation import WildCards

    request = resolve_target(args.target, args.registry)
    ranks = request.wild_ranks
    rule = request.joker_rule
    jokers = request.jokers
    five = request.five_of_a_kind and args.five_of_a_kind
    if args.wild is not None:
        parsed = WildCards.parse(args.wild)
        named_joker = any(
            word.strip().lower() in ("joker", "jokers", "bug")
            for word in args.wild.replace(",", " ").split()
        )
        ranks = parsed.ranks
        rule = parsed.jokers
        jokers = 1 if named_joker else 0
        stripped = ranks & request.stripped_ranks
        if stripped:
            from studkit.cards import RANK_CHARS

            names = ",".join(RANK_CHARS[r] for r in sorted(stripped, reverse=True))
            raise EvaluatorError(
                f"--wild {args.wild!r}: {request.source} strips {names} from its deck, so "
                "no such card can be wild"
            )
    if args.jokers is not None:
        if not 0 <= args.jokers <= 2:
            raise EvaluatorError(f"--jokers must be 0, 1 or 2, not {args.jokers}")
        if args.jokers and args.wild is None and not request.jokers:
            raise EvaluatorError("--jokers needs --wild saying how they play ('joker' or 'bug')")
        jokers = args.jokers
    cards = args.cards if args.cards is not None else (request.cards or 7)
    return OddsRequest(
        request.evaluators, cards, jokers, ranks, rule, five, request.stripped_ranks,
        request.source,
    )


def run(args: argparse.Namespace) -> int:
    """Enumerate and print the category counts."""
    from studkit.cards import standard_deck
    from studkit.evaluation import TABLE_EVALUATOR_NAMES, WildCards
    from studkit.evaluation.odds import MAX_CARDS, MIN_CARDS

    request = _request(args)
    cards = request.cards if request.cards is not None else 7
    least = MIN_CARDS if any(n in TABLE_EVALUATOR_NAMES for n in request.evaluators) else 1
    if not least <= cards <= MAX_CARDS:
        if args.cards is None and request.source is not None:
            raise EvaluatorError(
                f"variant {request.source!r} ends with {cards} cards per player; exact odds "
                f"cover hands of {least} to {MAX_CARDS} cards: pass --cards"
            )
        raise EvaluatorError(f"--cards must be {least} to {MAX_CARDS}, not {cards}")
    wild = None
    if request.wild_ranks or request.jokers:
        wild = WildCards(request.wild_ranks, "bug" if request.joker_rule == "bug" else "wild",
                         request.five_of_a_kind)
    deck = tuple(
        int(c) for c in standard_deck(stripped_ranks=request.stripped_ranks, jokers=request.jokers)
    )
    started = time.perf_counter()
    tables = _with_progress(request.evaluators, cards, wild, deck)
    elapsed = time.perf_counter() - started
    if args.json:
        documents = [table.as_json() for table in tables]
        print(json.dumps(documents[0] if len(documents) == 1 else documents, indent=2))
        return 0
    _print_tables(tables, _deck_text(request, len(deck)), elapsed, request.source)
    return 0


def _with_progress(
    names: Sequence[str], cards: int, wild: WildCards | None, deck: Sequence[int]
) -> list[OddsTable]:
    """The tables, with a progress bar on standard error when it is a terminal."""
    import sys

    from studkit.evaluation.odds import odds_for_evaluators

    if not sys.stderr.isatty():
        return odds_for_evaluators(names, cards, wild=wild, deck=deck)
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("enumerating", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return odds_for_evaluators(names, cards, wild=wild, deck=deck, progress=advance)


def _deck_text(request: OddsRequest, size: int) -> str:
    """``52 cards``, ``53 cards (1 joker as the bug; 9,3 wild)`` and the like."""
    from studkit.cards import RANK_CHARS

    notes = []
    if request.stripped_ranks:
        removed = "".join(RANK_CHARS[r] for r in sorted(request.stripped_ranks))
        notes.append(f"without {removed}")
    if request.jokers:
        rule = "as the bug" if request.joker_rule == "bug" else "wild"
        notes.append(f"{request.jokers} joker{'s' if request.jokers > 1 else ''} {rule}")
    if request.wild_ranks:
        ranks = ",".join(RANK_CHARS[r] for r in sorted(request.wild_ranks, reverse=True))
        notes.append(f"{ranks} wild")
    if (request.jokers or request.wild_ranks) and not request.five_of_a_kind:
        notes.append("no five of a kind")
    text = f"{size} cards"
    if notes:
        text += f" ({'; '.join(notes)})"
    return text


def _print_tables(
    tables: Sequence[OddsTable], deck: str, elapsed: float, source: str | None = None
) -> None:
    """Each table under its title (a line of its own, wrapped at the terminal's width, not
    the table's), after the variant's name on a line of its own when the odds are a
    variant's."""
    from rich.table import Table

    from studkit.cli.output import stdout_console

    console = stdout_console()
    if source is not None:
        console.print(f"variant {source}", markup=False, highlight=False)
    for table in tables:
        console.print(
            f"{table.evaluator}: all {table.total:,} hands of {table.cards} cards from {deck}",
            markup=False, highlight=False,
        )
        grid = Table()
        grid.add_column("category")
        grid.add_column("count", justify="right")
        grid.add_column("probability", justify="right")
        grid.add_column("odds against", justify="right")
        for name, count in table.categories.items():
            against = table.odds_against(name)
            grid.add_row(
                name,
                f"{count:,}",
                f"{count / table.total:.6%}",
                "never" if against is None else f"{against:,.2f} : 1",
            )
        console.print(grid)
    console.print(f"exact enumeration in {elapsed:.1f} s")
