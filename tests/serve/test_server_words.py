"""The words the server makes for players, in each client's language (issue 43): the end of a
game explained, the note of a move the timeout bot made, the names the server gives seats (a
bot's, a seat nobody named) and the seat numbers of like names; a name a person typed stays as
typed. The expected texts are written out by hand from the catalogs."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import attrs
import pytest
from starlette.testclient import TestClient

from noahrules import GAMES
from noahrules.events import Event
from noahrules.serve import Settings, create_app
from noahrules.serve.creation import TableRequest
from noahrules.serve.ferry import explain
from noahrules.serve.hub import Hub
from noahrules.serve.naming import seat_labels
from noahrules.serve.notes import timed_out
from noahrules.serve.seats import make_seats
from noahrules.serve.store import Store
from tests.serve.support import Clock, Recorder, play_out
from tests.serve.test_game_text_languages import hello
from tests.serve.test_lobby import finish

LANGUAGES = ("ja", "de", "ru", "en")


async def _played_out(game: str, seed: int) -> tuple[list[dict[str, Any]], list[str]]:
    """A game of Ann (seat 0, Japanese) and a seat nobody named (seat 1, German), watched in
    Russian and in English, played to its end: each client's outcome, and the table's labels."""
    hub = Hub(":memory:", Settings(allow_seed=True))
    await hub.start()
    request = TableRequest(game, 2, seats=("human", "human"), seed=seed, name="Ann")
    table, links = await hub.create(request)
    tokens = {link["seat"]: str(link["token"]) for link in links}
    clients = [
        await hello(hub, table.id, tokens[0], "ja"),
        await hello(hub, table.id, tokens[1], "de"),
        await hello(hub, table.id, None, "ru"),
        await hello(hub, table.id, None, "en"),
    ]
    await play_out(hub, table)
    await hub.stop()
    return [c.last("update")["outcome"] for c in clients], list(table.labels())


def test_the_ferry_end_explained_in_each_clients_language() -> None:
    """Seed 11: seat 1 has no card left at the end of round 3. A seat sees the hands' sizes
    (who went out, F20); a spectator sees only that a round ended (F20 or F21)."""
    outcomes, labels = asyncio.run(_played_out("ferry", 11))
    ja, de, ru, en = outcomes
    assert labels == ["Ann", "seat 1"]
    assert ja["reason"] == (
        "ラウンド3は席1の手札がなくなって終了しました（F20）。"
        "ゲームは3ラウンドで終了します（F25）。"
    )
    assert ja["columns"] == [
        "ラウンド1の涙",
        "ラウンド2の涙",
        "ラウンド3の涙",
        "残りの手札",
        "ペナルティ",
    ]
    assert ja["notes"] == [
        "ラウンド終了時、手札に残ったカードはそれぞれ、その涙の数だけ持ち主のペナルティになります（F22）。",
        "ペナルティが最も少ないプレイヤーの勝ち。同点なら勝利を分け合います（F25）。",
    ]
    assert de["reason"] == (
        "Runde 3 endete, als Platz 1 keine Karte mehr hatte (F20). "
        "Das Spiel endet nach 3 Runden (F25)."
    )
    assert de["columns"] == [
        "Tränen Runde 1",
        "Tränen Runde 2",
        "Tränen Runde 3",
        "übrige Karten",
        "Strafpunkte",
    ]
    assert de["notes"] == [
        "Am Ende einer Runde zählen die Tränen jeder Karte, die noch auf der Hand ist, als "
        "Strafpunkte für ihren Besitzer (F22).",
        "Die wenigsten Strafpunkte gewinnen; bei Gleichstand teilen sich die Spieler den Sieg "
        "(F25).",
    ]
    assert ru["reason"] == (
        "Раунд 3 окончен: чья-то рука опустела (F20) или отплыл последний паром (F21). "
        "Игра заканчивается после 3 раундов (F25)."
    )
    assert ru["columns"] == ["слёзы, раунд 1", "слёзы, раунд 2", "слёзы, раунд 3", "штраф"]
    assert ru["notes"] == [
        "В конце раунда слёзы каждой карты, оставшейся в руке, добавляются к штрафу её "
        "владельца (F22).",
        "Побеждает наименьший штраф; при равенстве игроки делят победу (F25).",
    ]
    assert en == {
        "reason": "Round 3 ended: a hand was empty (F20) or the last ferry departed (F21). "
        "The game ends after 3 rounds (F25).",
        "columns": ["round 1 tears", "round 2 tears", "round 3 tears", "penalty"],
        "rows": [[3, 0, 2, 5], [0, 1, 0, 1]],
        "notes": [
            "When a round ends, each card left in a hand adds its tears to its holder's "
            "penalty (F22).",
            "The lowest penalty wins; tied players share the win (F25).",
        ],
    }
    assert ja["rows"] == de["rows"] == [[3, 0, 2, 5, 5], [0, 1, 0, 0, 1]]  # numbers as they are
    assert ru["rows"] == en["rows"]


def test_the_island_end_explained_in_each_clients_language() -> None:
    outcomes, _ = asyncio.run(_played_out("island", 3))
    ja, de, ru, en = outcomes
    assert ja["reason"] == "最後の水タイルが置かれました（I16）。"
    assert ja["columns"] == ["開始（I6）", "水没（I10）", "動物（I17）", "x2", "ボーナス", "合計"]
    assert ja["notes"] == [
        "開始：最初のプレイヤーは1点、2番目は2点、以下同様（I6）。"
        "水没：自分が置いた水タイルごとに、隣接する水のマス1つにつき1点（I10）。",
        "動物：救った動物1匹につき1点、2種類の珍しい動物は1匹2点（I17）；"
        "x2：自分の箱舟に描かれた3種類はもう一度得点；"
        "ボーナス：自分だけが救った種類1つにつき2点（2倍にはならない）。",
        "合計が最も高いプレイヤーの勝ち。同点なら救った動物が多い方、さらに種類が多い方が勝ちます（I19）。",
    ]
    assert de["reason"] == "Das letzte Wasserplättchen wurde gelegt (I16)."
    assert de["columns"] == ["Start (I6)", "Flut (I10)", "Tiere (I17)", "x2", "Bonus", "Summe"]
    assert de["notes"] == [
        "Start: 1 Punkt für den ersten Spieler, 2 für den zweiten und so weiter (I6); Flut: "
        "1 Punkt je Wasserfeld neben jedem Wasserplättchen, das du gelegt hast (I10).",
        "Tiere: 1 Punkt je gerettetes Tier, 2 für jedes der beiden seltenen (I17); x2: Die drei "
        "Arten, die deine Arche zeigt, zählen noch einmal; Bonus: 2 je Art, die nur du "
        "gerettet hast, nie verdoppelt.",
        "Die höchste Summe gewinnt; bei Gleichstand entscheiden die meisten geretteten Tiere, "
        "dann die meisten Arten (I19).",
    ]
    assert ru["reason"] == "Положен последний жетон воды (I16)."
    assert ru["columns"] == [
        "старт (I6)",
        "затопление (I10)",
        "животные (I17)",
        "x2",
        "бонус",
        "итого",
    ]
    assert ru["notes"] == [
        "старт: 1 очко первому игроку, 2 — второму и так далее (I6); затопление: 1 очко за "
        "каждую клетку воды рядом с каждым вашим жетоном воды (I10).",
        "животные: 1 очко за каждое спасённое животное, 2 — за каждое из двух редких (I17); "
        "x2: три вида, отмеченные на вашем ковчеге, засчитываются ещё раз; бонус: 2 за каждый "
        "вид, который спасли только вы, без удвоения.",
        "Побеждает наибольшая сумма; при равенстве — больше спасённых животных, затем больше "
        "видов (I19).",
    ]
    assert en["reason"] == "The last water tile was placed (I16)."
    assert en["columns"] == ["start (I6)", "flood (I10)", "animals (I17)", "x2", "bonus", "total"]
    assert en["notes"][1] == (
        "animals: 1 point per animal rescued, 2 for either of the two rare ones (I17); x2: the "
        "three species your ark marks score again; bonus: 2 per species only you rescued, "
        "never doubled."
    )
    assert ja["rows"] == de["rows"] == ru["rows"] == en["rows"]


def test_seats_out_together_are_joined_and_agreed_with_in_each_language() -> None:
    """Two seats without a card (a view made so): their labels joined by the language's "and",
    the German verb in the plural."""
    game = GAMES["ferry"]
    state = game.new_game(game.load_rules(), 3, 1)
    events: list[Event] = []
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None
        state, happened = game.step(state, game.view(state, seat).legal_moves[0])
        events += happened
    view = attrs.evolve(game.view(state, 2), hand_sizes=(0, 0, 4))
    said = {lang: explain(view, events, ("Ann", "Bo", "Cy"), lang)["reason"] for lang in LANGUAGES}
    assert said == {
        "en": "Round 3 ended when Ann and Bo had no card left (F20). "
        "The game ends after 3 rounds (F25).",
        "ja": "ラウンド3はAnnとBoの手札がなくなって終了しました（F20）。"
        "ゲームは3ラウンドで終了します（F25）。",
        "de": "Runde 3 endete, als Ann und Bo keine Karte mehr hatten (F20). "
        "Das Spiel endet nach 3 Runden (F25).",
        "ru": "Раунд 3 окончен: Ann и Bo — без карт в руке (F20). "
        "Игра заканчивается после 3 раундов (F25).",
    }


def test_the_replay_speaks_the_language_it_is_asked_in() -> None:
    """``?lang=`` of the replay routes: the frames' lines and the explained end in that
    language, the seats by their labels there; an unknown language is refused."""
    settings = Settings(allow_seed=True, messages_per_second=10_000)
    with TestClient(create_app(settings=settings)) as client:
        made = client.post("/api/tables", json={"game": "island", "players": 2, "seed": 5}).json()
        table = made["table"]["id"]
        finish(client, table, [link["token"] for link in made["links"]])
        russian = client.get(f"/api/tables/{table}/replay?lang=ru").json()
        english = client.get(f"/api/tables/{table}/replay").json()
        record = client.get(f"/api/tables/{table}/record").json()
        german = client.post("/api/replay?lang=de", content=json.dumps(record)).json()
        refused = client.get(f"/api/tables/{table}/replay?lang=fr")
    assert russian["result"]["outcome"]["reason"] == "Положен последний жетон воды (I16)."
    assert english["result"]["outcome"]["reason"] == "The last water tile was placed (I16)."
    assert german["result"]["outcome"]["columns"][0] == "Start (I6)"
    assert russian["frames"][1]["lines"] == ["место 0: ковчег поставлен на клетку 12"]
    assert english["frames"][1]["lines"] == ["seat 0 placed its ark on space 12"]
    assert german["frames"][1]["lines"] == ["Platz 0: Arche auf Feld 12 gesetzt"]
    assert russian["frames"][1]["views"] == english["frames"][1]["views"]
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_request"


def test_the_timeout_note_in_each_clients_language(tmp_path: Path) -> None:
    """Ann's time runs out: Bo reads the note in Japanese, a spectator in German, one who comes
    later in Russian; the note is stored as data, not in anyone's language."""
    clock = Clock()
    db = tmp_path / "timeout.sqlite"
    settings = Settings(turn_timeout=60, timeout_bot="random")

    async def run() -> tuple[Recorder, Recorder, Recorder, str, list[str | None]]:
        hub = Hub(db, settings, clock=clock)
        await hub.start()
        table, links = await hub.create(
            TableRequest("island", 2, seats=("human", "human"), name="Ann")
        )
        bo = await hello(hub, table.id, str(links[1]["token"]), "ja")  # Ann never comes
        watcher = await hello(hub, table.id, None, "de")
        clock.now += 60
        await hub.sweep()
        while table.seq == 0:
            await asyncio.sleep(0.001)  # the bot thinks on its thread
        later = await hello(hub, table.id, None, "ru")
        assert table.live is not None
        notes = list(table.live.notes)
        await hub.stop()
        return bo, watcher, later, table.id, notes

    bo, watcher, later, table_id, notes = asyncio.run(run())
    assert bo.last("update")["lines"][0] == (
        "Annの持ち時間が切れました：randomボットが代わりにプレイしました。"
    )
    assert watcher.last("update")["lines"][0] == (
        "Die Zeit von Ann ist abgelaufen: Der Bot random hat stattdessen gezogen."
    )
    assert later.last("welcome")["log"][0]["lines"][0] == (
        "Время на ход истекло (Ann): за игрока сходил бот random."
    )
    assert notes == [timed_out(0, "random")] == ['{"timed_out": 0, "bot": "random"}']
    assert Store(db).moves(table_id)[0][1] == notes[0]


