"""The sections of a balance report on the seats and the rules: seat balance, the first
player's edge by player count, each variant against the base, the ranking of the rule sets and
what a swept parameter does."""

from __future__ import annotations

from noahrules.lab.balance_report import BalanceReport, Comparison, Sweep, main_unit
from noahrules.lab.findings import MEASURES, interval_text, p_equals, rate_text
from noahrules.lab.markup import Block, Grid, Paragraph
from noahrules.lab.report_cells import p_marked, several_counts, tests_by_subject
from noahrules.lab.stats import Interval


def seat_tables(report: BalanceReport) -> list[Block]:
    """Win rates by position and by seat number, each with its test: the chi-square, or for a
    study that looked after every block the anytime test its findings are of."""
    most = max(report.players)
    tested = tests_by_subject(report)
    anytime = report.stopping is not None

    def rows(rates_of: str, test_of: str, subject: str) -> tuple[tuple[str, ...], ...]:
        found = []
        for arm in report.arms:
            rates = [rate_text(r) for r in getattr(arm, rates_of)]
            test = getattr(arm, test_of)
            finding = tested.get(("seats", arm.name, arm.players, subject))
            statistic = () if anytime else (f"{test.statistic:.2f}",)
            p = finding.p_value if anytime and finding is not None else test.p_value
            found.append(
                (
                    arm.name,
                    *((str(arm.players),) if several_counts(report) else ()),
                    *rates,
                    *([""] * (most - len(rates))),
                    *statistic,
                    f"{p:.3g}",
                    p_marked(finding),
                )
            )
        return tuple(found)

    players = ("players",) if several_counts(report) else ()
    tail = ("anytime p", "adjusted p") if anytime else ("chi-square", "p", "adjusted p")
    return [
        Paragraph(
            "Win rates by position in the turn order (position 0 moves first), with 95% "
            "intervals; * marks a significant test after correction:"
        ),
        Grid(
            ("arm", *players, *(f"position {k}" for k in range(most)), *tail),
            rows("positions", "positions_test", "positions"),
        ),
        Paragraph("By seat number, whatever the order:"),
        Grid(
            ("arm", *players, *(f"seat {k}" for k in range(most)), *tail),
            rows("seats", "seats_test", "seat numbers"),
        ),
    ]


def first_player_table(report: BalanceReport) -> Block:
    """The first player's win rate and edge, arm by arm, at each player count."""
    names = list(dict.fromkeys(arm.name for arm in report.arms))
    rows = tuple(
        (
            name,
            *(
                f"{report.arm(name, n).positions[0].rate:.1%} "
                f"({interval_text(report.arm(name, n).measures.first_seat, 100, ' pp')})"
                for n in report.players
            ),
        )
        for name in names
    )
    return Grid(("arm", *(f"{n} players" for n in report.players)), rows)


def comparison_blocks(report: BalanceReport) -> list[Block]:
    """Each arm less the base, deal by deal, with its tests and what pairing the deals
    gained."""
    tested = tests_by_subject(report)

    def mark(c: Comparison, label: str, field: str, scale: float, unit: str) -> str:
        finding = tested.get(("against the base", c.arm, c.players, label))
        interval: Interval = getattr(c, field)
        text = interval_text(interval, scale, unit)
        return (
            text
            + (f", adj. p {p_equals(finding.p_adjusted)}" if finding else "")
            + (" *" if finding is not None and finding.significant else "")
        )

    rows = tuple(
        (
            c.arm,
            *((str(c.players),) if several_counts(report) else ()),
            *(mark(c, label, field, scale, unit) for label, field, scale, unit in MEASURES),
        )
        for c in report.comparisons
    )
    header = (
        "arm",
        *(("players",) if several_counts(report) else ()),
        *("game length (median)" if m[0] == "game length" else m[0] for m in MEASURES),
    )
    first = report.comparisons[0]
    methods = "; ".join(
        f"{label}: {getattr(first, field).method}" for label, field, _, _ in MEASURES
    )
    found: list[Block] = [
        Paragraph(
            "Each arm less the base, compared deal by deal (every arm played the same deals), "
            "with 95% intervals and the adjusted p-value; * marks a significant difference "
            f"after correction. The tests: {methods}. Games stopped at the cap are left out."
        ),
        Grid(header, rows),
    ]
    found += _positions(report)
    if report.pairing is not None:
        pairing = report.pairing
        found.append(
            Paragraph(
                f"Comparing the arms deal by deal, the {pairing.differences} intervals are "
                f"{_narrower(pairing.median)} than they would be if the arms had played "
                f"independent deals (the median; from {_narrower(pairing.high)} to "
                f"{_narrower(pairing.low)}): a rule change soon sends a deal's game elsewhere, "
                "and pairing gains most where the rules differ least."
            )
        )
    return found


