"""A real browser (issue 15, point 5): Debian's chromium, driven headless by Playwright, plays a
whole ferry game against two bots and a whole island game against one bot, by clicking what the
page offers, and checks what the page shows against the rules library. Screenshots go to a
temporary folder, or to the folder ``NOAHRULES_SCREENSHOTS`` names: the documentation's are made
with ``NOAHRULES_SCREENSHOTS=docs/screenshots pytest tests/serve/test_browser.py``.

Browser downloads are not available here: the test uses ``/usr/bin/chromium`` (``.ci/run``
installs it with apt when it is missing) and never ``playwright install``.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from noahrules import GAMES
from noahrules.records import GameRecord, final_state
from noahrules.serialize import from_dict
from tests.serve.support import ServerProcess

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
MAX_CLICKS = 3000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("browser")) / "b.sqlite").start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    named = os.environ.get("NOAHRULES_SCREENSHOTS")
    return Path(named) if named else tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), "install Debian's chromium: apt-get install -y chromium"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def open_page(browser: Browser) -> tuple[Page, list[str]]:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "console",
        lambda message: (
            problems.append(f"console: {message.text}") if message.type == "error" else None
        ),
    )
    return page, problems


def create_table(page: Page, server: ServerProcess, game: str, players: int) -> str:
    """Create a table in the lobby, by clicking; you are seat 0, bots take the others."""
    page.goto(server.url + "/")
    page.select_option("#new-game", game)
    page.select_option("#new-players", str(players))
    for seat in range(1, players):
        page.select_option(f'#new-seats select[data-seat="{seat}"]', "greedy")
    page.fill("#new-name", "Ann")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+#seat=0&token="))
    expect(page.locator("#connection")).to_contain_text("connected")
    return page.url.split("/t/")[1].split("#")[0]


def click_something(page: Page, rng: random.Random) -> None:
    """On your turn, click what the board offers: a card or animal to pick first (about half
    the time, when there is one), else a move; after a pick, a move it opened."""
    moves = page.locator("#board [data-move]")
    picks = page.locator("#board [data-pick]")
    picked = page.locator("#board .picked").count() > 0
    if picks.count() and not picked and (not moves.count() or rng.random() < 0.5):
        picks.nth(rng.randrange(picks.count())).click()
        return
    assert moves.count(), "your turn, but the page offers nothing to click"
    seq = page.locator("#status").get_attribute("data-seq")
    moves.nth(rng.randrange(moves.count())).click()
    expect(page.locator(f'#status:not([data-seq="{seq}"])')).to_have_count(1)


def play_by_clicking(page: Page, seed: int, shots: dict[Path, str], after: int) -> int:
    """Click through the game until the scores show. Each screenshot of ``shots`` is saved the
    first time the page shows its selector after ``after`` clicks. Returns the clicks made."""
    rng = random.Random(seed)
    waiting = dict(shots)
    for clicks in range(MAX_CLICKS):
        page.wait_for_selector("#doing.yours, #result:not([hidden])", timeout=30_000)
        if page.locator("#result").is_visible():
            return clicks
        for shot, selector in list(waiting.items()):
            if clicks >= after and page.locator(selector).count():
                page.screenshot(path=str(shot), full_page=True)
                del waiting[shot]
        click_something(page, rng)
    raise AssertionError(f"no end after {MAX_CLICKS} clicks")


def _assert_shot(shot: Path) -> None:
    assert shot.exists() and shot.stat().st_size > 10_000, f"no screenshot {shot}"


def shown_scores(page: Page) -> tuple[list[int], list[str]]:
    rows = page.locator("#scores tbody tr")
    scores = [int(rows.nth(i).locator("td.score").inner_text()) for i in range(rows.count())]
    winners = [
        rows.nth(i).locator("td").first.inner_text()
        for i in range(rows.count())
        if "winner" in (rows.nth(i).get_attribute("class") or "")
    ]
    return scores, winners


def the_record(server: ServerProcess, table: str) -> tuple[GameRecord, object]:
    record = from_dict(server.get(f"/api/tables/{table}/record"), GameRecord)
    return record, final_state(record)


def test_a_whole_ferry_game_against_two_bots(
    browser: Browser, server: ServerProcess, shots: Path
) -> None:
    page, problems = open_page(browser)
    table = create_table(page, server, "ferry", 3)
    expect(page.locator(".dock")).to_have_count(5)
    expect(page.locator(".noah-badge")).to_have_count(1)
    expect(page.locator("#hand .card")).to_have_count(8)
    assert page.locator("#hand h3").inner_text() == "Your hand (8)"

    watcher, _ = open_page(browser)
    watcher.goto(f"{server.url}/t/{table}")
    expect(watcher.locator("#status")).to_contain_text("watching")
    expect(watcher.locator(".dock")).to_have_count(5)
    assert watcher.locator("#hand").count() == 0
    assert watcher.locator("[data-move], [data-pick]").count() == 0

    shots.mkdir(parents=True, exist_ok=True)
    wanted = {
        shots / "ferry-table.png": "#hand .card.playable",
        shots / "ferry-choice.png": ".picked",
    }
    clicks = play_by_clicking(page, 15, wanted, 6)
    assert clicks > 10
    page.screenshot(path=str(shots / "ferry-game-over.png"), full_page=True)
    _assert_shot(shots / "ferry-table.png")

    record, state = the_record(server, table)
    game = GAMES["ferry"]
    scores, winners = shown_scores(page)
    assert scores == list(game.scores(state))
    names = ["Ann (you)", "greedy bot (seat 1)", "greedy bot (seat 2)"]
    assert winners == [names[s] for s in game.winners(state)]
    assert page.locator("#log li").count() > 0
    expect(watcher.locator("#result")).to_be_visible()
    assert shown_scores(watcher)[0] == scores
    assert not problems, problems
    assert page.locator(".toast.error").count() == 0

    page.click("text=Replay this game")
    expect(page.locator("#replay-at")).to_have_text(
        f"move {len(record.moves)} of {len(record.moves)}"
    )
    page.click("#replay-back")
    expect(page.locator("#replay-at")).to_have_text(
        f"move {len(record.moves) - 1} of {len(record.moves)}"
    )
    expect(page.locator(".dock")).to_have_count(5)


def test_a_whole_island_game_against_one_bot(
    browser: Browser, server: ServerProcess, shots: Path, tmp_path: Path
) -> None:
    page, problems = open_page(browser)
    table = create_table(page, server, "island", 2)
    rules = GAMES["island"].load_rules()
    expect(page.locator("svg#map .space")).to_have_count(len(rules.board.kind))
    assert page.locator("svg#map .space.target").count() > 0  # ark spaces to choose from
    hidden = page.locator("svg#map .tile.down text")
    assert hidden.count() > 0
    assert set(hidden.all_text_contents()) == {"?"}

    shots.mkdir(parents=True, exist_ok=True)
    wanted = {shots / "island-map.png": ".space.target", shots / "island-rescue.png": ".partner"}
    play_by_clicking(page, 7, wanted, 6)
    page.screenshot(path=str(shots / "island-game-over.png"), full_page=True)
    _assert_shot(shots / "island-map.png")

    record, state = the_record(server, table)
    game = GAMES["island"]
    scores, winners = shown_scores(page)
    assert scores == list(game.scores(state))
    assert len(winners) == len(game.winners(state))
    expect(page.locator("svg#map .ark-boat")).to_have_count(2)
    assert not problems, problems

    saved = tmp_path / "record.json"
    saved.write_text(json.dumps(server.get(f"/api/tables/{table}/record")))
    page.goto(server.url + "/replay")
    page.set_input_files("#record-file", str(saved))
    page.click("#upload button[type=submit]")
    expect(page.locator("#replay-at")).to_have_text(
        f"move {len(record.moves)} of {len(record.moves)}"
    )
    expect(page.locator("svg#map .space")).to_have_count(len(rules.board.kind))
    page.screenshot(path=str(shots / "island-replay.png"), full_page=True)


@pytest.mark.parametrize("game", ["island", "ferry"])
def test_two_browsers_and_a_bot_finish_a_game(
    browser: Browser, server: ServerProcess, game: str
) -> None:
    """The issue's "done when": two people in two browsers (the second joins from the lobby)
    and a bot play a whole game."""
    first, first_problems = open_page(browser)
    first.goto(server.url + "/")
    first.select_option("#new-game", game)
    first.select_option("#new-players", "3")
    first.select_option('#new-seats select[data-seat="1"]', "open")
    first.select_option('#new-seats select[data-seat="2"]', "greedy")
    first.click("#create")
    first.wait_for_url(re.compile(r"#seat=0&token="))
    table = first.url.split("/t/")[1].split("#")[0]

    second, second_problems = open_page(browser)
    second.on("dialog", lambda dialog: dialog.accept("Bo"))
    second.goto(server.url + "/")
    second.locator(f'tr[data-table="{table}"] button.join').click()
    second.wait_for_url(re.compile(r"#seat=1&token="))
    expect(first.locator("#status .seats")).to_contain_text("Bo")

    rng = random.Random(game)
    pages = [first, second]
    for _ in range(MAX_CLICKS):
        if all(p.locator("#result").is_visible() for p in pages):
            break
        mine = [p for p in pages if p.locator("#doing.yours").count()]
        if not mine:
            first.wait_for_timeout(20)
            continue
        click_something(mine[0], rng)
    else:
        raise AssertionError("the game did not end")

    _, state = the_record(server, table)
    scores = list(GAMES[game].scores(state))
    assert shown_scores(first)[0] == scores == shown_scores(second)[0]
    assert not first_problems and not second_problems, first_problems + second_problems
