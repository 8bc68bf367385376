"""The web app in a real headless Chromium (Debian's ``chromium``, driven by Playwright).

Each page loads without a page error or a console error at a desktop and a phone size; a
broken file typed in the designer shows its problem at its line; a hand is played to its end
by clicking; a replay is stepped through; a comparison runs with live progress.

The tests skip when Chromium or Playwright is missing, except where
``STUDKIT_REQUIRE_BROWSER=1`` (CI sets it): there a missing browser is a failure.
``STUDKIT_SCREENSHOTS=DIR`` also writes the screenshots of docs/web.md into DIR.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, WSOP
from timeouts import LOADED_MACHINE_TIMEOUT, LOADED_MACHINE_TIMEOUT_MS

CHROMIUM = os.environ.get("STUDKIT_CHROMIUM", "/usr/bin/chromium")
REQUIRED = os.environ.get("STUDKIT_REQUIRE_BROWSER", "") not in ("", "0")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
PAGES = ("/", "/designer", "/play", "/replay", "/compare")


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed (pip install '.[test]')"
    if not (os.path.isfile(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


_REASON = _missing()
if _REASON is not None:
    if REQUIRED:
        raise RuntimeError(f"STUDKIT_REQUIRE_BROWSER is set but {_REASON}")
    pytest.skip(f"browser tests need Chromium and Playwright: {_REASON}",
                allow_module_level=True)

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    import uvicorn

    from studkit.web import create_app

    # the server listens on a socket bound here, on a port the system picks (never a port
    # another program may hold)
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port: int = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + LOADED_MACHINE_TIMEOUT
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=LOADED_MACHINE_TIMEOUT)
    listening.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS,
                                              timeout=LOADED_MACHINE_TIMEOUT_MS)
        yield launched
        launched.close()


class Watched:
    """A page with every page error and console error it reports. Its waits (a page load,
    a selector, a download) are bounded by the loaded machine's timeout: on a busy machine the
    server takes seconds to answer, and a wait ends as soon as the page is ready."""

    def __init__(self, browser: Browser, viewport: dict[str, int]) -> None:
        self.context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
        self.context.set_default_timeout(LOADED_MACHINE_TIMEOUT_MS)
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def close(self) -> None:
        self.context.close()


@pytest.fixture()
def desktop(browser: Browser) -> Iterator[Watched]:
    watched = Watched(browser, DESKTOP)
    yield watched
    watched.close()
    assert watched.errors == []


def _hand_history() -> str:
    for folder in (WSOP, ROOT.parents[1] / "shared" / WSOP.relative_to(WSOP.parents[2])):
        if folder.is_dir():
            return (folder / "hand-05.phh").read_text()
    return (
        "variant = 'F7S'\nantes = [1, 1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
        "starting_stacks = [50, 50, 50]\nactions = ['d dh p1 2c3d4h', 'd dh p2 KcKdKh', "
        "'d dh p3 9s9h8d', 'p1 pb', 'p2 cbr 2', 'p3 cc', 'p1 f', 'd dh p2 Ah', 'd dh p3 7c', "
        "'p2 cbr 2', 'p3 f']\nplayers = ['Ann', 'Bo', 'Cy']\n"
    )


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_page_loads_without_errors(browser: Browser, base_url: str,
                                         viewport: dict[str, int]) -> None:
    watched = Watched(browser, viewport)
    try:
        for path in PAGES:
            response = watched.page.goto(base_url + path)
            assert response is not None and response.ok, path
            watched.page.wait_for_load_state("networkidle")
            width = watched.page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"] + 1, f"{path} scrolls sideways at {viewport}"
        watched.page.goto(base_url + "/designer")
        watched.page.wait_for_selector(".status.ok")
    finally:
        watched.close()
    assert watched.errors == []


def test_a_broken_file_shows_its_problem_at_its_line(desktop: Watched, base_url: str) -> None:
    page = desktop.page
    page.goto(base_url + "/designer")
    page.wait_for_selector(".status.ok")
    page.fill("#yaml", "studkit: 1\nname: club\nextends: seven-card-stud\nbetting:\n"
                       "  max_raises: 4\n  open_pair_streat: null\n")
    page.wait_for_selector(".status.bad")
    line = page.locator('#backdrop .line[data-line="6"]')
    assert "bad" in (line.get_attribute("class") or "")
    assert "unknown key 'open_pair_streat'" in line.locator(".inline-problem").inner_text()
    assert page.locator("#gutter span.bad").all_inner_texts() == ["6"]
    assert "variant.yaml:6:3" in page.locator("#problems").inner_text()
    assert page.locator("#play-it").is_disabled()
    page.fill("#yaml", "studkit: 1\nname: club\nextends: seven-card-stud\nbetting:\n"
                       "  max_raises: 4\n")
    page.wait_for_selector(".status.ok")
    assert page.locator("#gutter span.bad").count() == 0
    assert "bet + 4 raises" in page.locator("#differences").inner_text()
    assert "club (club)" in page.locator("#rules").inner_text()
    page.click("#yaml")
    page.keyboard.press("Control+End")
    page.keyboard.press("ArrowUp")  # onto max_raises
    page.wait_for_function("document.getElementById('help-key').textContent === "
                           "'betting.max_raises'")
    assert "raise" in page.locator("#help").inner_text().lower()
    with page.expect_download() as download:
        page.click("#download")
    assert download.value.suggested_filename == "club.yaml"
    assert Path(download.value.path()).read_text().endswith("max_raises: 4\n")
    page.click("#compare-it")
    page.wait_for_url("**/compare?from=designer*")
    assert page.locator("#chosen li").all_inner_texts()[0].startswith("Seven-card stud")
    assert "The file from the designer" in page.locator("#chosen li").all_inner_texts()[1]
    page.go_back()
    page.wait_for_selector(".status.ok")
    page.click("#play-it")
    page.wait_for_selector("#actions button")
    assert page.locator("#heading").inner_text().startswith("Hand 1 · club · ")


def test_the_designer_tunes_a_number_and_sets_it_in_the_file(
    desktop: Watched, base_url: str
) -> None:
    page = desktop.page
    page.goto(base_url + "/designer")
    page.fill("#yaml", "studkit: 1\nname: club\nextends: seven-card-stud\n"
                       "forced_bets: {ante: 1}  # the club's ante\n")
    page.wait_for_selector(".status.ok:has-text('(club): valid')")  # the file typed, checked
    page.fill("#tune-params", "forced_bets.ante=0..6")
    page.fill("#tune-targets", "mean_pot_bb=2.0")
    page.fill("#tune-hands", "600")
    page.fill("#tune-players", "4")
    page.select_option("#tune-bots", "calling-station")
    page.click("#tune-run")
    page.wait_for_selector("#tune-apply:not([hidden])")
    assert "Best: forced_bets.ante=3 (meets every target)" in page.locator(
        "#tune-status").inner_text()
    assert page.locator("#tune-rows tr").count() == 7
    assert page.locator("#tune-rows tr.best td").first.inner_text() == "3"
    page.click("#tune-apply")
    assert page.input_value("#yaml").endswith("forced_bets: {ante: 3}  # the club's ante\n")
    page.wait_for_function(  # checked again: the differences from the parent follow the file
        "document.getElementById('differences').innerText.includes('3')")
    ante = page.locator("#differences tr", has_text="ante").first.locator("td")
    assert ante.all_inner_texts()[1:] == ["1", "3"]


def test_a_hand_is_played_to_its_end_by_clicking(desktop: Watched, base_url: str) -> None:
    page = desktop.page
    page.goto(base_url + "/play")
    page.select_option("#variant", "razz")
    page.fill("#players", "4")
    page.fill("#seed", "5")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#actions button")
    assert page.locator("#hero .card").count() == 3
    assert page.locator("#hero .card.down").count() == 2
    assert page.locator("#opponents .card.back").count() == 6
    for _ in range(80):
        if page.locator("#next-hand").is_visible():
            break
        passive = page.locator("#actions button[data-kind=check], "
                               "#actions button[data-kind=call], "
                               "#actions button[data-kind=bring-in]")
        (passive.first if passive.count() else page.locator("#actions button").first).click()
        page.wait_for_function("!document.body.classList.contains('busy')")
    else:
        raise AssertionError("the hand never ended")
    assert page.locator("#showdown").is_visible()
    assert "from the main pot" in page.locator("#showdown").inner_text()
    href = page.locator("#history").get_attribute("href")
    assert href is not None and href.endswith("/history")
    page.keyboard.press("n")  # the terminal's letters work too
    page.wait_for_function("document.getElementById('heading').textContent.startsWith("
                           "'Hand 2')")
    page.wait_for_selector("#actions button")

    def mine() -> int:
        return sum(line.startswith("You ") for line in page.locator("#log li").all_inner_texts())

    before = mine()
    page.keyboard.press("c")
    page.wait_for_function("!document.body.classList.contains('busy')")
    assert mine() > before


def test_a_replay_is_stepped_through(desktop: Watched, base_url: str) -> None:
    page = desktop.page
    page.goto(base_url + "/replay")
    page.fill("#phh", _hand_history())
    page.click("#load")
    page.wait_for_selector("#replay-area:not([hidden])")
    total = int(page.locator("#scrub").get_attribute("max") or 0) + 1
    assert page.locator("#step").inner_text() == f"step 1 of {total}"
    assert page.locator("#back").is_disabled()
    page.click("#forward")
    assert page.locator("#step").inner_text() == f"step 2 of {total}"
    assert page.locator("#note").inner_text()
    assert page.locator("#log li.new").count() >= 1
    page.click("#back")
    assert page.locator("#step").inner_text() == f"step 1 of {total}"
    page.click("#street-forward")
    assert page.locator("#street").inner_text().lower() != "third street"
    page.click("#last")
    assert page.locator("#step").inner_text() == f"step {total} of {total}"
    assert page.locator("#showdown").is_visible()
    page.click("#street-back")
    assert page.locator("#showdown").is_hidden()


def test_a_comparison_runs_with_live_progress(desktop: Watched, base_url: str) -> None:
    page = desktop.page
    page.goto(base_url + "/compare")
    page.fill("#hands", "30")
    page.uncheck("#odds")
    page.click("#run")
    page.wait_for_selector("#result:not([hidden])")
    assert "done: 60 of 60 hands" in page.locator("#progress-text").inner_text()
    frame = page.frame_locator("#report")
    assert "seven-card-stud vs tda-seven-card-stud" in frame.locator("h1").inner_text()


SHOTS = os.environ.get("STUDKIT_SCREENSHOTS")


@pytest.mark.skipif(not SHOTS, reason="set STUDKIT_SCREENSHOTS=DIR to write the docs' "
                    "screenshots")
def test_write_the_screenshots(browser: Browser, base_url: str) -> None:
    folder = Path(str(SHOTS))
    folder.mkdir(parents=True, exist_ok=True)
    for label, viewport in (("", DESKTOP), ("-phone", PHONE)):
        watched = Watched(browser, viewport)
        page = watched.page
        page.goto(base_url + "/designer")
        page.wait_for_selector(".status.ok")
        page.fill("#yaml", "studkit: 1\nname: our-club-stud\nextends: seven-card-stud\n"
                           "title: Seven-card stud, club rules\nbetting:\n  max_raises: 4\n"
                           "  open_pair_streat: null\nstreets:\n  - name: third\n"
                           "    cards: [down, down, upp]\n")
        page.wait_for_selector(".status.bad")
        page.click("#yaml")
        page.keyboard.press("Control+Home")
        for _ in range(5):
            page.keyboard.press("ArrowDown")
        page.screenshot(path=folder / f"web-designer{label}.png")
        page.goto(base_url + "/play")
        page.fill("#seed", "7")
        page.click("#setup button[type=submit]")
        page.wait_for_selector("#actions button")
        page.screenshot(path=folder / f"web-play{label}.png")
        page.goto(base_url + "/replay")
        page.fill("#phh", _hand_history())
        page.click("#load")
        page.wait_for_selector("#replay-area:not([hidden])")
        for _ in range(5):
            page.click("#forward")
        page.locator("#replay-area").scroll_into_view_if_needed()
        page.screenshot(path=folder / f"web-replay{label}.png")
        page.goto(base_url + "/compare")
        page.fill("#hands", "300")
        page.click("#run")
        page.wait_for_selector("#result:not([hidden])")
        page.wait_for_timeout(500)
        page.screenshot(path=folder / f"web-compare{label}.png")
        watched.close()
        assert watched.errors == []
