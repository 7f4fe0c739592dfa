"""The single-agent Gymnasium environments, checked by Gymnasium's own environment checker."""

from __future__ import annotations

import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import noahrules.rl
from noahrules import GAMES
from noahrules.bots import GreedyBot
from noahrules.rl import NoahEnv

SETTINGS = [
    ("noahrules/Ferry-v0", {}),
    (
        "noahrules/Ferry-v0",
        {"players": 5, "variants": GAMES["ferry"].known_variants(), "seat": None},
    ),
    ("noahrules/Island-v0", {"players": 3, "opponents": "greedy"}),
    ("noahrules/Island-v0", {"variants": GAMES["island"].known_variants(), "opponents": "search"}),
]


@pytest.mark.parametrize(("env_id", "kwargs"), SETTINGS, ids=str)
def test_gymnasium_checks_the_registered_environments(
    env_id: str, kwargs: dict[str, object]
) -> None:
    env = gymnasium.make(env_id, render_mode="ansi", **kwargs)  # type: ignore[arg-type]
    with warnings.catch_warnings():
        # The checker warns when it is given a wrapped environment: it gets both.
        warnings.filterwarnings("ignore", message=".*different from the unwrapped version")
        check_env(env)
    check_env(env.unwrapped)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_episode_ends_with_the_result_for_the_agents_seat(name: str) -> None:
    env = NoahEnv(name, players=3, opponents=["random", "greedy"], seat=1)
    observation, info = env.reset(seed=4)
    assert env.observation_space.contains(observation)
    steps, reward, terminated, truncated = 0, 0.0, False, False
    while not (terminated or truncated):
        mask = info["action_mask"]
        assert np.array_equal(mask, env.action_masks()) and mask.any()
        action = env.action_space.sample(mask=mask)
        observation, paid, terminated, truncated, info = env.step(action)
        reward = float(paid)
        steps += 1
    state = env.game_state
    winners = GAMES[name].winners(state)
    assert terminated and GAMES[name].is_over(state)
    assert reward == noahrules.rl.outcome(GAMES[name], state)[1]
    assert (reward > 0) == (1 in winners and len(winners) < 3)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_a_game_at_the_decision_cap_is_truncated() -> None:
    env = NoahEnv("ferry", players=2, max_decisions=30)
    _, info = env.reset(seed=1)
    truncated = terminated = False
    while not (truncated or terminated):
        _, reward, terminated, truncated, info = env.step(
            env.action_space.sample(info["action_mask"])
        )
    assert truncated and not terminated and reward == 0.0
    assert env.decisions == 30


def test_an_illegal_action_ends_the_episode_with_its_penalty() -> None:
    env = NoahEnv("island", players=2, illegal_reward=-2.0)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-2.0, True, False, True)


def test_opponents_are_names_or_bots_one_for_each_other_seat() -> None:
    bot = GreedyBot(GAMES["island"], seed=3)
    env = NoahEnv("island", players=3, opponents=[bot, "random"], seat=2)
    env.reset(seed=5)
    assert env._bots[0] is bot
    with pytest.raises(ValueError, match="1 opponents for the 2 other seats"):
        NoahEnv("island", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat 3 is not one of the 3 seats"):
        NoahEnv("island", players=3, seat=3)


def test_opponents_are_bot_specs_with_options_checked_at_once() -> None:
    env = gymnasium.make("noahrules/Island-v0", opponents="search:iterations=5")
    _, info = env.reset(seed=3)
    assert env.unwrapped._bots[1].iterations == 5  # type: ignore[attr-defined]
    _, _, terminated, _, _ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not terminated
    with pytest.raises(ValueError, match="iterations"):
        NoahEnv("island", opponents="search:iterations=0")
    with pytest.raises(ValueError, match="unknown bot"):
        NoahEnv("island", opponents=["nobody"])


def test_the_same_seed_gives_the_same_episode() -> None:
    first, second = (
        NoahEnv("ferry", players=4, opponents="greedy"),
        NoahEnv("ferry", players=4, opponents="greedy"),
    )
    a, _ = first.reset(seed=21)
    b, _ = second.reset(seed=21)
    assert np.array_equal(a, b)
    for _ in range(30):
        action = int(np.flatnonzero(first.action_masks())[0])
        a, ra, ta, _, _ = first.step(action)
        b, rb, tb, _, _ = second.step(action)
        assert np.array_equal(a, b) and (ra, ta) == (rb, tb)
        if ta:
            break


def test_environments_pickle_mid_game() -> None:
    env = NoahEnv("ferry", players=3, opponents="greedy")
    env.reset(seed=8)
    for _ in range(10):
        env.step(int(np.flatnonzero(env.action_masks())[-1]))
    copy = pickle.loads(pickle.dumps(env))
    action = int(np.flatnonzero(env.action_masks())[0])
    mine, theirs = env.step(action), copy.step(action)
    assert np.array_equal(mine[0], theirs[0]) and mine[1:4] == theirs[1:4]
    assert copy.game_state == env.game_state
