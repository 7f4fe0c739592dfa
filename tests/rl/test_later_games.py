"""A game registered after ``import noahrules.rl`` gets every front door: a PettingZoo
environment, a Gymnasium id and an OpenSpiel game; and its encoding, which holds a lambda, need
not pickle. The game is Climb, the test suite's third game (tests/toy)."""

from __future__ import annotations

import pickle
import warnings
from collections.abc import Iterator

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.envs.registration import registry
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import noahrules.rl.openspiel  # registers the OpenSpiel games of the games registered so far
from noahrules import register_game
from noahrules.game import unregister_game
from noahrules.rl import ActionBlock, Encoding, env, register_encoding
from noahrules.rl.encoding import _ENCODINGS
from noahrules.rl.gymnasium import ENV_IDS
from noahrules.rl.layout import Layout, Observation, vector
from noahrules.rl.openspiel import GAME_NAMES
from tests.rl.test_pettingzoo import DICT_OBSERVATIONS
from tests.toy import game as climb


class ClimbObserver:
    """Climb's observation: the seat, the seat to act, the cards in its hand by number, the
    card on top of the pile, the scores and the cards left to draw (T3)."""

    def __init__(self, rules: climb.Rules, players: int) -> None:
        top = rules.top
        self.layout = Layout.of(
            vector("seat", (2,), 1, "1 at the observing seat"),
            vector("to_act", (2,), 1, "1 at the seat to act"),
            vector("hand", (top,), 2, "per number: how many the seat holds"),
            vector("pile_top", (top,), 1, "1 at the number on top of the played pile"),
            vector("scores", (2,), top * (top + 1), "per seat"),
            vector("to_draw", (1,), 2 * top, "cards left to draw"),
        )

    def __call__(self, view: climb.View) -> Observation:
        obs = np.zeros(self.layout.size, np.float32)
        part = self.layout.split(obs)
        table = view.table
        part["seat"][view.seat] = 1.0
        if not table.over:
            part["to_act"][table.seat] = 1.0
        for card in view.hand:
            part["hand"][card - 1] += 1.0
        if table.pile:
            part["pile_top"][table.pile[-1] - 1] = 1.0
        part["scores"][:] = table.scores
        part["to_draw"][0] = table.to_draw
        return obs


ENCODING = Encoding(
    actions=lambda rules, players: (
        ActionBlock("Play", tuple(climb.Play(c) for c in range(1, rules.top + 1)), "per card"),
        ActionBlock("Draw", (climb.Draw(),), "one"),
        ActionBlock("Pass", (climb.Pass(),), "one"),
    ),
    observer=ClimbObserver,
)
"""Climb's encoding, whose actions are a lambda: nothing pickles it."""


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
