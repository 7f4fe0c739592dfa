"""Hostile input (issue 15, point 5): malformed JSON, wrong types, other seats' tokens, moves for
another table, oversized frames. Every one is answered with an error, the server keeps serving,
and no table changes.

The hub is fuzzed in-process with hypothesis (thousands of messages); the same kinds of input
then go through a real uvicorn over loopback, frames and all.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from noahrules.serve.creation import TableRequest
from noahrules.serve.hub import Hub
from noahrules.serve.settings import Settings
from tests.serve.support import Recorder, ServerProcess, join

LIMIT = Settings().max_message

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
field_values = json_values | st.integers(-3, 3) | st.sampled_from(["", "TakeAnimals", "x" * 200])


def hellos(table: str, other: str, tokens: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """Hellos that must fail: unknown or other tables' ids, wrong tokens, bad ``since``."""
    return st.fixed_dictionaries(
        {"type": st.just("hello")},
        optional={
            "table": st.sampled_from([table, other, "nope", "", "x" * 100]) | field_values,
            "token": st.sampled_from(tokens) | st.text(max_size=30) | field_values,
            "since": st.integers(-5, 10_000) | field_values,
            "extra": field_values,
        },
    )


def moves(table: str, other: str) -> st.SearchStrategy[dict[str, Any]]:
    """Move messages with mistyped, stale or foreign parts."""
    move = st.fixed_dictionaries(
        {
            "type": st.sampled_from(["PlayAnimal", "MoveNoah", "Flood", "Nope", "Move"])
            | field_values
        },
        optional={"card": field_values, "dock": field_values, "space": field_values},
    )
    return st.fixed_dictionaries(
        {"type": st.just("move")},
        optional={
            "seq": st.integers(-2, 500) | field_values,
            "move": move | field_values,
            "table": st.sampled_from([table, other]) | field_values,
            "extra": field_values,
        },
    )


def names() -> st.SearchStrategy[dict[str, Any]]:
    """Name messages: mistyped, too long, empty, naming another seat, from a spectator."""
    return st.fixed_dictionaries(
        {"type": st.just("name")},
        optional={
            "name": field_values | st.text(max_size=40),
            "seat": field_values,
            "table": field_values,
        },
    )


def hostile(table: str, other: str, tokens: list[str]) -> st.SearchStrategy[str | bytes]:
    """Any text or bytes a client might send that the server must refuse."""
    shaped = hellos(table, other, tokens) | moves(table, other) | names() | json_values
    return st.one_of(
        shaped.map(json.dumps),
        st.text(max_size=60),
        st.binary(max_size=60),
        st.sampled_from(["{", "nul", "[1,2", '{"type": }', "\x00", "", "[" * 5000 + "]" * 5000]),
        st.integers(LIMIT + 1, 3 * LIMIT).map(
            lambda n: json.dumps({"type": "hello", "p": "x" * n})
        ),
    )


