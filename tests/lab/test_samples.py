"""Sample games: chosen as the most decisive, the closest and the longest, recorded by playing
them again, readable by the replay of noahrules.records."""

from __future__ import annotations

from pathlib import Path

import pytest

from noahrules import GAMES, island, simulate
from noahrules.errors import ReplayError, SimulationError
from noahrules.game import Game
from noahrules.lab import (
    Outcome,
    Played,
    Study,
    balance,
    keep_samples,
    record_game,
    record_games,
)
from noahrules.lab.samples import margin, pick
from noahrules.records import GameRecord, final_state, replay
from noahrules.rng import Rng
from noahrules.serialize import from_json
from noahrules.simulation import GameResult


def _played(deal: int, scores: tuple[int, ...], decisions: int, finished: bool = True) -> Played:
    best = max(scores)
    winners = tuple(s for s, v in enumerate(scores) if v == best) if finished else ()
    result = GameResult(deal, deal, ("greedy",) * 3, scores, winners, decisions, finished, {}, {})
    return Played(deal, 0, result)


def test_margins_and_picks_by_hand() -> None:
    assert margin(_played(0, (10, 4, 7), 5).result, lower_scores_win=False) == 3
    assert margin(_played(0, (10, 4, 7), 5).result, lower_scores_win=True) == 3
    assert margin(_played(0, (7, 4, 7), 5).result, lower_scores_win=False) == 0
    games = [
        _played(0, (10, 9, 1), 50),  # margin 1
        _played(1, (20, 2, 1), 40),  # margin 18: the most decisive
        _played(2, (5, 5, 1), 45),  # a tie: the closest
        _played(3, (9, 1, 1), 90, finished=False),  # stopped at the cap: kept first
        _played(4, (12, 2, 1), 60),  # margin 10, the longest finished
    ]
    chosen = pick(games, 5, lower_scores_win=False)
    assert [(kind, p.deal) for kind, p in chosen] == [
        ("capped", 3),
        ("decisive", 1),
        ("closest", 2),
        ("longest", 4),
        ("decisive", 0),
    ]
    assert len(pick(games, 20, lower_scores_win=False)) == 5  # each game once
    assert pick(games, 0, lower_scores_win=False) == []


def test_kept_games_replay_to_their_scores(ferry_outcome: Outcome, tmp_path: Path) -> None:
    study = ferry_outcome.study
    kept = keep_samples(ferry_outcome, tmp_path / "games", 3, tmp_path)
    game = GAMES["ferry"]
    assert [len(samples) for samples in kept] == [3, 3, 3]
    for arm, samples in zip(study.arms, kept, strict=True):
        assert [s.kind for s in samples] == ["decisive", "closest", "longest"]
        for sample in samples:
            assert sample.file.startswith(f"games/{arm.name}/{sample.kind}-deal")
            record = from_json((tmp_path / sample.file).read_text("utf-8"), GameRecord)
            assert record.first_player == sample.table and record.seed == sample.seed
            assert len(record.moves) == sample.decisions
            swept = arm.name.startswith("hand_size")
            rules = arm.rules(game) if swept else None
            assert game.scores(final_state(record, rules)) == sample.scores
            if swept:  # a setting is held in memory, not packaged: the replay needs its rules
                assert record.variants == ("--set hand_size=7",)
                with pytest.raises(ReplayError, match="'--set hand_size=7', which is not packaged"):
                    next(iter(replay(record)))


def test_games_of_simulate_are_recorded(tmp_path: Path) -> None:
    rules = island.load_rules()
    bots = ["greedy", "random", "greedy"]
    report = simulate("island", rules, 3, bots, 6, seed=3, workers=1)
    samples = record_games(tmp_path, "island", rules, report.results, bots, keep=4)
    assert [s.kind for s in samples] == ["decisive", "closest", "longest", "decisive"]
    assert len({s.file for s in samples}) == 4
    for sample in samples:
        assert sample.file.endswith(f"game{sample.deal}.json") and sample.table == 0
        record = from_json((tmp_path / sample.file).read_text("utf-8"), GameRecord)
        result = report.results[sample.deal]
        assert record.seed == result.seed
        assert GAMES["island"].scores(final_state(record)) == result.scores


def test_a_game_that_plays_otherwise_again_is_an_error() -> None:
    rules = island.load_rules()
    result = simulate("island", rules, 3, ["random"] * 3, 1, seed=8, workers=1).results[0]
    changed = GameResult(
        result.index,
        result.seed,
        result.seats,
        result.scores,
        result.winners,
        result.decisions + 1,
        result.finished,
        result.numbers,
        result.counts,
    )
    with pytest.raises(SimulationError, match="did not play the same way again"):
        record_game("island", rules, changed)
    assert record_game("island", rules, result).moves


class Whimsical:
    """A bot that does not play the same way twice (as one with a time budget may not): it
    picks from a sequence of its own that goes on from game to game."""

    name = "whimsical"
    turns = 0

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game

    def choose(self, view: object) -> object:
        Whimsical.turns += 1
        moves = self.game.legal_moves(self.game.determinize(view, Rng.from_seed(0)))
        return moves[Whimsical.turns % len(moves)]


def test_games_that_do_not_replay_are_left_out_of_the_samples(tmp_path: Path) -> None:
    study = Study.design("island", games=3, bots=[Whimsical])
    report, files = balance(study, tmp_path / "out", keep=2, workers=1, figures=False)
    assert report.arms[0].samples == ()
    assert "some sample games were not recorded" in report.notes[-1]
    assert not (tmp_path / "out" / "games").exists() and files.games is not None
