"""Playing many hands of one variant at one table, in one process or several.

Hand ``i`` of a run is played with the button on seat ``i mod players``, every stack reset to
the starting stack, and the deck and the bots' random choices drawn from two streams that
depend on ``(seed, i)`` alone (:mod:`studkit.simulation.streams`). So every hand is the same
whichever worker plays it, and a run's report is the same for any number of workers.
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import ExitStack
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from studkit.bots import BotError, make_bot, parse_bots
from studkit.engine import Action
from studkit.engine.hand import Hand
from studkit.engine.rules import compile_rules
from studkit.errors import StudkitError
from studkit.simulation.blocks import LARGEST_CLUSTER, LARGEST_LOCAL, InOrder, split
from studkit.simulation.cores import usable_cores
from studkit.simulation.engines import (
    KERNEL_LARGEST,
    canonical_order,
    choose_engine,
    kernel_play,
)
from studkit.simulation.played import PlayedCounts
from studkit.simulation.playout import BotTable, seat_mode
from studkit.simulation.report import SimulationReport
from studkit.simulation.setup import Setup
from studkit.simulation.streams import BOTS, DECK, HandRandom, StreamBlock, run_base, stream_key
from studkit.simulation.tally import Tally
from studkit.simulation.timing import RunClock
from studkit.variant.amounts import Amount
from studkit.variant.model import Stakes, Variant
from studkit.variant.stakes import apply_stakes, big_bet_unit, stack_units

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


def hand_seeds(seed: int, index: int) -> tuple[int, int]:
    """The keys of the deck's and the bots' random streams of hand ``index`` of a run seeded
    ``seed`` (:mod:`studkit.simulation.streams`)."""
    base = run_base(seed)
    return stream_key(base, index, DECK), stream_key(base, index, BOTS)


class LazyView:
    """A seat's :class:`~studkit.engine.view.SeatView`, built the first time a bot reads it;
    its fields are then plain attributes of this object."""

    def __init__(self, hand: Hand, seat: int) -> None:
        self._hand = hand
        self._seat = seat

    def __getattr__(self, name: str) -> Any:
        view = self._hand.view(self._seat)
        for item in fields(view):
            self.__dict__[item.name] = getattr(view, item.name)
        return getattr(view, name)


BLOCK_HANDS = 256
"""Hands whose first random draws are computed together."""
MAX_PRECOMPUTED = 96
"""The most draws per hand and stream computed ahead; a hand needing more draws the rest one
at a time (same numbers, slower)."""


class Dealer:
    """Plays the hands of one run in this process, in any order: the bots, their ``act``
    methods, whether each reads its view, and the random streams, set up once."""

    def __init__(self, setup: Setup, bots: Sequence[Any]) -> None:
        self.setup = setup
        self.acts = [bot.act for bot in bots]
        self.reads_view = [getattr(bot, "reads_view", True) is not False for bot in bots]
        self.base = run_base(setup.seed)
        self.deck_rng = HandRandom()
        self.bot_rng = HandRandom()
        self.stacks = [setup.stack] * setup.players
        self._block: StreamBlock | None = None
        # the variant's own stakes are found without hashing them at every hand
        self.stakes = None if setup.stakes == setup.variant.stakes else setup.stakes
        rules = compile_rules(setup.variant, setup.stakes)
        self.plain = rules.plugins is None
        """No plugins: every decision is a betting action logged as taken
        (:class:`~studkit.simulation.played.PlayedCounts` can count the hand)."""
        self.decisions: list[int] = []
        """Each decision of the last hand played, as ``street << 3 | kind``
        (:func:`~studkit.simulation.playout.play_out`)."""
        deck = len(rules.deck)
        burns = sum(street.burn for street in setup.variant.streets)
        # first guesses: every card to every seat; then what the previous block used
        self._counts = [min(deck, setup.players * setup.variant.max_cards_per_player + burns),
                        16]
        self._used: tuple[list[int], list[int]] = ([], [])
        modes = [seat_mode(bot, self.plain) for bot in bots]
        self.table = BotTable(setup.variant, self.stacks, self.stakes, self.deck_rng,
                              self.acts, self.reads_view, self.bot_rng, LazyView, self._failed,
                              self._check_seat, self._stuck, modes, self.deck_rng.stream,
                              self.bot_rng.stream)

    def _streams(self, index: int) -> tuple[int, StreamBlock]:
        block = self._block
        if block is None or not block.start <= index < block.stop:
            if block is not None:  # size the next block's draws by what this one used
                self._counts = [_enough(used) for used in self._used]
                self._used = ([], [])
            start = index - index % BLOCK_HANDS
            block = self._block = StreamBlock(
                self.base, start, start + BLOCK_HANDS, (self._counts[0], self._counts[1])
            )
        return index - block.start, block

    def play(self, index: int) -> Hand:
        """Play hand ``index`` of the run to the end and return it."""
        setup = self.setup
        row, block = self._streams(index)
        deck, bots = self.deck_rng.stream, self.bot_rng.stream
        deck.start(block.keys[DECK][row], block.draws[DECK][row])
        bots.start(block.keys[BOTS][row], block.draws[BOTS][row])
        self.table.index = index
        hand = self.table.play(index % setup.players)
        self.decisions = self.table.decisions
        self._used[DECK].append(deck.done)
        self._used[BOTS].append(bots.done)
        return hand

    def play_counted(self, start: int, stop: int, counts: PlayedCounts) -> None:
        """Play hands ``start`` to ``stop - 1`` and count each in ``counts`` (hands without
        plugins), a block of streams at a time in compiled code."""
        index = start
        while index < stop:
            row, block = self._streams(index)
            end = min(stop, block.stop)
            keys = (block.keys[DECK], block.keys[BOTS])
            first = (block.draws[DECK], block.draws[BOTS])
            self.table.play_counted(index, end, keys, first, row, counts, self._used)
            index = end

    def _stuck(self) -> None:
        raise SimulationError(f"hand {self.table.index + 1}: nobody is to act but the hand is "
                              "not over")

    def _failed(self, hand: Hand, seat: int, error: Exception, actions: list[Action]) -> None:
        raise BotError(f"{self._where(hand, self.table.index, seat)} failed: "
                       f"{_raised_at(error)}; legal: {_listed(actions)}") from None

    def _check_seat(self, hand: Hand, seat: int, action: object, actions: list[Action]) -> None:
        self._check(hand, self.table.index, seat, action, actions)

    def _where(self, hand: Hand, index: int, seat: int) -> str:
        return (f"hand {index + 1}: bot {self.setup.bots[seat]!r} in seat {seat + 1} on "
                f"{hand.street_name} street")

    def _check(
        self, hand: Hand, index: int, seat: int, action: object, actions: Sequence[Action]
    ) -> None:
        """Accept an action that is not one of the listed records but an instance of one (an
        amount chosen in a range); raise :class:`BotError` for anything else."""
        if not isinstance(action, Action):
            raise BotError(f"{self._where(hand, index, seat)} returned {action!r}, not one of "
                           f"the legal actions: {_listed(actions)}")
        if not any(option.allows(action) for option in actions):
            raise BotError(f"{self._where(hand, index, seat)} chose {action}; legal: "
                           f"{_listed(actions)}")


def _enough(used: list[int]) -> int:
    """Draws to compute ahead per hand: as many as 19 hands in 20 used (a computed draw costs
    about a twentieth of one drawn later, one at a time)."""
    if not used:
        return 0
    used.sort()
    return min(MAX_PRECOMPUTED, used[(len(used) * 19) // 20])


def _listed(actions: Sequence[Action]) -> str:
    return ", ".join(str(a) for a in actions)


def play_hand(setup: Setup, bots: Sequence[Any], index: int) -> Hand:
    """Play hand ``index`` of the run to the end and return it (to play many, a
    :class:`Dealer` sets up once for all of them)."""
    return Dealer(setup, bots).play(index)


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
    dealer = Dealer(setup, [make_bot(name, setup.variant) for name in setup.bots])
    tally = Tally(setup.players)
    recorded: Recorded = []
    if record:
        from studkit.history import from_hand
    counts = PlayedCounts(tally) if dealer.plain else None
    if counts is not None and not record:
        dealer.play_counted(start, stop, counts)
        counts.close()
        return tally, recorded
    add_played, play = tally.add_played, dealer.play
    for index in range(start, stop):
        hand = play(index)
        if counts is not None:
            counts.add(hand, dealer.decisions)
        else:
            add_played(hand)
        if record:
            recorded.append((index, from_hand(hand, {"hand": index + 1})))
    if counts is not None:
        counts.close()
    return tally, recorded


PlayBlock = Callable[[Setup, int, int, bool], tuple[Tally, Recorded]]
"""A block of hands on one engine: :func:`play_block` or
:func:`~studkit.simulation.engines.kernel_play`."""

_PLAYERS: dict[str, PlayBlock] = {"general": play_block, "kernel": kernel_play}

_WORKER: tuple[Setup, bool, PlayBlock] | None = None


def _init_worker(setup: Setup, record: bool, play: PlayBlock = play_block) -> None:
    global _WORKER
    _WORKER = (setup, record, play)


def _worker_block(start: int, stop: int) -> tuple[Tally, Recorded]:
    if _WORKER is None:  # pragma: no cover - set by the pool initializer
        raise SimulationError("worker started without a setup")
    return _WORKER[2](_WORKER[0], start, stop, _WORKER[1])


def _executor(
    setup: Setup, workers: int, record: bool, play: PlayBlock = play_block
) -> Executor:
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_init_worker,
        initargs=(setup, record, play),
    )


def simulate(
    variant: Variant | str,
    *,
    hands: int = DEFAULT_HANDS,
    players: int | None = None,
    bots: str | Sequence[str] | None = None,
    stakes: str | Mapping[str, object] | None = None,
    stack: int | Amount | str | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    history: str | os.PathLike[str] | None = None,
    cluster: str | Cluster | None = None,
    cluster_file: str | os.PathLike[str] | None = None,
    engine: str = "auto",
    notice: Callable[[str], None] | None = None,
) -> SimulationReport:
    """Play ``hands`` hands of ``variant`` with ``players`` bots and report the statistics.

    ``players`` defaults to the number of bots in a per-seat ``bots`` list, else to 6 (or the
    variant's maximum if lower).
    ``bots`` is one name for every seat or one per seat (default: a mix); ``stakes``
    (``--stakes`` text or a mapping) override the variant's amounts; ``stack`` is every
    seat's starting stack for each hand, in the player's amounts (``500``, ``"49.75"``;
    default 100 big bets); ``workers`` processes share
    the hands (the report does not depend on it); ``progress`` is called with the number of
    hands finished so far; ``history`` is a path to write every hand to as PHH (see
    :func:`studkit.history.write_history`), in hand order. ``engine`` is ``"auto"`` (the
    compiled kernel where the variant and bots allow, else the general engine), ``"kernel"``
    or ``"general"``; the report's :attr:`~SimulationReport.engine` says which ran.
    ``notice`` is no longer called: it announced the kernel's compilation on its first run,
    which now happens once, when studkit is installed (the parameter stays so that callers
    written for earlier versions run unchanged).

    ``cluster`` plays the hands on a Dask cluster instead of local processes (``workers`` is
    then not used): ``"local"`` or ``"local:N"`` starts one on this machine for the run,
    ``"tcp://HOST:PORT"`` connects to a running scheduler, as does ``cluster_file`` (the file
    ``dask scheduler --scheduler-file`` writes); a :class:`~studkit.simulation.cluster.Cluster`
    from :func:`~studkit.simulation.cluster.connect` serves several runs. The report is the
    same as without it. Needs the ``dask`` extra.
    """
    clock = RunClock()  # the set-up from here; the hands' own time once the players are ready
    if isinstance(variant, str):
        from studkit import load_variant

        variant = load_variant(variant)
    elif not isinstance(variant, Variant):
        raise TypeError(
            f"simulate needs a Variant or a variant name or file, not {type(variant).__name__} "
            f"{variant!r}"
        )
    counts = {"hands": hands, "players": players, "seed": seed, "workers": workers}
    for name, count in counts.items():
        if count is None and name == "players":
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
    big_bet = big_bet_unit(variant)
    chips = stack_units(stack, stakes_in_play) if stack is not None else STACK_BIG_BETS * big_bet
    if chips < 1:
        raise SimulationError(f"--stack must be at least 1 chip, not {stack}")
    if history is not None:
        _check_history_target(os.fspath(history))
    setup = Setup(variant, players, parse_bots(bots, players), stakes_in_play, chips, seed)
    compile_rules(variant, stakes_in_play)  # fail early, in this process, on a bad variant
    chosen, note = choose_engine(setup, engine, history is not None)
    play = _PLAYERS[chosen]
    largest = KERNEL_LARGEST if chosen == "kernel" else LARGEST_LOCAL
    tally = Tally(players)
    record = history is not None
    recorded: Recorded = []
    workers = min(workers, hands, usable_cores()) if workers > 1 else 1
    cluster_name: str | None = None
    if on_cluster:
        from studkit.simulation.cluster import Cluster, connect, run_blocks

        play(setup, 0, 1, False)  # a bot or plugin that fails does so here, before the cluster
        with ExitStack() as opened:
            where = (
                cluster if isinstance(cluster, Cluster)
                else opened.enter_context(connect(cluster, cluster_file))
            )
            # the kernel's hands cost microseconds: its blocks are larger, so that a task's
            # round trip stays a small part of each
            tally, recorded, workers = run_blocks(
                where, play=play, setup=setup, hands=hands, players=players,
                record=record, progress=progress, ready=clock.start,
                largest=KERNEL_LARGEST if chosen == "kernel" else LARGEST_CLUSTER,
            )
            cluster_name = where.name
    elif workers == 1:
        play(setup, 0, 1, False)  # lookup tables built, the kernel loaded: untimed
        clock.start()
        for start, stop in split(hands, 1, largest):
            block, histories = play(setup, start, stop, record)
            tally.merge(block)
            recorded.extend(histories)
            if progress is not None:
                progress(tally.hands)
    else:
        # play one hand here first: the workers are forked with the engine, the bots and the
        # evaluators' lookup tables already built, instead of each building its own
        play(setup, 0, 1, False)
        blocks = split(hands, workers, largest)
        merged = InOrder(tally, blocks)
        with _executor(setup, workers, record, play) as pool:
            for ready in [pool.submit(os.getpid) for _ in range(workers)]:
                ready.result()  # every worker process started
            clock.start()
            futures: dict[Future[tuple[Tally, Recorded]], int] = {
                pool.submit(_worker_block, start, stop): i
                for i, (start, stop) in enumerate(blocks)
            }
            for future in as_completed(futures):
                index = futures.pop(future)  # the result is merged, then dropped
                block, histories = future.result()
                del future
                merged.add(index, block, histories)
                del block, histories
                if progress is not None:
                    progress(merged.done)
        recorded = merged.recorded
    clock.stop()
    if chosen == "kernel":
        canonical_order(setup, tally)
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
        seconds=clock.hands_seconds,
        setup_seconds=clock.setup_seconds,
        workers=workers,
        share_names=tuple(share.name for share in variant.pots),
        street_names=tuple(street.name for street in variant.streets),
        cluster=cluster_name,
        engine=chosen,
        engine_note=note,
        scale=stakes_in_play.scale,
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
