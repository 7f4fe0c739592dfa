"""A balance report as a document: headings, paragraphs, lists, tables and figures, written
out as Markdown or as one self-contained HTML page (its figures embedded as PNG)."""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping, Sequence
from pathlib import Path

from attrs import frozen

from noahrules.lab.analysis import ArmReport, BalanceReport, Comparison
from noahrules.lab.figures import effects_figure
from noahrules.lab.findings import interval_text, rate_text
from noahrules.lab.stats import Interval
from noahrules.simulation import Stats

__all__ = [
    "Block",
    "Bullets",
    "Heading",
    "Image",
    "Paragraph",
    "Table",
    "blocks",
    "markdown",
    "page",
    "read_images",
]


@frozen
class Heading:
    """A heading of ``level`` 1 (the title) to 3."""

    text: str
    level: int = 2


@frozen
class Paragraph:
    """A paragraph; ``**bold**`` is the only markup."""

    text: str


@frozen
class Bullets:
    """A list of short paragraphs."""

    items: tuple[str, ...]


@frozen
class Table:
    """A table of text cells under a header row."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@frozen
class Image:
    """A figure, by its name in the report's ``figures/`` folder."""

    name: str
    title: str


Block = Heading | Paragraph | Bullets | Table | Image
"""A part of a document."""

_METHOD = (
    "Wins are shared among tied winners; a game stopped at the decision cap has no winner.",
    "Win rates have 95% Wilson intervals; differences of rates Newcombe's hybrid score "
    "interval; differences of means a normal interval (Welch's standard error); the seat "
    "imbalance a paired bootstrap over the deals (1,000 resamples). A difference marked * has "
    "a 95% interval that leaves out zero.",
    "Even seats are tested with Pearson's chi-square on the wins per position (p-value from "
    "the regularized incomplete gamma function).",
    "Effects of cards and species compare the seats whose tally holds the key with the others, "
    "over every seat of every finished game: an association, not a cause. Among many keys about "
    "one in twenty is marked * by chance alone; the findings name only effects that stay "
    "significant for their whole tally by Holm's method.",
)


def blocks(report: BalanceReport, figures: Sequence[str] = ()) -> list[Block]:
    """The document of ``report``, showing the figures named in ``figures``."""
    drawn = set(figures)
    found: list[Block] = [Heading(f"Balance study: {report.game}", 1), Paragraph(_summary(report))]
    found += [Heading("Findings"), _findings(report)]
    found += _section("Seats", ["seats"], drawn, _seat_tables(report))
    if report.comparisons:
        found += _section("Against the base", ["differences"], drawn, [_comparisons(report)])
    found += _section("Game length", ["lengths"], drawn, [_lengths(report)])
    found += _section("Scores", ["scores"], drawn, [_scores(report)])
    found += [Heading("Bots"), _bots(report)]
    if any(arm.numbers for arm in report.arms):
        found += [Heading("Game totals"), _numbers(report)]
    found += _effects(report, drawn)
    if any(arm.samples for arm in report.arms):
        found += _samples(report)
    found += [Heading("Method"), Bullets(_METHOD)]
    return found


def _section(title: str, names: Sequence[str], drawn: set[str], rest: list[Block]) -> list[Block]:
    images: list[Block] = [Image(n, title) for n in names if n in drawn]
    return [Heading(title), *images, *rest]


def _summary(report: BalanceReport) -> str:
    arms = "; ".join(f"{a.name} ({', '.join(a.variants) or 'packaged rules'})" for a in report.arms)
    text = (
        f"{report.games_per_arm:,} games per arm: {report.deals:,} deals, each played from all "
        f"{report.players} seat orders, by {', '.join(report.bots)}; seed {report.seed}. "
        f"Arms: {arms}."
    )
    if report.interrupted:
        text += f" **Interrupted**: this report covers the {report.deals:,} deals played."
    return text


def _findings(report: BalanceReport) -> Block:
    if report.findings:
        return Bullets(report.findings)
    return Paragraph(
        "No uneven seats and no significant difference from the base at the 95% level."
    )


