"""The lobby's HTTP endpoints, the page, and the server mounted in another application, driven
in-process with Starlette's test client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from noahrules import GAMES
from noahrules.bots import BestBot, SearchBot, make_bot
from noahrules.records import GameRecord, final_state
from noahrules.serialize import from_dict
from noahrules.serve import Settings, TableServer, create_app


@pytest.fixture
def client() -> Iterator[TestClient]:
    settings = Settings(allow_seed=True, messages_per_second=10_000)  # finish() plays fast
    with TestClient(create_app(settings=settings)) as test_client:
        yield test_client


def finish(client: TestClient, table: str, tokens: list[str]) -> dict[str, Any]:
    """Play the table to its end through the WebSocket, first legal move each time."""
    sockets = [client.websocket_connect("/ws") for _ in tokens]
    entered = [s.__enter__() for s in sockets]
    try:
        latest: dict[int, dict[str, Any]] = {}
        for seat, (ws, token) in enumerate(zip(entered, tokens, strict=True)):
            ws.send_json({"type": "hello", "table": table, "token": token})
            latest[seat] = _next_position(ws)
        while True:
            info: dict[str, Any] = client.get(f"/api/tables/{table}").json()
            if info["over"]:
                return info
            seat = info["to_act"]
            view = latest[seat]["view"]
            entered[seat].send_json(
                {"type": "move", "seq": info["seq"], "move": view["legal_moves"][0]}
            )
            for other, ws in enumerate(entered):
                latest[other] = _next_position(ws)
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def _next_position(ws: Any) -> dict[str, Any]:
    """The next welcome or update (presence messages come in between)."""
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] in ("welcome", "update"):
            return message


def test_games_and_their_public_rules(client: TestClient) -> None:
    listed = client.get("/api/games").json()
    assert [g["name"] for g in listed["games"]] == ["ferry", "island"]
    assert "greedy" in listed["bots"]
    rules = client.get("/api/games/island/rules", params={"variant": "small-island"}).json()
    assert rules["variants"] == ["small-island"] and rules["board"]["name"]
    assert (
        client.get("/api/games/ferry/rules", params={"variant": "../../etc/passwd"}).status_code
        == 400
    )
    assert client.get("/api/games/chess/rules").status_code == 404


def test_create_list_join(client: TestClient) -> None:
    made = client.post(
        "/api/tables",
        json={
            "game": "ferry",
            "players": 4,
            "variants": ["frog"],
            "seats": ["human", "human", "open", "random"],
            "name": "Ann",
        },
    )
    assert made.status_code == 201
    body = made.json()
    table = body["table"]
    assert [link["seat"] for link in body["links"]] == [0, 1]  # the invited seats only
    assert body["links"][0]["path"].startswith(f"/t/{table['id']}#seat=0&token=")
    assert table["seats"][0]["name"] == "Ann" and table["seats"][3]["bot"] == "random"
    assert [s["open"] for s in table["seats"]] == [False, False, True, False]
    listed = client.get("/api/tables").json()
    text = json.dumps(listed)
    assert table["id"] in text and listed["tables"][0]["free"] == 1
    assert all(link["token"] not in text for link in body["links"])
    assert "seed" not in text
    joined = client.post(f"/api/tables/{table['id']}/join", json={"name": "Bo"}).json()
    assert joined["seat"] == 2
    assert joined["token"] not in [link["token"] for link in body["links"]]
    full = client.post(f"/api/tables/{table['id']}/join", json={})
    assert full.status_code == 409 and full.json()["error"]["code"] == "full"
    info = client.get(f"/api/tables/{table['id']}").json()
    assert [s["name"] for s in info["seats"]] == ["Ann", "seat 1", "Bo", "random bot"]
    assert info["free"] == 0


def test_seats_go_to_bots_by_level_or_by_a_spec_within_the_limits(client: TestClient) -> None:
    listed = client.get("/api/games").json()
    assert listed["levels"] == {"easy": "greedy", "medium": "search", "hard": "best:time=0.15"}
    seats = ["human", "easy", "hard", "search:iterations=50,time=0.5"]
    body = client.post("/api/tables", json={"game": "ferry", "players": 4, "seats": seats}).json()
    info = client.get(f"/api/tables/{body['table']['id']}").json()
    assert [(s["name"], s["bot"]) for s in info["seats"]] == [
        ("seat 0", None),
        ("easy bot", "greedy"),
        ("hard bot", "best:time=0.15"),
        ("search:iterations=50,time=0.5 bot", "search:iterations=50,time=0.5"),
    ]
    hard = make_bot("best:time=0.15", GAMES["ferry"], 0)
    assert isinstance(hard, BestBot) and hard.time == 0.15


def test_a_seat_given_iterations_alone_is_held_to_the_time_limit_too(client: TestClient) -> None:
    seats = ["human", "search:iterations=2000", "best:iterations=10", "greedy"]
    body = client.post("/api/tables", json={"game": "ferry", "players": 4, "seats": seats}).json()
    info = client.get(f"/api/tables/{body['table']['id']}").json()
    assert [s["bot"] for s in info["seats"]] == [
        None,
        "search:iterations=2000,time=0.5",
        "best:iterations=10,time=0.5",
        "greedy",
    ]
    capped = make_bot(info["seats"][1]["bot"], GAMES["ferry"], 0)
    assert isinstance(capped, SearchBot) and (capped.iterations, capped.time) == (2000, 0.5)


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({"game": "chess"}, "'game' must be one of"),
        ({"game": "ferry", "players": 9}, "ferry takes 2 to 5 players"),
        ({"game": "ferry", "players": True}, "ferry takes 2 to 5 players"),
        ({"game": "ferry", "variants": ["my/house.yaml"]}, "variants are distinct names"),
        ({"game": "ferry", "variants": ["frog", "frog"]}, "variants are distinct names"),
        ({"game": "island", "players": 2, "seats": ["human"]}, "'seats' lists one seat kind"),
        (
            {"game": "island", "players": 2, "seats": ["human", "alphago"]},
            "is not one of the levels",
        ),
        (
            {"game": "island", "players": 2, "seats": ["human", "os:system"]},
            "is not one of the lev",
        ),
        ({"game": "island", "players": 2, "seats": ["human", "search:depth=3"]}, "has no option"),
        ({"game": "island", "players": 2, "seats": ["human", "best:time=5"]}, "not time=5"),
        ({"game": "island", "players": 2, "seats": ["human", "search:iterations=9999"]}, "at most"),
        ({"game": "island", "players": 2, "seats": ["open", "human"]}, "seat 0 is the creator's"),
        ({"game": "island", "unlisted": "yes"}, "'unlisted' is true or false"),
        ({"game": "island", "name": "x" * 100}, "at most 24 characters"),
        ({"game": "island", "colour": "red"}, "unknown fields"),
        ([1, 2], "send a JSON object"),
    ],
)
def test_bad_requests_to_create_are_refused(client: TestClient, body: object, problem: str) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert problem in answer.json()["error"]["message"]
    assert client.get("/api/tables").json() == {"tables": [], "next": None}


def test_request_bodies_are_bounded(client: TestClient) -> None:
    big = client.post("/api/tables", content=b"{" + b" " * 20_000 + b"}")
    assert big.status_code == 413
    assert client.post("/api/tables", content=b"{nope").status_code == 400
    assert client.post("/api/replay", content=b"x" * (Settings().max_record + 1)).status_code == 413


def test_seeds_are_chosen_by_the_server_unless_allowed() -> None:
    with TestClient(create_app()) as plain:
        refused = plain.post("/api/tables", json={"game": "ferry", "seed": 3})
        assert refused.status_code == 400 and "seed" in refused.json()["error"]["message"]


def test_the_record_and_replay_wait_for_the_end(client: TestClient) -> None:
    made = client.post("/api/tables", json={"game": "island", "players": 2, "seed": 5}).json()
    table = made["table"]["id"]
    for path in ("record", "replay"):
        early = client.get(f"/api/tables/{table}/{path}")
        assert early.status_code == 409 and early.json()["error"]["code"] == "not_over"
    finish(client, table, [link["token"] for link in made["links"]])
    record = from_dict(client.get(f"/api/tables/{table}/record").json(), GameRecord)
    assert record.seed == 5 and record.players == 2
    state = final_state(record)
    assert GAMES["island"].is_over(state)
    frames = client.get(f"/api/tables/{table}/replay").json()
    assert len(frames["frames"]) == len(record.moves) + 1
    assert frames["frames"][-1]["views"][0]["table"]["phase"] == "over"
    uploaded = client.post(
        "/api/replay", content=json.dumps(client.get(f"/api/tables/{table}/record").json())
    )
    assert uploaded.json() == frames


def test_uploaded_records_are_checked(client: TestClient) -> None:
    assert client.post("/api/replay", content=b"[]").status_code == 400
    record = {
        "game": "ferry",
        "variants": [],
        "digest": "0" * 64,
        "players": 2,
        "seed": 1,
        "first_player": 0,
        "moves": [],
    }
    changed = client.post("/api/replay", content=json.dumps(record))
    assert changed.status_code == 400 and "changed" in changed.json()["error"]["message"]
    record["variants"] = ["/etc/passwd.yaml"]
    assert client.post("/api/replay", content=json.dumps(record)).status_code == 400


def test_unknown_tables(client: TestClient) -> None:
    for path in ("", "/rules", "/record", "/replay"):
        answer = client.get(f"/api/tables/nope{path}")
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "unknown_table"
    assert client.post("/api/tables/nope/join").status_code == 404


def test_the_page_and_its_files(client: TestClient) -> None:
    page = client.get("/t/abc")
    assert page.status_code == 200 and 'content=""' in page.text
    assert "script-src" not in page.headers["content-security-policy"]
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/ferry.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/../hub.py").status_code == 404
    for name in (
        "dom.js",
        "lobby.js",
        "table.js",
        "ferry.js",
        "island.js",
        "replay.js",
        "plain.js",
    ):
        text = client.get(f"/static/{name}").text
        assert "innerHTML" not in text and "eval(" not in text


def test_mounted_in_another_application(tmp_path: Path) -> None:
    server = TableServer(tmp_path / "mounted.sqlite")

    async def home(request: object) -> PlainTextResponse:
        return PlainTextResponse("my site")

    app = Starlette(
        routes=[Route("/", home), Mount("/noah", app=server.app)], lifespan=server.lifespan
    )
    with TestClient(app) as client:
        assert client.get("/").text == "my site"
        made = client.post(
            "/api/tables".replace("/api", "/noah/api"), json={"game": "ferry"}
        ).json()
        assert made["links"][0]["path"].startswith("/noah/t/")
        page = client.get(made["watch"])
        assert 'content="/noah"' in page.text and 'src="/noah/static/app.js"' in page.text
        with client.websocket_connect("/noah/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"]["id"], "token": None})
            assert ws.receive_json()["type"] == "welcome"
