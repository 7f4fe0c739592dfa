"""Playing strength of the bots: seeded 2-player matches, win rates with 95% Wilson intervals.

For each game and each pairing (greedy vs random, search vs greedy) it plays ``--games`` seeded
2-player games; the first bot of the pairing takes seat 0 in even games and seat 1 in odd ones, so
neither bot gains from a seat. A game counts 1 for the bot when it is the only winner, 1/2 when
the win is shared, 0 otherwise. Game ``g`` uses game seed ``seed + g`` and bot seeds derived from
it, so every figure can be reproduced.

    python benchmarks/strength.py                        # 200 games per game and pairing
    python benchmarks/strength.py --games 50 --iterations 100 --game island
    python benchmarks/strength.py --workers 2            # games spread over processes
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import noahrules
from noahrules.bots import BOTS
from noahrules.bots.search import DEFAULT_ITERATIONS, SearchBot

PAIRINGS = (("greedy", "random"), ("search", "greedy"))


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for ``z`` = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def make(name: str, game: Any, seed: int, iterations: int) -> Any:
    """The bot ``name``; the search bot with the given budget."""
    if name == "search":
        return SearchBot(game, seed, iterations=iterations)
    return BOTS[name](game, seed)


def play_one(args: tuple[str, str, str, int, int, int]) -> float:
    """One game: ``bot`` against ``other``; what it scores for ``bot`` (1, 1/2 or 0)."""
    game_name, bot, other, g, seed, iterations = args
    game = noahrules.GAMES[game_name]
    rules = game.load_rules()
    seat = g % 2
    bots = [None, None]
    bots[seat] = make(bot, game, seed + 2 * g + 1, iterations)
    bots[1 - seat] = make(other, game, seed + 2 * g + 2, iterations)
    state = game.new_game(rules, players=2, seed=seed + g)
    while not game.is_over(state):
        player = game.current_player(state)
        state = game.apply(state, bots[player].choose(game.view(state, player)))
    won = game.winners(state)
    return 1.0 / len(won) if seat in won else 0.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(noahrules.GAMES), action="append")
    parser.add_argument("--games", type=int, default=200, help="games per game and pairing")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS, help="search budget")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1, help="processes playing games")
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for game_name in args.game or sorted(noahrules.GAMES):
            for bot, other in PAIRINGS:
                start = time.perf_counter()
                jobs = [
                    (game_name, bot, other, g, args.seed, args.iterations)
                    for g in range(args.games)
                ]
                points = sum(pool.map(play_one, jobs, chunksize=1))
                seconds = time.perf_counter() - start
                low, high = wilson(points, args.games)
                searching = "search" in (bot, other)
                budget = f" (search {args.iterations} iterations)" if searching else ""
                print(
                    f"{game_name:6} {bot} vs {other}{budget}: {points / args.games:6.1%} "
                    f"of {args.games} games, 95% CI [{low:.1%}, {high:.1%}], "
                    f"{seconds:.1f} s ({args.workers} workers)",
                    flush=True,
                )


if __name__ == "__main__":
    main()
