"""A real browser (issue 15, point 5; issue 21, points 4 and 5): Debian's chromium, driven
headless by Playwright, plays a whole ferry game against two bots and a whole island game against
one bot, by clicking what the page offers, and checks what the page shows against the rules
library: the log names the seats as the header does, the end explains the result (checked
against the rules library's own figures), the replay shows it, *Play again* makes the same table
anew. Two newcomers, one on a phone, learn the rules from the page and play a game of each kind;
the ferry table fits a phone's width; a friend arrives by an invite link and names their seat;
the host keeps the links; the whole page works behind a path prefix. Screenshots go to a
temporary folder, or to the folder ``NOAHRULES_SCREENSHOTS`` names: the documentation's are made
with ``NOAHRULES_SCREENSHOTS=docs/screenshots pytest tests/serve/test_browser.py``.

The browser is Debian's chromium (:mod:`tests.chromium`).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from noahrules import GAMES, ferry, island
from noahrules.records import GameRecord, final_state
from noahrules.serialize import from_dict
from tests.chromium import chromium
from tests.serve.support import SCRIPTED, ServerProcess

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
    with chromium() as launched:
        yield launched


PHONE: ViewportSize = {"width": 390, "height": 844}


def open_page(browser: Browser, viewport: ViewportSize | None = None) -> tuple[Page, list[str]]:
    page = browser.new_page(viewport=viewport or {"width": 1400, "height": 1000})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "console",
        lambda message: (
            problems.append(f"console: {message.text}") if message.type == "error" else None
        ),
    )
    return page, problems


def create_table(
    page: Page,
    server: ServerProcess,
    game: str,
    players: int,
    kinds: tuple[str, ...] = (),
    base: str = "",
) -> str:
    """Create a table in the lobby, by clicking; you are seat 0, bots (or ``kinds``) take the
    others."""
    page.goto(server.url + base + "/")
    page.select_option("#new-game", game)
    page.select_option("#new-players", str(players))
    for seat in range(1, players):
        kind = kinds[seat - 1] if kinds else "greedy"
        page.select_option(f'#new-seats select[data-seat="{seat}"]', kind)
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

    check_the_log_names_seats_as_the_header(page)
    check_the_ferry_end(page, record, state)
    expect(page.locator("#invite")).to_be_hidden()

    page.click("text=Replay this game")
    expect(page.locator("#replay-at")).to_have_text(
        f"move {len(record.moves)} of {len(record.moves)}"
    )
    expect(page.locator("#result")).to_be_visible()
    # the replay shows the result, to anyone: no seat is "(you)" there
    in_replay = ["Ann", *names[1:]]
    assert shown_scores(page) == (scores, [in_replay[s] for s in game.winners(state)])
    page.click("#replay-back")
    expect(page.locator("#replay-at")).to_have_text(
        f"move {len(record.moves) - 1} of {len(record.moves)}"
    )
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator(".dock")).to_have_count(5)

    page.go_back()
    page.click("#again")  # Play again: the same seats and variants, a new table
    page.wait_for_url(lambda url: "/t/" in url and table not in url and "#seat=0&token=" in url)
    again = page.url.split("/t/")[1].split("#")[0]
    assert again != table
    info = server.get(f"/api/tables/{again}")
    assert [(s["kind"], s["name"], s["bot"]) for s in info["seats"]] == [
        ("human", "Ann", None),
        ("bot", "greedy bot", "greedy"),
        ("bot", "greedy bot", "greedy"),
    ]
    assert info["variants"] == [] and server.get(f"/api/tables/{table}")["next"] == again
    expect(page.locator("#connection")).to_contain_text("connected")


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
    check_the_island_end(page, state)
    check_the_log_names_seats_as_the_header(page)
    expect(page.locator("#invite")).to_be_hidden()
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
    expect(page.locator("#result")).to_be_visible()
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

    second, second_problems = open_page(browser, PHONE)
    second.on("dialog", lambda dialog: dialog.accept("Bo"))
    second.goto(server.url + "/")
    second.locator(f'tr[data-table="{table}"] button.join').click()
    second.wait_for_url(re.compile(r"#seat=1&token="))
    expect(first.locator("#status .seats")).to_contain_text("Bo")
    second.click("#status .rules-button")  # the newcomer reads the rules first
    expect(second.locator("#rules")).to_contain_text("(I17)" if game == "island" else "(F22)")
    second.click("#rules .close")
    expect(second.locator("#rules")).to_be_hidden()

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
    for page in pages:  # each reads why they won or lost
        expect(page.locator("#reason")).to_contain_text("(I16)" if game == "island" else "(F2")
        expect(page.locator("#notes")).to_contain_text("wins")
    assert any(line.startswith("Bo ") for line in first.locator("#log li").all_inner_texts())
    assert second.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not first_problems and not second_problems, first_problems + second_problems


def check_the_log_names_seats_as_the_header(page: Page) -> None:
    """The log names each seat by the name the header shows, never "Seat 2"."""
    header = page.locator("#status .seats li").all_inner_texts()
    lines = page.locator("#log li").all_inner_texts()
    others = [name.removesuffix(" (away)") for name in header if "(you)" not in name]
    assert lines and not any(re.match(r"Seat \d", line) for line in lines), lines[:5]
    for name in others:
        assert any(line.startswith(name + " ") for line in lines), (name, lines[:10])


def end_table(page: Page) -> tuple[list[str], list[list[str]]]:
    """The end screen's table: its column heads (after "Seat") and each seat's cells."""
    heads = page.locator("#scores thead th").all_inner_texts()[1:-1]
    rows = page.locator("#scores tbody tr")
    cells = [rows.nth(i).locator("td").all_inner_texts()[1:-1] for i in range(rows.count())]
    return heads, cells


def check_the_ferry_end(page: Page, record: GameRecord, state: object) -> None:
    """The ferry's end explained, against the rules library: each round's tears (F22), the
    cards left, the penalties, and who went out."""
    game = GAMES["ferry"]
    rules = game.load_rules(record.variants)
    position = game.new_game(rules, record.players, record.seed)
    ended = []
    for move in record.moves:
        position, events = game.step(position, move)
        ended += [e for e in events if isinstance(e, ferry.RoundEnded)]
    heads, cells = end_table(page)
    assert heads == ["round 1 tears", "round 2 tears", "round 3 tears", "cards left", "penalty"]
    hands = [len(hand) for hand in state.hands]  # type: ignore[attr-defined]
    for seat, row in enumerate(cells):
        tears = [e.tears[seat] for e in ended]
        assert [int(c) for c in row] == [*tears, hands[seat], sum(tears)]
    out = [seat for seat, n in enumerate(hands) if n == 0]
    reason = page.locator("#reason").inner_text()
    if out:
        assert "had no card left (F20)" in reason
        names = [
            page.locator("#scores tbody tr").nth(s).locator("td").first.inner_text() for s in out
        ]
        assert all(name.removesuffix(" (you)") in reason for name in names)
    else:
        assert "the last waiting ferry departed (F21)" in reason
    assert "ends after 3 rounds (F25)" in reason


def check_the_island_end(page: Page, state: object) -> None:
    """The island's end explained: each seat's breakdown, as the rules library computes it."""
    heads, cells = end_table(page)
    assert heads == ["start (I6)", "flood (I10)", "animals (I17)", "x2", "bonus", "total"]
    parts = island.breakdown(state)  # type: ignore[arg-type]
    assert [[int(c) for c in row] for row in cells] == [
        [b.start, b.flood, b.animals, b.doubled, b.bonus, b.total] for b in parts
    ]
    totals = page.locator(".island-side li").all_inner_texts()
    shown = [f"{b.total} point{'' if b.total == 1 else 's'} in all" for b in parts]
    assert all(words in text for words, text in zip(shown, totals, strict=True)), totals


def test_the_ferry_table_on_a_phone(browser: Browser, server: ServerProcess, shots: Path) -> None:
    """At 390 x 844 nothing scrolls sideways and the docks are side by side, readable, apart;
    the Rules panel opens from the table and explains tears and penalties."""
    page, problems = open_page(browser, PHONE)
    create_table(page, server, "ferry", 4, ("greedy", "human", "greedy"))
    expect(page.locator(".dock")).to_have_count(5)
    expect(page.locator("#hand .card.playable").first).to_be_visible()
    width = PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.body.scrollWidth") <= width
    boxes = [page.locator(f".dock-{dock}").bounding_box() for dock in range(5)]
    for box in boxes:
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert box["width"] >= 150  # room for its lines
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a is not None and b is not None
            apart = (
                a["x"] + a["width"] <= b["x"]
                or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"]
                or b["y"] + b["height"] <= a["y"]
            )
            assert apart, (a, b)
    size = page.locator(".dock-0 .ferry-name").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)"
    )
    assert size >= 12
    for card in page.locator("#hand .card").all():
        box = card.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "ferry-phone.png"), full_page=True)
    page.click("#status .rules-button")
    rules = page.locator("#rules")
    expect(rules).to_contain_text("tears")
    for words in ("penalty", "(F10)", "(F14)", "(F22)", "lowest penalty wins"):
        expect(rules).to_contain_text(words)
    box = rules.bounding_box()
    assert box is not None and box["width"] <= width
    page.screenshot(path=str(shots / "rules-panel.png"))
    _assert_shot(shots / "ferry-phone.png")
    assert not problems, problems


def test_the_island_rules_have_a_map_legend(
    browser: Browser, server: ServerProcess, shots: Path
) -> None:
    page, problems = open_page(browser, {"width": 1000, "height": 900})
    page.goto(server.url + "/")
    page.select_option("#new-game", "island")
    page.click("#how-to .rules-button")  # from the lobby too
    legend = page.locator("#rules #legend")
    for words in ("sea", "ark space", "beach", "jungle", "flooded", "face down", "rescue"):
        expect(legend).to_contain_text(words)
    expect(page.locator("#rules")).to_contain_text("x2")
    assert legend.locator("svg.swatch").count() >= 9
    legend.scroll_into_view_if_needed()
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "island-rules-legend.png"))
    assert not problems, problems


def test_a_friend_arrives_by_the_link_and_names_their_seat(
    browser: Browser, server: ServerProcess
) -> None:
    host, host_problems = open_page(browser)
    table = create_table(host, server, "ferry", 3, ("human", "greedy"))
    link = host.locator("#link-1")
    expect(link).to_have_value(re.compile(r"#seat=1&token="))
    friend, friend_problems = open_page(browser, PHONE)
    friend.goto(link.input_value())
    expect(friend.locator("#name-form")).to_be_visible()
    friend.fill("#my-name", "Bo")
    seq = friend.locator("#status").get_attribute("data-seq")
    host.click("#board .all-choices summary")
    host.locator("#board [data-choice]").first.click()  # a move while the friend types
    expect(friend.locator(f'#status:not([data-seq="{seq}"])')).to_have_count(1)
    expect(friend.locator("#my-name")).to_have_value("Bo")  # the typing is not lost
    friend.click("#name-form button")
    expect(friend.locator("#name-form")).to_have_count(0)
    expect(host.locator("#status .seats")).to_contain_text("Bo")
    expect(host.locator("#invite")).to_contain_text("Bo")

    again, _ = open_page(browser)  # the host's link in another tab: the invite links are there
    again.goto(host.url)
    expect(again.locator("#link-1")).to_have_value(link.input_value())
    again.close()

    old = link.input_value()
    host.click('#invite li[data-seat="1"] .rekey')
    expect(link).not_to_have_value(old)
    expect(friend.locator("#problem")).to_contain_text("new link")
    assert server.get(f"/api/tables/{table}")["seats"][1]["taken"] is False
    assert not host_problems and not friend_problems, host_problems + friend_problems


def test_the_page_behind_a_path_prefix(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``--root-path /noah``: the page, the API and the WebSocket, all under the prefix."""
    db = Path(tmp_path_factory.mktemp("prefix")) / "p.sqlite"
    prefixed = ServerProcess(db, options=(*SCRIPTED, "--root-path", "/noah")).start()
    try:
        page, problems = open_page(browser)
        created = create_table(page, prefixed, "island", 2, base="/noah")
        assert re.search(rf"/noah/t/{created}#seat=0&token=", page.url)
        expect(page.locator("svg#map .space.target").first).to_be_visible()
        seq = page.locator("#status").get_attribute("data-seq")
        page.locator("#board [data-move]").first.click()
        expect(page.locator(f'#status:not([data-seq="{seq}"])')).to_have_count(1)
        page.goto(prefixed.url + "/noah/")
        expect(page.locator(f'tr[data-table="{created}"]')).to_be_visible()
        assert prefixed.get("/noah/healthz")["open_tables"] == 1
        assert not problems, problems
    finally:
        prefixed.stop()
