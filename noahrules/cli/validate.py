"""``noahrules validate``: every problem of a rules, variant or board file, with its line."""

from __future__ import annotations

import argparse
import re
import tempfile
from pathlib import Path

import attrs
import yaml

from noahrules.cli.common import add_command
from noahrules.data import data_dir
from noahrules.errors import RulesDataError
from noahrules.game import GAMES, DataKind

__all__ = ["Problem", "register", "run"]

_PATH_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
_ROW = re.compile(r"^row (\d+), column \d+")
_AT_LINE = re.compile(r"at line (\d+)")


@attrs.frozen
class Problem:
    """One problem found in a file: where (file, line, key path) and what."""

    file: str
    line: int | None
    path: str
    problem: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.path}: {self.problem}" if self.path else f"{where}: {self.problem}"


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``validate`` to the command line."""
    check = add_command(commands, "validate", "check a variant, rules or board file", run)
    check.add_argument("file", metavar="FILE.yaml")
    check.add_argument("--game", choices=list(GAMES), help="the game (default: told from the file)")


def run(args: argparse.Namespace) -> int:
    """Check a variant, rules or board file: every problem is printed with file, line and key
    path, and the exit status is 1 if there is any."""
    name: str = args.file
    path = Path(name)
    if not path.is_file():
        print(f"{name}: no such file")
        return 1
    # load_rules reads a bare name as a packaged variant: make sure it reads this file.
    given = name if ("/" in name or name.endswith((".yaml", ".yml"))) else f"./{name}"
    problems, root = _parse_problems(given, path)
    found = ""
    if root is not None:
        games = [args.game] if args.game else _guess_games(root)
        found, load_problems = _load_problems(given, root, games)
        problems += load_problems
    problems.sort(key=lambda p: (p.file != given, p.file, p.line is None, p.line or 0))
    for problem in problems:
        print(problem)
    if problems:
        count = len(problems)
        print(f"{count} problem{'s' if count > 1 else ''}")
        return 1
    print(f"{name}: ok ({found})")
    return 0


def _parse_problems(name: str, path: Path) -> tuple[list[Problem], yaml.Node | None]:
    """Problems a YAML parse finds (malformed YAML, duplicate keys) and the composed tree."""
    try:
        text = path.read_text(encoding="utf-8")
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError) as exc:
        return [Problem(name, None, "", f"cannot read the file: {exc}")], None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        return [Problem(name, line, "", f"malformed YAML: {problem}")], None
    problems: list[Problem] = []
    if root is not None:
        _duplicate_keys(name, root, "", problems)
    return problems, root


def _duplicate_keys(name: str, node: yaml.Node, path: str, problems: list[Problem]) -> None:
    if isinstance(node, yaml.MappingNode):
        first: dict[str, int] = {}
        for key, value in node.value:
            key_text = str(key.value)
            sub = f"{path}.{key_text}" if path else key_text
            if key_text in first:
                problems.append(
                    Problem(
                        name,
                        key.start_mark.line + 1,
                        sub,
                        f"duplicate key '{key_text}' (first at line {first[key_text]}); "
                        "only the last is used",
                    )
                )
            else:
                first[key_text] = key.start_mark.line + 1
            _duplicate_keys(name, value, sub, problems)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _duplicate_keys(name, item, f"{path}[{i}]", problems)


def _top_keys(node: yaml.Node | None) -> dict[str, yaml.Node]:
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {str(k.value): v for k, v in node.value}


def _game_keys(game: str) -> set[str]:
    """The top-level and ``rules`` keys that a game's data uses (read from its packaged data)."""
    keys: set[str] = set()
    for file in data_dir(game).glob("*.yaml"):
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            keys.update(map(str, data))
            rules = data.get("rules")
            if isinstance(rules, dict):
                keys.update(map(str, rules))
    return keys


def _data_kind(root: yaml.Node, games: list[str]) -> tuple[str, DataKind] | None:
    """The kind of data file (other than a variant) that ``root`` is, told by its keys."""
    top = set(_top_keys(root))
    for name in games:
        for kind in GAMES[name].data_kinds:
            if kind.keys & top:
                return name, kind
    return None


