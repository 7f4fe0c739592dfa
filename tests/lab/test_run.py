"""Playing a study: the same deals under every arm and from every seat order, on any
executor, stopping cleanly."""

from __future__ import annotations

from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor

import pytest

from noahrules import GAMES, ferry, island
from noahrules.errors import BotError
from noahrules.game import Game
from noahrules.lab import Outcome, Study, analyse, play
from noahrules.lab.run import block_seed
from noahrules.lab.tables import seat_tallies, table_game
from noahrules.simulation import game_seed


def test_every_deal_is_played_from_every_seat_order_under_every_arm(
    ferry_outcome: Outcome,
) -> None:
    study = ferry_outcome.study
    assert not ferry_outcome.interrupted and ferry_outcome.deals == (study.deals(3),) == (4,)
    seeds: dict[int, set[int]] = defaultdict(set)
    for games in ferry_outcome.games:
        assert len(games) == study.deals(3) * 3
        by_deal = defaultdict(list)
        for played in games:
            by_deal[played.deal].append(played)
        for deal, tables in by_deal.items():
            assert sorted(p.table for p in tables) == [0, 1, 2]
            assert len({p.result.seed for p in tables}) == 1  # the same deal at every table
            assert len({p.result.seats for p in tables}) == 1  # the same bots in the same seats
            block, index = divmod(deal, study.block)
            assert tables[0].result.seed == game_seed(block_seed(study.seed, block), index)
            seeds[deal].add(tables[0].result.seed)
    assert all(len(s) == 1 for s in seeds.values())  # every arm plays the same seeds


def test_bots_move_one_seat_from_deal_to_deal(ferry_outcome: Outcome) -> None:
    seatings = {p.deal: p.result.seats for p in ferry_outcome.games[0]}
    assert seatings[0] == ("greedy", "random", "greedy")
    assert seatings[1] == ("greedy", "greedy", "random")
    assert Counter(n for s in seatings.values() for n in s) == {"greedy": 8, "random": 4}


@pytest.mark.parametrize("game", [ferry.GAME, island.GAME], ids=["ferry", "island"])
def test_a_table_starts_with_its_seat(game: Game) -> None:
    rules = game.load_rules()
    for first in range(3):
        table = table_game(game, first)
        assert table.name == game.name
        state = table.new_game(rules, 3, 11)
        assert game.current_player(state) == first
        assert state == game.new_game(rules, 3, 11, first)


def test_seat_tallies_add_up_to_the_games_tallies(
    ferry_outcome: Outcome, island_outcome: Outcome
) -> None:
    for outcome, tally in (
        (ferry_outcome, "plays per card"),
        (island_outcome, "pairs rescued per species"),
    ):
        for games in outcome.games:
            for played in games:
                seats = seat_tallies(played.result.counts, played.players)[tally]
                summed: Counter[str] = Counter()
                for own in seats:
                    summed.update(own)
                assert dict(summed) == {k: v for k, v in played.result.counts[tally].items() if v}
    rescued = next(
        p for p in island_outcome.games[0] if p.result.counts["pairs rescued per species"]
    )
    state = GAMES["island"].new_game(island.load_rules(), 3, rescued.result.seed, rescued.table)
    assert state.points[rescued.table] == 1  # the first player starts with 1 point (I6)


def test_the_outcome_is_the_same_on_any_executor_and_runs_at_once(
    island_study: Study, island_outcome: Outcome
) -> None:
    with ThreadPoolExecutor(max_workers=2) as threads:
        threaded = play(island_study, threads, runs_at_once=3)
    assert threaded == island_outcome
    assert play(island_study, workers=2) == island_outcome


def test_an_interrupted_study_keeps_its_whole_blocks(ferry_study: Study) -> None:
    seen = []

    def interrupt(done: int, total: int) -> None:
        seen.append(done)
        if done >= 20:  # the first block of 2 deals: 3 arms x 2 deals x 3 tables = 18 games
            raise KeyboardInterrupt

    outcome = play(ferry_study, workers=1, progress=interrupt)
    assert outcome.interrupted
    assert outcome.deals == (2,)
    assert all(len(games) == 2 * 3 for games in outcome.games)
    assert {p.deal for p in outcome.games[0]} == {0, 1}
    report = analyse(outcome)
    assert report.interrupted
    assert (report.sizes[0].deals, report.sizes[0].games_per_arm) == (2, 6)
    assert seen and seen[-1] < 36
    with pytest.raises(KeyboardInterrupt):
        play(ferry_study, workers=1, progress=interrupt, partial_on_interrupt=False)


class Broken:
    """A bot that cannot choose."""

    name = "broken"

    def __init__(self, game: Game, seed: int) -> None:
        self.seed = seed

    def choose(self, view: object) -> object:
        raise RuntimeError("no idea")


def test_several_player_counts_play_the_same_deals_under_every_arm() -> None:
    study = Study.design("island", ["small-island"], games=4, players=[2, 4], block=1, seed=3)
    outcome = play(study, workers=1)
    assert outcome.deals == (2, 1) and not outcome.interrupted
    for arm in range(2):
        two, four = outcome.cell(arm, 2), outcome.cell(arm, 4)
        assert [(p.deal, p.table, p.players) for p in two] == [
            (0, 0, 2), (0, 1, 2), (1, 0, 2), (1, 1, 2)
        ]  # fmt: skip
        assert [(p.deal, p.table, p.players) for p in four] == [(0, t, 4) for t in range(4)]
    # the same deal (seed) under both arms at each count
    assert outcome.cell(0, 4)[0].result.seed == outcome.cell(1, 4)[0].result.seed


def test_a_failing_bot_stops_the_study_with_its_error() -> None:
    study = Study.design("island", games=6, bots=["greedy", Broken])
    with pytest.raises(BotError, match="broken"):
        play(study, workers=1)


def test_bad_arguments_are_refused(island_study: Study) -> None:
    with pytest.raises(ValueError, match="runs_at_once"):
        play(island_study, runs_at_once=0)
    with pytest.raises(ValueError, match="workers"):
        play(island_study, workers=0)