async def _fuzz(data: st.DataObject) -> None:
    hub = Hub(":memory:", Settings())
    await hub.start()
    try:
        table, links = await hub.create(
            TableRequest("ferry", 3, seats=("human", "human", "greedy"))
        )
        other, other_links = await hub.create(TableRequest("island", 2, seats=("human", "human")))
        tokens = [str(link["token"]) for link in (*links, *other_links)]
        seat0 = await join(hub, table.id, tokens[0])
        seat1 = await join(hub, table.id, tokens[1])
        watcher = await join(hub, table.id, None)
        stranger = Recorder()
        stranger.session = hub.connect(stranger)
        before = _snapshot(hub, table.id)
        messages = hostile(table.id, other.id, tokens)
        for _ in range(data.draw(st.integers(1, 8), label="messages")):
            client = data.draw(st.sampled_from([seat0, seat1, watcher, stranger]), label="client")
            text = data.draw(messages, label="text")
            if _is_legal_move(client, text, seat0, seat1) or _is_own_name(client, text, watcher):
                continue
            sent = len(client.texts)
            assert client.session is not None
            await hub.receive(client.session, text)
            new = client.messages[sent:]
            if client is stranger and [m["type"] for m in new] == ["welcome"]:
                assert _is_good_hello(text, links, table.id, other.id, other_links), text
                stranger = Recorder()
                stranger.session = hub.connect(stranger)
                continue
            assert [m["type"] for m in new] == ["error"], (text[:200], new)
            assert new[0]["code"] and new[0]["message"]
            assert _snapshot(hub, table.id) == before
        # still serving: the seat to act plays a legal move
        mover = seat0 if table.to_act == 0 else seat1
        welcome = mover.last("welcome")
        assert mover.session is not None
        await hub.receive(
            mover.session,
            json.dumps({"type": "move", "seq": 0, "move": welcome["view"]["legal_moves"][0]}),
        )
        assert table.seq == 1 and mover.last("update")["seq"] == 1
    finally:
        await hub.stop()


def _is_legal_move(client: Recorder, text: str | bytes, *seats: Recorder) -> bool:
    """Whether ``text`` is, by chance, a legal move of a seat (which the server would play)."""
    data = _json(text)
    if client not in seats or not isinstance(data, dict):
        return False
    welcome = client.last("welcome")
    return data.get("seq") == 0 and data.get("move") in welcome["view"]["legal_moves"]


def _is_own_name(client: Recorder, text: str | bytes, watcher: Recorder) -> bool:
    """Whether ``text`` is, by chance, a good name for a seated client's own seat (which the
    server would take)."""
    data = _json(text)
    if client is watcher or not isinstance(data, dict):
        return False
    if client.session is None or client.session.seat is None or set(data) != {"type", "name"}:
        return False
    name = data.get("name")
    if data.get("type") != "name" or not isinstance(name, str):
        return False
    cleaned = "".join(c for c in name if c.isprintable()).strip()
    return 0 < len(cleaned) <= Settings().max_name


def _is_good_hello(
    text: str | bytes, links: list[Any], table: str, other: str, other_links: list[Any]
) -> bool:
    """Whether a hello the server granted was one to grant: a known table, no token or one of
    that table's, a ``since`` no further than the table, nothing else."""
    data = _json(text)
    if not isinstance(data, dict) or set(data) - {"type", "table", "token", "since"}:
        return False
    allowed = {table: links, other: other_links}.get(str(data.get("table")))
    if allowed is None:
        return False
    token = data.get("token")
    since = data.get("since", 0)
    return (token is None or token in [link["token"] for link in allowed]) and since == 0


def _json(text: str | bytes) -> Any:
    try:
        return json.loads(text) if isinstance(text, str) and len(text) <= LIMIT else None
    except (ValueError, RecursionError):
        return None


def _snapshot(hub: Hub, table_id: str) -> tuple[Any, ...]:
    table = hub.table(table_id)
    assert table.live is not None
    seats = tuple((s.name, s.token, s.taken, s.open) for s in table.seats)
    return (table.seq, table.live.state, len(table.live.moves), table.to_act, seats)


@given(st.data())
def test_hostile_messages_are_refused_and_change_nothing(data: st.DataObject) -> None:
    asyncio.run(_fuzz(data))


# --- over a real server ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("fuzz")) / "fuzz.sqlite").start()
    yield process
    process.stop()


def _hello(ws: ClientConnection, table: str, token: str | None) -> dict[str, Any]:
    ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
    reply: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return reply


def _refused(ws: ClientConnection, data: str | bytes) -> dict[str, Any]:
    ws.send(data)
    reply: dict[str, Any] = json.loads(ws.recv(timeout=10))
    assert reply["type"] == "error", reply
    return reply


