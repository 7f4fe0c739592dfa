"""The parts of the server on their own: reading messages, the store, what is displayed, the
bots, the doctests of every module."""

from __future__ import annotations

import asyncio
import doctest
import importlib
import json
import pkgutil
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

import noahrules.serve
from noahrules import GAMES
from noahrules.serialize import to_dict
from noahrules.serve.creation import TableRequest
from noahrules.serve.errors import CODES, RequestError
from noahrules.serve.hub import Hub
from noahrules.serve.inbound import Hello, MoveRequest, read
from noahrules.serve.settings import Settings
from noahrules.serve.store import Store, TableRow
from noahrules.serve.visibility import Shared, as_data, derived, view_data
from tests.serve.support import join

MODULES = [
    importlib.import_module(f"noahrules.serve.{m.name}")
    for m in pkgutil.iter_modules(noahrules.serve.__path__)
    if m.name not in ("__main__",)
]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_doctests(module: object) -> None:
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert failures == 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{"type": "hello", "table": "t", "token": "k", "since": 3}', Hello("t", "k", 3)),
        ('{"type": "hello", "table": "t", "token": null}', Hello("t", None, 0)),
        (
            '{"type": "move", "seq": 0, "move": {"type": "EndTurn"}}',
            MoveRequest(0, {"type": "EndTurn"}),
        ),
        ('{"type": "move", "seq": 2, "move": {}, "table": "t"}', MoveRequest(2, {}, "t")),
    ],
)
def test_good_messages_are_read(text: str, expected: object) -> None:
    assert read(text, 8192) == expected


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("x" * 8193, "too_large"),
        ('{"type": "hello", "table": "' + "é" * 4100 + '"}', "too_large"),
        (b'{"type": "hello"}', "malformed"),
        ("{", "malformed"),
        ("[" * 4000 + "]" * 4000, "malformed"),
        ("12", "malformed"),
        ('{"type": 1}', "malformed"),
        ('{"type": "dance"}', "malformed"),
        ('{"type": "hello"}', "malformed"),
        ('{"type": "hello", "table": ""}', "malformed"),
        ('{"type": "hello", "table": "t", "token": 5}', "malformed"),
        ('{"type": "hello", "table": "t", "since": -1}', "malformed"),
        ('{"type": "hello", "table": "t", "since": true}', "malformed"),
        ('{"type": "hello", "table": "t", "since": 1.0}', "malformed"),
        ('{"type": "hello", "table": "t", "seat": 1}', "malformed"),
        ('{"type": "move", "seq": "1", "move": {}}', "malformed"),
        ('{"type": "move", "seq": 1, "move": []}', "malformed"),
        ('{"type": "move", "seq": 1, "move": {}, "table": 3}', "malformed"),
    ],
)
def test_bad_messages_are_refused(text: str | bytes, code: str) -> None:
    with pytest.raises(RequestError) as refused:
        read(text, 8192)
    assert refused.value.code == code and refused.value.status == CODES[code]


def test_error_codes_are_known() -> None:
    with pytest.raises(ValueError, match="unknown error code"):
        RequestError("oops", "no such code")


def test_the_store_is_a_wal_file_and_refuses_a_move_twice(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite", "FULL")
    assert store.journal_mode == "wal"
    store.create(TableRow("a", 1.0, "{}", "[]"))
    store.append("a", 1, "m1", over=False, at=2.0)
    with pytest.raises(sqlite3.IntegrityError):
        store.append("a", 1, "again", over=True, at=3.0)
    store.append("a", 2, "m2", over=True, at=4.0, note="timed out")
    with pytest.raises(sqlite3.IntegrityError):
        store.append("nope", 1, "m", over=False, at=5.0)
    store.close()
    again = Store(tmp_path / "s.sqlite")
    assert again.tables() == [TableRow("a", 1.0, "{}", "[]", over=True, moves=2, active=4.0)]
    assert again.moves("a") == [("m1", None), ("m2", "timed out")]
    again.close()


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError):
        Settings(synchronous="SOMETIMES")
    with pytest.raises(ValueError):
        Settings(max_message=0)
    with pytest.raises(ValueError):
        Settings(max_frame=10, max_message=100)


def test_derived_values_are_the_ferries_own() -> None:
    game = GAMES["ferry"]
    state = game.new_game(game.load_rules(), 3, seed=4)
    view = game.view(state, 0)
    found = derived(game, view)
    for dock, ferry in enumerate(view.docks):
        assert ferry is not None
        assert found[f"table.docks.{dock}"] == {
            "load": ferry.load,
            "capacity": ferry.capacity,
            "genders": [g.value for g in ferry.genders],
        }
    assert derived(game, view, shared=Shared()) == found
    assert derived(game, view.table, "table") == found


