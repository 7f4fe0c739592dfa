"""What the table server's tests share: clients for the hub in-process, and a real server.

:class:`Recorder` is a client of the hub that keeps every text it receives; :class:`ServerProcess`
runs ``python -m noahrules.serve`` on loopback in its own process, for the tests that need a
real uvicorn (kill and restart, load, the browser).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from noahrules.serve.hub import Hub, Session
from noahrules.serve.tables import ServerTable

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    """A clock the test moves by hand (the server's ``clock``): nothing waits for time."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


class Recorder:
    """A hub client keeping every message it receives, as raw text."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.closed = False
        self.reason: str | None = None
        self.session: Session | None = None

    def post(self, text: str) -> None:
        self.texts.append(text)

    def close(self, reason: str | None = None) -> None:
        self.closed = True
        self.reason = reason

    @property
    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(t) for t in self.texts]

    def last(self, *kinds: str) -> dict[str, Any]:
        """The last message of one of ``kinds``."""
        for text in reversed(self.texts):
            message: dict[str, Any] = json.loads(text)
            if message["type"] in kinds:
                return message
        raise AssertionError(f"no {kinds} message among {len(self.texts)}")


async def join(hub: Hub, table: str, token: str | None, since: int = 0) -> Recorder:
    """A new client of ``hub`` that said hello to ``table``."""
    client = Recorder()
    client.session = hub.connect(client)
    await hub.receive(
        client.session,
        json.dumps({"type": "hello", "table": table, "token": token, "since": since}),
    )
    return client


async def play_out(hub: Hub, table: ServerTable) -> None:
    """Play ``table`` to its end in-process: each person's first legal move, the bots on their
    own."""
    while not table.over:
        seat = table.to_act
        assert seat is not None and table.live is not None
        if table.seats[seat].kind != "human":
            await asyncio.sleep(0.001)
            continue
        view = table.game.view(table.live.state, seat)
        await hub.play(table, seat, table.seq, view.legal_moves[0])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


SCRIPTED = ("--messages-per-second", "1000")
"""The tests' clients are scripts that move as fast as the server answers: far faster than the
default limit of messages per connection, which is for people."""


class ServerProcess:
    """``python -m noahrules.serve`` on loopback with the SQLite file ``db`` and the command
    line's ``options``."""

    def __init__(
        self,
        db: Path,
        bot_delay: float = 0.0,
        port: int | None = None,
        options: tuple[str, ...] = SCRIPTED,
    ) -> None:
        self.db = db
        self.bot_delay = bot_delay
        self.options = options
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(f".{self.port}.log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self, timeout: float = 30.0) -> ServerProcess:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "noahrules.serve",
                    "--db",
                    str(self.db),
                    "--port",
                    str(self.port),
                    "--bot-delay",
                    str(self.bot_delay),
                    *self.options,
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()}")
            try:
                self.get("/api/games")
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"the server did not start: {self.log.read_text()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no checkpoint, nothing flushed by the server itself."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def rss(self) -> int:
        """The server process's resident memory, in bytes."""
        assert self.process is not None
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise RuntimeError("no VmRSS")

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, data: object) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(data).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())


class WsClient:
    """A WebSocket client of a real server, reading in its own thread: every raw text it
    receives is kept, in order."""

    def __init__(self, url: str, table: str, token: str | None, since: int = 0) -> None:
        self.table = table
        self.since = since
        self.texts: list[str] = []
        self.closed = threading.Event()
        self._stack = contextlib.ExitStack()
        self._connection = self._stack.enter_context(connect(url, max_size=None))
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.send({"type": "hello", "table": table, "token": token, "since": since})
        self.welcome = self.wait(lambda m: m["type"] in ("welcome", "error"))
        self.seat = self.welcome.get("seat")

    def _read(self) -> None:
        try:
            for text in self._connection:
                assert isinstance(text, str)
                self.texts.append(text)
        except Exception:  # the server went away: that is what some tests do to it
            pass
        finally:
            self.closed.set()

    def send(self, data: object) -> None:
        self._connection.send(json.dumps(data))

    def close(self) -> None:
        self._stack.close()
        self.closed.wait(10)

    def latest(self) -> dict[str, Any]:
        """The last welcome or update, as ``{"seq", "view", "to_act", "over"}``."""
        for text in reversed(list(self.texts)):
            message = json.loads(text)
            if message["type"] in ("welcome", "update"):
                where = message["table"] if message["type"] == "welcome" else message
                return {
                    "seq": message["seq"],
                    "view": message["view"],
                    "to_act": where["to_act"],
                    "over": where["over"],
                }
        raise AssertionError("no welcome yet")

    def wait(self, condition: Any, timeout: float = 20.0) -> dict[str, Any]:
        """The first message from now on (or already kept) for which ``condition`` holds."""
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            texts = list(self.texts)
            for text in texts[seen:]:
                message: dict[str, Any] = json.loads(text)
                if condition(message):
                    return message
            seen = len(texts)
            if self.closed.is_set():
                raise ConnectionError("the connection closed")
            time.sleep(0.005)
        raise TimeoutError(f"no such message in {timeout} s; last: {self.texts[-1:]}")
