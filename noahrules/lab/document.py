"""A balance report as a document: its sections in order, made of headings, paragraphs,
lists, tables and figures (:mod:`noahrules.lab.markup`), written out as Markdown
(:mod:`noahrules.lab.markdown`) or as one self-contained HTML page, its figures embedded as PNG
(:mod:`noahrules.lab.html_page`). The blocks and both writers are exported here too.

The sections answer a designer's questions in turn: what the study found, whether the seats
are fair, whether the first player's edge changes with the player count, what each variant
changes, which rule set is best, what a swept parameter does, how long games are, what the
deal's cards or species do, what was played, how the bots compare, whether the findings hold
with other bots, and how many games a difference needs.
"""

from __future__ import annotations

from collections.abc import Sequence

from noahrules.lab.balance_report import BalanceReport
from noahrules.lab.balance_sections import (
    comparison_blocks,
    first_player_table,
    ranking_blocks,
    seat_tables,
    sweep_table,
)
from noahrules.lab.figure_files import sweep_figure
from noahrules.lab.findings import LEVEL, Finding, p_equals
from noahrules.lab.game_sections import (
    bot_blocks,
    check_blocks,
    dealt_blocks,
    length_blocks,
    played_blocks,
    sample_blocks,
    score_table,
    totals_table,
)
from noahrules.lab.html_page import page, read_images
from noahrules.lab.markdown import markdown
from noahrules.lab.markup import Block, Bullets, Grid, Heading, Image, Paragraph
from noahrules.lab.method_sections import method_items, power_blocks
from noahrules.lab.stats import CORRECTIONS

__all__ = [
    "Block",
    "Bullets",
    "Grid",
    "Heading",
    "Image",
    "Paragraph",
    "blocks",
    "markdown",
    "page",
    "read_images",
]


MOST_FINDINGS = 40
"""The most significant findings listed in words; report.json holds every test."""


def blocks(report: BalanceReport, figures: Sequence[str] = ()) -> list[Block]:
    """The document of ``report``, showing the figures named in ``figures``."""
    drawn = set(figures)
    found: list[Block] = [Heading(f"Balance study: {report.game}", 1), Paragraph(_summary(report))]
    found += _findings(report)
    found += _section("Are the seats fair?", ["seats"], drawn, seat_tables(report))
    if len(report.players) > 1:
        found += _section(
            "Does the first player's edge change with the player count?",
            ["first-player"],
            drawn,
            [first_player_table(report)],
        )
    if report.comparisons:
        found += _section(
            "What does each variant change?", ["differences"], drawn, comparison_blocks(report)
        )
    if len({arm.name for arm in report.arms}) > 1:
        found += [Heading("Which rule set is best?"), *ranking_blocks(report)]
    for sweep in report.sweeps:
        found += _section(
            f"What does {sweep.parameter} do?",
            [sweep_figure(sweep.parameter)],
            drawn,
            [sweep_table(report, sweep)],
        )
    found += _section("How long are games?", ["lengths"], drawn, length_blocks(report))
    found += _section("Scores", ["scores"], drawn, [score_table(report)])
    found += dealt_blocks(report, drawn)
    found += played_blocks(report)
    found += [Heading("Bots"), *bot_blocks(report)]
    if report.check_bots:
        found += [Heading("Do the findings hold with other bots?"), *check_blocks(report)]
    found += [Heading("How many games does a difference need?"), *power_blocks(report)]
    if any(arm.numbers for arm in report.arms):
        found += [Heading("Game totals"), totals_table(report)]
    if any(arm.samples for arm in report.arms):
        found += sample_blocks(report)
    found += [Heading("Method"), Bullets(method_items(report))]
    return found


def _section(title: str, names: Sequence[str], drawn: set[str], rest: list[Block]) -> list[Block]:
    images: list[Block] = [Image(n, title) for n in names if n in drawn]
    return [Heading(title), *images, *rest]


def _summary(report: BalanceReport) -> str:
    names = dict.fromkeys(a.name for a in report.arms)
    arms = "; ".join(
        f"{name} ({', '.join(report.arm(name).variants) or 'packaged rules'})" for name in names
    )
    sizes = ", ".join(
        f"{s.games_per_arm:,} games per arm at {s.players} players ({s.deals:,} deals, each "
        f"played from all {s.players} seat orders)"
        for s in report.sizes
    )
    seed = f"seed {report.seed}" if not report.pooled else "seeds as below"
    text = (
        f"{sizes}; bots {', '.join(report.bots)}; {seed}. Arms: {arms}. Every "
        f"family of tests is corrected by {CORRECTIONS[report.correction]}."
    )
    if report.pooled:
        seeds = ", ".join(map(str, report.pooled))
        text += f" Pooled from {len(report.pooled)} studies of the same arms (seeds {seeds})."
    if report.interrupted:
        text += " **Interrupted**: this report covers the deals played."
    if report.stopping is not None:
        text += " " + report.stopping.text
    return text


def _findings(report: BalanceReport) -> list[Block]:
    significant = report.significant
    tested = ", ".join(f"{f.name} ({f.significant} of {f.tests})" for f in report.families)
    head: list[Block] = [
        Heading("Findings"),
        Paragraph(
            f"{len(significant)} of {len(report.findings)} tests are significant after "
            f"correction (adjusted p below {LEVEL:g}), by family: {tested}."
        ),
    ]
    if significant:
        items = [_with_check(f) for f in significant[:MOST_FINDINGS]]
        if len(significant) > MOST_FINDINGS:
            items.append(f"... and {len(significant) - MOST_FINDINGS} more (report.json)")
        head.append(Bullets(tuple(items)))
    elif not any(arm.games for arm in report.arms):
        head.append(Paragraph("No game was played: the study was stopped before its first block."))
    else:
        head.append(
            Paragraph("No uneven seats, no difference from the base and no effect of the deal.")
        )
    if report.readings:
        head += [
            Paragraph(
                "**Which arm is fairer** is said only by the test of the difference between "
                "two arms, never by one arm's seat test being significant and the other's not:"
            ),
            Bullets(report.readings),
        ]
    again = [f"{f.text}: {f.replicate}" for f in report.findings if f.replicate and (
        f.significant or f.kind != "dealt")][:MOST_FINDINGS]  # fmt: skip
    if again:
        head += [Paragraph("**To play again** before acting on them:"), Bullets(tuple(again))]
    if report.notes:
        head += [Paragraph("Notes:"), Bullets(report.notes)]
    return head


def _with_check(finding: Finding) -> str:
    check = finding.check
    if check is None:
        return finding.text
    verdict = "holds" if check.holds else "does not hold"
    bots = ", ".join(check.bots)
    return f"{finding.text}; {verdict} with {bots} (adjusted p {p_equals(check.p_adjusted)})"
