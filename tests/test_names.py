"""Names in languages: the packaged data in English, Japanese, German and Russian, the English
fallback of user variants, validate's check of a language started but not finished, hostile
name mappings, and ``cards``/``board`` with ``--lang``.

The Japanese names checked against ``cards ferry --lang ja`` are those the Japanese rules of the
ferry game write (seed 001: キリン, カタツムリ, ロバ, ライオン, キツツキ, カエル, ワニ, 渡し舟); the
German and Russian unicorn and fishbone are those of the island game's rules (seed 002:
Einhörner, Fischgräten; seed 000: единороги). The expected messages are written by hand.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from noahrules import ferry, island
from noahrules.cli import main
from noahrules.data import (
    LANGUAGES,
    LONGEST_NAME,
    Names,
    Node,
    Overlay,
    data_dir,
    language_of_environment,
    load_yaml,
    parse_names,
)
from noahrules.data.names import NAME_KEYS
from noahrules.errors import RulesDataError
from noahrules.render import Paint, grid, visible_width

LOCALE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def write(tmp_path: Path, text: str, name: str = "v.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    env: dict[str, str] | None = None,
) -> tuple[int, str, str]:
    """Run the command line in a locale of ``env`` (none by default); status, output, errors."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    for key in LOCALE:
        monkeypatch.delenv(key, raising=False)
    for key, value in (env or {}).items():
        monkeypatch.setenv(key, value)
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


# --- the packaged data: every name in every language ----------------------------------------


def _packaged_files() -> list[Path]:
    return sorted(path for game in ("ferry", "island") for path in data_dir(game).rglob("*.yaml"))


