"""Time of a balance study as a designer runs one: the island's base rules and its packaged
variants (and, with ``--sweep``, a sweep of ``water_tiles``), 1,000 games per arm between
greedy bots, from playing the games to the written report with its figures; with
``--players 2,3,4`` at each player count, and with ``--check-bots random`` played again by
those bots (the strength check).

    python benchmarks/lab.py [--games 1000] [--workers N] [--sweep] [--players 3]
                             [--check-bots B] [--out DIR]

Prints the wall-clock time (the issue's budget: under 10 minutes on a 2-core machine), the CPU
time of this process and of its worker processes, and the games per second.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from noahrules import lab
from noahrules.progress import Progress

BUDGET = 600.0
"""Seconds the issue allows for 3 arms x 1,000 island games on 2 cores."""


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per arm")
    parser.add_argument("--workers", type=int, help="processes (default: all cores)")
    parser.add_argument("--sweep", action="store_true", help="add water_tiles=30,42")
    parser.add_argument("--players", default="3", help="player counts, comma separated")
    parser.add_argument("--check-bots", help="bots of a strength check, comma separated")
    parser.add_argument("--out", help="the report's folder (default: a temporary one)")
    args = parser.parse_args(argv)
    out = Path(args.out or tempfile.mkdtemp(prefix="noahrules-lab-"))
    sweeps = {"water_tiles": [30, 42]} if args.sweep else {}
    study = lab.Study.design(
        "island",
        ["advanced-scoring", "small-island"],
        games=args.games,
        sweeps=sweeps,
        players=[int(n) for n in args.players.split(",")],
        bots=["greedy"],
    )
    check = args.check_bots.split(",") if args.check_bots else []
    per_arm = sum(study.games_per_arm(n) for n in study.players)
    games = per_arm * len(study.arms) * (2 if check else 1)
    progress = Progress("island balance", sys.stderr)
    wall, cpu = time.perf_counter(), _cpu()
    report, files = lab.balance(
        study, out, workers=args.workers, progress=progress, check_bots=check, overwrite=True
    )
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    print(
        f"{len(study.arms)} arms x {per_arm:,} island games (greedy, players "
        f"{args.players}{', checked with ' + args.check_bots if check else ''}): {games:,} "
        f"games in {wall:.1f} s wall clock ({games / wall:,.1f} games/s), {cpu:.1f} s CPU; "
        f"report in {files.html}"
    )
    if report.interrupted:
        print("interrupted: no timing")
        return 130
    within = wall < BUDGET * games / 3000
    print(f"{'within' if within else 'OVER'} the budget of {BUDGET:.0f} s for 3 x 1,000 games")
    return 0 if within else 1


if __name__ == "__main__":
    sys.exit(main())
