"""Seats stay with the people they were meant for (issue 21, point 1; DESIGN principle 10).

The reproduction of the issue first: a table of two invited people and two bots, where a stranger
asked to join and was handed the friend's token. Then its variants: joining an invited seat,
the token of a re-keyed or freed seat, renaming someone else's seat, the host's powers in anyone
else's hands; and what the host and the players may do: open seats, unlisted tables, the invite
links again after a reload, *Play again* with the same people.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient

from noahrules.serve import Settings, create_app
from noahrules.serve.creation import TableRequest
from noahrules.serve.hub import Hub
from noahrules.serve.tables import ServerTable
from tests.serve.support import Recorder, join, play_out


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(settings=Settings(messages_per_second=1000))) as test_client:
        yield test_client


def bearer(token: object) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@contextmanager
def hello(client: TestClient, table: str, token: str | None) -> Iterator[tuple[Any, Any]]:
    """A WebSocket that said hello, and the answer."""
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "hello", "table": table, "token": token})
        yield ws, ws.receive_json()


def test_a_stranger_cannot_take_a_friends_seat(client: TestClient) -> None:
    """The issue's reproduction: the lobby offers no seat, join is refused and hands out no
    token, the friend still arrives at their seat under their own name."""
    made = client.post(
        "/api/tables",
        json={"game": "ferry", "players": 4, "seats": ["human", "human", "greedy", "greedy"]},
    ).json()
    table = made["table"]["id"]
    friend = made["links"][1]["token"]
    listed = client.get("/api/tables").json()["tables"][0]
    assert listed["free"] == 0 and [s["open"] for s in listed["seats"]] == [False] * 4
    mallory = client.post(f"/api/tables/{table}/join", json={"name": "Mallory"})
    assert mallory.status_code == 409 and mallory.json()["error"]["code"] == "full"
    assert friend not in mallory.text and made["links"][0]["token"] not in mallory.text
    with hello(client, table, friend) as (_ws, welcome):
        assert welcome["seat"] == 1
        assert [s["name"] for s in welcome["table"]["seats"]][:2] == ["seat 0", "seat 1"]
        assert "Mallory" not in json.dumps(welcome)


def test_join_takes_only_open_seats_and_mints_a_token_for_the_joiner(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={"game": "island", "players": 3, "seats": ["human", "open", "human"], "name": "Ann"},
    ).json()
    table = made["table"]["id"]
    handed = {link["token"] for link in made["links"]}
    assert [link["seat"] for link in made["links"]] == [0, 2]
    assert client.get("/api/tables").json()["tables"][0]["free"] == 1
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Bo"}).json()
    assert joined["seat"] == 1 and joined["token"] not in handed
    assert joined["path"].endswith(f"/t/{table}#seat=1&token={joined['token']}")
    again = client.post(f"/api/tables/{table}/join", json={"name": "Cy"})
    assert again.json()["error"]["code"] == "full"  # seat 2 is invited: never offered
    with hello(client, table, joined["token"]) as (_ws, welcome):
        assert welcome["seat"] == 1
        assert [s["label"] for s in welcome["table"]["seats"]] == ["Ann", "Bo", "seat 2"]
    links = client.get(f"/api/tables/{table}/links", headers=bearer(made["links"][0]["token"]))
    assert joined["token"] not in links.text  # the joiner's key is theirs, not the host's


def test_a_rekeyed_token_opens_nothing_and_its_holder_is_let_go(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "ferry", "players": 3}).json()
    table, host, old = made["table"]["id"], made["links"][0]["token"], made["links"][1]["token"]
    with hello(client, table, old) as (ws, welcome):
        assert welcome["seat"] == 1
        fresh = client.post(f"/api/tables/{table}/seats/1/rekey", headers=bearer(host))
        assert fresh.status_code == 200
        new = fresh.json()["token"]
        assert new != old and fresh.json()["seat"] == 1
        dismissed = ws.receive_json()
        assert dismissed["type"] == "error" and dismissed["code"] == "bad_token"
    with hello(client, table, old) as (_ws, refused):
        assert refused["type"] == "error" and refused["code"] == "bad_token"
    with hello(client, table, new) as (_ws, welcome):
        assert welcome["seat"] == 1
    links = client.get(f"/api/tables/{table}/links", headers=bearer(host)).json()["links"]
    assert {link["seat"]: link["token"] for link in links}[1] == new


def test_a_freed_seat_is_open_and_its_old_token_opens_nothing(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "ferry", "players": 2, "seats": ["human", "human"]}
    ).json()
    table, host, old = made["table"]["id"], made["links"][0]["token"], made["links"][1]["token"]
    assert (
        client.post(f"/api/tables/{table}/seats/1/free", headers=bearer(host)).json()["free"] == 1
    )
    with hello(client, table, old) as (_ws, refused):
        assert refused["code"] == "bad_token"
    joined = client.post(f"/api/tables/{table}/join", json={"name": "Bo"}).json()
    assert joined["seat"] == 1 and joined["token"] != old
    host_free = client.post(f"/api/tables/{table}/seats/0/free", headers=bearer(host))
    assert host_free.status_code == 400  # the host's own seat stays the host's


@pytest.mark.parametrize("who", ["nobody", "a guest", "a guessed token"])
def test_only_the_host_keys_and_frees_seats(client: TestClient, who: str) -> None:
    made = client.post("/api/tables", json={"game": "ferry", "players": 3}).json()
    table = made["table"]["id"]
    headers = {
        "nobody": {},
        "a guest": bearer(made["links"][1]["token"]),
        "a guessed token": bearer("x" * 22),
    }[who]
    for method, path in [
        ("GET", "links"),
        ("POST", "seats/2/rekey"),
        ("POST", "seats/2/free"),
    ]:
        answer = client.request(method, f"/api/tables/{table}/{path}", headers=headers)
        assert answer.status_code == 403 and answer.json()["error"]["code"] == "forbidden"
        assert made["links"][2]["token"] not in answer.text
    with hello(client, table, made["links"][2]["token"]) as (_ws, welcome):
        assert welcome["seat"] == 2  # nothing changed


def test_bad_seat_numbers_are_refused(client: TestClient) -> None:
    made = client.post(
        "/api/tables", json={"game": "ferry", "players": 3, "seats": ["human", "human", "random"]}
    ).json()
    table, host = made["table"]["id"], bearer(made["links"][0]["token"])
    for seat, code in [(2, 400), (3, 400), (99, 400)]:
        answer = client.post(f"/api/tables/{table}/seats/{seat}/rekey", headers=host)
        assert answer.status_code == code, answer.text
    assert client.post(f"/api/tables/{table}/seats/-1/rekey", headers=host).status_code == 404


def next_of(ws: Any, kind: str) -> Any:
    """The next message of type ``kind`` (others, such as presence, come in between)."""
    while True:
        message = ws.receive_json()
        if message["type"] == kind:
            return message


def test_people_name_their_own_seat_and_no_other(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "island", "players": 3, "name": "Ann"}).json()
    table, tokens = made["table"]["id"], [link["token"] for link in made["links"]]
    with hello(client, table, tokens[1]) as (bo, _), hello(client, table, None) as (watcher, _):
        bo.send_json({"type": "name", "name": "  Bo\u0007 "})
        presence = watcher.receive_json()
        assert presence["type"] == "presence"
        assert [(s["name"], s["named"]) for s in presence["seats"]] == [
            ("Ann", True),
            ("Bo", True),
            ("seat 2", False),
        ]
        for data, code in [
            ({"type": "name", "name": "Mallory", "seat": 2}, "malformed"),
            ({"type": "name", "name": "x" * 25}, "bad_request"),
            ({"type": "name", "name": "   "}, "bad_request"),
            ({"type": "name", "name": 7}, "malformed"),
        ]:
            bo.send_json(data)
            assert next_of(bo, "error")["code"] == code
        watcher.send_json({"type": "name", "name": "Mallory"})
        assert next_of(watcher, "error")["code"] == "spectator"
        info = client.get(f"/api/tables/{table}").json()
        assert [s["name"] for s in info["seats"]] == ["Ann", "Bo", "seat 2"]


def test_an_unlisted_table_is_reached_by_its_links_only(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={"game": "ferry", "players": 2, "unlisted": True, "seats": ["human", "open"]},
    ).json()
    table = made["table"]["id"]
    assert client.get("/api/tables").json() == {"tables": [], "next": None}
    assert client.get(f"/api/tables/{table}").json()["listed"] is False
    assert client.post(f"/api/tables/{table}/join").json()["seat"] == 1  # by its link
    with hello(client, table, None) as (_ws, welcome):
        assert welcome["type"] == "welcome"


def test_the_host_sees_the_invite_links_again(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={"game": "island", "players": 4, "seats": ["human", "human", "open", "random"]},
    ).json()
    table = made["table"]["id"]
    again = client.get(f"/api/tables/{table}/links", headers=bearer(made["links"][0]["token"]))
    assert again.json()["links"] == made["links"]


async def _finished(hub: Hub, kinds: tuple[str, ...]) -> tuple[ServerTable, dict[int, str]]:
    table, links = await hub.create(
        TableRequest("island", len(kinds), ("small-island",), kinds, name="Ann")
    )
    joined = await hub.join(table.id, "Bo")
    tokens = {int(str(link["seat"])): str(link["token"]) for link in links}
    tokens[int(str(joined["seat"]))] = str(joined["token"])
    await play_out(hub, table)
    return table, tokens


def test_play_again_makes_one_new_table_with_the_same_people() -> None:
    async def run() -> None:
        hub = Hub(":memory:", Settings(max_moves=2000))
        await hub.start()
        table, tokens = await _finished(hub, ("human", "open", "human", "greedy"))
        watcher = await join(hub, table.id, None)
        with pytest.raises(Exception, match="link of your seat"):
            await hub.again(table.id, None)
        first = await hub.again(table.id, tokens[1], "10.0.0.1")
        assert watcher.last("again")["table"] == first["table"]
        new = hub.table(str(first["table"]))
        assert new.head.variants == ("small-island",) and new.players == 4
        assert [(s.kind, s.name, s.bot, s.open) for s in new.seats] == [
            ("human", "Ann", None, False),
            ("human", "Bo", None, False),  # joined from the lobby: kept for the same person
            ("human", "seat 2", None, False),
            ("bot", "greedy bot", "greedy", False),
        ]
        for seat, token in tokens.items():
            link = await hub.again(table.id, token)
            assert link["table"] == new.id and link["seat"] == seat
            assert new.seat_of(str(link["token"])) == seat
            assert link["token"] != token
        assert hub.tables()[0][0] is new and len(hub.tables()[0]) == 2  # one new table
        assert new.address == "10.0.0.1"
        await hub.stop()

    asyncio.run(run())


def test_play_again_waits_for_the_end_and_seats_stay_when_it_is_over() -> None:
    async def run() -> None:
        hub = Hub(":memory:")
        await hub.start()
        table, links = await hub.create(TableRequest("ferry", 2))
        host = str(links[0]["token"])
        with pytest.raises(Exception, match="once the game is over") as early:
            await hub.again(table.id, host)
        assert getattr(early.value, "code", None) == "not_over"
        table.over = True
        for action in (hub.rekey(table.id, host, 1), hub.free(table.id, host, 1)):
            with pytest.raises(Exception, match="the game is over"):
                await action
        await hub.stop()

    asyncio.run(run())


def test_a_stranger_hears_of_play_again_but_gets_no_seat() -> None:
    async def run() -> None:
        hub = Hub(":memory:", Settings(max_moves=2000))
        await hub.start()
        table, tokens = await _finished(hub, ("human", "open"))
        stranger = Recorder()
        stranger.session = hub.connect(stranger)
        await hub.receive(
            stranger.session, json.dumps({"type": "hello", "table": table.id, "token": None})
        )
        link = await hub.again(table.id, tokens[0])
        assert stranger.last("again")["table"] == link["table"]
        with pytest.raises(Exception, match="link of your seat"):
            await hub.again(table.id, "not-a-token")
        await hub.stop()

    asyncio.run(run())


def test_the_holder_of_a_rekeyed_seat_is_told_why_and_let_go() -> None:
    async def run() -> None:
        hub = Hub(":memory:")
        await hub.start()
        table, links = await hub.create(TableRequest("ferry", 3))
        host, old = str(links[0]["token"]), str(links[1]["token"])
        friend = await join(hub, table.id, old)
        watcher = await join(hub, table.id, None)
        await hub.rekey(table.id, host, 1)
        assert friend.closed and friend.reason == "the host gave this seat a new link"
        assert friend.last("error")["code"] == "bad_token"
        assert not watcher.closed and watcher.last("presence")["seats"][1]["taken"] is False
        assert friend.session is not None and friend.session.table is None
        assert table.seat_of(old) is None
        await hub.stop()

    asyncio.run(run())
