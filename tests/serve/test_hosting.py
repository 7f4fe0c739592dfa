"""What a host needs (issue 21, point 3): a health check, a path prefix, an access log, an admin,
a database written by an older server opened as it is, and the command of the documentation's
systemd unit and Dockerfile, run as they run it.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import shlex
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from noahrules import GAMES
from noahrules.cli.serve import add_options, settings_from
from noahrules.records import GameRecord
from noahrules.serialize import to_dict, to_json
from noahrules.serve import Settings, TableServer, create_app
from noahrules.serve.store import VERSION, Store
from tests.serve.support import ROOT, free_port

ADMIN = "a-long-enough-admin-token"


def test_healthz_says_whether_the_database_can_be_written(tmp_path: Path) -> None:
    db = tmp_path / "health.sqlite"
    with TestClient(create_app(db)) as client:
        client.post("/api/tables", json={"game": "ferry"})
        healthy = client.get("/healthz")
        assert healthy.status_code == 200
        assert healthy.json() == {"ok": True, "open_tables": 1, "tables": 1, "database": "ok"}
        locker = sqlite3.connect(db, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")  # another program holds the file
        try:
            failing = client.get("/healthz")
        finally:
            locker.execute("ROLLBACK")
            locker.close()
        assert failing.status_code == 503
        assert failing.json()["ok"] is False and "locked" in failing.json()["database"]
        assert client.get("/healthz").status_code == 200


def test_the_admin_lists_closes_and_deletes_tables() -> None:
    with TestClient(create_app(settings=Settings(admin_token=ADMIN))) as client:
        listed = client.post("/api/tables", json={"game": "ferry"}).json()["table"]["id"]
        hidden = client.post("/api/tables", json={"game": "island", "unlisted": True}).json()
        hidden_id = hidden["table"]["id"]
        for headers in ({}, {"Authorization": "Bearer not-the-admin-token"}):
            for method, path in [
                ("GET", "/api/admin/tables"),
                ("POST", f"/api/admin/tables/{listed}/close"),
                ("DELETE", f"/api/admin/tables/{listed}"),
            ]:
                answer = client.request(method, path, headers=headers)
                assert answer.status_code == 403, (method, path)
        admin = {"Authorization": f"Bearer {ADMIN}"}
        every = client.get("/api/admin/tables", headers=admin).json()
        assert [t["id"] for t in every["tables"]] == [hidden_id, listed]
        assert every["tables"][0]["address"] == "testclient"
        closed = client.post(f"/api/admin/tables/{listed}/close", headers=admin).json()
        assert closed["closed"] == "closed by the admin"
        assert client.get(f"/api/tables/{listed}/record").status_code == 200  # kept
        assert client.delete(f"/api/admin/tables/{hidden_id}", headers=admin).status_code == 204
        assert client.get(f"/api/tables/{hidden_id}").status_code == 404
        assert client.delete(f"/api/admin/tables/{hidden_id}", headers=admin).status_code == 404


def test_no_admin_token_no_admin() -> None:
    with TestClient(create_app()) as client:
        answer = client.get("/api/admin/tables", headers={"Authorization": "Bearer " + "x" * 30})
        assert answer.status_code == 403
    with pytest.raises(ValueError, match="at least 16"):
        Settings(admin_token="short")


def test_the_access_log_has_a_line_per_request_and_per_websocket(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with (
        caplog.at_level(logging.INFO, logger="noahrules.serve.access"),
        TestClient(create_app()) as client,
    ):
        made = client.post("/api/tables", json={"game": "ferry"}).json()
        client.get("/api/tables/nope")
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"]["id"], "token": None})
            ws.receive_json()
    lines = [r.getMessage() for r in caplog.records if r.name == "noahrules.serve.access"]
    assert re.fullmatch(r'testclient "POST /api/tables" 201 [0-9.]+ ms', lines[0]), lines
    assert re.fullmatch(r'testclient "GET /api/tables/nope" 404 [0-9.]+ ms', lines[1]), lines
    assert re.fullmatch(r'testclient "WS /ws" 101 closed after [0-9.]+ s', lines[2]), lines
    assert not any(link["token"] in " ".join(lines) for link in made["links"])


def test_a_path_prefix_with_or_without_the_proxy_stripping_it() -> None:
    with TestClient(create_app(settings=Settings(root_path="/noah"))) as client:
        page = client.get("/noah/")
        assert 'content="/noah"' in page.text and 'src="/noah/static/app.js"' in page.text
        assert client.get("/noah/static/table.js").status_code == 200
        assert client.get("/noah/healthz").json()["ok"]
        made = client.post("/noah/api/tables", json={"game": "island"}).json()
        assert made["links"][0]["path"].startswith("/noah/t/")
        stripped = client.get("/api/tables").json()  # a proxy that strips the prefix
        assert stripped["tables"][0]["id"] == made["table"]["id"]
        assert 'content="/noah"' in client.get("/t/x").text
        with client.websocket_connect("/noah/ws") as ws:
            ws.send_json({"type": "hello", "table": made["table"]["id"], "token": None})
            assert ws.receive_json()["type"] == "welcome"
    with pytest.raises(ValueError):
        Settings(root_path="noah/")


OLD_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, created REAL NOT NULL, head TEXT NOT NULL,
                     seats TEXT NOT NULL, over INTEGER NOT NULL DEFAULT 0);
CREATE TABLE moves (table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL,
                    move TEXT NOT NULL, PRIMARY KEY (table_id, seq)) WITHOUT ROWID;
"""
"""The file format of the first table server (before issue 21)."""


