"""Both games as single-agent Gymnasium environments: one seat learns, noahrules bots play
the others.

>>> import gymnasium
>>> import noahrules.rl  # registers noahrules/Ferry-v0 and noahrules/Island-v0
>>> env = gymnasium.make("noahrules/Island-v0", players=2, opponents="greedy")
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape and bool(info["action_mask"].any())
True

The observation is the agent's view encoded as a ``float32`` vector (the layout of
:mod:`noahrules.rl.observe`); the action is an index of the game's
:class:`~noahrules.rl.codec.ActionCodec`. Following Gymnasium's convention for masks,
``info["action_mask"]`` marks the legal actions (``action_masks()`` returns the same, as
maskable-policy libraries ask for it). After each of the agent's actions the bots play until
the agent is to act again or the game ends. The reward comes at the end
(:func:`~noahrules.rl.setup.outcome`: +1 shared by the winners, -1 shared by the others); an
illegal action ends the episode with ``illegal_reward`` and ``info["illegal_action"]``; a game
still going after the decision cap (all seats' decisions) is truncated with reward 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.envs.registration import registry

from noahrules.bots import Bot, BotLike, make_bot
from noahrules.errors import IllegalMoveError
from noahrules.game import Game, check_seat
from noahrules.rl.codec import Mask
from noahrules.rl.encoding import encoded_games
from noahrules.rl.layout import Observation
from noahrules.rl.pettingzoo import render_text
from noahrules.rl.setup import DEFAULT_MAX_DECISIONS, Setup, Variants, outcome
from noahrules.simulation import bot_seed

__all__ = ["ENV_IDS", "NoahEnv", "Opponent", "env_id", "register_envs"]

Opponent = BotLike
"""A bot as :func:`noahrules.bots.make_bot` takes one: a name (``"random"``, ``"greedy"``,
``"search"``), a ``"package.module:Name"``, a class or factory, or a bot object."""


def env_id(game: str) -> str:
    """The Gymnasium id of a game's environment: ``noahrules/Ferry-v0`` for ``ferry``."""
    return f"noahrules/{game.title()}-v0"


ENV_IDS = {name: env_id(name) for name in encoded_games()}
"""The registered environment ids, by game: every registered game with an ``rl`` part."""


class NoahEnv(gymnasium.Env[Observation, np.int64]):
    """A noahrules game as a single-agent Gymnasium environment (see the module docstring).

    ``opponents``: one bot name or object for every other seat, or one per other seat in seat
    order. Bots named here are made anew for each game, seeded from the game's seed; bot
    objects are used as they are. ``seat``: the agent's seat, or ``None`` for a seat drawn at
    each reset.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str | Game = "ferry",
        players: int = 2,
        variants: Variants = (),
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int | None = 0,
        render_mode: str | None = None,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        illegal_reward: float = -1.0,
    ) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.setup = setup = Setup.of(game, players, variants, max_decisions)
        if seat is not None:
            check_seat(seat, players)
        others = players - 1
        chosen: list[Opponent] = (
            list(opponents)
            if isinstance(opponents, Sequence) and not isinstance(opponents, str)
            else [opponents] * others
        )
        if len(chosen) != others:
            raise ValueError(f"{len(chosen)} opponents for the {others} other seats")
        self.opponents = chosen
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        layout = setup.observer.layout
        self.observation_space = spaces.Box(0.0, layout.high(), (layout.size,), np.float32)
        self.action_space = spaces.Discrete(setup.codec.size)
        self.seat = 0 if seat is None else seat
        """The agent's seat in the current game."""
        self.game_state: Any = None
        """The game's state (a noahrules state), ``None`` before the first reset."""
        self.decisions = 0
        """Decisions made in this game so far, by every seat."""
        self._bots: dict[int, Bot[Any, Any]] = {}
        self._done = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game (from ``seed`` when given: the game's seed is ``seed``; else from
        the environment's generator) and let the bots play up to the agent's first decision."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        players = self.setup.players
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(players))
        others = [s for s in range(players) if s != self.seat]
        self._bots = {
            s: make_bot(bot, self.setup.game, bot_seed(game_seed, s))
            for s, bot in zip(others, self.opponents, strict=True)
        }
        self.game_state = self.setup.new_game(game_seed)
        self.decisions = 0
        self._done = False
        self._play_bots()
        if self._done:
            raise RuntimeError("the game ended before the agent's first decision")
        return self._observe()

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """The agent takes ``action``; then the bots play until the agent is to act again, the
        game ends or it reaches the decision cap."""
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        setup = self.setup
        try:
            self.game_state = setup.game.apply(self.game_state, setup.codec.decode(action))
        except IllegalMoveError:
            self._done = True
            observation, info = self._observe()
            info["illegal_action"] = True
            return observation, self.illegal_reward, True, False, info
        self.decisions += 1
        self._play_bots()
        observation, info = self._observe()
        game = setup.game
        terminated = game.is_over(self.game_state)
        truncated = setup.truncated(self.game_state, self.decisions)
        self._done = terminated or truncated
        reward = outcome(game, self.game_state)[self.seat] if terminated else 0.0
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> Mask:
        """The legal actions of the agent now (as ``info["action_mask"]``)."""
        view = self.setup.game.view(self._playing(), self.seat)
        return self.setup.codec.mask_of(view.legal_moves)

    def render(self) -> str | None:
        """The table as the seat to act sees it, with its legal actions, as text."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode ('ansi').")
            return None
        return render_text(self.setup, self._playing())

    def _play_bots(self) -> None:
        """Let the bots decide until the agent is to act, the game ends or the cap is hit."""
        game, cap = self.setup.game, self.setup.max_decisions
        state = self.game_state
        seat = game.current_player(state)
        while seat is not None and seat != self.seat and self.decisions < cap:
            state = game.apply(state, self._bots[seat].choose(game.view(state, seat)))
            self.decisions += 1
            seat = game.current_player(state)
        self.game_state = state
        self._done = seat is None or self.decisions >= cap

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        setup = self.setup
        view = setup.game.view(self.game_state, self.seat)
        return setup.observer(view), {"action_mask": setup.codec.mask_of(view.legal_moves)}

    def _playing(self) -> Any:
        if self.game_state is None:
            raise RuntimeError("reset() must be called first")
        return self.game_state


def register_envs() -> None:
    """Register the environments of :data:`ENV_IDS` (``noahrules/Ferry-v0``,
    ``noahrules/Island-v0``) with Gymnasium (again registering is harmless). Importing
    :mod:`noahrules.rl` does it."""
    for game, name in ENV_IDS.items():
        if name not in registry:
            gymnasium.register(
                id=name,
                entry_point="noahrules.rl.gymnasium:NoahEnv",
                kwargs={"game": game},
            )


register_envs()
