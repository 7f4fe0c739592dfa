"""The registered games as single-agent Gymnasium environments: one seat learns, noahrules
bots play the others.

>>> import gymnasium
>>> import noahrules.rl  # registers noahrules/Ferry-v0 and noahrules/Island-v0
>>> env = gymnasium.make("noahrules/Island-v0", players=2, opponents="greedy")
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape and bool(info["action_mask"].any())
True

The observation is the agent's view encoded as a ``float32`` vector (the layout of
:mod:`noahrules.rl.observe`), or, with ``observation="planes"`` for a game played on a board,
as planes over the board and a vector (a ``spaces.Dict`` with the keys ``"board"`` and
``"vector"``, :mod:`noahrules.rl.planes`); the action is an index of the game's
:class:`~noahrules.rl.codec.ActionCodec`. Following Gymnasium's convention for masks,
``info["action_mask"]`` marks the legal actions; ``env.action_masks()`` returns the same, as
maskable-policy libraries ask for it, on what ``gymnasium.make`` returns too (the registered
environments come wrapped in :class:`ActionMasks`, which passes the call through). After each
of the agent's actions the bots play until the agent is to act again or the game ends. The
reward comes at the end (:func:`~noahrules.rl.setup.outcome`: +1 shared by the winners, -1
shared by the others); an illegal action ends the episode with ``illegal_reward`` and
``info["illegal_action"]``; a game still going after the decision cap (all seats' decisions)
is truncated with reward 0. Render modes: ``"ansi"`` (text), ``"human"`` (printed) and
``"rgb_array"`` (a picture; for a game that draws no picture, no rendering), as
:mod:`noahrules.rl.rendering` describes.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from typing import Any, Generic, Literal, SupportsFloat, TypeVar, overload

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.envs.registration import WrapperSpec, registry
from gymnasium.utils import RecordConstructorArgs

from noahrules.bots import Bot, BotFactory, BotLike, bot_factory
from noahrules.errors import IllegalMoveError
from noahrules.game import Game, check_seat
from noahrules.rl.codec import Mask
from noahrules.rl.encoding import (
    encoded_games,
    names_of_encoded_games,
    when_encoded_games_change,
)
from noahrules.rl.layout import Observation
from noahrules.rl.observe import check_observation
from noahrules.rl.planes import BOARD, VECTOR, BoardObservation, Planes
from noahrules.rl.policies import encoder
from noahrules.rl.rendering import (
    RENDER_FPS,
    RENDER_MODES,
    Frame,
    render,
    render_modes,
    usable_render_mode,
)
from noahrules.rl.setup import DEFAULT_MAX_DECISIONS, Setup, Variants
from noahrules.simulation import bot_seed

__all__ = [
    "ENV_IDS",
    "ActionMasks",
    "EnvObservation",
    "NoahEnv",
    "Opponent",
    "env_id",
    "planes_space",
    "register_envs",
]

Opponent = BotLike
"""A bot as :func:`noahrules.bots.make_bot` takes one: a name (``"random"``, ``"greedy"``,
``"search"``), a bot spec string with options (``"search:iterations=50"``), a
``"package.module:Name"``, a class or factory, or a bot object."""


EnvObservation = Observation | BoardObservation
"""What an environment observes: a flat vector, or a board-shaped dict
(``observation="planes"``)."""
ObsT = TypeVar("ObsT", bound=EnvObservation)
"""The type of an environment's observations: :data:`Observation` (``observation="flat"``),
:data:`~noahrules.rl.planes.BoardObservation` (``"planes"``), or either (not known before
running)."""


def planes_space(planes: Planes) -> spaces.Dict:
    """The observation space of board-shaped observations laid out as ``planes``: ``"board"``,
    a ``Box`` of ``float32`` planes in ``[0, 1]`` of shape ``(channels, height, width)``, and
    ``"vector"``, a ``Box`` of ``float32`` values between 0 and each field's maximum."""
    values = planes.vector
    return spaces.Dict(
        {
            BOARD: spaces.Box(0.0, 1.0, planes.shape, np.float32),
            VECTOR: spaces.Box(0.0, values.high(), (values.size,), np.float32),
        }
    )


def env_id(game: str) -> str:
    """The Gymnasium id of a game's environment: ``noahrules/Ferry-v0`` for ``ferry``."""
    return f"noahrules/{game.title()}-v0"


ENV_IDS: Mapping[str, str] = names_of_encoded_games(env_id)
"""The Gymnasium ids of the environments, by game (``{"ferry": "noahrules/Ferry-v0", ...}``):
one for every registered game with an encoding, those registered later included."""