def _mark(interval: Interval, scale: float = 1.0, unit: str = "") -> str:
    return interval_text(interval, scale, unit) + (" *" if interval.significant else "")


def _seat_tables(report: BalanceReport) -> list[Block]:
    positions = tuple(f"position {k}" for k in range(report.players))
    seats = tuple(f"seat {k}" for k in range(report.players))

    def rows(rates_of: str, test_of: str) -> tuple[tuple[str, ...], ...]:
        return tuple(
            (
                arm.name,
                *(rate_text(r) for r in getattr(arm, rates_of)),
                f"{getattr(arm, test_of).statistic:.2f}",
                f"{getattr(arm, test_of).p_value:.3g}",
            )
            for arm in report.arms
        )

    return [
        Paragraph("Win rates by position in the turn order (position 0 moves first):"),
        Table(("arm", *positions, "chi-square", "p"), rows("positions", "positions_test")),
        Paragraph("By seat number, whatever the order (island: seat k takes ark k):"),
        Table(("arm", *seats, "chi-square", "p"), rows("seats", "seats_test")),
    ]


def _comparisons(report: BalanceReport) -> Block:
    def row(c: Comparison) -> tuple[str, ...]:
        return (
            c.arm,
            _mark(c.length),
            _mark(c.spread),
            _mark(c.first_seat, 100, " pp"),
            _mark(c.imbalance, 100, " pp"),
            _mark(c.decisive, 100, " pp"),
        )

    header = ("arm", "length", "score spread", "first player wins", "seat imbalance", "decisive")
    return Table(header, tuple(row(c) for c in report.comparisons))


def _lengths(report: BalanceReport) -> Block:
    header = ("arm", "mean", "median", "90th percentile", "min", "max", "stopped at the cap")
    return Table(
        header,
        tuple(
            (
                a.name,
                f"{a.length.mean:.1f}",
                f"{a.length.median:g}",
                f"{a.length.p90:g}",
                f"{a.length.minimum:g}",
                f"{a.length.maximum:g}",
                f"{a.unfinished} ({rate_text(a.length.capped)})",
            )
            for a in report.arms
        ),
    )


def _stats(stats: Stats) -> str:
    return f"{stats.mean:.1f} ± {stats.stdev:.1f}"


def _scores(report: BalanceReport) -> Block:
    header = (
        "arm",
        *(f"position {k}" for k in range(report.players)),
        "spread",
        "decisive games",
    )
    return Table(
        header,
        tuple(
            (a.name, *(_stats(s) for s in a.scores), _stats(a.spread), rate_text(a.decisive))
            for a in report.arms
        ),
    )


def _bots(report: BalanceReport) -> Block:
    rows = []
    for arm in report.arms:
        for name, rate in arm.bots.items():
            rating = arm.ratings.get(name)
            shown = f"{rating.mu:.1f} ± {rating.sigma:.1f}" if rating else "-"
            rows.append((arm.name, name, rate_text(rate), shown))
    return Table(("arm", "bot", "win rate", "OpenSkill rating (mixed tables)"), tuple(rows))


def _numbers(report: BalanceReport) -> Block:
    rows = tuple(
        (arm.name, name, _stats(s), f"{s.median:g}", f"{s.minimum:g}-{s.maximum:g}")
        for arm in report.arms
        for name, s in arm.numbers.items()
    )
    return Table(("arm", "per game", "mean ± sd", "median", "range"), rows)


def _effects(report: BalanceReport, drawn: set[str]) -> list[Block]:
    tallies = sorted({name for arm in report.arms for name in arm.effects})
    found: list[Block] = []
    for tally in tallies:
        found += [Heading(f"Effect on winning: {tally}", 3)]
        image = effects_figure(tally)
        if image in drawn:
            found.append(Image(image, tally))
        found.append(_effect_table(report.arms, tally))
    if found:
        intro = Paragraph(
            "Win rate of the seats whose tally holds the key less that of the others, in "
            "percentage points (* when the 95% interval leaves out zero)."
        )
        found = [Heading("Cards and species"), intro, *found]
    return found


