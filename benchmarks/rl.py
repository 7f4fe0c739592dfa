"""Random play through each reinforcement-learning front door, against the raw engine, in one run.

Every side plays the same seeded games choosing uniformly among the legal moves, and is timed
in CPU time (``time.process_time``):

- ``raw``: the engine alone, ``legal_moves`` and ``apply``;
- ``aec``: the PettingZoo environment of :func:`noahrules.rl.env` as an agent uses it:
  ``env.last()`` (the observation vector and the action mask), a random action among the mask's
  ones, ``env.step``;
- ``gym``: ``gymnasium.make(id, players=...)`` as an agent uses it, the other seats being
  random bots: ``step`` returns the observation and ``info["action_mask"]``, from which the
  agent draws its next action (every seat's decisions count);
- ``spiel``: the OpenSpiel game: the seat's observation tensor (OpenSpiel's Python observer),
  ``legal_actions()``, ``apply_action`` (the deal's chance node is not a decision).

The sides are interleaved in each run, so all see the same machine load, and the figures are
the medians over the runs. Goal: every front door at no less than 40% of the raw rate.

``--parts`` adds two runs of the PettingZoo loop with parts of an observation left out, to show
what they cost: ``aec-enc``, the encoding left out (each observation a new array of zeros of the
right size, the least an encoder hands out); ``aec-view``, the seat's view left out too (the mask
made from the state's legal moves). They are bounds, not front doors: the target is not theirs.

    nice -n 10 python benchmarks/rl.py          # ferry 4 players, island 3, base rules
    python benchmarks/rl.py --game ferry --players 5 --variants all --runs 7 --games 100
    nice -n 10 python benchmarks/rl.py --parts  # and what the view and the encoding cost
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from random import Random
from typing import Any
from unittest import mock

import gymnasium
import pyspiel
from open_spiel.python.observation import make_observation

import noahrules
from noahrules.rl import Setup, env
from noahrules.rl.gymnasium import ENV_IDS
from noahrules.rl.layout import Observation, observation_over
from noahrules.rl.openspiel import spiel_name
from noahrules.rl.pettingzoo import NoahAECEnv

PLAYERS = {"ferry": 4, "island": 3}
"""The player count each game is measured at unless asked otherwise."""
TARGET = 0.40
"""The front doors' rate as a share of the raw engine's that they must reach."""

Side = Callable[[str, tuple[str, ...], int, int, int], float]


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


def aec(name: str, variants: tuple[str, ...], players: int, games: int, seed: int) -> float:
    """Decisions per CPU second of random play through the AEC environment, with masks."""
    environment: Any = env(name, players=players, variants=variants)
    random = Random(seed).random
    decisions = 0
    start = time.process_time()
    for g in range(games):
        environment.reset(seed=seed + g)
        for _ in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            # an int8 mask read as booleans: NumPy finds the ones of a bool array far faster
            legal = observation["action_mask"].view(bool).nonzero()[0]
            environment.step(legal[int(random() * len(legal))])
            decisions += 1
    return decisions / (time.process_time() - start)


def gym(name: str, variants: tuple[str, ...], players: int, games: int, seed: int) -> float:
    """Decisions per CPU second (all seats') of random play through the Gymnasium environment,
    one seat an agent choosing with ``info["action_mask"]``, the others random bots."""
    made = gymnasium.make(ENV_IDS[name], players=players, variants=variants)
    inner: Any = made.unwrapped
    random = Random(seed).random
    decisions = 0
    start = time.process_time()
    for g in range(games):
        _, info = made.reset(seed=seed + g)
        done = False
        while not done:
            legal = info["action_mask"].view(bool).nonzero()[0]
            _, _, terminated, truncated, info = made.step(legal[int(random() * len(legal))])
            done = terminated or truncated
        decisions += inner.decisions
    return decisions / (time.process_time() - start)


def spiel(name: str, variants: tuple[str, ...], players: int, games: int, seed: int) -> float:
    """Decisions per CPU second of random play through the OpenSpiel game, observing each
    decision's seat."""
    joined = "+".join(variants)
    game = pyspiel.load_game(f"{spiel_name(name)}(players={players},variants={joined})")
    observation = make_observation(game)
    width = game.max_chance_outcomes()
    random = Random(seed).random
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        state.apply_action(int(random() * width))  # the deal
        while not state.is_terminal():
            observation.set_from(state, state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(random() * len(legal))])
            decisions += 1
    return decisions / (time.process_time() - start)


SIDES: dict[str, Side] = {"raw": raw, "aec": aec, "gym": gym, "spiel": spiel}


def _zeros(setup: Setup) -> Observation:
    """A new observation of zeros: what the encoding hands out, left out."""
    return observation_over(bytearray(4 * setup.observer.layout.size))


def _without_encoding(environment: NoahAECEnv, agent: str) -> dict[str, Any]:
    """``NoahAECEnv.observe`` with the encoding left out."""
    setup = environment.setup
    view = setup.game.view(environment.game_state, int(agent[len("player_") :]))
    return {"observation": _zeros(setup), "action_mask": setup.codec.mask_of(view.legal_moves)}


def _without_view(environment: NoahAECEnv, agent: str) -> dict[str, Any]:
    """``NoahAECEnv.observe`` with the view and the encoding left out."""
    setup, state = environment.setup, environment.game_state
    game = setup.game
    mine = game.current_player(state) == int(agent[len("player_") :])
    moves = game.legal_moves(state) if mine else ()
    return {"observation": _zeros(setup), "action_mask": setup.codec.mask_of(moves)}


def _aec_with(observe: Callable[[NoahAECEnv, str], dict[str, Any]]) -> Side:
    """The ``aec`` side with ``observe`` in place of the environment's own."""

    def side(name: str, variants: tuple[str, ...], players: int, games: int, seed: int) -> float:
        with mock.patch.object(NoahAECEnv, "observe", observe):
            return aec(name, variants, players, games, seed)

    return side


PARTS: dict[str, Side] = {
    "aec-enc": _aec_with(_without_encoding),
    "aec-view": _aec_with(_without_view),
}
"""The PettingZoo loop with parts left out (``--parts``): bounds, not front doors."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; exit status 1 if any front door misses the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(PLAYERS), action="append")
    parser.add_argument("--players", type=int, help="the same player count for every game")
    parser.add_argument("--variants", choices=["base", "all"], default="base")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each side")
    parser.add_argument("--games", type=int, default=40, help="games per run")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--parts", action="store_true", help="also time the PettingZoo loop with parts left out"
    )
    args = parser.parse_args(argv)
    sides = {**SIDES, **(PARTS if args.parts else {})}
    missed = False
    for name in args.game or sorted(PLAYERS):
        game = noahrules.GAMES[name]
        variants = game.known_variants() if args.variants == "all" else ()
        players = args.players or PLAYERS[name]
        rates: dict[str, list[float]] = {side: [] for side in sides}
        for _ in range(args.runs):  # interleaved, so every side sees the same machine load
            for side, play in sides.items():
                rates[side].append(play(name, variants, players, args.games, args.seed))
        medians = {side: statistics.median(values) for side, values in rates.items()}
        print(
            f"{name} {args.variants} rules, {players} players (median of {args.runs} runs, "
            f"{args.games} games each):"
        )
        for side, rate in medians.items():
            share = rate / medians["raw"]
            if side in SIDES and side != "raw":
                missed |= share < TARGET
            print(
                f"  {side:8} {rate:>9,.0f} decisions per CPU second = {share:4.0%} of raw, "
                f"{1e6 / rate:5.2f} us a decision"
            )
    print(f"target: every front door at {TARGET:.0%} of raw or more")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
