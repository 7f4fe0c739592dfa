"""``noahrules tune``: parameters and targets read from the command line, a search that plays
every value once or samples, prunes the trials that cannot meet a target, goes on from its
storage, confirms the best on fresh deals, runs on Dask, and keeps its trials on Ctrl-C."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from noahrules.lab import Cluster, dask_cluster
from noahrules.lab.__main__ import main
from noahrules.lab.targets import Parameter, Target, parse_parameter, parse_target
from noahrules.lab.tune import Plan, measure, tune
from tests.lab.jobs import interrupt_study


def test_parameters_and_targets_as_the_command_line_gives_them() -> None:
    assert parse_parameter("hand_size=4..8") == Parameter("hand_size", 4, 8)
    assert parse_parameter("hand_size=4..8").size == 5
    assert parse_parameter("departure_gifts=[1,2],[2,3]").choices == ([1, 2], [2, 3])
    assert parse_parameter("variant=none,frog+crocodile").choices == ("none", "frog+crocodile")
    assert parse_target("seat_spread<=0.10") == Target("seat_spread", None, 0.1)
    assert parse_target("decisive >= 0.9") == Target("decisive", 0.9, None)
    assert parse_target("length_median.turns=60..80") == Target("length_median.turns", 60, 80)
    spread = parse_target("seat_spread<=0.10")
    assert spread.slack(0.04, 0.04) == pytest.approx(0.06) and spread.slack(0.2, 0.3) < 0
    turns = parse_target("length_median.turns=60..80")
    assert turns.slack(90, 90) == pytest.approx(-10 / 80)  # a length misses by a part of it
    for text, message in [
        ("hand_size", "expected NAME=LOW..HIGH or NAME=A,B,C"),
        ("hand_size=8..4", "low end must be below"),
        ("hand_size=7", "give 2 to 1000 choices"),
        ("hand_size=7,7", "given twice"),
    ]:
        with pytest.raises(ValueError, match=message):
            parse_parameter(text)
    for text, message in [
        ("fairness<=0.1", "unknown measure"),
        ("seat_spread<0.1", "expected measure<=x"),
        ("seat_spread=0.2..0.1", "a below b"),
        ("seat_spread<=0.1..0.2", "a range is written measure=a..b"),
    ]:
        with pytest.raises(ValueError, match=message):
            parse_target(text)


def test_the_hand_size_for_fair_seats_with_its_confirmation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command of the issue: five values, five trials, the best confirmed on as many fresh
    games (other deals)."""
    out = tmp_path / "tune"
    args = ["tune", "ferry", "--param", "hand_size=4..8", "--target", "seat_spread<=0.10",
            "--trials", "5", "--games", "40", "--players", "3", "--workers", "1",
            "--out", str(out)]  # fmt: skip
    assert main(args) == 0
    captured = capsys.readouterr()
    data = json.loads((out / "tune.json").read_text("utf-8"))
    trials = data["trials"]
    assert len(trials) == 5 and sorted(t["params"]["hand_size"] for t in trials) == [4, 5, 6, 7, 8]
    assert all(t["state"] == "complete" and t["games"] == 42 for t in trials)  # 14 whole deals
    best = min((t for t in trials), key=lambda t: t["value"])
    assert data["best"]["hand_size"] in {t["params"]["hand_size"] for t in trials
                                        if t["value"] == best["value"]}  # fmt: skip
    confirmation = data["confirmation"]
    assert confirmation["games"] == 42 and confirmation["seed"] == 1
    spread = confirmation["measures"]["seat_spread"]
    assert confirmation["holds"] == (spread["estimate"] <= 0.10)
    assert confirmation["sure"]["seat_spread<=0.1"] == (spread["high"] <= 0.10)
    assert f"best: hand_size={data['best']['hand_size']}" in captured.out
    rows = list(csv.reader((out / "trials.csv").read_text("utf-8").splitlines()))
    assert rows[0][:5] == ["trial", "state", "games", "value", "hand_size"] and len(rows) == 6
    for name in ("history", "effect-hand_size"):
        assert (out / "figures" / f"{name}.png").is_file()
    assert "## What hand_size does" in (out / "report.md").read_text("utf-8")


