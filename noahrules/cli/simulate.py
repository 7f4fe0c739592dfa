"""``noahrules simulate``: many games between bots, and the report as tables."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from noahrules.cli.common import (
    add_command,
    add_game_options,
    bot_names,
    check_writable,
    load,
    number,
    percent,
    usage_error,
    write_text,
)
from noahrules.games import GAMES
from noahrules.lab.samples import record_games
from noahrules.progress import Progress
from noahrules.render import Paint, grid
from noahrules.simulation import (
    DEFAULT_MAX_DECISIONS,
    Rate,
    Report,
    Stats,
    capped_because,
    simulate,
)

__all__ = ["milliseconds", "register", "report_lines", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``simulate`` to the command line."""
    sim = add_command(commands, "simulate", run)
    add_game_options(sim)
    sim.add_argument("--games", type=int, required=True, metavar="N", help="games to play")
    sim.add_argument("--players", type=int, default=3, metavar="N", help="seats (default 3)")
    sim.add_argument(
        "--bots", metavar="B,B", help="bots by seat, comma separated, repeated; name:key=value"
    )
    sim.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed")
    sim.add_argument("--workers", type=int, metavar="N", help="processes (default: all cores)")
    sim.add_argument("--max-decisions", type=int, metavar="N", help="cap on decisions per game")
    sim.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat")
    sim.add_argument(
        "--count-capped",
        action="store_true",
        help="count games stopped at the decision cap in the win rates, as games nobody won",
    )
    sim.add_argument(
        "--move-time", type=float, metavar="S", help="seconds a bot may take over a move"
    )
    sim.add_argument("--json", metavar="PATH", help="write the full report as JSON")
    sim.add_argument("--records", metavar="DIR", help="record sample games into DIR")
    sim.add_argument(
        "--keep", type=int, default=3, metavar="N", help="sample games to record (default 3)"
    )


def run(args: argparse.Namespace) -> int:
    """Play many games between bots and print win rates, scores and game lengths.

    Bots are given by seat (comma separated, repeated to fill the seats) and move one seat on
    each game unless --no-rotate. --json PATH writes the full report; --records DIR records
    sample games (--keep of them: the most decisive, the closest, the longest) for replay.
    """
    if args.games < 1:
        usage_error(args, "--games must be at least 1")
    if args.workers is not None and args.workers < 1:
        usage_error(args, "--workers must be at least 1")
    check_writable(args, "--json", args.json)
    if args.keep < 0:
        usage_error(args, "--keep must be at least 0")
    if args.records and not _folder_for_records(args.records):
        usage_error(args, f"--records {args.records}: cannot make or write that folder")
    game, rules = load(args)
    bots = bot_names(args, args.players)
    cap = DEFAULT_MAX_DECISIONS if args.max_decisions is None else args.max_decisions
    progress = Progress(f"{args.game} games", sys.stderr)
    try:
        report = simulate(
            game,
            rules,
            args.players,
            bots,
            args.games,
            args.seed,
            workers=args.workers,
            rotate=not args.no_rotate,
            move_time=args.move_time,
            max_decisions=cap,
            progress=progress,
            count_capped=args.count_capped,
        )
    finally:
        progress.close()
    print("\n".join(report_lines(report, Paint.for_stream(sys.stdout))))
    if args.json:
        if not write_text(args.json, json.dumps(report.to_dict(), indent=1)):
            return 1
        print(f"report written to {args.json}")
    if args.records:
        kept = record_games(
            args.records, game, rules, report.results, bots, keep=args.keep, max_decisions=cap
        )
        for sample in kept:
            print(
                f"{sample.kind} game {sample.deal} recorded in {Path(args.records) / sample.file}"
            )
    return 0


def _folder_for_records(name: str) -> bool:
    """Whether sample games can be written into the folder ``name`` (made if missing)."""
    folder = Path(name)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


def _rate(rate: Rate) -> list[str]:
    return [
        percent(rate.rate),
        f"{number(rate.wins)}/{rate.games}",
        f"{percent(rate.low)} - {percent(rate.high)}",
    ]


def milliseconds(seconds: float | None) -> str:
    """CPU seconds per decision, in milliseconds to two decimals (``-`` for none)."""
    return "-" if seconds is None else f"{1000 * seconds:.2f} ms"


def _stats(stats: Stats) -> list[str]:
    return [
        f"{stats.mean:.2f}",
        f"{stats.stdev:.2f}",
        number(stats.minimum),
        number(stats.median),
        number(stats.maximum),
    ]


def _capped(report: Report) -> str:
    """The games stopped at the decision cap, in words."""
    first = next(r for r in report.results if not r.finished)
    counted = (
        "counted in the win rates as games nobody won"
        if report.count_capped
        else "left out of the win rates"
    )
    return (
        f"{report.unfinished} of {report.games} games stopped at the decision cap: "
        f"{capped_because(first.decisions)} (game {first.index}, seed {first.seed}, is one: "
        "--records keeps it); "
        f"{counted}, the scores and the lengths"
    )


def report_lines(report: Report, paint: Paint) -> list[str]:
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
    lines += grid([header] + [[f"seat {s}", *_rate(r)] for s, r in enumerate(report.by_seat)])
    lines += ["", paint("Wins by bot; CPU time per decision with a choice", "bold")]
    lines += grid(
        [[*header, "CPU/decision"]]
        + [
            [name, *_rate(r), milliseconds(report.cpu_by_bot.get(name))]
            for name, r in report.by_bot.items()
        ]
    )
    stats_header = ["", "mean", "stdev", "min", "median", "max"]
    game = GAMES.get(report.game)
    scores = game.score_name if game is not None else "scores"
    if game is not None and game.lower_scores_win:
        scores += " (lower is better)"
    lines += ["", paint(f"Scores by seat: {scores}", "bold")]
    lines += grid(
        [stats_header] + [[f"seat {s}", *_stats(st)] for s, st in enumerate(report.scores)]
    )
    lines += ["", paint("Per game", "bold")]
    rows = [["decisions", *_stats(report.length)]]
    rows += [[name, *_stats(st)] for name, st in report.numbers.items()]
    lines += grid([stats_header, *rows])
    if report.unfinished:
        lines += ["", paint(_capped(report), "yellow")]
    return lines
