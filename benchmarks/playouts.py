"""Random-playout throughput of the games, against python-chess, in CPU time.

Each run plays python-chess random games (the yardstick, :mod:`yardstick`), then the same seeded
games of every configuration (players cycling 2..max), choosing uniformly among the legal moves
and timing ``legal_moves`` + ``apply`` with the choice in CPU time (``time.process_time``). The
figures printed are medians over the runs: decisions per CPU second, and the ratio to
python-chess's plies per CPU second in the same run, the figure that holds on a noisy machine.
One process, one core. ``--profile`` adds where the time goes: the functions taking the most
time in one run of each game's first configuration (cProfile, which slows everything it sees).

    python benchmarks/playouts.py                 # both games, several configurations
    python benchmarks/playouts.py --game island --runs 9
    python benchmarks/playouts.py --profile --runs 1
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import time
from collections.abc import Sequence
from random import Random
from typing import Any

from yardstick import chess_playouts, median_ratio

import noahrules

CONFIGURATIONS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "ferry": [
        ("base game", ()),
        ("all variants", noahrules.GAMES["ferry"].known_variants()),
    ],
    "island": [
        ("default board", ()),
        ("advanced", ("advanced-scoring",)),
        ("small island", ("small-island",)),
    ],
}
GOALS = {"ferry": 6.5, "island": 5.5}
"""The ratio to python-chess each game's first configuration should reach (issue 12)."""


def playouts(game: Any, rules: Any, games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` random games; return the decisions made and the CPU seconds taken."""
    random = Random(seed).random
    players = range(game.min_players, game.max_players + 1)
    legal_moves, apply = game.legal_moves, game.apply
    decisions = 0
    start = time.process_time()
    for g in range(games):
        state = game.new_game(rules, players=players[g % len(players)], seed=seed + g)
        moves = legal_moves(state)
        while moves:
            state = apply(state, moves[int(random() * len(moves))])
            moves = legal_moves(state)
            decisions += 1
    return decisions, time.process_time() - start


def profile(game: Any, rules: Any, games: int, seed: int, top: int) -> str:
    """The ``top`` functions by their own time over one run of random playouts."""
    profiler = cProfile.Profile()
    profiler.runcall(playouts, game, rules, games, seed)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(top)
    lines = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    return "\n".join(lines[start:])


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(CONFIGURATIONS), action="append")
    parser.add_argument("--runs", type=int, default=7, help="timed runs (interleaved)")
    parser.add_argument("--games", type=int, default=100, help="games per configuration and run")
    parser.add_argument("--chess-games", type=int, default=10, help="chess games per run")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--profile", action="store_true", help="print the top functions")
    parser.add_argument("--top", type=int, default=20, help="functions the profile lists")
    args = parser.parse_args(argv)
    configs = [
        (name, label, noahrules.GAMES[name], noahrules.GAMES[name].load_rules(variants))
        for name in args.game or sorted(CONFIGURATIONS)
        for label, variants in CONFIGURATIONS[name]
    ]
    chess: list[float] = []
    rates: dict[str, list[float]] = {label: [] for _, label, _, _ in configs}
    decisions: dict[str, int] = {}
    for run in range(args.runs):
        plies, seconds = chess_playouts(args.chess_games, args.seed + run)
        chess.append(plies / seconds)
        for _, label, game, rules in configs:
            made, seconds = playouts(game, rules, args.games, args.seed)
            decisions[label] = made
            rates[label].append(made / seconds)
    if args.runs:
        print(
            f"python-chess   {statistics.median(chess):>9,.0f} plies/s "
            f"(random games, median of {args.runs} runs)"
        )
    for name, label, _, _ in configs:
        if not args.runs:
            break
        rate = statistics.median(rates[label])
        ratio = median_ratio(rates[label], chess)
        goal = f", goal {GOALS[name]}" if label == CONFIGURATIONS[name][0][0] else ""
        print(
            f"{name:6} {label:13} {rate:>9,.0f} decisions/s {ratio:5.2f}x python-chess{goal}  "
            f"({args.games} games, {decisions[label] / args.games:,.0f} decisions/game)"
        )
    if args.profile:
        for name in args.game or sorted(CONFIGURATIONS):
            game = noahrules.GAMES[name]
            label, variants = CONFIGURATIONS[name][0]
            print(f"\n{name} {label}: the top {args.top} functions by own time (cProfile)")
            print(profile(game, game.load_rules(variants), args.games, args.seed, args.top))


if __name__ == "__main__":
    main()
