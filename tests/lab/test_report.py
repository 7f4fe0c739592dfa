"""The written report: JSON, Markdown, one self-contained HTML page, games.csv, figures that
open, with their legends beside the plots and every game beyond the whiskers drawn."""

from __future__ import annotations

import base64
import csv
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from noahrules.lab import BalanceReport, Outcome, Study, analyse, keep_samples, play, write_report
from noahrules.lab.figures import figure, figure_names
from tests.chromium import chromium

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def island_report(island_outcome: Outcome) -> BalanceReport:
    return analyse(island_outcome)


@pytest.fixture(scope="module")
def sweep_outcome() -> Outcome:
    """Island, two player counts, a sweep of the water tiles: every figure there is."""
    study = Study.design(
        "island", games=4, sweeps={"water_tiles": [24, 30]}, players=[2, 3], seed=1
    )
    return play(study, workers=1)


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
        "differences",
        "lengths",
        "scores",
        "effects-x2-species-face-up-at-the-start",
    ]
    _check_figure_files(tmp_path, names)
    assert json.loads(files.json.read_text("utf-8")) == json.loads(
        json.dumps(island_report.to_dict())
    )
    text = files.markdown.read_text("utf-8")
    for name in names:
        assert f"](figures/{name}.png)" in text and f"](figures/{name}.svg)" in text
    assert "| small-island |" in text and "## What does each variant change?" in text
    assert "## Which rule set is best?" in text
    assert "## How many games does a difference need?" in text
    assert "Holm's step-down method" in text


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


def test_a_report_without_figures_with_samples_and_games(
    ferry_outcome: Outcome, tmp_path: Path
) -> None:
    samples = keep_samples(ferry_outcome, tmp_path / "games", 2, tmp_path)
    report = analyse(ferry_outcome, samples)
    files = write_report(report, tmp_path, figures=False, games=[("main", ferry_outcome)])
    assert files.figures == () and not (tmp_path / "figures").exists()
    assert "<img" not in files.html.read_text("utf-8")
    text = files.markdown.read_text("utf-8")
    assert "## Sample games" in text and "## What was played" in text
    assert "## What do the cards or species dealt do?" in text
    for arm in report.arms:
        for sample in arm.samples:
            assert sample.file in text and (tmp_path / sample.file).is_file()
    data = json.loads(files.json.read_text("utf-8"))
    assert data["arms"][0]["samples"][0]["kind"] == "decisive"
    assert data["arms"][0]["ratings"]["greedy"]["games"] == 12
    assert {c["arm"] for c in data["comparisons"]} == {"frog", "hand_size=7"}
    assert files.games is not None
    rows = list(csv.reader(files.games.open(encoding="utf-8")))
    assert len(rows) == 1 + sum(len(games) for games in ferry_outcome.games)


def test_legends_stand_outside_every_plot(sweep_outcome: Outcome) -> None:
    report = analyse(sweep_outcome)
    names = figure_names(report)
    assert names[:4] == ["seats", "first-player", "differences", "sweep-water-tiles"]
    with_legends = 0
    for name in names:
        drawn = figure(report, name)
        drawn.draw_without_rendering()  # lays it out, as saving does
        legends = list(drawn.legends)
        for ax in drawn.axes:
            assert ax.get_legend() is None, name  # no legend inside a plot
            box = ax.get_window_extent()
            for legend in legends:
                assert not legend.get_window_extent().overlaps(box), name
        with_legends += bool(legends)
    assert with_legends >= 3


def test_box_plots_draw_the_games_beyond_their_whiskers(sweep_outcome: Outcome) -> None:
    report = analyse(sweep_outcome)
    for name in ("lengths", "scores"):
        drawn = figure(report, name)
        fliers = [
            line
            for ax in drawn.axes
            for line in ax.get_lines()
            if line.get_marker() == "." and line.get_linestyle() == "None"
        ]
        assert fliers, name  # one marker line per box: drawn, even when empty
    lengths = figure(report, "lengths")
    assert [ax.get_xlabel() for ax in lengths.axes] == [
        "decisions per finished game",
        "turns per finished game",
        "rounds per finished game",
    ]


def test_the_sweep_and_the_player_counts_have_their_tables(
    sweep_outcome: Outcome, tmp_path: Path
) -> None:
    report = analyse(sweep_outcome)
    text = write_report(report, tmp_path, figures=False).markdown.read_text("utf-8")
    assert "## Does the first player's edge change with the player count?" in text
    assert "| arm | 2 players | 3 players |" in text
    assert "## What does water_tiles do?" in text
    header = "| water_tiles | players | win-rate spread | first player's edge | median turns |"
    assert header in text
    assert "| 24 | 2 |" in text and "| 36 (base) | 3 |" in text  # I3: the base's 36 tiles


def test_a_sweep_of_one_value_is_drawn_with_the_base_at_its_value(
    ferry_outcome: Outcome,
) -> None:
    report = analyse(ferry_outcome)
    (sweep,) = report.sweeps
    # F7: the packaged rules deal 8 cards; the arm deals 7
    assert (sweep.parameter, sweep.arms, sweep.values) == ("hand_size", ("base", "hand_size=7"),
                                                          ("8", "7"))  # fmt: skip
    assert sweep.numbers == (8.0, 7.0)
    assert "sweep-hand-size" in figure_names(report)
    drawn = figure(report, "sweep-hand-size")
    ticks = [t.get_text() for t in drawn.axes[0].get_xticklabels()]
    assert ticks == ["7", "8\n(base)"]  # in the order of their values, the base at 8
    assert list(drawn.axes[0].get_xticks()) == [7.0, 8.0]


def test_a_wide_report_fits_a_page_1280_pixels_wide(tmp_path: Path) -> None:
    """Three player counts, five arms (one of two variants joined) and the effects of every
    species dealt: the widest tables a study writes wrap or scroll inside the page, and the
    page is no wider than the window (with the page's former layout it was 1,913 pixels)."""
    study = Study.design(
        "island",
        ["advanced-scoring+small-island", "small-island"],
        games=4,
        sweeps={"actions_per_turn": [1, 3]},
        players=[2, 3, 4],
    )
    report = analyse(play(study, workers=1))
    page = write_report(report, tmp_path, figures=False).html
    text = page.read_text("utf-8")
    unstyled = re.sub(r"<style>.*?</style>", "", text, flags=re.S)
    with chromium() as browser:
        tab = browser.new_page(viewport={"width": 1280, "height": 900})
        widths = []
        for html in (text, unstyled):
            tab.set_content(html)
            widths.append(tab.evaluate("document.documentElement.scrollWidth"))
    assert widths[0] <= 1280
    assert widths[1] > 1280  # the same tables, without the page's layout, do not fit


def test_a_study_stopped_before_its_first_block_says_so(tmp_path: Path) -> None:
    study = Study.design("island", games=6, sweeps={"water_tiles": [30]}, players=[2, 3])
    nothing = Outcome(study, ((),) * len(study.cells), (0, 0), interrupted=True)
    text = write_report(analyse(nothing), tmp_path, figures=False).markdown.read_text("utf-8")
    assert "No game was played: the study was stopped before its first block." in text
    assert "No uneven seats" not in text and "**Interrupted**" in text
