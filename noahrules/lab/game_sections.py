"""The sections of a balance report on the games played: lengths, scores, what the deal
gave, what was played, the bots, the strength check, the game's totals and the sample games."""

from __future__ import annotations

from noahrules.lab.balance_report import BalanceReport
from noahrules.lab.deals import DECISIONS
from noahrules.lab.figure_files import effects_figure
from noahrules.lab.findings import interval_text, p_shown, rate_text
from noahrules.lab.markup import Block, Grid, Heading, Image, Paragraph
from noahrules.lab.report_cells import arm_cell, p_marked, tests_by_subject
from noahrules.lab.stats import Interval
from noahrules.simulation import Stats


def length_blocks(report: BalanceReport) -> list[Block]:
    """The lengths of the finished games in each unit the game counts."""
    units = [u for u in report.arms[0].length if all(u in a.length for a in report.arms)]
    rows = []
    for arm in report.arms:
        for unit in units:
            length = arm.length[unit]
            rows.append(
                (
                    arm_cell(report, arm.name, arm.players),
                    unit,
                    f"{length.median:g}",
                    _range(arm.measures.duration.get(unit, Interval(0.0, 0.0, 0.0))),
                    f"{length.mean:.1f}",
                    f"{length.p90:g}",
                    f"{length.minimum:g}-{length.maximum:g}",
                    f"{arm.unfinished} ({rate_text(length.capped)})" if unit == DECISIONS else "",
                )
            )
    header = (
        "arm",
        "unit",
        "median",
        "median's 95% interval",
        "mean",
        "90th percentile",
        "range",
        "stopped at the cap",
    )
    capped = (
        f" Games stopped at the cap of {report.max_decisions:,} decisions are counted apart "
        "and left out of the lengths."
        if report.unfinished
        else ""
    )
    return [
        Paragraph(
            "The length of the finished games in each unit the game counts: arms are compared "
            f"by their medians, which a few long games cannot move.{capped}"
        ),
        Grid(header, tuple(rows)),
    ]


def _range(interval: Interval) -> str:
    return f"{interval.low:g}-{interval.high:g}"


def _stats(stats: Stats) -> str:
    return f"{stats.mean:.1f} ± {stats.stdev:.1f}"


def score_table(report: BalanceReport) -> Block:
    """The scores by position, their spread and the decisive games, arm by arm."""
    most = max(report.players)
    header = ("arm", *(f"position {k}" for k in range(most)), "spread", "decisive games")
    return Grid(
        header,
        tuple(
            (
                arm_cell(report, a.name, a.players),
                *(_stats(s) for s in a.scores),
                *([""] * (most - len(a.scores))),
                _stats(a.spread),
                rate_text(a.decisive),
            )
            for a in report.arms
        ),
    )


def dealt_blocks(report: BalanceReport, drawn: set[str]) -> list[Block]:
    """What the cards or species dealt do to a seat's chances, tally by tally, with the
    figures named in ``drawn``."""
    tallies = sorted({name for arm in report.arms for name in arm.dealt})
    if not tallies:
        return []
    tested = tests_by_subject(report)
    found: list[Block] = [
        Heading("What do the cards or species dealt do?"),
        Paragraph(
            "The win rate of the seats the deal gave a key less that of the seats it could "
            "have given it to and did not, compared within each turn position (percentage "
            "points, 95% interval), with the adjusted p-value of the Cochran-Mantel-Haenszel "
            "test; * marks a significant effect after correction. The deal is random, so "
            "this is what the key does to these bots' chances."
        ),
    ]
    for tally in tallies:
        found.append(Heading(tally, 3))
        if effects_figure(tally) in drawn:
            found.append(Image(effects_figure(tally), tally))
        arms = [a for a in report.arms if tally in a.dealt]
        keys = sorted({e.key for a in arms for e in a.dealt[tally]})
        rows = []
        for key in keys:
            cells = []
            for arm in arms:
                effect = next((e for e in arm.dealt[tally] if e.key == key), None)
                finding = tested.get((f"dealt: {tally}", arm.name, arm.players, key))
                cells.append(
                    "-"
                    if effect is None
                    else f"{interval_text(effect.difference, 100)}, {p_marked(finding)}"
                )
            rows.append((key, *cells))
        found.append(
            Grid(("key", *(arm_cell(report, a.name, a.players) for a in arms)), tuple(rows))
        )
    return found


