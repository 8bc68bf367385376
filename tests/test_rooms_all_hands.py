"""Every real online stud hand of the shared data (../shared/data/hand-histories/online:
380 seven-card stud, stud hi-lo and razz hands from twelve rooms) replayed straight from the
rooms' files, each checked against the stacks its history gives after the rake."""

from __future__ import annotations

from pathlib import Path

import pytest

from studkit.history.replay import Replay, replay_paths

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "hand-histories" / "online"

CHECKED = 382
"""How many hands replay to the history's own stacks: every hand of the rooms' files (the 380
of the shared data's SOURCES.md, one PokerStars hand found in two files, and a stud hi-lo
hand SOURCES.md counts as none)."""


@pytest.fixture(scope="module")
def results() -> list[Replay]:
    if not DATA.is_dir():
        pytest.skip(f"{DATA} is absent")
    return replay_paths([DATA])


def test_the_stud_hands_replay_to_the_histories_stacks(results: list[Replay]) -> None:
    stud = [r for r in results if not r.skipped and "KingsClub" not in r.file]
    checked = [r for r in stud if r.checked]
    failing = "\n".join(str(r.error) for r in stud if not r.checked)
    assert len(checked) == CHECKED, f"{len(checked)} checked; failing:\n{failing}"
    assert all(r.ok for r in checked)
    (cut,) = [r for r in stud if not r.checked]  # a file cut off in its second hand's summary
    assert cut.error is not None and cut.error.endswith("(the file is cut off?)")


def test_the_other_games_of_mixed_files_are_skipped_by_name(results: list[Replay]) -> None:
    skipped = [r for r in results if r.skipped]
    assert len(skipped) == 153
    assert all(
        r.error is not None and "stud, stud hi-lo or razz hand: " in r.error for r in skipped
    )


def test_the_kingsclub_files_are_refused_by_name(results: list[Replay]) -> None:
    refused = [r for r in results if "KingsClub" in r.file]
    assert len(refused) == 6
    assert all(
        r.error is not None
        and r.error.startswith(f"{r.file}:1: not a hand history")
        or (r.error is not None and "not supported" in r.error)
        for r in refused
    ), [r.error for r in refused]


def test_imported_they_replay_the_same_and_read_back_byte_for_byte(
    results: list[Replay], tmp_path: Path
) -> None:
    from studkit.history import dumps, loads
    from studkit.history.rooms.phh_import import import_histories

    imported = import_histories([DATA], tmp_path)
    assert imported.hands == sum(r.history is not None for r in results)
    assert len(imported.skipped) == sum(r.skipped for r in results) == 153
    assert len(imported.errors) == 7  # the six KingsClub files and a hand cut off mid-summary
    for path in imported.written:
        text = Path(path).read_text()
        assert [dumps(h) for h in loads(text)] == [text], path
    again = {
        (r.history.fields["hand"], r.history.fields["_site"]): r.finishing_stacks
        for r in replay_paths([tmp_path])
        if r.checked and r.history is not None
    }
    direct = {
        (r.key, r.history.fields["_site"]): r.finishing_stacks
        for r in results
        if r.checked and r.history is not None
    }
    assert again == direct
