"""Playing strength of the bots, with 95% intervals and the CPU seconds each spends per decision.

Three parts, each runnable alone:

- ``matches``: seeded, seat-rotated matches through ``noahrules.simulate``: the pairings of the
  issue's targets (``best`` against ``greedy`` at 2, 3 and 4 players, ``best`` against
  ``search`` given the same CPU time per decision);
- ``ladder``: the round-robin of random, greedy, search and best per game, rated with OpenSkill
  (``noahrules.lab.ladder``);
- ``curves``: strength per CPU second, the win rate of ``search`` and ``best`` against
  ``greedy`` at budgets of CPU seconds per decision (``bot:time=B``).

A game counts 1 for the bot that wins alone, 1/n each when n share the win. CPU time is the
thread's CPU clock around each ``choose`` with more than one legal move, so the figures hold on
a loaded machine; bots with a ``time`` budget depend on the machine's speed, so those games
differ from run to run (a budget of iterations does not). ``--figures DIR`` draws the ladders
and the curves there (the figures of docs/bots.md: ``--figures docs/figures``).

    python benchmarks/strength.py matches --games 200 [--same-time 0.05,0.12]
    python benchmarks/strength.py ladder --game island --games 100 --figures docs/figures
    python benchmarks/strength.py curves --games 100 --budgets 0.01,0.05,0.15,0.5
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from pathlib import Path

import noahrules
from noahrules.lab.ladder import Curve, draw_curves, draw_ladder, run_ladder, strength_curve

LADDER = ("random", "greedy", "search", "best")
CURVE_BOTS = {"search": 0.15, "best": 0.5}
"""The bots of the curves, each with the largest budget drawn for it (CPU seconds per decision):
the search bot is the cheaper reference, drawn where it is compared."""
BUDGETS = (0.01, 0.02, 0.05, 0.1, 0.15, 0.3, 0.5)
SAME_TIMES = (0.05, 0.12)
"""CPU seconds per decision given to both sides of best against search: a twentieth of a second,
and about what best's default budget spends alone."""


def matches(
    games: Sequence[str], same_times: Sequence[float] = SAME_TIMES
) -> list[tuple[str, int, list[str], str]]:
    """The matches of the targets: (game, players, bots by seat, the bot measured)."""
    plan = [
        ("island", 2, ["best", "greedy"], "best"),
        ("island", 3, ["best", "greedy", "greedy"], "best"),
        ("ferry", 4, ["best", "greedy", "greedy", "greedy"], "best"),
        ("ferry", 2, ["best", "greedy"], "best"),
    ]
    for budget in same_times:
        same = [f"best:time={budget}", f"search:time={budget}"]
        plan += [("island", 2, same, same[0]), ("ferry", 2, same, same[0])]
    return [m for m in plan if m[0] in games]


def seconds(text: str) -> list[float]:
    """A comma-separated list of CPU seconds per decision, as the command line gives it."""
    return [float(b) for b in text.split(",")]


def run_matches(args: argparse.Namespace, games: Sequence[str]) -> None:
    for name, players, bots, measured in matches(games, args.same_time):
        rules = noahrules.GAMES[name].load_rules()
        started = time.process_time()
        report = noahrules.simulate(
            name, rules, players, bots, args.games, args.seed, workers=args.workers
        )
        rate = report.by_bot[measured]
        cpu = ", ".join(f"{b} {s:.4f} s" for b, s in report.cpu_by_bot.items())
        print(
            f"{name:6} {players}p {' vs '.join(dict.fromkeys(bots))}: {measured} {rate.rate:6.1%}"
            f" of {rate.games} games, 95% CI [{rate.low:.1%}, {rate.high:.1%}]; CPU per "
            f"decision {cpu}; {time.process_time() - started:.0f} s in this process",
            flush=True,
        )


def run_ladders(args: argparse.Namespace, games: Sequence[str]) -> None:
    from noahrules.cli.ladder import ladder_lines  # noqa: PLC0415
    from noahrules.render import Paint  # noqa: PLC0415

    for name in games:
        rules = noahrules.GAMES[name].load_rules()
        ladder = run_ladder(name, rules, LADDER, 2, args.games, args.seed, workers=args.workers)
        print("\n".join(ladder_lines(ladder, Paint(False))), flush=True)
        print()
        if args.figures:
            draw_ladder(ladder, Path(args.figures) / f"bots-ladder-{name}.png")


def run_curves(args: argparse.Namespace, games: Sequence[str]) -> None:
    curves: list[Curve] = []
    for name in games:
        rules = noahrules.GAMES[name].load_rules()
        for bot, largest in CURVE_BOTS.items():
            drawn = [b for b in args.budgets if b <= largest]
            curve = strength_curve(
                name, rules, bot, drawn, 2, args.games, args.seed, workers=args.workers
            )
            curves.append(curve)
            for point in curve.points:
                rate = point.rate
                print(
                    f"{name:6} {bot}:time={point.budget:<5} vs greedy: {rate.rate:6.1%} of "
                    f"{rate.games} games, 95% CI [{rate.low:.1%}, {rate.high:.1%}]; "
                    f"{point.cpu:.4f} s CPU per decision",
                    flush=True,
                )
    if args.figures:
        draw_curves(curves, Path(args.figures) / "bots-strength.png")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("matches", "ladder", "curves"))
    parser.add_argument("--game", choices=sorted(noahrules.GAMES), action="append")
    parser.add_argument("--games", type=int, default=200, help="games per match or table")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--budgets", type=seconds, default=BUDGETS, help="curves: seconds")
    parser.add_argument(
        "--same-time",
        type=seconds,
        default=SAME_TIMES,
        help="matches: seconds per decision of best against search",
    )
    parser.add_argument("--figures", metavar="DIR", help="draw the ladders and curves there")
    args = parser.parse_args(argv)
    games = args.game or sorted(noahrules.GAMES)
    {"matches": run_matches, "ladder": run_ladders, "curves": run_curves}[args.part](args, games)


if __name__ == "__main__":
    main()
