"""Write the golden game records: seeded random games of each game, with their final states.

Run it only when a rules change is meant to change play, and say so in the CHANGELOG:

    python tests/golden/regenerate.py
"""

from __future__ import annotations

import json
from pathlib import Path

from noahrules import GAMES, serialize
from noahrules.records import GameRecord
from noahrules.rng import Rng

GAMES_TO_RECORD = [
    ("ferry", (), 3, 101),
    ("ferry", ("frog", "crocodile", "roommate", "penalty-limit"), 5, 102),
    ("island", (), 4, 201),
    ("island", ("advanced-scoring", "small-island"), 2, 202),
]


def main() -> None:
    folder = Path(__file__).parent
    for name, variants, players, seed in GAMES_TO_RECORD:
        game = GAMES[name]
        rules = game.load_rules(variants)
        state = game.new_game(rules, players=players, seed=seed)
        record = GameRecord.start(name, rules, players, seed)
        chooser = Rng.from_seed(seed)
        while not game.is_over(state):
            move, chooser = chooser.choice(game.legal_moves(state))
            state = game.apply(state, move)
            record = record.then(move)
        stored = {
            "record": serialize.to_dict(record),
            "final": serialize.to_dict(state),
            "scores": list(game.scores(state)),
        }
        path = folder / f"{name}-{seed}.json"
        path.write_text(json.dumps(stored, indent=1) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(record.moves)} moves, scores {stored['scores']}")


if __name__ == "__main__":
    main()
