"""The PettingZoo AEC environments, checked by PettingZoo's own test functions."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from noahrules import GAMES, IllegalMoveError
from noahrules.rl import env, raw_env
from noahrules.rl.setup import Setup

SETTINGS = [
    pytest.param(name, players, variants, id=f"{name}-{players}-{'all' if variants else 'base'}")
    for name, game in GAMES.items()
    for variants in ((), GAMES[name].known_variants())
    for players in range(game.min_players, game.max_players + 1)
]
"""Every game at every player count, with its base rules and with all packaged variants."""

DICT_OBSERVATIONS = (
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)
"""PettingZoo's API test warns about observations that are dicts unless the environment is one
of its own classic games, whose observations are the same ``{"observation", "action_mask"}``
dicts as these."""


@pytest.mark.filterwarnings(DICT_OBSERVATIONS[0], DICT_OBSERVATIONS[1])
@pytest.mark.parametrize(("name", "players", "variants"), SETTINGS)
def test_pettingzoo_api_and_seed_tests_pass(
    name: str, players: int, variants: tuple[str, ...]
) -> None:
    api_test(env(name, players=players, variants=variants), num_cycles=1000)
    seed_test(lambda: env(name, players=players, variants=variants), num_cycles=1000)


def random_game(e: Any, seed: int) -> tuple[dict[str, float], int]:
    """Play one game with random legal actions; the rewards each agent got, and the steps."""
    rng = np.random.default_rng(seed)
    got: dict[str, float] = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        observation, reward, terminated, truncated, _ = e.last()
        got[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(rng.choice(np.flatnonzero(observation["action_mask"])))
        steps += 1
    return got, steps


@pytest.mark.parametrize("name", sorted(GAMES))
def test_rewards_come_at_the_end_from_the_result(name: str) -> None:
    e = env(name, players=3)
    e.reset(seed=5)
    rewards, _ = random_game(e, 5)
    state = e.unwrapped.game_state
    winners = GAMES[name].winners(state)
    assert GAMES[name].is_over(state)
    assert sum(rewards.values()) == pytest.approx(0.0)
    for seat in range(3):
        expected = 1 / len(winners) if seat in winners else -1 / (3 - len(winners))
        assert rewards[f"player_{seat}"] == pytest.approx(0.0 if len(winners) == 3 else expected)


def test_a_game_at_the_decision_cap_is_truncated_for_everyone() -> None:
    e = env("ferry", players=4, max_decisions=25)
    e.reset(seed=1)
    rewards, steps = random_game(e, 1)
    assert steps == 25
    assert set(rewards.values()) == {0.0}
    assert not GAMES["ferry"].is_over(e.game_state)


def test_the_island_caps_decisions_at_its_own_bound() -> None:
    setup = Setup.of("island", players=2, max_decisions=10_000)
    assert setup.max_decisions == 2 + 36 * 3  # I7, I9, I12: arks, then floods and actions


def test_an_illegal_action_ends_the_game_for_its_agent() -> None:
    e = env("island", players=2)
    e.reset(seed=3)
    observation, *_ = e.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.warns(UserWarning, match="illegal"):
        e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": -1.0, "player_1": 0.0}
    raw = raw_env("island", players=2)
    raw.reset(seed=3)
    with pytest.raises(IllegalMoveError):
        raw.step(illegal)
    with pytest.raises(ValueError, match="not in 0"):
        raw.step(10**6)


def test_calls_before_reset_are_errors() -> None:
    e = env("ferry")
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    with pytest.raises(ValueError, match="render_mode must be None or one of 'ansi', 'human'"):
        env("ferry", render_mode="rgb")


def test_a_seed_gives_the_noahrules_game_of_that_seed() -> None:
    e = env("ferry", players=3)
    e.reset(seed=12)
    setup = e.setup
    assert e.game_state == setup.new_game(12)
    observation, *_ = e.last()
    assert np.array_equal(observation["observation"], setup.observe(setup.new_game(12), 0))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_environment_renders_as_text(name: str) -> None:
    e = env(name, players=2, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "player_0 to act" in text
    observation, *_ = e.last()
    action = int(np.flatnonzero(observation["action_mask"])[0])
    assert f"{action:>5}  " in text


@pytest.mark.parametrize("name", sorted(GAMES))
def test_environments_pickle_mid_game_and_play_on_alike(name: str) -> None:
    e = env(name, players=3)
    e.reset(seed=9)
    rng = np.random.default_rng(0)
    for _ in range(20):
        observation, *_ = e.last()
        e.step(rng.choice(np.flatnonzero(observation["action_mask"])))
    copy = pickle.loads(pickle.dumps(e))
    for _ in range(20):
        mine, theirs = e.last(), copy.last()
        assert np.array_equal(mine[0]["observation"], theirs[0]["observation"])
        assert mine[1:4] == theirs[1:4]
        action = rng.choice(np.flatnonzero(mine[0]["action_mask"]))
        e.step(action)
        copy.step(action)
    assert copy.game_state == e.game_state
