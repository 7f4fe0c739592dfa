"""The *Rules* panel's guides in the players' languages (issue 43): ``GET
/api/games/{game}/guide?lang=`` answers a game's guide in the language asked where the game has
it (``guides/ferry.ja.md`` beside ``guides/ferry.md``), else in English, and names the language
of the text it answers; an unknown ``lang`` is refused before any file is looked for. Every
packaged guide is whole in every language: the same sections citing the same rules.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path, PurePosixPath

import attrs
import climb
import pytest
from starlette.testclient import TestClient

from noahrules import GAMES, register_game
from noahrules.game import Game
from noahrules.games import unregister_game
from noahrules.names import DEFAULT_LANGUAGE, LANGUAGES
from noahrules.serve import create_app, explain
from noahrules.serve.explain import guide, guide_in, parts

GUIDES = Path(str(files("noahrules.serve") / "guides"))
"""The packaged guides."""
RULE_ID = re.compile(r"(?<![A-Za-z0-9])[FIV]\d+(?![0-9])")
"""A rule id as the guides cite it (F14, I10, V3), also between Japanese letters."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as opened:
        yield opened


def packaged(name: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The text of the packaged guide ``name`` (``ferry``) in ``language``."""
    infix = "" if language == DEFAULT_LANGUAGE else f".{language}"
    return (GUIDES / f"{name}{infix}.md").read_text("utf-8")


@pytest.mark.parametrize(
    ("game", "language", "line"),
    [
        ("ferry", "en", "## Reading the page"),
        ("ferry", "ja", "## 画面の見方"),
        ("ferry", "de", "## Das Ende einer Runde"),
        ("ferry", "ru", "## Как читать страницу"),
        ("island", "en", "## The map"),
        ("island", "ja", "## 地図"),
        ("island", "de", "## Der Spielplan"),
        ("island", "ru", "## Подсчёт очков"),
    ],
)
def test_the_guide_in_each_language(
    client: TestClient, game: str, language: str, line: str
) -> None:
    answer = client.get(f"/api/games/{game}/guide", params={"lang": language})
    assert answer.status_code == 200
    assert answer.json() == {
        "game": game,
        "title": GAMES[game].title,
        "text": packaged(game, language),
        "language": language,
    }
    assert line in answer.json()["text"].splitlines()
    assert guide(GAMES[game], language) == packaged(game, language)


def test_without_lang_the_guide_is_english(client: TestClient) -> None:
    answer = client.get("/api/games/ferry/guide")
    assert answer.json() == {
        "game": "ferry",
        "title": GAMES["ferry"].title,
        "text": packaged("ferry"),
        "language": "en",
    }
    assert answer.json()["text"].startswith("## The goal\n")
    assert guide(GAMES["ferry"]) == packaged("ferry")


@pytest.mark.parametrize("asked", ["xx", "../x", "../ferry", "ja/../../x", "", "JA", "ja.md"])
def test_an_unknown_lang_is_refused(
    client: TestClient, asked: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    looked: list[str] = []
    monkeypatch.setattr(explain, "files", looked.append)
    answer = client.get("/api/games/ferry/guide", params={"lang": asked})
    assert answer.status_code == 400
    assert answer.json() == {
        "error": {"code": "bad_request", "message": "'lang' is one of en, ja, de, ru"}
    }
    assert looked == []  # refused before any file was looked for
    with pytest.raises(ValueError, match="unknown language"):
        guide(GAMES["ferry"], asked)


# a game of another package: its guide's languages are the files beside it


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package ``climbguide`` on the path, where each test writes its guide's files."""
    folder = tmp_path / "climbguide"
    (folder / "rules").mkdir(parents=True)
    (folder / "__init__.py").write_text(
        "from noahrules.serve.explain import PageParts\nPARTS = PageParts(guide='rules/climb.md')\n"
    )
    (folder / "rules" / "climb.md").write_text("## Climb\n\nUp the gangway.\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    yield folder
    for name in [n for n in sys.modules if n.split(".")[0] == "climbguide"]:
        del sys.modules[name]


def guided() -> Game:
    """Climb, with the guide of the package ``climbguide``."""
    return attrs.evolve(climb.GAME, plugins={**climb.GAME.plugins, "serve": "climbguide:PARTS"})


@pytest.fixture
def registered(package: Path) -> Iterator[Path]:
    """Climb with the guide of ``climbguide``, registered for the server."""
    register_game(guided())
    yield package
    unregister_game("climb")


def test_a_game_without_a_translation_answers_english(client: TestClient, registered: Path) -> None:
    for language in LANGUAGES:
        answer = client.get("/api/games/climb/guide", params={"lang": language})
        assert answer.json() == {
            "game": "climb",
            "title": climb.GAME.title,
            "text": "## Climb\n\nUp the gangway.\n",
            "language": "en",
        }


def test_a_game_without_a_guide_answers_none_in_english(client: TestClient) -> None:
    register_game(climb.GAME)  # Climb as it is names no guide
    try:
        answer = client.get("/api/games/climb/guide", params={"lang": "ru"})
    finally:
        unregister_game("climb")
    assert answer.json() == {
        "game": "climb",
        "title": climb.GAME.title,
        "text": None,
        "language": "en",
    }


def test_a_translation_is_the_file_beside_the_guide(package: Path) -> None:
    (package / "rules" / "climb.de.md").write_text("## Klettern\n\nDie Planke hinauf.\n")
    game = guided()
    assert guide_in(game, "de") == ("## Klettern\n\nDie Planke hinauf.\n", "de")
    assert guide_in(game, "ja") == ("## Climb\n\nUp the gangway.\n", "en")
    assert guide_in(game, "en") == ("## Climb\n\nUp the gangway.\n", "en")
    assert guide(game, "de") == "## Klettern\n\nDie Planke hinauf.\n"


def test_a_guide_given_as_text_is_english_in_every_language(package: Path) -> None:
    (package / "__init__.py").write_text(
        "from noahrules.serve.explain import PageParts\n"
        "PARTS = PageParts(guide='## Climb\\n\\nUp the gangway.')\n"
    )
    for language in LANGUAGES:
        assert guide_in(guided(), language) == ("## Climb\n\nUp the gangway.", "en")


# the packaged guides are whole in every language


def sections(text: str) -> list[set[str]]:
    """The rule ids each ``##`` section of a guide cites."""
    found: list[set[str]] = []
    for line in text.splitlines():
        if line.startswith("## "):
            found.append(set())
        elif found:
            found[-1].update(RULE_ID.findall(line))
    return found


def test_every_packaged_guide_is_whole_in_every_language() -> None:
    named = {PurePosixPath(parts(g).guide or "").name for g in GAMES.values() if parts(g).guide}
    bases = sorted(p.stem for p in GUIDES.glob("*.md") if "." not in p.stem)
    assert bases == ["ferry", "island"] and {f"{b}.md" for b in bases} <= named
    expected = {f"{b}{'' if lang == 'en' else f'.{lang}'}.md" for b in bases for lang in LANGUAGES}
    assert {p.name for p in GUIDES.iterdir()} == expected  # nothing else, no other language
    for base in bases:
        english = packaged(base)
        assert len(sections(english)) >= 5
        for language in LANGUAGES[1:]:
            text = packaged(base, language)
            assert text != english
            headings = [line for line in text.splitlines() if line.startswith("#")]
            assert all(h.startswith("## ") for h in headings), (base, language)
            assert len(headings) == len(sections(english)), (base, language)
            assert sections(text) == sections(english), (base, language)


def test_the_guides_name_animals_and_ferries_as_the_data_does() -> None:
    ferry = GAMES["ferry"].load_rules(["frog", "crocodile"])
    island = GAMES["island"].load_rules()
    names = {
        "ferry": [c.name for c in ferry.animals] + [ferry.ferries[0].name],
        "island": [t.name for t in island.tiles if t.species in ("unicorn", "fishbone")],
    }
    for base, given in names.items():
        for language in LANGUAGES:
            text = packaged(base, language).casefold()
            said = {n.in_language(language) for n in given}
            missing = sorted(name for name in said if name.casefold() not in text)
            assert not missing, (base, language, missing)


def test_the_japanese_ferry_guide_speaks_as_its_rules_do() -> None:
    text = packaged("ferry", "ja")
    for term in (
        "渡し舟",
        "ノア",
        "涙",
        "最大積載量",
        "手札",
        "ペナルティポイント",
        "ペア",
        "出発",
    ):
        assert term in text, term
