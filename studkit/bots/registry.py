"""Bots by name, and ``--bots`` parsing: one name for every seat or a comma list per seat.

A name is a built-in bot (``random``, ``calling-station``, ``tag``, ``lag``, ``equity``, or
``equity-N``: the equity bot with a budget of N completions a decision) or
``module:Class`` naming a class importable from Python that follows the
:class:`~studkit.bots.protocol.Bot` protocol: built as ``Class(variant)``.

>>> parse_bots("tag", 3)
('tag', 'tag', 'tag')
>>> parse_bots("tag, lag", 2)
('tag', 'lag')
"""

from __future__ import annotations

import difflib
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence

from studkit.bots.players import (
    CallingStationBot,
    EquityBot,
    LooseAggressiveBot,
    RandomBot,
    TightAggressiveBot,
)
from studkit.bots.protocol import Bot, BotError
from studkit.errors import StudkitError
from studkit.variant.model import Variant

__all__ = ["BUILT_IN_BOTS", "DEFAULT_MIX", "parse_bots", "make_bot", "default_bots",
           "equity_budget", "MAX_EQUITY_BUDGET"]

BotFactory = Callable[[Variant], Bot]

BUILT_IN_BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "calling-station": CallingStationBot,
    "tag": TightAggressiveBot,
    "lag": LooseAggressiveBot,
    "equity": EquityBot,
}
"""The shipped bots by their ``--bots`` names."""

DEFAULT_MIX: tuple[str, ...] = ("tag", "lag", "calling-station", "equity", "tag", "random",
                                "lag", "calling-station")
"""Seats take these in order when no ``--bots`` is given (a mix of styles)."""


def default_bots(players: int) -> tuple[str, ...]:
    """The default mix for ``players`` seats."""
    return tuple(DEFAULT_MIX[i % len(DEFAULT_MIX)] for i in range(players))


def parse_bots(text: str | Sequence[str] | None, players: int) -> tuple[str, ...]:
    """Bot names per seat from ``--bots``: one name for all seats or one per seat.

    Each name is checked (a built-in name or an importable ``module:Class``).
    """
    if text is None:
        return default_bots(players)
    given = text.split(",") if isinstance(text, str) else list(text)
    for name in given:
        if not isinstance(name, str):
            raise BotError(f"--bots {text!r}: bot names are text, not {name!r}")
    names = [n.strip() for n in given]
    if not names or any(not n for n in names):
        raise BotError(
            f"--bots {text!r}: give a bot name, or one name per seat separated by commas"
        )
    if len(names) == 1:
        names = names * players
    elif len(names) != players:
        raise BotError(
            f"--bots {text!r} names {len(names)} bots for {players} players: give one name for "
            "every seat or exactly one per seat"
        )
    for name in dict.fromkeys(names):
        _factory(name)
    return tuple(names)


def make_bot(name: str, variant: Variant) -> Bot:
    """A new bot of a built-in name or ``module:Class`` for ``variant``."""
    factory = _factory(name)
    try:
        return factory(variant)
    except StudkitError:
        raise
    except Exception as error:
        raise BotError(f"bot {name!r} could not be built for {variant.name}: {error!r}") from None


_BUDGET = re.compile(r"^equity-([1-9][0-9]{0,5})$")
MAX_EQUITY_BUDGET = 100_000


def equity_budget(name: str) -> int | None:
    """N for ``equity-N``, the equity bot drawing up to N completions a decision (the plain
    ``equity`` bot draws up to 100); ``None`` for any other name.

    >>> equity_budget("equity-400"), equity_budget("equity")
    (400, None)
    """
    found = _BUDGET.match(name)
    if found is None:
        return None
    budget = int(found.group(1))
    return budget if budget <= MAX_EQUITY_BUDGET else None


def _factory(name: str) -> BotFactory:
    factory = BUILT_IN_BOTS.get(name)
    if factory is not None:
        return factory
    budget = equity_budget(name)
    if budget is not None:
        return lambda variant: EquityBot(variant, trials=budget)
    if ":" not in name:
        close = difflib.get_close_matches(name, BUILT_IN_BOTS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise BotError(
            f"unknown bot {name!r}{hint}: use one of {', '.join(BUILT_IN_BOTS)}, equity-N (the "
            f"equity bot with a budget of N completions, 1 to {MAX_EQUITY_BUDGET:,}) or "
            "'module:Class' for your own"
        )
    module_name, _, class_name = name.partition(":")
    module = _import(module_name, name)
    cls = getattr(module, class_name, None)
    if cls is None or not callable(cls):
        raise BotError(f"bot {name!r}: module {module_name!r} has no class {class_name!r}")
    if not callable(getattr(cls, "act", None)):
        raise BotError(
            f"bot {name!r}: {class_name} has no act(view, actions, rng) method (see the Bot "
            "protocol in docs/simulation.md)"
        )
    return cls  # type: ignore[no-any-return]


def _import(module_name: str, spec: str) -> object:
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name.split(".")[0] or os.getcwd() in sys.path:
            raise BotError(f"bot {spec!r}: cannot import {module_name!r}: {error}") from None
    except Exception as error:
        raise BotError(f"bot {spec!r}: importing {module_name!r} failed: {error!r}") from None
    # the console script does not put the working dir first; only for this import, so that
    # the process (and what it starts later: Dask's spawned workers copy sys.path) keeps
    # importing studkit and everything else from where it did
    folder = os.getcwd()
    sys.path.insert(0, folder)
    try:
        return importlib.import_module(module_name)
    except Exception as error:
        raise BotError(f"bot {spec!r}: cannot import {module_name!r}: {error!r}") from None
    finally:
        sys.path.remove(folder)
