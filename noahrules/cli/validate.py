"""``noahrules validate``: every problem of a rules, variant or board file, with its line."""

from __future__ import annotations

import argparse
from pathlib import Path

from noahrules.cli.common import add_command
from noahrules.data import Findings, data_dir, is_file_name, load_yaml
from noahrules.errors import RulesDataError
from noahrules.game import GAMES, DataKind

__all__ = ["register", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``validate`` to the command line."""
    check = add_command(commands, "validate", "check a variant, rules or board file", run)
    check.add_argument("file", metavar="FILE.yaml")
    check.add_argument("--game", choices=list(GAMES), help="the game (default: told from the file)")


def run(args: argparse.Namespace) -> int:
    """Check a variant, rules or board file: every problem and every warning is printed with
    file, line, column and key path, in one run; the exit status is 1 if there is a problem.

    A warning is data that loads but leaves a rule unreachable (a card no player count uses, a
    species that can never make a pair); it does not change the exit status.
    """
    name: str = args.file
    path = Path(name)
    if not path.is_file():
        print(f"{name}: no such file")
        return 1
    # load_rules reads a bare name as a packaged variant: make sure it reads this file.
    given = name if is_file_name(name) else f"./{name}"
    try:
        keys = _top_keys(load_yaml(path).value)
    except RulesDataError as exc:
        return _report(name, Findings.of(exc), "")
    games = [args.game] if args.game else _guess_games(keys)
    kind = _data_kind(keys, games)
    if kind is not None:
        game, data = kind
        return _report(name, data.check(path), f"{game} {data.name}")
    checked = [(game, _check(game, given)) for game in games]
    accepted = [game for game, found in checked if not found.errors]
    if accepted:
        warnings = Findings()
        warnings.warnings = checked[games.index(accepted[0])][1].warnings
        return _report(name, warnings, " or ".join(f"{game} variant" for game in accepted))
    found = checked[0][1]
    if len(games) > 1:
        note = f"the keys do not tell the game: checked as a {games[0]} variant; see --game"
        found.errors.append(RulesDataError(name, "", note))
    return _report(name, found, "")


def _check(game: str, file: str) -> Findings:
    check = GAMES[game].check_rules
    if check is None:
        return Findings.of(RulesDataError(file, "", f"the game {game} cannot check rules data"))
    return check([file])


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


def _top_keys(value: object) -> set[str]:
    return {str(k) for k in value} if isinstance(value, dict) else set()


def _game_keys(game: str) -> set[str]:
    """The top-level and ``rules`` keys that a game's data uses (read from its packaged data)."""
    keys: set[str] = set()
    for file in data_dir(game).glob("*.yaml"):
        data = load_yaml(file).value
        keys |= _top_keys(data)
        if isinstance(data, dict):
            keys |= _top_keys(data.get("rules"))
    return keys


def _data_kind(keys: set[str], games: list[str]) -> tuple[str, DataKind] | None:
    """The kind of data file (other than a variant) that has these keys, if any."""
    for name in games:
        for kind in GAMES[name].data_kinds:
            if kind.keys & keys:
                return name, kind
    return None


def _guess_games(keys: set[str]) -> list[str]:
    """The games a file may belong to, told by the keys it uses: one game, or all of them
    when its keys do not tell."""
    found = _data_kind(keys, list(GAMES))
    if found is not None:
        return [found[0]]
    owned = {game: _game_keys(game) for game in GAMES}
    shared = set.intersection(*owned.values())
    scores = {game: len((own - shared) & keys) for game, own in owned.items()}
    best = max(scores.values())
    return [game for game in GAMES if scores[game] == best]
