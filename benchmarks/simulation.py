"""Throughput of ``noahrules.simulate``: games per second with random bots on 1 and 2 workers.

    python benchmarks/simulation.py [--games 400] [--runs 3]

Each figure is the median of several runs; the report is the same on every worker count.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from noahrules import GAMES, simulate

PLAYERS = {"ferry": 4, "island": 3}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    for name, game in sorted(GAMES.items()):
        rules = game.load_rules()
        players = PLAYERS[name]
        reports = {}
        for workers in (1, 2):
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                reports[workers] = simulate(
                    name, rules, players, ["random"] * players, args.games, workers=workers
                )
                times.append(time.perf_counter() - start)
            seconds = statistics.median(times)
            print(
                f"{name:6} {workers} worker{'s' if workers > 1 else ' '} "
                f"{args.games / seconds:>8,.0f} games/s  ({args.games} games, {players} random "
                f"players, median of {args.runs} runs)"
            )
        assert reports[1] == reports[2], "the report must not depend on the worker count"


if __name__ == "__main__":
    main()
