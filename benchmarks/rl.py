"""Random play through the PettingZoo AEC environment, against the raw engine, in one run.

Both sides play the same seeded games choosing uniformly among the legal moves: the raw engine
with ``legal_moves`` + ``apply``; the environment as an agent would, with ``env.last()`` (the
observation vector and the action mask), a random action among the mask's ones, and
``env.step``. Each run times both in CPU time (``time.process_time``), interleaved, and the
figures reported are the medians over the runs. The environment is the wrapped one that
:func:`noahrules.rl.env` returns. Goal: the environment at no less than 35% of the raw rate.

    python benchmarks/rl.py                    # both games, base rules and all variants
    python benchmarks/rl.py --game ferry --runs 7 --games 100
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from random import Random
from typing import Any

import noahrules
from noahrules.rl import env

CONFIGURATIONS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    name: [("base rules", ()), ("all variants", game.known_variants())]
    for name, game in noahrules.GAMES.items()
}
TARGET = 0.35
"""The environment's rate as a share of the raw engine's that it must reach."""


def raw(name: str, variants: tuple[str, ...], players: int, games: int, seed: int) -> float:
    """Decisions per CPU second of random play with the engine alone."""
    game = noahrules.GAMES[name]
    rules = game.load_rules(variants)
    random = Random(seed).random
    decisions = 0
    start = time.process_time()
    for g in range(games):
        state = game.new_game(rules, players, seed + g)
        moves = game.legal_moves(state)
        while moves:
            state = game.apply(state, moves[int(random() * len(moves))])
            moves = game.legal_moves(state)
            decisions += 1
    return decisions / (time.process_time() - start)


def through_env(name: str, variants: tuple[str, ...], players: int, games: int, seed: int) -> float:
    """Decisions per CPU second of random play through the AEC environment, with masks."""
    aec: Any = env(name, players=players, variants=variants)
    random = Random(seed).random
    decisions = 0
    start = time.process_time()
    for g in range(games):
        aec.reset(seed=seed + g)
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            # an int8 mask read as booleans: NumPy finds the ones of a bool array far faster
            legal = observation["action_mask"].view(bool).nonzero()[0]
            aec.step(legal[int(random() * len(legal))])
            decisions += 1
    return decisions / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit status 1 if any configuration misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(CONFIGURATIONS), action="append")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each side")
    parser.add_argument("--games", type=int, default=40, help="games per run")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    missed = False
    for name in args.game or sorted(CONFIGURATIONS):
        for label, variants in CONFIGURATIONS[name]:
            setup = (name, variants, args.players, args.games, args.seed)
            engine, environment = [], []
            for _ in range(args.runs):  # interleaved, so both see the same machine load
                engine.append(raw(*setup))
                environment.append(through_env(*setup))
            engine_rate = statistics.median(engine)
            env_rate = statistics.median(environment)
            share = env_rate / engine_rate
            missed |= share < TARGET
            print(
                f"{name:6} {label:13} {args.players} players: raw engine {engine_rate:>8,.0f} "
                f"decisions/s, AEC env with masks {env_rate:>8,.0f} decisions/s = "
                f"{share:.0%} of raw (target {TARGET:.0%}; median of {args.runs} runs, "
                f"{args.games} games each)"
            )
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
