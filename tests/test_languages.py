"""The games in their players' languages (issue 43): the gettext catalogs are whole, and the
ferry's screen and the terminal's words read in Japanese, German and Russian, plural forms
and all. The expected lines are the catalogs' translations, written out here by hand."""

from __future__ import annotations

import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from noahrules import catalogs, ferry
from noahrules.ferry.render import FerryScreen
from noahrules.i18n import DOMAINS, Words, translations
from noahrules.render import Paint, columns, visible_width, wrap
from tests.test_render import a_position

ROOT = Path(__file__).resolve().parent.parent


def test_every_catalog_is_whole() -> None:
    assert catalogs.check() == []


@pytest.mark.parametrize(("language", "forms"), [("ja", 1), ("de", 2), ("ru", 3)])
def test_each_language_has_its_plural_forms_compiled(language: str, forms: int) -> None:
    for domain in DOMAINS:
        compiled = files("noahrules").joinpath("locales", language, "LC_MESSAGES", f"{domain}.mo")
        assert compiled.is_file(), (language, domain)
    plural = translations(language, "ferry").ngettext
    assert len({plural("{count} card", "{count} cards", n) for n in range(1, 30)}) == forms


def test_russian_counts_take_three_forms() -> None:
    words = Words("ru", "ferry")
    said = [words.ngettext("{count} card", "{count} cards", n) for n in (1, 2, 4, 5, 11, 21, 22)]
    assert said == ["1 карта", "2 карты", "4 карты", "5 карт", "11 карт", "21 карта", "22 карты"]
    assert Words("ja", "ferry").ngettext("{count} card", "{count} cards", 5) == "5枚"
    assert Words("de", "ferry").ngettext("{count} card", "{count} cards", 1) == "1 Karte"


def test_the_ferry_table_in_japanese() -> None:
    state = a_position()
    screen = FerryScreen(state.rules, {}, Paint(False, "ja"), 1)
    assert screen.table(ferry.view(state, 1)) == [
        "ラウンド1/3、このラウンドの出発：0；席0がプレイする番",
        "ノア> ドック0：渡し舟 1 積載量 19/21 [すべてオス] ゾウ:♂10 サイ:♂9",
        "      ドック1：渡し舟 2 積載量 2/21 [性別自由] ネコ:♂2",
        "      ドック2：渡し舟 3 積載量 0/21 [性別自由] （空）",
        "      ドック3：（空、渡し舟が来ます）",
        "      ドック4：渡し舟 4 積載量 8/21 [性別自由] キリン:♀8",
        "中央で待機中：渡し舟 5 (21), 渡し舟 6 (21), 渡し舟 7 (21), 渡し舟 8 (21)",
        "プレイヤー：席0 2枚、ペナルティ 3; あなた（席1） 1枚、ペナルティ 0; 席2 1枚、ペナルティ 7",
        "あなたの手札：",
        "  オウム（メス、重さ0、涙2）",
    ]


def test_the_ferry_table_in_russian_and_german() -> None:
    state = a_position()
    russian = FerryScreen(state.rules, {}, Paint(False, "ru"), 1).table(ferry.view(state, 1))
    assert russian[1] == "Ной> причал 0: Паром 1 груз 19/21 [один пол: самец] Слон:♂10 Носорог:♂9"
    assert russian[7] == (
        "Игроки: место 0 2 карты, штраф 3; вы (место 1) 1 карта, штраф 0; место 2 1 карта, штраф 7"
    )
    german = FerryScreen(state.rules, {}, Paint(False, "de"), 0)
    seen = ferry.view(state, 0)
    assert german.prompt(seen) == "Spiele ein Tier auf die Fähre am Anleger 0:"
    assert german.label(seen, seen.legal_moves[0]) == (
        "die Tiere der Fähre am Anleger 0 nehmen (keine Karte passt)"
    )


def test_play_and_replay_speak_the_language_asked(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    command = [sys.executable, "-m", "noahrules", "play", "ferry", "--players", "5", "--seed", "3"]
    played = subprocess.run(
        [*command, "--lang", "ru", "--save", str(record)],
        input="q\n",
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    lines = played.stdout.splitlines()
    assert lines[0] == "noahrules ferry - 5 игроков, вы на месте 0; зерно 3; варианты: нет"
    assert lines[1] == "Введите номер варианта и нажмите Enter; q — выход."
    assert "До свидания: партия осталась незаконченной." in lines
    assert lines[-1] == f"запись партии сохранена в {record} (0 ходов)"
    shown = subprocess.run(
        [sys.executable, "-m", "noahrules", "replay", str(record), "--lang", "ja"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert shown.stdout.splitlines()[0] == "ferry：5人、シード 3、0手；バリアント：なし"


def test_the_check_finds_what_a_catalog_lacks(tmp_path: Path) -> None:
    catalog = Catalog(locale="ru", domain="ferry")
    catalog.add("Round {round}", "Раунд {раунд}")
    catalog.add("Noah>", "")
    catalog.add(("{count} card", "{count} cards"), ("{count} карта", "{count} карты"))
    catalog.add("game over", "игра окончена", flags=["fuzzy"])
    path = tmp_path / "ru" / "LC_MESSAGES" / "ferry.po"
    path.parent.mkdir(parents=True)
    with path.open("wb") as file:
        write_po(file, catalog)
    wanted = {"Round {round}", "Noah>", "{count} card", "game over", "Your hand:"}
    where = path.as_posix()
    problems = catalogs._problems(path, "ru", wanted, where)
    assert problems == [
        f"{where}: 'Your hand:' is not in the catalog",
        f"{where}: 'Round {{round}}': 'Раунд {{раунд}}' names ['раунд'], not ['round']",
        f"{where}: 'Noah>' is not translated",
        f"{where}: '{{count}} card' is not translated",
        f"{where}: 'game over' is fuzzy",
        f"{where}: its .mo is not compiled from it (python -m noahrules.catalogs compile)",
    ]


def test_wide_text_wraps_by_the_columns_it_takes() -> None:
    said = wrap("オウムをドック2にプレイしました", 10, "> ", "  ")
    assert said == ["> オウムを", "  ドック2", "  にプレイ", "  しました"]
    assert wrap("Ann：オウム ドック2", 12) == ["Ann：オウム", "    ドック2"]
    english = "Ann played parrot-6 (female, weight 0) at dock 2"
    assert wrap(english, 20, "> ") == [
        "> Ann played",
        "    parrot-6",
        "    (female, weight",
        "    0) at dock 2",
    ]


def test_wide_cells_line_up_in_columns() -> None:
    lines = columns(" 種", ["1) クマ", "2) ゾウ", "3) ライオン"], 30, 4)
    assert lines == [" 種 1) クマ      2) ゾウ", "    3) ライオン"]
    assert visible_width(lines[0]) <= 30