def test_an_older_servers_note_is_read_as_it_was_written(tmp_path: Path) -> None:
    """A note stored as English text by a server before the notes were data is shown as it
    is, to every client."""
    db = tmp_path / "old.sqlite"

    async def run() -> Recorder:
        hub = Hub(db, Settings(allow_seed=True))
        await hub.start()
        table, links = await hub.create(TableRequest("island", 2, seed=3, name="Ann"))
        assert table.live is not None
        move = table.game.view(table.live.state, 0).legal_moves[0]
        await hub.play(table, 0, 0, move, "Time ran out for Ann: the greedy bot moved for them.")
        reader = await hello(hub, table.id, str(links[1]["token"]), "ja")
        await hub.stop()
        return reader

    reader = asyncio.run(run())
    line = reader.last("welcome")["log"][0]["lines"][0]
    assert line == "Time ran out for Ann: the greedy bot moved for them."


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ("Ann", "easy bot (seat 1)", "easy bot (seat 2)", "greedy bot", "seat 4")),
        ("ja", ("Ann", "初級ボット（席1）", "初級ボット（席2）", "greedyボット", "席4")),
        (
            "de",
            ("Ann", "leichter Bot (Platz 1)", "leichter Bot (Platz 2)", "Bot greedy", "Platz 4"),
        ),
        ("ru", ("Ann", "лёгкий бот (место 1)", "лёгкий бот (место 2)", "бот greedy", "место 4")),
    ],
)
def test_the_names_the_server_gives_are_in_the_language(
    language: str, expected: tuple[str, ...]
) -> None:
    seats = make_seats(("human", "easy", "easy", "greedy", "open"), "Ann")
    assert seat_labels(seats, language) == expected
    assert [s.name for s in seats] == ["Ann", "easy bot", "easy bot", "greedy bot", "seat 4"]


