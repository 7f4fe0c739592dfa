"""Every ``noahrules balance`` and ``noahrules tune`` command of docs/lab.md runs, at a reduced
size: a few games (and trials), one worker, no figures, the report in a temporary folder; a
command that pools studies pools the page's studies it names, played first. (Its Python
examples run in tests/test_docs.py.)"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from noahrules.cli import main

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "lab.md").read_text("utf-8")
LINES = [
    line.strip()
    for block in re.findall(r"```sh\n(.*?)```", PAGE, re.S)
    for line in block.splitlines()
]
COMMANDS = [line for line in LINES if line.startswith("noahrules balance")]
TUNINGS = [line for line in LINES if line.startswith("noahrules tune")]
SMALL = {"--games": "4", "--keep": "1", "--trials": "2"}
"""Options set smaller: a few games (whole deals at every count), one sample game, two
trials."""


def _option(command: str, name: str) -> list[str]:
    """Every value of the option ``name`` in ``command``."""
    words = shlex.split(command)
    return [words[i + 1] for i, word in enumerate(words[:-1]) if word == name]


def _reduced(command: str, out: Path, pools: dict[str, Path] | None = None) -> list[str]:
    """The command's arguments at a reduced size, writing into ``out`` (and pooling the folders
    ``pools`` maps the page's to). A ``--scheduler`` needs a cluster the tests do not have: the
    study runs here instead (tests/lab/test_cluster.py runs the command line against a
    scheduler)."""
    words = shlex.split(command)[1:]
    reduced: list[str] = []
    skip = False
    for i, word in enumerate(words):
        if skip:
            skip = False
            continue
        if word == "--pool":
            reduced += ["--pool", str((pools or {})[words[i + 1]])]
            skip = True
        elif word in (*SMALL, "--out", "--scheduler"):
            reduced += {"--out": ["--out", str(out)], "--scheduler": []}.get(
                word, [word, SMALL.get(word, "")]
            )
            skip = True
        elif word == "--workers" and "--dask" not in words[:i]:
            skip = True
        else:
            reduced.append(word)
    local = [] if "--dask" in words else ["--workers", "1"]
    return [*reduced, *local, "--no-figures"]


def test_the_page_has_its_commands() -> None:
    assert len(COMMANDS) >= 6 and TUNINGS
    assert any("--players 2,3,4" in c and "--check-bots" in c for c in COMMANDS)
    assert any("--dask" in c for c in COMMANDS) and any("--grid" in c for c in COMMANDS)
    assert any("--until-clear" in c for c in COMMANDS) and any("--pool" in c for c in COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_documented_command_runs(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)  # the page's paths are the repository's
    out = tmp_path / "report"
    pools: dict[str, Path] = {}
    for folder in _option(command, "--pool"):
        (earlier,) = [c for c in COMMANDS if _option(c, "--out") == [folder]]
        pools[folder] = tmp_path / f"pooled-{len(pools)}"
        assert main(_reduced(earlier, pools[folder])) == 0, capsys.readouterr().err
    assert main(_reduced(command, out, pools)) == 0, capsys.readouterr().err
    report = json.loads((out / "report.json").read_text("utf-8"))
    assert report["findings"] and not report["interrupted"]
    assert (out / "games.csv").is_file()


@pytest.mark.parametrize("command", TUNINGS)
def test_a_documented_tuning_runs(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    out = tmp_path / "tune"
    assert main(_reduced(command, out)) == 0, capsys.readouterr().err
    tuning = json.loads((out / "tune.json").read_text("utf-8"))
    assert tuning["trials"] and not tuning["interrupted"]
