"""``noahrules validate``: every problem of a rules, variant or board file, with its line."""

from __future__ import annotations

import argparse
from pathlib import Path

from noahrules.cli.common import add_command
from noahrules.data import Findings, is_file_name, load_yaml
from noahrules.errors import RulesDataError
from noahrules.game import DataKind, Game
from noahrules.games import GAMES, all_games, other_games

__all__ = ["register", "run"]

_EVERY_VARIANT = frozenset({"description", "rules"})
"""The keys any game's variant file may hold: they tell no game."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``validate`` to the command line."""
    check = add_command(commands, "validate", run)
    check.add_argument("file", metavar="FILE.yaml")
    check.add_argument("--game", choices=list(GAMES), help="the game (default: told from the file)")


def run(args: argparse.Namespace) -> int:
    """Check a variant, rules or board file: every problem and every warning is printed with
    file, line, column and key path, in one run; the exit status is 1 if there is a problem.

    The game is told from the keys the file uses, among the registered games; a variant whose
    keys every game's variants have (a description alone) is checked against every game;
    --game names the game. A warning is data that loads but leaves a rule unreachable (a card no
    player count uses, a species that can never make a pair); it does not change the exit
    status.
    """
    name: str = args.file
    path = Path(name)
    if not path.is_file():
        print(f"{name}: no such file")
        return 1
    # load_rules reads a bare name as a packaged variant: make sure it reads this file.
    given = name if is_file_name(name) else f"./{name}"
    try:
        keys = _keys(load_yaml(path, Findings()).value)
    except RulesDataError as exc:
        return _report(name, Findings.of(exc), "")
    games = [GAMES[args.game]] if args.game else list(all_games())
    kind = _data_kind(keys, games)
    if kind is not None:
        game, data = kind
        return _report(name, data.check(path), f"{game.name} {data.name}")
    if not args.game:
        games = _told(keys) or list(all_games())
    checked = [(game, _check(game, given)) for game in games]
    accepted = [game for game, found in checked if not found.errors]
    if accepted:
        warnings = Findings()
        warnings.warnings = checked[games.index(accepted[0])][1].warnings
        return _report(name, warnings, " or ".join(f"{game.name} variant" for game in accepted))
    found = checked[0][1]
    if len(games) > 1:
        names = ", ".join(game.name for game in games)
        note = f"the keys fit the games {names}: checked as a {games[0].name} variant; see --game"
        found.errors.append(RulesDataError(name, "", note))
    return _report(name, found, "")


def _check(game: Game, file: str) -> Findings:
    if game.check_rules is None:
        return Findings.of(
            RulesDataError(file, "", f"the game {game.name} cannot check rules data")
        )
    found = game.check_rules([file])
    if found.errors:
        found.errors = list(other_games(RulesDataError.of(found.errors), game).problems)
    return found


def _report(name: str, found: Findings, what: str) -> int:
    """Print the problems and warnings, this file's first, each in line order."""

    def order(error: RulesDataError) -> tuple[bool, str, int, int]:
        return (Path(error.file) != Path(name), error.file, error.line or 0, error.column or 0)

    for error in sorted(found.errors, key=order):
        print(error)
    for warning in sorted(found.warnings, key=order):
        print(f"warning: {warning}")
    count = len(found.errors)
    if count:
        print(f"{count} problem{'s' if count > 1 else ''}")
        return 1
    warned = len(found.warnings)
    note = f", {warned} warning{'s' if warned > 1 else ''}" if warned else ""
    print(f"{name}: ok ({what}{note})")
    return 0


def _keys(value: object) -> set[str]:
    """The keys a file uses: at its top, and under ``rules``."""
    if not isinstance(value, dict):
        return set()
    keys = {str(k) for k in value}
    rules = value.get("rules")
    return keys | ({str(k) for k in rules} if isinstance(rules, dict) else set())


def _data_kind(keys: set[str], games: list[Game]) -> tuple[Game, DataKind] | None:
    """The kind of data file (other than a variant) that has these keys, if any."""
    for game in games:
        for kind in game.data_kinds:
            if kind.keys & keys:
                return game, kind
    return None


def _told(keys: set[str]) -> list[Game]:
    """The games a variant file may belong to, told by the keys of their schemas it uses that
    not every variant has: those using the most of them (none when it uses none)."""
    scores = {
        game: len(keys & (game.schema.keys - _EVERY_VARIANT))
        for game in all_games()
        if game.schema is not None
    }
    best = max(scores.values(), default=0)
    return [game for game, score in scores.items() if score == best] if best else []
