# ruff: noqa: RUF001, RUF100 (Japanese and Russian text: full-width and Cyrillic letters)
"""The island screen in its players' languages (issue 43): the same position drawn in Japanese,
German and Russian through the ``island`` catalog, and in English exactly as before.

The position is on the small island (``small-island``), three seats, seat 0 (you) to act;
rows 3 to 5 of its map, with the spaces used (id and row, column)::

    3    ~ ~ . . # . ~ ~       13 (3, 4) and 14 (3, 6): sea
    4   ~ A . # # # . A ~      21 (4, 3): sea; 22 (4, 5): seat 0's ark; 24 (4, 9): a zebra
    5  ~ ~ # # # # # # ~ ~     31 (5, 4): sea; 32 (5, 6) and 33 (5, 8): lions; 34 (5, 10):
                               a face-down bear

Seat 0's ark on 22 may sail to the sea around it (13, 14, 21, 31) and rescue the lions on 32
and 33 (32 touches 22, I14). Seat 1 rescued two pairs of elephants and one of kangaroos, seat 2
one pair of zebras; the seats have 1, 2 and 5 points, which Russian counts in its three forms
(очко, очка, очков). Seat k plays ark k (data/island/arks.yaml): red doubles bear, hippo,
penguin; blue camel, kangaroo, rhino; green elephant, lion, zebra.

The expected lines are the translations of ``noahrules/locales/*/LC_MESSAGES/island.po``,
written out here by hand, and the species' names of data/island/tiles.yaml. The seats' names
("you (seat 0)") are the shared catalog's (``noahrules``), so they are taken from the screen.
"""

from __future__ import annotations

from noahrules import GAMES, island
from noahrules.island import Phase, State
from noahrules.island.events import ArkMoved, ArkPlaced, Flooded, PairRescued, TilesRevealed
from noahrules.island.render import IslandScreen
from noahrules.render import Paint, screen_for
from noahrules.serve.naming import named_screen
from tests.island.builders import position

NAMES = {1: "greedy", 2: "random"}
EVENTS = (
    Flooded(0, 44, 5, "lion"),
    TilesRevealed(((43, "zebra"), (54, "unicorn"))),
    PairRescued(0, 32, 33, "lion"),
    ArkMoved(1, 13),
    ArkPlaced(2, 81),
    Flooded(1, 47, 1, None, True),
    Flooded(2, 48, 2),
)
"""Events to tell (made up, not played): a flood of 5, 1 and 2 points, the tiles it turned
face up, a rescue, and the other seats' arks."""


def a_position() -> State:
    return position(
        variants=["small-island"],
        players=3,
        tiles={32: "lion", 33: "lion", 24: "zebra", 34: "bear"},
        face_up=[32, 33, 24],
        arks=[22, 9, 81],
        rescued=[[], ["elephant"] * 4 + ["kangaroo"] * 2, ["zebra", "zebra"]],
        points=[1, 2, 5],
    )


def placing() -> State:
    """Seat 1 to place its ark (I7), seat 0's on 22."""
    return position(
        variants=["small-island"],
        players=3,
        tiles={32: "lion"},
        arks=[22, None, None],
        phase=Phase.PLACE_ARK,
        seat=1,
    )


def flooding() -> State:
    """Seat 0 to flood (I9); space 15 (3, 8) is an empty beach, 17 (3, 12) an empty jungle."""
    return position(
        variants=["small-island"],
        players=3,
        tiles={32: "lion"},
        flooded=[42],
        arks=[22, 9, 81],
        phase=Phase.FLOOD,
    )


def screen(language: str) -> IslandScreen:
    return IslandScreen(a_position().rules, NAMES, Paint(False, language), 0)