class NoahEnv(gymnasium.Env[ObsT, np.int64], Generic[ObsT]):
    """A noahrules game as a single-agent Gymnasium environment (see the module docstring).

    ``opponents``: one bot (a name, a spec with options such as ``"search:iterations=50"``, a
    class or factory, or a bot object) for every other seat, or one per other seat in seat
    order; a bad name or option is a :class:`ValueError` at once. Bots named here are made anew
    for each game, seeded from the game's seed; bot objects are used as they are. ``seat``:
    the agent's seat, or ``None`` for a seat drawn at each reset. ``render_mode``: one of
    ``metadata["render_modes"]``; ``"rgb_array"`` for a game that draws no picture renders
    nothing (``render_mode`` ``None``), with a warning, so that stable-baselines3's
    ``make_vec_env(id)``, which asks for it, works for every game. ``observation``: ``"flat"``
    (the default), the view as a ``float32`` vector; or ``"planes"``, as planes over the board
    and a vector (:mod:`noahrules.rl.planes`), for the games that offer them (a
    :class:`ValueError` for the others, naming those that do).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  (Gymnasium reads the class attribute)
        "render_modes": list(RENDER_MODES),
        "render_fps": RENDER_FPS,
    }

    @overload
    def __init__(
        self: NoahEnv[Observation],
        game: str | Game = "ferry",
        players: int = 2,
        variants: Variants = (),
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int | None = 0,
        render_mode: str | None = None,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        illegal_reward: float = -1.0,
        observation: Literal["flat"] = "flat",
    ) -> None: ...

    @overload
    def __init__(
        self: NoahEnv[BoardObservation],
        game: str | Game = "ferry",
        players: int = 2,
        variants: Variants = (),
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int | None = 0,
        render_mode: str | None = None,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        illegal_reward: float = -1.0,
        *,
        observation: Literal["planes"],
    ) -> None: ...

    @overload
    def __init__(
        self: NoahEnv[EnvObservation],
        game: str | Game = "ferry",
        players: int = 2,
        variants: Variants = (),
        opponents: Opponent | Sequence[Opponent] = "random",
        seat: int | None = 0,
        render_mode: str | None = None,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        illegal_reward: float = -1.0,
        observation: str = "flat",
    ) -> None: ...

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
        observation: str = "flat",
    ) -> None:
        self.observation = check_observation(observation)
        self.setup = setup = Setup.of(game, players, variants, max_decisions)
        render_mode = usable_render_mode(setup.game, render_mode)
        self.metadata = {**self.metadata, "render_modes": list(render_modes(setup.game))}
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
        self._factories: list[BotFactory] = [bot_factory(bot)[1] for bot in chosen]
        self.fixed_seat = seat
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self._encode: Any
        """The observation encoder: the setup's own, or a board-shaped one."""
        self.observation_space: spaces.Space[Any]
        self._encode = encoder(setup, observation)
        if observation == "planes":
            self.observation_space = planes_space(self._encode.planes)
        else:
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
    ) -> tuple[ObsT, dict[str, Any]]:
        """Start a new game (from ``seed`` when given: the game's seed is ``seed``; else from
        the environment's generator) and let the bots play up to the agent's first decision."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        players = self.setup.players
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(players))
        others = [s for s in range(players) if s != self.seat]
        self._bots = self._seat_bots(game_seed, others)
        self.game_state = self.setup.new_game(game_seed)
        self.decisions = 0
        self._done = False
        self._play_bots()
        if self._done:
            raise RuntimeError("the game ended before the agent's first decision")
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def _seat_bots(self, game_seed: int, others: Sequence[int]) -> dict[int, Bot[Any, Any]]:
        """The bots of the other seats for the game of ``game_seed``, by seat."""
        return {
            s: make(self.setup.game, bot_seed(game_seed, s))
            for s, make in zip(others, self._factories, strict=True)
        }

    def step(self, action: Any) -> tuple[ObsT, SupportsFloat, bool, bool, dict[str, Any]]:
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
        truncated = not terminated and self.decisions >= setup.max_decisions
        self._done = terminated or truncated
        reward = setup.outcome(self.game_state)[self.seat] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> Mask:
        """The legal actions of the agent now (as ``info["action_mask"]``)."""
        view = self.setup.game.view(self._playing(), self.seat)
        return self.setup.codec.mask_of(view.legal_moves)

    def render(self) -> str | Frame | None:
        """The table as the seat to act sees it: as text with its legal actions (``"ansi"``),
        printed (``"human"``), or as a picture (``"rgb_array"``)."""
        return render(self.setup, self.render_mode, self._playing())

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

    def _observe(self) -> tuple[ObsT, dict[str, Any]]:
        setup = self.setup
        view = setup.game.view(self.game_state, self.seat)
        observation: ObsT = self._encode(view)
        return observation, {"action_mask": setup.codec.mask_of(view.legal_moves)}

    def _playing(self) -> Any:
        if self.game_state is None:
            raise RuntimeError("reset() must be called first")
        return self.game_state


class ActionMasks(
    gymnasium.Wrapper[EnvObservation, np.int64, EnvObservation, np.int64], RecordConstructorArgs
):
    """Passes ``action_masks()`` through to the environment inside, which Gymnasium's own
    wrappers do not: the outermost wrapper of the registered environments, so that
    ``gymnasium.make(id).action_masks()`` works."""

    def __init__(self, env: gymnasium.Env[EnvObservation, np.int64]) -> None:
        RecordConstructorArgs.__init__(self)
        gymnasium.Wrapper.__init__(self, env)

    def action_masks(self) -> Mask:
        """The legal actions of the agent now (as ``info["action_mask"]``)."""
        masks: Mask = self.env.unwrapped.action_masks()  # type: ignore[attr-defined]
        return masks


_ENTRY_POINT = "noahrules.rl.gymnasium:NoahEnv"
_WRAPPERS = (WrapperSpec("ActionMasks", "noahrules.rl.gymnasium:ActionMasks", {}),)
_LOCK = threading.Lock()


def register_envs() -> None:
    """Register with Gymnasium the environment of every game in :data:`ENV_IDS`
    (``noahrules/Ferry-v0``, ``noahrules/Island-v0``, and those of games registered since),
    and withdraw those of games no longer registered. Importing :mod:`noahrules.rl` does it,
    and it runs again whenever a game or an encoding is registered."""
    with _LOCK:
        wanted = {env_id(game): game for game in encoded_games()}
        for name, spec in list(registry.items()):
            if spec.entry_point == _ENTRY_POINT and name not in wanted:
                del registry[name]
        for name, game in wanted.items():
            if name not in registry:
                gymnasium.register(
                    id=name,
                    entry_point=_ENTRY_POINT,
                    kwargs={"game": game},
                    additional_wrappers=_WRAPPERS,
                )


register_envs()
when_encoded_games_change(register_envs)
