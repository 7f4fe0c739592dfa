"""``noahrules balance``: a balance study from the command line.

The lab's modules import only the standard library and the core, so ``noahrules --help`` works
without the ``lab`` extra; ``balance`` checks for the packages a study needs before it plays
and explains how to install the extra (``pip install 'noahrules[lab]'``) when one is missing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path

from noahrules.bots import bot_factory
from noahrules.cli.common import (
    add_command,
    add_game_options,
    bot_names,
    run_parser,
    split_names,
    usage_error,
    variants,
)
from noahrules.errors import NoahRulesError
from noahrules.game import GAMES
from noahrules.lab import BalanceReport, Written, balance
from noahrules.lab.design import DEFAULT_BLOCK, Study, parse_setting
from noahrules.lab.extra import LabExtraMissing, require
from noahrules.progress import Progress
from noahrules.simulation import DEFAULT_MAX_DECISIONS

__all__ = ["main", "register", "run"]

VARIANTS_FOLDER = "variants"
"""Where a report keeps the variant files of its sweeps."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``balance`` to the command line."""
    parser = add_command(commands, "balance", "compare variants of a game over many games", run)
    add_game_options(parser)
    _arm_options(parser)
    _play_options(parser)
    _where_options(parser)


def _arm_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--base",
        metavar="V",
        action="append",
        default=[],
        help="variants applied to every arm, the base included (repeat it or use commas)",
    )
    parser.add_argument(
        "--set",
        metavar="NAME=V,V",
        action="append",
        default=[],
        dest="sweeps",
        help="one arm per value of a rules parameter (hand_size=6,7,8); may repeat",
    )


def _play_options(parser: argparse.ArgumentParser) -> None:
    option = parser.add_argument
    option("--games", type=int, required=True, metavar="N", help="games per arm (whole deals)")
    option("--players", type=int, metavar="N", help="seats (default 3)")
    option("--bots", metavar="B,B", help="bots by seat, comma separated, repeated (greedy)")
    option("--seed", type=int, default=0, metavar="S", help="the study's seed")
    option("--out", default="balance-report", metavar="DIR", help="the report's folder")
    option("--keep", type=int, default=3, metavar="N", help="sample games per arm (default 3)")
    option(
        "--max-decisions",
        type=int,
        default=DEFAULT_MAX_DECISIONS,
        metavar="N",
        help=f"cap on decisions per game (default {DEFAULT_MAX_DECISIONS})",
    )
    option("--move-time", type=float, metavar="S", help="seconds a bot may take over a move")
    option(
        "--block",
        type=int,
        default=DEFAULT_BLOCK,
        metavar="N",
        help=f"deals per block, a partial report's unit (default {DEFAULT_BLOCK})",
    )
    option("--no-figures", action="store_true", help="write no figures (no matplotlib needed)")


def _where_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers", type=int, metavar="N", help="processes here or of --dask (all cores)"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--dask", action="store_true", help="run on a local Dask cluster")
    where.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on the Dask cluster at tcp://host:8786"
    )


def run(args: argparse.Namespace) -> int:
    """Compare the base rules with each --variant (and each value of each --set) over the
    same deals, every deal played from every seat order, and write report.json, report.md,
    report.html, figures and sample games into --out.

    Ctrl-C stops the games and writes the report of the deals played.
    """
    _check_numbers(args)
    try:
        _check_extra(args)
    except LabExtraMissing as exc:
        print(f"noahrules balance: {exc}", file=sys.stderr)
        return 1
    study = _study(args)
    progress = Progress(f"{args.game} balance", sys.stderr)
    with _executor(args) as (executor, runs):
        print(_plan(study, args), file=sys.stderr, flush=True)
        try:
            report, files = balance(
                study,
                args.out,
                keep=args.keep,
                figures=not args.no_figures,
                executor=executor,
                workers=None if executor else args.workers,
                runs_at_once=runs,
                progress=progress,
            )
        finally:
            progress.close()
    _print_summary(report, files)
    return 130 if report.interrupted else 0


def _study(args: argparse.Namespace) -> Study:
    """The study the command line describes; a usage error for bad arguments (bad rules data
    is a :class:`~noahrules.errors.RulesDataError`)."""
    try:
        return Study.design(
            args.game,
            variants(args),
            games=args.games,
            base=split_names(args.base),
            sweeps=dict(parse_setting(text) for text in args.sweeps),
            folder=Path(args.out) / VARIANTS_FOLDER,
            players=args.players,
            bots=bot_names(args, args.players or 3),
            seed=args.seed,
            max_decisions=args.max_decisions,
            move_time=args.move_time,
            block=args.block,
        )
    except ValueError as exc:
        if isinstance(exc, NoahRulesError):
            raise
        usage_error(args, str(exc))
        raise  # usage_error exits


def _plan(study: Study, args: argparse.Namespace) -> str:
    total = study.games_per_arm * len(study.arms)
    where = ""
    if args.scheduler:
        where = f" on the Dask cluster at {args.scheduler}"
    elif args.dask:
        where = " on a local Dask cluster"
    return (
        f"playing {total:,} games: {len(study.arms)} arms x {study.deals:,} deals x "
        f"{study.tables} seat orders{where}"
    )


def _check_numbers(args: argparse.Namespace) -> None:
    for name in ("games", "workers", "block"):
        value = getattr(args, name)
        if value is not None and value < 1:
            usage_error(args, f"--{name} must be at least 1")
    if args.keep < 0:
        usage_error(args, "--keep must be at least 0")
    game = GAMES[args.game]
    if args.players is not None and args.players not in game.seats(
        game.load_rules(split_names(args.base))
    ):
        usage_error(args, f"{args.game} does not take {args.players} players")


def _check_extra(args: argparse.Namespace) -> None:
    """Fail before playing when a package the study will need is missing."""
    if not args.no_figures:
        require("matplotlib", "the figures need it (--no-figures does without)")
    names = bot_names(args, args.players or 3)
    if len({bot_factory(name)[0] for name in names}) > 1:
        require("openskill", "the ratings of mixed tables need it")
    if args.dask or args.scheduler:
        require("distributed", "--dask and --scheduler need it")


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int]]:
    """The executor of the games and how many runs to keep going: a Dask cluster's, or none
    (a process pool made by the study)."""
    if not (args.dask or args.scheduler):
        yield None, 1
        return
    from noahrules.lab.cluster import dask_cluster, runs_for  # noqa: PLC0415

    with dask_cluster(args.scheduler, workers=args.workers) as cluster:
        yield cluster.executor, runs_for(cluster.threads)


def _print_summary(report: BalanceReport, files: Written) -> None:
    games = report.games_per_arm * len(report.arms)
    print(f"{games:,} games: {report.deals:,} deals under {len(report.arms)} arms")
    if report.interrupted:
        print(f"interrupted: the report covers the {report.deals:,} deals played")
    print("findings:" if report.findings else "no uneven seats and no significant difference")
    for line in report.findings:
        print(f"  - {line}")
    print(f"report written to {files.html} (also {files.markdown.name}, {files.json.name})")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m noahrules.lab balance ...``: the ``balance`` command on its own; returns
    the exit status (0 done, 1 a problem with data, files or the extra, 2 a bad command line,
    130 interrupted)."""
    parser = argparse.ArgumentParser(prog="noahrules", description="The noahrules balance lab.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    register(commands)
    return run_parser(parser, argv)
