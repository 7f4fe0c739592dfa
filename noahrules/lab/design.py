"""What a balance study plays: its arms (the base rules, each variant, each value of a
parameter sweep), the bots, the player counts and how many deals.

Every arm plays the same deals: deal ``d`` has the same seed under every arm, and each deal is
played once from every seat order (see :mod:`noahrules.lab.run`). With several player counts,
each count is a study of its own on the same arms, reported side by side.
"""

from __future__ import annotations

import itertools
import math
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from noahrules.bots import BotLike, bot_factory
from noahrules.game import Game, RulesValue
from noahrules.games import game_named
from noahrules.lab.settings import Setting, load_with, shown, warnings_with
from noahrules.safe_yaml import parse
from noahrules.simulation import DEFAULT_MAX_DECISIONS

__all__ = ["BASE", "DEFAULT_BLOCK", "Arm", "Study", "parse_setting"]

BASE = "base"
"""The name of the arm every other arm is compared with."""
DEFAULT_BLOCK = 100
"""Deals per block: the unit of work between two points where an interrupted study can stop
with whole deals."""


@frozen
class Arm:
    """One set of rules a study plays: a name, the variants (names or files) to load and the
    rules parameters set on top of them (``--set``)."""

    name: str
    variants: tuple[str, ...]
    """Everything given to ``load_rules``: the study's base variants, then this arm's."""
    settings: tuple[Setting, ...] = ()
    """Rules parameters set after the variants, in order: ``(("hand_size", 7),)``."""

    def rules(self, game: Game) -> RulesValue:
        """This arm's rules of ``game``; a :class:`~noahrules.errors.RulesDataError` naming the
        setting (``--set hand_size=-1``) for a value the rules data refuses."""
        return load_with(game, self.variants, self.settings)

    def warnings(self, game: Game) -> list[str]:
        """What ``noahrules validate`` warns of in this arm's rules (data that loads but leaves
        a rule unreachable)."""
        return warnings_with(game, self.variants, self.settings)


