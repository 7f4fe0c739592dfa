"""The simulation API: many games on any executor, and what its report says."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from noahrules import GAMES, ferry, island, simulate
from noahrules.simulation import Rate, Stats, game_seed
from tests.interrupts import default_interrupts


def test_the_report_is_the_same_on_every_executor_and_worker_count() -> None:
    rules = ferry.load_rules(["crocodile"])
    here = simulate("ferry", rules, 3, ["random"] * 3, 20, seed=9, workers=1)
    with ThreadPoolExecutor(max_workers=3) as threads:
        threaded = simulate("ferry", rules, 3, ["random"] * 3, 20, seed=9, executor=threads)
    with ProcessPoolExecutor(max_workers=2) as processes:
        pooled = simulate("ferry", rules, 3, ["random"] * 3, 20, seed=9, executor=processes)
    assert here == threaded == pooled
    assert simulate("ferry", rules, 3, ["random"] * 3, 20, seed=10, workers=1) != here


def test_each_game_replays_from_its_seed_and_seating() -> None:
    rules = island.load_rules()
    report = simulate("island", rules, 2, ["random", "random"], 6, seed=4, workers=1)
    for result in report.results:
        assert result.seed == game_seed(4, result.index)
        state = island.new_game(rules, players=2, seed=result.seed)
        assert state.water_left == 36
        assert result.finished and 0 < result.decisions <= 2 + 36 * 3
        assert result.numbers["water placed"] <= 36
        assert (
            sum(result.counts["pairs rescued per species"].values())
            == (result.numbers["pairs rescued"])
        )


def test_the_report_adds_up() -> None:
    rules = ferry.load_rules()
    games = 30
    report = simulate("ferry", rules, 2, ["random", "random"], games, seed=1, workers=1)
    assert [r.index for r in report.results] == list(range(games))
    assert report.unfinished == 0
    assert sum(rate.wins for rate in report.by_seat) == pytest.approx(games)
    assert report.by_bot["random"].games == 2 * games
    assert report.length.minimum <= report.length.mean <= report.length.maximum
    plays = report.counts["plays per card"]
    assert sum(plays.values()) >= sum(r.decisions for r in report.results) // 4
    assert set(plays) <= set(rules.card)
    assert report.numbers["rounds"].minimum == report.numbers["rounds"].maximum == 3
    data = json.loads(json.dumps(report.to_dict()))
    assert data["games"] == games and len(data["results"]) == games


def test_rotation_moves_the_bots_one_seat_per_game() -> None:
    report = simulate("ferry", ferry.load_rules(), 3, ["random"] * 3, 3, seed=2, workers=1)
    assert all(r.seats == ("random",) * 3 for r in report.results)
    fixed = simulate(
        "island", island.load_rules(), 2, ["random", "random"], 2, seed=2, workers=1, rotate=False
    )
    assert not fixed.rotate


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        "island",
        island.load_rules(["small-island"]),
        2,
        ["random", "random"],
        10,
        workers=1,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert seen[-1] == (10, 10)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_game_at_the_decision_cap_is_reported_unfinished() -> None:
    report = simulate(
        "ferry", ferry.load_rules(), 2, ["random", "random"], 2, workers=1, max_decisions=5
    )
    assert report.unfinished == 2
    assert all(r.winners == () and r.decisions == 5 for r in report.results)


def test_games_at_the_cap_decide_no_rate_and_no_length() -> None:
    """Half of these two-player ferry games stop at a cap of 230 decisions: the win rates,
    scores and lengths are of the finished ones, unless the capped count as games nobody
    won."""
    rules = ferry.load_rules()
    report = simulate("ferry", rules, 2, ["greedy"] * 2, 8, workers=1, max_decisions=230)
    finished = [r for r in report.results if r.finished]
    assert 0 < report.unfinished == 8 - len(finished) < 8
    assert [rate.games for rate in report.by_seat] == [len(finished)] * 2
    assert sum(rate.wins for rate in report.by_seat) == len(finished)
    assert report.length.maximum < 230 and report.length.mean == pytest.approx(
        sum(r.decisions for r in finished) / len(finished)
    )
    counted = simulate(
        "ferry", rules, 2, ["greedy"] * 2, 8, workers=1, max_decisions=230, count_capped=True
    )
    assert [rate.games for rate in counted.by_seat] == [8, 8] and counted.count_capped


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("chess", None, 2, ["random"] * 2, 1), "unknown game"),
        (("ferry", None, 3, ["random"] * 2, 1), "3 players need 3 bots"),
        (("ferry", None, 2, ["random"] * 2, 0), "at least 1"),
        (("ferry", None, 2, ["random", "clever"], 1), "unknown bot 'clever'"),
    ],
)
def test_bad_arguments_are_refused_clearly(args: tuple, words: str) -> None:  # type: ignore[type-arg]
    game, _, players, bots, games = args
    rules = ferry.load_rules()
    with pytest.raises(ValueError, match=words):
        simulate(game, rules, players, bots, games, workers=1)


def test_rates_and_stats_by_hand() -> None:
    rate = Rate.of(8, 10)
    assert rate.rate == 0.8
    # Wilson 95% for 8/10: centre 0.7167, half-width 0.2265 (computed by hand from the formula)
    assert rate.low == pytest.approx(0.4902, abs=1e-3)
    assert rate.high == pytest.approx(0.9433, abs=1e-3)
    assert Rate.of(0, 0) == Rate(0, 0, 0.0, 0.0, 1.0)
    stats = Stats.of([1, 2, 3, 4])
    assert (stats.mean, stats.minimum, stats.median, stats.maximum) == (2.5, 1, 2.5, 4)
    assert stats.stdev == pytest.approx(1.2910, abs=1e-4)
    assert set(GAMES) == {"ferry", "island"}


@default_interrupts()
def test_ctrl_c_in_a_pool_is_a_keyboard_interrupt_and_the_handler_is_given_back() -> None:
    rules = ferry.load_rules()
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            simulate("ferry", rules, 4, ["search"] * 4, 1000, seed=3, workers=2)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 3.0  # raised at the next wait, within 0.2 s
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert not _pool_managers()  # else the interpreter's exit may write to its closed pipe


def test_a_pool_of_its_own_is_shut_down_when_the_run_returns() -> None:
    report = simulate("island", island.load_rules(), 2, ["random"] * 2, 4, seed=3, workers=2)
    assert report.games == 4
    assert not _pool_managers()


def _pool_managers() -> list[threading.Thread]:
    """The live threads that manage a process pool's results (``concurrent.futures``)."""
    return [t for t in threading.enumerate() if type(t).__name__ == "_ExecutorManagerThread"]
