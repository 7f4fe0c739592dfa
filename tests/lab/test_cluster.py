"""A study on a Dask distributed cluster (a local one of two worker processes) reports exactly
what it reports in one process, for both games, through the API and the command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from noahrules.cli.balance import main
from noahrules.lab import Cluster, Outcome, Study, analyse, dask_cluster, play
from tests.lab.jobs import interrupt_study


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    with dask_cluster(workers=2) as started:
        yield started


def test_the_local_cluster_has_two_single_thread_workers(cluster: Cluster) -> None:
    assert cluster.threads == 2
    assert cluster.address.startswith("tcp://")
    assert type(cluster.executor).__name__ == "ClientExecutor"


def test_a_ferry_study_on_the_cluster_equals_the_one_here(
    cluster: Cluster, ferry_study: Study, ferry_outcome: Outcome
) -> None:
    remote = play(ferry_study, cluster.executor, runs_at_once=2)
    assert remote == ferry_outcome
    assert analyse(remote).to_dict() == analyse(ferry_outcome).to_dict()


def test_an_island_study_on_the_cluster_equals_the_one_here(
    cluster: Cluster, island_study: Study, island_outcome: Outcome
) -> None:
    remote = play(island_study, cluster.executor)
    assert remote == island_outcome
    assert analyse(remote).to_dict() == analyse(island_outcome).to_dict()


def test_the_command_line_on_a_scheduler_writes_the_same_report(
    cluster: Cluster, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = ["balance", "island", "--variant", "small-island", "--games", "6", "--keep", "1"]
    common += ["--no-figures", "--bots", "greedy,random", "--seed", "4"]
    here, there = tmp_path / "here", tmp_path / "there"
    assert main([*common, "--workers", "1", "--out", str(here)]) == 0
    assert main([*common, "--scheduler", cluster.address, "--out", str(there)]) == 0
    err = capsys.readouterr().err
    assert f"on the Dask cluster at {cluster.address}" in err
    for name in ("report.json", "report.md", "report.html"):
        assert (here / name).read_bytes() == (there / name).read_bytes(), name
    data = json.loads((there / "report.json").read_text("utf-8"))
    assert data["sizes"][0]["games_per_arm"] == 6 and not data["interrupted"]


def test_ctrl_c_to_the_process_group_stops_a_local_cluster_study(tmp_path: Path) -> None:
    """A terminal sends Ctrl-C to the whole process group, the local cluster's workers too:
    the study stops within 10 seconds with status 130 and writes the report of the deals
    played, as on a process pool."""
    out = tmp_path / "report"
    arguments = ["island", "--variant", "small-island", "--games", "300000", "--block", "4",
                 "--dask", "--workers", "2", "--keep", "1", "--no-figures"]  # fmt: skip
    ended = interrupt_study(arguments, out, group=True)
    assert "on a local Dask cluster" in ended.plan
    assert ended.status == 130, ended.err
    assert ended.seconds < 10
    data = json.loads((out / "report.json").read_text("utf-8"))
    (size,) = data["sizes"]
    assert data["interrupted"] and 0 < size["deals"] < 100_000 and size["deals"] % 4 == 0
    assert "interrupted: the report covers the deals played" in ended.out
    assert "Traceback" not in ended.err and "distributed" not in ended.err  # no Dask noise
