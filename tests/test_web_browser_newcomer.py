"""What a newcomer sees in the web app, in a real headless Chromium: chip amounts written
with thousands separators, an empty pot once it is awarded, titles that name studkit once,
placeholders that fit their fields, the designer's messages wrapped inside the editor and
the designer's draft kept in the browser across tabs and reloads.

The server and the browser are the ones of ``test_web_browser.py`` (same skips, same
``STUDKIT_REQUIRE_BROWSER=1``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import test_web_browser as shared  # its skips, its server and its browser
from conftest import WSOP
from playwright.sync_api import Browser, Page
from timeouts import LOADED_MACHINE_TIMEOUT_MS

DESKTOP = shared.DESKTOP
PHONE = shared.PHONE
base_url = shared.base_url  # the fixtures, under their names in this module
browser = shared.browser

WAIT = LOADED_MACHINE_TIMEOUT_MS
"""Milliseconds any wait may take (the suite's bound for a loaded machine)."""
DRAFT_LINE = "Your draft is kept in this browser (local storage)"
LONG_KEY = "open_pair_street_on_fourth_street_when_an_open_pair_shows_for_the_first_time"
BROKEN = (
    "studkit: 1\nname: club\nextends: seven-card-stud\nbetting:\n  max_raises: 4\n"
    f"  {LONG_KEY}: null\n"
)
VIEWPORTS = pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])


class Tabs(shared.Watched):
    """A browser context whose every page (tab) reports its page and console errors."""

    def __init__(self, chromium: Browser, viewport: dict[str, int]) -> None:
        super().__init__(chromium, viewport)
        self.page.set_default_timeout(WAIT)

    def open(self) -> Page:
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("console", self._console)
        page.set_default_timeout(WAIT)
        return page


@pytest.fixture(params=[DESKTOP, PHONE], ids=["desktop", "phone"])
def tabs(browser: Browser, request: Any) -> Iterator[Tabs]:
    watched = Tabs(browser, request.param)
    yield watched
    watched.close()
    assert watched.errors == []


@pytest.fixture()
def tab(browser: Browser) -> Iterator[Tabs]:
    watched = Tabs(browser, DESKTOP)
    yield watched
    watched.close()
    assert watched.errors == []


def _replay(page: Page, base: str, text: str) -> None:
    page.goto(base + "/replay")
    page.fill("#phh", text)
    page.click("#load")
    page.wait_for_selector("#replay-area:not([hidden])")


def _to_step(page: Page, step: int, total: int) -> None:
    page.locator("#scrub").fill(str(step - 1))
    page.wait_for_function(
        f"document.getElementById('step').textContent === 'step {step} of {total}'"
    )


# ---------------------------------------------------------------------- amounts and the pot


def test_the_replayer_writes_every_amount_with_separators(tab: Tabs, base_url: str) -> None:
    page = tab.page
    _replay(page, base_url, (WSOP / "hand-05.phh").read_text())
    page.click("#last")
    page.wait_for_selector("#showdown:not([hidden])")
    showdown = page.locator("#showdown").inner_text()
    assert "p5 wins 650,000 from the main pot" in showdown
    assert "Net: p1 -50,000 · p2 -50,000 · p3 -50,000 · p4 -250,000 · p5 +400,000" in showdown
    assert page.locator("#seats .seat-stack").all_inner_texts() == [
        "4,000,000",
        "7,700,000",
        "4,775,000",
        "8,275,000",
        "4,950,000",
    ]
    total = int(page.locator("#scrub").get_attribute("max") or 0) + 1
    _to_step(page, total - 1, total)  # p5's last bet, in front of p5
    assert page.locator('#seats .seat[data-seat="5"] .flag.bet').inner_text() == "bet 400,000"
    assert page.locator("#pot").inner_text() == "1,050,000"


