"""A short demo: three random players play one game of the ferry game.

python -m noahrules [--seed N] [--players N]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from noahrules import ferry
from noahrules.rng import Rng


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m noahrules", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6))
    args = parser.parse_args(argv)
    rules = ferry.load_rules()
    state = ferry.new_game(rules, players=args.players, seed=args.seed)
    chooser = Rng.from_seed(args.seed)
    decisions = departures = 0
    round_ = 1
    print(f"ferry game, {args.players} random players, seed {args.seed}")
    while not ferry.is_over(state):
        move, chooser = chooser.choice(ferry.legal_moves(state))
        before = state
        state = ferry.apply(state, move)
        decisions += 1
        if state.departures > before.departures:
            departures += 1
        if state.round != round_ or ferry.is_over(state):
            print(f"  round {round_}: {departures} ferries departed, penalties {state.penalties}")
            round_, departures = state.round, 0
    print(f"game over after {decisions} decisions; winners: seats {ferry.winners(state)}")


if __name__ == "__main__":
    main()