def test_hostile_frames_over_uvicorn(server: ServerProcess) -> None:
    made = server.post("/api/tables", {"game": "ferry", "players": 2})
    other = server.post("/api/tables", {"game": "island", "players": 2})
    table, tokens = made["table"]["id"], [link["token"] for link in made["links"]]
    with connect(server.ws_url, max_size=None) as ws:
        assert (
            _refused(ws, json.dumps({"type": "move", "seq": 0, "move": {}}))["code"] == "not_joined"
        )
        assert (
            _refused(
                ws,
                json.dumps({"type": "hello", "table": table, "token": other["links"][0]["token"]}),
            )["code"]
            == "bad_token"
        )
        welcome = _hello(ws, table, tokens[0])
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        view = welcome["view"]
        cases: list[tuple[str | bytes, str]] = [
            ("{", "malformed"),
            ("[1, 2", "malformed"),
            ("null", "malformed"),
            ('"move"', "malformed"),
            (b"\x00\x01binary", "malformed"),
            ("[" * 3000 + "]" * 3000, "malformed"),
            (json.dumps({"type": "hello", "table": table, "token": tokens[1]}), "already_joined"),
            (json.dumps({"type": "move", "seq": "0", "move": view["legal_moves"][0]}), "malformed"),
            (
                json.dumps(
                    {
                        "type": "move",
                        "seq": 0,
                        "move": view["legal_moves"][0],
                        "table": other["table"]["id"],
                    }
                ),
                "other_table",
            ),
            (json.dumps({"type": "move", "seq": 5, "move": view["legal_moves"][0]}), "stale"),
            (
                json.dumps({"type": "move", "seq": 0, "move": {"type": "PlayAnimal", "card": 7}}),
                "bad_move",
            ),
            (
                json.dumps({"type": "move", "seq": 0, "move": {"type": "Flood", "space": 3}}),
                "bad_move",
            ),
            (
                json.dumps({"type": "move", "seq": 0, "move": {"type": "MoveNoah", "dock": 1}}),
                "illegal",
            ),
            (json.dumps({"type": "shout"}), "malformed"),
            ("x" * (LIMIT + 1), "too_large"),
            (json.dumps({"type": "hello", "pad": "é" * LIMIT}), "too_large"),
            ("y" * 500_000, "too_large"),
        ]
        for data, code in cases:
            assert _refused(ws, data)["code"] == code, data[:80]
        assert server.get(f"/api/tables/{table}")["seq"] == 0
        ws.send(json.dumps({"type": "move", "seq": 0, "move": view["legal_moves"][0]}))
        assert json.loads(ws.recv(timeout=10))["seq"] == 1


def test_a_frame_beyond_the_transport_limit_closes_only_that_connection(
    server: ServerProcess,
) -> None:
    made = server.post("/api/tables", {"game": "island", "players": 2})
    table = made["table"]["id"]
    with connect(server.ws_url, max_size=None) as ws:
        _hello(ws, table, None)
        ws.send("z" * (Settings().max_frame + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with connect(server.ws_url) as ws:
        assert _hello(ws, table, made["links"][1]["token"])["seat"] == 1


def test_other_seats_tokens_act_only_for_their_own_seat(server: ServerProcess) -> None:
    made = server.post("/api/tables", {"game": "ferry", "players": 3})
    table, tokens = made["table"]["id"], [link["token"] for link in made["links"]]
    with connect(server.ws_url) as first, connect(server.ws_url) as second:
        view = _hello(first, table, tokens[0])["view"]
        assert _hello(second, table, tokens[1])["seat"] == 1
        move = view["legal_moves"][0]
        assert (
            _refused(second, json.dumps({"type": "move", "seq": 0, "move": move}))["code"]
            == "not_your_turn"
        )
        with connect(server.ws_url) as watcher:
            _hello(watcher, table, None)
            assert (
                _refused(watcher, json.dumps({"type": "move", "seq": 0, "move": move}))["code"]
                == "spectator"
            )
        assert server.get(f"/api/tables/{table}")["seq"] == 0
