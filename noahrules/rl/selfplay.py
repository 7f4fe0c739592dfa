"""Self-play: one seat learns while the other seats are drawn, each episode, from a pool of
bots and frozen copies of policies.

>>> import numpy as np
>>> from noahrules.rl import SelfPlay
>>> env = SelfPlay("island", players=2, opponents=["greedy"])
>>> def first_legal(observation, action_mask):
...     return int(np.flatnonzero(action_mask)[0])
>>> env.add(first_legal)
'first_legal-1'
>>> observation, info = env.reset(seed=5)
>>> len(info["opponents"]), env.pool_names()
(1, ('greedy', 'first_legal-1'))

:class:`SelfPlay` is the Gymnasium environment :class:`~noahrules.rl.NoahEnv` (the same
observations, action masks, rewards and checks) whose other seats are not fixed: at each
``reset`` every other seat draws its player from the pool, by the ``sampling`` rule:

- ``"uniform"``: every member alike;
- ``"recent"``: the newest member ``1 / recency`` times as likely as the one added before it
  (``recency=0.5``: twice as likely), so the learner meets mostly its latest copies and now and
  then the older ones and the bots it started against;
- ``"rating"``: by the learner's record against each member, prioritized fictitious self-play:
  a member against whom the learner's win rate is ``p`` (its wins, shared wins counting their
  share, plus one, over its decided games plus two) weighs ``(1 - p) ** 2``, so the members it
  loses to come most often and those it always beats seldom.

The pool starts with ``opponents`` (bots, named or given as :func:`noahrules.bots.make_bot`
takes them, or policies); :meth:`SelfPlay.add` puts a frozen copy of a policy in it: a
stable-baselines3 model's network (``model.policy``, made anew from its constructor's parameters
and weights, in evaluation mode), or a deep copy of any other callable
``(observation, action_mask) -> action``. ``max_policies`` keeps at most that
many added policies, the oldest leaving first; the starting opponents stay. A policy plays its
seat as :func:`noahrules.rl.evaluate` plays one (:class:`~noahrules.rl.policies.PolicyBot`): an
answer that is not a legal action is a :class:`~noahrules.errors.PolicyError`. ``info`` of
``reset`` names each other seat's draw (``info["opponents"]``, by seat), and the record of the
learner against each member is :meth:`SelfPlay.records`; games stopped at the decision cap
count in no record.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, Literal, SupportsFloat

import numpy as np
from attrs import define

from noahrules.bots import Bot
from noahrules.errors import excerpt
from noahrules.game import Game
from noahrules.rl.gymnasium import NoahEnv
from noahrules.rl.layout import Observation
from noahrules.rl.policies import Opponents, Player, PolicyBot, asker, players_of, policy_name
from noahrules.rl.setup import DEFAULT_MAX_DECISIONS, Variants
from noahrules.simulation import bot_seed

__all__ = ["SAMPLINGS", "Member", "Sampling", "SelfPlay"]

Sampling = Literal["uniform", "recent", "rating"]
SAMPLINGS: tuple[Sampling, ...] = ("uniform", "recent", "rating")
"""The ways :class:`SelfPlay` draws the other seats from its pool (see the module docstring)."""


@define
class Member:
    """A member of the pool and the learner's record against it."""

    player: Player
    """The bot (``make``) or the frozen policy (``ask``), with its name."""
    added: bool
    """Whether :meth:`SelfPlay.add` put it there (``False``: a starting opponent)."""
    won: float = 0.0
    """The learner's wins in the games it met this member, shared wins counting their share."""
    decided: int = 0
    """The games the learner met this member in that ended (not stopped at the cap)."""

    @property
    def name(self) -> str:
        """The member's name in the pool."""
        return self.player.name

    @property
    def win_rate(self) -> float:
        """The learner's win rate against it, ``(won + 1) / (decided + 2)``: one half before
        any game."""
        return (self.won + 1.0) / (self.decided + 2.0)


