"""Writing a tuning: ``tune.json`` (everything), ``trials.csv`` (a row per trial),
``report.md`` and a self-contained ``report.html`` with figures of the search and of each
parameter's effect on the targets' measures."""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from noahrules.lab.document import (
    Block,
    Bullets,
    Grid,
    Heading,
    Image,
    Paragraph,
    markdown,
    page,
    read_images,
)
from noahrules.lab.extra import require
from noahrules.lab.figures import FORMATS, new_figure, save_figure, style
from noahrules.lab.settings import shown
from noahrules.lab.targets import MEASURES, parse_target
from noahrules.lab.tune import COMPLETE, Reading, Tuning

__all__ = ["TuneFiles", "write_tuning"]

_SOFTWARE = "noahrules tune"


@frozen
class TuneFiles:
    """The files of a written tuning."""

    json: Path
    trials: Path
    markdown: Path
    html: Path
    figures: tuple[Path, ...]

    @property
    def paths(self) -> tuple[Path, ...]:
        """Every file written."""
        return (self.json, self.trials, self.markdown, self.html, *self.figures)


def write_tuning(
    tuning: Tuning, folder: str | os.PathLike[str], *, figures: bool = True
) -> TuneFiles:
    """Write ``tuning`` into ``folder`` (made if needed); with ``figures`` (matplotlib of the
    ``lab`` extra) the history of the search and each parameter's effect, as PNG and SVG."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    names = _draw(tuning, out / "figures") if figures else []
    files = TuneFiles(
        out / "tune.json",
        out / "trials.csv",
        out / "report.md",
        out / "report.html",
        tuple(out / "figures" / f"{n}.{f}" for n in names for f in FORMATS),
    )
    files.json.write_text(
        json.dumps(tuning.to_dict(), indent=1, allow_nan=False) + "\n", encoding="utf-8"
    )
    files.trials.write_text(_sheet(tuning), encoding="utf-8")
    document = blocks(tuning, names)
    files.markdown.write_text(markdown(document), encoding="utf-8")
    images = read_images(out / "figures", names)
    files.html.write_text(page(document, images, f"Tuning: {tuning.game}"), encoding="utf-8")
    return files


def _measures(tuning: Tuning) -> list[str]:
    """The measures the trials have, the targets' first."""
    aimed = [parse_target(t).measure for t in tuning.targets]
    seen = {m for trial in tuning.trials for m in trial.measures}
    return list(dict.fromkeys([*aimed, *(m for m in MEASURES if m in seen)]))


def _sheet(tuning: Tuning) -> str:
    names = [p.partition("=")[0] for p in tuning.parameters]
    measures = _measures(tuning)
    header = ["trial", "state", "games", "value", *names]
    header += [f"{m} {part}" for m in measures for part in ("estimate", "low", "high")]
    rows: list[list[str]] = [header]
    for trial in tuning.trials:
        row = [str(trial.number), trial.state, str(trial.games), _number(trial.value)]
        row += [shown(trial.params[n]) if n in trial.params else "" for n in names]
        for m in measures:
            reading = trial.measures.get(m)
            row += ["", "", ""] if reading is None else [
                _number(reading.estimate), _number(reading.low), _number(reading.high)
            ]  # fmt: skip
        rows.append(row)
    text = io.StringIO(newline="")
    csv.writer(text, lineterminator="\n").writerows(rows)
    return text.getvalue()


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:.6g}"


def _reading(reading: Reading | None) -> str:
    if reading is None:
        return "-"
    return f"{reading.estimate:.3g} ({reading.low:.3g}-{reading.high:.3g})"


def blocks(tuning: Tuning, figures: Sequence[str] = ()) -> list[Block]:
    """The document of ``tuning``, showing the figures named in ``figures``."""
    drawn = set(figures)
    found: list[Block] = [Heading(f"Tuning: {tuning.game}", 1), Paragraph(_summary(tuning))]
    found += _verdict(tuning)
    found += [Heading("The trials")]
    found += [Image(n, "The search") for n in ("history",) if n in drawn]
    names = [p.partition("=")[0] for p in tuning.parameters]
    measures = _measures(tuning)
    rows = tuple(
        (
            str(t.number),
            t.state + (f" ({t.problem})" if t.problem else ""),
            str(t.games),
            *(shown(t.params.get(n)) for n in names),
            *(_reading(t.measures.get(m)) for m in measures),
            _number(t.value) or "-",
        )
        for t in tuning.trials
    )
    found.append(Grid(("trial", "state", "games", *names, *measures, "value"), rows))
    for name in names:
        figure = f"effect-{name}"
        if figure in drawn:
            found += [Heading(f"What {name} does"), Image(figure, f"What {name} does")]
    found += [Heading("Method"), Bullets(_method(tuning))]
    return found


def _summary(tuning: Tuning) -> str:
    base = f" on top of {', '.join(tuning.base)}" if tuning.base else ""
    text = (
        f"{tuning.game} at {tuning.players} players between {', '.join(tuning.bots)}{base}: "
        f"{len(tuning.trials)} trials of {', '.join(tuning.parameters)}, {tuning.games:,} games "
        f"each (the same deals, seed {tuning.seed}), aiming at {', '.join(tuning.targets)}."
    )
    if tuning.interrupted:
        text += " **Interrupted**: the trials played are kept, and nothing was confirmed."
    return text


