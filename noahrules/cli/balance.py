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
from noahrules.games import GAMES
from noahrules.lab import BalanceReport, Written, balance
from noahrules.lab.design import DEFAULT_BLOCK, Study, parse_setting
from noahrules.lab.extra import LabExtraMissing, require
from noahrules.lab.ready import ready
from noahrules.lab.sequential import MARGINS, RELATIVE, margins_from
from noahrules.lab.stats import CORRECTIONS
from noahrules.progress import Progress
from noahrules.simulation import DEFAULT_MAX_DECISIONS

__all__ = [
    "cap_option",
    "cycle_of",
    "executor_of",
    "main",
    "player_counts",
    "register",
    "run",
    "where_options",
]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``balance`` to the command line."""
    parser = add_command(commands, "balance", run)
    add_game_options(parser)
    _arm_options(parser)
    _play_options(parser)
    _report_options(parser)
    where_options(parser)


def _arm_options(parser: argparse.ArgumentParser) -> None:
    option = parser.add_argument
    option(
        "--base",
        metavar="V",
        action="append",
        default=[],
        help="variants applied to every arm, the base included (repeat it or use commas)",
    )
    option(
        "--set",
        metavar="NAME=V,V",
        action="append",
        default=[],
        dest="sweeps",
        help="one arm per value of a rules parameter (hand_size=6,7,8); may repeat",
    )
    option("--grid", action="store_true", help="one arm per combination of the --set values")
    option(
        "--allow-identical",
        action="store_true",
        help="play arms that play as the base or another arm (refused otherwise)",
    )


def _play_options(parser: argparse.ArgumentParser) -> None:
    option = parser.add_argument
    option(
        "--games",
        type=int,
        metavar="N",
        help="games per arm and player count, whole deals (required unless --pool)",
    )
    option("--players", metavar="N,N", help="player counts, comma separated: 3 or 2,3,4 (3)")
    option("--bots", metavar="B,B", help="bots by seat, comma separated, repeated (greedy)")
    option(
        "--check-bots",
        metavar="B,B",
        help="play the study again with these bots and say which findings hold under both",
    )
    option("--seed", type=int, default=0, metavar="S", help="the study's seed")
    cap_option(parser)
    option("--move-time", type=float, metavar="S", help="seconds a bot may take over a move")
    option(
        "--block",
        type=int,
        default=DEFAULT_BLOCK,
        metavar="N",
        help=f"deals per block, a partial report's unit (default {DEFAULT_BLOCK})",
    )
    option(
        "--until-clear",
        action="store_true",
        help="look after every block and stop once every seat test and difference is decided",
    )
    option(
        "--margin",
        metavar="X|NAME=X",
        action="append",
        default=[],
        help="with --until-clear, the margin of indifference: X for every win rate (0.03 is 3 "
        "points), or one measure's (game length=0.1); may repeat",
    )
    option(
        "--count-capped",
        action="store_true",
        help="count games stopped at the decision cap in the win rates, as games nobody won",
    )
    option(
        "--pool",
        metavar="DIR",
        action="append",
        default=[],
        help="play nothing: pool the finished studies in these folders (this study on other "
        "seeds) into one report; may repeat",
    )


def _report_options(parser: argparse.ArgumentParser) -> None:
    option = parser.add_argument
    option("--out", default="balance-report", metavar="DIR", help="the report's folder")
    option(
        "--overwrite",
        action="store_true",
        help="replace the report a previous study wrote into --out",
    )
    option("--keep", type=int, default=3, metavar="N", help="sample games per arm (default 3)")
    option(
        "--correction",
        choices=sorted(CORRECTIONS),
        default="holm",
        help="how each family of tests is corrected for their number (default holm)",
    )
    option("--no-figures", action="store_true", help="write no figures (no matplotlib needed)")


def cap_option(parser: argparse.ArgumentParser) -> None:
    """``--max-decisions``: the cap on decisions per game."""
    parser.add_argument(
        "--max-decisions",
        type=int,
        default=DEFAULT_MAX_DECISIONS,
        metavar="N",
        help=f"cap on decisions per game (default {DEFAULT_MAX_DECISIONS})",
    )


def where_options(parser: argparse.ArgumentParser) -> None:
    """``--workers``, and ``--dask`` or ``--scheduler``: where the games run."""
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
    same deals, every deal played from every seat order, at one or several player counts, and
    write report.json, report.md, report.html, games.csv, outcome.jsonl.gz, figures and sample
    games into --out.

    Before any game, arms that would play as others are refused and --out is made and
    checked. Ctrl-C stops the games and writes the report of the deals played. With
    --until-clear the study stops once its answers are clear; with --pool it plays nothing and
    pools finished studies.
    """
    _check_numbers(args)
    try:
        _check_extra(args)
    except LabExtraMissing as exc:
        print(f"noahrules balance: {exc}", file=sys.stderr)
        return 1
    study = _study(args)
    check = _check_bots(args, study)
    margins = _margins(args)
    made = ready(
        study,
        args.out,
        overwrite=args.overwrite,
        allow_identical=args.allow_identical,
        pooled=bool(args.pool),
    )
    for arm in made.silent:
        print(f"noahrules balance: playing anyway: {arm.text}", file=sys.stderr)
    progress = Progress(f"{args.game} balance", sys.stderr)
    with executor_of(args) as (executor, runs):
        print(_plan(study, check, args), file=sys.stderr, flush=True)
        try:
            report, files = balance(
                study,
                made,
                keep=args.keep,
                figures=not args.no_figures,
                executor=executor,
                workers=None if executor else args.workers,
                runs_at_once=runs,
                progress=progress,
                correction=args.correction,
                check_bots=check,
                count_capped=args.count_capped,
                until_clear=margins,
                pooled=args.pool,
            )
        finally:
            progress.close()
    _print_summary(report, files)
    return 130 if report.interrupted else 0


