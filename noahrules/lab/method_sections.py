"""The sections of a balance report on how it was made: the games a difference needs and
the method."""

from __future__ import annotations

from noahrules.lab.balance_report import BalanceReport
from noahrules.lab.findings import LEVEL
from noahrules.lab.markup import Block, Grid, Paragraph
from noahrules.lab.report_cells import several_counts
from noahrules.lab.stats import CORRECTIONS


def power_blocks(report: BalanceReport) -> list[Block]:
    """How many games a difference of win rate needs, and what this study could find."""
    rows = tuple(
        (
            *((str(p.players),) if several_counts(report) else ()),
            f"{100 * p.difference:g} pp",
            f"{p.one_position:,}",
            f"{p.two_arms:,}",
        )
        for p in report.power
    )
    detectable = "; ".join(
        f"at {s.players} players, {s.games_per_arm:,} games per arm find an edge of one "
        f"position of {100 * s.detectable:.1f} pp"
        for s in report.sizes
    )
    paired = "; ".join(
        f"{p.paired:.2f} at {p.players} players"
        for p in report.power
        if p.difference == report.power[0].difference
    )
    return [
        Paragraph(
            "Games per arm needed to find a difference of win rate with 80% power in a test at "
            "5% (normal approximation, around an even share): one position against an even "
            "share, and the first player's win rate of one arm against another's when both play "
            "the same deals (the independent samples' number times the share of its variance "
            f"that is left once the deals are paired, measured in this study: {paired}). A "
            "test in a family of m is held to about 5%/m by Holm's correction at its first "
            "step, which takes about 1.2 times as many games for m = 2, 1.7 for m = 10 and 2.4 "
            "for m = 100."
        ),
        Grid(
            (
                *(("players",) if several_counts(report) else ()),
                "difference",
                "one position",
                "two arms",
            ),
            rows,
        ),
        Paragraph(f"This study: {detectable}."),
    ]


def method_items(report: BalanceReport) -> tuple[str, ...]:
    """How the study was played and tested, item by item."""
    families = "; ".join(f"{f.name}: {f.tests} tests" for f in report.families)
    capped = (
        "counted in the win rates as games nobody won (--count-capped)"
        if report.count_capped
        else "left out of the win rates"
    )
    return (
        "Every deal (a seed) is played under every arm and from every seat order: at table t "
        "seat t moves first, with the same seed and bots.",
        "Wins are shared among tied winners. A game stopped at the decision cap has no winner: "
        f"it is counted apart, {capped}, and left out of the lengths and the scores.",
        "Win rates have 95% Wilson intervals. Two arms are compared deal by deal: a rate or a "
        "mean per game by a paired z-test over the deals (each deal's part in each estimate by "
        "the delta method, differenced deal by deal); the median length and the win-rate "
        "spread by a paired bootstrap over the deals (1,000 resamples drawing the same deals "
        "for both arms, percentile intervals, the p-value of the z-test with the resamples' "
        "standard deviation).",
        "Even seats are tested with Pearson's chi-square on the wins per position (p-value from "
        "the regularized incomplete gamma function). The win-rate spread of an arm is "
        "corrected for the spread that chance alone gives (twice the spread less the mean of "
        "its bootstrap); its interval reaches 0 whenever the chi-square finds the positions "
        "even.",
        "Effects of the deal compare the seats given a key with the seats that could have been "
        "given it and were not, over every seat of every finished game, within each turn "
        "position: the Mantel-Haenszel weighted difference (Wald interval) and the "
        "Cochran-Mantel-Haenszel test. The deal is random, so the groups differ only by the "
        "key. What the seats played is counted, never tested.",
        f"Each family of tests is corrected together by {CORRECTIONS[report.correction]} "
        f"({report.correction}); a finding is significant when its adjusted p-value is below "
        f"{LEVEL:g}. Families: {families}. Intervals are of one estimate each, not adjusted. "
        "A finding whose adjusted p-value lies near the level, or that rests on few games, "
        "says how many games would replicate it.",
    ) + (_looked(report) if report.stopping is not None else ())


def _looked(report: BalanceReport) -> tuple[str, ...]:
    assert report.stopping is not None
    margins = ", ".join(f"{name} {value:g}" for name, value in report.stopping.margins.items())
    return (
        "The study looked after every block of deals, so every test above is anytime-valid: "
        "read through a normal-mixture confidence sequence tuned to the planned deals, whose "
        "p-value holds at whatever look the study stopped (Holm's correction holds with it). "
        "It stopped once every seat test and every difference from the base was significant, "
        "or its confidence sequence at its family's Bonferroni share of 5% lay within its "
        f"margin ({margins}; rates as shares, lengths and score spreads as parts of the "
        "base's).",
    )
