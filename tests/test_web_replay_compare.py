"""The web app's replayer and comparisons through the API."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from conftest import ROOT, WSOP  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from web_client import CLUB, client_fixture  # noqa: E402

from studkit.compare.report import matplotlib_available  # noqa: E402
from studkit.web import WebSettings, create_app  # noqa: E402

# ---------------------------------------------------------------------- replays

client = client_fixture()


def test_a_real_hand_replays_step_by_step(client: TestClient) -> None:
    found = [d for d in (WSOP, ROOT.parents[1] / "shared" / WSOP.relative_to(WSOP.parents[2]))
             if d.is_dir()]
    if not found:
        pytest.skip(f"real-hand data not found at {WSOP}")
    text = (found[0] / "hand-74.phh").read_text()
    (hand,) = client.post("/api/replays", json={"phh": text}).json()["hands"]
    assert hand["ok"] and hand["complete"] and hand["error"] is None
    frames = hand["frames"]
    assert len(frames) == 9  # the deal, then one frame after each of the 8 decisions
    assert frames[0]["street"] == "third street" and frames[0]["actor"] == 2
    assert [f["street_index"] for f in frames] == [0] * 5 + [1] * 4
    assert frames[1]["note"] == "p2 brings in for 75,000"
    assert frames[-1]["is_over"] and frames[-1]["showdown"]["results"]
    assert frames[-1]["payoffs"] == ["475,000", "-125,000", "-300,000", "-50,000"]
    first = frames[0]["seats"][0]
    assert first["down_cards"] == ["Kh", "7h"] and first["up_cards"] == ["7s"]


def test_a_broken_history_says_why(client: TestClient) -> None:
    answer = client.post("/api/replays", json={"phh": "variant = [unclosed"}).json()
    assert answer["hands"] == [] and "not valid TOML" in answer["error"]
    text = "variant = 'F7S'\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n" \
        "starting_stacks = [50, 50]\nactions = ['d dh p1 2c3d4h', 'd dh p2 KcKdKh', " \
        "'p2 cbr 4']\n"
    (hand,) = client.post("/api/replays", json={"phh": text}).json()["hands"]
    assert hand["ok"] is False and "p2 cbr 4" in hand["error"]
    assert hand["frames"], "the steps up to the failing action are kept"


def test_a_history_may_not_name_a_variant_file(client: TestClient) -> None:
    text = "variant = 'studkit'\n_studkit_variant = '/etc/passwd'\nantes = [1, 1]\n" \
        "bring_in = 1\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [50, 50]\nactions = []\n"
    (hand,) = client.post("/api/replays", json={"phh": text}).json()["hands"]
    assert hand["ok"] is False and "not a shipped game" in hand["error"]


# ---------------------------------------------------------------------- compare


def _messages(client: TestClient, job: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    with client.stream("GET", f"/api/compare/{job}/events") as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        kind = ""
        for line in response.iter_lines():
            if line.startswith("event: "):
                kind = line.removeprefix("event: ")
            elif line.startswith("data: "):
                out.append((kind, json.loads(line.removeprefix("data: "))))
    return out


def test_a_comparison_streams_progress_and_ends_with_the_report(client: TestClient) -> None:
    response = client.post("/api/compare", json={
        "variants": ["seven-card-stud", CLUB], "hands": 40, "bots": "tag", "seed": 3,
        "odds": False,
    })
    assert response.status_code == 202
    job = response.json()["id"]
    messages = _messages(client, job)  # the server-sent stream: (event name, data) pairs
    assert messages[-1][0] == "done"
    assert messages[-1][1]["done"] == messages[-1][1]["total"] == 80
    counts = [data["done"] for kind, data in messages if kind == "progress"]
    assert counts and counts == sorted(counts)  # as the hands are played (or all at once, when
    # the stream opens after the job ended)
    status = client.get(f"/api/compare/{job}").json()
    assert status["phase"] == "done"
    assert status["result"]["variants"] == ["seven-card-stud", "our-club-stud"]
    assert status["result"]["rules"][0]["differences"] == [
        "raise cap: bet + 3 raises -> bet + 4 raises"
    ]
    page = client.get(f"/compare/{job}/report/index.html")
    assert page.status_code == 200 and "seven-card-stud vs our-club-stud" in page.text
    if matplotlib_available():  # the PNG copies of the inline charts
        assert client.get(f"/compare/{job}/report/pots.png").headers["content-type"] == \
            "image/png"
    assert client.get(f"/compare/{job}/report/..%2F..%2Fetc%2Fpasswd").status_code == 404
    assert client.get("/compare/nope/report/index.html").status_code == 404


def test_the_compare_page_starts_from_the_cli_defaults(client: TestClient) -> None:
    from studkit.defaults import DEFAULT_COMPARE_HANDS

    page = client.get("/compare").text
    assert f'id="hands" type="number" min="10" max="20000" value="{DEFAULT_COMPARE_HANDS}"' in page
    # the bots: the default mix (no bot is preselected)
    assert '<option value="" selected>the default mix' in page
    assert "selected>tag" not in page


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"variants": ["razz"]}, "compare 2 to 6"),
        ({"variants": "razz"}, "a list"),
        ({"variants": ["razz", "no-such"]}, "not a shipped game"),
        ({"variants": ["razz", "seven-card-stud"], "hands": 10**6}, "out of range"),
        ({"variants": ["razz", "seven-card-stud"], "bots": "evil:Bot"}, "built-in bots"),
        ({"variants": ["razz", "seven-card-stud"], "odds": "yes"}, "true or false"),
        ({"variants": ["razz", "seven-card-stud"], "skill_trace": 1}, "skill_trace: true or false"),
    ],
)
def test_a_comparison_that_cannot_run_is_refused(
    client: TestClient, fields: dict[str, Any], words: str
) -> None:
    response = client.post("/api/compare", json=fields)
    assert response.status_code == 422
    assert words in response.json()["error"]


def test_comparisons_are_bounded_and_unknown_ones_are_404() -> None:
    with TestClient(create_app(WebSettings(max_running_comparisons=0))) as client:
        response = client.post("/api/compare", json={"variants": ["razz", "seven-card-stud"]})
        assert response.status_code == 429 and "at most 0 at once" in response.json()["error"]
        assert client.get("/api/compare/nope").status_code == 404
        assert client.get("/api/compare/nope/events").status_code == 404
