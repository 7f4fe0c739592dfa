"""Self-play (issue 44): one learning seat against seats drawn each episode from a pool of bots
and frozen copies of policies, as a Gymnasium environment."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from noahrules.errors import PolicyError
from noahrules.rl import SelfPlay
from noahrules.rl.layout import Observation


def first_legal(observation: Observation, action_mask: np.ndarray[Any, Any]) -> int:
    return int(np.flatnonzero(action_mask)[0])


def play_out(env: SelfPlay, seed: int) -> tuple[dict[int, str], float]:
    """One episode, the learner playing its first legal action: the draws and the reward."""
    _, info = env.reset(seed=seed)
    drawn: dict[int, str] = info["opponents"]
    reward: float = 0.0
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, got, terminated, truncated, info = env.step(action)
        reward = float(got)
        done = terminated or truncated
    return drawn, reward


def test_the_island_against_greedy_passes_gymnasiums_check_before_and_after_add() -> None:
    env = SelfPlay("island", players=2, opponents=["greedy"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures here, but
        warnings.filterwarnings("ignore", message=".*alternative render modes")  # no spec
        check_env(env)
        assert env.add(first_legal) == "first_legal-1"
        check_env(env)
    assert env.pool_names() == ("greedy", "first_legal-1")


def test_whole_episodes_after_add_meet_the_added_policy_and_keep_records() -> None:
    env = SelfPlay("island", players=2, opponents=["greedy"], sampling="uniform")
    env.add(first_legal, name="me")
    met = []
    for seed in range(8):
        drawn, reward = play_out(env, seed)
        assert list(drawn) == [1 - env.seat]
        met.append(drawn[1 - env.seat])
        assert reward in (-1.0, 0.0, 1.0)
    assert set(met) == {"greedy", "me"}
    records = env.records()
    assert sum(decided for _, decided in records.values()) == 8  # island games always end
    assert {name: decided for name, (_, decided) in records.items()} == {
        name: met.count(name) for name in ("greedy", "me")
    }


def test_the_same_seed_draws_the_same_seats() -> None:
    def draws() -> list[dict[int, str]]:
        env = SelfPlay("ferry", players=4, opponents=["random", "greedy"], seat=0)
        env.add(first_legal)
        return [env.reset(seed=seed)[1]["opponents"] for seed in (3, 4, 5)]

    first = draws()
    assert first == draws()
    assert all(list(d) == [1, 2, 3] for d in first)


def test_the_weights_of_each_sampling() -> None:
    three = ["random", "greedy", "search"]
    uniform = SelfPlay("ferry", opponents=three, sampling="uniform")
    assert uniform.weights() == pytest.approx([1 / 3, 1 / 3, 1 / 3])
    recent = SelfPlay("ferry", opponents=three, sampling="recent", recency=0.5)
    assert recent.weights() == pytest.approx([1 / 7, 2 / 7, 4 / 7])  # 1 : 2 : 4, newest last
    rating = SelfPlay("ferry", opponents=["random", "greedy"], sampling="rating")
    assert rating.weights() == pytest.approx([0.5, 0.5])  # no game yet: p = 1/2 for both
    rating._members[0].won, rating._members[0].decided = 3.0, 4
    # random: p = (3 + 1) / (4 + 2) = 2/3, weight 1/9; greedy: p = 1/2, weight 1/4
    assert rating.weights() == pytest.approx([4 / 13, 9 / 13])


class Chooser:
    """A policy with a setting of its own: the legal action at ``index`` (from the end when
    negative)."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.calls = 0

    def __call__(self, observation: Observation, action_mask: np.ndarray[Any, Any]) -> int:
        self.calls += 1
        return int(np.flatnonzero(action_mask)[self.index])


def test_an_added_policy_is_a_frozen_copy() -> None:
    env = SelfPlay("ferry", players=2, opponents=[first_legal], seat=0)
    policy = Chooser(0)
    env.add(policy, name="early")
    policy.index = 99  # its training goes on: the copy in the pool is untouched
    member = env._members[1]
    assert member.player.ask is not None and member.player.ask is not policy
    mask = np.array([0, 1, 1, 0], np.int8)
    assert member.player.ask(np.zeros(1, np.float32), mask) == 1