def played_blocks(report: BalanceReport) -> list[Block]:
    """What was played, tally by tally (described, never tested)."""
    tallies = sorted({name for arm in report.arms for name in arm.played})
    if not tallies:
        return []
    found: list[Block] = [
        Heading("What was played"),
        Paragraph(
            "Descriptive only, never tested: how often each key came up per game, and how the "
            "seats it was counted for fared against the others. Winners play "
            "differently from losers, so this says what winners did, not what a key does "
            "(for that, see what the deal gave)."
        ),
    ]
    for tally in tallies:
        found.append(Heading(tally, 3))
        for arm in report.arms:
            if tally not in arm.played:
                continue
            rows = tuple(
                (
                    t.key,
                    f"{t.per_game:.2f}",
                    rate_text(t.seats_with),
                    rate_text(t.seats_without),
                )
                for t in arm.played[tally]
            )
            found += [
                Paragraph(f"{arm_cell(report, arm.name, arm.players)}:"),
                Grid(("key", "per game", "seats with it win", "seats without it win"), rows),
            ]
    return found


def bot_blocks(report: BalanceReport) -> list[Block]:
    """The win rates of the bots and their OpenSkill ratings."""
    rows = []
    for arm in report.arms:
        for name, rate in arm.bots.items():
            rating = arm.ratings.get(name)
            shown_rating = (
                f"{rating.mu:.1f} ± {rating.sigma:.1f} (ordinal {rating.ordinal:.1f})"
                if rating
                else "-"
            )
            rows.append(
                (arm_cell(report, arm.name, arm.players), name, rate_text(rate), shown_rating)
            )
    return [
        Paragraph(
            "Win rates per bot and, when several bots shared the tables, their OpenSkill "
            "ratings (Plackett-Luce): mu ± sigma is the skill estimate and its uncertainty "
            "(the model starts every bot at 25 ± 8.3); the ordinal, mu less 3 sigma, ranks "
            "them cautiously."
        ),
        Grid(("arm", "bot", "win rate", "OpenSkill rating (mixed tables)"), tuple(rows)),
    ]


def check_blocks(report: BalanceReport) -> list[Block]:
    """Whether the findings hold with the bots of the strength check."""
    bots = ", ".join(report.check_bots)
    significant = report.significant
    held = sum(1 for f in significant if f.check is not None and f.check.holds)
    found: list[Block] = [
        Paragraph(
            f"The study was played again by {bots} on the same deals. A finding holds when "
            "the same test is significant in the same direction under both bot sets (or in "
            f"neither). {held} of {len(significant)} significant findings hold."
        )
    ]
    checked = [
        f for f in report.findings if f.check is not None and (f.significant or f.check.significant)
    ]
    if checked:
        rows = tuple(
            (
                f.kind,
                arm_cell(report, f.arm, f.players),
                f.subject,
                _estimate(f.estimate, f.unit) + f", adj. p {p_shown(f.p_adjusted)}",
                _estimate(f.check.estimate, f.unit) + f", adj. p {p_shown(f.check.p_adjusted)}"
                if f.check
                else "-",
                "holds" if f.check and f.check.holds else "does not hold",
            )
            for f in checked
        )
        found.append(
            Grid(("kind", "arm", "subject", ", ".join(report.bots), bots, "verdict"), rows)
        )
    return found


def _estimate(value: float | None, unit: str) -> str:
    return "-" if value is None else f"{value:+.1f} {unit}".rstrip()


def totals_table(report: BalanceReport) -> Block:
    """The game's own totals per finished game, arm by arm."""
    rows = tuple(
        (
            arm_cell(report, arm.name, arm.players),
            name,
            _stats(s),
            f"{s.median:g}",
            f"{s.minimum:g}-{s.maximum:g}",
        )
        for arm in report.arms
        for name, s in arm.numbers.items()
    )
    return Grid(("arm", "per game", "mean ± sd", "median", "range"), rows)


def sample_blocks(report: BalanceReport) -> list[Block]:
    """The sample games kept as records, and how to replay them."""
    rows = tuple(
        (
            arm_cell(report, arm.name, arm.players),
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
        "file of yours or a --set: the arm's rules, lab.Arm(...).rules(game))."
    )
    header = ("arm", "kept as", "deal", "first player", "scores", "decisions", "record")
    return [Heading("Sample games"), note, Grid(header, rows)]
