"""Train an island agent: sb3-contrib's MaskablePPO on the board-shaped observation (planes over
the hex board, docs/rl.md) with a small convolutional network, against noahrules' bots; then
play held-out seeds against the random and greedy bots.

The network (``--observation planes``): :class:`BoardExtractor` reads the planes with a few
3 x 3 convolutions (the axial cells make a 3 x 3 window hold each space's six neighbours), the
vector (scaled by its bounds) added to the first layer's output in every cell; its output is
the feature map and a summary of it (mean and max over the cells, and the vector). The policy
(:class:`BoardPolicy`) scores each action from the cells it acts on (:class:`CellHead`): a
flood, a sail or an ark's place by a learnt reading of its cell's features, a rescue by the sum
of its two animals' cells, the end of a turn from the summary; so every one of the 2,968
actions shares its weights with the others of its kind instead of owning a row of a linear
layer. The value reads the summary. ``--head linear`` gives MaskablePPO's own heads (a
64-unit layer, then a linear layer to every action) the summary instead, for comparison.
``--observation flat`` trains ``MlpPolicy`` on the flat
vector instead, as ``benchmarks/rl_baseline.py`` does, for comparison.

Training runs ``--envs`` environments in turn on one thread, the agent on a seat drawn at each
reset, each environment against one of ``--opponents`` (comma-separated bot specs, given to the
environments in turn: ``random,greedy`` trains half against each). With ``--snapshot-every N``
it plays itself too: every ``N`` steps a frozen copy of the policy joins the pool of every
environment but the first ``--kept`` (:class:`noahrules.rl.SelfPlay`, drawn by recency: the
newest copy ``1 / --recency`` times as likely as the one before, the bot among them). Every
``--report`` steps it prints the steps, the CPU time, the steps per CPU second and the share of
the last 100 games won; with ``--cpu`` it stops once training has taken that many CPU seconds.
At the end it saves the model (``--out``, a zip of MaskablePPO's; not part of the wheel) and
measures it with :func:`noahrules.rl.evaluate`: ``--games`` games against each of random and
greedy on seeds training never drew, the agent on seat 0 in even games and seat 1 in odd ones,
taking its most likely legal action; a win counts 1, a shared win 1/2, with 95% Wilson
intervals.

It needs PyTorch, stable-baselines3 and sb3-contrib beside the ``rl`` extra (no extra brings
them)::

    python -m venv /tmp/rlvenv
    /tmp/rlvenv/bin/pip install torch --index-url https://download.pytorch.org/whl/cpu
    /tmp/rlvenv/bin/pip install stable-baselines3 sb3-contrib -e ".[rl]"
    nice -n 10 /tmp/rlvenv/bin/python benchmarks/train_island.py --steps 200000 \\
        --opponents random,greedy --out island-planes.zip

To play a saved agent: ``MaskablePPO.load(path)`` with this file importable (the policy's
classes are here), or :func:`load`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import gymnasium
import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.policies import MaskableMultiInputActorCriticPolicy
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
from stable_baselines3.common.vec_env import DummyVecEnv
from torch import nn

from noahrules.rl import NoahEnv, SelfPlay, evaluate, planes_for

GAME = "island"
EVALUATED = ("random", "greedy")
HELD_OUT = 1_000_000
"""The first seed of the evaluation games; training draws 63-bit seeds, never these few."""


class BoardExtractor(BaseFeaturesExtractor):  # type: ignore[misc]
    """Convolutions over the planes, the vector added to the first layer in every cell.

    Its features are the final feature map, flattened (``channels`` per cell), then a summary of
    ``hidden`` values: the map's mean and max over the cells and the vector, through a layer;
    with ``summary_only``, the summary alone (for MaskablePPO's own heads)."""

    def __init__(
        self,
        observation_space: spaces.Dict,
        channels: int = 32,
        layers: int = 3,
        hidden: int = 128,
        summary_only: bool = False,
    ) -> None:
        board, values = observation_space["board"], observation_space["vector"]
        planes, height, width = board.shape
        cells = height * width
        size = hidden if summary_only else channels * cells + hidden
        super().__init__(observation_space, features_dim=size)
        self.channels, self.cells, self.hidden = channels, cells, hidden
        self.summary_only = summary_only
        self.register_buffer("scale", torch.as_tensor(1.0 / np.maximum(values.high, 1.0)))
        self.values = nn.Linear(values.shape[0], channels)
        self.first = nn.Conv2d(planes, channels, 3, padding=1)
        self.rest = nn.ModuleList(
            nn.Conv2d(channels, channels, 3, padding=1) for _ in range(layers - 1)
        )
        self.summary = nn.Sequential(nn.Linear(3 * channels, hidden), nn.ReLU())

    def forward(self, observations: dict[str, torch.Tensor]) -> torch.Tensor:
        values = torch.relu(self.values(observations["vector"] * self.scale))
        x = torch.relu(self.first(observations["board"]) + values[:, :, None, None])
        for conv in self.rest:
            x = torch.relu(x + conv(x))
        flat = x.flatten(2)
        summary = self.summary(torch.cat([flat.mean(2), flat.amax(2), values], 1))
        if self.summary_only:
            return summary
        return torch.cat([flat.flatten(1), summary], 1)


class CellHead(nn.Module):
    """The logit of every action from the cells it acts on (see the module docstring).

    ``kinds[i]``: the action block of action ``i``; ``cells[i]``: the cells it acts on (none,
    one or two). Per block, a 1 x 1 reading of the feature map gives a score per cell; an
    action's logit is the sum of its cells' scores, or, for an action on no cell, its block's
    score from the summary."""

    def __init__(
        self,
        channels: int,
        cells: int,
        hidden: int,
        kinds: Sequence[int],
        targets: Sequence[Sequence[int]],
    ) -> None:
        super().__init__()
        blocks = 1 + max(kinds)
        self.channels, self.cells = channels, cells
        self.score = nn.Conv1d(channels, blocks, 1)
        self.alone = nn.Linear(hidden, blocks)
        nn.init.normal_(self.score.weight, std=0.01)
        nn.init.zeros_(self.score.bias)
        nn.init.normal_(self.alone.weight, std=0.01)
        nn.init.zeros_(self.alone.bias)
        zero = blocks * cells + blocks  # a column of zeros after the scores
        first, second = [], []
        for kind, where in zip(kinds, targets, strict=True):
            spots = [kind * cells + c for c in where] or [blocks * cells + kind]
            first.append(spots[0])
            second.append(spots[1] if len(spots) > 1 else zero)
        self.register_buffer("first", torch.as_tensor(first, dtype=torch.long))
        self.register_buffer("second", torch.as_tensor(second, dtype=torch.long))

    def forward(self, features: torch.Tensor) -> torch.Tensor:
        split = self.channels * self.cells
        grid = features[:, :split].view(-1, self.channels, self.cells)
        scores = torch.cat(
            [
                self.score(grid).flatten(1),
                self.alone(features[:, split:]),
                features.new_zeros(features.shape[0], 1),
            ],
            1,
        )
        return scores[:, self.first] + scores[:, self.second]


class Summary(nn.Module):
    """The value from the summary part of the features."""

    def __init__(self, hidden: int) -> None:
        super().__init__()
        self.hidden = hidden
        self.value = nn.Sequential(nn.Linear(hidden, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, features: torch.Tensor) -> torch.Tensor:
        return self.value(features[:, -self.hidden :])


class BoardPolicy(MaskableMultiInputActorCriticPolicy):  # type: ignore[misc]
    """MaskablePPO's policy with :class:`CellHead` for the actions and :class:`Summary` for the
    value, over :class:`BoardExtractor`'s features (``kinds`` and ``targets`` as
    :class:`CellHead` takes them)."""

    def __init__(
        self, *args: Any, kinds: Sequence[int], targets: Sequence[Sequence[int]], **kwargs: Any
    ) -> None:
        self.kinds, self.targets = list(kinds), [list(t) for t in targets]
        kwargs.setdefault("net_arch", {"pi": [], "vf": []})
        super().__init__(*args, **kwargs)

    def _get_constructor_parameters(self) -> dict[str, Any]:
        """What makes this policy anew (stable-baselines3 saves and loads it, and
        :class:`noahrules.rl.SelfPlay` freezes copies with it), the action cells too."""
        parameters: dict[str, Any] = super()._get_constructor_parameters()
        return {**parameters, "kinds": self.kinds, "targets": self.targets}

    def _build(self, lr_schedule: Callable[[float], float]) -> None:
        """The networks and the optimizer (MaskablePPO's ``_build`` would make, and drop, a
        linear layer from every feature to every action first)."""
        self._build_mlp_extractor()
        extractor = self.features_extractor
        self.action_net = CellHead(
            extractor.channels, extractor.cells, extractor.hidden, self.kinds, self.targets
        )
        self.value_net = Summary(extractor.hidden)
        if self.ortho_init:
            extractor.apply(partial(self.init_weights, gain=np.sqrt(2)))
        self.optimizer = self.optimizer_class(
            self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs
        )


def action_cells(env: NoahEnv[Any]) -> tuple[list[int], list[list[int]]]:
    """Per action of the environment's numbering: its block, and the cells of the spaces it
    acts on (the planes' ``targets``), as indexes into the flattened planes."""
    setup = env.setup
    planes = planes_for(setup.rules, setup.players)
    width = planes.planes.width
    cells = [r * width + c for r, c in planes.planes.cells]
    kinds: list[int] = []
    targets: list[list[int]] = []
    for index, block in enumerate(setup.codec.blocks):
        for move in block.moves:
            kinds.append(index)
            targets.append([cells[s] for s in planes.targets(move)])
    return kinds, targets


def make_model(args: argparse.Namespace, vec_env: DummyVecEnv, probe: NoahEnv[Any]) -> Any:
    """MaskablePPO with the network of ``--observation``."""
    settings: dict[str, Any] = {
        "n_steps": args.n_steps,
        "batch_size": args.batch_size,
        "n_epochs": args.epochs,
        "learning_rate": args.lr,
        "gamma": args.gamma,
        "ent_coef": args.ent_coef,
        "seed": args.seed,
        "device": "cpu",
    }
    if args.observation == "flat":
        return MaskablePPO("MlpPolicy", vec_env, **settings)
    extractor = {"channels": args.channels, "layers": args.layers, "hidden": args.hidden}
    if args.head == "linear":
        policy_kwargs: dict[str, Any] = {
            "features_extractor_class": BoardExtractor,
            "features_extractor_kwargs": {**extractor, "summary_only": True},
        }
        return MaskablePPO("MultiInputPolicy", vec_env, policy_kwargs=policy_kwargs, **settings)
    kinds, targets = action_cells(probe)
    policy_kwargs = {
        "features_extractor_class": BoardExtractor,
        "features_extractor_kwargs": extractor,
        "kinds": kinds,
        "targets": targets,
    }
    return MaskablePPO(BoardPolicy, vec_env, policy_kwargs=policy_kwargs, **settings)


class Progress(BaseCallback):  # type: ignore[misc]
    """Prints the steps, the CPU time and the share of the last 100 games won, every
    ``every`` steps; stops the training once it has taken ``budget`` CPU seconds, if given."""

    def __init__(self, every: int, budget: float | None = None) -> None:
        super().__init__()
        self.every, self.next, self.budget = every, every, budget
        self.cpu = time.process_time()

    def _on_step(self) -> bool:
        if self.budget is not None and time.process_time() - self.cpu > self.budget:
            return False
        if self.num_timesteps >= self.next:
            self.next += self.every
            cpu = time.process_time() - self.cpu
            games = [info["r"] for info in self.model.ep_info_buffer]
            won = sum(r > 0 for r in games) / len(games) if games else 0.0
            print(
                f"{self.num_timesteps:>9,} steps  {cpu:>7,.0f} s CPU  "
                f"{self.num_timesteps / cpu:>5.0f} steps/s  won {won:.2f} of the last "
                f"{len(games)} games",
                flush=True,
            )
        return True


class Snapshots(BaseCallback):  # type: ignore[misc]
    """Every ``every`` steps, puts a frozen copy of the policy in the pool of each environment
    but the first ``kept`` (self-play: :class:`noahrules.rl.SelfPlay`), which keep meeting
    their bots only."""

    def __init__(self, every: int, kept: int) -> None:
        super().__init__()
        self.every, self.next, self.kept = every, every, kept

    def _on_step(self) -> bool:
        if self.every and self.num_timesteps >= self.next:
            self.next += self.every
            envs = list(range(self.kept, self.training_env.num_envs))
            names = self.training_env.env_method("add", self.model.policy, indices=envs)
            print(
                f"{self.num_timesteps:>9,} steps  pool + {names[0] if names else '-'}", flush=True
            )
        return True


def load(path: str) -> Any:
    """A model this script saved."""
    return MaskablePPO.load(path, device="cpu")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=100_000, help="training steps")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponents", default="greedy", help="bot specs, comma-separated")
    parser.add_argument("--observation", choices=("planes", "flat"), default="planes")
    parser.add_argument(
        "--head",
        choices=("cells", "linear"),
        default="cells",
        help="planes: score actions by their cells, or by a linear layer of the summary",
    )
    parser.add_argument("--out", default="island-agent.zip", help="where to save the model")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--envs", type=int, default=4, help="environments stepped in turn")
    parser.add_argument("--games", type=int, default=100, help="evaluation games per bot")
    parser.add_argument("--cpu", type=float, help="stop training after this many CPU seconds")
    parser.add_argument("--report", type=int, default=10_000, help="steps between reports")
    parser.add_argument("--n-steps", type=int, default=512, help="steps per env per update")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--channels", type=int, default=32)
    parser.add_argument("--layers", type=int, default=3)
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument(
        "--snapshot-every",
        type=int,
        default=0,
        help="self-play: steps between frozen copies put in the pools (0: none)",
    )
    parser.add_argument(
        "--kept", type=int, default=0, help="self-play: environments that meet their bots only"
    )
    parser.add_argument(
        "--recency", type=float, default=0.5, help="self-play: SelfPlay's recency (sampling)"
    )
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    opponents = args.opponents.split(",")

    def factory(i: int) -> Callable[[], gymnasium.Env[Any, Any]]:
        return lambda: Monitor(
            SelfPlay(
                GAME,
                players=args.players,
                opponents=[opponents[i % len(opponents)]],
                seat=None,
                observation=args.observation,
                sampling="recent",
                recency=args.recency,
            )
        )

    vec_env = DummyVecEnv([factory(i) for i in range(args.envs)])
    vec_env.seed(args.seed)
    probe = NoahEnv(GAME, players=args.players, observation=args.observation)
    model = make_model(args, vec_env, probe)
    parameters = sum(p.numel() for p in model.policy.parameters())
    head = f", head {args.head}" if args.observation == "planes" else ""
    print(
        f"{GAME}, {args.players} players, observation {args.observation}{head}, against "
        f"{', '.join(opponents)}: {parameters:,} parameters",
        flush=True,
    )
    wall, cpu = time.perf_counter(), time.process_time()
    callbacks = [Progress(args.report, args.cpu), Snapshots(args.snapshot_every, args.kept)]
    model.learn(total_timesteps=args.steps, callback=callbacks)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    model.save(args.out)
    print(
        f"trained {model.num_timesteps:,} steps in {wall:,.0f} s wall, {cpu:,.0f} s CPU "
        f"({model.num_timesteps / cpu:,.0f} steps per CPU second); saved {args.out}",
        flush=True,
    )
    for opponent in EVALUATED:
        cpu = time.process_time()
        result = evaluate(
            model,
            GAME,
            players=args.players,
            opponents=opponent,
            games=args.games,
            seed=HELD_OUT,
            observation=args.observation,
        )
        seats = ", ".join(f"seat {s} {w.win_rate:.2f}" for s, w in enumerate(result.by_seat))
        print(
            f"vs {opponent}: {result.win_rate:.2f} [{result.low:.2f}, {result.high:.2f}] over "
            f"{result.games} held-out games ({seats}; {time.process_time() - cpu:,.0f} s CPU)",
            flush=True,
        )


if __name__ == "__main__":
    main()