def test_the_island_panel_in_russian_counts_one_two_and_five_points() -> None:
    ru = screen("ru")
    assert ru.panel(island.view(a_position(), 0)) == [
        "Осталось жетонов воды: 20; место 0 действует",
        f"{ru.who(0)}: 1 очко; x2 Медведь, Бегемот, Пингвин",
        "  спасённые пары: нет",
        f"{ru.who(1)}: 2 очка; x2 Верблюд, Кенгуру, Носорог",
        "  спасённые пары: Слон (2 пары), Кенгуру",
        f"{ru.who(2)}: 5 очков; x2 Слон, Лев, Зебра",
        "  спасённые пары: Зебра",
        "~ вода  A свободная клетка ковчега  0-3 ковчеги",
        ". пляж  : пустые джунгли  # закрытый жетон",
        "Открыты: l Лев, z Зебра",
    ]


def test_the_island_events_in_russian_count_points_in_three_forms() -> None:
    ru = screen("ru")
    assert [ru.event(e) for e in EVENTS] == [
        f"{ru.subject(0)}: затоплена клетка 44 (+5 очков, потеряно: Лев)",
        "Открыты: Зебра на 43, Единорог на 54",
        f"{ru.subject(0)}: спасена пара: Лев (клетки 32 и 33)",
        f"{ru.subject(1)}: ковчег перемещён на клетку 13",
        f"{ru.subject(2)}: ковчег поставлен на клетку 81",
        f"{ru.subject(1)}: затоплена клетка 47 (+1 очко, потерян закрытый жетон)",
        f"{ru.subject(2)}: затоплена клетка 48 (+2 очка)",
    ]
    assert [ru.event(ArkPlaced(0, 22)), ru.event(ArkMoved(0, 14))] == [
        f"{ru.subject(0)}: ваш ковчег поставлен на клетку 22",
        f"{ru.subject(0)}: ваш ковчег перемещён на клетку 14",
    ]
    assert ru.event(Flooded(0, 44, 21)) == f"{ru.subject(0)}: затоплена клетка 44 (+21 очко)"
    assert ru.pairs(["lion"] * 10 + ["bear"] * 4 + ["zebra"] * 2) == [
        "Лев (5 пар)",
        "Медведь (2 пары)",
        "Зебра",
    ]


def test_the_island_choices_in_russian() -> None:
    ru = screen("ru")
    state = a_position()
    seen = island.view(state, 0)
    moves = island.legal_moves(state)
    assert ru.prompt(seen) == "Ваше действие (осталось 2):"
    assert ru.choices(seen, moves) == [
        "  переместить ковчег   1) s13 3,4 море   2) s14 3,6 море   3) s21 4,3 море"
        "   4) s31 5,4 море",
        "  спасти               5) Лев s32+s33",
        "  или                  6) закончить ход",
    ]
    assert [ru.label(seen, m) for m in moves] == [
        "переместить свой ковчег на клетку 13 (ряд 3, столбец 4, море)",
        "переместить свой ковчег на клетку 14 (ряд 3, столбец 6, море)",
        "переместить свой ковчег на клетку 21 (ряд 4, столбец 3, море)",
        "переместить свой ковчег на клетку 31 (ряд 5, столбец 4, море)",
        "спасти пару: Лев (клетки 32 и 33)",
        "закончить ход",
    ]
    assert ru.hint(6) == (
        "число от 1 до 6, клетка в виде s12 или место на карте в виде ряд,столбец"
    )


