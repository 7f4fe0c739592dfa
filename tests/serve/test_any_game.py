"""Any registered game at the table: Climb, a game of another package that the page has no drawing
of its own for, shows its table as its text screen draws it, updated on every move, and is
played to its end by clicking in Chromium. Its guide and every failure of the page's API answer
in JSON.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import attrs
import climb
import pytest
from playwright.sync_api import Browser, expect
from starlette.testclient import TestClient

from noahrules import GAMES, register_game
from noahrules.game import Game
from noahrules.games import unregister_game
from noahrules.records import GameRecord, final_state
from noahrules.serialize import from_dict
from noahrules.serve import create_app, routes
from noahrules.serve.errors import RequestError
from noahrules.serve.explain import guide, page_file
from noahrules.serve.naming import named_screen
from tests.serve.installed import with_climbs
from tests.serve.support import ServerProcess
from tests.serve.test_browser import (
    MAX_CLICKS,
    _assert_shot,
    browser,
    click_something,
    create_table,
    open_page,
    shots,
)

__all__ = ["browser", "shots"]  # the fixtures, shared with the other browser tests


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    register_game(climb.GAME)  # here too, to replay the server's record
    process = with_climbs(tmp_path_factory.mktemp("any-game"))
    yield process
    process.stop()
    unregister_game("climb")


def test_climb_shows_its_table_and_is_played_to_the_end(
    browser: Browser, server: ServerProcess, shots: Path
) -> None:
    page, problems = open_page(browser)
    table = create_table(page, server, "climb", 2)
    text = page.locator("#table-text")
    expect(text).to_be_visible()
    first = text.inner_text()
    assert first.strip()

    rng = random.Random(3)
    seen = {first}
    for _ in range(MAX_CLICKS):
        page.wait_for_selector("#doing.yours, #result:not([hidden])", timeout=30_000)
        if page.locator("#result").is_visible():
            break
        seen.add(text.inner_text())
        if len(seen) == 3:
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(shots / "climb-table.png"), full_page=True)
        click_something(page, rng)
    else:
        raise AssertionError("the game did not end")
    assert len(seen) > 2  # the table follows the game
    _assert_shot(shots / "climb-table.png")

    record = from_dict(server.get(f"/api/tables/{table}/record"), GameRecord)
    state = final_state(record)
    game = GAMES["climb"]
    assert game.is_over(state)
    rules = game.load_rules(record.variants)
    screen = named_screen(game, rules, ("Ann", "greedy bot"), 0)
    assert text.inner_text() == "\n".join(screen.table(game.view(state, 0)))
    assert not problems, problems


def test_a_game_draws_its_table_with_its_own_script_and_styles(
    browser: Browser, server: ServerProcess
) -> None:
    page, problems = open_page(browser)
    create_table(page, server, "climb-long", 2)
    drawing = page.locator("#climb-drawing")
    expect(drawing).to_be_visible()
    expect(page.locator("#table-text")).to_have_count(0)  # its drawing, not the text screen
    for _ in range(MAX_CLICKS):
        page.wait_for_selector("#doing.yours, #result:not([hidden])", timeout=30_000)
        if page.locator("#result").is_visible():
            break
        seq = page.locator("#status").get_attribute("data-seq")
        buttons = drawing.locator("button")
        buttons.nth(buttons.count() - 1).click()  # the last move: a draw while there is one
        expect(page.locator(f'#status:not([data-seq="{seq}"])')).to_have_count(1)
        if drawing.locator(".gangway li").count():
            outline = drawing.locator(".gangway li").first.evaluate(
                "li => getComputedStyle(li).outlineColor"
            )
            assert outline == "rgb(200, 0, 0)"  # the game's own style sheet
    else:
        raise AssertionError("the game did not end")
    assert drawing.locator(".gangway li").count() or page.locator("#result").is_visible()
    assert not problems, problems


def test_a_games_own_page_files_are_served_and_nothing_else(server: ServerProcess) -> None:
    listed = {g["name"]: (g["script"], g["styles"]) for g in server.get("/api/games")["games"]}
    assert listed == {
        "ferry": (False, False),
        "island": (False, False),
        "climb": (False, False),
        "climb-long": (True, True),
    }
    with urllib.request.urlopen(f"{server.url}/games/climb-long/page.js") as answer:
        assert answer.headers["Content-Type"] == "text/javascript; charset=utf-8"
        assert answer.read().decode().startswith("\nimport { h }")
    with urllib.request.urlopen(f"{server.url}/games/climb-long/page.css") as answer:
        assert answer.headers["Content-Type"] == "text/css; charset=utf-8"
    for path, message in [
        ("/games/climb/page.js", "the game climb has no page.js"),
        ("/games/climb-long/__init__.py", "the game climb-long has no __init__.py"),
        ("/games/nothing/page.js", "there is no such game"),
    ]:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server.url + path)
        assert refused.value.code == 404
        assert json.loads(refused.value.read())["error"] == {
            "code": "unknown_table",
            "message": message,
        }


def test_the_guide_of_a_game_without_one_and_of_an_unknown_game(server: ServerProcess) -> None:
    guide = server.get("/api/games/ferry/guide")
    assert guide["game"] == "ferry" and guide["text"].startswith("## The goal")
    assert guide["language"] == "en"
    assert server.get("/api/games/climb/guide")["text"] is None  # Climb names no guide
    with pytest.raises(urllib.error.HTTPError) as refused:
        server.get("/api/games/nothing/guide")
    assert refused.value.code == 404
    assert json.loads(refused.value.read())["error"]["code"] == "unknown_table"


@pytest.fixture
def page_parts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package ``climbpage`` on the path, where each test writes its ``PARTS``."""
    package = tmp_path / "climbpage"
    package.mkdir()
    monkeypatch.syspath_prepend(str(tmp_path))
    yield package
    for name in [n for n in sys.modules if n.split(".")[0] == "climbpage"]:
        del sys.modules[name]


