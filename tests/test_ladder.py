"""The ladder: a round-robin on the same deals from every seating, OpenSkill ratings with
intervals, placed-ahead rates, CPU per decision; the ``ladder`` command and its figure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from noahrules import island, simulate
from noahrules.cli import main
from noahrules.lab.ladder import Ladder, draw_curves, run_ladder, strength_curve, tables_of

BOTS = ["random", "greedy", "search:iterations=3"]


@pytest.fixture(scope="module")
def ladder() -> Ladder:
    return run_ladder("island", island.load_rules(), BOTS, players=2, games=6, seed=4, workers=1)


def test_tables_are_every_choice_of_different_bots_or_all_of_them_in_turn() -> None:
    assert tables_of(["a", "b", "c"], 2) == (("a", "b"), ("a", "c"), ("b", "c"))
    assert tables_of(["a", "b", "c", "d"], 3) == (
        ("a", "b", "c"),
        ("a", "b", "d"),
        ("a", "c", "d"),
        ("b", "c", "d"),
    )
    assert tables_of(["a", "b"], 4) == (("a", "b", "a", "b"),)


def test_every_table_plays_the_same_deals_from_every_seating(ladder: Ladder) -> None:
    assert ladder.tables == (
        ("random", "greedy"),
        ("random", "search:iterations=3"),
        ("greedy", "search:iterations=3"),
    )
    assert ladder.deals == 3  # 6 games per table: 3 deals x 2 seatings
    assert len(ladder.results) == 3 * 3 * 2
    by_deal = [ladder.results[i : i + 6] for i in range(0, 18, 6)]
    for games in by_deal:
        assert len({r.seed for r in games}) == 1  # one deal, six games
        for table in range(3):
            one, other = games[2 * table : 2 * table + 2]
            assert one.seats == tuple(reversed(other.seats))  # both seatings of the table
    assert len({games[0].seed for games in by_deal}) == 3


def test_the_ratings_rank_greedy_above_random_with_intervals(ladder: Ladder) -> None:
    rungs = {rung.bot: rung for rung in ladder.rungs}
    assert set(rungs) == set(BOTS)
    assert [r.mu for r in ladder.rungs] == sorted((r.mu for r in ladder.rungs), reverse=True)
    assert rungs["greedy"].mu > rungs["random"].mu
    for rung in ladder.rungs:
        assert rung.games == 12  # two tables of six games
        assert rung.low < rung.mu < rung.high
        assert rung.high - rung.mu == pytest.approx(1.959964 * rung.sigma)
    assert rungs["search:iterations=3"].cpu is not None and rungs["search:iterations=3"].cpu > 0


def test_placed_ahead_counts_each_pair_of_bots_in_the_games_both_played(
    ladder: Ladder,
) -> None:
    for a in BOTS:
        for b in BOTS:
            if a == b:
                continue
            ahead, behind = ladder.ahead[a][b], ladder.ahead[b][a]
            assert ahead.games == behind.games == 6
            assert ahead.wins + behind.wins == 6  # two players: one is ahead, or a tie halves
    # recount one pair by hand from the games
    wins: dict[str, float] = {"greedy": 0.0, "random": 0.0}
    for result in ladder.results:
        if set(result.seats) == {"random", "greedy"}:
            for seat in result.winners:
                wins[result.seats[seat]] += 1 / len(result.winners)
    assert ladder.ahead["greedy"]["random"].wins == wins["greedy"]


def test_a_ladder_needs_two_different_bots() -> None:
    with pytest.raises(ValueError, match="at least two different bots"):
        run_ladder("island", island.load_rules(), ["greedy", "greedy"], games=2, workers=1)
    with pytest.raises(ValueError, match="no option 'depth'"):
        run_ladder("island", island.load_rules(), ["greedy", "search:depth=1"], workers=1)


def test_simulate_reports_cpu_per_decision_without_changing_equality() -> None:
    rules = island.load_rules()
    bots = ["search:iterations=3", "greedy"]
    first = simulate("island", rules, 2, bots, 2, 3, workers=1)
    again = simulate("island", rules, 2, bots, 2, 3, workers=1)
    assert first == again  # CPU seconds differ from run to run and are not compared
    assert set(first.cpu_by_bot) == set(bots)
    assert first.cpu_by_bot["search:iterations=3"] > 0
    result = first.results[0]
    assert len(result.cpu) == len(result.choices) == 2
    assert all(made > 10 for made in result.choices)


def test_the_ladder_command_prints_the_table_and_draws_the_figure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    figure, data = tmp_path / "ladder.svg", tmp_path / "ladder.json"
    args = ["ladder", "island", "--bots", "random,greedy", "--games", "2", "--workers", "1"]
    status = main([*args, "--figure", str(figure), "--json", str(data)])
    out = capsys.readouterr().out
    assert status == 0
    assert "island ladder: 2 bots, 2 players, 1 tables x 2 games" in out
    assert "Ratings (OpenSkill Plackett-Luce mu; 95% interval)" in out
    assert figure.read_text(encoding="utf-8").startswith("<?xml")
    assert {r["bot"] for r in json.loads(data.read_text(encoding="utf-8"))["rungs"]} == {
        "random",
        "greedy",
    }


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "greedy"], "at least two different bots"),
        (["--bots", "greedy,search:depth=2"], "no option 'depth'"),
        (["--bots", "greedy,random", "--figure", "ladder.pdf"], "write a .png or an .svg"),
        (["--bots", "greedy,random", "--games", "0"], "--games must be at least 1"),
    ],
)
def test_the_ladder_command_refuses_bad_arguments_before_any_game(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert main(["ladder", "ferry", *extra]) == 2
    assert message in capsys.readouterr().err


def test_a_strength_curve_measures_win_rates_per_budget(tmp_path: Path) -> None:
    curve = strength_curve(
        "island", island.load_rules(), "search", [0.0005, 0.001], games=2, seed=1, workers=1
    )
    assert [p.budget for p in curve.points] == [0.0005, 0.001]
    assert all(p.rate.games == 2 and p.cpu > 0 for p in curve.points)
    draw_curves([curve], tmp_path / "curve.png")
    assert (tmp_path / "curve.png").read_bytes().startswith(b"\x89PNG")
    with pytest.raises(ValueError, match="option 'time' must be a number above 0"):
        strength_curve("island", island.load_rules(), "search", [0.1, 0.0])