def _effect_table(arms: Sequence[ArmReport], tally: str) -> Block:
    keys = sorted({e.key for arm in arms for e in arm.effects.get(tally, ())})
    by_arm = [{e.key: e for e in arm.effects.get(tally, ())} for arm in arms]
    rows = tuple(
        (key, *(_mark(f[key].difference, 100) if key in f else "-" for f in by_arm)) for key in keys
    )
    return Table(("key", *(arm.name for arm in arms)), rows)


def _samples(report: BalanceReport) -> list[Block]:
    rows = tuple(
        (
            arm.name,
            s.kind,
            str(s.deal),
            str(s.table),
            ", ".join(map(str, s.scores)),
            str(s.decisions),
            s.file,
        )
        for arm in report.arms
        for s in arm.samples
    )
    note = Paragraph(
        "Game records, replayed with noahrules.records.replay (rules=... for an arm with a "
        "variant file, such as a sweep's in variants/)."
    )
    header = ("arm", "kept as", "deal", "table", "scores", "decisions", "record")
    return [Heading("Sample games"), note, Table(header, rows)]


# Markdown


def markdown(document: Sequence[Block]) -> str:
    """The document as Markdown; figures link ``figures/<name>.png`` and its SVG."""
    parts = [_markdown(block) for block in document]
    return "\n\n".join(parts) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _markdown(block: Block) -> str:
    if isinstance(block, Heading):
        return "#" * block.level + " " + block.text
    if isinstance(block, Paragraph):
        return block.text
    if isinstance(block, Bullets):
        return "\n".join(f"- {item}" for item in block.items)
    if isinstance(block, Table):
        lines = ["| " + " | ".join(map(_cell, block.header)) + " |"]
        lines.append("|" + "---|" * len(block.header))
        lines += ["| " + " | ".join(map(_cell, row)) + " |" for row in block.rows]
        return "\n".join(lines)
    return f"![{block.title}](figures/{block.name}.png)\n\n([SVG](figures/{block.name}.svg))"


# HTML

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em;
       color: #222; }
table { border-collapse: collapse; margin: 0.6em 0 1.2em; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: left; vertical-align: top; }
th { background: #f2f2f2; }
img { max-width: 100%; display: block; margin: 0.5em 0; }
figure { margin: 1em 0; }
figcaption { font-size: 13px; color: #555; }
"""


def page(document: Sequence[Block], images: Mapping[str, bytes], title: str) -> str:
    """The document as one HTML page, the figures in ``images`` (PNG bytes by name) embedded."""
    body = "\n".join(_html(block, images) for block in document)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8"/>\n'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def _inline(text: str) -> str:
    escaped = html.escape(text)
    while escaped.count("**") >= 2:
        escaped = escaped.replace("**", "<strong>", 1).replace("**", "</strong>", 1)
    return escaped


def _html(block: Block, images: Mapping[str, bytes]) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{html.escape(block.text)}</h{block.level}>"
    if isinstance(block, Paragraph):
        return f"<p>{_inline(block.text)}</p>"
    if isinstance(block, Bullets):
        return "<ul>\n" + "\n".join(f"<li>{_inline(i)}</li>" for i in block.items) + "\n</ul>"
    if isinstance(block, Table):
        head = "".join(f"<th>{html.escape(h)}</th>" for h in block.header)
        rows = "\n".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
            for row in block.rows
        )
        return f"<table>\n<tr>{head}</tr>\n{rows}\n</table>"
    data = base64.b64encode(images[block.name]).decode("ascii")
    return (
        f'<figure><img alt="{html.escape(block.title)}" src="data:image/png;base64,{data}"/>'
        f'<figcaption>{html.escape(block.title)} (<a href="figures/{block.name}.svg">SVG</a>)'
        "</figcaption></figure>"
    )


def read_images(folder: Path, names: Sequence[str]) -> dict[str, bytes]:
    """The PNG bytes of the named figures in ``folder``."""
    return {name: (folder / f"{name}.png").read_bytes() for name in names}