@pytest.mark.parametrize("name", ["ferry", "island"])
def test_shared_serialization_is_to_dict(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(game.load_rules(), 3, seed=8)
    shared = Shared()
    for seat in range(3):
        view = game.view(state, seat)
        assert as_data(view, seat, shared) == to_dict(view)
    assert view_data(game, state, None) == {"table": to_dict(game.view(state, 1).table)}


class SlowBot:
    """A bot that thinks for a while (without the GIL, like a bot in C would)."""

    name = "slow"

    def choose(self, view: Any) -> object:
        time.sleep(0.25)
        return view.legal_moves[0]


def test_bots_think_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("noahrules.serve.hub.make_bot", lambda name, game, seed: SlowBot())

    async def run() -> None:
        hub = Hub(":memory:", Settings(bot_workers=1))
        await hub.start()
        table, links = await hub.create(TableRequest("island", 2, seats=("greedy", "random")))
        assert links == []
        watcher = await join(hub, table.id, None)
        longest, last = 0.0, time.monotonic()
        while table.seq < 4:
            await asyncio.sleep(0.005)  # the loop keeps turning while bots think
            now = time.monotonic()
            longest, last = max(longest, now - last), now
        assert longest < 0.2, longest
        assert watcher.last("update")["seq"] >= 4
        await hub.stop()

    asyncio.run(run())


def test_a_table_of_bots_plays_to_the_end() -> None:
    async def run() -> None:
        hub = Hub(":memory:", Settings(bot_workers=1))
        await hub.start()
        table, _ = await hub.create(TableRequest("island", 2, seats=("greedy", "random")))
        watcher = await join(hub, table.id, None)
        while not table.over:
            await asyncio.sleep(0.001)
        assert watcher.last("update")["over"]
        await hub.stop()

    asyncio.run(run())


def test_a_table_with_a_move_stored_unreadable_is_reported_and_the_others_restored(
    tmp_path: Path,
) -> None:
    db = tmp_path / "torn.sqlite"

    async def make() -> tuple[str, str]:
        hub = Hub(db)
        await hub.start()
        torn, _ = await hub.create(TableRequest("ferry", 2))
        whole, _ = await hub.create(TableRequest("island", 2))
        await hub.stop()
        return torn.id, whole.id

    torn, whole = asyncio.run(make())
    with sqlite3.connect(db) as connection:
        connection.execute(
            "INSERT INTO moves (table_id, seq, move) VALUES (?, 1, ?)", (torn, '{"type": "PlayAn')
        )

    async def reopen() -> None:
        hub = Hub(db)
        await hub.start()
        assert "JSON" in str(hub.table(torn).info()["problem"])
        client = await join(hub, torn, None)
        assert client.last("error")["code"] == "unavailable"
        assert hub.table(whole).info()["problem"] is None
        await hub.stop()

    asyncio.run(reopen())


def test_a_table_whose_rules_changed_is_reported_not_restored(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"

    async def make() -> str:
        hub = Hub(db)
        await hub.start()
        table, _ = await hub.create(TableRequest("ferry", 2))
        await hub.stop()
        return table.id

    table_id = asyncio.run(make())
    with sqlite3.connect(db) as connection:
        head = json.loads(connection.execute("SELECT head FROM tables").fetchone()[0])
        head["digest"] = "f" * 64
        connection.execute("UPDATE tables SET head = ?", (json.dumps(head),))

    async def reopen() -> None:
        hub = Hub(db)
        await hub.start()
        info = hub.table(table_id).info()
        assert info["problem"] and "changed" in str(info["problem"])
        client = await join(hub, table_id, None)
        assert client.last("error")["code"] == "unavailable"
        await hub.stop()

    asyncio.run(reopen())


def test_limits_of_spectators_and_faults_are_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        hub = Hub(":memory:", Settings(max_watchers=1))
        await hub.start()
        table, links = await hub.create(TableRequest("ferry", 2))
        first = await join(hub, table.id, None)
        assert first.last("welcome")["seat"] is None
        second = await join(hub, table.id, None)
        assert second.last("error")["code"] == "limit"
        seat = await join(hub, table.id, str(links[0]["token"]))

        def broken(*args: object) -> object:
            raise RuntimeError("a bug")

        monkeypatch.setattr("noahrules.serve.hub.read_move", broken)
        move = seat.last("welcome")["view"]["legal_moves"][0]
        assert seat.session is not None
        await hub.receive(seat.session, json.dumps({"type": "move", "seq": 0, "move": move}))
        assert seat.last("error")["code"] == "internal" and table.seq == 0
        monkeypatch.undo()
        await hub.receive(seat.session, json.dumps({"type": "move", "seq": 0, "move": move}))
        assert seat.last("update")["seq"] == 1
        await hub.stop()

    asyncio.run(run())
