"""Render modes as the frameworks expect them, checked by PettingZoo's ``render_test`` and
Gymnasium's ``check_env``; the rgb_array frame is the notebook's picture; masks reach
maskable-policy libraries through what ``gymnasium.make`` returns."""

from __future__ import annotations

import math
import warnings
from typing import Any

import attrs
import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test

from noahrules import GAMES
from noahrules.ferry.picture import DOCK, GAP
from noahrules.island.picture import SIZE
from noahrules.rl import env
from noahrules.rl.gymnasium import ENV_IDS
from noahrules.rl.rendering import (
    RENDER_MODES,
    check_render_mode,
    rasterize,
    render_modes,
    screen,
    usable_render_mode,
)

WRAPPED = ".*different from the unwrapped version"
"""Gymnasium's checker warns when it is given a wrapped environment; it is given both."""


@pytest.mark.parametrize("name", sorted(ENV_IDS))
def test_pettingzoo_render_test_passes(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    def make(render_mode: str | None = None) -> Any:
        return env(name, players=3, render_mode=render_mode)

    render_test(make)
    assert "player_" in capsys.readouterr().out  # "human" printed the screens


@pytest.mark.parametrize("name", sorted(ENV_IDS))
def test_gymnasium_checks_every_render_mode(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    made = gymnasium.make(ENV_IDS[name])
    assert made.metadata["render_modes"] == list(RENDER_MODES)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message=WRAPPED)
        check_env(made)  # and, through its spec, an environment in each render mode


@pytest.mark.parametrize("name", sorted(ENV_IDS))
def test_what_make_vec_env_asks_of_gymnasium_make_works(name: str) -> None:
    # stable-baselines3's make_vec_env(id) calls gymnasium.make(id, render_mode="rgb_array"),
    # and sb3-contrib's MaskablePPO asks the environment for action_masks().
    made = gymnasium.make(ENV_IDS[name], render_mode="rgb_array")
    _, info = made.reset(seed=5)
    for _ in range(3):
        mask = made.action_masks()  # type: ignore[attr-defined]
        assert np.array_equal(mask, info["action_mask"]) and mask.any()
        _, _, terminated, truncated, info = made.step(int(np.flatnonzero(mask)[0]))
        assert not (terminated or truncated)
    frame = made.render()
    assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8
    assert frame.ndim == 3 and frame.shape[2] == 3 and frame.shape[0] > 100
    inner = made.unwrapped
    view = inner.setup.game.view(inner.game_state, inner.seat)  # type: ignore[attr-defined]
    assert np.array_equal(frame, rasterize(view._repr_svg_()))  # the notebook's picture


def test_masks_the_documented_ways() -> None:
    # docs/rl.md, "Gymnasium": the three ways to the mask, exactly as written there.
    env = gymnasium.make("noahrules/Island-v0", players=3)
    _, info = env.reset(seed=1)
    mask = env.action_masks()  # type: ignore[attr-defined]
    assert np.array_equal(mask, info["action_mask"])
    assert np.array_equal(mask, env.get_wrapper_attr("action_masks")())
    assert np.array_equal(mask, env.unwrapped.action_masks())  # type: ignore[attr-defined]
    wrapped = gymnasium.wrappers.TimeLimit(env, 500)
    assert np.array_equal(mask, wrapped.get_wrapper_attr("action_masks")())


def centre(space: int, board: Any) -> tuple[int, int]:
    """The pixel at the centre of a space's hexagon in the island's picture: spaces stand two
    map columns apart, a column being half a hexagon's width, a row three quarters of its
    height (the hexagon's radius is SIZE)."""
    row, column = board.position[space]
    return round(SIZE / 2 + row * SIZE * 1.5), round(SIZE + column * SIZE * math.sqrt(3) / 2)


def test_the_island_frame_shows_the_board_in_the_pictures_colours() -> None:
    e = env("island", players=2, render_mode="rgb_array")
    e.reset(seed=3)
    frame = e.render()
    assert isinstance(frame, np.ndarray)
    board = e.setup.rules.board
    sea = next(s for s in board.spaces if board.kind[s] == "sea")
    assert tuple(frame[centre(sea, board)]) == (0x4F, 0x8F, 0xD1)  # the sea's blue
    jungle = next(s for s in board.spaces if board.kind[s] == "jungle")
    assert tuple(frame[centre(jungle, board)]) == (0x2D, 0x5A, 0x1F)  # face down (I20)
    assert tuple(frame[2, 2]) == (255, 255, 255)  # on white, as a notebook shows it


def test_the_ferry_frame_marks_noahs_dock_in_the_pictures_colours() -> None:
    e = env("ferry", players=2, render_mode="rgb_array")
    e.reset(seed=3)
    frame = e.render()
    assert isinstance(frame, np.ndarray)
    noah = e.game_state.noah
    left = GAP + noah * (DOCK + GAP)
    assert tuple(frame[60, left]) == (0xE0, 0xA8, 0x00)  # Noah's dock's golden edge
    other = GAP + ((noah + 1) % 5) * (DOCK + GAP)
    assert tuple(frame[60, other + DOCK - 4]) == (0xEE, 0xF3, 0xF8)  # a dock's face
    assert frame.shape[1] == 5 * (DOCK + GAP) + GAP


@pytest.mark.parametrize("name", sorted(ENV_IDS))
def test_human_mode_prints_the_screen_after_each_step(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    e = env(name, players=2, render_mode="human")
    e.reset(seed=4)
    assert capsys.readouterr().out == screen(e.setup, e.game_state) + "\n"
    observation, *_ = e.last()
    e.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert capsys.readouterr().out == screen(e.setup, e.game_state) + "\n"
    assert e.render() is None
    assert capsys.readouterr().out == screen(e.setup, e.game_state) + "\n"
    single = gymnasium.make(ENV_IDS[name], render_mode="human")
    single.reset(seed=4)
    assert "player_0 to act" in capsys.readouterr().out


def test_ansi_gives_the_screen_and_no_mode_warns() -> None:
    e = env("ferry", players=2, render_mode="ansi")
    e.reset(seed=4)
    assert e.render() == screen(e.setup, e.game_state)
    quiet = env("ferry", players=2)
    quiet.reset(seed=4)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None


def test_a_game_without_a_picture_offers_no_rgb_array() -> None:
    drawless = attrs.evolve(GAMES["island"], name="drawless", render=None)
    assert render_modes(drawless) == ("ansi", "human")
    assert render_modes(GAMES["island"]) == RENDER_MODES
    with pytest.raises(ValueError, match="the game 'drawless' draws no picture"):
        check_render_mode(drawless, "rgb_array")  # PettingZoo's environments refuse it
    with pytest.warns(UserWarning, match="falls back to None, no rendering"):
        assert usable_render_mode(drawless, "rgb_array") is None  # Gymnasium's renders nothing
    for mode in (None, "ansi", "human"):
        assert usable_render_mode(drawless, mode) == mode
    assert usable_render_mode(GAMES["island"], "rgb_array") == "rgb_array"
    with pytest.raises(ValueError, match="render_mode must be None or one of"):
        usable_render_mode(drawless, "rgb")
