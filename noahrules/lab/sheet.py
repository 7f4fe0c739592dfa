"""``games.csv``: one row per game of a study, for a spreadsheet.

Columns: ``study`` (``main``, or ``check`` for the strength check's games), ``arm``,
``players``, ``deal``, ``first player`` (the seat that moved first: the table), ``seed``,
``finished``, ``winners`` (seats, space separated), the length in ``decisions``, ``turns`` and
``rounds`` (empty where the game does not count them), then per seat ``k``: ``seat k bot``,
``seat k position`` (in the turn order, 0 first), ``seat k score`` and ``seat k rank`` (1 the
best, equal for a tie; empty for a game stopped at the cap), then the game's own per-game
totals. Seats a game does not have are left empty.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path

from noahrules.games import game_named
from noahrules.lab.analysis import DECISIONS, LENGTH_UNITS
from noahrules.lab.ratings import placings
from noahrules.lab.run import Outcome, Played

__all__ = ["FILE", "rows", "write_sheet"]

FILE = "games.csv"


def rows(outcomes: Sequence[tuple[str, Outcome]]) -> list[list[str]]:
    """The header and one row per game of each named outcome, cell by cell, deal by deal."""
    most = max(n for _, outcome in outcomes for n in outcome.study.players)
    totals = sorted(
        {
            name
            for _, outcome in outcomes
            for games in outcome.games
            for p in games
            for name in p.result.numbers
            if name not in LENGTH_UNITS
        }
    )
    header = ["study", "arm", "players", "deal", "first player", "seed", "finished", "winners"]
    header += [DECISIONS, *LENGTH_UNITS]
    for seat in range(most):
        header += [f"seat {seat} {part}" for part in ("bot", "position", "score", "rank")]
    table = [header + totals]
    for label, outcome in outcomes:
        study = outcome.study
        lower = game_named(study.game).lower_scores_win
        for (arm, _), games in zip(study.cells, outcome.games, strict=True):
            for played in games:
                table.append(_row(label, study.arms[arm].name, played, lower, most, totals))
    return table


def _row(
    label: str, arm: str, played: Played, lower: bool, most: int, totals: Sequence[str]
) -> list[str]:
    result, players = played.result, played.players
    ranks = placings(result, lower) if result.finished else [None] * players
    row = [
        label,
        arm,
        str(players),
        str(played.deal),
        str(played.table),
        str(result.seed),
        "yes" if result.finished else "no",
        " ".join(map(str, result.winners)),
        str(result.decisions),
        *(_number(result.numbers.get(unit)) for unit in LENGTH_UNITS),
    ]
    for seat in range(most):
        if seat >= players:
            row += ["", "", "", ""]
            continue
        rank = ranks[seat]
        row += [
            result.seats[seat],
            str((seat - played.table) % players),
            str(result.scores[seat]),
            "" if rank is None else str(rank),
        ]
    return row + [_number(result.numbers.get(name)) for name in totals]


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def write_sheet(path: Path, outcomes: Sequence[tuple[str, Outcome]]) -> Path:
    """Write the rows of ``outcomes`` to ``path`` as CSV (comma separated, every line ended by
    a newline) and return it."""
    text = io.StringIO(newline="")
    csv.writer(text, lineterminator="\n").writerows(rows(outcomes))
    path.write_text(text.getvalue(), encoding="utf-8")
    return path
