"""What the web app's TestClient tests share: a client on a fresh app, a house rule, and
helpers that create a table and play a hand through the API."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from studkit.web import create_app

CLUB = """studkit: 1
name: our-club-stud
extends: seven-card-stud
title: Seven-card stud, club rules
betting:
  max_raises: 4
"""


def client_fixture() -> Any:
    """A ``client`` fixture: a TestClient on one app for the whole test module (a test
    module says ``client = client_fixture()``)."""

    @pytest.fixture(scope="module")
    def client() -> Iterator[TestClient]:
        with TestClient(create_app(), raise_server_exceptions=False) as test_client:
            yield test_client

    return client


def create(client: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"variant": "seven-card-stud", "players": 3, "seed": 11, **fields}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, Any] = response.json()
    return answer


def passive(state: dict[str, Any]) -> dict[str, Any]:
    for kind in ("check", "call", "bring-in"):
        for action in state["legal_actions"]:
            if action["kind"] == kind:
                return dict(action)
    return dict(state["legal_actions"][-1])


def play_out(client: TestClient, table_id: str, state: dict[str, Any],
              choose: Any = None) -> tuple[dict[str, Any], set[str]]:
    kinds: set[str] = set()
    for _ in range(500):
        if state["is_over"]:
            return state, kinds
        action = (choose or passive)(state)
        kinds.add(action["kind"])
        sized = action["min"] is not None and action["max"] is not None
        amount = action["min"] if sized else action["amount"]
        response = client.post(f"/api/tables/{table_id}/actions",
                               json={"action": action["kind"], "amount": amount})
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    raise AssertionError("the hand never ended")
