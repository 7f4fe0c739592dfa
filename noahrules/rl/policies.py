"""Policies as players: a stable-baselines3 model or a callable answering actions, asked for
moves the way the Gymnasium environment asks its agent, and playing seats as bots do.

A policy gets the seat's view encoded by the game's observer and the mask of its legal
actions, and answers an action index: a model's ``predict`` is asked with
``deterministic=True`` (and ``action_masks=`` when it takes them, as sb3-contrib's
``MaskablePPO`` does); any other callable is asked ``policy(observation, action_mask)``. An
answer that is not a legal action is a :class:`~noahrules.errors.PolicyError`.
:class:`PolicyBot` lets a policy play a seat wherever noahrules takes a bot's ``choose``.
"""

from __future__ import annotations

import inspect
import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias

import numpy as np
from attrs import frozen

from noahrules.bots import BotFactory, BotLike, bot_factory
from noahrules.errors import IllegalMoveError, PolicyError, excerpt
from noahrules.rl.codec import Mask
from noahrules.rl.layout import Observation
from noahrules.rl.observe import check_observation, planes_for
from noahrules.rl.setup import Setup

__all__ = [
    "Ask",
    "Encode",
    "Opponent",
    "Opponents",
    "Player",
    "Policy",
    "PolicyBot",
    "Predictor",
    "asker",
    "encoder",
    "is_bot",
    "players_of",
    "policy_move",
    "policy_name",
]


class Predictor(Protocol):
    """A model with stable-baselines3's ``predict(observation, ..., deterministic=...)``,
    returning ``(action, state)``; sb3-contrib's ``MaskablePPO`` also takes
    ``action_masks=``."""

    @property
    def predict(self) -> Callable[..., tuple[Any, Any]]:
        """The model's ``predict`` method."""


Policy: TypeAlias = Predictor | Callable[[Observation, Mask], Any]
"""A policy: a model with ``predict`` (:class:`Predictor`), or a callable
``policy(observation, action_mask) -> action`` returning an action index."""
Opponent: TypeAlias = BotLike | Policy
"""An opponent: a bot (a name or spec such as ``"greedy"`` or ``"search:iterations=50"``, a
``"package.module:Name"``, a bot class or a bot object) or a policy (a model with
``predict``, or any other callable, which is taken for a policy: give a factory of bots by its
name or as a class)."""
Opponents: TypeAlias = Opponent | Sequence[Opponent] | Mapping[str, Opponent]
"""One opponent, several (each met in turn), or several by the names the results use."""


def policy_name(policy: object) -> str:
    """A policy's name in an evaluation: its ``name`` attribute when that is a string, else a
    function's name, else its class's (``"MaskablePPO"``)."""
    name = getattr(policy, "name", None)
    if isinstance(name, str) and name:
        return name
    function = getattr(policy, "__name__", None)
    if isinstance(function, str) and function:
        return function
    return type(policy).__name__


Ask = Callable[[Observation, Mask], Any]
"""``ask(observation, action_mask) -> answer``: a policy asked for an action."""


@frozen
class Player:
    """A player of the evaluation: a bot (``make(game, seed)`` gives one for each game) or a
    policy (``ask``), with its name."""

    name: str
    make: BotFactory | None = None
    ask: Ask | None = None


def asker(policy: object, role: str) -> Ask:
    """How to ask ``policy`` for an action: its ``predict`` (with the mask when it takes one,
    deterministically), or the policy itself."""
    predict = getattr(policy, "predict", None)
    if callable(predict) and not isinstance(policy, type):
        if _takes_masks(predict):
            return lambda obs, mask: _action_of(predict(obs, action_masks=mask, deterministic=True))
        return lambda obs, mask: _action_of(predict(obs, deterministic=True))
    if callable(policy) and not isinstance(policy, type):
        return policy
    raise ValueError(
        f"the {role} must be a model with predict(...) or a callable "
        f"(observation, action_mask) -> action, not {excerpt(policy)}"
    )


def _takes_masks(predict: Callable[..., Any]) -> bool:
    """Whether ``predict`` takes ``action_masks=`` (by name, or through ``**kwargs``)."""
    try:
        parameters = inspect.signature(predict).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "action_masks" or p.kind is p.VAR_KEYWORD for p in parameters)


def _action_of(answer: Any) -> Any:
    """The action of ``predict``'s answer, ``(action, state)``."""
    return answer[0] if isinstance(answer, tuple) and answer else answer


