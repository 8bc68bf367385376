"""Hand histories: read and write PHH files, replay them through the engine, narrate them.

The public names are re-exported here; see docs/hand-histories.md.
"""

from __future__ import annotations

from studkit.history.actions import Action, format_action, parse_action
from studkit.history.hand_history import PHH_CODES, STUDKIT_CODE, HandHistory
from studkit.history.phh import (
    dumps,
    dumps_all,
    history_files,
    load_file,
    loads,
    read_histories,
)
from studkit.history.record import from_hand, write_history
from studkit.history.replay import Replay, ReplayError, replay, replay_file, replay_paths

__all__ = [
    "Action",
    "HandHistory",
    "PHH_CODES",
    "STUDKIT_CODE",
    "dumps",
    "dumps_all",
    "format_action",
    "from_hand",
    "history_files",
    "load_file",
    "loads",
    "parse_action",
    "read_histories",
    "Replay",
    "ReplayError",
    "replay",
    "replay_file",
    "replay_paths",
    "write_history",
]
