"""A first agent anyone can reproduce: MaskablePPO (sb3-contrib) learns each game against random
play, then plays held-out seeds against the random and greedy bots.

For each game with an encoding (those of other packages too) it makes the training environment
exactly as stable-baselines3 users do, ``make_vec_env("noahrules/Island-v0")`` with no
environment arguments (two players, seat 0 learning, random opponents,
``render_mode="rgb_array"`` as ``make_vec_env`` asks, which a game that draws no picture takes
as no rendering), trains sb3-contrib's ``MaskablePPO("MlpPolicy", ...)`` with its default
settings for ``--steps`` steps on one thread, and plays ``--games`` games against each
reference bot, before and after training, on seeds that training never drew, with
:func:`noahrules.rl.evaluate`: the agent takes seat 0 in even games and seat 1 in odd ones,
choosing its most likely legal action (its ``predict`` with the mask of the legal actions). A
win counts 1, a win shared with the bot 1/2; a game stopped at the decision cap counts in no
rate (the rate then says how many were); rates have 95% Wilson intervals.

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

from noahrules.rl import evaluate
from noahrules.rl.gymnasium import ENV_IDS

OPPONENTS = ("random", "greedy")
HELD_OUT = 1_000_000
"""The first seed of the evaluation games: training draws its games' seeds from the generator
of ``make_vec_env(..., seed=...)``, 63-bit numbers that these few seeds are not among."""


def rates(model: Any, game: str, games: int) -> str:
    """The win rates against each reference bot, as text (:func:`noahrules.rl.evaluate`: the
    agent in seat 0 in even games and seat 1 in odd ones, game ``i`` of seed ``HELD_OUT + i``)."""
    result = evaluate(model, game, players=2, opponents=OPPONENTS, games=games, seed=HELD_OUT)
    parts = [
        f"vs {opponent} {wins.win_rate:.2f} [{wins.low:.2f}, {wins.high:.2f}]"
        + (f" ({wins.capped} games stopped at the cap)" if wins.capped else "")
        for opponent, wins in result.by_opponent.items()
    ]
    return ", ".join(parts)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(ENV_IDS), action="append")
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
