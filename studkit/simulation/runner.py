"""Playing many hands of one variant at one table, in one process or several.

Hand ``i`` of a run is played with the button on seat ``i mod players``, every stack reset to
the starting stack, the deck shuffled and the bots' random choices drawn from seeds derived
from ``(seed, i)`` alone. So every hand is the same whichever worker plays it, and a run's
report is the same for any number of workers.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import ExitStack
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

import numpy as np

from studkit.bots import BotError, make_bot, parse_bots
from studkit.engine import Action
from studkit.engine.hand import Hand
from studkit.engine.rules import compile_rules
from studkit.errors import StudkitError
from studkit.simulation.blocks import InOrder, split
from studkit.simulation.report import SimulationReport
from studkit.simulation.tally import Tally
from studkit.stakes import apply_stakes
from studkit.variant import Stakes, Variant

if TYPE_CHECKING:
    from studkit.simulation.cluster import Cluster

__all__ = [
    "Setup", "SimulationError", "hand_seeds", "play_hand", "play_block", "simulate",
    "players_from_bots",
]

DEFAULT_HANDS = 10_000
DEFAULT_PLAYERS = 6
STACK_BIG_BETS = 100
"""Default starting stack, in big bets."""


class SimulationError(StudkitError):
    """A simulation that cannot be run as asked."""


@dataclass(frozen=True)
class Setup:
    """Everything that defines a run except how many hands and workers."""

    variant: Variant
    players: int
    bots: tuple[str, ...]
    stakes: Stakes
    stack: int
    seed: int


def hand_seeds(seed: int, index: int) -> tuple[int, int]:
    """The deck seed and the bots' seed of hand ``index`` of a run seeded ``seed``."""
    state = np.random.SeedSequence([seed & (2**63 - 1), index]).generate_state(2, np.uint64)
    return int(state[0]), int(state[1])


class LazyView:
    """A seat's :class:`~studkit.engine.view.SeatView`, built the first time a bot reads it
    (bots that never look, like ``random``, cost nothing); its fields are then plain
    attributes of this object."""

    def __init__(self, hand: Hand, seat: int) -> None:
        self._hand = hand
        self._seat = seat

    def __getattr__(self, name: str) -> Any:
        view = self._hand.view(self._seat)
        for item in fields(view):
            self.__dict__[item.name] = getattr(view, item.name)
        return getattr(view, name)


def play_hand(setup: Setup, bots: Sequence[Any], index: int) -> Hand:
    """Play hand ``index`` of the run to the end and return it."""
    deck_seed, bot_seed = hand_seeds(setup.seed, index)
    hand = Hand(
        setup.variant,
        [setup.stack] * setup.players,
        button=index % setup.players,
        seed=deck_seed,
        stakes=setup.stakes,
    )
    rng = random.Random(bot_seed)
    while not hand.is_over:
        seat = hand.actor
        if seat is None:
            raise SimulationError(f"hand {index}: nobody is to act but the hand is not over")
        actions = hand.legal_actions()
        where = (
            f"hand {index + 1}: bot {setup.bots[seat]!r} in seat {seat + 1} on "
            f"{hand.street_name} street"
        )
        legal = ", ".join(str(a) for a in actions)
        try:
            action = bots[seat].act(LazyView(hand, seat), actions, rng)
        except StudkitError:
            raise
        except Exception as error:
            raise BotError(f"{where} failed: {_raised_at(error)}; legal: {legal}") from None
        if not isinstance(action, Action):
            raise BotError(
                f"{where} returned {action!r}, not one of the legal actions: {legal}"
            )
        if not any(option.allows(action) for option in actions):
            raise BotError(f"{where} chose {action}; legal: {legal}")
        hand.apply(action)
    return hand


def _raised_at(error: BaseException) -> str:
    """An exception and the innermost place it was raised, on one line."""
    frames = traceback.extract_tb(error.__traceback__)
    place = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return f"{error!r}{place}"


Recorded = list[tuple[int, str]]
"""Hand histories of played hands as PHH text (picklable across processes), with each
hand's index in the run."""


