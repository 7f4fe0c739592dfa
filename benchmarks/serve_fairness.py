"""Whether tables where only bots play slow a person's bots (issue 42, point 5).

    python benchmarks/serve_fairness.py                  # 3 rounds of 12 turns per arm
    python benchmarks/serve_fairness.py --rounds 2 --turns 8 --json fairness.json
    python benchmarks/serve_fairness.py --arms alone,processes --rounds 6 --turns 20

A person's table (ferry, five players: the person and four ``hard`` bots) is played in a
server's hub in this process: the person moves at once (its first legal move), and the latency
of a turn is the wall-clock time from the person's move that ends their turn until the person is
to act again: four hard bots' turns, their moves stored and sent. It is measured in three arms,
in turn, round after round, on the same machine:

- ``alone``: no other table;
- ``processes``: eight bot-only tables beside it (ferry, five hard bots each, each replaced by a
  new one when it ends), their bots in the server's processes (the default,
  :attr:`Settings.bot_only_processes` = 1);
- ``threads``: the same eight tables, their bots on the server's threads as well
  (``bot_only_processes = 0``), as before bot-only tables had processes of their own.

It prints the median latency of each arm, and the ratio of each loaded arm's median to the
alone arm's, with a 95% bootstrap interval (the turns resampled in each arm); the target is a
ratio of at most 1.2 for ``processes``. The hard bot thinks for a fixed CPU time
(``best:time=0.15`` of its thread), so a turn's latency grows only by waiting.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from pathlib import Path

from noahrules.serve import Settings
from noahrules.serve.creation import TableRequest
from noahrules.serve.hub import Hub
from noahrules.serve.tables import ServerTable

PERSON = TableRequest("ferry", 5, (), ("human", "hard", "hard", "hard", "hard"))
BOTS_ONLY = TableRequest("ferry", 5, (), ("hard",) * 5)
ARMS = {"alone": (0, 1), "processes": (8, 1), "threads": (8, 0)}
"""Per arm, the bot-only tables beside the person's and the bot-only processes."""


async def _keep_playing(hub: Hub, stop: asyncio.Event) -> None:
    """A bot-only table, and a new one each time it ends, until ``stop``."""
    while not stop.is_set():
        table, _ = await hub.create(BOTS_ONLY)
        while not table.over and not stop.is_set():
            await asyncio.sleep(0.05)


async def _turns(hub: Hub, count: int) -> list[float]:
    """The latencies of ``count`` turns of a person at a table with four hard bots."""
    latencies: list[float] = []
    table: ServerTable | None = None
    while len(latencies) < count:
        if table is None or table.over:
            table, _ = await hub.create(PERSON)
        assert table.live is not None and table.to_act == 0
        move = table.game.view(table.live.state, 0).legal_moves[0]
        started = time.perf_counter()
        await hub.play(table, 0, table.seq, move)
        if table.to_act == 0:  # the person's turn goes on: no bot has moved
            continue
        while table.to_act != 0 and not table.over:
            await asyncio.sleep(0.001)
        if not table.over:  # a turn cut short by the end says nothing of the bots' speed
            latencies.append(time.perf_counter() - started)
    return latencies


async def _arm(name: str, turns: int, warmup: float) -> list[float]:
    background, processes = ARMS[name]
    hub = Hub(settings=Settings(bot_only_processes=processes, idle_expiry=3600.0))
    await hub.start()
    stop = asyncio.Event()
    players = [asyncio.create_task(_keep_playing(hub, stop)) for _ in range(background)]
    await asyncio.sleep(warmup if background else 0.0)
    try:
        return await _turns(hub, turns)
    finally:
        stop.set()
        await asyncio.gather(*players)
        await hub.stop()


def _ratio_interval(
    loaded: list[float], alone: list[float], draws: int = 2000
) -> tuple[float, float, float]:
    """The ratio of the medians, and a 95% bootstrap interval of it."""
    rng = random.Random(42)
    ratios = sorted(
        statistics.median(rng.choices(loaded, k=len(loaded)))
        / statistics.median(rng.choices(alone, k=len(alone)))
        for _ in range(draws)
    )
    point = statistics.median(loaded) / statistics.median(alone)
    return point, ratios[int(0.025 * draws)], ratios[int(0.975 * draws) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every arm in turn")
    parser.add_argument("--turns", type=int, default=12, help="a person's turns per arm a round")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--json", type=Path, help="write the latencies and figures here")
    parser.add_argument(
        "--arms", default=",".join(ARMS), help=f"the arms to measure, of {', '.join(ARMS)}"
    )
    args = parser.parse_args()
    arms = args.arms.split(",")
    if "alone" not in arms or not set(arms) <= set(ARMS):
        parser.error(f"--arms: 'alone' and any of {', '.join(ARMS)}")
    latencies: dict[str, list[float]] = {name: [] for name in arms}
    for round_ in range(args.rounds):
        for name in arms:
            found = asyncio.run(_arm(name, args.turns, args.warmup))
            latencies[name] += found
            print(f"round {round_ + 1} {name:9}: median {statistics.median(found):.3f} s")
    alone = latencies["alone"]
    figures: dict[str, object] = {}
    print(f"\n{'arm':9} {'turns':>5} {'median':>8} {'p90':>7} {'max':>7}  ratio to alone [95%]")
    for name, found in latencies.items():
        p90 = statistics.quantiles(found, n=10, method="inclusive")[-1]
        row = f"{name:9} {len(found):5} {statistics.median(found):7.3f}s {p90:6.3f}s"
        row += f" {max(found):6.3f}s"
        if name != "alone":
            ratio, low, high = _ratio_interval(found, alone)
            row += f"  {ratio:.2f} [{low:.2f}, {high:.2f}]"
            figures[name] = {"ratio": ratio, "interval": [low, high]}
        print(row)
    if args.json:
        args.json.write_text(json.dumps({"latencies": latencies, "ratios": figures}, indent=1))


if __name__ == "__main__":
    main()
