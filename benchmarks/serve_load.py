"""Load test of the table server over loopback (issue 15): many tables, every seat a WebSocket
client playing random legal moves, for a bounded time; it stops by itself.

    python benchmarks/serve_load.py                      # 50 tables x 4 clients, 60 s
    python benchmarks/serve_load.py --think 0            # no pause between moves: saturation
    python benchmarks/serve_load.py --tables 10 --seconds 10 --json load.json

It starts ``python -m noahrules.serve`` on a free port with a fresh SQLite file and the limits
per address raised (:data:`CROWD`), or uses ``--url``; creates the tables (ferry and island in
turn, every seat a person), connects one client per seat, and plays: the seat to act waits a
random think time (uniform between half and one and a half times ``--think``), then sends a
random legal move from its view. A finished game is replaced by a new table. It reports:

- moves/s: moves acknowledged per second of the run;
- latency: from sending a move to the moment the last seat of the table has its update
  (p50, p90, p99, max);
- errors: error messages, lost connections and moves whose updates never all came;
- memory growth: the server's resident memory at the end minus after ``--warmup`` seconds (all
  tables set up and playing); the growth from the idle server is reported too.

Only loopback and the standard library besides ``websockets`` (the serve extra) are used.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent

CROWD = (
    "--creations-per-minute",
    "100000",
    "--tables-per-address",
    "100000",
    "--sockets-per-address",
    "100000",
    "--messages-per-second",
    "100000",
)
"""The driver plays a crowd from one address: the server's limits per address are raised to let
it (they are for strangers, each at an address of their own)."""


class Run:
    """What the clients measure, shared by all of them."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.sent: dict[tuple[str, int], float] = {}
        self.waiting: dict[tuple[str, int], int] = {}
        self.latencies: list[float] = []
        self.moves = 0
        self.errors: list[str] = []
        self.finished: set[str] = set()
        self.deadline = 0.0
        self.running = True

    def think(self) -> float:
        think: float = self.args.think
        return self.rng.uniform(0.5 * think, 1.5 * think)


