"""Writing a balance report: ``report.json``, ``report.md``, a self-contained ``report.html``,
``games.csv`` and the figures in ``figures/`` as PNG and SVG."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from noahrules.lab.analysis import BalanceReport
from noahrules.lab.document import blocks, markdown, page, read_images
from noahrules.lab.figure_files import Drawn
from noahrules.lab.pool import write_outcome
from noahrules.lab.run import Outcome
from noahrules.lab.sheet import FILE, write_sheet

__all__ = ["Written", "write_report"]


@frozen
class Written:
    """The files of a written report."""

    json: Path
    markdown: Path
    html: Path
    figures: tuple[Drawn, ...]
    games: Path | None = None
    """``games.csv``, when the games were given."""
    outcome: Path | None = None
    """``outcome.jsonl.gz``, every game of the main study for pooling, when the games were
    given."""

    @property
    def paths(self) -> tuple[Path, ...]:
        """Every file written."""
        pictures = tuple(p for d in self.figures for p in (d.png, d.svg))
        given = tuple(p for p in (self.games, self.outcome) if p is not None)
        return (self.json, self.markdown, self.html, *given, *pictures)


def write_report(
    report: BalanceReport,
    folder: str | os.PathLike[str],
    *,
    figures: bool = True,
    games: Sequence[tuple[str, Outcome]] = (),
) -> Written:
    """Write ``report`` into ``folder`` (made if needed): ``report.json`` (everything, as
    plain data), ``report.md``, ``report.html`` (one file, the figures embedded), with
    ``games`` (named outcomes: ``[("main", outcome)]``) ``games.csv`` and the main
    outcome's ``outcome.jsonl.gz`` (:func:`noahrules.lab.pool.read_outcome` reads it back), and
    with ``figures`` (which needs matplotlib of the ``lab`` extra) ``figures/*.png`` and
    ``*.svg``. The same report gives the same files."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    drawn = _draw_figures(report, out / "figures") if figures else ()
    names = [d.name for d in drawn]
    document = blocks(report, names)
    sheet = write_sheet(out / FILE, games) if games else None
    main = next((outcome for label, outcome in games if label == "main"), None)
    kept = write_outcome(out, main) if main is not None else None
    paths = Written(out / "report.json", out / "report.md", out / "report.html", drawn, sheet, kept)
    text = json.dumps(report.to_dict(), indent=1, allow_nan=False)
    paths.json.write_text(text + "\n", encoding="utf-8")
    paths.markdown.write_text(markdown(document), encoding="utf-8")
    images = read_images(out / "figures", names)
    title = f"Balance study: {report.game}"
    paths.html.write_text(page(document, images, title), encoding="utf-8")
    return paths


def _draw_figures(report: BalanceReport, folder: Path) -> tuple[Drawn, ...]:
    """Draw the figures of ``report`` into ``folder``. The module that draws them (and
    matplotlib with it) is imported here alone, so a report without figures loads neither."""
    from noahrules.lab.figures import draw_figures  # noqa: PLC0415  (only when figures are drawn)

    return draw_figures(report, folder)
