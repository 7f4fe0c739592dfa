"""noahrules for reinforcement learning: PettingZoo, Gymnasium and OpenSpiel front doors."""

from noahrules.rl.codec import ActionBlock, ActionCodec
from noahrules.rl.gymnasium import NoahEnv
from noahrules.rl.observe import layout, observe, observer_for
from noahrules.rl.pettingzoo import NoahAECEnv, env, raw_env
from noahrules.rl.setup import Setup, outcome

__all__ = [
    "ActionBlock",
    "ActionCodec",
    "NoahAECEnv",
    "NoahEnv",
    "Setup",
    "env",
    "layout",
    "observe",
    "observer_for",
    "outcome",
    "raw_env",
]
