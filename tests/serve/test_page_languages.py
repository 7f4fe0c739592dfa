"""The page in the player's language (issue 43): its words come from the ``page`` catalog,
served as JSON by ``GET /api/languages/{language}``; the page takes ``?lang=``, else the choice
it remembers, else the server's from ``Accept-Language``; a selector in its header changes it.
Checked here: the catalog's entries (written out by hand), the choice of the server, and in
Chromium the lobby in Russian, a ferry table in Japanese that fits a phone, the *Rules* panel's
guides in Japanese, the selector.
Screenshots of a ferry table in each language go where :mod:`tests.serve.test_browser` puts
them (``NOAHRULES_SCREENSHOTS=docs/screenshots``: ``docs/screenshots/table-ja.png`` etc.).
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, BrowserContext, Page, expect

from noahrules import GAMES
from noahrules.catalogs import LOCALES
from noahrules.records import GameRecord
from noahrules.serve.replay import frames
from noahrules.serve.routes import preferred_language
from tests.serve.support import ServerProcess
from tests.serve.test_browser import PHONE, _assert_shot, browser, play_by_clicking, shots

__all__ = ["browser", "shots"]  # the fixtures, shared with the other browser tests


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("languages")) / "l.sqlite").start()
    yield process
    process.stop()


def fetch(server: ServerProcess, path: str, headers: dict[str, str] | None = None) -> Any:
    """The status, headers and body of a GET."""
    request = urllib.request.Request(server.url + path, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def english_messages() -> list[str]:
    """The page's messages of four letters or more, their placeholders' words left out."""
    with (LOCALES / "page.pot").open("rb") as file:
        template = read_po(file)
    found = []
    for message in template:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            if not isinstance(text, str) or not text:
                continue
            for piece in re.split(r"\{\w+\}", text):
                part = piece.strip(" :.,()\u2026\u00b7")
                if len(re.findall(r"[A-Za-z]", part)) >= 4:
                    found.append(part)
    return sorted(set(found))


# the server's side: the catalog and the page's language


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("de;q=0.5, ja;q=0.9", "ja"),
        ("fr", "en"),
        ("", "en"),
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("fr-CH, fr;q=0.9, de;q=0.7, *;q=0.5", "de"),
        ("ja;q=0, de", "de"),
        ("ja;q=nonsense, de;q=0.1", "de"),
        ("EN-gb;q=0.8, de;q=0.8", "en"),
    ],
)
def test_the_page_language_follows_accept_language(header: str, expected: str) -> None:
    assert preferred_language(header) == expected


def test_the_catalog_of_the_page(server: ServerProcess) -> None:
    russian = server.get("/api/languages/ru")
    assert russian["language"] == "ru"
    assert russian["messages"]["Create the table"] == "Создать стол"
    assert russian["messages"]["Your turn: {prompt}"] == "Ваш ход: {prompt}"
    assert russian["plurals"]["{count} open seat"] == [
        "{count} свободное место",
        "{count} свободных места",
        "{count} свободных мест",
    ]
    japanese = server.get("/api/languages/ja")
    assert japanese["messages"]["Waiting ferries"] == "待機中の渡し舟"
    assert japanese["messages"]["Move Noah here"] == "ノアをここへ"
    assert japanese["plurals"]["{count} card"] == ["{count}枚"]
    german = server.get("/api/languages/de")
    assert (
        german["messages"]["Doubled on this ark: {animals}"]
        == "Doppelt auf dieser Arche: {animals}"
    )
    assert german["plurals"]["{count} tear"] == ["{count} Träne", "{count} Tränen"]
    assert "" not in german["messages"]  # the catalog's header is no message
    assert server.get("/api/languages/en") == {"language": "en", "messages": {}, "plurals": {}}


def test_an_unknown_language_is_a_json_404(server: ServerProcess) -> None:
    status, headers, body = fetch(server, "/api/languages/xx")
    assert status == 404
    assert headers["content-type"].startswith("application/json")
    assert json.loads(body)["error"]["code"] == "unknown_table"


def test_the_rules_data_names_its_cards_in_the_language_asked(server: ServerProcess) -> None:
    ferry = server.get("/api/games/ferry/rules?lang=ja")
    parrot = next(a for a in ferry["animals"] if a["id"] == "parrot-1")
    assert (parrot["species"], parrot["name"]) == ("parrot", "オウム")
    assert ferry["ferries"][0] == {
        "id": "ferry-1",
        "capacity": 21,
        "unique_species": False,
        "name": "渡し舟",
    }
    island = server.get("/api/games/island/rules?lang=ru")
    assert island["tiles"][0]["name"] == "Медведь"
    assert island["arks"][0]["name"] == "Красный ковчег"
    english = server.get("/api/games/island/rules")
    assert (english["tiles"][0]["name"], english["board"]["title"]) == ("Bear", "The island")
    made = server.post("/api/tables", {"game": "ferry", "players": 2, "unlisted": True})
    table = made["table"]["id"]
    german = server.get(f"/api/tables/{table}/rules?lang=de")
    assert next(a for a in german["animals"] if a["id"] == "parrot-1")["name"] == "Papagei"
    for path in ("/api/games/ferry/rules?lang=xx", f"/api/tables/{table}/rules?lang=../en"):
        status, _, body = fetch(server, path)
        assert status == 400
        assert json.loads(body)["error"] == {
            "code": "bad_request",
            "message": "'lang' is one of en, ja, de, ru",
        }


def test_the_replay_is_told_in_the_language_asked() -> None:
    game = GAMES["ferry"]
    rules = game.load_rules()
    state = game.new_game(rules, 2, seed=3)
    move = game.legal_moves(state)[0]  # parrot-6, a female of weight 0, to the ferry at dock 2
    record = GameRecord.start("ferry", rules, 2, 3).then(move)
    told: dict[str, Any] = {}
    for lang in ("en", "ja", "ru"):
        replayed: Any = frames(record, ("Ann", "Bo"), lang)
        told[lang] = replayed["frames"][1]["lines"]
    assert told == {
        "en": ["Ann played parrot-6 (female, weight 0) at dock 2"],
        "ja": ["Ann：オウム（メス、重さ0）をドック2にプレイ"],
        "ru": ["Ann: Попугай (самка, вес 0) на паром у причала 2"],
    }


def test_the_page_names_its_language(server: ServerProcess) -> None:
    status, headers, body = fetch(server, "/", {"Accept-Language": "de;q=0.5, ja;q=0.9"})
    assert status == 200
    assert '<html lang="ja">' in body
    assert '<meta name="noahrules-language" content="ja">' in body
    assert "このページには JavaScript が必要です。" in body
    assert "default-src 'self'" in headers["content-security-policy"]
    assert headers["cache-control"] == "no-store"
    _, _, english = fetch(server, "/t/abc", {"Accept-Language": "fr"})
    assert '<html lang="en">' in english and "This page needs JavaScript." in english


# the page in Chromium


def context(browser: Browser, language: str | None = None, width: int = 1400) -> BrowserContext:
    """A browser context whose Accept-Language prefers ``language``."""
    options: dict[str, Any] = {"viewport": {"width": width, "height": 1000}}
    if width == PHONE["width"]:
        options["viewport"] = PHONE
    if language is not None:
        options["locale"] = {"ja": "ja-JP", "de": "de-DE", "ru": "ru-RU"}.get(language, "en-US")
        options["extra_http_headers"] = {"Accept-Language": language}
    return browser.new_context(**options)


def watched(page: Page) -> list[str]:
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on(
        "console",
        lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None,
    )
    return problems


def new_table(
    page: Page,
    server: ServerProcess,
    query: str = "",
    game: str = "ferry",
    players: int = 3,
    bot: str = "greedy",
) -> str:
    """A table of ``players`` (you, Ann, and ``bot``s), made by clicking in the lobby."""
    page.goto(f"{server.url}/{query}")
    page.select_option("#new-game", game)
    page.select_option("#new-players", str(players))
    for seat in range(1, players):
        page.select_option(f'#new-seats select[data-seat="{seat}"]', bot)
    page.fill("#new-name", "Ann")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+#seat=0&token="))
    page.wait_for_selector("#status[data-seq] #connection.on")
    return page.url.split("/t/")[1].split("#")[0]


def new_ferry_table(page: Page, server: ServerProcess, query: str = "") -> str:
    """A ferry table of three (you and two greedy bots), its hand drawn."""
    table = new_table(page, server, query)
    page.wait_for_selector("#hand .card")
    return table


def visible_english(page: Page, server: ServerProcess) -> list[str]:
    """The page's English messages that its visible text shows (the server's own data, the
    games' titles and variants' names, left out: they are not the page's words)."""
    text: str = page.evaluate("document.body.innerText")
    for game in server.get("/api/games")["games"]:
        for data in [game["title"], *game["variants"]]:
            text = text.replace(data, "")
    return [m for m in english_messages() if re.search(rf"(?<![A-Za-z]){re.escape(m)}", text)]