def _names_in(value: Any, found: list[Any]) -> None:
    if isinstance(value, list):
        for item in value:
            _names_in(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in NAME_KEYS:
                found.append(item)
            else:
                _names_in(item, found)


def test_every_packaged_name_is_given_in_every_language() -> None:
    files = _packaged_files()
    assert len(files) == 16  # 3 + 5 ferry; 3 + 2 boards + 3 island (rules files hold none)
    counts = dict.fromkeys(LANGUAGES, 0)
    for path in files:
        names: list[Any] = []
        _names_in(load_yaml(path).value, names)
        if path.name != "rules.yaml":
            assert names, f"{path} holds no name"
        for name in names:
            assert isinstance(name, dict), f"{path}: {name!r} is not given in languages"
            assert sorted(name) == sorted(LANGUAGES), f"{path}: {name!r}"
            for lang in LANGUAGES:
                assert isinstance(name[lang], str) and name[lang].strip(), f"{path}: {name!r}"
                counts[lang] += 1
    # 47 + 3 + 1 cards, 8 + 1 ferries, 5 + 3 descriptions; 14 tiles, 4 arks, 2 boards
    assert counts == dict.fromkeys(LANGUAGES, 88)


def _every_names(variants: list[str], game: str) -> list[Names]:
    if game == "ferry":
        rules = ferry.load_rules(variants)
        return [c.name for c in rules.animals] + [f.name for f in rules.ferries]
    loaded = island.load_rules(variants)
    return [t.name for t in loaded.tiles] + [a.name for a in loaded.arks] + [loaded.board.title]


@pytest.mark.parametrize(
    ("game", "variants"),
    [
        ("ferry", []),
        ("ferry", ["frog", "crocodile", "roommate"]),
        ("island", []),
        ("island", ["small-island"]),
    ],
)
def test_every_loaded_name_has_every_language(game: str, variants: list[str]) -> None:
    for names in _every_names(variants, game):
        assert names.languages == LANGUAGES
        assert names.en[0].isupper()
        assert len({names.in_language(lang) for lang in LANGUAGES}) >= 2 or names.en in (
            "Panda",
            "Zebra",
        )


def test_the_japanese_names_are_those_of_the_japanese_rules() -> None:
    rules = ferry.load_rules(["frog", "crocodile", "roommate"])
    japanese = {c.species: c.name.ja for c in rules.animals}
    assert {
        species: japanese[species]
        for species in ("giraffe", "lion", "woodpecker", "frog", "crocodile")
    } == {
        "giraffe": "キリン",
        "lion": "ライオン",
        "woodpecker": "キツツキ",
        "frog": "カエル",
        "crocodile": "ワニ",
    }
    assert ferry.load_rules().card["snail-1"].name.ja == "カタツムリ"
    assert ferry.load_rules().card["donkey-1"].name.ja == "ロバ"
    assert rules.ferry_card["ferry-1"].name.ja == "渡し舟"
    assert rules.ferry_card["roommate"].name.ja == "ルームメイトの渡し舟"


def test_the_island_names_follow_the_german_and_russian_rules() -> None:
    kind = island.load_rules().kind
    assert (kind["unicorn"].name.de, kind["unicorn"].name.ru) == ("Einhorn", "Единорог")
    assert kind["fishbone"].name.de == "Fischgräte"
    assert island.load_rules().arks[0].name.in_language("ru") == "Красный ковчег"


def test_names_change_no_digest_and_no_equality(tmp_path: Path) -> None:
    """Names leave the rules digests as they were before names existed."""
    assert ferry.load_rules().digest == (
        "43dbb2698d12195b4131269ec0ebec0d9c02fdc318fed0c124044b78cfb39e23"
    )
    assert island.load_rules().digest == (
        "b8372ad4ad941337e50aed81a58ccff1a6ffa8bea00e268fcb9d1e575b305c77"
    )
    assert ferry.load_rules(["crocodile"]).digest == (
        "a4b112ef9f155d67bc153c97ee4cff84310fd1c6f990b3586e5ea7c4bfb14d9f"
    )
    card = "{id: heron-1, species: heron, gender: male, weight: 2, tears: 1%s}"
    plain = write(tmp_path, f"animals:\n  add:\n    - {card % ''}\n", "plain.yaml")
    named = write(
        tmp_path,
        f"animals:\n  add:\n    - {card % ', name: {en: Heron, de: Reiher}'}\n",
        "named.yaml",
    )
    first, second = ferry.load_rules([plain]), ferry.load_rules([named])
    assert first.digest == second.digest
    assert first == second
    assert first.card["heron-1"] == second.card["heron-1"]
    assert second.card["heron-1"].name == Names("Heron", de="Reiher")


# --- user variants: English alone, or no name at all -----------------------------------------

HERONS = """\
description: two herons
animals:
  add:
    - {id: heron-1, species: heron, name: Heron, gender: male, weight: 2, tears: 1}
    - {id: heron-2, species: heron, gender: female, weight: 2, tears: 1}
"""


def test_a_variant_in_english_alone_loads_and_falls_back(tmp_path: Path) -> None:
    rules = ferry.load_rules([write(tmp_path, HERONS)])
    named, unnamed = rules.card["heron-1"].name, rules.card["heron-2"].name
    assert named == Names("Heron")
    assert [named.in_language(lang) for lang in LANGUAGES] == ["Heron"] * 4
    assert unnamed == named  # no name: that of its species' named card
    text = HERONS.replace("name: Heron, ", "")
    assert ferry.load_rules([write(tmp_path, text)]).card["heron-1"].name == Names("heron")
    assert str(named) == "Heron"
    assert ferry.check_rules([write(tmp_path, HERONS)]).warnings == []


def test_a_card_without_a_name_is_named_as_its_species_is(tmp_path: Path) -> None:
    card = "{id: parrot-7, species: parrot, gender: male, weight: 0, tears: 2}"
    text = f"animals:\n  add:\n    - {card}\n"
    rules = ferry.load_rules([write(tmp_path, text)])
    assert rules.card["parrot-7"].name == rules.card["parrot-1"].name
    assert rules.card["parrot-7"].name.in_language("ja") == "オウム"


def test_a_card_named_unlike_its_species_is_a_warning(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text = """\
animals:
  add:
    - {id: parrot-7, species: parrot, name: Polly, gender: male, weight: 0, tears: 2}
"""
    path = write(tmp_path, text, "polly.yaml")
    assert ferry.load_rules([path]).card["parrot-7"].name == Names("Polly")
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert (status, out.splitlines()) == (
        0,
        [
            f"warning: {path}:3:45: animals.add[0].name: the name differs from that of "
            "parrot-1, another parrot: players read two names for one species",
            f"{path}: ok (ferry variant, 1 warning)",
        ],
    )


def test_a_variant_may_give_some_languages(tmp_path: Path) -> None:
    text = """\
tiles:
  add:
    - {species: owl, name: {en: Owl, de: Eule}, count: 0, points: 1, rescuable: false}
"""
    kind = island.load_rules([write(tmp_path, text)]).kind["owl"]
    assert kind.name.in_language("de") == "Eule"
    assert kind.name.in_language("ja") == "Owl"
    assert kind.name.languages == ("en", "de")


def test_an_ark_and_a_ferry_without_a_name_go_by_their_ids(tmp_path: Path) -> None:
    text = "ferries:\n  remove: [ferry-8]\n  add:\n    - {id: raft, capacity: 21}\n"
    assert ferry.load_rules([write(tmp_path, text)]).ferry_card["raft"].name == Names("raft")


def test_in_language_refuses_an_unknown_code() -> None:
    with pytest.raises(ValueError, match=r"unknown language 'fr'; languages: en, ja, de, ru"):
        Names("Heron").in_language("fr")


# --- validate: a language started but not finished --------------------------------------------

PARTIAL = """\
description: {en: two herons, ja: 二羽のサギ}
animals:
  add:
    - id: heron-1
      species: heron
      name: {en: Heron, ja: サギ, de: Reiher}
      gender: male
      weight: 2
      tears: 1
    - id: egret-1
      species: egret
      name: Egret
      gender: female
      weight: 2
      tears: 1
"""


def test_validate_warns_of_a_language_started_but_not_finished(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = write(tmp_path, PARTIAL, "herons.yaml")
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert status == 0
    assert out.splitlines() == [
        f"warning: {path}:1:14: description: lacks the language de that other names of this "
        "file give; English stands in",
        f"warning: {path}:12:13: animals.add[1].name: lacks the languages ja, de that other "
        "names of this file give; English stands in",
        f"{path}: ok (ferry variant, 2 warnings)",
    ]


def test_validate_is_silent_when_every_name_has_the_same_languages(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = write(tmp_path, HERONS, "herons.yaml")
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert (status, out) == (0, f"{path}: ok (ferry variant)\n")


def test_validate_checks_a_board_file_s_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    board = (data_dir("island") / "boards" / "small.yaml").read_text(encoding="utf-8")
    text = board.replace("ja: 小さな島, ", "ja: 小さな島, fr: La petite île, ")
    path = write(tmp_path, text, "isle.yaml")
    status, out, _ = run(capsys, monkeypatch, ["validate", str(path)])
    assert status == 1
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("name:"))
    column = text.splitlines()[line - 1].index("La petite") + 1
    assert out.splitlines() == [
        f"{path}:{line}:{column}: name.fr: unknown language 'fr'; languages: en, ja, de, ru",
        "1 problem",
    ]


# --- hostile names ------------------------------------------------------------------------------

HOSTILE_CARD = """\
animals:
  add:
    - id: heron-1
      species: heron
      name: {name}
      gender: male
      weight: 2
      tears: 1
"""


@pytest.mark.parametrize(
    ("name", "where", "problem"),
    [
        (
            "{en: Heron, fr: Héron}",
            "5:29: animals.add[0].name.fr",
            "unknown language 'fr'; languages: en, ja, de, ru",
        ),
        ("{en: 3}", "5:18: animals.add[0].name.en", "expected a non-empty string, got int 3"),
        ("{en: ''}", "5:18: animals.add[0].name.en", "expected a non-empty string, got str ''"),
        (
            "{en: Heron, ja: '   '}",
            "5:29: animals.add[0].name.ja",
            "a blank name; leave the language out instead",
        ),
        ("{en: [Heron]}", "5:18: animals.add[0].name.en", "expected a non-empty string, got list"),
        ("{ja: サギ}", "5:13: animals.add[0].name", "no English name 'en': every name has one"),
        ("{}", "5:13: animals.add[0].name", "no English name 'en': every name has one"),
        (
            "[Heron]",
            "5:13: animals.add[0].name",
            "expected a name: a string, or a mapping of languages (en, ja, de, ru) to strings, "
            "got list",
        ),
        (
            "12",
            "5:13: animals.add[0].name",
            "expected a name: a string, or a mapping of languages (en, ja, de, ru) to strings, "
            "got int 12",
        ),
        ('"Her\\x1bon"', "5:13: animals.add[0].name", "holds the control character '\\x1b'"),
        (
            "{en: " + "H" * (LONGEST_NAME + 1) + "}",
            "5:18: animals.add[0].name.en",
            f"a string of {LONGEST_NAME + 1} characters; at most {LONGEST_NAME}",
        ),
    ],
)
def test_a_hostile_name_is_an_error_naming_file_line_and_key(
    tmp_path: Path, name: str, where: str, problem: str
) -> None:
    path = write(tmp_path, HOSTILE_CARD.format(name=name))
    with pytest.raises(RulesDataError) as caught:
        ferry.load_rules([path])
    assert str(caught.value) == f"{path}:{where}: {problem}"


def test_every_problem_of_a_name_is_named_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, HOSTILE_CARD.format(name="{de: '', xx: Reiher}"))
    with pytest.raises(RulesDataError) as caught:
        ferry.load_rules([path])
    assert str(caught.value).splitlines() == [
        f"{path}:5:18: animals.add[0].name.de: expected a non-empty string, got str ''",
        f"{path}:5:26: animals.add[0].name.xx: unknown language 'xx'; languages: en, ja, de, ru",
        f"{path}:5:13: animals.add[0].name: no English name 'en': every name has one",
    ]


def test_a_hostile_island_name_and_description(tmp_path: Path) -> None:
    text = """\
description: {en: an owl, ru: 7}
arks:
  remove: [red]
  add:
    - {colour: red, name: {en: Red ark, de: null}, doubled: [bear, hippo, penguin]}
"""
    path = write(tmp_path, text)
    with pytest.raises(RulesDataError) as caught:
        island.load_rules([path])
    assert str(caught.value).splitlines() == [
        f"{path}:1:31: description.ru: expected a non-empty string, got int 7",
        f"{path}:5:45: arks.add[0].name.de: expected a non-empty string, got nothing",
    ]


def test_a_description_may_span_lines_but_a_name_may_not(tmp_path: Path) -> None:
    text = "description: |\n  two herons\n  of the marsh\nanimals:\n  add: []\n"
    ferry.load_rules([write(tmp_path, text, "a.yaml")])
    named = HOSTILE_CARD.format(name='"Her\\non"')
    with pytest.raises(RulesDataError) as caught:
        ferry.load_rules([write(tmp_path, named, "b.yaml")])
    assert caught.value.problem == "holds the control character '\\n'"


NAME_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from([*LANGUAGES, "fr", "EN", ""]) | st.text(), inner, max_size=4
        )
    ),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(value=NAME_VALUES)
