"""The conformance checks of the three RL libraries, run on one variant.

:func:`conformance` runs PettingZoo's ``api_test`` on :func:`studkit.rl.env`, Gymnasium's
``check_env`` on :class:`studkit.rl.SingleAgentEnv` and OpenSpiel's ``random_sim_test`` on
``python_studkit``, and returns one :class:`CheckResult` each (what ``studkit rl check``
prints). A check that fails is reported, not raised; bad settings (an unknown variant, a
number of players the variant does not seat) raise a :class:`~studkit.errors.StudkitError`
before any check runs.
"""

from __future__ import annotations

import contextlib
import io
import os
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass

from studkit.errors import RLError, StudkitError
from studkit.hooks.registry import registry_of
from studkit.rl import require_extra
from studkit.rl.game import StakesLike, StudGame, VariantLike

__all__ = ["CheckResult", "conformance", "CHECKS"]

CHECKS = ("pettingzoo api_test", "gymnasium check_env", "openspiel random_sim_test")
"""The checks, in the order they run."""


@dataclass(frozen=True)
class CheckResult:
    """One library's check on one variant."""

    check: str
    passed: bool
    seconds: float
    detail: str = ""
    """Why it failed (the library's message), empty when it passed."""


def conformance(
    variant: VariantLike, *, players: int = 2, stakes: StakesLike = None, hands: int = 3
) -> list[CheckResult]:
    """Run the three checks on ``variant`` at ``players`` seats (``hands``: OpenSpiel's
    simulated hands; PettingZoo's cycles are 50 per hand)."""
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 1:
        raise RLError(f"hands={hands!r}: the checks need at least one hand")
    game = StudGame(variant, players=players, stakes=stakes)  # bad settings raise here
    source = game.variant.source or game.variant.name
    aec = require_extra("studkit.rl.aec")
    single = require_extra("studkit.rl.single")
    spiel = require_extra("studkit.rl.openspiel")
    pettingzoo_test = require_extra("pettingzoo.test")
    env_checker = require_extra("gymnasium.utils.env_checker")
    pyspiel = require_extra("pyspiel")

    def petting() -> None:
        env = aec.env(game.variant, players=players)
        pettingzoo_test.api_test(env, num_cycles=50 * hands, verbose_progress=False)

    def gym() -> None:
        env = single.SingleAgentEnv(game.variant, players=players)
        env_checker.check_env(env, skip_render_check=True)

    def spiel_check() -> None:
        spiel.register()
        dirs = os.pathsep.join(str(d) for d in registry_of(game.variant).dirs)
        loaded = pyspiel.load_game(spiel.GAME_NAME, {
            "variant": str(source), "players": players, "plugins_dirs": dirs,
            "stakes": "" if stakes is None else _spiel_stakes(stakes),
        })
        pyspiel.random_sim_test(loaded, num_sims=hands, serialize=True, verbose=False)

    runs: list[Callable[[], None]] = [petting, gym, spiel_check]
    return [_run(name, run) for name, run in zip(CHECKS, runs, strict=True)]


def _spiel_stakes(stakes: StakesLike) -> str:
    if isinstance(stakes, str):
        return stakes.replace("=", ":").replace(",", ";")
    raise StudkitError(
        f"stakes={stakes!r}: the OpenSpiel check takes stakes as text ('ante=1,big=10')"
    )


def _run(name: str, run: Callable[[], None]) -> CheckResult:
    started = time.perf_counter()
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
            warnings.simplefilter("ignore")  # unbounded Box spaces, dict observations
            run()
    except Exception as error:  # a failed check is a result, not a crash
        detail = f"{type(error).__name__}: {error}".strip()
        return CheckResult(name, False, time.perf_counter() - started, detail)
    return CheckResult(name, True, time.perf_counter() - started)