def test_the_lobby_in_russian(browser: Browser, server: ServerProcess) -> None:
    assert "Create the table" in english_messages()
    with context(browser) as ctx:
        page = ctx.new_page()
        problems = watched(page)
        page.goto(f"{server.url}/?lang=ru")
        expect(page.locator("#create")).to_have_text("Создать стол")
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        expect(page.locator("#new-players option").first).to_have_text(re.compile(r"^\d+ игрок"))
        expect(page.locator("#language")).to_have_value("ru")
        assert visible_english(page, server) == []
        page.goto(f"{server.url}/replay")  # remembered, without ?lang=
        expect(page.locator("#upload h2")).to_have_text("Воспроизвести запись партии")
        expect(page.locator("html")).to_have_attribute("lang", "ru")
        assert visible_english(page, server) == []
        assert not problems, problems


def test_a_ferry_table_in_japanese_from_accept_language(
    browser: Browser, server: ServerProcess
) -> None:
    with context(browser, "ja") as ctx:
        page = ctx.new_page()
        problems = watched(page)
        new_ferry_table(page, server)
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        expect(page.locator("#connection")).to_contain_text("接続中")
        expect(page.locator("#board .summary")).to_contain_text("ラウンド1/3")
        expect(page.locator("#harbour .centre .label")).to_have_text("待機中の渡し舟")
        expect(page.locator("#hand h3")).to_contain_text("あなたの手札")
        expect(page.locator(".rules-button").first).to_have_text("ルール")
        expect(page.locator("#invite h3")).to_have_text("招待")
        expect(page.locator("#harbour .dock").first).to_contain_text("ドック0")
        japanese = {a.name.in_language("ja") for a in GAMES["ferry"].load_rules().animals}
        species = page.locator("#hand .card .species").all_inner_texts()
        assert len(species) == 8 and set(species) <= japanese, species
        ferries = page.locator("#harbour .ferry-name").all_inner_texts()
        assert ferries and all(re.fullmatch(r"渡し舟 \d（積載量\d+）", f) for f in ferries), ferries
        expect(page.locator(".seats")).to_contain_text("greedyボット（席1）")
        assert visible_english(page, server) == []
        assert not problems, problems


