"""The web app's pages and designer checks through Starlette's TestClient, every refusal
included, and the ``studkit serve`` command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from conftest import ROOT, free_port  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from timeouts import LOADED_MACHINE_TIMEOUT  # noqa: E402
from web_client import CLUB, client_fixture  # noqa: E402

from studkit.web.designer import PAGE_FILE_NAME  # noqa: E402

MALFORMED = ROOT / "tests" / "malformed"

client = client_fixture()


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
    from studkit.web import api

    def broken(text: str, shipped: Any) -> dict[str, Any]:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(api, "check_text", broken)
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
    assert {game["name"]: game["family"] for game in games}["razz"] == "lowball"
    razz = client.get("/api/variants/razz").json()
    assert razz["name"] == "razz" and "studkit: 1" in razz["yaml"]
    assert client.get("/api/variants/..%2F..%2Fetc%2Fpasswd").status_code == 404
    assert client.get("/api/variants/no-such-game").status_code == 404
    schema = client.get("/api/schema").json()
    assert "streets" in schema["properties"]


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


def test_studkit_serve_answers_and_warns_for_another_host() -> None:
    import signal
    import subprocess
    import sys
    import time
    import urllib.request

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "studkit", "serve", "--no-browser", "--port", str(port),
         "--host", "0.0.0.0"],
        stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + LOADED_MACHINE_TIMEOUT
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/designer",
                                            timeout=LOADED_MACHINE_TIMEOUT) as page:
                    assert page.status == 200
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.2)
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=LOADED_MACHINE_TIMEOUT)
    assert server.returncode == 0, err
    assert "warning: serving on 0.0.0.0, not only this machine" in err


def test_serve_without_the_web_extra_says_how_to_install_it() -> None:
    import subprocess
    import sys

    code = ("import sys; sys.modules['starlette'] = None\n"
            "from studkit.cli import main\nsys.exit(main(['serve', '--no-browser']))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, timeout=LOADED_MACHINE_TIMEOUT)
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
            capture_output=True, text=True, timeout=LOADED_MACHINE_TIMEOUT, check=False,
        )
    assert done.returncode == 2
    assert f"cannot serve on 127.0.0.1:{port}" in done.stderr and "Traceback" not in done.stderr


def test_a_plugins_dir_given_at_start_serves_its_plugins_and_only_those(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from studkit.hooks.registry import PluginRegistry
    from studkit.web import WebSettings, create_app

    house = tmp_path / "house"
    house.mkdir()
    (house / "house_rule.py").write_text('"""A house rule that changes nothing."""\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "other_rule.py").write_text("raise SystemExit('never imported')\n")
    settings = WebSettings(registry=PluginRegistry([house]))  # what serve --plugins-dir makes
    plain_app = create_app()  # another app in the same process, with no plugin directory
    with TestClient(create_app(settings)) as started, TestClient(plain_app) as plain:
        def check(client: TestClient, name: str) -> dict[str, Any]:
            text = f"studkit: 1\nname: x\nextends: razz\nplugins:\n  - name: {name}\n"
            answer: dict[str, Any] = client.post("/api/validate", json={"yaml": text}).json()
            return answer

        assert check(started, "house-rule")["ok"] is True
        refused = check(started, "other-rule")
        assert refused["ok"] is False and "not installed" in refused["problems"][0]["message"]
        elsewhere_too = check(plain, "house-rule")
        assert elsewhere_too["ok"] is False, "the directory is the first app's alone"


def test_the_play_page_selects_the_default_game_the_server_sets() -> None:
    import re

    from studkit.errors import StudkitError
    from studkit.web import WebSettings, create_app

    with TestClient(create_app(WebSettings(default_game="razz"))) as client:
        page = client.get("/play").text
    assert re.search(r'<option value="razz"[^>]*selected>', page)
    assert not re.search(r'<option value="seven-card-stud"[^>]*selected>', page)
    with TestClient(create_app()) as client:
        page = client.get("/play").text
    assert re.search(r'<option value="seven-card-stud"[^>]*selected>', page)
    with pytest.raises(StudkitError, match="default_game 'no-such-game' is not a shipped game"):
        create_app(WebSettings(default_game="no-such-game"))


def test_tune_a_page_s_file_and_get_it_back_with_the_values_set(client: TestClient) -> None:
    text = ("studkit: 1\nname: club\nextends: seven-card-stud\n"
            "forced_bets: {ante: 1}  # agreed\n")
    response = client.post("/api/tune", json={
        "variant": text, "params": ["forced_bets.ante=0..5"], "targets": ["mean_pot_bb=2.0"],
        "players": 4, "bots": "calling-station", "hands": 400})
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["best"] == {"forced_bets.ante": 3} and data["met"]
    assert data["yaml"] == text.replace("ante: 1", "ante: 3") and data["unplaced"] == []
    # a shipped game by its name: the search, and no text to give back
    data = client.post("/api/tune", json={
        "variant": "seven-card-stud", "params": ["betting.max_raises=2..3"],
        "targets": ["mean_actions>=1"], "hands": 50}).json()
    assert set(data["best"]) == {"betting.max_raises"} and data["yaml"] is None


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"params": ["forced_bets.ante=0..2"], "targets": ["mean_pot_bb=2"]}, "variant"),
        ({"variant": "razz", "targets": ["mean_pot_bb=2"]}, "params: a list"),
        ({"variant": "razz", "params": ["forced_bets.ante=0..2"], "targets": []},
         "targets: a list"),
        ({"variant": "razz", "params": ["ante=lots"], "targets": ["mean_pot_bb=2"]},
         "KEY=LO..HI"),
        ({"variant": "razz", "params": ["forced_bets.ante=0..2"], "targets": ["pot=2"]},
         "unknown metric"),
        ({"variant": "razz", "params": ["forced_bets.ante=0..100"],
          "targets": ["mean_pot_bb=2"]}, "a page may search 60"),
        ({"variant": "razz", "params": ["forced_bets.ante=0..2"], "targets": ["mean_pot_bb=2"],
          "hands": 10**6}, "out of range"),
        ({"variant": "no-such-game", "params": ["forced_bets.ante=0..2"],
          "targets": ["mean_pot_bb=2"]}, "not a shipped game"),
    ],
)
def test_a_tune_that_cannot_run_is_refused(
    client: TestClient, fields: dict[str, object], words: str
) -> None:
    response = client.post("/api/tune", json=fields)
    assert response.status_code == 422
    assert words in response.json()["error"]