def _margins(args: argparse.Namespace) -> dict[str, float] | None:
    """``--margin`` as margins by measure (``None`` without --until-clear)."""
    if not args.until_clear:
        if args.margin:
            usage_error(args, "--margin is for --until-clear")
        return None
    found: dict[str, float] = {}
    for text in args.margin:
        name, equals, value = text.rpartition("=")
        try:
            number = float(value)
        except ValueError:
            usage_error(args, f"--margin {text!r}: expected X or NAME=X, e.g. 0.03")
        names = [name.strip()] if equals else [n for n in MARGINS if n not in RELATIVE]
        for measure in names:
            found[measure] = number
    try:
        return margins_from(found)
    except ValueError as exc:
        usage_error(args, f"--margin: {exc}")
        raise  # usage_error exits


def _study(args: argparse.Namespace) -> Study:
    """The study the command line describes; a usage error for bad arguments (bad rules data
    is a :class:`~noahrules.errors.RulesDataError`)."""
    counts = _players(args)
    try:
        return Study.design(
            args.game,
            variants(args),
            games=args.games,
            base=split_names(args.base),
            sweeps=dict(parse_setting(text) for text in args.sweeps),
            grid=args.grid,
            players=counts,
            bots=cycle_of(bot_names(args, max(counts or [3]))),
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


def _players(args: argparse.Namespace) -> list[int] | None:
    """``--players`` as a list of counts (``None`` for the default)."""
    if args.players is None:
        return None
    try:
        return [int(part) for part in args.players.split(",")]
    except ValueError:
        usage_error(args, f"--players {args.players!r}: expected counts such as 3 or 2,3,4")
        raise  # usage_error exits


def _check_bots(args: argparse.Namespace, study: Study) -> list[str]:
    """``--check-bots`` as bots, read as ``--bots`` is (none without the option)."""
    if args.check_bots is None:
        return []
    given = argparse.Namespace(**{**vars(args), "bots": args.check_bots})
    return cycle_of(bot_names(given, max(study.players)))


def cycle_of(seats: list[str]) -> list[str]:
    """The bots of the seats as given: the shortest list that repeats to fill them
    (``greedy, random, greedy`` was given as ``greedy,random``)."""
    size = next(k for k in range(1, len(seats) + 1) if all(
        name == seats[i % k] for i, name in enumerate(seats)
    ))  # fmt: skip
    return seats[:size]


def _plan(study: Study, check: list[str], args: argparse.Namespace) -> str:
    if args.pool:
        return f"pooling {len(args.pool)} studies: {', '.join(args.pool)}"
    per_count = sum(study.games_per_arm(n) for n in study.players)
    total = per_count * len(study.arms) * (2 if check else 1)
    where = ""
    if args.scheduler:
        where = f" on the Dask cluster at {args.scheduler}"
    elif args.dask:
        where = " on a local Dask cluster"
    counts = "; ".join(
        f"{study.deals(n):,} deals x {n} seat orders at {n} players" for n in study.players
    )
    twice = f", then again with {', '.join(check)}" if check else ""
    until = ", stopping once every answer is clear" if args.until_clear else ""
    return f"playing {total:,} games{until}: {len(study.arms)} arms x ({counts}){twice}{where}"


def _check_numbers(args: argparse.Namespace) -> None:
    if args.pool:
        for option in ("games", "until_clear", "check_bots"):
            if getattr(args, option):
                usage_error(args, f"--{option.replace('_', '-')} plays games: not with --pool")
        args.games = 1  # the studies pooled say how many
    elif args.games is None:
        usage_error(args, "--games is required (unless --pool)")
    for name in ("games", "workers", "block"):
        value = getattr(args, name)
        if value is not None and value < 1:
            usage_error(args, f"--{name} must be at least 1")
    if args.keep < 0:
        usage_error(args, "--keep must be at least 0")
    player_counts(args, _players(args) or [])


def player_counts(args: argparse.Namespace, counts: Sequence[int]) -> None:
    """A usage error for a player count the game (with ``--base``) does not take."""
    game = GAMES[args.game]
    allowed = game.seats(game.load_rules(split_names(args.base)))
    for count in counts:
        if count not in allowed:
            usage_error(args, f"{args.game} does not take {count} players")


def _check_extra(args: argparse.Namespace) -> None:
    """Fail before playing when a package the study will need is missing."""
    if not args.no_figures:
        require("matplotlib", "the figures need it (--no-figures does without)")
    for option in (args.bots, args.check_bots):
        given = argparse.Namespace(**{**vars(args), "bots": option})
        names = bot_names(given, 5)
        if len({bot_factory(name)[0] for name in names}) > 1:
            require("openskill", "the ratings of mixed tables need it")
    if args.dask or args.scheduler:
        require("distributed", "--dask and --scheduler need it")


@contextmanager
def executor_of(args: argparse.Namespace) -> Iterator[tuple[Executor | None, int]]:
    """The executor of the games and how many runs to keep going: a Dask cluster's, or none
    (a process pool made by the study)."""
    if not (args.dask or args.scheduler):
        yield None, 1
        return
    from noahrules.lab.cluster import dask_cluster, runs_for  # noqa: PLC0415

    with dask_cluster(args.scheduler, workers=args.workers) as cluster:
        yield cluster.executor, runs_for(cluster.threads)


def _print_summary(report: BalanceReport, files: Written) -> None:
    games = sum(s.games_per_arm for s in report.sizes) * len(report.arms) // len(report.players)
    pooled = f" pooled from {len(report.pooled)} studies" if report.pooled else ""
    print(f"{games:,} games under {len(report.arms) // len(report.players)} arms{pooled}")
    if report.interrupted:
        print("interrupted: the report covers the deals played")
    if report.stopping is not None:
        print(report.stopping.text)
    significant = report.significant
    print(
        f"{len(significant)} of {len(report.findings)} tests significant after "
        f"{report.correction} correction" + (":" if significant else "")
    )
    for finding in significant:
        check = finding.check
        verdict = "" if check is None else f" [{'holds' if check.holds else 'does not hold'}]"
        print(f"  - {finding.text}{verdict}")
    for reading in report.readings:
        print(f"reading: {reading}")
    for note in report.notes:
        print(f"note: {note}")
    print(f"report written to {files.html} (also {files.markdown.name}, {files.json.name}", end="")
    print(f", {files.games.name})" if files.games else ")")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m noahrules.lab balance ...``: the ``balance`` command on its own; returns
    the exit status (0 done, 1 a problem with data, files or the extra, 2 a bad command line,
    130 interrupted)."""
    parser = argparse.ArgumentParser(prog="noahrules", description="The noahrules balance lab.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    register(commands)
    return run_parser(parser, argv)