def players_of(opponents: Opponents, needed_by: str) -> list[Player]:
    """Each opponent as a player with its name; a :class:`ValueError` for none (naming
    ``needed_by``), for a bot that is none, and for two under one name."""
    if isinstance(opponents, Mapping):
        given: list[tuple[object, Opponent]] = list(opponents.items())
    elif isinstance(opponents, str) or not isinstance(opponents, Sequence):
        given = [(None, opponents)]
    else:
        given = [(None, opponent) for opponent in opponents]
    if not given:
        raise ValueError(f"{needed_by} needs at least one opponent")
    met: list[Player] = []
    for label, opponent in given:
        if label is not None and (not isinstance(label, str) or not label):
            raise ValueError(f"an opponent's name is a non-empty string, not {excerpt(label)}")
        if is_bot(opponent):
            bot_name, make = bot_factory(opponent)  # type: ignore[arg-type]
            met.append(Player(label or bot_name, make=make))
        else:
            met.append(Player(label or policy_name(opponent), ask=asker(opponent, "opponent")))
    names = [player.name for player in met]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(
                f"two opponents are named {name!r}: name them, opponents={{name: opponent}}"
            )
    return met


def is_bot(opponent: object) -> bool:
    """A name, a class or a bot object (with ``choose``) is a bot; anything else a policy."""
    if isinstance(opponent, str | type):
        return True
    return callable(getattr(opponent, "choose", None)) and not callable(
        getattr(opponent, "predict", None)
    )


Encode = Callable[[Any], Any]
"""An observation encoder: a view to what a policy observes (the setup's observer, or a
board-shaped one)."""


def policy_move(
    setup: Setup,
    view: Any,
    ask: Ask,
    name: str,
    index: int,
    seed: int,
    state: Any = None,
    encode: Encode | None = None,
) -> Any:
    """The move of the policy ``ask``'s answer for ``view`` observed by ``encode`` (the
    setup's observer by default), checked against the mask it was given; a
    :class:`~noahrules.errors.PolicyError` naming the policy, its seat, game ``index`` and its
    ``seed`` for anything else (with the rule an illegal move breaks when the game's ``state``
    is given)."""
    codec = setup.codec
    mask = codec.mask_of(view.legal_moves)
    answer = ask((encode or setup.observer)(view), mask)
    action = _integer(answer)

    def refuse(problem: str) -> PolicyError:
        return PolicyError(name, view.seat, index, seed, action, problem)

    if action is None:
        raise refuse(f"answered {excerpt(answer)}, not an action (an integer)")
    if not 0 <= action < codec.size:
        raise refuse(f"answered action {action}, not in 0 .. {codec.size - 1}")
    move = codec.decode(action)
    if not mask[action]:
        reason = "not among the legal moves"
        if state is not None:
            try:
                setup.game.apply(state, move)
            except IllegalMoveError as error:
                reason = str(error)
        legal = np.flatnonzero(mask).tolist()
        raise refuse(
            f"answered action {action} ({move!r}), which is not legal: {reason}; "
            f"the legal actions: {excerpt(legal)}"
        )
    return move


def _integer(answer: Any) -> int | None:
    """``answer`` as an action index: an integer (NumPy's too) or an integer array of one
    value; ``None`` for anything else."""
    if isinstance(answer, np.ndarray) and answer.size == 1:
        answer = answer.reshape(()).item() if answer.dtype.kind in "iu" else None
    if isinstance(answer, numbers.Integral) and not isinstance(answer, bool):
        return int(answer)
    return None


class PolicyBot:
    """A policy playing a seat as a noahrules bot: ``choose(view)`` asks it
    (:func:`policy_move`, observing by ``encode``) for the move of game ``index`` of seed
    ``seed``, which its errors name."""

    def __init__(
        self,
        setup: Setup,
        ask: Ask,
        name: str,
        index: int = 0,
        seed: int = 0,
        encode: Encode | None = None,
    ) -> None:
        self.setup = setup
        self.ask = ask
        self.name = name
        self.index = index
        self.seed = seed
        self.encode = encode

    def choose(self, view: Any) -> Any:
        """The policy's move for ``view``."""
        return policy_move(
            self.setup, view, self.ask, self.name, self.index, self.seed, encode=self.encode
        )


def encoder(setup: Setup, observation: str) -> Encode:
    """How a policy observes the games of ``setup``: ``"flat"``, the setup's observer;
    ``"planes"``, a board-shaped encoder (a :class:`ValueError` for a game that offers none,
    and for another kind)."""
    if check_observation(observation) == "planes":
        return planes_for(setup.rules, setup.players)
    return setup.observer
