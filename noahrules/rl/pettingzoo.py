"""The registered games as PettingZoo AEC environments, in the shape of PettingZoo's classic
games.

>>> from noahrules.rl import env
>>> e = env("island", players=3)
>>> e.reset(seed=7)
>>> observation, reward, terminated, truncated, info = e.last()
>>> sorted(observation)
['action_mask', 'observation']

Agents are ``player_0`` .. ``player_{n-1}`` (seat k is ``player_k``). Each observation is a
dict: ``"observation"``, the agent's view encoded as a ``float32`` vector (its layout is
``e.unwrapped.setup.observer.layout``), and ``"action_mask"``, 1 for each legal action of
the agent's (all 0 unless it is to act). Actions are the indexes of the game's
:class:`~noahrules.rl.codec.ActionCodec`. Rewards come only at the end
(:func:`~noahrules.rl.setup.outcome`: +1 shared by the winners, -1 shared by the others); a
game still going after the decision cap is truncated for every agent, with rewards 0. Render
modes: ``"ansi"`` (text), ``"human"`` (printed) and ``"rgb_array"`` (a picture), as
:mod:`noahrules.rl.rendering` describes.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from noahrules.errors import IllegalMoveError
from noahrules.game import Game
from noahrules.rl.rendering import (
    RENDER_FPS,
    RENDER_MODES,
    Frame,
    check_render_mode,
    render,
    render_modes,
)
from noahrules.rl.setup import DEFAULT_MAX_DECISIONS, Setup, Variants

__all__ = ["NoahAECEnv", "env", "raw_env"]

ObsDict = dict[str, Any]
ILLEGAL_REWARD = -1.0
"""What an illegal action costs the agent that took it in :func:`env` (the game ends)."""


def env(
    game: str | Game = "ferry",
    *,
    players: int = 2,
    variants: Variants = (),
    render_mode: str | None = None,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
) -> NoahAECEnv:
    """The AEC environment of ``game`` with the guards of PettingZoo's classic environments:
    an illegal action ends the game with :data:`ILLEGAL_REWARD` for its agent and 0 for the
    others (``TerminateIllegalWrapper``), an action out of range is a :class:`ValueError`
    (``AssertOutOfBoundsWrapper``), and calls before ``reset`` are errors
    (``OrderEnforcingWrapper``). The guards are built in rather than wrapped around the
    environment: PettingZoo's wrappers forward every attribute through ``__getattr__``, which
    costs more than the game itself."""
    return NoahAECEnv(
        Setup.of(game, players, variants, max_decisions),
        render_mode=render_mode,
        illegal_reward=ILLEGAL_REWARD,
    )


def raw_env(
    game: str | Game = "ferry",
    *,
    players: int = 2,
    variants: Variants = (),
    render_mode: str | None = None,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
) -> NoahAECEnv:
    """Like :func:`env`, but an illegal action raises
    :class:`~noahrules.errors.IllegalMoveError` and changes nothing."""
    return NoahAECEnv(Setup.of(game, players, variants, max_decisions), render_mode=render_mode)


class NoahAECEnv(AECEnv):  # type: ignore[misc]
    """A noahrules game as a PettingZoo AEC environment (see the module docstring).

    ``illegal_reward``: ``None`` to raise on an illegal action, else what it costs the agent
    that took it, ending the game.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads the class attribute)
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
        "name": "noahrules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        setup: Setup,
        render_mode: str | None = None,
        illegal_reward: float | None = None,
    ) -> None:
        super().__init__()
        check_render_mode(setup.game, render_mode)
        self.setup = setup
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.metadata = {
            **self.metadata,
            "name": f"noahrules_{setup.game.name}_v0",
            "render_modes": list(render_modes(setup.game)),
        }
        self.possible_agents = [f"player_{seat}" for seat in range(setup.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        layout = setup.observer.layout
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, layout.high(), (layout.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (setup.codec.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(setup.codec.size) for agent in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self.game_state: Any = None
        """The game's state (a noahrules state), ``None`` before the first reset."""
        self.decisions = 0
        """Decisions made in this game so far."""

    def observation_space(self, agent: str) -> spaces.Space[ObsDict]:
        """The space of ``agent``'s observations."""
        space: spaces.Space[ObsDict] = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> spaces.Space[np.int64]:
        """The space of ``agent``'s actions: ``Discrete(codec.size)``."""
        space: spaces.Space[np.int64] = self.action_spaces[agent]
        return space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: from ``seed`` when given (the game's seed is ``seed``), else from
        the environment's generator (seeded by the last seed given)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = seed
        else:
            game_seed = int(self._rng.integers(2**63))
        self.game_state = self.setup.new_game(game_seed)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        seat = self.setup.game.current_player(self.game_state)
        assert seat is not None, "a new game has a seat to act"
        self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation and action mask, both from its view (built once)."""
        state = self.game_state
        if state is None:
            self._playing()
        setup = self.setup
        view = setup.game.view(state, self._seat[agent])
        return {
            "observation": setup.observer(view),
            "action_mask": setup.codec.mask_of(view.legal_moves),
        }

    def step(self, action: Any) -> None:
        """The selected agent takes ``action`` (``None`` for an agent whose game is over)."""
        state = self.game_state
        if state is None:
            self._playing()
        if not self.agents:
            gymnasium.logger.warn("step() was called after every agent was done; reset()")
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        setup = self.setup
        game = setup.game
        move = setup.codec.decode(action)
        try:
            state = self.game_state = game.apply(state, move)
        except IllegalMoveError as error:
            if self.illegal_reward is None:
                raise
            gymnasium.logger.warn(
                f"illegal action {action} ({error}) by {agent}: the game ends, with reward "
                f"{self.illegal_reward} for {agent}; observation['action_mask'] marks the "
                "legal actions"
            )
            self._end({a: self.illegal_reward if a == agent else 0.0 for a in self.agents})
            return
        self.decisions += 1
        self._cumulative_rewards[agent] = 0.0
        seat = game.current_player(state)
        if seat is None:  # the game is over
            rewards = setup.outcome(state)
            self._end({a: rewards[self._seat[a]] for a in self.agents})
        else:
            self.agent_selection = self.possible_agents[seat]
            if self.decisions >= setup.max_decisions:
                self.truncations = dict.fromkeys(self.agents, True)
        if self.render_mode == "human":
            self.render()

    def _end(self, rewards: dict[str, float]) -> None:
        """The game ends for every agent with ``rewards``."""
        self.terminations = dict.fromkeys(self.agents, True)
        self.rewards = rewards
        self._accumulate_rewards()
        self._deads_step_first()

    def _playing(self) -> Any:
        if self.game_state is None:
            raise RuntimeError("reset() must be called before step(), observe() or render()")
        return self.game_state

    def render(self) -> str | Frame | None:
        """The table as the agent to act sees it: as text with its legal actions (``"ansi"``),
        printed (``"human"``), or as a picture (``"rgb_array"``)."""
        return render(self.setup, self.render_mode, self._playing())

    def close(self) -> None:
        """Nothing to release."""
