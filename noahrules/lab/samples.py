"""Sample games kept as game records: per arm a game stopped at the decision cap (where the bots
looped), the most decisive, the closest and the longest, replayed from their seeds and bots to
record their moves.

:func:`record_games` serves any list of :class:`~noahrules.simulation.GameResult` (such as
``simulate(...).results``, for ``noahrules simulate --records DIR``); :func:`keep_samples` keeps
a study's samples. The records are JSON (:func:`noahrules.serialize.to_json`), read back with
``from_json(text, GameRecord)`` and replayed with :func:`noahrules.records.replay` (with
``rules=`` when the rules used a variant file of the user's, such as a sweep's).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import attrs

from noahrules.bots import BotLike, bot_factory
from noahrules.errors import SimulationError
from noahrules.game import Game, RulesValue
from noahrules.games import game_named
from noahrules.lab.analysis import Sample
from noahrules.lab.run import Outcome, Played
from noahrules.lab.tables import table_game
from noahrules.records import GameRecord
from noahrules.serialize import to_json
from noahrules.simulation import DEFAULT_MAX_DECISIONS, GameResult, bot_seed

__all__ = ["KINDS", "keep_samples", "margin", "pick", "record_game", "record_games"]

KINDS = ("capped", "decisive", "closest", "longest")
"""What samples are kept for, in the order they are taken: a game stopped at the decision cap
(where the bots looped), the most decisive, the closest and the longest finished game."""


def margin(result: GameResult, lower_scores_win: bool) -> int:
    """How far the best score is ahead of the next best (0 for a tie at the top)."""
    ranked = sorted(result.scores, reverse=not lower_scores_win)
    return abs(ranked[1] - ranked[0]) if len(ranked) > 1 else 0


def pick(games: Sequence[Played], keep: int, lower_scores_win: bool) -> list[tuple[str, Played]]:
    """Up to ``keep`` games, each once, taken in turn as the first game stopped at the decision
    cap (once), the most decisive (largest winning margin), the closest (smallest margin) and
    the longest (most decisions) of the finished games not yet taken; ties go to the earlier
    deal and table."""
    finished = [p for p in games if p.result.finished]
    orders = {
        "capped": [p for p in games if not p.result.finished][:1],
        "decisive": sorted(finished, key=lambda p: -margin(p.result, lower_scores_win)),
        "closest": sorted(finished, key=lambda p: margin(p.result, lower_scores_win)),
        "longest": sorted(finished, key=lambda p: -p.result.decisions),
    }
    chosen: list[tuple[str, Played]] = []
    taken: set[tuple[int, int]] = set()
    while len(chosen) < keep:
        before = len(chosen)
        for kind in KINDS:
            found = next((p for p in orders[kind] if (p.deal, p.table) not in taken), None)
            if found is not None and len(chosen) < keep:
                chosen.append((kind, found))
                taken.add((found.deal, found.table))
        if len(chosen) == before:
            break
    return chosen


def record_game(
    game: str | Game,
    rules: RulesValue,
    result: GameResult,
    bots: Mapping[str, BotLike] | None = None,
    *,
    first_player: int = 0,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
) -> GameRecord:
    """The record of a game of :func:`noahrules.simulate`, played again: the same seed, the
    same bot in each seat (``result.seats``, looked up in ``bots`` by name, else used as a
    name), each bot seeded as ``simulate`` seeds it (:func:`noahrules.simulation.bot_seed`).

    Raises :class:`~noahrules.errors.SimulationError` if the game does not end as it did
    (a bot that is not deterministic given its seed)."""
    spec = game_named(game)
    players = len(result.seats)
    table = table_game(spec, first_player) if first_player else spec
    seated = [bot_factory((bots or {}).get(name, name))[1] for name in result.seats]
    agents = [factory(table, bot_seed(result.seed, seat)) for seat, factory in enumerate(seated)]
    state = spec.new_game(rules, players, result.seed, first_player)
    moves: list[object] = []
    while not spec.is_over(state) and len(moves) < max_decisions:
        seat = spec.current_player(state)
        assert seat is not None
        move = agents[seat].choose(spec.view(state, seat))
        state = spec.apply(state, move)
        moves.append(move)
    if len(moves) != result.decisions or tuple(spec.scores(state)) != result.scores:
        raise SimulationError(
            f"game {result.index} (seed {result.seed}) did not play the same way again: "
            f"are the bots {', '.join(result.seats)} deterministic given their seeds?"
        )
    record = GameRecord.start(spec.name, rules, players, result.seed, first_player)
    return attrs.evolve(record, moves=tuple(moves))


def record_games(
    folder: str | os.PathLike[str],
    game: str | Game,
    rules: RulesValue,
    results: Sequence[GameResult],
    bots: Sequence[BotLike] = (),
    *,
    keep: int = 3,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
) -> tuple[Sample, ...]:
    """Record ``keep`` games of ``results`` (from ``simulate``, all with the first player 0)
    into ``folder`` as ``<kind>-<index>.json``: one stopped at the decision cap, if any, then
    the most decisive, the closest and the longest in turn. ``bots`` are the bots given to
    ``simulate``, to find those named by something else than a name. Returns what was kept,
    with the files relative to ``folder``."""
    spec = game_named(game)
    played = [Played(r.index, 0, r) for r in results]
    chosen = pick(played, keep, spec.lower_scores_win)
    return _write(Path(folder), spec, rules, chosen, bots, max_decisions, Path(), _game_label)


def keep_samples(
    outcome: Outcome, folder: Path, keep: int, relative_to: Path | None = None
) -> tuple[tuple[Sample, ...], ...]:
    """Per cell of ``outcome`` (arm and player count), record ``keep`` sample games into
    ``folder/<arm>/`` (``folder/<arm>/<n>-players/`` when the study has several player counts);
    the files are given relative to ``relative_to`` (default ``folder``). A game its bots do not
    play the same way again (a bot with a time budget) is left out."""
    study = outcome.study
    spec = game_named(study.game)
    base = relative_to if relative_to is not None else folder
    rules = [arm.rules(spec) for arm in study.arms]
    kept = []
    for (a, players), games in zip(study.cells, outcome.games, strict=True):
        where = folder / _slug(study.arms[a].name)
        if len(study.players) > 1:
            where = where / f"{players}-players"
        chosen = pick(games, keep, spec.lower_scores_win)
        kept.append(
            _write(
                where,
                spec,
                rules[a],
                chosen,
                study.seating(players),
                study.max_decisions,
                where.relative_to(base) if where.is_relative_to(base) else where,
                _deal_label,
            )
        )
    return tuple(kept)


def _write(
    folder: Path,
    game: Game,
    rules: RulesValue,
    chosen: Sequence[tuple[str, Played]],
    bots: Sequence[BotLike],
    max_decisions: int,
    shown: Path,
    label: Callable[[Played], str],
) -> tuple[Sample, ...]:
    named = {bot_factory(bot)[0]: bot for bot in bots}
    samples = []
    for kind, played in chosen:
        result = played.result
        try:
            record = record_game(
                game, rules, result, named, first_player=played.table, max_decisions=max_decisions
            )
        except SimulationError:
            continue  # bots that do not play the same way twice (a time budget): no record
        name = f"{kind}-{label(played)}.json"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(to_json(record) + "\n", encoding="utf-8")
        samples.append(
            Sample(
                kind,
                played.deal,
                played.table,
                result.seed,
                result.seats,
                result.scores,
                result.winners,
                result.decisions,
                (shown / name).as_posix(),
            )
        )
    return tuple(samples)


def _deal_label(played: Played) -> str:
    """A study's game: ``deal4-table1``."""
    return f"deal{played.deal}-table{played.table}"


def _game_label(played: Played) -> str:
    """A game of ``simulate``: ``game4`` (its index)."""
    return f"game{played.deal}"


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._=+-]+", "_", name).strip("_") or "arm"
