"""``noahrules tune``: search rules parameters for values that meet targets (the ``lab``
extra's Optuna), from the command line."""

from __future__ import annotations

import argparse
import sys

from noahrules.cli.balance import cap_option, cycle_of, executor_of, player_counts, where_options
from noahrules.cli.common import (
    add_command,
    add_game_options,
    bot_names,
    split_names,
    usage_error,
)
from noahrules.errors import NoahRulesError
from noahrules.lab.design import DEFAULT_BLOCK
from noahrules.lab.extra import LabExtraMissing, require
from noahrules.lab.folder import prepare, record_manifest
from noahrules.lab.settings import shown
from noahrules.lab.targets import MEASURES, Parameter, Target, parse_parameter, parse_target
from noahrules.lab.tune import Plan, Trial, Tuning, tune
from noahrules.lab.tune_report import write_tuning

__all__ = ["register", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``tune`` to the command line."""
    parser = add_command(commands, "tune", run)
    add_game_options(parser)
    option = parser.add_argument
    option(
        "--param",
        metavar="NAME=LOW..HIGH|NAME=A,B",
        action="append",
        default=[],
        help="a rules parameter and its values (hand_size=4..8, variant=none,frog); repeat",
    )
    option(
        "--target",
        metavar="EXPR",
        action="append",
        default=[],
        help="measure<=x, measure>=x or measure=a..b, over: " + ", ".join(MEASURES),
    )
    option("--trials", type=int, required=True, metavar="N", help="trials to play")
    option("--games", type=int, required=True, metavar="N", help="games per trial (whole deals)")
    option("--players", type=int, default=3, metavar="N", help="seats (default 3)")
    option("--bots", metavar="B,B", help="bots by seat, comma separated, repeated (greedy)")
    option(
        "--base",
        metavar="V",
        action="append",
        default=[],
        help="variants under every trial (repeat it or use commas)",
    )
    option("--seed", type=int, default=0, metavar="S", help="the deals' seed")
    option("--confirm", type=int, metavar="N", help="games to confirm the best on (as a trial)")
    option(
        "--storage",
        metavar="URL",
        help="keep the trials in an Optuna storage and go on from them: sqlite:///tune.db",
    )
    option(
        "--block",
        type=int,
        default=DEFAULT_BLOCK,
        metavar="N",
        help=f"deals per block, after which a trial may be pruned (default {DEFAULT_BLOCK})",
    )
    cap_option(parser)
    option("--out", default="tune-report", metavar="DIR", help="the report's folder")
    option("--overwrite", action="store_true", help="replace a report a previous run wrote")
    option("--no-figures", action="store_true", help="write no figures")
    where_options(parser)


def run(args: argparse.Namespace) -> int:
    """Search the --param values for those that meet every --target, --trials trials of
    --games games each, confirm the best on fresh games, and write tune.json, trials.csv,
    report.md and report.html into --out. Ctrl-C keeps the trials played and writes the
    report (exit status 130)."""
    parameters, targets = _parsed(args)
    for name in ("trials", "games", "players", "block", "confirm", "workers"):
        value = getattr(args, name)
        if value is not None and value < 1:
            usage_error(args, f"--{name} must be at least 1")
    try:
        require("optuna", "tuning needs it")
        if not args.no_figures:
            require("matplotlib", "the figures need it (--no-figures does without)")
    except LabExtraMissing as exc:
        print(f"noahrules tune: {exc}", file=sys.stderr)
        return 1
    player_counts(args, [args.players])
    plan = Plan(
        args.game,
        tuple(parameters),
        args.players,
        args.games,
        tuple(cycle_of(bot_names(args, args.players))),
        tuple(split_names(args.base)),
        args.seed,
        args.block,
        args.max_decisions,
    )
    try:
        plan.check(targets, args.trials)
    except ValueError as exc:
        if isinstance(exc, NoahRulesError):
            raise
        usage_error(args, str(exc))
    out = prepare(args.out, overwrite=args.overwrite)
    print(
        f"tuning {', '.join(p.text for p in parameters)} for {', '.join(t.text for t in targets)}"
        f": {args.trials} trials of {args.games:,} games at {args.players} players",
        file=sys.stderr,
        flush=True,
    )
    with executor_of(args) as (executor, runs):
        tuning = tune(
            plan,
            targets,
            trials=args.trials,
            confirm=args.confirm,
            storage=args.storage,
            executor=executor,
            workers=None if executor else args.workers,
            runs_at_once=runs,
            told=_told,
        )
    files = write_tuning(tuning, out, figures=not args.no_figures)
    record_manifest(out, files.paths)
    _print_verdict(tuning)
    print(f"report written to {files.html} (also {files.json.name}, {files.trials.name})")
    return 130 if tuning.interrupted else 0


def _parsed(args: argparse.Namespace) -> tuple[list[Parameter], list[Target]]:
    if not args.param or not args.target:
        usage_error(args, "give at least one --param and one --target")
    try:
        return [parse_parameter(p) for p in args.param], [parse_target(t) for t in args.target]
    except ValueError as exc:
        usage_error(args, str(exc))
        raise  # usage_error exits


def _told(trial: Trial) -> None:
    values = ", ".join(f"{k}={shown(v)}" for k, v in trial.params.items())
    value = "" if trial.value is None else f", value {trial.value:+.3f}"
    why = f": {trial.problem}" if trial.problem else ""
    print(f"trial {trial.number}: {values}: {trial.state}{value}{why}", file=sys.stderr)


def _print_verdict(tuning: Tuning) -> None:
    if tuning.interrupted:
        print("interrupted: the report covers the trials played")
    if tuning.best is None:
        print("no trial was played out")
        return
    values = ", ".join(f"{k}={shown(v)}" for k, v in tuning.best.items())
    print(f"best: {values} (trial {tuning.best_trial})")
    confirmation = tuning.confirmation
    if confirmation is None:
        return
    for target in tuning.targets:
        reading = confirmation.measures[parse_target(target).measure]
        verdict = "met" if confirmation.met[target] else "missed"
        sure = ", surely" if confirmation.sure[target] else ""
        print(
            f"  {target}: {reading.estimate:.3g} ({reading.low:.3g}-{reading.high:.3g}) "
            f"on {confirmation.games:,} fresh games: {verdict}{sure}"
        )
    print("confirmed: the targets hold" if confirmation.holds else "not confirmed")
