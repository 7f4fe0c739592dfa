"""The written report: JSON, Markdown, one self-contained HTML page, figures that open."""

from __future__ import annotations

import base64
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from noahrules.lab import BalanceReport, Outcome, analyse, keep_samples, write_report

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def island_report(island_outcome: Outcome) -> BalanceReport:
    return analyse(island_outcome)


def _check_figure_files(folder: Path, names: list[str]) -> None:
    for name in names:
        png = (folder / "figures" / f"{name}.png").read_bytes()
        assert png.startswith(PNG), name
        assert png[12:16] == b"IHDR" and int.from_bytes(png[16:20], "big") > 300
        root = ET.fromstring((folder / "figures" / f"{name}.svg").read_bytes())
        assert root.tag == "{http://www.w3.org/2000/svg}svg", name
        assert root.find(".//{http://www.w3.org/2000/svg}path") is not None


def test_every_file_is_written_and_every_figure_opens(
    island_report: BalanceReport, tmp_path: Path
) -> None:
    files = write_report(island_report, tmp_path)
    names = [d.name for d in files.figures]
    assert names == [
        "seats",
        "lengths",
        "scores",
        "differences",
        "effects-pairs-rescued-per-species",
    ]
    _check_figure_files(tmp_path, names)
    assert json.loads(files.json.read_text("utf-8")) == json.loads(
        json.dumps(island_report.to_dict())
    )
    text = files.markdown.read_text("utf-8")
    for name in names:
        assert f"](figures/{name}.png)" in text and f"](figures/{name}.svg)" in text
    assert "| small-island |" in text and "## Against the base" in text


def test_the_html_embeds_every_figure(island_report: BalanceReport, tmp_path: Path) -> None:
    files = write_report(island_report, tmp_path)
    page = files.html.read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>")
    embedded = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(embedded) == len(files.figures)
    pictures = sorted(base64.b64decode(data) for data in embedded)
    assert pictures == sorted(drawn.png.read_bytes() for drawn in files.figures)
    assert not re.search(r'src="(?!data:)', page)  # nothing to fetch: self-contained
    ET.fromstring(page.removeprefix("<!DOCTYPE html>\n"))  # well-formed
    assert "<th>position 0</th>" in page and "Findings" in page


def test_the_same_report_writes_the_same_files(
    island_report: BalanceReport, tmp_path: Path
) -> None:
    write_report(island_report, tmp_path / "one")
    write_report(island_report, tmp_path / "two")
    first = sorted(p.relative_to(tmp_path / "one") for p in (tmp_path / "one").rglob("*.*"))
    assert first == sorted(p.relative_to(tmp_path / "two") for p in (tmp_path / "two").rglob("*.*"))
    for path in first:
        assert (tmp_path / "one" / path).read_bytes() == (tmp_path / "two" / path).read_bytes()


def test_a_report_without_figures_and_with_samples(ferry_outcome: Outcome, tmp_path: Path) -> None:
    samples = keep_samples(ferry_outcome, tmp_path / "games", 2, tmp_path)
    report = analyse(ferry_outcome, samples)
    files = write_report(report, tmp_path, figures=False)
    assert files.figures == () and not (tmp_path / "figures").exists()
    assert "<img" not in files.html.read_text("utf-8")
    text = files.markdown.read_text("utf-8")
    assert "## Sample games" in text
    for arm in report.arms:
        for sample in arm.samples:
            assert sample.file in text and (tmp_path / sample.file).is_file()
    data = json.loads(files.json.read_text("utf-8"))
    assert data["arms"][0]["samples"][0]["kind"] == "decisive"
    assert data["arms"][0]["ratings"]["greedy"]["games"] == 12
    assert {c["arm"] for c in data["comparisons"]} == {"frog", "hand_size=7"}


def test_a_ferry_report_draws_its_cards_and_species(ferry_outcome: Outcome, tmp_path: Path) -> None:
    files = write_report(analyse(ferry_outcome), tmp_path)
    names = [d.name for d in files.figures]
    assert names[-2:] == ["effects-plays-per-card", "effects-plays-per-card-by-species"]
    _check_figure_files(tmp_path, names)
