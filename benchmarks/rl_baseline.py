"""A first agent anyone can reproduce: MaskablePPO (sb3-contrib) learns each game against random
play, then plays held-out seeds against the random and greedy bots.

For each game it makes the training environment exactly as stable-baselines3 users do,
``make_vec_env("noahrules/Island-v0")`` with no environment arguments (two players, seat 0
learning, random opponents, ``render_mode="rgb_array"`` as ``make_vec_env`` asks), trains
sb3-contrib's ``MaskablePPO("MlpPolicy", ...)`` with its default settings for ``--steps``
steps on one thread, and plays ``--games`` games against each reference bot, before and after
training, on seeds that training never drew: the agent takes seat 0 in even games and seat 1 in
odd ones, choosing its most likely legal action (``action_masks()`` of the environment). A win
counts 1, a win shared with the bot 1/2; rates have 95% Wilson intervals.

It needs PyTorch, stable-baselines3 and sb3-contrib, which no extra of noahrules brings (no test
depends on them); in a separate virtual environment::

    python -m venv /tmp/rlvenv
    /tmp/rlvenv/bin/pip install torch stable-baselines3 sb3-contrib -e ".[rl]"
    nice -n 10 /tmp/rlvenv/bin/python benchmarks/rl_baseline.py            # both games
    /tmp/rlvenv/bin/python benchmarks/rl_baseline.py --game island --steps 5000 --games 50
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import noahrules
from noahrules.rl import NoahEnv
from noahrules.rl.gymnasium import ENV_IDS
from noahrules.simulation import Rate

OPPONENTS = ("random", "greedy")
HELD_OUT = 1_000_000
"""The first seed of the evaluation games: training draws its games' seeds from the generator
of ``make_vec_env(..., seed=...)``, 63-bit numbers that these few seeds are not among."""


def evaluate(model: Any, game: str, opponent: str, games: int) -> Rate:
    """The agent's win rate against ``opponent`` over ``games`` held-out seeds, changing seats
    every game."""
    wins = 0.0
    for i in range(games):
        env = NoahEnv(game, players=2, opponents=opponent, seat=i % 2)
        observation, _ = env.reset(seed=HELD_OUT + i)
        done = False
        while not done:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            observation, _, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        wins += share(env)
    return Rate.of(wins, games)


def share(env: NoahEnv) -> float:
    """The agent's share of the win: 1 alone, 1/2 shared, 0 for a loss or a game cut short."""
    game, state = env.setup.game, env.game_state
    winners = game.winners(state) if game.is_over(state) else ()
    return 1.0 / len(winners) if env.seat in winners else 0.0


def rates(model: Any, game: str, games: int) -> str:
    """The win rates against each reference bot, as text."""
    parts = []
    for opponent in OPPONENTS:
        rate = evaluate(model, game, opponent, games)
        parts.append(f"vs {opponent} {rate.rate:.2f} [{rate.low:.2f}, {rate.high:.2f}]")
    return ", ".join(parts)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(noahrules.GAMES), action="append")
    parser.add_argument("--steps", type=int, default=30_000, help="training steps per game")
    parser.add_argument("--games", type=int, default=200, help="evaluation games per bot")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    for game in args.game or sorted(ENV_IDS):
        env_id = ENV_IDS[game]
        vec_env = make_vec_env(env_id, n_envs=1, seed=args.seed)
        model = MaskablePPO("MlpPolicy", vec_env, seed=args.seed, device="cpu")
        print(f"{env_id}: before training: {rates(model, game, args.games)}", flush=True)
        wall, cpu = time.perf_counter(), time.process_time()
        model.learn(total_timesteps=args.steps)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"{env_id}: MaskablePPO, {model.num_timesteps:,} steps in {wall:,.0f} s wall "
            f"({cpu:,.0f} s CPU, one thread); after training: {rates(model, game, args.games)} "
            f"(win rate, 95% Wilson interval, {args.games} held-out seeds per bot)",
            flush=True,
        )
        vec_env.close()


if __name__ == "__main__":
    main()