def test_any_name_value_loads_or_is_a_rules_data_error(value: object) -> None:
    card = {"id": "heron-1", "species": "heron", "gender": "male", "weight": 2, "tears": 1}
    overlay = Overlay("heron", {"animals": {"add": [{**card, "name": value}]}})
    try:
        rules = ferry.load_rules([overlay])
    except RulesDataError as exc:
        assert exc.file == "heron"
        assert exc.path.startswith("animals.add[0].name")
        return
    name = rules.card["heron-1"].name
    assert isinstance(value, dict | str | type(None))
    for lang in LANGUAGES:
        assert name.in_language(lang)


@settings(max_examples=100, deadline=None)
@given(
    names=st.dictionaries(
        st.sampled_from(LANGUAGES[1:]),
        st.text(min_size=1, max_size=20).filter(lambda t: t.isprintable() and t.strip()),
    ),
    english=st.text(min_size=1, max_size=20).filter(lambda t: t.isprintable() and t.strip()),
)
def test_parse_names_keeps_what_is_given_and_falls_back_to_english(
    names: dict[str, str], english: str
) -> None:
    parsed = parse_names(Node({"en": english, **names}, "n.yaml", "name"))
    for lang in LANGUAGES:
        assert parsed.in_language(lang) == names.get(lang, english)