def test_bots_named_in_japanese_and_a_typed_name_as_typed() -> None:
    """Seat 4's player calls themself "greedy bot": in English two seats are called so and get
    their numbers; in Japanese the bot is "greedyボット" and the person still "greedy bot". The
    log of a Japanese client names the bots in Japanese; the table's info says which names the
    server gave (``default``), for the page to say them in its own language."""

    async def run() -> tuple[Recorder, Any]:
        hub = Hub(":memory:", Settings(allow_seed=True))
        await hub.start()
        request = TableRequest(
            "ferry", 5, seats=("human", "easy", "easy", "greedy", "open"), seed=4, name="Ann"
        )
        table, links = await hub.create(request)
        joined = await hub.join(table.id, "greedy bot")
        ann = await hello(hub, table.id, str(links[0]["token"]), "ja")
        person = await hello(hub, table.id, str(joined["token"]), "en")
        assert table.live is not None and table.to_act == 0
        while table.to_act == 0:  # Ann's turn, to its end
            view = table.game.view(table.live.state, 0)
            await hub.play(table, 0, table.seq, view.legal_moves[0])
        for _ in range(10_000):  # then the bots', until a person's turn
            if table.to_act in (0, 4):
                break
            await asyncio.sleep(0.001)
        labels = (table.labels("ja"), table.labels())
        await hub.stop()
        return ann, (labels, person)

    ann, ((japanese, english), person) = asyncio.run(run())
    assert japanese == (
        "Ann",
        "初級ボット（席1）",
        "初級ボット（席2）",
        "greedyボット",
        "greedy bot",
    )
    assert english == (
        "Ann",
        "easy bot (seat 1)",
        "easy bot (seat 2)",
        "greedy bot (seat 3)",
        "greedy bot (seat 4)",
    )
    said = [line for m in ann.messages if m["type"] == "update" for line in m["lines"]]
    assert any(line.startswith("初級ボット（席1）") for line in said), said
    assert not any("easy bot" in line for line in said), said
    assert "greedyボット：greedy botの手札を見た" in said  # the bot looked at the person's hand
    told = [line for m in person.messages if m["type"] == "update" for line in m["lines"]]
    assert any(line.startswith("easy bot (seat 1)") for line in told), told
    seats = ann.last("welcome")["table"]["seats"]
    assert [s["default"] for s in seats] == [
        None,
        {"bot": "easy"},
        {"bot": "easy"},
        {"bot": "greedy"},
        None,
    ]
    assert [s["label"] for s in seats] == list(english)  # the info's labels stay English
