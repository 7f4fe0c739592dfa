"""What nobody uses expires, and an absent player's turn times out (issue 21, points 2 and 3),
by a clock the tests move by hand: no test sleeps for it.

A table no person joined within 30 minutes, or without a move for 7 days, is closed and its
record kept (finished or abandoned, across a restart); with ``turn_timeout`` a named bot moves
for a person whose time ran out, and the log says so.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from noahrules import GAMES
from noahrules.records import final_state
from noahrules.serve.creation import TableRequest
from noahrules.serve.errors import RequestError
from noahrules.serve.hub import Hub
from noahrules.serve.notes import timed_out
from noahrules.serve.settings import Settings
from noahrules.serve.store import Store
from tests.serve.support import Clock, join

MINUTE = 60.0
DAY = 24 * 3600.0


def test_a_table_nobody_joined_is_closed_after_thirty_minutes(tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "expiry.sqlite"

    async def run() -> str:
        hub = Hub(db, clock=clock)
        await hub.start()
        table, _ = await hub.create(TableRequest("ferry", 3, seats=("human", "human", "greedy")))
        watcher = await join(hub, table.id, None)  # a spectator is not a person at the table
        clock.now += 29 * MINUTE
        await hub.sweep()
        assert table.closed is None
        clock.now += 1 * MINUTE
        await hub.sweep()
        assert table.closed == "nobody joined it within 30 minutes"
        assert watcher.last("closed")["reason"] == table.closed
        assert hub.open_tables() == 0 and table.info()["closed"] == table.closed
        record = await hub.record(table.id)  # kept
        assert record.moves == () and record.players == 3
        with pytest.raises(RequestError) as refused:
            await hub.join(table.id, "Bo")
        assert refused.value.code == "closed"
        await hub.stop()
        return table.id

    table_id = asyncio.run(run())

    async def reopen() -> None:
        hub = Hub(db, clock=clock)
        await hub.start()
        table = hub.table(table_id)
        assert table.closed == "nobody joined it within 30 minutes" and table.live is None
        assert hub.open_tables() == 0
        await hub.stop()

    asyncio.run(reopen())


def test_a_joined_table_lives_until_a_week_without_a_move() -> None:
    clock = Clock()

    async def run() -> None:
        hub = Hub(":memory:", clock=clock)
        await hub.start()
        table, links = await hub.create(TableRequest("island", 2, seats=("human", "human")))
        ann = await join(hub, table.id, str(links[0]["token"]))
        clock.now += 2 * DAY
        await hub.sweep()
        assert table.closed is None  # someone joined: it waits for moves, not for people
        move = ann.last("welcome")["view"]["legal_moves"][0]
        assert ann.session is not None
        await hub.receive(ann.session, json.dumps({"type": "move", "seq": 0, "move": move}))
        clock.now += 7 * DAY - 1
        await hub.sweep()
        assert table.closed is None  # a week since the move, less a second
        clock.now += 1
        await hub.sweep()
        assert table.closed == "no move was made for 7 days"
        assert ann.last("closed")["reason"] == table.closed
        await hub.receive(ann.session, json.dumps({"type": "move", "seq": 1, "move": move}))
        assert ann.last("error")["code"] == "closed" and table.seq == 1
        await hub.stop()

    asyncio.run(run())


def test_a_table_of_bots_is_not_closed_for_want_of_people() -> None:
    clock = Clock()

    async def run() -> None:
        hub = Hub(":memory:", Settings(bot_delay=3600), clock=clock)  # bots that never move
        await hub.start()
        table, _ = await hub.create(TableRequest("island", 2, seats=("greedy", "greedy")))
        clock.now += 6 * DAY
        await hub.sweep()
        assert table.closed is None
        clock.now += 1 * DAY
        await hub.sweep()
        assert table.closed == "no move was made for 7 days"
        await hub.stop()

    asyncio.run(run())


def test_an_absent_players_turn_times_out_and_the_log_says_so(tmp_path: Path) -> None:
    clock = Clock()
    db = tmp_path / "timeout.sqlite"
    settings = Settings(turn_timeout=60, timeout_bot="random")

    async def run() -> str:
        hub = Hub(db, settings, clock=clock)
        await hub.start()
        table, links = await hub.create(
            TableRequest("island", 2, seats=("human", "human"), name="Ann")
        )
        bo = await join(hub, table.id, str(links[1]["token"]))  # Ann never comes
        clock.now += 59
        await hub.sweep()
        assert table.seq == 0
        clock.now += 1
        await hub.sweep()
        while table.seq == 0:
            await asyncio.sleep(0.001)  # the bot thinks on its thread
        update = bo.last("update")
        assert update["lines"][0] == "Time ran out for Ann: the random bot moved for them."
        assert table.to_act == 1 and table.live is not None
        assert table.live.notes == ['{"timed_out": 0, "bot": "random"}']  # said per client
        clock.now += 30
        await hub.sweep()
        assert table.seq == 1  # Bo's own time is counted from his turn's start
        await hub.stop()
        return table.id

    table_id = asyncio.run(run())
    assert Store(db).moves(table_id)[0][1] == '{"timed_out": 0, "bot": "random"}'

    async def reopen() -> None:
        hub = Hub(db, settings, clock=clock)
        await hub.start()
        watcher = await join(hub, table_id, None)
        log = watcher.last("welcome")["log"]
        assert log[0]["lines"][0].startswith("Time ran out for Ann")
        await hub.stop()

    asyncio.run(reopen())


def test_a_timed_out_turn_of_several_decisions_is_played_through() -> None:
    """The ferry's turn is several decisions (play, move Noah, ...): once a person's time is up,
    the bot makes every decision of that turn, each noted; then the next seat plays."""
    clock = Clock()

    async def run() -> None:
        hub = Hub(":memory:", Settings(turn_timeout=60), clock=clock)
        await hub.start()
        table, links = await hub.create(TableRequest("ferry", 2, seats=("human", "human")))
        await join(hub, table.id, str(links[1]["token"]))
        first = table.to_act
        assert first is not None
        clock.now += 60
        await hub.sweep()
        for _ in range(2000):
            if table.to_act != first:
                break
            await asyncio.sleep(0.001)
        assert table.to_act != first and table.seq >= 2  # a play and Noah's move at least
        assert table.live is not None
        assert all(note == timed_out(first, "greedy") for note in table.live.notes)
        await hub.stop()

    asyncio.run(run())


def test_turns_never_time_out_by_default() -> None:
    clock = Clock()

    async def run() -> None:
        hub = Hub(":memory:", clock=clock)
        await hub.start()
        table, links = await hub.create(TableRequest("island", 2, seats=("human", "human")))
        await join(hub, table.id, str(links[0]["token"]))
        clock.now += 6 * DAY
        await hub.sweep()
        await asyncio.sleep(0.05)
        assert table.seq == 0 and table.closed is None
        await hub.stop()

    asyncio.run(run())


def test_a_closed_tables_record_replays_to_where_it_stopped() -> None:
    clock = Clock()

    async def run() -> None:
        hub = Hub(":memory:", Settings(allow_seed=True), clock=clock)
        await hub.start()
        table, links = await hub.create(TableRequest("island", 2, seats=("human", "human"), seed=4))
        ann = await join(hub, table.id, str(links[0]["token"]))
        move = ann.last("welcome")["view"]["legal_moves"][0]
        assert ann.session is not None
        await hub.receive(ann.session, json.dumps({"type": "move", "seq": 0, "move": move}))
        await hub.close(table, "closed by the admin")
        record = await hub.record(table.id)
        assert record.seed == 4 and len(record.moves) == 1
        state = final_state(record)
        assert GAMES["island"].current_player(state) == 1
        with pytest.raises(RequestError):
            await hub.close(table, "twice")
        await hub.stop()

    asyncio.run(run())
