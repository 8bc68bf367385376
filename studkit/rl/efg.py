"""A small game's whole tree in Gambit's EFG format, for OpenSpiel's C++ solvers.

A game with a few tens of thousands of states (``examples/tiny-stud.yaml``) is walked once in
Python; :func:`to_efg` writes every chance node with its outcomes' probabilities, every
decision with the player's information set (numbered per distinct
:meth:`~studkit.rl.state.StudGameState.information_state_string`) and every terminal with
the returns in big bets. ``pyspiel.load_efg_game(text)`` then loads it as a C++ game, on
which CFR, best responses and exploitability run at C++ speed: the same game as
``python_studkit`` with the same parameters, without calling Python at every node.

>>> from studkit.rl.game import StudGame
>>> text = to_efg(StudGame("examples/tiny-stud.yaml"), max_states=10)
Traceback (most recent call last):
...
studkit.errors.RLError: tiny-stud has more than 10 states: too large to write as a tree
"""

from __future__ import annotations

from studkit.errors import RLError
from studkit.rl.game import StudGame
from studkit.rl.state import CHANCE_PLAYER_ID, StudGameState

__all__ = ["to_efg", "DEFAULT_MAX_STATES"]

DEFAULT_MAX_STATES = 2_000_000
""":func:`to_efg` refuses a tree larger than this (it would not fit in memory)."""


def to_efg(game: StudGame, *, max_states: int = DEFAULT_MAX_STATES) -> str:
    """The whole game tree of one hand of ``game`` as EFG text (raises
    :class:`~studkit.errors.RLError` past ``max_states`` states)."""
    players = " ".join(f'"Player {i + 1}"' for i in range(game.players))
    lines = [f'EFG 2 R "{game.variant.name}" {{ {players} }}', '""']
    infosets: list[dict[str, int]] = [{} for _ in range(game.players)]
    counters = {"chance": 0, "outcome": 0, "states": 0}

    def name(text: str) -> str:
        return '"' + text.replace('"', "'").replace("\n", " / ") + '"'

    stack: list[StudGameState] = [StudGameState(game)]
    while stack:
        state = stack.pop()
        counters["states"] += 1
        if counters["states"] > max_states:
            raise RLError(
                f"{game.variant.name} has more than {max_states} states: too large to write "
                "as a tree"
            )
        if state.is_terminal():
            counters["outcome"] += 1
            payoffs = " ".join(f"{r:.6f}" for r in state.returns())
            lines.append(f't "" {counters["outcome"]} "" {{ {payoffs} }}')
            continue
        player = state.current_player()
        actions = state.legal_actions()
        if player == CHANCE_PLAYER_ID:
            counters["chance"] += 1
            outcomes = " ".join(
                f"{name(state.action_to_string(player, a))} {p:.17g}"
                for a, p in state.chance_outcomes()
            )
            lines.append(f'c "" {counters["chance"]} "" {{ {outcomes} }} 0')
        else:
            key = state.information_state_string(player)
            number = infosets[player].setdefault(key, len(infosets[player]) + 1)
            labels = " ".join(name(state.action_to_string(player, a)) for a in actions)
            lines.append(f'p "" {player + 1} {number} "" {{ {labels} }} 0')
        children = []
        for index, action in enumerate(actions):
            child = state if index == len(actions) - 1 else state.clone()
            child.apply_action(action)
            children.append(child)
        stack.extend(reversed(children))  # preorder: the first action's subtree first
    return "\n".join(lines) + "\n"
