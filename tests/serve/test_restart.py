"""Nothing lost (issue 15, point 3): a real server, killed with SIGKILL in the middle of games and
started again on the same SQLite file, restores every table by replay; clients reconnect with
their tokens to the same position and get the events they missed.

Two people and a bot play over loopback. One person leaves; the server is killed once when every
move is acknowledged and once with a move in flight; both people come back each time with the
position they last saw. At the end, everything each connection ever received is checked against
an independent replay of the stored record, and no acknowledged move is missing from it.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from noahrules import GAMES
from tests.serve.support import ServerProcess, WsClient
from tests.serve.test_leaks import Oracle, Transcript


class Table:
    """The people of one table, their connections, and what each connection received."""

    def __init__(self, server: ServerProcess, game: str) -> None:
        self.server = server
        made = server.post(
            "/api/tables", {"game": game, "players": 3, "seats": ["human", "human", "greedy"]}
        )
        self.id = made["table"]["id"]
        self.tokens = {link["seat"]: link["token"] for link in made["links"]}
        self.clients: dict[int, WsClient | None] = {
            seat: self.join(seat, 0) for seat in self.tokens
        }
        self.transcripts: list[WsClient] = list(self.clients.values())  # type: ignore[arg-type]
        self.rng = random.Random(game)

    def join(self, seat: int, since: int) -> WsClient:
        client = WsClient(self.server.ws_url, self.id, self.tokens[seat], since)
        assert client.welcome["type"] == "welcome", client.welcome
        return client

    def rejoin(self, seat: int, since: int) -> WsClient:
        client = self.clients[seat] = self.join(seat, since)
        self.transcripts.append(client)
        return client

    def acked(self) -> int:
        """The last position any person was told about."""
        return max(int(c.latest()["seq"]) for c in self.clients.values() if c is not None)

    def play_until(self, done: Any) -> None:
        """Play random legal moves for the people until ``done(latest)`` holds, the game is over,
        or the person to act is away."""
        while True:
            watcher, latest = self.newest()
            if latest["over"] or done(latest):
                return
            if latest["to_act"] not in self.clients:  # the bot's turn
                watcher.wait(lambda m, s=latest["seq"]: m["type"] == "update" and m["seq"] > s)
                continue
            mover = self.clients[latest["to_act"]]
            if mover is None:
                return
            self.move(mover, wait=True)

    def newest(self) -> tuple[WsClient, dict[str, Any]]:
        """The connection that has heard of the latest position, and that position."""
        present = [c for c in self.clients.values() if c is not None]
        return max(((c, c.latest()) for c in present), key=lambda pair: pair[1]["seq"])

    def to_act(self) -> WsClient | None:
        """The connection of the person to act, if any."""
        return self.clients.get(self.newest()[1]["to_act"])

    def move(self, mover: WsClient, wait: bool) -> None:
        now = max(c.latest()["seq"] for c in self.clients.values() if c is not None)
        mover.wait(lambda m: m["type"] in ("welcome", "update") and m["seq"] >= now)
        latest = mover.latest()
        seq = latest["seq"]
        assert latest["view"]["legal_moves"], (now, mover.seat, mover.texts[-3:])
        move = self.rng.choice(latest["view"]["legal_moves"])
        mover.send({"type": "move", "seq": seq, "move": move})
        if wait:
            mover.wait(lambda m: m["type"] == "update" and m["seq"] > seq)


def _restart(server: ServerProcess) -> ServerProcess:
    server.kill()
    return ServerProcess(server.db, port=server.port, options=server.options).start()


@pytest.mark.parametrize("game", ["ferry", "island"])
def test_kill_and_restart_loses_nothing(tmp_path: Path, game: str) -> None:
    server = ServerProcess(tmp_path / "tables.sqlite").start()
    try:
        table = Table(server, game)
        table.play_until(lambda m: m["seq"] >= 12)
        leaving = table.clients[1]
        assert leaving is not None
        leaving.close()
        table.clients[1] = None
        table.play_until(lambda m: False)  # until the one who left is to act
        acked = table.acked()

        server = table.server = _restart(server)  # every move acknowledged
        assert server.get(f"/api/tables/{table.id}")["seq"] == acked
        for seat in (0, 1):
            old = table.transcripts[seat]
            client = table.rejoin(seat, old.latest()["seq"])
            assert client.welcome["seq"] >= old.latest()["seq"]
            assert [e["seq"] for e in client.welcome["log"]] == list(
                range(old.latest()["seq"] + 1, client.welcome["seq"] + 1)
            )

        table.play_until(lambda m: m["seq"] >= 40)
        mover = table.to_act()
        if mover is not None:
            table.move(mover, wait=False)  # a move in flight
        acked = table.acked()
        server = table.server = _restart(server)
        assert server.get(f"/api/tables/{table.id}")["seq"] >= acked
        for seat in (0, 1):
            last = table.clients[seat]
            assert last is not None
            table.rejoin(seat, last.latest()["seq"])
        table.play_until(lambda m: False)
        record = server.get(f"/api/tables/{table.id}/record")
        info = server.get(f"/api/tables/{table.id}")
        assert info["over"]
    finally:
        server.stop()

    spec = GAMES[game]
    labels = [s["label"] for s in info["seats"]]
    oracle = Oracle(spec, 3, tuple(record["variants"]), record["seed"], record["moves"], labels)
    problems: list[str] = []
    for client in table.transcripts:
        transcript = Transcript(client.seat, client.since, client)  # type: ignore[arg-type]
        problems.extend(oracle.check(transcript))
    assert not problems, problems[:10]
    with sqlite3.connect(server.db) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
