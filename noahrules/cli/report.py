"""``noahrules simulate``: many games between bots, and the report as tables."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from noahrules.cli.common import (
    _SCORE_NAMES,
    Paint,
    _bot_names,
    _load,
    _number,
    _percent,
    _table,
    _usage_error,
)
from noahrules.simulation import Rate, Report, Stats, simulate


def _simulate(args: argparse.Namespace) -> int:
    """Play many games between bots and print win rates, scores and game lengths.

    Bots are given by seat (comma separated, repeated to fill the seats) and move one seat on
    each game unless --no-rotate. --json PATH writes the full report.
    """
    if args.games < 1:
        _usage_error(args, "--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        _usage_error(args, "--workers must be at least 1")
    _, rules = _load(args)
    bots = _bot_names(args, args.players)
    options: dict[str, Any] = {"workers": args.workers, "rotate": not args.no_rotate}
    if args.max_decisions is not None:
        options["max_decisions"] = args.max_decisions
    err = sys.stderr
    if err.isatty():

        def progress(done: int, total: int) -> None:
            err.write(f"\r{args.game}: {done}/{total} games")
            err.flush()

        options["progress"] = progress
    report = simulate(args.game, rules, args.players, bots, args.games, args.seed, **options)
    if err.isatty():
        err.write("\n")
    print("\n".join(_report_lines(report, Paint.for_stream(sys.stdout))))
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as file:
                json.dump(report.to_dict(), file, indent=1)
                file.write("\n")
        except OSError as exc:
            print(f"noahrules: error: cannot write {args.json}: {exc.strerror}", file=sys.stderr)
            return 1
        print(f"report written to {args.json}")
    return 0


def _rate(rate: Rate) -> list[str]:
    return [
        _percent(rate.rate),
        f"{_number(rate.wins)}/{rate.games}",
        f"{_percent(rate.low)} - {_percent(rate.high)}",
    ]


def _stats(stats: Stats) -> list[str]:
    return [
        f"{stats.mean:.2f}",
        f"{stats.stdev:.2f}",
        _number(stats.minimum),
        _number(stats.median),
        _number(stats.maximum),
    ]


def _report_lines(report: Report, paint: Paint) -> list[str]:
    """A simulation report as readable tables."""
    variants = ", ".join(report.variants) or "none"
    lines = [
        paint(f"{report.game}: {report.games} games", "bold")
        + f", {report.players} players, bots {', '.join(report.bots)}, variants {variants}, "
        f"seed {report.seed}" + (", seats rotated" if report.rotate else ""),
        "",
        paint("Wins by seat (ties shared; 95% Wilson interval)", "bold"),
    ]
    header = ["", "rate", "wins", "interval"]
    lines += _table([header] + [[f"seat {s}", *_rate(r)] for s, r in enumerate(report.by_seat)])
    lines += ["", paint("Wins by bot", "bold")]
    lines += _table([header] + [[name, *_rate(r)] for name, r in report.by_bot.items()])
    stats_header = ["", "mean", "stdev", "min", "median", "max"]
    lines += ["", paint(f"Scores by seat: {_SCORE_NAMES.get(report.game, 'scores')}", "bold")]
    lines += _table(
        [stats_header] + [[f"seat {s}", *_stats(st)] for s, st in enumerate(report.scores)]
    )
    lines += ["", paint("Per game", "bold")]
    rows = [["decisions", *_stats(report.length)]]
    rows += [[name, *_stats(st)] for name, st in report.numbers.items()]
    lines += _table([stats_header, *rows])
    if report.unfinished:
        lines += ["", paint(f"{report.unfinished} games stopped at the decision cap", "yellow")]
    return lines
