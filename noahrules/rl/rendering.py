"""What the environments show: the table as text, and as a picture.

The render modes follow Gymnasium's conventions, which PettingZoo shares:

- ``"ansi"``: ``render()`` returns the text screen, the table as the seat to act sees it with its
  legal actions and their numbers (:func:`screen`);
- ``"human"``: the environment prints that screen after each reset and step, and ``render()``
  prints it and returns ``None``;
- ``"rgb_array"``: ``render()`` returns an ``H x W x 3`` ``uint8`` frame of the game's picture,
  the very SVG a notebook shows for that seat's view (:func:`noahrules.shown.picture`),
  rasterized by resvg (:func:`frame`).

A game that draws no picture offers only ``"ansi"`` and ``"human"``; its Gymnasium environment
asked for ``"rgb_array"`` (as stable-baselines3's ``make_vec_env`` asks) renders nothing
(:func:`usable_render_mode`). Whatever the mode, the seat shown is the seat to act, or seat 0
once the game is over: a rendering is built from one seat's view, like an observation.
"""

from __future__ import annotations

import io
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import resvg_py
from PIL import Image

from noahrules.game import Game
from noahrules.render import PLAIN, screen_for
from noahrules.rl.setup import Setup
from noahrules.shown import picture

__all__ = [
    "RENDER_FPS",
    "RENDER_MODES",
    "Frame",
    "check_render_mode",
    "frame",
    "rasterize",
    "render",
    "render_modes",
    "screen",
    "shown_view",
    "usable_render_mode",
]

RENDER_MODES = ("ansi", "human", "rgb_array")
"""The render modes of every environment (``metadata["render_modes"]``)."""
RENDER_FPS = 1
"""How many frames a second a video of a game shows (``metadata["render_fps"]``)."""

Frame = npt.NDArray[np.uint8]
"""An ``H x W x 3`` picture, red, green and blue from 0 to 255."""


def render_modes(game: Game) -> tuple[str, ...]:
    """The render modes of ``game``'s environments: :data:`RENDER_MODES`, less
    ``"rgb_array"`` for a game that draws no picture."""
    if game.render is None or game.render.picture is None:
        return tuple(mode for mode in RENDER_MODES if mode != "rgb_array")
    return RENDER_MODES


def check_render_mode(game: Game, render_mode: str | None) -> None:
    """Raise :class:`ValueError` for a render mode the environments do not offer, or
    ``"rgb_array"`` for a game that draws no picture."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        offered = ", ".join(map(repr, RENDER_MODES))
        raise ValueError(f"render_mode must be None or one of {offered}, not {render_mode!r}")
    if render_mode is not None and render_mode not in render_modes(game):
        raise ValueError(f"the game '{game.name}' draws no picture: render_mode 'rgb_array'")


def usable_render_mode(game: Game, render_mode: str | None) -> str | None:
    """The render mode a Gymnasium environment of ``game`` renders in when asked for
    ``render_mode``: that mode, or, for ``"rgb_array"`` of a game that draws no picture, ``None``
    (no rendering) with a warning, as ``gymnasium.make`` warns of a mode an environment does not
    list. stable-baselines3's ``make_vec_env(id)`` asks every environment for ``"rgb_array"``,
    and goes on only if it gets one. A :class:`ValueError` for a mode no environment offers."""
    if render_mode == "rgb_array" and render_mode not in render_modes(game):
        offered = " and ".join(map(repr, render_modes(game)))
        gymnasium.logger.warn(
            f"the game '{game.name}' draws no picture: render_mode 'rgb_array' falls back to "
            f"None, no rendering (its render modes are {offered})"
        )
        return None
    check_render_mode(game, render_mode)
    return render_mode


def shown_view(setup: Setup, state: Any) -> Any:
    """The view a rendering shows: the seat to act's, or seat 0's once the game is over."""
    seat = setup.game.current_player(state)
    return setup.game.view(state, 0 if seat is None else seat)


def render(setup: Setup, render_mode: str | None, state: Any) -> str | Frame | None:
    """What an environment's ``render()`` gives in ``render_mode`` (see the module docstring)."""
    if render_mode == "rgb_array":
        return frame(setup, state)
    if render_mode is None:
        gymnasium.logger.warn(
            f"render() was called without a render_mode (one of {', '.join(RENDER_MODES)})."
        )
        return None
    text = screen(setup, state)
    if render_mode == "human":
        print(text)
        return None
    return text


def screen(setup: Setup, state: Any) -> str:
    """The game as text: the table as the seat to act (or seat 0, once the game is over) sees
    it, and its legal actions with their numbers."""
    game = setup.game
    view = shown_view(setup, state)
    shown = screen_for(game, setup.rules, {}, PLAIN, view.seat)
    lines = shown.table(view)
    if game.is_over(state):
        scores = ", ".join(map(str, game.scores(state)))
        lines.append(f"Game over: {game.score_name} {scores}; winners {game.winners(state)}")
    else:
        lines.append(f"player_{view.seat} to act: {shown.prompt(view)}")
        codec = setup.codec
        for move in view.legal_moves:
            lines.append(f"  {codec.encode(move):>5}  {shown.label(view, move)}")
    return "\n".join(lines)


def frame(setup: Setup, state: Any) -> Frame:
    """The game's picture as the seat to act (or seat 0, once the game is over) sees it: the
    SVG of :func:`noahrules.shown.picture` on white, rasterized at its own size."""
    svg = picture(shown_view(setup, state))
    if svg is None:
        raise ValueError(f"the game '{setup.game.name}' draws no picture")
    return rasterize(svg)


def rasterize(svg: str) -> Frame:
    """An SVG document as an ``H x W x 3`` ``uint8`` frame, on white, at the document's size in
    pixels (resvg, with the system's fonts for its text)."""
    png = resvg_py.svg_to_bytes(svg_string=svg, background="white")
    with Image.open(io.BytesIO(bytes(png))) as image:
        return np.array(image.convert("RGB"), np.uint8)
