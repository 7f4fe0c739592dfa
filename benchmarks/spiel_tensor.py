"""The cost of an OpenSpiel state's ``observation_tensor(seat)`` against OpenSpiel's Python
observer (``make_observation(game).set_from(state, seat)``), over the same positions.

``observation_tensor`` is the path OpenSpiel's ``rl_environment`` takes; the observer is the
least an algorithm can ask for. Positions come from seeded random games; both sides observe
every position as its seat to act and are timed in CPU time (``time.process_time``), in turn
within each run so that both see the same machine load; the figures are the medians over the
runs. Goal: ``observation_tensor`` at no more than 1.5 times the observer's cost.

    nice -n 10 python benchmarks/spiel_tensor.py
    python benchmarks/spiel_tensor.py --game island --players 2 --runs 9
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from random import Random

import pyspiel
from open_spiel.python.observation import make_observation

from noahrules.rl.openspiel import spiel_name

PLAYERS = {"ferry": 4, "island": 3}
"""The player count each game is measured at unless asked otherwise."""
TARGET = 1.5
"""The most ``observation_tensor`` may cost, as a multiple of the observer's cost."""


def positions(game: pyspiel.Game, games: int, seed: int) -> list[pyspiel.State]:
    """Every decision of ``games`` random games, as states."""
    random = Random(seed).random
    found = []
    for _ in range(games):
        state = game.new_initial_state()
        state.apply_action(int(random() * game.max_chance_outcomes()))  # the deal
        while not state.is_terminal():
            found.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[int(random() * len(legal))])
    return found


def observer_cost(game: pyspiel.Game, states: Sequence[pyspiel.State]) -> float:
    """CPU seconds per position of the Python observer."""
    observation = make_observation(game)
    start = time.process_time()
    for state in states:
        observation.set_from(state, state.current_player())
    return (time.process_time() - start) / len(states)


def tensor_cost(states: Sequence[pyspiel.State]) -> float:
    """CPU seconds per position of ``state.observation_tensor(seat)``."""
    start = time.process_time()
    for state in states:
        state.observation_tensor(state.current_player())
    return (time.process_time() - start) / len(states)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit status 1 if a game misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--players", type=int, help="the same player count for every game")
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each side")
    parser.add_argument("--games", type=int, default=20, help="random games to observe")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    missed = False
    for name in args.game or sorted(PLAYERS):
        players = args.players or PLAYERS[name]
        game = pyspiel.load_game(f"{spiel_name(name)}(players={players})")
        states = positions(game, args.games, args.seed)
        observer, tensor = [], []
        for _ in range(args.runs):
            observer.append(observer_cost(game, states))
            tensor.append(tensor_cost(states))
        ratio = statistics.median(tensor) / statistics.median(observer)
        missed |= ratio > TARGET
        print(
            f"{name}, {players} players, {len(states)} positions, median of {args.runs} runs: "
            f"observer {statistics.median(observer) * 1e6:.1f} us, observation_tensor "
            f"{statistics.median(tensor) * 1e6:.1f} us, {ratio:.2f}x"
        )
    print(f"target: observation_tensor at {TARGET}x the observer's cost or less")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
