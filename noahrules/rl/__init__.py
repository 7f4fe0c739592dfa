"""The registered games for reinforcement learning: PettingZoo, Gymnasium and OpenSpiel doors.

Needs the ``rl`` extra (``pip install "noahrules[rl]"``). The pieces:

- :class:`ActionCodec`: a fixed numbering of every move that can ever be legal under a rules
  value at a player count, with legal-action masks;
- :func:`observe`: a view encoded as a ``float32`` vector whose :func:`layout` names its fields;
- :func:`observe_planes`: a view of a game played on a board encoded as planes over the board
  and a vector, laid out as :func:`planes_layout` says (:mod:`noahrules.rl.planes`);
- :func:`env` / :func:`raw_env`: PettingZoo AEC environments;
- :class:`NoahEnv`: the Gymnasium environments ``noahrules/Ferry-v0``, ``noahrules/Island-v0``
  and those of games registered later, registered when this package is imported;
- :mod:`noahrules.rl.openspiel`: the OpenSpiel games ``python_noahrules_ferry``,
  ``python_noahrules_island`` and those of games registered later, registered when that module
  is imported;
- :mod:`noahrules.rl.rendering`: the render modes ``"ansi"``, ``"human"`` and ``"rgb_array"``;
- :class:`Setup` and :func:`outcome`: a game as the environments play it, and what a finished
  game is worth;
- :func:`evaluate`: a policy's win rate against bots and other policies, from every seat
  (:class:`Evaluation`);
- :class:`SelfPlay`: a Gymnasium environment whose other seats are drawn each episode from a
  pool of bots and frozen copies of policies;
- :class:`Encoding` and :func:`register_encoding`: how a game of another package joins in.

See ``docs/rl.md``.
"""

from noahrules.rl.codec import ActionBlock, ActionCodec
from noahrules.rl.encoding import Encoding, Observer, PlanesObserver, register_encoding
from noahrules.rl.evaluation import EvaluatedGame, Evaluation, Policy, Wins, evaluate
from noahrules.rl.gymnasium import NoahEnv
from noahrules.rl.layout import Field, Layout
from noahrules.rl.observe import (
    layout,
    observe,
    observe_planes,
    observer_for,
    planes_for,
    planes_layout,
)
from noahrules.rl.pettingzoo import NoahAECEnv, env, raw_env
from noahrules.rl.planes import BoardObservation, Planes
from noahrules.rl.selfplay import SelfPlay
from noahrules.rl.setup import DEFAULT_MAX_DECISIONS, Setup, outcome

__all__ = [
    "DEFAULT_MAX_DECISIONS",
    "ActionBlock",
    "ActionCodec",
    "BoardObservation",
    "Encoding",
    "EvaluatedGame",
    "Evaluation",
    "Field",
    "Layout",
    "NoahAECEnv",
    "NoahEnv",
    "Observer",
    "Planes",
    "PlanesObserver",
    "Policy",
    "SelfPlay",
    "Setup",
    "Wins",
    "env",
    "evaluate",
    "layout",
    "observe",
    "observe_planes",
    "observer_for",
    "outcome",
    "planes_for",
    "planes_layout",
    "raw_env",
    "register_encoding",
]
