"""The pages' titles name studkit once, and a replayed hand says the chip unit its amounts
are counted in (the replayer writes them as the account does: 650,000, or 6.50)."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from conftest import WSOP  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from web_client import client_fixture  # noqa: E402

from studkit.history.narrate import format_chips  # noqa: E402
from studkit.web.replays import replay_text  # noqa: E402

client = client_fixture()


def _title(html: str) -> str:
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/", "studkit"),
        ("/designer", "Designer · studkit"),
        ("/play", "Play · studkit"),
        ("/replay", "Replay · studkit"),
        ("/compare", "Compare · studkit"),
        ("/no-such-page", "Not found · studkit"),
    ],
)
def test_each_title_names_studkit_once(client: TestClient, path: str, title: str) -> None:
    assert _title(client.get(path).text) == title


def test_a_replayed_hand_in_whole_chips_has_scale_one() -> None:
    (hand,) = replay_text((WSOP / "hand-05.phh").read_text())["hands"]
    assert hand["scale"] == 1
    end = hand["frames"][-1]
    assert end["is_over"] and end["showdown"]["results"][0]["amount"] == 650_000
    assert "  p5 wins 650,000 from the main pot" in end["account"]


def test_a_replayed_hand_in_fractional_chips_says_its_scale() -> None:
    text = re.sub(
        r"\b\d{5,}\b", lambda m: str(int(m.group()) / 100000), (WSOP / "hand-05.phh").read_text()
    )
    (hand,) = replay_text(text)["hands"]
    assert hand["scale"] == 100
    amount = hand["frames"][-1]["showdown"]["results"][0]["amount"]
    assert amount == 650  # hundredths of a chip: the page writes amount / scale
    assert format_chips(amount, hand["scale"]) == "6.50"
    assert "  p5 wins 6.50 from the main pot" in hand["frames"][-1]["account"]


def test_a_history_that_cannot_be_read_has_scale_one() -> None:
    (hand,) = replay_text("variant = 'F7S'\nactions = ['p9 xx']\n")["hands"]
    assert hand["ok"] is False and hand["scale"] == 1