def play_block(setup: Setup, start: int, stop: int, record: bool = False) -> tuple[Tally, Recorded]:
    """Play hands ``start`` to ``stop - 1``: their tally and, with ``record``, histories."""
    bots = [make_bot(name, setup.variant) for name in setup.bots]
    tally = Tally(setup.players)
    recorded: Recorded = []
    if record:
        from studkit.history import from_hand
    for index in range(start, stop):
        hand = play_hand(setup, bots, index)
        tally.add_hand(hand.events, hand.payoffs)
        if record:
            recorded.append((index, from_hand(hand, {"hand": index + 1})))
    return tally, recorded


_WORKER: tuple[Setup, bool] | None = None


def _init_worker(setup: Setup, record: bool) -> None:
    global _WORKER
    _WORKER = (setup, record)


def _worker_block(start: int, stop: int) -> tuple[Tally, Recorded]:
    if _WORKER is None:  # pragma: no cover - set by the pool initializer
        raise SimulationError("worker started without a setup")
    return play_block(_WORKER[0], start, stop, _WORKER[1])


def _executor(setup: Setup, workers: int, record: bool) -> Executor:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_init_worker,
        initargs=(setup, record),
    )


def simulate(
    variant: Variant | str,
    *,
    hands: int = DEFAULT_HANDS,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    stakes: str | Mapping[str, int] | None = None,
    stack: int | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    history: str | os.PathLike[str] | None = None,
    cluster: str | Cluster | None = None,
    cluster_file: str | os.PathLike[str] | None = None,
) -> SimulationReport:
    """Play ``hands`` hands of ``variant`` with ``players`` bots and report the statistics.

    ``players`` defaults to the number of bots in a per-seat ``bots`` list, else to 6 (or the
    variant's maximum if lower).
    ``bots`` is one name for every seat or one per seat (default: a mix); ``stakes``
    (``--stakes`` text or a mapping) override the variant's amounts; ``stack`` is every
    seat's starting stack for each hand (default 100 big bets); ``workers`` processes share
    the hands (the report does not depend on it); ``progress`` is called with the number of
    hands finished so far; ``history`` is a path to write every hand to as PHH (see
    :func:`studkit.history.write_history`), in hand order.

    ``cluster`` plays the hands on a Dask cluster instead of local processes (``workers`` is
    then not used): ``"local"`` or ``"local:N"`` starts one on this machine for the run,
    ``"tcp://HOST:PORT"`` connects to a running scheduler, as does ``cluster_file`` (the file
    ``dask scheduler --scheduler-file`` writes); a :class:`~studkit.simulation.cluster.Cluster`
    from :func:`~studkit.simulation.cluster.connect` serves several runs. The report is the
    same as without it. Needs the ``dask`` extra.
    """
    if isinstance(variant, str):
        from studkit import load_variant

        variant = load_variant(variant)
    elif not isinstance(variant, Variant):
        raise TypeError(
            f"simulate needs a Variant or a variant name or file, not {type(variant).__name__} "
            f"{variant!r}"
        )
    counts = {"hands": hands, "players": players, "stack": stack, "seed": seed, "workers": workers}
    for name, count in counts.items():
        if count is None and name in ("players", "stack"):
            continue  # the defaults
        if isinstance(count, bool) or not isinstance(count, int):
            raise TypeError(
                f"simulate: {name} must be a whole number, not {type(count).__name__} {count!r}"
            )
    if hands < 1:
        raise SimulationError(f"--hands must be at least 1, not {hands}")
    asked = f"--players {players}"
    if players is None:
        players = players_from_bots(bots)
        asked = f"--bots {bots!r} names {players} bots, one per seat"
    if players is None:
        players = max(variant.min_players, min(DEFAULT_PLAYERS, variant.max_players))
    if not variant.min_players <= players <= variant.max_players:
        raise SimulationError(
            f"{asked}: {variant.name} seats {variant.min_players} to "
            f"{variant.max_players} players"
        )
    if workers < 1:
        raise SimulationError(f"--workers must be at least 1, not {workers}")
    on_cluster = cluster is not None or cluster_file is not None
    if on_cluster:
        from studkit.simulation.cluster import Cluster, check_address

        if isinstance(cluster, Cluster):
            if cluster_file is not None:
                raise SimulationError("give a cluster or a cluster file, not both")
        elif cluster is None or isinstance(cluster, str):
            check_address(cluster, cluster_file)
        else:
            raise TypeError(
                f"simulate: cluster must be an address or a Cluster, not "
                f"{type(cluster).__name__} {cluster!r}"
            )
    variant = apply_stakes(variant, stakes)
    stakes_in_play = variant.stakes
    big_bet = max(stakes_in_play.big_bet, 1)
    chips = stack if stack is not None else STACK_BIG_BETS * big_bet
    if chips < 1:
        raise SimulationError(f"--stack must be at least 1 chip, not {chips}")
    if history is not None:
        _check_history_target(os.fspath(history))
    setup = Setup(variant, players, parse_bots(bots, players), stakes_in_play, chips, seed)
    compile_rules(variant, stakes_in_play)  # fail early, in this process, on a bad variant
    started = time.perf_counter()
    tally = Tally(players)
    record = history is not None
    recorded: Recorded = []
    workers = min(workers, hands, os.cpu_count() or 1) if workers > 1 else 1
    cluster_name: str | None = None
    if on_cluster:
        from studkit.simulation.cluster import Cluster, connect, run_blocks

        play_block(setup, 0, 1)  # a bot or plugin that fails does so here, before the cluster
        with ExitStack() as opened:
            where = (
                cluster if isinstance(cluster, Cluster)
                else opened.enter_context(connect(cluster, cluster_file))
            )
            tally, recorded, workers = run_blocks(
                where, play=play_block, setup=setup, hands=hands, players=players,
                record=record, progress=progress,
            )
            cluster_name = where.name
    elif workers == 1:
        for start, stop in split(hands, 1):
            block, histories = play_block(setup, start, stop, record)
            tally.merge(block)
            recorded.extend(histories)
            if progress is not None:
                progress(tally.hands)
    else:
        # play one hand here first: the workers are forked with the engine, the bots and the
        # evaluators' lookup tables already built, instead of each building its own
        play_block(setup, 0, 1)
        blocks = split(hands, workers)
        merged = InOrder(tally, blocks)
        with _executor(setup, workers, record) as pool:
            futures: dict[Future[tuple[Tally, Recorded]], int] = {
                pool.submit(_worker_block, start, stop): i
                for i, (start, stop) in enumerate(blocks)
            }
            for future in as_completed(futures):
                block, histories = future.result()
                merged.add(futures[future], block, histories)
                if progress is not None:
                    progress(merged.done)
        recorded = merged.recorded
    if history is not None:
        from studkit.history import loads, write_history

        recorded.sort(key=lambda item: item[0])
        write_history((loads(text)[0] for _, text in recorded), history)
    return SimulationReport(
        variant=variant.name,
        players=players,
        bots=setup.bots,
        seed=seed,
        stakes=_stakes_dict(stakes_in_play),
        tally=tally,
        big_bet=big_bet,
        seconds=time.perf_counter() - started,
        workers=workers,
        share_names=tuple(share.name for share in variant.pots),
        cluster=cluster_name,
    )