def test_a_trial_that_cannot_meet_its_target_is_pruned(tmp_path: Path) -> None:
    """No island game between greedy bots reaches the cap: a target of at least half the games
    capped is shown unreachable after the first block, and the trial is pruned there."""
    plan = Plan("island", (parse_parameter("water_tiles=30,36"),), 2, 40, block=4)
    tuning = tune(plan, [parse_target("capped>=0.5")], trials=2, workers=1)
    assert [t.state for t in tuning.trials] == ["pruned", "pruned"]
    assert all(t.games == 8 for t in tuning.trials)  # one block of 4 deals of 40 games
    assert tuning.best is None and tuning.confirmation is None


def test_a_tuning_goes_on_from_its_storage(tmp_path: Path) -> None:
    storage = f"sqlite:///{tmp_path / 'tune.db'}"
    plan = Plan("island", (parse_parameter("water_tiles=24..40"),), 2, 8)  # 17 values: sampled
    aim = [parse_target("length_median=80..100")]
    first = tune(plan, aim, trials=2, workers=1, storage=storage)
    again = tune(plan, aim, trials=4, workers=1, storage=storage)
    assert [t.number for t in again.trials] == [0, 1, 2, 3]
    assert again.trials[:2] == first.trials and again.study_name == first.study_name
    other = tune(plan, [parse_target("decisive>=0.5")], trials=2, workers=1, storage=storage)
    assert len(other.trials) == 2 and other.study_name != first.study_name


def test_a_variant_as_a_choice_and_bad_values_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    plan = Plan("ferry", (parse_parameter("variant=none,frog"),), 2, 6)
    tuning = tune(plan, [parse_target("decisive>=0.5")], trials=2, workers=1)
    assert sorted(t.params["variant"] for t in tuning.trials) == ["frog", "none"]
    base = ["tune", "ferry", "--trials", "2", "--games", "6", "--out", str(tmp_path / "x")]
    cases = [
        (["--param", "hand_size=0..3", "--target", "decisive>=0.5"], 1, "hand_size"),
        (["--param", "variant=none,wings", "--target", "decisive>=0.5"], 1, "wings"),
        (["--param", "hand_size=4..8"], 2, "give at least one --param and one --target"),
        (["--param", "hand_size=4..8", "--target", "luck<=1"], 2, "unknown measure"),
        (["--param", "hand_size=4..8", "--target", "decisive>=0.5", "--players", "9"], 2,
         "does not take 9 players"),
    ]  # fmt: skip
    for extra, status, message in cases:
        assert main([*base, *extra]) == status
        assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_measures_of_no_deal_are_zero() -> None:
    found = measure([], 0)
    assert found["seat_spread"].estimate == 0 and found["capped"].estimate == 0


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    with dask_cluster(workers=2) as started:
        yield started


def test_a_tuning_on_dask_finds_what_it_finds_here(cluster: Cluster) -> None:
    plan = Plan("island", (parse_parameter("water_tiles=30,36"),), 2, 6)
    aim = [parse_target("decisive>=0.5")]
    here = tune(plan, aim, trials=2, workers=1)
    there = tune(plan, aim, trials=2, executor=cluster.executor)
    assert there.trials == here.trials and there.confirmation == here.confirmation


def test_ctrl_c_keeps_the_trials_played(tmp_path: Path) -> None:
    out = tmp_path / "tune"
    arguments = ["island", "--param", "water_tiles=20..60", "--target", "decisive>=0.99",
                 "--trials", "1000", "--games", "60", "--players", "2", "--workers", "1",
                 "--no-figures"]  # fmt: skip
    ended = interrupt_study(arguments, out, group=True, after=6, command="tune")
    assert ended.status == 130, ended.err
    data = json.loads((out / "tune.json").read_text("utf-8"))
    assert data["interrupted"] and 0 < len(data["trials"]) < 41
    assert data["confirmation"] is None
    assert "interrupted: the report covers the trials played" in ended.out
