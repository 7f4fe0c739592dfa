"""Playing strength of the bots: seeded 2-player matches, win rates with 95% Wilson intervals.

For each game and each pairing (greedy vs random, search vs greedy) it runs
``noahrules.simulate`` over ``--games`` seeded 2-player games with the bots changing seats every
game, so neither gains from a seat. A game counts 1 for the bot that wins alone, 1/2 each when
the win is shared. Every figure can be reproduced from the seed.

    python benchmarks/strength.py                  # 200 games per game and pairing
    python benchmarks/strength.py --games 50 --game island --workers 2
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

import noahrules
from noahrules.bots.search import DEFAULT_ITERATIONS

PAIRINGS = (("greedy", "random"), ("search", "greedy"))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(noahrules.GAMES), action="append")
    parser.add_argument("--games", type=int, default=200, help="games per game and pairing")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all)")
    args = parser.parse_args(argv)
    for name in args.game or sorted(noahrules.GAMES):
        rules = noahrules.GAMES[name].load_rules()
        for bot, other in PAIRINGS:
            start = time.perf_counter()
            report = noahrules.simulate(
                name, rules, 2, [bot, other], args.games, args.seed, workers=args.workers
            )
            seconds = time.perf_counter() - start
            rate = report.by_bot[bot]
            budget = (
                f" (search {DEFAULT_ITERATIONS} iterations)" if "search" in (bot, other) else ""
            )
            print(
                f"{name:6} {bot} vs {other}{budget}: {rate.rate:6.1%} of {args.games} games, "
                f"95% CI [{rate.low:.1%}, {rate.high:.1%}], {seconds:.1f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
