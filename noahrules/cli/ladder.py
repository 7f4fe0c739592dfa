"""``noahrules ladder``: a round-robin of bots, rated (the ``lab`` extra's OpenSkill)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from noahrules.cli.common import (
    add_command,
    add_game_options,
    bot_specs,
    check_writable,
    load,
    percent,
    usage_error,
    write_text,
)
from noahrules.cli.simulate import milliseconds
from noahrules.lab.extra import require
from noahrules.lab.ladder import Ladder, draw_ladder, run_ladder
from noahrules.progress import Progress
from noahrules.render import Paint, grid
from noahrules.simulation import DEFAULT_MAX_DECISIONS, Rate, capped_because

__all__ = ["DEFAULT_BOTS", "ladder_lines", "register", "run"]

DEFAULT_BOTS = "random,greedy,search,best"
"""The bots of a ladder unless ``--bots`` names others."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``ladder`` to the command line."""
    parser = add_command(commands, "ladder", run)
    add_game_options(parser)
    parser.add_argument(
        "--bots", metavar="B,B", default=DEFAULT_BOTS, help=f"the bots (default {DEFAULT_BOTS})"
    )
    parser.add_argument("--players", type=int, default=2, metavar="N", help="seats (default 2)")
    parser.add_argument(
        "--games", type=int, default=100, metavar="N", help="games per table (default 100)"
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the deals' seed")
    parser.add_argument("--workers", type=int, metavar="N", help="processes (default: all cores)")
    parser.add_argument("--max-decisions", type=int, metavar="N", help="cap on decisions per game")
    parser.add_argument("--figure", metavar="PATH", help="draw the ratings (.png or .svg)")
    parser.add_argument("--json", metavar="PATH", help="write the whole ladder as JSON")


def run(args: argparse.Namespace) -> int:
    """Rate bots in a round-robin: every table of --players different bots plays the same
    deals from every rotation of its seats.

    The bots get OpenSkill ratings (Plackett-Luce) with 95% intervals; the table also gives how
    often each bot placed ahead of each other one and the CPU seconds each spent per decision.
    Bots take options as elsewhere (search:time=0.1). --figure PATH draws the ratings (needs the
    lab extra's matplotlib, as the ratings need its openskill).
    """
    for option in ("games", "workers", "max_decisions"):
        value = getattr(args, option)
        if value is not None and value < 1:
            usage_error(args, f"--{option.replace('_', '-')} must be at least 1")
    for option in ("figure", "json"):
        check_writable(args, f"--{option}", getattr(args, option))
    if args.figure and Path(args.figure).suffix.lower() not in (".png", ".svg"):
        usage_error(args, f"--figure {args.figure}: write a .png or an .svg")
    game, rules = load(args)
    names = list(dict.fromkeys(bot_specs(args)))
    if len(names) < 2:
        usage_error(args, "a ladder needs at least two different bots")
    require("openskill", "the ratings need it")
    if args.figure:
        require("matplotlib", "--figure needs it")
    progress = Progress(f"{args.game} ladder", sys.stderr)
    try:
        ladder = run_ladder(
            game,
            rules,
            names,
            args.players,
            args.games,
            args.seed,
            workers=args.workers,
            max_decisions=args.max_decisions or DEFAULT_MAX_DECISIONS,
            progress=progress,
        )
    finally:
        progress.close()
    print("\n".join(ladder_lines(ladder, Paint.for_stream(sys.stdout))))
    if args.figure:
        draw_ladder(ladder, Path(args.figure))
        print(f"figure written to {args.figure}")
    if args.json:
        if not write_text(args.json, json.dumps(ladder.to_dict(), indent=1)):
            return 1
        print(f"ladder written to {args.json}")
    return 0


def ladder_lines(ladder: Ladder, paint: Paint) -> list[str]:
    """A ladder as readable tables."""
    variants = ", ".join(ladder.variants) or "none"
    games = ladder.deals * ladder.players
    lines = [
        paint(f"{ladder.game} ladder: {len(ladder.bots)} bots", "bold")
        + f", {ladder.players} players, {len(ladder.tables)} tables x {games} games "
        f"({ladder.deals} deals from every seating), variants {variants}, seed {ladder.seed}",
        "",
        paint("Ratings (OpenSkill Plackett-Luce mu; 95% interval)", "bold"),
    ]
    rows = [["", "rating", "interval", "games", "CPU/decision"]]
    for rung in ladder.rungs:
        interval = f"{rung.low:.1f} - {rung.high:.1f}"
        rows.append([rung.bot, f"{rung.mu:.1f}", interval, str(rung.games), milliseconds(rung.cpu)])
    lines += grid(rows)
    lines += ["", paint("Placed ahead: the row's bot before the column's (ties a half)", "bold")]
    order = [rung.bot for rung in ladder.rungs]
    matrix = [["", *order]]
    for a in order:
        matrix.append([a, *(_ahead(ladder.ahead[a].get(b)) if a != b else "-" for b in order)])
    lines += grid(matrix)
    if ladder.unfinished:
        first = next(r for r in ladder.results if not r.finished)
        lines += [
            "",
            paint(
                f"{ladder.unfinished} of {len(ladder.results)} games stopped at the decision "
                f"cap: {capped_because(first.decisions)} (game {first.index}, seed "
                f"{first.seed}, is one); left out of the ratings and the placings",
                "yellow",
            ),
        ]
    return lines


def _ahead(rate: Rate | None) -> str:
    if rate is None:
        return "-"
    return f"{percent(rate.rate)} [{100 * rate.low:.0f}-{100 * rate.high:.0f}]"
