"""The figures of a balance report, drawn with matplotlib (the ``lab`` extra) as PNG and SVG.

Figures are drawn on :class:`matplotlib.figure.Figure` objects, never through ``pyplot``, so no
window opens and no global state changes; the files are the same on every run (the SVG's ids
are salted with a fixed string and no date is written). Legends stand outside the plots, box
plots draw every game beyond their whiskers as a point, and every estimate has its 95%
interval.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from noahrules.lab.balance_report import ArmReport, BalanceReport, Sweep, main_unit
from noahrules.lab.deals import DECISIONS
from noahrules.lab.design import BASE
from noahrules.lab.extra import require
from noahrules.lab.figure_files import Drawn, effects_figure, sweep_figure
from noahrules.lab.stats import Interval

__all__ = [
    "FORMATS",
    "MOST_KEYS",
    "Drawn",
    "draw_figures",
    "effects_figure",
    "main_unit",
    "new_figure",
    "save_figure",
    "style",
    "sweep_figure",
]

FORMATS = ("png", "svg")
MOST_KEYS = 80
"""A tally with more keys than this is shown in tables only (its grouping by species, if any, is
drawn): the figure would be too tall to read. The ferry's 47 cards are drawn."""
_STYLE = {
    "svg.fonttype": "none",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
_SOFTWARE = "noahrules lab"
_FLIERS = {"marker": ".", "markersize": 3, "alpha": 0.5}
_SIGNIFICANT, _NOT = "tab:red", "tab:grey"
_NONE = Interval(0.0, 0.0, 0.0)

Plan = tuple[str, str, Callable[[Any], None]]


def draw_figures(report: BalanceReport, folder: Path) -> tuple[Drawn, ...]:
    """Draw every figure of ``report`` into ``folder`` (made if needed)."""
    matplotlib = require("matplotlib", "the figures need it")
    folder.mkdir(parents=True, exist_ok=True)
    drawn = []
    with matplotlib.rc_context(style(_SOFTWARE)):
        for name, title, draw in _plans(report):
            figure = new_figure(draw, title)
            paths = {fmt: folder / f"{name}.{fmt}" for fmt in FORMATS}
            for path in paths.values():
                save_figure(figure, path, _SOFTWARE, dpi=100)
            drawn.append(Drawn(name, title, paths["png"], paths["svg"]))
    return tuple(drawn)


def style(software: str) -> dict[str, object]:
    """The lab's matplotlib settings, with the SVG ids salted by ``software``'s name so that the
    same figure gives the same file."""
    return {"svg.hashsalt": software.replace(" ", "-"), **_STYLE}


def new_figure(draw: Callable[[Any], None], title: str | None = None) -> Any:
    """A constrained :class:`matplotlib.figure.Figure` drawn by ``draw``, with ``title`` above."""
    figure_class = require("matplotlib.figure", "the figures need it").Figure
    drawn = figure_class(layout="constrained")
    draw(drawn)
    if title is not None:
        drawn.suptitle(title, fontsize=11)
    return drawn


def save_figure(figure: Any, path: Path, software: str, dpi: int) -> None:
    """Write ``figure`` as the PNG or SVG ``path`` names, dated nowhere and signed by
    ``software``: the same figure gives the same bytes."""
    fmt = path.suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        raise ValueError(f"a figure is written as .png or .svg, not {path.name}")
    metadata = {"Software": software} if fmt == "png" else {"Date": None}
    figure.savefig(path, format=fmt, dpi=dpi, metadata=metadata)


def figure_names(report: BalanceReport) -> list[str]:
    """The names of the figures of ``report``, in the order they are drawn."""
    return [name for name, _, _ in _plans(report)]


def figure(report: BalanceReport, name: str) -> Any:
    """The figure of ``report`` called ``name`` (a :class:`matplotlib.figure.Figure`), drawn
    and not saved: to look at, or to check."""
    matplotlib = require("matplotlib", "the figures need it")
    for planned, title, draw in _plans(report):
        if planned == name:
            with matplotlib.rc_context(style(_SOFTWARE)):
                return new_figure(draw, title)
    raise KeyError(name)


def _plans(report: BalanceReport) -> list[Plan]:
    plans: list[Plan] = [
        ("seats", "Win rates by seat, with 95% intervals", lambda f: _seats(f, report))
    ]
    if len(report.players) > 1:
        plans.append(
            (
                "first-player",
                "The first player's edge by player count",
                lambda f: _first_player(f, report),
            )
        )
    if report.comparisons:
        plans.append(
            ("differences", "Each arm against the base", lambda f: _differences(f, report))
        )
    for sweep in report.sweeps:
        plans.append(
            (
                sweep_figure(sweep.parameter),
                f"Sweep of {sweep.parameter}",
                _bound(_sweep, report, sweep),
            )
        )
    plans += [
        ("lengths", "Game length per arm", lambda f: _lengths(f, report)),
        ("scores", f"Scores ({report.score_name}) by position", lambda f: _scores(f, report)),
    ]
    for tally in _tallies(report):
        plans.append(
            (
                effects_figure(tally),
                f"Effect on winning: {tally}",
                _bound(_effects, report, tally),
            )
        )
    return plans


def _bound(
    draw: Callable[[Any, BalanceReport, Any], None], report: BalanceReport, what: object
) -> Callable[[Any], None]:
    return lambda figure: draw(figure, report, what)


def _tallies(report: BalanceReport) -> list[str]:
    names = sorted({name for arm in report.arms for name in arm.dealt})
    return [
        name
        for name in names
        if 0 < max(len(arm.dealt.get(name, ())) for arm in report.arms) <= MOST_KEYS
    ]


def _cell(arm: ArmReport, report: BalanceReport) -> str:
    return f"{arm.name} ({arm.players}p)" if len(report.players) > 1 else arm.name


def _offsets(count: int, width: float = 0.8) -> list[float]:
    step = width / max(count, 1)
    return [-width / 2 + step / 2 + i * step for i in range(count)]


def _legend(figure: Any, axes: Any) -> None:
    """One legend for the figure, to the right of every plot."""
    handles, labels = axes.get_legend_handles_labels()
    if handles:
        figure.legend(handles, labels, loc="outside right upper", fontsize=8)


def _errors(values: Sequence[tuple[float, float, float]], scale: float = 1.0) -> list[list[float]]:
    """Error bars below and above each estimate; a percentile interval of a skewed statistic
    (the win-rate spread) may leave out its estimate, and then shows only the side it has."""
    return [
        [max(0.0, scale * (e - low)) for e, low, _ in values],
        [max(0.0, scale * (high - e)) for e, _, high in values],
    ]


def _seats(figure: Any, report: BalanceReport) -> None:
    counts = report.players
    figure.set_size_inches(10, 0.8 + 2.8 * len(counts))
    grid = figure.subplots(len(counts), 2, squeeze=False)
    parts: Sequence[tuple[str, Callable[[ArmReport], Sequence[Any]]]] = (
        ("position in the turn order (0 moves first)", lambda arm: arm.positions),
        ("seat number", lambda arm: arm.seats),
    )
    names = list(dict.fromkeys(arm.name for arm in report.arms))
    for row, players in zip(grid, counts, strict=True):
        arms = [arm for arm in report.arms if arm.players == players]
        for ax, (label, rates_of) in zip(row, parts, strict=True):
            for offset, arm in zip(_offsets(len(arms)), arms, strict=True):
                rates = rates_of(arm)
                xs = [k + offset for k in range(len(rates))]
                heights = [r.rate for r in rates]
                ax.bar(
                    xs,
                    heights,
                    width=0.8 / len(arms),
                    label=arm.name,
                    color=f"C{names.index(arm.name)}",
                )
                errors = _errors([(r.rate, r.low, r.high) for r in rates])
                ax.errorbar(xs, heights, yerr=errors, fmt="none", ecolor="black", capsize=2, lw=0.8)
            ax.axhline(1 / players, color="grey", ls="--", lw=0.8)
            ax.set_xticks(range(players))
            ax.set_xlabel(label)
        row[0].set_ylabel(f"{players} players: win rate")
    _legend(figure, grid[0][0])


def _first_player(figure: Any, report: BalanceReport) -> None:
    figure.set_size_inches(8, 3.6)
    ax = figure.subplots()
    names = list(dict.fromkeys(arm.name for arm in report.arms))
    offsets = _offsets(len(names), 0.5)
    for offset, name in zip(offsets, names, strict=True):
        arms = [arm for arm in report.arms if arm.name == name]
        edges = [arm.measures.first_seat for arm in arms]
        xs = [report.players.index(arm.players) + offset for arm in arms]
        ys = [100 * e.estimate for e in edges]
        errors = _errors([(e.estimate, e.low, e.high) for e in edges], 100)
        ax.errorbar(xs, ys, yerr=errors, fmt="o-", capsize=3, label=name, ms=4)
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xticks(range(len(report.players)), [f"{n} players" for n in report.players])
    ax.set_ylabel("first player's win rate less an even share (pp)")
    _legend(figure, ax)


def _significance(report: BalanceReport) -> dict[tuple[str, int, str], bool]:
    return {
        (f.arm, f.players, f.subject): f.significant
        for f in report.findings
        if f.kind == "against the base"
    }


def _differences(figure: Any, report: BalanceReport) -> None:
    measures = (
        ("game length\n(median decisions)", "length", "game length", 1.0),
        ("score spread", "spread", "score spread", 1.0),
        ("first player's\nwin rate (pp)", "first_seat", "first player's win rate", 100.0),
        ("win-rate spread (pp)", "win_spread", "win-rate spread", 100.0),
        ("decisive games (pp)", "decisive", "decisive games", 100.0),
    )
    significant = _significance(report)
    comparisons = report.comparisons
    several = len(report.players) > 1
    figure.set_size_inches(10, 1.5 + 0.45 * len(comparisons))
    axes = figure.subplots(1, len(measures), sharey=True)
    ys = list(range(len(comparisons)))
    for ax, (label, field, subject, scale) in zip(axes, measures, strict=True):
        for y, comparison in zip(ys, comparisons, strict=True):
            interval = getattr(comparison, field)
            marked = significant.get((comparison.arm, comparison.players, subject), False)
            e, lo, hi = (scale * v for v in (interval.estimate, interval.low, interval.high))
            ax.errorbar(
                [e], [y], xerr=[[e - lo], [hi - e]], fmt="o", capsize=3,
                color=_SIGNIFICANT if marked else _NOT,
            )  # fmt: skip
        ax.axvline(0, color="black", lw=0.8)
        ax.set_title(label, fontsize=9)
    labels = [f"{c.arm} ({c.players}p)" if several else c.arm for c in comparisons]
    axes[0].set_yticks(ys, labels)
    axes[0].set_ylim(len(comparisons) - 0.5, -0.5)  # the first arm on top, with room
    figure.supxlabel(
        f"arm less base, 95% intervals; red: significant after {report.correction} correction",
        fontsize=8,
    )


def _sweep(figure: Any, report: BalanceReport, sweep: Sweep) -> None:
    """Each measure against the parameter's value, every arm (the base too) at its value: on a
    scale of numbers when every value is one, else in the order of the study."""
    unit = main_unit(report)
    panels: tuple[tuple[str, Callable[[ArmReport], Interval], float], ...] = (
        ("win-rate spread (pp)", lambda a: a.measures.win_spread, 100.0),
        ("first player's edge (pp)", lambda a: a.measures.first_seat, 100.0),
        (f"median length ({unit})", lambda a: a.measures.duration.get(unit, _NONE), 1.0),
    )
    places = list(sweep.numbers) if sweep.numbers is not None else list(range(len(sweep.arms)))
    order = sorted(range(len(places)), key=lambda k: places[k])
    labels = [
        f"{value}\n(base)" if arm == BASE else value
        for arm, value in zip(sweep.arms, sweep.values, strict=True)
    ]
    step = min((b - a for a, b in itertools.pairwise(sorted(set(places)))), default=1.0)
    offsets = _offsets(len(report.players), 0.3 * step)
    figure.set_size_inches(10, 3.4)
    axes = figure.subplots(1, len(panels))
    for ax, (label, measure, scale) in zip(axes, panels, strict=True):
        for offset, players in zip(offsets, report.players, strict=True):
            intervals = [measure(report.arm(sweep.arms[k], players)) for k in order]
            xs = [places[k] + offset for k in order]
            ys = [scale * i.estimate for i in intervals]
            errors = _errors([(i.estimate, i.low, i.high) for i in intervals], scale)
            ax.errorbar(xs, ys, yerr=errors, fmt="o-", capsize=3, ms=4, label=f"{players} players")
        ax.set_xticks([places[k] for k in order], [labels[k] for k in order])
        ax.set_xlabel(sweep.parameter)
        ax.set_title(label, fontsize=9)
    _legend(figure, axes[0])


def _lengths(figure: Any, report: BalanceReport) -> None:
    """Box plots of the finished games' lengths; where games were stopped at the decision cap,
    their count at the right end of their arm's row (drawn at the cap, they would squash the
    boxes)."""
    units = list(report.arms[0].length)
    units = [u for u in units if all(u in arm.length for arm in report.arms)]
    arms = report.arms
    figure.set_size_inches(3.4 * len(units) + 1.5, 1.0 + 0.32 * len(arms))
    axes = figure.subplots(1, len(units), sharey=True, squeeze=False)[0]
    for ax, unit in zip(axes, units, strict=True):
        samples = [[v for v, n in arm.lengths[unit] for _ in range(n)] or [0] for arm in arms]
        ax.boxplot(samples, orientation="horizontal", widths=0.6, flierprops=_FLIERS)
        ax.set_xlabel(f"{unit} per finished game")
        if unit == DECISIONS:
            for row, arm in enumerate(arms, 1):
                if arm.unfinished:
                    ax.text(
                        1.0, row, f"{arm.unfinished} at the cap \u25b6", fontsize=7,
                        color="tab:red", ha="right", va="center",
                        transform=ax.get_yaxis_transform(),
                    )  # fmt: skip
    axes[0].set_yticks(range(1, len(arms) + 1), [_cell(arm, report) for arm in arms])
    axes[0].invert_yaxis()
    cap = (
        f"; games stopped at the cap of {report.max_decisions:,} decisions are counted at the "
        "right, not drawn"
        if report.unfinished
        else ""
    )
    figure.supxlabel(
        "box: middle half of the games, line: median; points beyond the whiskers (1.5 times "
        f"the box) are single games{cap}",
        fontsize=8,
    )


def _scores(figure: Any, report: BalanceReport) -> None:
    arms = report.arms
    rows = [1.0 + 0.22 * arm.players for arm in arms]
    figure.set_size_inches(7, 0.8 + sum(rows))
    axes = figure.subplots(
        len(arms), 1, sharex=True, squeeze=False, gridspec_kw={"height_ratios": rows}
    )[:, 0]
    for ax, arm in zip(axes, arms, strict=True):
        samples = [[s for s, n in counts for _ in range(n)] for counts in arm.score_counts]
        ax.boxplot(samples, orientation="horizontal", widths=0.6, flierprops=_FLIERS)
        ax.set_yticks(range(1, len(samples) + 1), [f"position {k}" for k in range(len(samples))])
        ax.invert_yaxis()
        ax.set_title(_cell(arm, report), loc="left", fontsize=9)
    better = "lower" if report.lower_scores_win else "higher"
    axes[-1].set_xlabel(
        f"{report.score_name} at the end ({better} is better); points: single games beyond "
        "the whiskers"
    )


def _effects(figure: Any, report: BalanceReport, tally: str) -> None:
    keys = sorted({e.key for arm in report.arms for e in arm.dealt.get(tally, ())})
    marked = {
        (f.arm, f.players, f.subject)
        for f in report.findings
        if f.family == f"dealt: {tally}" and f.significant
    }
    figure.set_size_inches(8, 1.4 + 0.28 * len(keys))
    ax = figure.subplots()
    offsets = _offsets(len(report.arms), 0.6)
    for index, (offset, arm) in enumerate(zip(offsets, report.arms, strict=True)):
        found = {e.key: e for e in arm.dealt.get(tally, ())}
        rows = [(k, found[key]) for k, key in enumerate(keys) if key in found]
        intervals = [e.difference for _, e in rows]
        xs = [100 * i.estimate for i in intervals]
        ys = [k + offset for k, _ in rows]
        errors = _errors([(i.estimate, i.low, i.high) for i in intervals], 100)
        colour = f"C{index % 10}"
        ax.errorbar(
            xs, ys, xerr=errors, fmt="o", ms=3, capsize=2, color=colour, mfc="white",
            label=_cell(arm, report),
        )  # fmt: skip
        strong = [(x, y) for (x, y, (_, e)) in zip(xs, ys, rows, strict=True)
                  if (arm.name, arm.players, e.key) in marked]  # fmt: skip
        if strong:
            ax.plot(*zip(*strong, strict=True), "o", ms=4, color=colour)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(range(len(keys)), keys)
    ax.invert_yaxis()
    ax.set_xlabel(
        "win rate of the seats given it less the others' (pp, within turn positions, 95% "
        f"interval)\nfilled: significant after {report.correction} correction"
    )
    _legend(figure, ax)
