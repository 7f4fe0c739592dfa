"""The report's folder is made ready before the first game: a folder that cannot be used is
an error within a second, a used one is refused or cleared of the previous study only."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from noahrules.cli.balance import main
from noahrules.lab import FolderError, prepare, record_manifest
from noahrules.lab.folder import MANIFEST


def test_a_new_folder_is_made(tmp_path: Path) -> None:
    out = prepare(tmp_path / "a" / "b")
    assert out.is_dir() and not any(out.iterdir())


def test_a_folder_under_a_file_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(FolderError, match="cannot make the report's folder"):
        prepare(tmp_path / "file" / "out")


def test_a_folder_with_anything_in_it_is_refused(tmp_path: Path) -> None:
    (tmp_path / "report.html").mkdir()
    with pytest.raises(FolderError, match=r"is not empty \(report.html\): choose another"):
        prepare(tmp_path)


def test_a_report_html_folder_is_in_the_way_even_with_overwrite(tmp_path: Path) -> None:
    (tmp_path / "report.html").mkdir()
    with pytest.raises(FolderError, match=r"report.html is in the way of the report"):
        prepare(tmp_path, overwrite=True)


def test_overwrite_clears_what_the_previous_study_wrote_and_nothing_else(tmp_path: Path) -> None:
    written = [tmp_path / "report.json", tmp_path / "figures" / "seats.png"]
    written.append(tmp_path / "games" / "base" / "decisive-deal0-table0.json")
    for path in written:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("old", encoding="utf-8")
    record_manifest(tmp_path, written)
    assert json.loads((tmp_path / MANIFEST).read_text("utf-8")) == [
        "figures/seats.png",
        "games/base/decisive-deal0-table0.json",
        "report.json",
    ]
    mine = tmp_path / "figures" / "my-notes.txt"
    mine.write_text("keep me", encoding="utf-8")
    with pytest.raises(FolderError, match="not empty"):
        prepare(tmp_path)
    prepare(tmp_path, overwrite=True)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == [
        "figures",
        "figures/my-notes.txt",
    ]


def test_the_command_line_fails_within_a_second_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    used = tmp_path / "used"
    used.mkdir()
    (used / "notes.txt").write_text("x", encoding="utf-8")
    cases = [
        (tmp_path / "file" / "out", "cannot make the report's folder"),
        (used, "is not empty (notes.txt)"),
    ]
    for out, message in cases:
        started = time.process_time()
        args = ["balance", "ferry", "--games", "300000", "--workers", "1", "--out", str(out)]
        assert main(args) == 1
        assert time.process_time() - started < 1.0
        err = capsys.readouterr().err
        assert err.startswith("noahrules: error: ") and message in err
        assert "Traceback" not in err and "playing" not in err