class SelfPlay(NoahEnv[Any]):
    """One learning seat against seats drawn each episode from a pool (see the module
    docstring). The arguments are :class:`~noahrules.rl.NoahEnv`'s (``observation="planes"``
    too: the pool's policies then observe planes, as the learner does), but for ``opponents``,
    the pool's starting members (at least one), ``sampling`` and ``recency``, how they are
    drawn, and ``max_policies``, how many added policies the pool keeps (``None``: all)."""

    def __init__(
        self,
        game: str | Game = "ferry",
        players: int = 2,
        variants: Variants = (),
        opponents: Opponents = ("random",),
        seat: int | None = None,
        sampling: Sampling = "recent",
        recency: float = 0.5,
        max_policies: int | None = None,
        render_mode: str | None = None,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        illegal_reward: float = -1.0,
        observation: str = "flat",
    ) -> None:
        if sampling not in SAMPLINGS:
            raise ValueError(f"sampling is one of {', '.join(SAMPLINGS)}, not {excerpt(sampling)}")
        if (
            isinstance(recency, bool)
            or not isinstance(recency, int | float)
            or not 0 < recency <= 1
        ):
            raise ValueError(f"recency is a number in (0, 1], not {excerpt(recency)}")
        if max_policies is not None and (
            isinstance(max_policies, bool) or not isinstance(max_policies, int) or max_policies < 1
        ):
            raise ValueError(f"max_policies is None or at least 1, not {excerpt(max_policies)}")
        members = [Member(p, added=False) for p in players_of(opponents, "SelfPlay")]
        super().__init__(
            game,
            players,
            variants,
            "random",
            seat,
            render_mode,
            max_decisions,
            illegal_reward,
            observation,
        )
        self.sampling: Sampling = sampling
        self.recency = float(recency)
        self.max_policies = max_policies
        self._members = members
        self._added = 0
        self._met: dict[int, Member] = {}
        self._episodes = 0

    def add(self, policy: Any, name: str | None = None) -> str:
        """Put a frozen copy of ``policy`` in the pool under ``name`` (by default its
        :func:`~noahrules.rl.policies.policy_name` and the number of policies added so far,
        ``"MaskablePPO-3"``), and return the name. Training the policy on changes nothing of
        the copy."""
        frozen = _frozen(policy)
        self._added += 1
        chosen = f"{policy_name(policy)}-{self._added}" if name is None else name
        if not isinstance(chosen, str) or not chosen:
            raise ValueError(f"a member's name is a non-empty string, not {excerpt(chosen)}")
        if chosen in self.pool_names():
            raise ValueError(f"the pool already has a member named {chosen!r}")
        self._members.append(Member(Player(chosen, ask=asker(frozen, "policy")), added=True))
        added = [m for m in self._members if m.added]
        if self.max_policies is not None and len(added) > self.max_policies:
            self._members.remove(added[0])
        return chosen

    def pool_names(self) -> tuple[str, ...]:
        """The members' names, oldest first (the starting opponents, then the added policies)."""
        return tuple(m.name for m in self._members)

    def records(self) -> dict[str, tuple[float, int]]:
        """Per member, the learner's wins against it and the decided games they met in."""
        return {m.name: (m.won, m.decided) for m in self._members}

    def weights(self) -> np.ndarray[Any, np.dtype[np.float64]]:
        """The chance of each member (in :meth:`pool_names`' order) to be drawn for a seat."""
        count = len(self._members)
        if self.sampling == "uniform":
            raw = np.ones(count)
        elif self.sampling == "recent":
            raw = self.recency ** np.arange(count - 1, -1, -1, dtype=np.float64)
        else:
            raw = np.array([(1.0 - m.win_rate) ** 2 for m in self._members])
        return np.asarray(raw / raw.sum(), dtype=np.float64)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Draw each other seat's player from the pool, then start the game as
        :meth:`NoahEnv.reset` does; ``info["opponents"]`` names the draws by seat."""
        self._met = {}
        observation, info = super().reset(seed=seed, options=options)
        info["opponents"] = {s: m.name for s, m in self._met.items()}
        return observation, info

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """:meth:`NoahEnv.step`; a game that ends adds to the learner's record against the
        members it met."""
        observation, reward, terminated, truncated, info = super().step(action)
        if terminated and not info.get("illegal_action"):
            winners = self.setup.game.winners(self.game_state)
            share = 1.0 / len(winners) if self.seat in winners else 0.0
            for member in {id(m): m for m in self._met.values()}.values():
                member.won += share
                member.decided += 1
        return observation, reward, terminated, truncated, info

    def _seat_bots(self, game_seed: int, others: Sequence[int]) -> dict[int, Bot[Any, Any]]:
        weights = self.weights()
        self._episodes += 1
        bots: dict[int, Bot[Any, Any]] = {}
        for s in others:
            member = self._members[int(self.np_random.choice(len(self._members), p=weights))]
            self._met[s] = member
            player = member.player
            if player.make is not None:
                bots[s] = player.make(self.setup.game, bot_seed(game_seed, s))
            else:
                assert player.ask is not None
                bots[s] = PolicyBot(
                    self.setup, player.ask, player.name, self._episodes, game_seed, self._encode
                )
        return bots


def _frozen(policy: Any) -> Any:
    """A copy of ``policy`` that its training leaves as it is: a stable-baselines3 model's
    network (``model.policy``, or a network given itself) made anew from its constructor's
    parameters and weights, as stable-baselines3 loads one, in evaluation mode; a deep copy of
    anything else."""
    network = getattr(policy, "policy", policy)
    if callable(getattr(network, "_get_constructor_parameters", None)):
        frozen = type(network)(**network._get_constructor_parameters())
        frozen.load_state_dict(network.state_dict())
        frozen.set_training_mode(False)
        return frozen
    return copy.deepcopy(policy)
