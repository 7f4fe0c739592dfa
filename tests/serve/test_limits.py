"""No one address can exhaust the server (issue 21, point 2; DESIGN principle 10).

The issue's reproduction over a real uvicorn on loopback: 1,100 table creations from 127.0.0.1
are refused with 429 and ``Retry-After`` once the allowance is used, while a client bound to
127.0.0.2 still creates a table. Then each limit on its own, with a clock the test controls:
creations per minute, open tables per address, WebSocket connections per address, a WebSocket
that never says hello, messages per second, the lobby's pages, and whose address counts behind a
proxy.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from noahrules.serve import Settings, create_app
from noahrules.serve.creation import TableRequest
from noahrules.serve.errors import RequestError
from noahrules.serve.hub import Hub
from tests.serve.support import SCRIPTED, Clock, ServerProcess

FLOOD = 1100


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    options = (*SCRIPTED, "--sockets-per-address", "3", "--hello-timeout", "1")
    db = Path(tmp_path_factory.mktemp("limits")) / "limits.sqlite"
    process = ServerProcess(db, options=options).start()
    yield process
    process.stop()


def post(connection: http.client.HTTPConnection, path: str, body: object) -> tuple[int, Any, Any]:
    connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    response = connection.getresponse()
    return response.status, response.headers, json.loads(response.read())


def test_a_flood_from_one_address_leaves_room_for_another(server: ServerProcess) -> None:
    flooder = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    started = time.monotonic()
    answers = [post(flooder, "/api/tables", {"game": "island"}) for _ in range(FLOOD)]
    seconds = time.monotonic() - started
    made = [a for a in answers if a[0] == 201]
    refused = [a for a in answers if a[0] == 429]
    burst = Settings().creations_per_minute  # then one more every 60 / burst seconds
    assert burst <= len(made) <= burst + 1 + seconds * burst / 60
    assert len(refused) == FLOOD - len(made)
    assert all(r[2]["error"]["code"] == "rate_limited" for r in refused)
    assert all(1 <= int(r[1]["Retry-After"]) <= 60 for r in refused)
    neighbour = http.client.HTTPConnection(
        "127.0.0.1", server.port, timeout=10, source_address=("127.0.0.2", 0)
    )
    status, _, body = post(neighbour, "/api/tables", {"game": "ferry"})
    assert status == 201 and body["table"]["id"]
    assert server.get("/healthz")["open_tables"] == len(made) + 1
    flooder.close()
    neighbour.close()


def test_websockets_per_address_are_bounded(server: ServerProcess) -> None:
    with connect(server.ws_url), connect(server.ws_url), connect(server.ws_url):
        with pytest.raises(InvalidStatus) as refused:
            connect(server.ws_url)
        response = refused.value.response
        assert response.status_code == 429 and int(response.headers["Retry-After"]) > 0
    with connect(server.ws_url) as again:  # the three closed: room again
        again.send(json.dumps({"type": "hello", "table": "nope", "token": None}))
        assert json.loads(again.recv(timeout=10))["code"] == "unknown_table"


def test_a_websocket_that_never_says_hello_is_closed(server: ServerProcess) -> None:
    """The server runs with ``--hello-timeout 1`` (the default, 10 s, is checked below); a
    failed hello does not count as one."""
    assert Settings().hello_timeout == 10
    started = time.monotonic()
    with connect(server.ws_url) as silent:
        silent.send(json.dumps({"type": "hello", "table": "nope", "token": None}))
        assert json.loads(silent.recv(timeout=10))["code"] == "unknown_table"
        with pytest.raises(ConnectionClosed) as closed:
            silent.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert "hello" in closed.value.rcvd.reason
    assert 0.9 < time.monotonic() - started < 5


def test_creations_per_minute_refill_with_the_clock() -> None:
    clock = Clock()

    async def run() -> None:
        hub = Hub(":memory:", Settings(creations_per_minute=3, unjoined_expiry=3600), clock=clock)
        await hub.start()
        for _ in range(3):
            await hub.create(TableRequest("ferry", 2), "10.0.0.1")
        with pytest.raises(RequestError) as refused:
            await hub.create(TableRequest("ferry", 2), "10.0.0.1")
        assert refused.value.code == "rate_limited" and refused.value.retry_after == 20
        await hub.create(TableRequest("ferry", 2), "10.0.0.2")  # another address
        await hub.create(TableRequest("ferry", 2))  # the host's own program: no limit
        clock.now += 19
        with pytest.raises(RequestError):
            await hub.create(TableRequest("ferry", 2), "10.0.0.1")
        clock.now += 1
        await hub.create(TableRequest("ferry", 2), "10.0.0.1")  # one every 20 s
        assert hub.open_tables("10.0.0.1") == 4 and hub.open_tables() == 6
        await hub.stop()

    asyncio.run(run())


def test_open_tables_per_address_and_on_the_server() -> None:
    clock = Clock()

    async def run() -> None:
        settings = Settings(open_tables_per_address=2, max_open_tables=3)
        hub = Hub(":memory:", settings, clock=clock)
        await hub.start()
        first, _ = await hub.create(TableRequest("island", 2), "10.0.0.1")
        await hub.create(TableRequest("island", 2), "10.0.0.1")
        with pytest.raises(RequestError) as refused:
            await hub.create(TableRequest("island", 2), "10.0.0.1")
        assert refused.value.code == "rate_limited" and refused.value.retry_after
        await hub.create(TableRequest("island", 2), "10.0.0.2")
        with pytest.raises(RequestError) as full:
            await hub.create(TableRequest("island", 2), "10.0.0.3")
        assert full.value.code == "limit" and full.value.status == 503
        await hub.close(first, "a test")
        await hub.create(TableRequest("island", 2), "10.0.0.1")  # a closed table frees room
        await hub.stop()

    asyncio.run(run())


def test_over_http_a_limit_is_429_with_retry_after() -> None:
    with TestClient(create_app(settings=Settings(creations_per_minute=1))) as client:
        assert client.post("/api/tables", json={"game": "ferry"}).status_code == 201
        refused = client.post("/api/tables", json={"game": "ferry"})
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
        assert refused.json()["error"]["code"] == "rate_limited"


@pytest.mark.parametrize("trust", [False, True])
def test_forwarded_addresses_count_only_behind_a_trusted_proxy(trust: bool) -> None:
    settings = Settings(creations_per_minute=1, trust_proxy=trust)
    with TestClient(create_app(settings=settings)) as client:
        codes = [
            client.post(
                "/api/tables",
                json={"game": "ferry"},
                headers={"X-Forwarded-For": f"203.0.113.9, 198.51.100.{n}"},
            ).status_code
            for n in range(3)
        ]
    # behind a proxy, each forwarded address (the last one, the proxy's) has its own allowance;
    # without one, the header is the client's word and counts for nothing
    assert codes == ([201, 201, 201] if trust else [201, 429, 429])


def test_messages_per_second_are_bounded() -> None:
    with TestClient(create_app(settings=Settings(messages_per_second=2))) as client:
        made = client.post("/api/tables", json={"game": "ferry"}).json()
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"]["id"], "token": None})
            assert ws.receive_json()["type"] == "welcome"
            codes = []
            for _ in range(8):
                ws.send_json({"type": "move", "seq": 0, "move": {}})
                codes.append(ws.receive_json()["code"])
    assert codes.count("spectator") <= 4 and "rate_limited" in codes


def test_the_lobby_is_paged() -> None:
    settings = Settings(lobby_page=3, creations_per_minute=100)
    with TestClient(create_app(settings=settings)) as client:
        ids = [
            client.post("/api/tables", json={"game": "ferry"}).json()["table"]["id"]
            for _ in range(7)
        ]
        client.post("/api/tables", json={"game": "ferry", "unlisted": True})
        newest = list(reversed(ids))
        seen, before, pages = [], None, 0
        while True:
            query = f"?before={before}" if before else ""
            page = client.get(f"/api/tables{query}").json()
            seen += [t["id"] for t in page["tables"]]
            pages += 1
            before = page["next"]
            if before is None:
                break
        assert seen == newest and pages == 3
        two = client.get("/api/tables?limit=2").json()
        assert [t["id"] for t in two["tables"]] == newest[:2] and two["next"] == newest[1]
        many = client.get("/api/tables?limit=500").json()
        assert len(many["tables"]) == 3  # never more than a page
        for query in ("?limit=0", "?limit=x", "?before=nope", "?limit=-1"):
            assert client.get(f"/api/tables{query}").status_code == 400
