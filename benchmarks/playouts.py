"""Random-playout throughput of the games: decisions per second and games per second.

Each run plays the same seeded games (players cycling 2..max) choosing uniformly among the legal
moves, and times ``legal_moves`` + ``apply`` together with the choice; the figure reported is the
median over the runs. One process, one core.

    python benchmarks/playouts.py                 # both games, several configurations
    python benchmarks/playouts.py --game island
    python benchmarks/playouts.py --runs 7 --games 300
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from random import Random
from typing import Any

import noahrules

CONFIGURATIONS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "ferry": [
        ("base game", ()),
        ("all variants", ("penalty-limit", "frog", "crocodile", "roommate")),
    ],
    "island": [
        ("default board", ()),
        ("advanced", ("advanced-scoring",)),
        ("small island", ("small-island",)),
    ],
}


def playouts(game: Any, rules: Any, games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` random games; return the decisions made and the seconds taken."""
    random = Random(seed).random
    players = range(game.min_players, game.max_players + 1)
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        state = game.new_game(rules, players=players[g % len(players)], seed=seed + g)
        moves = game.legal_moves(state)
        while moves:
            state = game.apply(state, moves[int(random() * len(moves))])
            moves = game.legal_moves(state)
            decisions += 1
    return decisions, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(CONFIGURATIONS), action="append")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per configuration")
    parser.add_argument("--games", type=int, default=200, help="games per run")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    for name in args.game or sorted(CONFIGURATIONS):
        game = noahrules.GAMES[name]
        for label, variants in CONFIGURATIONS[name]:
            rules = game.load_rules(variants)
            runs = [playouts(game, rules, args.games, args.seed) for _ in range(args.runs)]
            decisions = runs[0][0]
            seconds = statistics.median(t for _, t in runs)
            print(
                f"{name:6} {label:13} {decisions / seconds:>9,.0f} decisions/s "
                f"{args.games / seconds:>7,.1f} games/s  "
                f"({args.games} games, {decisions / args.games:,.0f} decisions/game, "
                f"median of {args.runs} runs)"
            )


if __name__ == "__main__":
    main()