def _guess_games(root: yaml.Node) -> list[str]:
    """The games a file may belong to, told by the keys it uses: one game, or all of them
    when its keys do not tell."""
    top = _top_keys(root)
    found = _data_kind(root, list(GAMES))
    if found is not None:
        return [found[0]]
    used = set(top) | set(_top_keys(top.get("rules")))
    keys = {game: _game_keys(game) for game in sorted(GAMES)}
    shared = set.intersection(*keys.values())
    scores = {game: len((own - shared) & used) for game, own in keys.items()}
    best = max(scores.values())
    return [game for game in sorted(GAMES) if scores[game] == best]


def _load_problems(name: str, root: yaml.Node, games: list[str]) -> tuple[str, list[Problem]]:
    """Load the file as a variant (or board) of each candidate game; it is fine if one accepts
    it, else the problems are those found for the first candidate. Returns what the file was
    found to be, and the problems."""
    found = _data_kind(root, games)
    if found is not None:
        game, kind = found
        try:
            kind.check(Path(name))
        except RulesDataError as exc:
            return "", [_problem(exc)]
        return f"{game} {kind.name}", []
    accepted = []
    problems: list[Problem] = []
    for game in games:
        try:
            GAMES[game].load_rules([name])
        except RulesDataError as exc:
            if not problems:
                problems = [_problem(exc), *_item_problems(name, game, exc)]
            continue
        accepted.append(f"{game} variant")
    if accepted:
        return " or ".join(accepted), []
    if len(games) > 1:
        note = f"(the keys do not tell the game: checked as a {games[0]} variant; see --game)"
        problems.append(Problem(name, None, "", note))
    return "", problems


def _item_problems(name: str, game: str, error: RulesDataError) -> list[Problem]:
    """Problems of the items a variant adds, each loaded on its own with the rest of the
    variant, beyond ``error`` (already reported): only problems inside that item count."""
    data = yaml.safe_load(Path(name).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        return []
    rules = data.get("rules")
    if isinstance(rules, dict) and isinstance(rules.get("board"), str):
        board = rules["board"]
        if board.endswith((".yaml", ".yml")) or "/" in board:
            rules["board"] = str((Path(name).parent / board).resolve())
    seen = {(error.file, error.path, error.problem)}
    problems: list[Problem] = []
    with tempfile.TemporaryDirectory() as folder:
        trial = Path(folder) / Path(name).name
        for key, change in data.items():
            added = change.get("add") if isinstance(change, dict) else None
            if not isinstance(added, list) or len(added) < 2:
                continue
            for i, item in enumerate(added):
                trial.write_text(yaml.safe_dump({**data, key: {**change, "add": [item]}}), "utf-8")
                try:
                    GAMES[game].load_rules([str(trial)])
                except RulesDataError as exc:
                    inside = f"{key}.add[0]"
                    if exc.file != str(trial) or not exc.path.startswith(inside):
                        continue
                    path = f"{key}.add[{i}]" + exc.path[len(inside) :]
                    if (name, path, exc.problem) not in seen:
                        seen.add((name, path, exc.problem))
                        problems.append(_problem(RulesDataError(name, path, exc.problem)))
    return problems


def _problem(error: RulesDataError) -> Problem:
    """A loading error with the line of its key path, found in the file's YAML (best effort)."""
    line = None
    match = _AT_LINE.search(error.problem)
    if match:
        line = int(match.group(1))
    else:
        try:
            root = yaml.compose(
                Path(error.file).read_text(encoding="utf-8"), Loader=yaml.SafeLoader
            )
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            root = None
        if root is not None:
            line = _line_of(root, error.path, error.problem)
    return Problem(error.file, line, error.path, error.problem)


def _line_of(root: yaml.Node, path: str, problem: str) -> int | None:
    """The line (1-based) of ``path`` in the tree, or of its deepest part that exists."""
    node = root
    line = root.start_mark.line + 1
    for match in _PATH_TOKEN.finditer(path):
        key, index = match.groups()
        if key is not None and isinstance(node, yaml.MappingNode):
            found = next(((k, v) for k, v in node.value if str(k.value) == key), None)
            if found is None:
                break
            line = found[0].start_mark.line + 1
            node = found[1]
        elif index is not None and isinstance(node, yaml.SequenceNode):
            if int(index) >= len(node.value):
                break
            node = node.value[int(index)]
            line = node.start_mark.line + 1
        else:
            break
    else:
        row = _ROW.match(problem)
        if row and isinstance(node, yaml.ScalarNode) and node.style in ("|", ">"):
            return node.start_mark.line + 1 + int(row.group(1))
    return line