def _verdict(tuning: Tuning) -> list[Block]:
    if tuning.best is None:
        return [Heading("Best"), Paragraph("No trial was played out: nothing to confirm.")]
    values = ", ".join(f"{k}={shown(v)}" for k, v in tuning.best.items())
    found: list[Block] = [
        Heading("Best"),
        Paragraph(f"The best trial (number {tuning.best_trial}) played **{values}**."),
    ]
    confirmation = tuning.confirmation
    if confirmation is None:
        return found
    rows = tuple(
        (
            target,
            _reading(confirmation.measures.get(parse_target(target).measure)),
            "met" if confirmation.met[target] else "missed",
            "yes" if confirmation.sure[target] else "no",
        )
        for target in tuning.targets
    )
    verdict = "hold" if confirmation.holds else "do not hold"
    found += [
        Paragraph(
            f"Played again on {confirmation.games:,} fresh games (deals of seed "
            f"{confirmation.seed}), the targets **{verdict}** by their estimates:"
        ),
        Grid(("target", "estimate (95% interval)", "by the estimate", "by the interval"), rows),
    ]
    return found


def _method(tuning: Tuning) -> tuple[str, ...]:
    return (
        "Each trial plays its rules on the same deals, each deal from every seat order. A "
        "trial's value is the sum of the targets' misses by their estimates (rates as shares, "
        "lengths as parts of the target) when one is missed, else minus the smallest margin by "
        "which one is met; the search makes it as small as it can (Optuna's TPE sampler, "
        "seeded, or every value once when there are no more values than trials).",
        "After each block of deals, each target's measure is read through its confidence "
        "sequence, valid however often one looks (at 5% shared among the targets): a trial "
        "whose sequences show a target cannot be met is pruned there.",
        "The seat spread is the best position's win rate less the worst's, corrected for the "
        "spread chance alone gives; rates have normal intervals over the deals; medians "
        "percentile intervals of a bootstrap over the deals. Games stopped at the decision cap "
        "are left out of every measure but 'capped'.",
        "Among trials of one value, the surer (whose intervals miss the targets least) ranks "
        "first. The best is played again on fresh deals: a target holds by its estimate, and "
        "surely when its whole interval meets it.",
    )


def _draw(tuning: Tuning, folder: Path) -> list[str]:
    matplotlib = require("matplotlib", "the figures need it")
    folder.mkdir(parents=True, exist_ok=True)
    plans: list[tuple[str, str, Any]] = [("history", "The search", lambda f: _history(f, tuning))]
    for parameter in tuning.parameters:
        name = parameter.partition("=")[0]
        plans.append((f"effect-{name}", f"What {name} does", _effect_of(tuning, name)))
    drawn = []
    with matplotlib.rc_context(style(_SOFTWARE)):
        for name, title, draw in plans:
            figure = new_figure(draw, title)
            for fmt in FORMATS:
                save_figure(figure, folder / f"{name}.{fmt}", _SOFTWARE, dpi=100)
            drawn.append(name)
    return drawn


def _history(figure: Any, tuning: Tuning) -> None:
    figure.set_size_inches(7, 3.2)
    ax = figure.subplots()
    complete = [t for t in tuning.trials if t.state == COMPLETE and t.value is not None]
    pruned = [t for t in tuning.trials if t.state != COMPLETE]
    ax.plot([t.number for t in complete], [t.value for t in complete], "o", label="played out")
    best, line = float("inf"), []
    for trial in complete:
        best = min(best, trial.value or 0.0)
        line.append((trial.number, best))
    if line:
        ax.step(*zip(*line, strict=True), where="post", label="best so far")
    for trial in pruned:
        ax.axvline(trial.number, color="tab:grey", lw=0.6, ls=":")
    ax.axhline(0, color="black", lw=0.8)
    ax.xaxis.set_major_locator(require("matplotlib.ticker", "the figures need it").MaxNLocator(
        integer=True))  # fmt: skip
    ax.set_xlabel("trial (dotted: pruned or failed)")
    ax.set_ylabel("value (below 0: every target met)")
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        figure.legend(handles, labels, loc="outside right upper", fontsize=8)


def _effect_of(tuning: Tuning, name: str) -> Any:
    return lambda figure: _effect(figure, tuning, name)


def _effect(figure: Any, tuning: Tuning, name: str) -> None:
    targets = [parse_target(t) for t in tuning.targets]
    figure.set_size_inches(3.6 * len(targets) + 1, 3.2)
    axes = figure.subplots(1, len(targets), squeeze=False)[0]
    tried = [t for t in tuning.trials if name in t.params and t.measures]
    labels = sorted({shown(t.params[name]) for t in tried}, key=_order)
    for ax, target in zip(axes, targets, strict=True):
        for trial in tried:
            reading = trial.measures.get(target.measure)
            if reading is None:
                continue
            x = labels.index(shown(trial.params[name]))
            low, high = reading.estimate - reading.low, reading.high - reading.estimate
            colour = "tab:blue" if trial.state == COMPLETE else "tab:grey"
            ax.errorbar([x], [reading.estimate], yerr=[[max(0, low)], [max(0, high)]], fmt="o",
                        capsize=3, ms=4, color=colour)  # fmt: skip
        for bound in (target.low, target.high):
            if bound is not None:
                ax.axhline(bound, color="tab:red", ls="--", lw=0.8)
        ax.set_xticks(range(len(labels)), labels)
        ax.set_xlabel(name)
        ax.set_title(target.text, fontsize=9)
    figure.supxlabel("each trial's estimate and 95% interval (grey: pruned); dashed: the target",
                     fontsize=8)  # fmt: skip


def _order(text: str) -> tuple[int, float, str]:
    try:
        return 0, float(text), text
    except ValueError:
        return 1, 0.0, text
