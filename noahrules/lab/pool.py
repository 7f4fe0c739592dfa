"""A study's games kept in its folder (``outcome.jsonl.gz``), and finished studies pooled into
one.

The same study on other seeds plays other deals: pooled, the studies are one study of all
their deals, with narrower intervals, and a finding that holds on each seed is not the luck of
one. :func:`pool` refuses studies that are not the same study: other arms (names or rules
digests), bots, player counts or decision cap, or the same seed twice (the same deals).

The file is JSON Lines, compressed: a header line (the study, the deals played per player
count, whether it was interrupted), then one line per game (its arm, player count, deal,
table and result). Read back, it is input from outside: every line is checked, within written
limits (:data:`MOST_GAMES`, :data:`MOST_LINE`), and anything wrong is a :class:`PoolError`
naming the file and line, before any game is used. Reading it never opens another file: the
arms are the study's own, given by whoever pools.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import zlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import cattrs
from attrs import evolve, frozen

from noahrules.errors import NoahRulesError, excerpt
from noahrules.games import game_named
from noahrules.lab.design import Study
from noahrules.lab.run import Outcome, Played
from noahrules.simulation import GameResult

__all__ = [
    "FILE",
    "FORMAT",
    "MOST_GAMES",
    "MOST_LINE",
    "PoolError",
    "pool",
    "read_outcome",
    "write_outcome",
]

FILE = "outcome.jsonl.gz"
"""The file of a study's games in its folder."""
FORMAT = "noahrules balance outcome 1"
MOST_GAMES = 5_000_000
"""The most games a file may hold."""
MOST_LINE = 1 << 20
"""The longest line a file may hold, in bytes (a game takes about a kilobyte)."""

_PLAIN = cattrs.Converter(unstruct_collection_overrides={tuple: list})
_STRICT = cattrs.Converter(forbid_extra_keys=True)


class PoolError(NoahRulesError, ValueError):
    """A study's outcome that cannot be read or pooled: the file and line, and why."""


@frozen
class _Game:
    """One line of the file after its header."""

    arm: int
    players: int
    deal: int
    table: int
    result: GameResult


@frozen
class _Arm:
    name: str
    digest: str
    variants: tuple[str, ...] = ()
    """For the reader: the variants the arm loaded and its settings, as given."""
    settings: dict[str, Any] | None = None


@frozen
class _Header:
    format: str
    game: str
    arms: tuple[_Arm, ...]
    players: tuple[int, ...]
    bots: tuple[str, ...]
    seed: int
    games: int
    max_decisions: int
    deals: tuple[int, ...]
    interrupted: bool


def write_outcome(folder: Path, outcome: Outcome) -> Path:
    """Write ``outcome`` into ``folder``'s :data:`FILE` (the same outcome, the same bytes)."""
    study = outcome.study
    game = game_named(study.game)
    digests = [arm.rules(game).digest for arm in study.arms]
    header = _Header(
        FORMAT,
        study.game,
        tuple(
            _Arm(arm.name, digest, arm.variants, dict(arm.settings))
            for arm, digest in zip(study.arms, digests, strict=True)
        ),
        study.players,
        study.bot_names,
        study.seed,
        study.games,
        study.max_decisions,
        outcome.deals,
        outcome.interrupted,
    )
    path = folder / FILE
    with (
        path.open("wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as packed,
        io.TextIOWrapper(packed, encoding="utf-8", newline="\n") as text,
    ):
        text.write(_line(_PLAIN.unstructure(header)))
        for (arm, players), games in zip(study.cells, outcome.games, strict=True):
            for played in games:
                line = _Game(arm, players, played.deal, played.table, played.result)
                data = _PLAIN.unstructure(line)
                del data["result"]["cpu"], data["result"]["choices"]  # they differ run to run
                text.write(_line(data))
    return path


def _line(data: object) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True, allow_nan=False) + "\n"