def test_a_history_in_fractional_chips_shows_its_decimals(tab: Tabs, base_url: str) -> None:
    text = re.sub(
        r"\b\d{5,}\b", lambda m: str(int(m.group()) / 100000), (WSOP / "hand-05.phh").read_text()
    )  # 50000 chips become 0.5
    page = tab.page
    _replay(page, base_url, text)
    page.click("#last")
    page.wait_for_selector("#showdown:not([hidden])")
    showdown = page.locator("#showdown").inner_text()
    assert "p5 wins 6.50 from the main pot" in showdown  # as the account says it
    assert "p5 wins 6.50 from the main pot" in page.locator("#log").inner_text()
    assert "Net: p1 -0.50 · p2 -0.50 · p3 -0.50 · p4 -2.50 · p5 +4.00" in showdown
    assert page.locator("#seats .seat-stack").all_inner_texts()[4] == "49.50"
    assert page.locator("#side-pots").inner_text().strip() == "6.50 awarded"


def test_the_pot_is_empty_once_awarded_in_the_replayer(tab: Tabs, base_url: str) -> None:
    page = tab.page
    _replay(page, base_url, (WSOP / "hand-05.phh").read_text())
    total = int(page.locator("#scrub").get_attribute("max") or 0) + 1
    _to_step(page, total - 1, total)
    assert page.locator("#pot").inner_text() == "1,050,000"
    assert page.locator("#side-pots").inner_text() == ""
    page.click("#last")
    page.wait_for_selector("#showdown:not([hidden])")
    assert page.locator("#pot").inner_text() == "0"
    assert page.locator("#side-pots").inner_text().strip() == "650,000 awarded"
    page.click("#back")  # stepping back puts the chips in the middle again
    page.wait_for_selector("#showdown", state="hidden")
    assert page.locator("#pot").inner_text() == "1,050,000"
    assert page.locator("#side-pots").inner_text() == ""


def test_the_pot_is_empty_once_awarded_at_a_table(tab: Tabs, base_url: str) -> None:
    page = tab.page
    page.goto(base_url + "/play")
    page.select_option("#variant", "razz")
    page.fill("#players", "4")
    page.fill("#seed", "5")
    page.click("#setup button[type=submit]")
    page.wait_for_selector("#actions button")
    while not page.locator("#after").is_visible():  # fold at once: the bots finish the hand
        decisions = page.locator("#actions button[data-kind=fold]")
        (decisions.first if decisions.count() else page.locator("#actions button").first).click()
        page.wait_for_function("!document.body.classList.contains('busy')")
    page.wait_for_selector("#showdown:not([hidden])")
    awarded = sum(
        int(amount.replace(",", ""))
        for amount in re.findall(
            r"wins? ([\d,]+) (?:with|from) ", page.locator("#showdown").inner_text()
        )
    )
    assert awarded > 0
    assert page.locator("#pot").inner_text() == "0"
    assert page.locator("#side-pots").inner_text().strip() == f"{awarded:,} awarded"


# ---------------------------------------------------------------------- titles and fields


def test_no_page_title_repeats_the_name(tab: Tabs, base_url: str) -> None:
    page = tab.page
    titles = {}
    for path in ("/", "/designer", "/play", "/replay", "/compare"):
        page.goto(base_url + path)
        titles[path] = page.title()
    assert titles == {
        "/": "studkit",
        "/designer": "Designer · studkit",
        "/play": "Play · studkit",
        "/replay": "Replay · studkit",
        "/compare": "Compare · studkit",
    }


PLACEHOLDER_ROOM = """(() => {
  const measure = document.createElement("canvas").getContext("2d");
  return [...document.querySelectorAll("input[placeholder]")]
    .filter((field) => field.offsetParent !== null)
    .map((field) => {
      const style = getComputedStyle(field);
      measure.font = style.font;
      const arrows = field.type === "number" ? 16 : 0;  // the number field's up and down arrows
      const room = field.clientWidth - parseFloat(style.paddingLeft)
        - parseFloat(style.paddingRight) - arrows;
      const text = Math.ceil(measure.measureText(field.placeholder).width);
      return [field.id, field.placeholder, text, room];
    });
})()"""