def test_a_database_of_the_first_server_opens_and_plays_on(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    game = GAMES["island"]
    rules = game.load_rules()
    head = GameRecord.start("island", rules, 2, 9)
    state = game.new_game(rules, 2, 9)
    moves = []
    for _ in range(3):
        move = game.legal_moves(state)[0]
        moves.append(to_json(move))
        state = game.apply(state, move)
    seats = (
        '[{"kind": "human", "name": "Ann", "bot": null, "token": "ann-token", "taken": true}, '
        '{"kind": "human", "name": "seat 1", "bot": null, "token": "bo-token", "taken": false}]'
    )
    with sqlite3.connect(db) as old:
        old.executescript(OLD_SCHEMA)
        old.execute("INSERT INTO tables VALUES ('old1', 5.0, ?, ?, 0)", (to_json(head), seats))
        old.executemany(
            "INSERT INTO moves VALUES ('old1', ?, ?)", [(i + 1, m) for i, m in enumerate(moves)]
        )
    old.close()
    with TestClient(create_app(db)) as client:
        info = client.get("/api/tables/old1").json()
        assert info["seq"] == 3 and info["free"] == 0  # its seats are invited ones now
        assert [s["name"] for s in info["seats"]] == ["Ann", "seat 1"]
        assert client.post("/api/tables/old1/join").json()["error"]["code"] == "full"
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": "old1", "token": "ann-token"})
            welcome = ws.receive_json()
            assert welcome["seat"] == 0 and welcome["seq"] == 3
            assert welcome["view"] == to_dict(game.view(state, 0))  # replayed as it was
            ws.send_json({"type": "move", "seq": 3, "move": welcome["view"]["legal_moves"][0]})
            assert ws.receive_json()["seq"] == 4
    with sqlite3.connect(db) as reopened:
        assert reopened.execute("PRAGMA user_version").fetchone()[0] == VERSION
        assert reopened.execute("SELECT active FROM tables").fetchone()[0] is not None
        reopened.execute(f"PRAGMA user_version={VERSION + 1}")
    reopened.close()
    with pytest.raises(ValueError, match="newer server"):
        Store(db)


def command(parser_args: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_options(parser)
    return parser.parse_args(parser_args)


def test_every_limit_has_a_flag() -> None:
    args = command(
        [
            "--creations-per-minute",
            "5",
            "--tables-per-address",
            "7",
            "--sockets-per-address",
            "9",
            "--hello-timeout",
            "3",
            "--unjoined-expiry",
            "600",
            "--idle-expiry",
            "3600",
            "--turn-timeout",
            "45",
            "--timeout-bot",
            "random",
            "--root-path",
            "/noah",
            "--trust-proxy",
            "--lobby-page",
            "20",
        ]
    )
    settings = settings_from(args)
    assert (
        settings.creations_per_minute,
        settings.open_tables_per_address,
        settings.sockets_per_address,
        settings.hello_timeout,
        settings.unjoined_expiry,
        settings.idle_expiry,
        settings.turn_timeout,
        settings.timeout_bot,
        settings.root_path,
        settings.trust_proxy,
        settings.lobby_page,
    ) == (5, 7, 9, 3, 600, 3600, 45, "random", "/noah", True, 20)
    defaults = settings_from(command([]))
    assert defaults.turn_timeout is None and defaults.admin_token is None
    assert defaults.creations_per_minute == Settings().creations_per_minute


def test_the_admin_token_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOAHRULES_ADMIN_TOKEN", ADMIN)
    assert settings_from(command([])).admin_token == ADMIN
    assert settings_from(command(["--admin-token", "b" * 20])).admin_token == "b" * 20


# --- the documentation's systemd unit and Dockerfile -------------------------------------------


def documented_commands() -> dict[str, list[str]]:
    """The command of the systemd unit (``ExecStart=``) and of the Dockerfile (``CMD``)."""
    text = (ROOT / "docs" / "serve.md").read_text()
    unit = re.search(r"^ExecStart=(.+)$", text, re.MULTILINE)
    docker = re.search(r"^CMD (\[.+\])$", text, re.MULTILINE)
    assert unit and docker, "docs/serve.md shows a systemd unit and a Dockerfile"
    return {"systemd": shlex.split(unit.group(1)), "docker": json.loads(docker.group(1))}


@pytest.mark.parametrize("kind", ["systemd", "docker"])
def test_the_documented_service_command_runs(tmp_path: Path, kind: str) -> None:
    """The command as the unit and the image run it, with only the port and the database file
    moved into the test's reach; a container engine is not needed (nor present here) for that."""
    argv = documented_commands()[kind]
    assert Path(argv[0]).name == "noahrules" and argv[1] == "serve"
    port = free_port()
    options = argv[2:]
    options[options.index("--port") + 1] = str(port)
    options[options.index("--db") + 1] = str(tmp_path / "tables.sqlite")
    prefix = options[options.index("--root-path") + 1]
    env = {**os.environ, "NOAHRULES_ADMIN_TOKEN": ADMIN, "PYTHONUNBUFFERED": "1"}
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "noahrules", "serve", *options],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        health = _wait_for(f"http://127.0.0.1:{port}{prefix}/healthz", process, log)
        assert health["ok"] is True
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}{prefix}/api/admin/tables",
            headers={"Authorization": f"Bearer {ADMIN}", "X-Forwarded-For": "198.51.100.7"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert answer.status == 200
    finally:
        process.terminate()
        process.wait(10)
    text = log.read_text()
    assert f'198.51.100.7 "GET {prefix}/api/admin/tables" 200' in text  # --trust-proxy
    assert f'"GET {prefix}/healthz" 200' in text


def _wait_for(url: str, process: subprocess.Popen[bytes], log: Path) -> Any:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                return json.loads(answer.read())
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.05)
    raise RuntimeError(f"the server did not start: {log.read_text()}")


def test_a_table_server_mounted_elsewhere_keeps_its_own_settings(tmp_path: Path) -> None:
    server = TableServer(tmp_path / "t.sqlite", Settings(lobby_page=1))
    assert server.settings.lobby_page == 1 and server.app.state.table_server is server
