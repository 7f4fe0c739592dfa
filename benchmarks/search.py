"""Search speed: ``SearchBot`` iterations per CPU second at its default budget, against
python-chess.

Each run plays, for each game, one seeded game (ferry 4 players, island 3) with a
``SearchBot`` in every seat, timing the bots' ``choose`` in CPU time (``time.process_time``); a
decision with one legal move costs no search and is not counted. A python-chess random game
(the yardstick, :mod:`yardstick`) is played after every few decisions, so the yardstick sees the
same machine. The figures printed are medians over the runs: iterations per CPU second, and the
ratio to python-chess's plies per CPU second over the same run. The digest of the moves chosen
shows whether a change to the engine or the bot kept the bot's play the same for the same seed.

    python benchmarks/search.py
    python benchmarks/search.py --game island --runs 9
    python benchmarks/search.py --decisions 40    # only the first 40 searched decisions
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from collections.abc import Sequence
from typing import Any

from yardstick import chess_playouts, median_ratio

import noahrules
from noahrules.bots.search import DEFAULT_ITERATIONS, SearchBot

PLAYERS = {"ferry": 4, "island": 3}
GOALS = {"ferry": 0.12, "island": 0.32}
"""The ratio to python-chess each game should reach (issue 12)."""
CHESS_EVERY = 10
"""Searched decisions between two python-chess games."""


class Yardstick:
    """python-chess random games played now and then, their plies and CPU time summed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.plies = 0
        self.seconds = 0.0

    def play(self) -> None:
        plies, seconds = chess_playouts(1, self.seed)
        self.seed += 1
        self.plies += plies
        self.seconds += seconds

    @property
    def rate(self) -> float:
        return self.plies / self.seconds


def search(
    game: Any, players: int, seed: int, decisions: int | None, chess: Yardstick
) -> tuple[int, float, str]:
    """Play a seeded game (or its first ``decisions`` searched decisions) with a ``SearchBot`` in
    every seat; return the iterations run, the CPU seconds the bots took, and a digest of every
    move chosen. ``chess`` plays a game every :data:`CHESS_EVERY` searched decisions."""
    rules = game.load_rules()
    bots = [SearchBot(game, seed=seed + seat) for seat in range(players)]
    state = game.new_game(rules, players=players, seed=seed)
    searched = 0
    seconds = 0.0
    chosen = hashlib.sha256()
    chess.play()
    while searched != decisions and not game.is_over(state):
        seat = game.current_player(state)
        view = game.view(state, seat)
        start = time.process_time()
        move = bots[seat].choose(view)
        seconds += time.process_time() - start
        if len(view.legal_moves) > 1:
            searched += 1
            if searched % CHESS_EVERY == 0:
                chess.play()
        chosen.update(repr(move).encode())
        state = game.apply(state, move)
    return searched * DEFAULT_ITERATIONS, seconds, chosen.hexdigest()[:16]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--runs", type=int, default=3, help="timed runs")
    parser.add_argument("--decisions", type=int, default=None, help="searched decisions per run")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    names = args.game or sorted(PLAYERS)
    chess: dict[str, list[float]] = {name: [] for name in names}
    rates: dict[str, list[float]] = {name: [] for name in names}
    digests: dict[str, set[str]] = {name: set() for name in names}
    searched: dict[str, int] = {}
    for run in range(args.runs):
        for name in names:
            game = noahrules.GAMES[name]
            yardstick = Yardstick(args.seed + 1000 * run)
            iterations, seconds, digest = search(
                game, PLAYERS[name], args.seed, args.decisions, yardstick
            )
            rates[name].append(iterations / seconds)
            chess[name].append(yardstick.rate)
            digests[name].add(digest)
            searched[name] = iterations // DEFAULT_ITERATIONS
    for name in names:
        assert len(digests[name]) == 1, "the same seed must give the same moves"
        print(
            f"{name:6} {PLAYERS[name]} players {statistics.median(rates[name]):>7,.0f} "
            f"iterations/s {median_ratio(rates[name], chess[name]):5.3f}x python-chess "
            f"(goal {GOALS[name]}; python-chess {statistics.median(chess[name]):,.0f} plies/s; "
            f"{searched[name]} decisions of {DEFAULT_ITERATIONS} iterations, median of "
            f"{args.runs} runs; moves {digests[name].pop()})"
        )


if __name__ == "__main__":
    main()