def test_the_island_screen_in_german() -> None:
    state = a_position()
    de = screen_for(island.GAME, state.rules, NAMES, Paint(False, "de"), 0)
    assert isinstance(de, IslandScreen)
    seen = island.view(state, 0)
    moves = island.legal_moves(state)
    assert de.prompt(seen) == "Deine Aktion (noch 2):"
    assert de.choices(seen, moves) == [
        "  Arche ziehen   1) s13 3,4 Meer   2) s14 3,6 Meer   3) s21 4,3 Meer   4) s31 5,4 Meer",
        "  retten         5) Löwe s32+s33",
        "  oder           6) Zug beenden",
    ]
    assert de.label(seen, moves[0]) == "deine Arche auf Feld 13 ziehen (Reihe 3, Spalte 4, Meer)"
    assert de.label(seen, moves[4]) == "das Paar Löwe auf den Feldern 32 und 33 retten"
    assert de.panel(seen)[:5] == [
        "Wasserplättchen übrig: 20; Platz 0 handelt",
        f"{de.who(0)}: 1 Punkt; x2 Bär, Nilpferd, Pinguin",
        "  gerettete Paare: keine",
        f"{de.who(1)}: 2 Punkte; x2 Kamel, Känguru, Nashorn",
        "  gerettete Paare: Elefant (2 Paare), Känguru",
    ]
    assert de.events(EVENTS[3:5]) == [
        f"  > {de.subject(1)}: Arche auf Feld 13 gezogen",
        f"  > {de.subject(2)}: Arche auf Feld 81 gesetzt",
    ]
    assert de.event(EVENTS[0]) == f"{de.subject(0)}: Feld 44 geflutet (+5 Punkte, Löwe verloren)"
    assert de.event(EVENTS[1]) == "Aufgedeckt: Zebra auf 43, Einhorn auf 54"
    assert de.event(EVENTS[5]) == (
        f"{de.subject(1)}: Feld 47 geflutet (+1 Punkt, ein verdecktes Tier verloren)"
    )
    assert de.summary(state)[0].split() == ["Start", "Flut", "Tiere", "x2", "Bonus", "Summe"]


def test_the_island_screen_in_japanese() -> None:
    ja = screen("ja")
    state = a_position()
    seen = island.view(state, 0)
    moves = island.legal_moves(state)
    assert ja.panel(seen)[:5] == [
        "残りの水タイル：20；席0がアクションする番",
        f"{ja.who(0)}：1点；x2 クマ, カバ, ペンギン",
        "  救ったペア：なし",
        f"{ja.who(1)}：2点；x2 ラクダ, カンガルー, サイ",
        "  救ったペア：ゾウ（2ペア）, カンガルー",
    ]
    assert ja.prompt(seen) == "アクションを選んでください（残り2）："
    assert [ja.label(seen, m) for m in (moves[0], moves[4], moves[5])] == [
        "箱舟をマス13へ動かす（3行4列、海）",
        "マス32と33のライオンのペアを救う",
        "手番を終える",
    ]
    assert [ja.event(e) for e in EVENTS[:3]] == [
        f"{ja.subject(0)}：マス44を水没させた（+5点、ライオンを失った）",
        "表になった：マス43のシマウマ, マス54のユニコーン",
        f"{ja.subject(0)}：マス32と33のライオンのペアを救った",
    ]
    assert ja.summary(state)[0].split() == ["開始", "水没", "動物", "x2", "ボーナス", "合計"]


def test_placing_the_ark_and_flooding_in_each_language() -> None:
    place, flood = placing(), flooding()
    said = {}
    for language in ("ja", "de", "ru"):
        words = screen(language)
        said[language] = [
            words.prompt(island.view(place, 1)),
            words.doing(place),
            words.label(island.view(place, 1), island.legal_moves(place)[0]),
            words.prompt(island.view(flood, 0)),
            words.doing(flood),
            *(words.label(island.view(flood, 0), m) for m in island.legal_moves(flood)[:3]),
        ]
    assert said == {
        "ja": [
            "箱舟を置いてください：",
            "席1が箱舟を置く番",
            "箱舟をマス9に置く（2行11列、箱舟のマス）",
            "水に隣接するマスを水没させてください：",
            "席0が水タイルを置く番",
            "マス15を水没させる（3行8列、空の砂浜）",
            "マス16を水没させる（3行10列、空の砂浜）",
            "マス17を水没させる（3行12列、空のジャングル）",
        ],
        "de": [
            "Setze deine Arche:",
            "Platz 1 setzt seine Arche",
            "deine Arche auf Feld 9 setzen (Reihe 2, Spalte 11, Archenfeld)",
            "Lege ein Wasserplättchen auf ein Feld am Wasser:",
            "Platz 0 legt Wasser",
            "Wasser auf Feld 15 legen (Reihe 3, Spalte 8, leerer Strand)",
            "Wasser auf Feld 16 legen (Reihe 3, Spalte 10, leerer Strand)",
            "Wasser auf Feld 17 legen (Reihe 3, Spalte 12, leerer Dschungel)",
        ],
        "ru": [
            "Поставьте свой ковчег:",
            "место 1 ставит ковчег",
            "поставить свой ковчег на клетку 9 (ряд 2, столбец 11, клетка ковчега)",
            "Положите жетон воды на клетку рядом с водой:",
            "место 0 кладёт жетон воды",
            "затопить клетку 15 (ряд 3, столбец 8, пустой пляж)",
            "затопить клетку 16 (ряд 3, столбец 10, пустой пляж)",
            "затопить клетку 17 (ряд 3, столбец 12, пустые джунгли)",
        ],
    }