# --- the locale and --lang ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ru_RU", "LC_MESSAGES": "de_AT@euro"}, "de"),
        ({"LANGUAGE": "fr:de:ja", "LANG": "ja_JP.UTF-8"}, "de"),
        ({"LANGUAGE": "ja", "LANG": "C"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
    ],
)
def test_the_language_comes_from_the_locale(environ: dict[str, str], lang: str) -> None:
    assert language_of_environment(environ) == lang


def test_cards_ferry_in_japanese_names_the_animals_as_the_japanese_rules_do(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, _ = run(capsys, monkeypatch, ["cards", "ferry", "--lang", "ja"])
    assert status == 0
    for card_id, japanese in (
        ("giraffe-1", "キリン"),
        ("snail-1", "カタツムリ"),
        ("donkey-1", "ロバ"),
        ("lion-1", "ライオン"),
        ("woodpecker-1", "キツツキ"),
    ):
        row = next(line for line in out.splitlines() if line.startswith(f"  {card_id} "))
        assert row.split()[1] == japanese
    assert "  ferry-1  渡し舟  21" in out.splitlines()
    status, out, _ = run(
        capsys, monkeypatch, ["cards", "ferry", "--lang", "ja", "--variant", "frog,crocodile"]
    )
    assert "  frog-1        カエル" in out
    assert "  crocodile-1   ワニ" in out


@pytest.mark.parametrize(
    ("args", "env", "expected"),
    [
        (["cards", "ferry", "--lang", "de"], {}, "  giraffe-1     Giraffe"),
        (["cards", "ferry", "--lang", "ru"], {}, "  giraffe-1     Жираф"),
        (["cards", "ferry", "--lang", "en"], {"LANG": "ja_JP.UTF-8"}, "  giraffe-1     Giraffe"),
        (["cards", "ferry"], {"LANG": "ru_RU.UTF-8"}, "  giraffe-1     Жираф"),
        (["cards", "ferry", "--lang", "RU"], {}, "  giraffe-1     Жираф"),
        (["cards", "island", "--lang", "de"], {}, "  unicorn   Einhorn"),
        (["board", "island", "--lang", "ja"], {}, "ボード「default」: 島 (169マス)"),
        (
            ["board", "island"],
            {"LC_ALL": "de_DE.UTF-8"},
            "Spielplan „default“: Die Insel (169 Felder)",
        ),
        (["board", "island", "--lang", "ru"], {}, "  жетонов воды 36, отложенных жетонов 6"),
        (["cards", "ferry", "--lang", "ja"], {}, "動物カード47枚 （ヴァリアント：なし）"),
        (["cards", "ferry", "--lang", "ja"], {}, "  ID       名前    積載量  ルール"),
        (["cards", "ferry", "--lang", "de"], {}, "8 Fährenkarten"),
        (
            ["cards", "ferry", "--lang", "de"],
            {},
            "  giraffe-1     Giraffe   giraffe     männlich    8",
        ),
        (["cards", "island", "--lang", "ru"], {}, "80 жетонов животных (варианты: нет)"),
        (["cards", "island", "--lang", "ru"], {}, "  bear      Медведь      6           1     да"),
        (["cards", "island", "--lang", "ru"], {}, "4 ковчега"),
    ],
)
def test_cards_and_board_in_a_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: list[str],
    env: dict[str, str],
    expected: str,
) -> None:
    status, out, err = run(capsys, monkeypatch, args, env)
    assert status == 0, err
    assert expected in out


def test_an_unknown_language_is_a_usage_error_listing_the_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(capsys, monkeypatch, ["cards", "ferry", "--lang", "fr"])
    assert (status, out) == (2, "")
    assert err.splitlines()[-1] == (
        "noahrules cards: error: argument --lang: unknown language 'fr'; languages: en, ja, de, ru"
    )


def test_wide_names_keep_the_columns_aligned() -> None:
    assert visible_width("キリン") == 6
    assert visible_width("Жираф") == 5
    assert grid([["name", "weight"], ["キリン", "8"], ["Giraffe", "8"]]) == [
        "  name     weight",
        "  キリン   8",
        "  Giraffe  8",
    ]
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        Paint(False, "fr")
