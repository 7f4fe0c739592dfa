"""A short demo: random players play one game.

python -m noahrules [--game ferry|island] [--players N] [--seed S]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from noahrules import GAMES
from noahrules.rng import Rng

_SCORES = {"ferry": "penalties (lower is better)", "island": "points"}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m noahrules", description="A demo game.")
    parser.add_argument("--game", choices=sorted(GAMES), default="ferry")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = GAMES[args.game]
    if not game.MIN_PLAYERS <= args.players <= game.MAX_PLAYERS:
        parser.error(f"{args.game} takes {game.MIN_PLAYERS} to {game.MAX_PLAYERS} players")
    state = game.new_game(game.load_rules(), players=args.players, seed=args.seed)
    chooser = Rng.from_seed(args.seed)
    decisions = 0
    print(f"{args.game} game, {args.players} random players, seed {args.seed}")
    while not game.is_over(state):
        move, chooser = chooser.choice(game.legal_moves(state))
        state = game.apply(state, move)
        decisions += 1
    print(f"game over after {decisions} decisions")
    print(f"{_SCORES.get(args.game, 'scores')}: {game.scores(state)}")
    print(f"winners: seats {game.winners(state)}")


if __name__ == "__main__":
    main()
