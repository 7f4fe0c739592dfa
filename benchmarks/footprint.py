"""Costs besides play: loading rules, reading a state back, and the memory of a game's history.

- **Rules loading**: a first ``load_rules()`` (in a new process, after the imports) against a
  repeated one (the rules come from the cache, the files' status vouching that they did not
  change), in CPU time; goal: the repeated one at least 100 times faster.
- **Reading a state**: ``serialize.from_json`` of a mid-game state (halfway through a seeded
  random game) without the rules given, so they are loaded by name; goal: under 1 ms.
- **Memory of a history**: a seeded game played by choosing among ``legal_moves`` with every
  state kept; the bytes ``tracemalloc`` sees allocated over the game, per kept state (what a
  state costs beyond what it shares with its predecessor); goal: at most 1.2 KB for the island
  game.

Figures are medians over the runs.

    python benchmarks/footprint.py
    python benchmarks/footprint.py --runs 9
"""

from __future__ import annotations

import argparse
import gc
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Sequence
from typing import Any

import noahrules
from noahrules import serialize
from noahrules.rng import Rng

FIRST_LOAD = """
import time
from noahrules import GAMES
game = GAMES[{name!r}]
start = time.process_time()
game.load_rules()
print(time.process_time() - start)
"""


def first_load(name: str) -> float:
    """CPU seconds of the first ``load_rules()`` of a new process."""
    code = FIRST_LOAD.format(name=name)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout)


def repeated_load(game: Any, times: int = 2000) -> float:
    """CPU seconds of one ``load_rules()`` once the rules are cached."""
    game.load_rules()
    start = time.process_time()
    for _ in range(times):
        game.load_rules()
    return (time.process_time() - start) / times


def played(game: Any, players: int, seed: int) -> list[Any]:
    """Every state of a seeded game played by choosing among the legal moves."""
    rules = game.load_rules()
    chooser = Rng.from_seed(seed)
    states = [game.new_game(rules, players=players, seed=seed)]
    while not game.is_over(states[-1]):
        move, chooser = chooser.choice(game.legal_moves(states[-1]))
        states.append(game.apply(states[-1], move))
    return states


def reading(game: Any, seed: int, times: int = 200) -> float:
    """CPU seconds of ``serialize.from_json`` of a mid-game state, rules not given."""
    states = played(game, game.max_players - 1, seed)
    text = serialize.to_json(states[len(states) // 2])
    cls = game.state_type
    serialize.from_json(text, cls)
    start = time.process_time()
    for _ in range(times):
        serialize.from_json(text, cls)
    return (time.process_time() - start) / times


def bytes_per_state(game: Any, players: int, seed: int) -> float:
    """The bytes allocated over a game, per kept state, as ``tracemalloc`` counts them."""
    played(game, players, seed)  # every cache warm
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = played(game, players, seed)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / len(states)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    for name, game in sorted(noahrules.GAMES.items()):
        first = statistics.median(first_load(name) for _ in range(args.runs))
        again = statistics.median(repeated_load(game) for _ in range(args.runs))
        print(
            f"{name:6} load_rules: first {first * 1e3:5.1f} ms, repeated {again * 1e6:5.1f} us, "
            f"{first / again:,.0f}x (goal 100x)"
        )
        read = statistics.median(reading(game, args.seed + run) for run in range(args.runs))
        print(f"{name:6} from_json of a mid-game state, rules not given: {read * 1e3:.2f} ms")
        for players in range(game.min_players, game.max_players + 1):
            kept = [bytes_per_state(game, players, args.seed + run) for run in range(args.runs)]
            goal = ", goal 1,200" if name == "island" else ""
            print(
                f"{name:6} {players} players: {statistics.median(kept):,.0f} bytes per kept "
                f"state (max {max(kept):,.0f}{goal})"
            )


if __name__ == "__main__":
    main()
