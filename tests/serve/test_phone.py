"""The page on a phone (390 x 844, touch), with four games installed: the lobby fits the screen
and shows how to join, the island's spaces and animals are targets a finger can hit (44 px at
least) while a desktop still sees the whole board, the end screen shows every column, and counts
read right ("1 point"). Screenshots go where :mod:`tests.serve.test_browser` puts them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.serve.installed import with_climbs
from tests.serve.support import ServerProcess
from tests.serve.test_browser import (
    MAX_CLICKS,
    PHONE,
    _assert_shot,
    browser,
    click_something,
    create_table,
    open_page,
    shots,
)

__all__ = ["browser", "shots"]  # the fixtures, shared with the other browser tests

WIDTH = PHONE["width"]
FINGER = 44
"""The least side of a tap target, in CSS pixels (what phone guidelines ask: 44-48)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with four games: ferry, island, Climb and a second Climb of a long title."""
    process = with_climbs(tmp_path_factory.mktemp("phone"))
    yield process
    process.stop()


def scroll_width(page: Page) -> int:
    width: int = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    )
    return width


def within_the_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (selector, box)


def test_the_lobby_with_four_games_fits_a_phone(
    browser: Browser, server: ServerProcess, shots: Path
) -> None:
    assert [g["name"] for g in server.get("/api/games")["games"]] == [
        "climb",
        "climb-long",
        "ferry",
        "island",
    ]
    host, problems = open_page(browser, PHONE)
    host.goto(server.url + "/")
    host.select_option("#new-game", "ferry")
    host.select_option("#new-players", "3")
    host.select_option('#new-seats select[data-seat="1"]', "open")
    host.click("#create")
    host.wait_for_url(re.compile(r"#seat=0&token="))
    table = host.url.split("/t/")[1].split("#")[0]

    stranger, more = open_page(browser, PHONE)
    stranger.goto(server.url + "/")
    row = stranger.locator(f'tr[data-table="{table}"]')
    expect(row).to_contain_text("1 open seat")
    assert scroll_width(stranger) <= WIDTH
    within_the_screen(stranger, "#new-game")
    for action in ("button.join", "a.button"):  # Join and Watch
        expect(row.locator(action).first).to_be_visible()
        within_the_screen(stranger, f'tr[data-table="{table}"] {action}')
    shots.mkdir(parents=True, exist_ok=True)
    stranger.screenshot(path=str(shots / "lobby-phone.png"), full_page=True)
    _assert_shot(shots / "lobby-phone.png")
    assert not problems and not more, problems + more


def sides(page: Page, selector: str) -> list[tuple[float, float]]:
    boxes = [element.bounding_box() for element in page.locator(selector).all()]
    return [(b["width"], b["height"]) for b in boxes if b is not None]


def test_the_island_on_a_phone_is_played_by_finger_to_its_end(
    browser: Browser, server: ServerProcess, shots: Path
) -> None:
    page, problems = open_page(browser, PHONE)
    table = create_table(page, server, "island", 2)
    page.wait_for_selector("svg#map .space.target", timeout=30_000)  # the bot may move first
    spaces = sides(page, "svg#map .space.target")
    assert spaces and min(min(side) for side in spaces) >= FINGER, spaces[:3]
    assert scroll_width(page) <= WIDTH  # the board scrolls inside its frame, not the page

    desk, _ = open_page(browser, {"width": 1400, "height": 1000})
    desk.goto(f"{server.url}/t/{table}")
    frame = desk.locator(".map-frame")
    expect(frame).to_be_visible()
    assert frame.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight")

    rng = random.Random(11)
    animals: list[tuple[float, float]] = []
    for _ in range(MAX_CLICKS):
        page.wait_for_selector("#doing.yours, #result:not([hidden])", timeout=30_000)
        if page.locator("#result").is_visible():
            break
        if not animals and page.locator("svg#map .tile.rescuable").count():
            animals = sides(page, "svg#map .tile.rescuable")
            page.screenshot(path=str(shots / "island-phone.png"), full_page=True)
        click_something(page, rng)
    else:
        raise AssertionError("the game did not end")
    assert animals and min(min(side) for side in animals) >= FINGER, animals[:3]
    _assert_shot(shots / "island-phone.png")

    assert scroll_width(page) <= WIDTH
    for cell in page.locator("#scores td").all():  # every column shows without a swipe
        box = cell.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, box
    total = page.locator("#scores tbody tr").first.locator("td.score")
    expect(total).to_be_visible()
    assert total.evaluate("e => getComputedStyle(e, '::before').content") == '"total"'
    page.screenshot(path=str(shots / "end-phone.png"), full_page=True)
    _assert_shot(shots / "end-phone.png")
    for text in page.locator(".island-side li").all_inner_texts():
        assert not re.search(r"\b1 points\b", text), text
        assert re.search(r"\b(1 point|\d+ points) in all\b", text), text
    assert not problems, problems
