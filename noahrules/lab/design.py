"""What a balance study plays: its arms (the base rules, each variant, each value of a
parameter sweep), the bots, the players and how many deals.

Every arm plays the same deals: deal ``d`` has the same seed under every arm, and each deal is
played once from every seat order (see :mod:`noahrules.lab.run`).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

import yaml
from attrs import frozen

from noahrules.bots import BotLike, bot_factory
from noahrules.game import Game, RulesValue, game_named
from noahrules.safe_yaml import parse
from noahrules.simulation import DEFAULT_MAX_DECISIONS

__all__ = ["BASE", "DEFAULT_BLOCK", "Arm", "Study", "parse_setting", "sweep_file"]

BASE = "base"
"""The name of the arm every other arm is compared with."""
DEFAULT_BLOCK = 100
"""Deals per block: the unit of work between two points where an interrupted study can stop
with whole deals."""


@frozen
class Arm:
    """One set of rules a study plays: a name and the variants (names or files) to load."""

    name: str
    variants: tuple[str, ...]
    """Everything given to ``load_rules``: the study's base variants, then this arm's."""

    def rules(self, game: Game) -> RulesValue:
        """This arm's rules of ``game``."""
        rules: RulesValue = game.load_rules(self.variants)
        return rules


@frozen
class Study:
    """A balance study: ``deals`` deals of ``game`` under every arm, each deal played from every
    seat order, by ``bots`` (one per seat; they move one seat on each deal)."""

    game: str
    arms: tuple[Arm, ...]
    """The base arm first."""
    players: int
    bots: tuple[BotLike, ...]
    deals: int
    seed: int = 0
    max_decisions: int = DEFAULT_MAX_DECISIONS
    move_time: float | None = None
    block: int = DEFAULT_BLOCK

    @property
    def tables(self) -> int:
        """Games per deal: one per seat order, so one per player."""
        return self.players

    @property
    def games_per_arm(self) -> int:
        """Games each arm plays."""
        return self.deals * self.tables

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bots by name, one per seat."""
        return tuple(bot_factory(bot)[0] for bot in self.bots)

    @classmethod
    def design(
        cls,
        game: str | Game,
        variants: Sequence[str | os.PathLike[str]] = (),
        *,
        games: int,
        base: Sequence[str | os.PathLike[str]] = (),
        sweeps: Mapping[str, Sequence[object]] | None = None,
        folder: str | os.PathLike[str] | None = None,
        players: int | None = None,
        bots: Sequence[BotLike] = ("greedy",),
        seed: int = 0,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        move_time: float | None = None,
        block: int = DEFAULT_BLOCK,
    ) -> Study:
        """A study of ``game``: the base rules (with the ``base`` variants), one arm per entry
        of ``variants`` (a packaged name, a file, or several joined by ``+``), and one arm per
        value of each parameter of ``sweeps`` (``{"hand_size": [6, 7, 8]}``), whose variant
        files are written to ``folder``.

        ``games`` is the number of games per arm, rounded up to whole deals (a deal is played
        once per player, from every seat order). ``players`` defaults to 3, or the nearest the
        game allows; ``bots`` are repeated to fill the seats. Raises :class:`ValueError` for
        bad arguments and :class:`~noahrules.errors.RulesDataError` for rules that do not load.
        """
        spec = game_named(game)
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ValueError(f"games must be a whole number of at least 1, got {games!r}")
        if isinstance(block, bool) or not isinstance(block, int) or block < 1:
            raise ValueError(f"block must be a whole number of at least 1, got {block!r}")
        if not bots:
            raise ValueError("a study needs at least one bot")
        base_variants = tuple(os.fspath(v) for v in base)
        arms = [Arm(BASE, base_variants)]
        for variant in variants:
            parts = tuple(p for p in os.fspath(variant).split("+") if p)
            arms.append(Arm("+".join(_label(p) for p in parts), base_variants + parts))
        for name, values in (sweeps or {}).items():
            if folder is None:
                raise ValueError("a parameter sweep needs a folder for its variant files")
            for value in values:
                path = sweep_file(Path(folder), name, value)
                arms.append(Arm(f"{name}={_shown(value)}", (*base_variants, str(path))))
        _check_unique(arms)
        for arm in arms:
            arm.rules(spec)
        seats = _players(spec, arms[0].rules(spec), players)
        return cls(
            game=spec.name,
            arms=tuple(arms),
            players=seats,
            bots=tuple(bots[i % len(bots)] for i in range(seats)),
            deals=math.ceil(games / seats),
            seed=seed,
            max_decisions=max_decisions,
            move_time=move_time,
            block=block,
        )


def _label(variant: str) -> str:
    """How an arm names a variant: a packaged name as it is, a file by its file name."""
    return (
        Path(variant).name if ("/" in variant or variant.endswith((".yaml", ".yml"))) else variant
    )


def _check_unique(arms: Sequence[Arm]) -> None:
    seen: set[str] = set()
    for arm in arms:
        if arm.name in seen:
            raise ValueError(f"two arms are called '{arm.name}': give each variant once")
        seen.add(arm.name)


def _players(game: Game, rules: RulesValue, players: int | None) -> int:
    if players is None:
        return min(max(3, rules.min_players), rules.max_players)
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or players not in game.seats(rules)
    ):
        raise ValueError(
            f"{game.name} takes {rules.min_players} to {rules.max_players} players, not {players!r}"
        )
    return players


def parse_setting(text: str) -> tuple[str, list[object]]:
    """A sweep as the command line gives it, ``name=v1,v2,...``: the parameter's name and its
    values, read as YAML (``hand_size=6,7,8``; ``rounds=null,2``;
    ``departure_gifts=[1,2],[2,3]``). Raises :class:`ValueError` for anything else."""
    name, equals, values = text.partition("=")
    name = name.strip()
    if not equals or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or not values.strip():
        raise ValueError(f"--set {text!r}: expected NAME=VALUE[,VALUE...], e.g. hand_size=6,7,8")
    parsed, _ = parse(f"[{values}]", "--set")
    if not isinstance(parsed, list) or not parsed:
        raise ValueError(f"--set {text!r}: no values")
    return name, parsed


def sweep_file(folder: Path, name: str, value: object) -> Path:
    """Write the variant file that sets the rules parameter ``name`` to ``value`` in
    ``folder`` (made if needed) and return its path. Its file name names the setting."""
    folder.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^A-Za-z0-9._=-]+", "_", f"{name}={_shown(value)}").strip("_")
    path = folder / f"{slug}.yaml"
    text = yaml.safe_dump(
        {"description": f"balance sweep: {name} = {_shown(value)}", "rules": {name: value}},
        sort_keys=False,
    )
    path.write_text(text, encoding="utf-8")
    return path


def _shown(value: object) -> str:
    """A parameter value as YAML writes it in a flow (``null``, ``7``, ``[1, 2]``)."""
    text: str = yaml.safe_dump(value, default_flow_style=True, width=1000)
    return text.removesuffix("\n...\n").strip()
