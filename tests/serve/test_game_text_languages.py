"""One table, players of different languages (issue 43): each client's game text (the prompt,
the choices, the lines of the log) is in the language its hello asked for, the view the same
for all; an unknown language is refused."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from noahrules.serve import Settings
from noahrules.serve.creation import TableRequest
from noahrules.serve.hub import Hub
from tests.serve.support import Recorder


async def hello(hub: Hub, table: str, token: str | None, lang: str) -> Recorder:
    client = Recorder()
    client.session = hub.connect(client)
    message = {"type": "hello", "table": table, "token": token, "lang": lang}
    await hub.receive(client.session, json.dumps(message))
    return client


def test_each_client_reads_the_game_in_its_own_language() -> None:
    async def run() -> tuple[Any, ...]:
        hub = Hub(":memory:", Settings(allow_seed=True))
        await hub.start()
        table, links = await hub.create(TableRequest("ferry", 2, seats=("human", "human"), seed=4))
        tokens = {link["seat"]: link["token"] for link in links}
        japanese = await hello(hub, table.id, str(tokens[0]), "ja")
        russian = await hello(hub, table.id, str(tokens[1]), "ru")
        english = await hello(hub, table.id, None, "en")
        assert table.live is not None
        first = table.game.view(table.live.state, 0).legal_moves[0]
        await hub.play(table, 0, 0, first)
        refused = await hello(hub, table.id, None, "fr")
        await hub.stop()
        return japanese, russian, english, refused

    japanese, russian, english, refused = asyncio.run(run())
    welcome = japanese.last("welcome")
    dock = welcome["view"]["table"]["noah"]
    assert welcome["display"]["prompt"] == f"ドック{dock}の渡し舟に動物をプレイ："
    assert all("をプレイ" in c or "手札に加える" in c for c in welcome["display"]["choices"])
    said = [m["lines"] for m in (japanese.last("update"), russian.last("update"))]
    assert said[0][0].startswith("あなた：") and f"ドック{dock}" in said[0][0]
    assert f"причала {dock}" in said[1][0] or f"причалу {dock}" in said[1][0]
    assert english.last("update")["lines"][0].startswith("seat 0 played ") or (
        english.last("update")["lines"][0].startswith("seat 0 took ")
    )
    views = [c.last("update")["view"]["table"] for c in (japanese, russian, english)]
    assert views[0] == views[1]  # the same table for every language
    assert refused.last("error")["message"] == "a hello's 'lang' is one of en, ja, de, ru"
