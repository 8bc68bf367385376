"""The web app's routes through Starlette's TestClient: every endpoint and every refusal."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from conftest import ROOT, WSOP  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from studkit.history import loads, replay  # noqa: E402
from studkit.web import WebSettings, create_app  # noqa: E402
from studkit.web.designer import PAGE_FILE_NAME  # noqa: E402

MALFORMED = ROOT / "tests" / "malformed"
CLUB = """studkit: 1
name: our-club-stud
extends: seven-card-stud
title: Seven-card stud, club rules
betting:
  max_raises: 4
"""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as test_client:
        yield test_client


def _app_state(client: TestClient) -> Any:
    return client.app.app.state  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- pages


@pytest.mark.parametrize("path", ["/", "/designer", "/play", "/replay", "/compare"])
def test_every_page_is_served(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert "<title>" in response.text and "studkit" in response.text
    for asset in ("/static/style.css", "/static/common.js"):
        assert asset in response.text


def test_static_files_ship_in_the_package_and_nothing_comes_from_elsewhere(
    client: TestClient,
) -> None:
    static = ROOT / "studkit" / "web" / "static"
    for path in static.iterdir():
        response = client.get(f"/static/{path.name}")
        assert response.status_code == 200, path.name
        text = response.text.replace('xmlns="http://www.w3.org/2000/svg"', "")  # a name only
        assert "http://" not in text and "https://" not in text, path.name
    for page in ("/", "/designer", "/play", "/replay", "/compare"):
        text = client.get(page).text
        assert "https://" not in text and "http://" not in text  # no CDN: works offline


def test_an_unknown_page_is_a_page_not_a_traceback(client: TestClient) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert "text/html" in response.headers["content-type"]
    assert "404" in response.text and "Traceback" not in response.text
    assert client.get("/api/no-such-thing").json() == {"error": "Not Found"}


def test_an_unexpected_failure_is_a_message_not_a_traceback(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from studkit.web import designer

    def broken(text: str, shipped: Any) -> dict[str, Any]:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(designer, "check_text", broken)
    response = client.post("/api/validate", json={"yaml": CLUB})
    assert response.status_code == 500
    assert response.json() == {"error": "the server could not answer: RuntimeError"}


# ---------------------------------------------------------------------- validate


def test_validate_a_good_file(client: TestClient) -> None:
    answer = client.post("/api/validate", json={"yaml": CLUB}).json()
    assert answer["ok"] is True and answer["problems"] == []
    assert answer["variant"] == "our-club-stud"
    assert answer["rules"].startswith("Seven-card stud, club rules (our-club-stud)")
    assert answer["parent"] == "seven-card-stud"
    assert answer["differences"] == [
        {"rule": "raise cap", "parent": "bet + 3 raises", "variant": "bet + 4 raises"}
    ]


def test_validate_places_each_problem_at_its_line_column_and_key(client: TestClient) -> None:
    text = CLUB.replace("max_raises: 4", "max_raises: four") + "streets:\n  - name: third\n" \
        "    cards: [down, down, upp]\n"
    answer = client.post("/api/validate", json={"yaml": text}).json()
    assert answer["ok"] is False and answer["rules"] is None and answer["variant"] is None
    by_line = {p["line"]: p for p in answer["problems"]}
    assert by_line[6]["key"] == "betting.max_raises" and by_line[6]["column"] == 15
    assert "whole number" in by_line[6]["message"]
    assert by_line[9]["key"].startswith("streets[0] (third).cards[2]")
    assert "'upp'" in by_line[9]["message"] and "did you mean 'up'" in by_line[9]["message"]
    assert all(set(p) >= {"line", "column", "key", "message"} for p in answer["problems"])


# latin1.yaml is a problem of bytes on disk; a page sends text, already decoded by the browser
@pytest.mark.parametrize("path", sorted(p for p in MALFORMED.glob("*.yaml") if p.stem != "latin1"),
                         ids=lambda p: p.stem)
def test_validate_refuses_every_malformed_file_with_its_problems(
    client: TestClient, path: Path
) -> None:
    text = path.read_bytes().decode("latin-1")
    response = client.post("/api/validate", json={"yaml": text})
    assert response.status_code == 200
    answer = response.json()
    assert answer["ok"] is False and answer["problems"], path.name
    assert all(p["message"] for p in answer["problems"])


def test_a_yaml_bomb_is_refused_quickly(client: TestClient) -> None:
    bomb = (MALFORMED / "alias-bomb.yaml").read_text()
    answer = client.post("/api/validate", json={"yaml": bomb}).json()
    assert "alias bomb" in answer["problems"][0]["message"]


def test_python_tags_build_nothing(client: TestClient) -> None:
    text = "studkit: 1\nname: x\ntitle: !!python/object/apply:os.system ['touch /tmp/pwned']\n"
    answer = client.post("/api/validate", json={"yaml": text}).json()
    assert answer["ok"] is False
    assert "not allowed" in answer["problems"][0]["message"]


@pytest.mark.parametrize("parent", ["/etc/passwd", "../secret.yaml", "razz.yaml", "x/razz"])
def test_a_page_extends_only_shipped_games(client: TestClient, parent: str) -> None:
    text = f"studkit: 1\nname: x\nextends: {parent}\n"
    (problem,) = client.post("/api/validate", json={"yaml": text}).json()["problems"]
    assert (problem["line"], problem["column"], problem["key"]) == (3, 10, "extends")
    assert "not a shipped game" in problem["message"] and "never a file" in problem["message"]


@pytest.mark.parametrize("name", ["../../tmp/evil", "os.path", "Evil"])
def test_plugin_code_named_in_the_page_is_never_loaded_from_a_path(
    client: TestClient, name: str
) -> None:
    text = f"studkit: 1\nname: x\nextends: seven-card-stud\nplugins:\n  - name: {name}\n"
    answer = client.post("/api/validate", json={"yaml": text}).json()
    assert answer["ok"] is False
    (problem,) = answer["problems"]
    assert problem["line"] == 5 and "plugins[0]" in problem["key"]


def test_an_unknown_plugin_is_not_installed_here(client: TestClient) -> None:
    text = "studkit: 1\nname: x\nextends: seven-card-stud\nplugins:\n  - name: no-such-rule\n"
    (problem,) = client.post("/api/validate", json={"yaml": text}).json()["problems"]
    assert "not installed" in problem["message"] and problem["file"] == PAGE_FILE_NAME


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"{not json", 400, "not JSON"),
        (b"\xff\xfe", 400, "not JSON"),
        (b"[1, 2]", 422, "JSON object"),
        (b'"text"', 422, "JSON object"),
        (b"{}", 422, "yaml: the field is missing"),
        (b'{"yaml": 5}', 422, "yaml: the field is not text"),
        (b"[" * 100_000 + b"]" * 100_000, 400, "not JSON"),
    ],
)
def test_malformed_requests_are_refused_with_a_message(
    client: TestClient, body: bytes, status: int, words: str
) -> None:
    response = client.post("/api/validate", content=body,
                           headers={"content-type": "application/json"})
    assert response.status_code == status
    assert words in response.json()["error"]


def test_a_body_over_one_mebibyte_is_refused(client: TestClient) -> None:
    huge = json.dumps({"yaml": "x" * (1024 * 1024)})
    response = client.post("/api/validate", content=huge,
                           headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert "1,048,576 bytes" in response.json()["error"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        for _ in range(40):
            yield b"x" * 65536

    response = client.post("/api/validate", content=chunks())
    assert response.status_code == 413
    assert client.post("/api/validate", json={"yaml": CLUB}).json()["ok"]  # still serving


def test_a_text_over_the_variant_size_limit_is_a_problem_not_a_crash(
    client: TestClient,
) -> None:
    text = "studkit: 1\nname: x\n" + "# " + "x" * 300_000 + "\n"
    (problem,) = client.post("/api/validate", json={"yaml": text}).json()["problems"]
    assert "at most 262,144 bytes" in problem["message"]


def test_variants_schema_and_shipped_files(client: TestClient) -> None:
    games = client.get("/api/variants").json()["variants"]
    names = [game["name"] for game in games]
    assert "seven-card-stud" in names and "razz" in names
    razz = client.get("/api/variants/razz").json()
    assert razz["name"] == "razz" and "studkit: 1" in razz["yaml"]
    assert client.get("/api/variants/..%2F..%2Fetc%2Fpasswd").status_code == 404
    assert client.get("/api/variants/no-such-game").status_code == 404
    schema = client.get("/api/schema").json()
    assert "streets" in schema["properties"]


# ---------------------------------------------------------------------- tables


def _create(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"variant": "seven-card-stud", "players": 3, "seed": 11, **fields}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def _passive(state: dict[str, Any]) -> dict[str, Any]:
    for kind in ("check", "call", "bring-in"):
        for action in state["legal_actions"]:
            if action["kind"] == kind:
                return dict(action)
    return dict(state["legal_actions"][-1])


def _play_out(client: TestClient, table_id: str, state: dict[str, Any],
              choose: Any = _passive) -> tuple[dict[str, Any], set[str]]:
    kinds: set[str] = set()
    for _ in range(500):
        if state["is_over"]:
            return state, kinds
        action = choose(state)
        kinds.add(action["kind"])
        sized = action["min"] is not None and action["max"] is not None
        amount = action["min"] if sized else action["amount"]
        response = client.post(f"/api/tables/{table_id}/actions",
                               json={"action": action["kind"], "amount": amount})
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    raise AssertionError("the hand never ended")


def test_a_new_table_waits_for_the_player_with_the_state_the_page_needs(
    client: TestClient,
) -> None:
    answer = _create(client)
    state = answer["state"]
    assert isinstance(answer["id"], str) and len(answer["id"]) >= 16
    assert state["is_over"] is False and state["payoffs"] is None
    assert state["legal_actions"], "the bots act until it is the player's turn"
    for action in state["legal_actions"]:
        assert set(action) >= {"kind", "amount", "min", "max"}
    me = [seat for seat in state["seats"] if seat["you"]]
    assert len(me) == 1 and me[0]["seat"] == 1 and me[0]["to_act"]
    assert all(card is not None for card in me[0]["down_cards"])
    others = [seat for seat in state["seats"] if not seat["you"]]
    assert all(card is None for seat in others for card in seat["down_cards"])
    assert all(seat["up_cards"] for seat in state["seats"])
    assert state["pot"] >= 3 and len(state["stacks"]) == 3  # antes, and what the bots put in
    assert client.get(f"/api/tables/{answer['id']}").json()["state"] == state


def test_a_hand_played_to_the_end_over_the_api(client: TestClient) -> None:
    answer = _create(client, seat=2)
    state, kinds = _play_out(client, answer["id"], answer["state"])
    assert state["is_over"] and state["legal_actions"] == []
    assert sum(state["payoffs"]) == 0 and len(state["payoffs"]) == 3
    assert state["showdown"]["results"]
    assert [seat["you"] for seat in state["seats"]] == [False, True, False]
    refused = client.post(f"/api/tables/{answer['id']}/actions",
                          json={"action": "check", "amount": None})
    assert refused.status_code == 422 and "the hand is over" in refused.json()["error"]
    history = client.get(f"/api/tables/{answer['id']}/history")
    assert history.status_code == 200
    assert "attachment" in history.headers["content-disposition"]
    (recorded,) = loads(history.text)
    assert replay(recorded).ok and recorded.players and "you" not in recorded.players[0]
    nxt = client.post(f"/api/tables/{answer['id']}/hands").json()["state"]
    assert nxt["hand_number"] == 2 and not nxt["is_over"]
    again = client.post(f"/api/tables/{answer['id']}/hands")
    assert again.status_code == 422 and "not over" in again.json()["error"]


def test_an_illegal_action_is_422_with_the_engines_message(client: TestClient) -> None:
    answer = _create(client)
    table = answer["id"]
    for body in ({"action": "raise", "amount": 10_000}, {"action": "dance", "amount": None},
                 {"action": "call", "amount": 3}):
        response = client.post(f"/api/tables/{table}/actions", json=body)
        assert response.status_code == 422, body
        error = response.json()
        assert f"cannot {body['action']}" in error["error"] and "legal actions are" in \
            error["error"]  # the engine's own message
        assert error["legal_actions"] == answer["state"]["legal_actions"]
    for body in ({"amount": 5}, {"action": 3}, {"action": "call", "amount": True},
                 {"action": "bet", "amount": 2.5},
                 {"action": "call", "amount": "5"}, {"action": "call", "amount": 10**20}):
        response = client.post(f"/api/tables/{table}/actions", json=body)
        assert response.status_code == 422, body
    assert client.get(f"/api/tables/{table}").json()["state"] == answer["state"]


def test_an_unknown_table_is_404_everywhere(client: TestClient) -> None:
    for method, path in (("get", "/api/tables/nope"), ("post", "/api/tables/nope/actions"),
                         ("post", "/api/tables/nope/hands"),
                         ("get", "/api/tables/nope/history"),
                         ("delete", "/api/tables/nope")):
        kwargs: dict[str, Any] = {"json": {"action": "fold"}} if path.endswith("s") and \
            method == "post" else {}
        response = getattr(client, method)(path, **kwargs)
        assert response.status_code == 404, path
        assert "nope" in response.json()["error"]
    table = _create(client)["id"]
    assert client.delete(f"/api/tables/{table}").status_code == 204
    assert client.get(f"/api/tables/{table}").status_code == 404


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"variant": "no-such-game"}, "not a shipped game"),
        ({"variant": "../variants/razz.yaml"}, "not a shipped game"),
        ({"variant": "studkit: 1\nname: x\nextends: /etc/passwd\n"}, "not a shipped game"),
        ({"variant": "razz", "players": 9}, "seats 2 to 8"),
        ({"variant": "razz", "players": 1}, "out of range"),
        ({"variant": "razz", "players": 3, "seat": 4}, "seats are numbered 1 to 3"),
        ({"variant": "razz", "bots": "os:system"}, "built-in bots"),
        ({"variant": "razz", "players": 3, "bots": ["tag"] * 3}, "3 names for 2 opponents"),
        ({"variant": "razz", "bots": 7}, "bot name"),
        ({"variant": "razz", "seed": -1}, "out of range"),
        ({"variant": "razz", "stack": 0}, "out of range"),
        ({"variant": 5}, "variant: the field is not text"),
    ],
)
def test_a_table_that_cannot_be_set_is_refused(
    client: TestClient, fields: dict[str, Any], words: str
) -> None:
    response = client.post("/api/tables", json=fields)
    assert response.status_code == 422
    assert words in response.json()["error"]


def test_a_table_for_the_designers_file(client: TestClient) -> None:
    state = _create(client, variant=CLUB, bots="calling-station")["state"]
    assert state["variant"] == "our-club-stud" and state["title"] == "Seven-card stud, club rules"
    assert all("calling-station" in s["name"] for s in state["seats"] if not s["you"])


@pytest.mark.parametrize("game", ["high-low-declare", "roll-your-own", "seven-card-stud-twist",
                                  "baseball", "no-limit-seven-card-stud"])
def test_plugin_decisions_and_pot_sizes_go_through_the_api(client: TestClient, game: str) -> None:
    seen: set[str] = set()

    def boldest(state: dict[str, Any]) -> dict[str, Any]:
        plugin = [a for a in state["legal_actions"]
                  if a["kind"] not in ("fold", "check", "call", "bring-in", "complete",
                                       "bet", "raise")]
        if plugin:
            return dict(plugin[-1])
        return _passive(state)

    for seed in range(4):
        answer = _create(client, variant=game, players=3, seed=seed)
        if game == "baseball":
            assert answer["state"]["wild_ranks"] == ["3", "9"]
        for action in answer["state"]["legal_actions"]:
            if action["min"] is not None and action["max"] is not None \
                    and action["max"] > action["min"] and game.startswith("no-limit"):
                assert action["pot_sizes"]["pot"] <= action["max"]
        state, kinds = _play_out(client, answer["id"], answer["state"], boldest)
        assert sum(state["payoffs"]) == 0
        seen |= kinds
    if game in ("high-low-declare", "roll-your-own", "seven-card-stud-twist"):
        assert seen - {"fold", "check", "call", "bring-in", "complete", "bet", "raise"}, seen


def test_idle_tables_expire_and_the_count_is_bounded() -> None:
    now = [1000.0]
    app = create_app(WebSettings(max_tables=3, table_idle_seconds=60))
    with TestClient(app) as client:
        store = app.app.state.tables  # type: ignore[attr-defined]
        store.clock = lambda: now[0]
        ids = [_create(client)["id"] for _ in range(3)]
        now[0] += 30
        assert client.get(f"/api/tables/{ids[0]}").status_code == 200  # touched: kept
        fourth = _create(client)["id"]  # full: the table idle longest (ids[1]) makes room
        assert client.get(f"/api/tables/{ids[1]}").status_code == 404
        assert len(store) == 3
        now[0] += 61
        for table in (ids[0], ids[2], fourth):
            assert client.get(f"/api/tables/{table}").status_code == 404
        assert len(store) == 0


# ---------------------------------------------------------------------- replays


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


def _events(client: TestClient, job: str) -> list[tuple[str, dict[str, Any]]]:
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
    events = _events(client, job)
    assert events[-1][0] == "done"
    assert events[-1][1]["done"] == events[-1][1]["total"] == 80
    counts = [data["done"] for kind, data in events if kind == "progress"]
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
    assert client.get(f"/compare/{job}/report/pots.png").headers["content-type"] == "image/png"
    assert client.get(f"/compare/{job}/report/..%2F..%2Fetc%2Fpasswd").status_code == 404
    assert client.get("/compare/nope/report/index.html").status_code == 404


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"variants": ["razz"]}, "compare 2 to 6"),
        ({"variants": "razz"}, "a list"),
        ({"variants": ["razz", "no-such"]}, "not a shipped game"),
        ({"variants": ["razz", "seven-card-stud"], "hands": 10**6}, "out of range"),
        ({"variants": ["razz", "seven-card-stud"], "bots": "evil:Bot"}, "built-in bots"),
        ({"variants": ["razz", "seven-card-stud"], "odds": "yes"}, "true or false"),
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


# ---------------------------------------------------------------------- the command


def test_serve_is_a_command_with_its_flags() -> None:
    from studkit.cli import build_parser

    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "9000",
                                      "--no-browser"])
    assert (args.host, args.port, args.no_browser) == ("0.0.0.0", 9000, True)
    defaults = build_parser().parse_args(["serve"])
    assert (defaults.host, defaults.port, defaults.no_browser) == ("127.0.0.1", 8765, False)


def test_only_loopback_is_served_without_a_warning() -> None:
    from studkit.web.server import is_loopback, page_url

    assert all(is_loopback(h) for h in ("127.0.0.1", "localhost", "::1", "127.0.0.2"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "192.168.1.5", "example.com", "::"))
    assert page_url("0.0.0.0", 8765) == "http://127.0.0.1:8765/designer"
    assert page_url("::1", 80, "play") == "http://[::1]:80/play"


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_studkit_serve_answers_and_warns_for_another_host() -> None:
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "studkit", "serve", "--no-browser", "--port", str(port),
         "--host", "0.0.0.0"],
        stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/designer") as page:
                    assert page.status == 200
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert server.returncode == 0, err
    assert "warning: serving on 0.0.0.0, not only this machine" in err


def test_serve_without_the_web_extra_says_how_to_install_it() -> None:
    import subprocess
    import sys

    code = ("import sys; sys.modules['starlette'] = None\n"
            "from studkit.cli import main\nsys.exit(main(['serve', '--no-browser']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2
    assert "pip install 'studkit[web]'" in done.stderr and "Traceback" not in done.stderr


def test_a_port_in_use_is_an_error_not_a_traceback() -> None:
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "studkit", "serve", "--no-browser", "--port", str(port)],
            capture_output=True, text=True, timeout=60, check=False,
        )
    assert done.returncode == 2
    assert f"cannot serve on 127.0.0.1:{port}" in done.stderr and "Traceback" not in done.stderr


def test_one_table_takes_concurrent_requests_one_at_a_time(client: TestClient) -> None:
    import threading

    answer = _create(client, players=4, bots="calling-station")
    table = answer["id"]
    action = _passive(answer["state"])
    statuses: list[int] = []

    def send() -> None:
        response = client.post(f"/api/tables/{table}/actions",
                               json={"action": action["kind"], "amount": action["amount"]})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=send) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(statuses) <= {200, 422} and 200 in statuses
    state = client.get(f"/api/tables/{table}").json()["state"]
    assert sum(state["stacks"]) + state["pot"] == 4 * state["starting_stack"]


def test_a_long_session_of_histories_is_cut_short(client: TestClient) -> None:
    table = _create(client, players=2)
    state, _ = _play_out(client, table["id"], table["state"])
    text = client.get(f"/api/tables/{table['id']}/history").text.split("\n", 1)[1]
    many = "\n".join(f"[{i}]\n{text}" for i in range(1, 131))
    answer = client.post("/api/replays", json={"phh": many}).json()
    assert len(answer["hands"]) == 100 and answer["more"] == 30
    assert all(hand["ok"] for hand in answer["hands"])
