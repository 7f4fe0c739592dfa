"""A game registered after ``import noahrules.rl`` gets every front door: a PettingZoo
environment, a Gymnasium id and an OpenSpiel game; and its encoding, made of lambdas, need not
pickle. The game is Climb, the example game of docs/new-game.md."""

from __future__ import annotations

import pickle
import warnings
from collections.abc import Iterator

import climb
import climb.rl
import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.envs.registration import registry
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import noahrules.rl.openspiel  # registers the OpenSpiel games of the games registered so far
from noahrules import register_game
from noahrules.games import unregister_game
from noahrules.rl import Encoding, env, register_encoding
from noahrules.rl.encoding import _ENCODINGS
from noahrules.rl.gymnasium import ENV_IDS
from noahrules.rl.openspiel import GAME_NAMES
from tests.rl.test_pettingzoo import DICT_OBSERVATIONS

ENCODING = Encoding(  # lambdas on purpose: pickle refuses them
    actions=lambda rules, players: climb.rl.actions(rules, players),  # noqa: PLW0108
    observer=lambda rules, players: climb.rl.ClimbObserver(rules, players),  # noqa: PLW0108
    decision_bound=climb.rl.decision_bound,
    private=lambda view: climb.rl.private(view),  # noqa: PLW0108
)
"""Climb's encoding (docs/examples/newgame/climb/rl.py) with lambdas around its parts: nothing
pickles it."""


@pytest.fixture
def climbing() -> Iterator[None]:
    register_game(climb.GAME)  # after noahrules.rl and noahrules.rl.openspiel were imported
    register_encoding("climb", ENCODING)
    yield
    unregister_game("climb")
    _ENCODINGS.pop("climb", None)


def test_the_encoding_does_not_pickle() -> None:
    with pytest.raises((pickle.PicklingError, AttributeError)):
        pickle.dumps(ENCODING)


@pytest.mark.usefixtures("climbing")
def test_a_game_registered_later_has_a_gymnasium_environment() -> None:
    assert ENV_IDS["climb"] == "noahrules/Climb-v0" and "climb" in dict(ENV_IDS)
    made = gymnasium.make("noahrules/Climb-v0")
    assert made.metadata["render_modes"] == ["ansi", "human"]  # Climb draws no picture
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message=".*different from the unwrapped version")
        check_env(made)
    _, info = made.reset(seed=2)
    assert np.array_equal(made.action_masks(), info["action_mask"])  # type: ignore[attr-defined]
    copy = pickle.loads(pickle.dumps(made.unwrapped))
    assert copy.game_state == made.unwrapped.game_state  # type: ignore[attr-defined]


@pytest.mark.usefixtures("climbing")
def test_what_make_vec_env_asks_of_a_game_without_a_picture_works() -> None:
    # stable-baselines3's make_vec_env(id) calls gymnasium.make(id, render_mode="rgb_array"),
    # and stops at any error but a TypeError: Climb draws no picture, so it renders nothing.
    with pytest.warns(UserWarning, match="the game 'climb' draws no picture: render_mode "):
        made = gymnasium.make("noahrules/Climb-v0", render_mode="rgb_array")
    assert made.render_mode is None and made.metadata["render_modes"] == ["ansi", "human"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message=".*different from the unwrapped version")
        warnings.filterwarnings("ignore", message=".*draws no picture")  # its spec's remakes
        check_env(made)  # and, through its spec, an environment in each of its render modes
    _, info = made.reset(seed=2)
    mask = made.action_masks()  # type: ignore[attr-defined]
    assert np.array_equal(mask, info["action_mask"]) and mask.any()
    _, _, terminated, truncated, _ = made.step(int(np.flatnonzero(mask)[0]))
    assert not (terminated or truncated)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert made.render() is None


@pytest.mark.filterwarnings(*DICT_OBSERVATIONS)
@pytest.mark.usefixtures("climbing")
def test_a_game_registered_later_has_a_pettingzoo_environment() -> None:
    api_test(env("climb"), num_cycles=200)


@pytest.mark.usefixtures("climbing")
def test_a_game_registered_later_has_an_openspiel_game_that_serializes() -> None:
    assert GAME_NAMES["climb"] == "python_noahrules_climb"
    game = pyspiel.load_game("python_noahrules_climb")
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_an_unregistered_game_loses_its_doors() -> None:
    register_game(climb.GAME)
    register_encoding("climb", ENCODING)
    assert "noahrules/Climb-v0" in registry
    unregister_game("climb")
    _ENCODINGS.pop("climb", None)
    assert "noahrules/Climb-v0" not in registry and "climb" not in ENV_IDS
    with pytest.raises(KeyError):
        GAME_NAMES["climb"]
    assert set(ENV_IDS) == set(GAME_NAMES) == {"ferry", "island"}
    assert noahrules.rl.openspiel.spiel_name("ferry") in pyspiel.registered_names()