@VIEWPORTS
def test_every_placeholder_fits_its_field(
    browser: Browser, base_url: str, viewport: dict[str, int]
) -> None:
    watched = Tabs(browser, viewport)
    try:
        measured = []
        for path in ("/play", "/compare", "/designer"):
            watched.page.goto(base_url + path)
            watched.page.wait_for_load_state("load")
            measured += watched.page.evaluate(PLACEHOLDER_ROOM)
    finally:
        watched.close()
    assert {name for name, *_ in measured} >= {"seed", "players", "tune-players"}
    assert [row for row in measured if row[2] > row[3]] == []
    assert watched.errors == []


# ---------------------------------------------------------------------- the designer


def test_a_long_problem_wraps_inside_the_editor(tabs: Tabs, base_url: str) -> None:
    page = tabs.page
    page.goto(base_url + "/designer")
    page.wait_for_selector(".status.ok")
    page.fill("#yaml", BROKEN)
    page.wait_for_selector(".status.bad")
    message = page.locator('#backdrop .line[data-line="6"] .inline-problem')
    assert message.inner_text().startswith(f"betting: unknown key '{LONG_KEY}' (known keys: ")
    editor = page.locator("#editor").bounding_box()
    box = message.bounding_box()
    line = page.locator('#backdrop .line[data-line="6"]').bounding_box()
    assert editor is not None and box is not None and line is not None
    assert editor["x"] <= box["x"]
    assert box["x"] + box["width"] <= editor["x"] + editor["width"]
    assert box["height"] >= 2 * line["height"]  # wrapped onto several rows
    viewport = page.viewport_size
    assert viewport is not None
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"] + 1


def test_the_draft_is_kept_across_tabs_and_reloads(tab: Tabs, base_url: str) -> None:
    first = tab.page
    first.goto(base_url + "/designer")
    first.wait_for_selector(".status.ok")
    assert first.locator("#draft-note").inner_text().startswith(DRAFT_LINE)
    mine = "studkit: 1\nname: mine\nextends: razz\n"
    first.fill("#yaml", mine)
    first.wait_for_selector(".status.ok")

    second = tab.open()  # a new tab finds the draft
    second.goto(base_url + "/designer")
    second.wait_for_selector(".status.ok")
    assert second.input_value("#yaml") == mine

    theirs = "studkit: 1\nname: theirs\nextends: seven-card-stud\n"
    second.fill("#yaml", theirs)
    first.wait_for_selector("#draft-notice:not([hidden])")  # the first tab is told...
    assert (
        "Another tab of this browser changed the draft"
        in first.locator("#draft-notice").inner_text()
    )
    assert first.input_value("#yaml") == mine  # ... and keeps its text on screen
    first.click("#draft-keep")  # keeping it makes it the draft: now the second tab is told
    second.wait_for_selector("#draft-notice:not([hidden])")
    assert second.input_value("#yaml") == theirs
    second.click("#draft-use")
    assert second.input_value("#yaml") == mine
    second.wait_for_selector("#draft-notice", state="hidden")

    first.reload()  # a reload finds it
    first.wait_for_selector(".status.ok")
    assert first.input_value("#yaml") == mine
    second.close()
    first.close()

    third = tab.open()  # every tab closed, a new one: still there, and play offers it
    third.goto(base_url + "/play")
    third.wait_for_function("!document.getElementById('designer-option').hidden")
    third.goto(base_url + "/designer")
    third.wait_for_selector(".status.ok")
    assert third.input_value("#yaml") == mine
    assert "mine (mine): valid" in third.locator("#status").inner_text()


def test_a_replaced_draft_can_be_brought_back(tab: Tabs, base_url: str) -> None:
    page = tab.page
    page.goto(base_url + "/designer")
    page.wait_for_selector(".status.ok")
    mine = "studkit: 1\nname: mine\nextends: razz\n"
    page.fill("#yaml", mine)
    page.wait_for_selector(".status.ok")
    page.select_option("#start-game", "file:seven-card-stud")
    page.wait_for_selector("#draft-notice:not([hidden])")
    assert "a copy of seven-card-stud" in page.locator("#draft-notice").inner_text()
    assert page.input_value("#yaml") != mine
    page.click("#draft-use")
    assert page.input_value("#yaml") == mine
    page.wait_for_function("document.getElementById('status').textContent.startsWith('mine')")
    page.reload()
    page.wait_for_selector(".status.ok")
    assert page.input_value("#yaml") == mine