@frozen
class Study:
    """A balance study: under every arm and for every player count, ``games`` games of
    ``game`` in whole deals, each deal played from every seat order, by ``bots`` (repeated to
    fill the seats; they move one seat on each deal)."""

    game: str
    arms: tuple[Arm, ...]
    """The base arm first."""
    players: tuple[int, ...]
    """The player counts, in the order given."""
    bots: tuple[BotLike, ...]
    """The bots as given (names or spec strings), repeated to fill the seats."""
    games: int
    """Games asked for per arm and player count (rounded up to whole deals)."""
    seed: int = 0
    max_decisions: int = DEFAULT_MAX_DECISIONS
    move_time: float | None = None
    block: int = DEFAULT_BLOCK

    def deals(self, players: int) -> int:
        """Deals per arm at ``players`` seats: the games rounded up to whole deals."""
        return math.ceil(self.games / players)

    def seating(self, players: int) -> tuple[BotLike, ...]:
        """The bot of each seat at ``players`` seats."""
        return tuple(self.bots[i % len(self.bots)] for i in range(players))

    def games_per_arm(self, players: int) -> int:
        """Games each arm plays at ``players`` seats: one per deal and seat order."""
        return self.deals(players) * players

    @property
    def cells(self) -> tuple[tuple[int, int], ...]:
        """Every (arm index, player count) the study plays, arm by arm."""
        return tuple((a, n) for a in range(len(self.arms)) for n in self.players)

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bots by name, as given."""
        return tuple(bot_factory(bot)[0] for bot in self.bots)

    def with_bots(self, bots: Sequence[BotLike]) -> Study:
        """The same study played by other bots (a strength check)."""
        if not bots:
            raise ValueError("a study needs at least one bot")
        for bot in bots:
            bot_factory(bot)  # a ValueError for one that is none
        return Study(
            self.game,
            self.arms,
            self.players,
            tuple(bots),
            self.games,
            self.seed,
            self.max_decisions,
            self.move_time,
            self.block,
        )

    @classmethod
    def design(
        cls,
        game: str | Game,
        variants: Sequence[str | os.PathLike[str]] = (),
        *,
        games: int,
        base: Sequence[str | os.PathLike[str]] = (),
        sweeps: Mapping[str, Sequence[object]] | None = None,
        grid: bool = False,
        players: int | Sequence[int] | None = None,
        bots: Sequence[BotLike] = ("greedy",),
        seed: int = 0,
        max_decisions: int = DEFAULT_MAX_DECISIONS,
        move_time: float | None = None,
        block: int = DEFAULT_BLOCK,
    ) -> Study:
        """A study of ``game``: the base rules (with the ``base`` variants), one arm per entry
        of ``variants`` (a packaged name, a file, or several joined by ``+``), and one arm per
        value of each parameter of ``sweeps`` (``{"hand_size": [6, 7, 8]}``), or with ``grid``
        one arm per combination of the sweeps' values. Nothing is written: a setting is
        loaded as a variant of its own and checked as one.

        ``games`` is the number of games per arm and player count, rounded up to whole deals
        (a deal is played once per player, from every seat order). ``players`` is a count or
        several (default 3, or the nearest the game allows); ``bots`` are repeated to fill the
        seats. Raises :class:`ValueError` for bad arguments and
        :class:`~noahrules.errors.RulesDataError` for rules that do not load, naming the
        setting or file at fault.
        """
        spec = game_named(game)
        for name, value in (("games", games), ("block", block)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
        if not bots:
            raise ValueError("a study needs at least one bot")
        for bot in bots:
            bot_factory(bot)
        base_variants = tuple(os.fspath(v) for v in base)
        arms = [Arm(BASE, base_variants)]
        for variant in variants:
            parts = tuple(p for p in os.fspath(variant).split("+") if p)
            arms.append(Arm("+".join(_label(p) for p in parts), base_variants + parts))
        arms += _swept(base_variants, sweeps or {}, grid)
        _check_unique(arms)
        for arm in arms:
            arm.rules(spec)
        counts = _players(spec, arms[0].rules(spec), players)
        return cls(
            game=spec.name,
            arms=tuple(arms),
            players=counts,
            bots=tuple(bots),
            games=games,
            seed=seed,
            max_decisions=max_decisions,
            move_time=move_time,
            block=block,
        )


def _swept(base: tuple[str, ...], sweeps: Mapping[str, Sequence[object]], grid: bool) -> list[Arm]:
    """The arms of the sweeps: one per value of each parameter, or per combination."""
    for name, values in sweeps.items():
        if not values:
            raise ValueError(f"the sweep of {name} has no values")
    if grid and len(sweeps) > 1:
        combinations = itertools.product(*([(n, v) for v in vs] for n, vs in sweeps.items()))
        settings = [tuple(c) for c in combinations]
    else:
        settings = [((name, value),) for name, values in sweeps.items() for value in values]
    return [
        Arm(", ".join(f"{n}={shown(v)}" for n, v in setting), base, setting) for setting in settings
    ]


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


def _players(game: Game, rules: RulesValue, players: int | Sequence[int] | None) -> tuple[int, ...]:
    if players is None:
        return (min(max(3, rules.min_players), rules.max_players),)
    counts: Sequence[Any] = (players,) if isinstance(players, int) else players
    if not counts:
        raise ValueError("a study needs at least one player count")
    for count in counts:
        if isinstance(count, bool) or not isinstance(count, int) or count not in game.seats(rules):
            raise ValueError(
                f"{game.name} takes {rules.min_players} to {rules.max_players} players, "
                f"not {count!r}"
            )
    if len(set(counts)) < len(counts):
        raise ValueError(f"a player count is given twice: {', '.join(map(str, counts))}")
    return tuple(counts)


def parse_setting(text: str) -> tuple[str, list[object]]:
    """A sweep as the command line gives it, ``name=v1,v2,...``: the parameter's name and its
    values, read as YAML (``hand_size=6,7,8``; ``rounds=2,4``;
    ``departure_gifts=[1,2],[2,3]``). Raises :class:`ValueError` for anything else."""
    name, equals, values = text.partition("=")
    name = name.strip()
    if not equals or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) or not values.strip():
        raise ValueError(f"--set {text!r}: expected NAME=VALUE[,VALUE...], e.g. hand_size=6,7,8")
    parsed, _ = parse(f"[{values}]", "--set")
    if not isinstance(parsed, list) or not parsed:
        raise ValueError(f"--set {text!r}: no values")
    return name, parsed