def test_the_rules_panel_in_japanese(browser: Browser, server: ServerProcess) -> None:
    with context(browser) as ctx:
        page = ctx.new_page()
        problems = watched(page)
        page.goto(f"{server.url}/?lang=ja")
        page.select_option("#new-game", "ferry")
        page.click("#how-to .rules-button")
        rules = page.locator("#rules")
        expect(rules.locator(".guide h3").first).to_have_text("ゲームの目的")
        expect(rules.locator(".guide")).to_have_attribute("lang", "ja")
        expect(rules).to_contain_text("キリン 8 kg")
        page.click("#rules .close")
        page.select_option("#new-game", "island")
        page.click("#how-to .rules-button")
        expect(rules.locator(".guide h3").last).to_have_text("地図")
        assert not problems, problems


def test_the_names_the_server_gave_in_japanese(browser: Browser, server: ServerProcess) -> None:
    """The lobby's bot levels, the table's seats and the lobby's list name the bots in the
    page's language (an easy bot's seat 1 as 初級ボット with 席1, from each seat's ``default``);
    the name Ann typed stays as typed."""
    with context(browser, "ja") as ctx:
        page = ctx.new_page()
        problems = watched(page)
        page.goto(f"{server.url}/")
        page.select_option("#new-game", "ferry")
        page.select_option("#new-players", "3")
        easy = page.locator('#new-seats select[data-seat="1"] option[value="easy"]')
        expect(easy).to_have_text("初級ボット（greedy）")
        for seat in (1, 2):
            page.select_option(f'#new-seats select[data-seat="{seat}"]', "easy")
        page.fill("#new-name", "Ann")
        page.click("#create")
        page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+#seat=0&token="))
        table = page.url.split("/t/")[1].split("#")[0]
        expect(page.locator("#status .seats li")).to_have_text(
            ["Ann（あなた）", "初級ボット（席1）", "初級ボット（席2）"]
        )
        page.goto(f"{server.url}/")
        row = page.locator(f'#tables tr[data-table="{table}"] td').nth(2)
        expect(row).to_have_text("Ann, 初級ボット（席1）, 初級ボット（席2）")
        assert not problems, problems