def read_outcome(folder: str | os.PathLike[str], study: Study) -> Outcome:
    """The outcome of the study whose report is in ``folder``, checked line by line and
    against ``study`` (the same game, arms by name and rules digest, bots, player counts and
    decision cap: its seed and size may differ); a :class:`PoolError` naming the file and line
    otherwise."""
    path = Path(folder) / FILE
    if not path.is_file():
        raise PoolError(f"{path}: no such file: is {folder} the folder of a finished study?")
    lines = _lines(path)
    header = _structure(path, 1, next(lines, None), _Header)
    if header.format != FORMAT:
        raise PoolError(f"{path}:1: not a study's outcome ({excerpt(header.format)})")
    _check_header(path, header, study)
    if header.games < 1:
        raise PoolError(f"{path}:1: a study of {header.games} games")
    own = evolve(study, seed=header.seed, games=header.games)
    cells = {cell: i for i, cell in enumerate(own.cells)}
    games: list[list[Played]] = [[] for _ in own.cells]
    seen: set[tuple[int, int, int, int]] = set()
    for number, text in enumerate(lines, start=2):
        if number - 1 > MOST_GAMES:
            raise PoolError(f"{path}:{number}: more than {MOST_GAMES:,} games")
        line = _structure(path, number, text, _Game)
        where = f"{path}:{number}"
        _check_game(where, line, header, seen)
        games[cells[line.arm, line.players]].append(Played(line.deal, line.table, line.result))
    for (arm, players), cell in zip(own.cells, games, strict=True):
        wanted = header.deals[own.players.index(players)] * players
        if len(cell) != wanted:
            raise PoolError(
                f"{path}: arm {own.arms[arm].name!r} at {players} players has {len(cell)} games "
                f"of the {wanted} its deals need"
            )
    ordered = tuple(tuple(sorted(cell, key=lambda p: (p.deal, p.table))) for cell in games)
    return Outcome(own, ordered, header.deals, header.interrupted)


def _lines(path: Path) -> Iterator[str]:
    """The file's lines, each at most :data:`MOST_LINE` bytes; a :class:`PoolError` for a file
    that is not gzip'd UTF-8 text."""
    try:
        with gzip.open(path, "rb") as packed:
            number = 0
            while True:
                number += 1
                raw = packed.readline(MOST_LINE + 1)
                if not raw:
                    return
                if len(raw) > MOST_LINE:
                    raise PoolError(f"{path}:{number}: a line longer than {MOST_LINE:,} bytes")
                yield raw.decode("utf-8")
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as exc:
        raise PoolError(f"{path}: not a study's outcome: {excerpt(str(exc))}") from None


def _structure(path: Path, number: int, text: str | None, kind: type[Any]) -> Any:
    if text is None:
        raise PoolError(f"{path}: empty: not a study's outcome")
    try:
        data = json.loads(text)
        return _STRICT.structure(data, kind)
    except Exception as exc:  # any shape of bad data: one clear error
        problem = excerpt(str(exc) if not isinstance(exc, cattrs.BaseValidationError) else
                          "; ".join(cattrs.transform_error(exc)))  # fmt: skip
        raise PoolError(f"{path}:{number}: not a game of a study: {problem}") from None


def _check_header(path: Path, header: _Header, study: Study) -> None:
    game = game_named(study.game)
    arms = [(arm.name, arm.rules(game).digest) for arm in study.arms]
    theirs = [(arm.name, arm.digest) for arm in header.arms]
    problems = []
    if header.game != study.game:
        problems.append(f"it is a study of {excerpt(header.game)}, not of {study.game}")
    elif theirs != arms:
        problems.append(_arms_differ(theirs, arms))
    if header.bots != study.bot_names:
        problems.append(f"its bots are {_listed(header.bots)}, not {_listed(study.bot_names)}")
    if header.players != study.players:
        problems.append(f"its player counts are {', '.join(map(str, header.players))}, not "
                        f"{', '.join(map(str, study.players))}")  # fmt: skip
    if header.max_decisions != study.max_decisions:
        problems.append(f"its decision cap is {header.max_decisions}, not {study.max_decisions}")
    if len(header.deals) != len(header.players) or any(d < 0 for d in header.deals):
        problems.append("its deals per player count do not fit its player counts")
    if problems:
        raise PoolError(f"{path}: not the same study: {'; '.join(problems)}")


