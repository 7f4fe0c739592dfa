"""The figures of a balance report, drawn with matplotlib (the ``lab`` extra) as PNG and SVG.

Figures are drawn on :class:`matplotlib.figure.Figure` objects, never through ``pyplot``, so no
window opens and no global state changes; the files are the same on every run (the SVG's ids
are salted with a fixed string and no date is written).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from noahrules.lab.analysis import ArmReport, BalanceReport
from noahrules.lab.extra import require

__all__ = ["FORMATS", "MOST_KEYS", "Drawn", "draw_figures", "effects_figure"]

FORMATS = ("png", "svg")
MOST_KEYS = 80
"""A tally with more keys than this is shown in tables only (its grouping by species, if any, is
drawn): the figure would be too tall to read. The ferry's 47 cards are drawn."""
_STYLE = {
    "svg.hashsalt": "noahrules-lab",
    "svg.fonttype": "none",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
_METADATA = {"png": {"Software": "noahrules lab"}, "svg": {"Date": None}}


@frozen
class Drawn:
    """A figure written as PNG and SVG."""

    name: str
    title: str
    png: Path
    svg: Path


def draw_figures(report: BalanceReport, folder: Path) -> tuple[Drawn, ...]:
    """Draw every figure of ``report`` into ``folder`` (made if needed)."""
    matplotlib = require("matplotlib", "the figures need it")
    folder.mkdir(parents=True, exist_ok=True)
    plans: list[tuple[str, str, Callable[[Any], None]]] = [
        ("seats", "Win rates by seat, with 95% intervals", lambda f: _seats(f, report)),
        ("lengths", "Game length per arm", lambda f: _lengths(f, report)),
        ("scores", f"Scores ({report.score_name}) by position", lambda f: _scores(f, report)),
    ]
    if report.comparisons:
        plans.append(
            ("differences", "Each arm against the base", lambda f: _differences(f, report))
        )
    for tally in _tallies(report):
        plans.append((effects_figure(tally), f"Effect on winning: {tally}", _drawer(report, tally)))
    drawn = []
    with matplotlib.rc_context(_STYLE):
        figure_class = require("matplotlib.figure", "the figures need it").Figure
        for name, title, draw in plans:
            figure = figure_class(layout="constrained")
            draw(figure)
            figure.suptitle(title, fontsize=11)
            paths = {fmt: folder / f"{name}.{fmt}" for fmt in FORMATS}
            for fmt, path in paths.items():
                figure.savefig(path, format=fmt, dpi=110, metadata=_METADATA[fmt])
            drawn.append(Drawn(name, title, paths["png"], paths["svg"]))
    return tuple(drawn)


def _drawer(report: BalanceReport, tally: str) -> Callable[[Any], None]:
    return lambda figure: _effects(figure, report, tally)


def effects_figure(tally: str) -> str:
    """The name of the figure of the effects of a tally: ``effects-plays-per-card``."""
    return "effects-" + re.sub(r"[^a-z0-9]+", "-", tally.lower()).strip("-")


def _tallies(report: BalanceReport) -> list[str]:
    names = sorted({name for arm in report.arms for name in arm.effects})
    return [
        name
        for name in names
        if 0 < max(len(arm.effects.get(name, ())) for arm in report.arms) <= MOST_KEYS
    ]


def _offsets(count: int, width: float = 0.8) -> list[float]:
    step = width / max(count, 1)
    return [-width / 2 + step / 2 + i * step for i in range(count)]


def _seats(figure: Any, report: BalanceReport) -> None:
    figure.set_size_inches(9, 3.8)
    axes = figure.subplots(1, 2, sharey=True)
    parts: Sequence[tuple[str, Callable[[ArmReport], Sequence[Any]]]] = (
        ("position in the turn order (0 moves first)", lambda arm: arm.positions),
        ("seat number (island: ark colour)", lambda arm: arm.seats),
    )
    for ax, (label, rates_of) in zip(axes, parts, strict=True):
        for offset, arm in zip(_offsets(len(report.arms)), report.arms, strict=True):
            rates = rates_of(arm)
            xs = [k + offset for k in range(len(rates))]
            heights = [r.rate for r in rates]
            errors = [[r.rate - r.low for r in rates], [r.high - r.rate for r in rates]]
            ax.bar(xs, heights, width=0.8 / len(report.arms), label=arm.name)
            ax.errorbar(xs, heights, yerr=errors, fmt="none", ecolor="black", capsize=2, lw=0.8)
        ax.axhline(1 / report.players, color="grey", ls="--", lw=0.8)
        ax.set_xticks(range(report.players))
        ax.set_xlabel(label)
    axes[0].set_ylabel("win rate (ties shared)")
    axes[0].legend(fontsize=8)


def _lengths(figure: Any, report: BalanceReport) -> None:
    arms = report.arms
    figure.set_size_inches(7, 1.2 + 1.3 * len(arms))
    axes = figure.subplots(len(arms), 1, sharex=True, squeeze=False)[:, 0]
    values = [d for arm in arms for d, _ in arm.lengths]
    low, high = (min(values), max(values)) if values else (0, 1)
    bins = _bins(low, high)
    for ax, arm in zip(axes, arms, strict=True):
        decisions = [d for d, _ in arm.lengths]
        weights = [n for _, n in arm.lengths]
        ax.hist(decisions, bins=bins, weights=weights, color="tab:blue")
        ax.axvline(arm.length.median, color="black", lw=0.9)
        ax.axvline(arm.length.p90, color="black", lw=0.9, ls=":")
        ax.set_title(arm.name, loc="left", fontsize=9)
        ax.set_ylabel("games")
    axes[-1].set_xlabel("decisions per game (solid line: median; dotted: 90th percentile)")


def _bins(low: float, high: float, most: int = 40) -> list[float]:
    width = max(1.0, (high - low + 1) / most)
    count = int((high - low) // width) + 2
    return [low - 0.5 + i * width for i in range(count)]


def _scores(figure: Any, report: BalanceReport) -> None:
    arms = report.arms
    figure.set_size_inches(7, 1.2 + 1.3 * len(arms))
    axes = figure.subplots(len(arms), 1, sharex=True, squeeze=False)[:, 0]
    for ax, arm in zip(axes, arms, strict=True):
        samples = [[s for s, n in counts for _ in range(n)] for counts in arm.score_counts]
        ax.boxplot(samples, orientation="horizontal", widths=0.6, showfliers=False)
        ax.set_yticks(range(1, len(samples) + 1), [f"position {k}" for k in range(len(samples))])
        ax.invert_yaxis()
        ax.set_title(arm.name, loc="left", fontsize=9)
    better = "lower" if report.lower_scores_win else "higher"
    axes[-1].set_xlabel(f"{report.score_name} at the end ({better} is better)")


def _differences(figure: Any, report: BalanceReport) -> None:
    measures = (
        ("game length\n(decisions)", "length", 1.0),
        ("score spread", "spread", 1.0),
        ("first player's\nwin rate (pp)", "first_seat", 100.0),
        ("seat imbalance (pp)", "imbalance", 100.0),
        ("decisive games (pp)", "decisive", 100.0),
    )
    comparisons = report.comparisons
    figure.set_size_inches(10, 1.4 + 0.5 * len(comparisons))
    axes = figure.subplots(1, len(measures), sharey=True)
    ys = list(range(len(comparisons)))
    for ax, (label, field, scale) in zip(axes, measures, strict=True):
        for y, comparison in zip(ys, comparisons, strict=True):
            interval = getattr(comparison, field)
            colour = "tab:red" if interval.significant else "tab:grey"
            e, lo, hi = (scale * v for v in (interval.estimate, interval.low, interval.high))
            ax.errorbar([e], [y], xerr=[[e - lo], [hi - e]], fmt="o", color=colour, capsize=3)
        ax.axvline(0, color="black", lw=0.8)
        ax.set_title(label, fontsize=9)
    axes[0].set_yticks(ys, [c.arm for c in comparisons])
    axes[0].set_ylim(len(comparisons) - 0.5, -0.5)  # the first arm on top, with room


def _effects(figure: Any, report: BalanceReport, tally: str) -> None:
    keys = sorted({e.key for arm in report.arms for e in arm.effects.get(tally, ())})
    figure.set_size_inches(7, 1.4 + 0.3 * len(keys))
    ax = figure.subplots()
    offsets = _offsets(len(report.arms), 0.6)
    for offset, arm in zip(offsets, report.arms, strict=True):
        found = {e.key: e for e in arm.effects.get(tally, ())}
        rows = [(k, found[key]) for k, key in enumerate(keys) if key in found]
        xs = [100 * e.difference.estimate for _, e in rows]
        below = [100 * (e.difference.estimate - e.difference.low) for _, e in rows]
        above = [100 * (e.difference.high - e.difference.estimate) for _, e in rows]
        ys = [k + offset for k, _ in rows]
        ax.errorbar(xs, ys, xerr=[below, above], fmt="o", ms=3, capsize=2, label=arm.name)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_yticks(range(len(keys)), keys)
    ax.invert_yaxis()
    ax.set_xlabel("win rate with it less win rate without (percentage points, 95% interval)")
    ax.legend(fontsize=8)