def test_an_island_game_in_russian_to_its_end_and_its_replay(
    browser: Browser, server: ServerProcess
) -> None:
    with context(browser, "ru") as ctx:
        page = ctx.new_page()
        problems = watched(page)
        table = new_table(page, server, game="island", players=2, bot="easy")
        expect(page.locator("#doing")).to_contain_text("Ваш ход")
        assert visible_english(page, server) == []
        play_by_clicking(page, 3, {}, 0)
        expect(page.locator("#result")).to_contain_text("(I16)")
        assert visible_english(page, server) == []
        expect(page.locator(".seats")).to_contain_text("лёгкий бот")
        page.goto(f"{server.url}/replay?table={table}")
        expect(page.locator("#result")).to_be_visible()
        assert visible_english(page, server) == []
        assert not problems, problems


def test_a_japanese_table_fits_a_phone(browser: Browser, server: ServerProcess) -> None:
    with context(browser, "ja", width=PHONE["width"]) as ctx:
        page = ctx.new_page()
        new_ferry_table(page, server)
        width = page.evaluate(
            "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        )
        assert width <= PHONE["width"], width


def test_the_selector_changes_the_language_and_it_is_remembered(
    browser: Browser, server: ServerProcess
) -> None:
    with context(browser, "en") as ctx:
        page = ctx.new_page()
        problems = watched(page)
        page.goto(f"{server.url}/")
        expect(page.locator("#create")).to_have_text("Create the table")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.select_option("#language", "de")
        expect(page.locator("#create")).to_have_text("Tisch eröffnen")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        page.reload()
        expect(page.locator("#create")).to_have_text("Tisch eröffnen")
        expect(page.locator("#language")).to_have_value("de")
        page.goto(f"{server.url}/?lang=ja")  # the address wins, and is remembered in turn
        expect(page.locator("#create")).to_have_text("テーブルを作る")
        page.select_option("#language", "en")
        expect(page.locator("#create")).to_have_text("Create the table")
        assert "lang=" not in page.url
        page.goto(f"{server.url}/replay")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        assert not problems, problems


@pytest.mark.parametrize("language", ["ja", "de", "ru", "en"])
def test_screenshots_of_a_ferry_table(
    browser: Browser, server: ServerProcess, shots: Path, language: str
) -> None:
    with context(browser, language) as ctx:
        page = ctx.new_page()
        problems = watched(page)
        new_ferry_table(page, server, f"?lang={language}")
        expect(page.locator("html")).to_have_attribute("lang", language)
        page.wait_for_selector("#doing.yours")
        shots.mkdir(parents=True, exist_ok=True)
        shot = shots / f"table-{language}.png"
        page.screenshot(path=str(shot), full_page=True)
        _assert_shot(shot)
        assert not problems, problems