def http(url: str, method: str = "GET", data: object = None) -> Any:
    body = json.dumps(data).encode() if data is not None else None
    request = urllib.request.Request(
        url, data=body, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


UPDATE = re.compile(r'"type":"update","seq":(\d+)')
TURN = re.compile(r'"to_act":(null|\d+),"over":(true|false)\}$')


def glance(text: str) -> tuple[int, int | None, bool] | None:
    """An update's ``seq``, ``to_act`` and ``over``, read without parsing its views, so that
    the clients take as little of the machine as they can; ``None`` if it does not look like
    one (then it is parsed whole)."""
    update, turn = UPDATE.search(text), TURN.search(text, len(text) - 40)
    if update is None or turn is None:
        return None
    to_act = None if turn.group(1) == "null" else int(turn.group(1))
    return int(update.group(1)), to_act, turn.group(2) == "true"


async def client(run: Run, ws_url: str, table: str, token: str, seats: int) -> None:
    """One seat: play whenever it is to act, count updates for latency."""
    seat = None
    async with connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
        async for text in ws:
            seen = glance(text)
            if seen is not None and seen[1] != seat and not seen[2]:
                note_update(run, table, seen[0])
                continue
            message = json.loads(text)
            kind = message["type"]
            seat = message.get("seat", seat)
            if kind == "error":
                run.errors.append(f"{table}: {message['code']}: {message['message']}")
                continue
            if kind not in ("welcome", "update"):
                continue
            seq = message["seq"]
            if kind == "update":
                note_update(run, table, seq)
                if message["over"]:
                    run.finished.add(table)
                    return
            elif message["table"]["over"]:
                return
            moves = message["view"]["legal_moves"]
            if moves and run.running:
                await play(run, ws, table, seq, seats, run.rng.choice(moves))
            if not run.running and not any(k[0] == table for k in run.waiting):
                return


def note_update(run: Run, table: str, seq: int) -> None:
    key = (table, seq)
    left = run.waiting.get(key)
    if left is None:
        return
    if left > 1:
        run.waiting[key] = left - 1
        return
    del run.waiting[key]
    run.latencies.append(time.perf_counter() - run.sent.pop(key))
    run.moves += 1


async def play(
    run: Run, ws: ClientConnection, table: str, seq: int, seats: int, move: object
) -> None:
    await asyncio.sleep(run.think())
    if not run.running:
        return
    key = (table, seq + 1)
    run.waiting[key] = seats
    run.sent[key] = time.perf_counter()
    await ws.send(json.dumps({"type": "move", "seq": seq, "move": move}))


async def table_loop(run: Run, base: str, ws_url: str, index: int) -> None:
    """One table after another, until the time is up."""
    while run.running:
        game = "ferry" if index % 2 == 0 else "island"
        made = await asyncio.to_thread(
            http, f"{base}/api/tables", "POST", {"game": game, "players": run.args.clients}
        )
        table = made["table"]["id"]
        seats = [link["token"] for link in made["links"]]
        results = await asyncio.gather(
            *(client(run, ws_url, table, token, len(seats)) for token in seats),
            return_exceptions=True,
        )
        for result in results:
            if isinstance(result, BaseException):
                run.errors.append(f"{table}: {result!r}")
        index += 2


def rss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(db: Path) -> tuple[subprocess.Popen[bytes], str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "noahrules.serve",
            "--db",
            str(db),
            "--port",
            str(port),
            "--bot-delay",
            "0",
            *CROWD,
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            http(f"{base}/api/games")
            return process, base
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the server did not start")


async def measure(args: argparse.Namespace, base: str, pid: int | None) -> dict[str, Any]:
    run = Run(args)
    ws_url = base.replace("http", "ws", 1) + "/ws"
    memory_before = rss(pid) if pid else 0
    cpu_before = cpu_seconds(pid) if pid else 0.0
    driver_before = time.process_time()
    started = time.perf_counter()
    tasks = [asyncio.create_task(table_loop(run, base, ws_url, i)) for i in range(args.tables)]
    await asyncio.sleep(min(args.warmup, args.seconds))
    memory_warm = rss(pid) if pid else 0
    await asyncio.sleep(max(0.0, args.seconds - args.warmup))
    run.running = False
    elapsed = time.perf_counter() - started
    _, pending = await asyncio.wait(tasks, timeout=args.grace)
    for task in pending:
        task.cancel()
    unanswered = len(run.waiting)
    if unanswered:
        run.errors.append(f"{unanswered} moves without every seat's update")
    lat = sorted(run.latencies)
    memory_after = rss(pid) if pid else 0
    return {
        "tables": args.tables,
        "clients_per_table": args.clients,
        "seconds": round(elapsed, 1),
        "think_s": args.think,
        "moves": run.moves,
        "moves_per_s": round(run.moves / elapsed, 1),
        "games_finished": len(run.finished),
        "latency_ms": {
            "p50": _ms(lat, 0.50),
            "p90": _ms(lat, 0.90),
            "p99": _ms(lat, 0.99),
            "max": round(1000 * lat[-1], 2) if lat else None,
            "mean": round(1000 * statistics.fmean(lat), 2) if lat else None,
        },
        "errors": len(run.errors),
        "error_examples": run.errors[:5],
        "server_rss_mb": {
            "idle": round(memory_before / 2**20, 1),
            "after_warmup": round(memory_warm / 2**20, 1),
            "end": round(memory_after / 2**20, 1),
            "growth": round((memory_after - memory_warm) / 2**20, 1),
            "growth_from_idle": round((memory_after - memory_before) / 2**20, 1),
        },
        "server_cpu_s": round(cpu_seconds(pid) - cpu_before, 1) if pid else None,
        "driver_cpu_s": round(time.process_time() - driver_before, 1),
    }


def _ms(values: list[float], q: float) -> float | None:
    if not values:
        return None
    return round(1000 * values[min(len(values) - 1, int(q * len(values)))], 2)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--clients", type=int, default=4, help="seats (clients) per table")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.1, help="mean seconds before a move")
    parser.add_argument("--grace", type=float, default=10.0, help="seconds to let moves finish")
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="seconds before memory growth is counted from"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="an already running server (else one is started)")
    parser.add_argument("--json", metavar="FILE", help="also write the report here")
    args = parser.parse_args(argv)
    process = None
    with tempfile.TemporaryDirectory() as folder:
        if args.url:
            base, pid = args.url.rstrip("/"), None
        else:
            process, base = start_server(Path(folder) / "load.sqlite")
            pid = process.pid
        try:
            report = asyncio.run(measure(args, base, pid))
        finally:
            if process is not None:
                process.terminate()
                process.wait(10)
    text = json.dumps(report, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    return report


if __name__ == "__main__":
    main()