def _check_history_target(name: str) -> None:
    """Refuse a ``--history`` path that cannot be written before playing, not after."""
    directory = os.path.isdir(name) or name.endswith(("/", os.sep))
    folder = os.path.abspath(name if directory else os.path.dirname(name) or ".")
    while directory and not os.path.exists(folder):  # the missing folders will be made
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder):
        raise SimulationError(
            f"--history {name!r}: the folder {folder!r} does not exist (end the path with '/' "
            "for a directory of one file per hand)"
        )
    if not os.access(folder, os.W_OK):
        raise SimulationError(f"--history {name!r}: cannot write in {folder!r}")


def players_from_bots(bots: str | Sequence[str] | None) -> int | None:
    """The table size a per-seat ``--bots`` list implies (one name implies none)."""
    if bots is None:
        return None
    names = bots.split(",") if isinstance(bots, str) else list(bots)
    return len(names) if len(names) > 1 else None


def _stakes_dict(stakes: Stakes) -> dict[str, int | None]:
    return {
        "ante": stakes.ante,
        "bring_in": stakes.bring_in,
        "small_bet": stakes.small_bet,
        "big_bet": stakes.big_bet,
        "spread_min": stakes.spread_min,
        "spread_max": stakes.spread_max,
        "last_round_max": stakes.last_round_max,
    }
