"""The web app's tables through the API: playing, refusals, expiry, concurrency."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from starlette.testclient import TestClient  # noqa: E402
from web_client import CLUB, client_fixture, create, passive, play_out  # noqa: E402

from studkit.history import loads, replay  # noqa: E402
from studkit.web import WebSettings, create_app  # noqa: E402

client = client_fixture()


def test_a_new_table_waits_for_the_player_with_the_state_the_page_needs(
    client: TestClient,
) -> None:
    answer = create(client)
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
    answer = create(client, seat=2)
    state, kinds = play_out(client, answer["id"], answer["state"])
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
    answer = create(client)
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
    table = create(client)["id"]
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
    state = create(client, variant=CLUB, bots="calling-station")["state"]
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
        return passive(state)

    for seed in range(4):
        answer = create(client, variant=game, players=3, seed=seed)
        if game == "baseball":
            assert answer["state"]["wild_ranks"] == ["3", "9"]
        for action in answer["state"]["legal_actions"]:
            if action["min"] is not None and action["max"] is not None \
                    and action["max"] > action["min"] and game.startswith("no-limit"):
                assert action["pot_sizes"]["pot"] <= action["max"]
        state, kinds = play_out(client, answer["id"], answer["state"], boldest)
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
        ids = [create(client)["id"] for _ in range(3)]
        now[0] += 30
        assert client.get(f"/api/tables/{ids[0]}").status_code == 200  # touched: kept
        fourth = create(client)["id"]  # full: the table idle longest (ids[1]) makes room
        assert client.get(f"/api/tables/{ids[1]}").status_code == 404
        assert len(store) == 3
        now[0] += 61
        for table in (ids[0], ids[2], fourth):
            assert client.get(f"/api/tables/{table}").status_code == 404
        assert len(store) == 0


def test_one_table_takes_concurrent_requests_one_at_a_time(client: TestClient) -> None:
    import threading

    answer = create(client, players=4, bots="calling-station")
    table = answer["id"]
    action = passive(answer["state"])
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
    table = create(client, players=2)
    state, _ = play_out(client, table["id"], table["state"])
    text = client.get(f"/api/tables/{table['id']}/history").text.split("\n", 1)[1]
    many = "\n".join(f"[{i}]\n{text}" for i in range(1, 131))
    answer = client.post("/api/replays", json={"phh": many}).json()
    assert len(answer["hands"]) == 100 and answer["more"] == 30
    assert all(hand["ok"] for hand in answer["hands"])
