"""Finished studies kept in their folders, read back line by line, and pooled into one study;
what is not the same study, or not a study's outcome at all, is refused with its file and
line."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import attrs
import pytest

from noahrules.cli.balance import main
from noahrules.lab import PoolError, Study, analyse, balance, pool, read_outcome
from noahrules.lab.pool import FILE, MOST_LINE


def _study(seed: int, **changes: object) -> Study:
    design: dict[str, object] = {
        "sweeps": {"actions_per_turn": [3]},
        "players": [2],
        "bots": ["greedy"],
    }
    design.update(changes)
    return Study.design("island", games=8, seed=seed, **design)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def two_seeds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folders = []
    for seed in (1, 2):
        folder = tmp_path_factory.mktemp(f"seed{seed}")
        balance(_study(seed), folder, keep=0, figures=False, workers=1)
        folders.append(folder)
    return folders[0], folders[1]


def test_a_study_reads_back_as_it_was_played(two_seeds: tuple[Path, Path]) -> None:
    first, _ = two_seeds
    again = read_outcome(first, _study(1))
    played = read_outcome(first, _study(7))  # the seed is the file's
    assert again == played and again.study.seed == 1
    assert again.deals == (4,) and [len(g) for g in again.games] == [8, 8]
    report = analyse(again)
    written = json.loads((first / "report.json").read_text("utf-8"))
    assert [f.p_value for f in report.findings] == [f["p_value"] for f in written["findings"]]


def test_two_seeds_pool_into_one_study_of_all_their_deals(
    two_seeds: tuple[Path, Path], tmp_path: Path
) -> None:
    outcomes = [read_outcome(folder, _study(0)) for folder in two_seeds]
    pooled = pool(outcomes)
    assert pooled.deals == (8,) and pooled.pooled == (1, 2)
    # the second study's deals come after the first's, its games unchanged
    assert [p.deal for p in pooled.games[0]] == [d for d in range(8) for _ in range(2)]
    assert pooled.games[0][8].result == outcomes[1].games[0][0].result
    report, _ = balance(_study(0), tmp_path / "both", pooled=two_seeds, keep=1, figures=False)
    assert report.pooled == (1, 2) and report.sizes[0].deals == 8
    assert report.arm("base").games == 16
    assert "Pooled from 2 studies of the same arms (seeds 1, 2)" in (
        tmp_path / "both" / "report.md"
    ).read_text("utf-8")


def test_studies_that_differ_are_refused(two_seeds: tuple[Path, Path], tmp_path: Path) -> None:
    first, _ = two_seeds
    cases = [
        (
            _study(1, sweeps={"actions_per_turn": [1]}),
            "its arms are 'base', 'actions_per_turn=3', not",
        ),
        (_study(1, bots=["random"]), "its bots are 'greedy', not 'random'"),
        (_study(1, players=[3]), "its player counts are 2, not 3"),
        (attrs.evolve(_study(1), max_decisions=99), "its decision cap is 10000, not 99"),
    ]
    for study, message in cases:
        with pytest.raises(PoolError, match=message):
            read_outcome(first, study)
    same = read_outcome(first, _study(1))
    with pytest.raises(PoolError, match="studies 1 and 2 have the same seed"):
        pool([same, same])
    with pytest.raises(PoolError, match="no such file"):
        read_outcome(tmp_path, _study(1))


def _damaged(source: Path, folder: Path, edit: object) -> Path:
    """``source``'s outcome with its lines changed by ``edit`` (lines in, lines out)."""
    lines = gzip.decompress((source / FILE).read_bytes()).decode("utf-8").splitlines()
    folder.mkdir()
    changed = edit(lines)  # type: ignore[operator]
    (folder / FILE).write_bytes(gzip.compress(("\n".join(changed) + "\n").encode("utf-8")))
    return folder


def test_a_damaged_outcome_names_its_file_and_line(
    two_seeds: tuple[Path, Path], tmp_path: Path
) -> None:
    first, _ = two_seeds

    def game(line: str, **fields: object) -> str:
        data = json.loads(line)
        data.update(fields)
        return json.dumps(data)

    def result(line: str, **fields: object) -> str:
        data = json.loads(line)
        data["result"].update(fields)
        return json.dumps(data)

    cases = {
        "truncated": (lambda ls: ls[:-1], "has 7 games of the 8 its deals need"),
        "twice": (lambda ls: [*ls, ls[-1]], ":18: the same game twice"),
        "not json": (lambda ls: [ls[0], "{"], ":2: not a game of a study"),
        "extra key": (lambda ls: [ls[0], game(ls[1], extra=1)], ":2: not a game of a study"),
        "bad table": (lambda ls: [ls[0], game(ls[1], table=5)], ":2: table 5 at 2 players"),
        "bad arm": (lambda ls: [ls[0], game(ls[1], arm=9)], ":2: arm 9 of 2"),
        "bad winner": (
            lambda ls: [ls[0], result(ls[1], winners=[4])],
            ":2: winners that are no seats",
        ),
        "a string": (lambda ls: [ls[0], result(ls[1], scores="ab")], ":2: not a game"),
        "long line": (lambda ls: [ls[0], " " * (MOST_LINE + 2)], ":2: a line longer than"),
        "empty": (lambda ls: [], "empty"),
    }
    for name, (edit, message) in cases.items():
        folder = _damaged(first, tmp_path / name.replace(" ", "-"), edit)
        with pytest.raises(PoolError, match=message):
            read_outcome(folder, _study(1))
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / FILE).write_text("not gzip", "utf-8")
    with pytest.raises(PoolError, match="not a study's outcome"):
        read_outcome(tmp_path / "plain", _study(1))


def test_the_command_line_pools_and_refuses(
    two_seeds: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = two_seeds
    out = tmp_path / "pooled"
    pools = ["--pool", str(first), "--pool", str(second)]
    args = ["balance", "island", "--set", "actions_per_turn=3", "--players", "2", *pools,
            "--no-figures", "--out", str(out)]  # fmt: skip
    assert main(args) == 0
    captured = capsys.readouterr()
    assert "pooling 2 studies" in captured.err and "pooled from 2 studies" in captured.out
    assert json.loads((out / "report.json").read_text("utf-8"))["pooled"] == [1, 2]
    wrong = ["balance", "island", "--players", "2", "--pool", str(first), "--out",
             str(tmp_path / "wrong")]  # fmt: skip
    assert main(wrong) == 1
    assert "not the same study: its arms are 'base', 'actions_per_turn=3', not 'base'" in (
        capsys.readouterr().err
    )
    assert main([*args[:-1], str(tmp_path / "x"), "--games", "9"]) == 2
    assert "--games plays games: not with --pool" in capsys.readouterr().err