def test_the_island_screen_in_english_is_as_before() -> None:
    en = screen("en")
    state = a_position()
    seen = island.view(state, 0)
    moves = island.legal_moves(state)
    assert en.panel(seen) == [
        "Water tiles left: 20; seat 0 to act",
        "you (seat 0): 1 point; x2 bear, hippo, penguin",
        "  pairs rescued: none",
        "seat 1 (greedy): 2 points; x2 camel, kangaroo, rhino",
        "  pairs rescued: elephant (2 pairs), kangaroo",
        "seat 2 (random): 5 points; x2 elephant, lion, zebra",
        "  pairs rescued: zebra",
        "~ water  A free ark space  0-3 arks",
        ". beach  : empty jungle  # face-down animal",
        "Face up: l lion, z zebra",
    ]
    assert en.prompt(seen) == "Your action (2 left):"
    assert en.choices(seen, moves) == [
        "  move ark   1) s13 3,4 sea   2) s14 3,6 sea   3) s21 4,3 sea   4) s31 5,4 sea",
        "  rescue     5) lion s32+s33",
        "  or         6) end your turn",
    ]
    assert [en.label(seen, m) for m in (moves[0], moves[4], moves[5])] == [
        "move your ark to space 13 (row 3, column 4, sea)",
        "rescue the lion pair on spaces 32 and 33",
        "end your turn",
    ]
    assert en.hint(6) == (
        "a number from 1 to 6, a space as s12 or a place on the map as row,column"
    )
    assert en.events(EVENTS) == [
        "  > You flooded space 44 (+5 points, lost lion); turned face up: zebra on 43, unicorn on"
        " 54;",
        "      rescued the lion pair on spaces 32 and 33",
        "  > Seat 1 moved its ark to space 13",
        "  > Seat 2 placed its ark on space 81",
        "  > Seat 1 flooded space 47 (+1 point, lost a face-down animal)",
        "  > Seat 2 flooded space 48 (+2 points)",
    ]
    assert [en.event(ArkPlaced(0, 22)), en.event(EVENTS[1])] == [
        "You placed your ark on space 22",
        "Turned face up: zebra on 43, unicorn on 54",
    ]
    assert en.summary(state) == [
        "                   start  flood  animals  x2  bonus  total",
        "  you (seat 0)     1      0      0        0   0      1",
        "  seat 1 (greedy)  2      0      6        2   4      14",
        "  seat 2 (random)  3      2      2        2   2      11",
    ]
    place, flood = placing(), flooding()
    assert [
        en.prompt(island.view(place, 1)),
        en.doing(place),
        en.prompt(island.view(flood, 0)),
    ] == [
        "Place your ark:",
        "seat 1 to place ark",
        "Flood a space next to the water:",
    ]
    assert en.doing(place) == place.table.doing()
    assert en.label(island.view(flood, 0), island.legal_moves(flood)[2]) == (
        "flood space 17 (row 3, column 12, empty jungle)"
    )


def test_an_event_keeps_a_seat_name_as_written_and_capitalises_what_has_no_seat() -> None:
    game = GAMES["island"]
    screen = named_screen(game, game.load_rules(), ("Ann", "greedy bot"), 0)
    assert screen.event(ArkPlaced(1, 129)) == "greedy bot placed its ark on space 129"
    assert screen.event(ArkPlaced(0, 48)) == "You placed your ark on space 48"
    revealed = TilesRevealed(((33, "elephant"),))
    assert screen.event(revealed) == "Turned face up: elephant on 33"