def guided(package: Path, guide: str) -> Game:
    """Climb, with page parts whose guide is ``guide``."""
    (package / "__init__.py").write_text(
        f"from noahrules.serve.explain import PageParts\nPARTS = PageParts(guide={guide!r})\n"
    )
    sys.modules.pop("climbpage", None)  # written anew: imported anew
    importlib.invalidate_caches()
    return attrs.evolve(climb.GAME, plugins={"serve": "climbpage:PARTS"})


def test_a_guide_is_its_text_or_a_file_of_the_games_own_package(page_parts: Path) -> None:
    text = "## The goal\n\nShed your hand."
    assert guide(guided(page_parts, text)) == text
    (page_parts / "rules").mkdir()
    (page_parts / "rules" / "climb.md").write_text("## Climb\n\nUp the gangway.\n")
    assert guide(guided(page_parts, "rules/climb.md")) == "## Climb\n\nUp the gangway.\n"


@pytest.mark.parametrize(
    ("named", "says"),
    [
        ("../secret.md", "is not inside its package"),
        ("/etc/hostname", "is not inside its package"),
        ("rules/missing.md", "cannot be read"),
    ],
)
def test_a_guide_outside_its_package_or_missing_is_refused(
    page_parts: Path, named: str, says: str
) -> None:
    with pytest.raises(RequestError, match=says) as refused:
        guide(guided(page_parts, named))
    assert refused.value.code == "internal"


def test_a_page_file_outside_its_package_or_missing_is_refused(page_parts: Path) -> None:
    (page_parts / "__init__.py").write_text(
        "from noahrules.serve.explain import PageParts\n"
        "PARTS = PageParts(script='../page.js', styles='missing.css')\n"
    )
    game = attrs.evolve(climb.GAME, plugins={"serve": "climbpage:PARTS"})
    with pytest.raises(RequestError, match="the script of climb is not inside its package"):
        page_file(game, "page.js")
    with pytest.raises(RequestError, match=r"the styles of climb cannot be read: .*missing\.css"):
        page_file(game, "page.css")
    assert page_file(game, "guide.md") is None and page_file(climb.GAME, "page.js") is None


def test_every_failure_of_the_api_answers_in_json(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(game: Game, language: str) -> tuple[str, str]:
        raise RuntimeError("a bug of the server's own")

    monkeypatch.setattr(routes, "guide_in", broken)
    with TestClient(create_app()) as client:
        failed = client.get("/api/games/ferry/guide")
    assert failed.status_code == 500
    assert failed.json() == {
        "error": {"code": "internal", "message": "the server could not answer this request"}
    }