class Network:
    """A stable-baselines3 network's shape: made from its constructor's parameters, its weights
    in a state dict; it plays the legal action at ``index``."""

    def __init__(self, index: int = 0) -> None:
        self.index = index
        self.training = True

    def _get_constructor_parameters(self) -> dict[str, Any]:
        return {}

    def state_dict(self) -> dict[str, Any]:
        return {"index": self.index}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.index = state["index"]

    def set_training_mode(self, mode: bool) -> None:
        self.training = mode

    def predict(
        self, observation: Any, action_masks: Any = None, deterministic: bool = False
    ) -> Any:
        return int(np.flatnonzero(action_masks)[self.index]), None


class Model:
    """A stable-baselines3 model's shape: ``policy`` is its network."""

    def __init__(self) -> None:
        self.policy = Network(index=-1)

    def predict(
        self, observation: Any, action_masks: Any = None, deterministic: bool = False
    ) -> Any:
        return self.policy.predict(observation, action_masks, deterministic)


def test_a_models_network_is_made_anew_in_evaluation_mode_and_plays() -> None:
    env = SelfPlay("island", players=2, opponents=["random"], sampling="recent", recency=0.01)
    model = Model()
    assert env.add(model) == "Model-1"
    model.policy.index = 0  # training goes on
    assert model.policy.training  # and the model's own network is left in training mode
    frozen = env._members[1].player.ask
    assert frozen is not None
    assert frozen(np.zeros(1, np.float32), np.array([1, 1, 0, 1], np.int8)) == 3  # index -1
    drawn, _ = play_out(env, 2)
    assert list(drawn.values()) == ["Model-1"]  # 100 times as likely as random


def test_a_starting_policy_plays_every_decision_of_its_seat() -> None:
    opponent = Chooser(-1)
    env = SelfPlay("ferry", players=2, opponents=[opponent], seat=0)
    _, info = env.reset(seed=1)
    steps, done = 0, False
    while not done:
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        steps += 1
        done = terminated or truncated
    assert 0 < opponent.calls == env.decisions - steps


def test_max_policies_drops_the_oldest_added_and_keeps_the_starting_opponents() -> None:
    env = SelfPlay("ferry", opponents=["greedy"], max_policies=2)
    for index in range(4):
        env.add(Chooser(0), name=f"v{index}")
    assert env.pool_names() == ("greedy", "v2", "v3")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"sampling": "best"}, "sampling is one of uniform, recent, rating, not 'best'"),
        ({"recency": 0}, "recency is a number in (0, 1], not 0"),
        ({"recency": 1.5}, "recency is a number in (0, 1], not 1.5"),
        ({"max_policies": 0}, "max_policies is None or at least 1, not 0"),
        ({"opponents": []}, "SelfPlay needs at least one opponent"),
    ],
)
def test_bad_arguments_are_value_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as raised:
        SelfPlay("ferry", **options)
    assert str(raised.value) == message


def test_a_name_taken_twice_is_refused() -> None:
    env = SelfPlay("ferry", opponents=["greedy"])
    env.add(first_legal, name="a")
    with pytest.raises(ValueError, match="the pool already has a member named 'a'"):
        env.add(first_legal, name="a")
    with pytest.raises(ValueError, match="the pool already has a member named 'greedy'"):
        env.add(first_legal, name="greedy")


def test_a_pool_policy_answering_an_illegal_action_is_a_policy_error() -> None:
    def pass_always(observation: Observation, action_mask: np.ndarray[Any, Any]) -> int:
        return int(np.flatnonzero(action_mask == 0)[0])

    env = SelfPlay("ferry", players=2, opponents=[pass_always], seat=1)
    with pytest.raises(PolicyError, match="policy pass_always at seat 0 of game 1"):
        env.reset(seed=3)


def test_with_planes_the_pool_observes_planes_as_the_learner_does() -> None:
    seen: list[Any] = []

    def planes_policy(observation: Any, action_mask: np.ndarray[Any, Any]) -> int:
        seen.append(observation)
        return int(np.flatnonzero(action_mask)[0])

    env = SelfPlay("island", players=2, opponents=["greedy"], observation="planes", seat=0)
    env.add(planes_policy, name="planes")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*alternative render modes")
        check_env(env)
    env = SelfPlay("island", players=2, opponents=[planes_policy], observation="planes", seat=1)
    observation, _ = env.reset(seed=1)
    assert env.observation_space.contains(observation)
    assert seen and all(env.observation_space.contains(o) for o in seen)
    assert set(seen[0]) == {"board", "vector"}