def _positions(report: BalanceReport) -> list[Block]:
    """Each position's win rate, arm less base (described, not tested)."""
    most = max(len(c.positions) for c in report.comparisons)
    players = ("players",) if several_counts(report) else ()
    rows = tuple(
        (
            c.arm,
            *((str(c.players),) if players else ()),
            *(interval_text(d, 100, " pp") for d in c.positions),
            *([""] * (most - len(c.positions))),
        )
        for c in report.comparisons
    )
    return [
        Paragraph(
            "Each position's win rate, arm less base, by the same paired test (described; the "
            "first player's win rate and the win-rate spread above are the tests):"
        ),
        Grid(("arm", *players, *(f"position {k}" for k in range(most))), rows),
    ]


def _narrower(share: float) -> str:
    """How much narrower a paired interval is than an unpaired one of ``share`` its width."""
    if round(abs(1 - share), 2) == 0:
        return "as wide"
    return f"{1 - share:.0%} narrower" if share < 1 else f"{share - 1:.0%} wider"


def ranking_blocks(report: BalanceReport) -> list[Block]:
    """The rule sets ranked by balance, with their decisiveness, drawishness and duration."""
    unit = main_unit(report)
    found: list[Block] = [
        Paragraph(
            "The rule sets side by side, by the measures of game-design research (Ludii's): "
            "**balance** is 1 less the win-rate spread (the best position's win rate less the "
            "worst's, corrected for the spread chance alone gives; 1 is perfectly even, and "
            "its interval reaches 1 whenever the seat test finds the positions even), "
            "**decisiveness** the share of games with one winner, **drawishness** the share "
            f"with a shared win, **duration** the median {unit}. Ranked by balance; 95% "
            "intervals. Where two intervals overlap, the ranking between them is not settled: "
            '"What does each variant change?" tests each arm against the base.'
        )
    ]
    for players in report.players:
        arms = sorted(
            (a for a in report.arms if a.players == players),
            key=lambda a: (a.measures.win_spread.estimate, a.name),
        )
        rows = tuple(
            (
                str(rank),
                arm.name,
                _balance(arm.measures.win_spread),
                rate_text(arm.decisive),
                rate_text(arm.drawn),
                _mean(arm.measures.duration.get(unit, Interval(0.0, 0.0, 0.0))),
                interval_text(arm.measures.first_seat, 100, " pp"),
            )
            for rank, arm in enumerate(arms, 1)
        )
        if several_counts(report):
            found.append(Paragraph(f"At {players} players:"))
        found.append(
            Grid(
                (
                    "rank",
                    "arm",
                    "balance",
                    "decisiveness",
                    "drawishness",
                    f"duration (median {unit})",
                    "first player's edge",
                ),
                rows,
            )
        )
    return found


def _balance(spread: Interval) -> str:
    return f"{1 - spread.estimate:.3f} ({1 - spread.high:.3f}-{1 - spread.low:.3f})"


def _mean(interval: Interval) -> str:
    return f"{interval.estimate:.1f} ({interval.low:.1f}-{interval.high:.1f})"


def sweep_table(report: BalanceReport, sweep: Sweep) -> Block:
    """What a swept parameter does, value by value: spread, edge and median length."""
    unit = main_unit(report)
    rows = []
    for name, value in zip(sweep.arms, sweep.values, strict=True):
        for players in report.players:
            arm = report.arm(name, players)
            rows.append(
                (
                    value + (" (base)" if name == "base" else ""),
                    *((str(players),) if several_counts(report) else ()),
                    interval_text(arm.measures.win_spread, 100, " pp"),
                    interval_text(arm.measures.first_seat, 100, " pp"),
                    _mean(arm.measures.duration.get(unit, Interval(0.0, 0.0, 0.0))),
                )
            )
    header = (
        sweep.parameter,
        *(("players",) if several_counts(report) else ()),
        "win-rate spread",
        "first player's edge",
        f"median {unit}",
    )
    return Grid(header, tuple(rows))
