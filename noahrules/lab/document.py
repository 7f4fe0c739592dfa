"""A balance report as a document: headings, paragraphs, lists, tables and figures, written
out as Markdown or as one self-contained HTML page (its figures embedded as PNG).

The sections answer a designer's questions in turn: what the study found, whether the seats
are fair, whether the first player's edge changes with the player count, what each variant
changes, which rule set is best, what a swept parameter does, how long games are, what the
deal's cards or species do, what was played, how the bots compare, whether the findings hold
with other bots, and how many games a difference needs.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping, Sequence
from pathlib import Path

from attrs import frozen

from noahrules.lab.analysis import DECISIONS, BalanceReport, Comparison, Sweep
from noahrules.lab.figures import effects_figure, main_unit, sweep_figure
from noahrules.lab.findings import (
    LEVEL,
    MEASURES,
    Finding,
    cell_name,
    interval_text,
    p_equals,
    p_shown,
    rate_text,
)
from noahrules.lab.stats import CORRECTIONS, Interval
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

MOST_FINDINGS = 40
"""The most significant findings listed in words; report.json holds every test."""


def blocks(report: BalanceReport, figures: Sequence[str] = ()) -> list[Block]:
    """The document of ``report``, showing the figures named in ``figures``."""
    drawn = set(figures)
    found: list[Block] = [Heading(f"Balance study: {report.game}", 1), Paragraph(_summary(report))]
    found += _findings(report)
    found += _section("Are the seats fair?", ["seats"], drawn, _seat_tables(report))
    if len(report.players) > 1:
        found += _section(
            "Does the first player's edge change with the player count?",
            ["first-player"],
            drawn,
            [_first_player(report)],
        )
    if report.comparisons:
        found += _section(
            "What does each variant change?", ["differences"], drawn, _comparisons(report)
        )
    if len({arm.name for arm in report.arms}) > 1:
        found += [Heading("Which rule set is best?"), *_ranking(report)]
    for sweep in report.sweeps:
        found += _section(
            f"What does {sweep.parameter} do?",
            [sweep_figure(sweep.parameter)],
            drawn,
            [_sweep(report, sweep)],
        )
    found += _section("How long are games?", ["lengths"], drawn, _lengths(report))
    found += _section("Scores", ["scores"], drawn, [_scores(report)])
    found += _dealt(report, drawn)
    found += _played(report)
    found += [Heading("Bots"), *_bots(report)]
    if report.check_bots:
        found += [Heading("Do the findings hold with other bots?"), *_check(report)]
    found += [Heading("How many games does a difference need?"), *_power(report)]
    if any(arm.numbers for arm in report.arms):
        found += [Heading("Game totals"), _numbers(report)]
    if any(arm.samples for arm in report.arms):
        found += _samples(report)
    found += [Heading("Method"), Bullets(_method(report))]
    return found


def _section(title: str, names: Sequence[str], drawn: set[str], rest: list[Block]) -> list[Block]:
    images: list[Block] = [Image(n, title) for n in names if n in drawn]
    return [Heading(title), *images, *rest]


def _several(report: BalanceReport) -> bool:
    return len(report.players) > 1


def _named(report: BalanceReport, arm: str, players: int) -> str:
    return cell_name(arm, players, _several(report))


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


def _adjusted(report: BalanceReport) -> dict[tuple[str, str, int, str], Finding]:
    return {(f.family, f.arm, f.players, f.subject): f for f in report.findings}


def _p(finding: Finding | None) -> str:
    if finding is None:
        return "-"
    return p_shown(finding.p_adjusted) + (" *" if finding.significant else "")


def _seat_tables(report: BalanceReport) -> list[Block]:
    """Win rates by position and by seat number, each with its test: the chi-square, or for a
    study that looked after every block the anytime test its findings are of."""
    most = max(report.players)
    tested = _adjusted(report)
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
                    *((str(arm.players),) if _several(report) else ()),
                    *rates,
                    *([""] * (most - len(rates))),
                    *statistic,
                    f"{p:.3g}",
                    _p(finding),
                )
            )
        return tuple(found)

    players = ("players",) if _several(report) else ()
    tail = ("anytime p", "adjusted p") if anytime else ("chi-square", "p", "adjusted p")
    return [
        Paragraph(
            "Win rates by position in the turn order (position 0 moves first), with 95% "
            "intervals; * marks a significant test after correction:"
        ),
        Table(
            ("arm", *players, *(f"position {k}" for k in range(most)), *tail),
            rows("positions", "positions_test", "positions"),
        ),
        Paragraph("By seat number, whatever the order (island: seat k takes ark k):"),
        Table(
            ("arm", *players, *(f"seat {k}" for k in range(most)), *tail),
            rows("seats", "seats_test", "seat numbers"),
        ),
    ]


def _first_player(report: BalanceReport) -> Block:
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
    return Table(("arm", *(f"{n} players" for n in report.players)), rows)


def _comparisons(report: BalanceReport) -> list[Block]:
    tested = _adjusted(report)

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
            *((str(c.players),) if _several(report) else ()),
            *(mark(c, label, field, scale, unit) for label, field, scale, unit in MEASURES),
        )
        for c in report.comparisons
    )
    header = (
        "arm",
        *(("players",) if _several(report) else ()),
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
        Table(header, rows),
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
    players = ("players",) if _several(report) else ()
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
        Table(("arm", *players, *(f"position {k}" for k in range(most))), rows),
    ]


def _narrower(share: float) -> str:
    """How much narrower a paired interval is than an unpaired one of ``share`` its width."""
    if round(abs(1 - share), 2) == 0:
        return "as wide"
    return f"{1 - share:.0%} narrower" if share < 1 else f"{share - 1:.0%} wider"


def _ranking(report: BalanceReport) -> list[Block]:
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
        if _several(report):
            found.append(Paragraph(f"At {players} players:"))
        found.append(
            Table(
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


def _range(interval: Interval) -> str:
    return f"{interval.low:g}-{interval.high:g}"


def _mean(interval: Interval) -> str:
    return f"{interval.estimate:.1f} ({interval.low:.1f}-{interval.high:.1f})"


def _sweep(report: BalanceReport, sweep: Sweep) -> Block:
    unit = main_unit(report)
    rows = []
    for name, value in zip(sweep.arms, sweep.values, strict=True):
        for players in report.players:
            arm = report.arm(name, players)
            rows.append(
                (
                    value + (" (base)" if name == "base" else ""),
                    *((str(players),) if _several(report) else ()),
                    interval_text(arm.measures.win_spread, 100, " pp"),
                    interval_text(arm.measures.first_seat, 100, " pp"),
                    _mean(arm.measures.duration.get(unit, Interval(0.0, 0.0, 0.0))),
                )
            )
    header = (
        sweep.parameter,
        *(("players",) if _several(report) else ()),
        "win-rate spread",
        "first player's edge",
        f"median {unit}",
    )
    return Table(header, tuple(rows))


def _lengths(report: BalanceReport) -> list[Block]:
    units = [u for u in report.arms[0].length if all(u in a.length for a in report.arms)]
    rows = []
    for arm in report.arms:
        for unit in units:
            length = arm.length[unit]
            rows.append(
                (
                    _named(report, arm.name, arm.players),
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
        Table(header, tuple(rows)),
    ]


def _stats(stats: Stats) -> str:
    return f"{stats.mean:.1f} ± {stats.stdev:.1f}"


def _scores(report: BalanceReport) -> Block:
    most = max(report.players)
    header = ("arm", *(f"position {k}" for k in range(most)), "spread", "decisive games")
    return Table(
        header,
        tuple(
            (
                _named(report, a.name, a.players),
                *(_stats(s) for s in a.scores),
                *([""] * (most - len(a.scores))),
                _stats(a.spread),
                rate_text(a.decisive),
            )
            for a in report.arms
        ),
    )


def _dealt(report: BalanceReport, drawn: set[str]) -> list[Block]:
    tallies = sorted({name for arm in report.arms for name in arm.dealt})
    if not tallies:
        return []
    tested = _adjusted(report)
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
                    else f"{interval_text(effect.difference, 100)}, {_p(finding)}"
                )
            rows.append((key, *cells))
        found.append(
            Table(("key", *(_named(report, a.name, a.players) for a in arms)), tuple(rows))
        )
    return found


def _played(report: BalanceReport) -> list[Block]:
    tallies = sorted({name for arm in report.arms for name in arm.played})
    if not tallies:
        return []
    found: list[Block] = [
        Heading("What was played"),
        Paragraph(
            "Descriptive only, never tested: how often each key came up per game, and how the "
            "seats that played or rescued it fared against the others. Winners play "
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
                Paragraph(f"{_named(report, arm.name, arm.players)}:"),
                Table(("key", "per game", "seats with it win", "seats without it win"), rows),
            ]
    return found


def _bots(report: BalanceReport) -> list[Block]:
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
                (_named(report, arm.name, arm.players), name, rate_text(rate), shown_rating)
            )
    return [
        Paragraph(
            "Win rates per bot and, when several bots shared the tables, their OpenSkill "
            "ratings (Plackett-Luce): mu ± sigma is the skill estimate and its uncertainty "
            "(the model starts every bot at 25 ± 8.3); the ordinal, mu less 3 sigma, ranks "
            "them cautiously."
        ),
        Table(("arm", "bot", "win rate", "OpenSkill rating (mixed tables)"), tuple(rows)),
    ]


def _check(report: BalanceReport) -> list[Block]:
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
                _named(report, f.arm, f.players),
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
            Table(("kind", "arm", "subject", ", ".join(report.bots), bots, "verdict"), rows)
        )
    return found


def _estimate(value: float | None, unit: str) -> str:
    return "-" if value is None else f"{value:+.1f} {unit}".rstrip()


def _power(report: BalanceReport) -> list[Block]:
    rows = tuple(
        (
            *((str(p.players),) if _several(report) else ()),
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
        Table(
            (
                *(("players",) if _several(report) else ()),
                "difference",
                "one position",
                "two arms",
            ),
            rows,
        ),
        Paragraph(f"This study: {detectable}."),
    ]


def _numbers(report: BalanceReport) -> Block:
    rows = tuple(
        (
            _named(report, arm.name, arm.players),
            name,
            _stats(s),
            f"{s.median:g}",
            f"{s.minimum:g}-{s.maximum:g}",
        )
        for arm in report.arms
        for name, s in arm.numbers.items()
    )
    return Table(("arm", "per game", "mean ± sd", "median", "range"), rows)


def _samples(report: BalanceReport) -> list[Block]:
    rows = tuple(
        (
            _named(report, arm.name, arm.players),
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
    return [Heading("Sample games"), note, Table(header, rows)]


def _method(report: BalanceReport) -> tuple[str, ...]:
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
.wide { max-width: 100%; overflow-x: auto; margin: 0.6em 0 1.2em; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; min-width: 3.5em; }
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
        return f'<div class="wide"><table>\n<tr>{head}</tr>\n{rows}\n</table></div>'
    data = base64.b64encode(images[block.name]).decode("ascii")
    return (
        f'<figure><img alt="{html.escape(block.title)}" src="data:image/png;base64,{data}"/>'
        f'<figcaption>{html.escape(block.title)} (<a href="figures/{block.name}.svg">SVG</a>)'
        "</figcaption></figure>"
    )


def read_images(folder: Path, names: Sequence[str]) -> dict[str, bytes]:
    """The PNG bytes of the named figures in ``folder``."""
    return {name: (folder / f"{name}.png").read_bytes() for name in names}