def _listed(names: Iterable[str]) -> str:
    """Names as a message quotes them (each cut short, as data read from a file may be long)."""
    return ", ".join(map(excerpt, names))


def _arms_differ(theirs: Sequence[tuple[str, str]], ours: Sequence[tuple[str, str]]) -> str:
    names = [name for name, _ in ours]
    if [name for name, _ in theirs] != names:
        return f"its arms are {_listed(n for n, _ in theirs)}, not {_listed(names)}"
    name = next(n for (n, a), (_, b) in zip(theirs, ours, strict=True) if a != b)
    return f"its arm {name!r} played other rules (another rules digest)"


def _check_game(
    where: str, line: _Game, header: _Header, seen: set[tuple[int, int, int, int]]
) -> None:
    result = line.result
    players = line.players
    problems = []
    if not 0 <= line.arm < len(header.arms):
        problems.append(f"arm {line.arm} of {len(header.arms)}")
    if players not in header.players:
        problems.append(f"{players} players, not among the study's counts")
    elif not 0 <= line.deal < header.deals[header.players.index(players)]:
        problems.append(f"deal {line.deal} beyond the deals played")
    if not 0 <= line.table < players:
        problems.append(f"table {line.table} at {players} players")
    if not len(result.seats) == len(result.scores) == players:
        problems.append("seats and scores do not match the players")
    if any(not 0 <= s < players for s in result.winners) or len(set(result.winners)) < len(
        result.winners
    ):
        problems.append("winners that are no seats")
    if result.finished != bool(result.winners) or result.decisions < 0:
        problems.append("a game that ended without a winner, or a negative length")
    key = (line.arm, players, line.deal, line.table)
    if key in seen:
        problems.append("the same game twice")
    seen.add(key)
    if problems:
        raise PoolError(f"{where}: {'; '.join(problems)}")


def pool(outcomes: Sequence[Outcome]) -> Outcome:
    """Finished studies of the same study on different seeds, as one: every deal of each, the
    deals of the later ones numbered after the earlier ones'. A :class:`PoolError` for studies
    that differ (arms, bots, player counts, cap) or share a seed."""
    if not outcomes:
        raise PoolError("nothing to pool")
    first = outcomes[0].study
    seeds: dict[int, int] = {}
    for index, outcome in enumerate(outcomes):
        study = outcome.study
        same = (study.game, study.arms, study.players, study.bots, study.max_decisions) == (
            first.game, first.arms, first.players, first.bots, first.max_decisions
        )  # fmt: skip
        if not same:
            raise PoolError(f"study {index + 1} is not the same study as the first")
        if study.seed in seeds:
            raise PoolError(
                f"studies {seeds[study.seed] + 1} and {index + 1} have the same seed "
                f"({study.seed}): they played the same deals"
            )
        seeds[study.seed] = index
    games: list[list[Played]] = [[] for _ in first.cells]
    offsets = dict.fromkeys(first.players, 0)
    for outcome in outcomes:
        for i, (cell, played) in enumerate(zip(first.cells, outcome.games, strict=True)):
            shift = offsets[cell[1]]
            games[i] += [evolve(p, deal=p.deal + shift) for p in played]
        for n in first.players:
            offsets[n] += outcome.deals_at(n)
    return Outcome(
        evolve(first, games=sum(o.study.games for o in outcomes)),
        tuple(map(tuple, games)),
        tuple(offsets[n] for n in first.players),
        interrupted=False,
        pooled=tuple(o.study.seed for o in outcomes),
    )
