"""``noahrules play``: a game in the terminal against bots, you at seat 0."""

from __future__ import annotations

import argparse
import secrets
import sys

from noahrules.bots import make_bot
from noahrules.cli.common import HUMAN, add_command, add_game_options, bot_names, load
from noahrules.events import events_for
from noahrules.render import Paint, Screen

__all__ = ["register", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the command line."""
    play = add_command(commands, "play", "play a game in the terminal against bots", run)
    add_game_options(play)
    play.add_argument("--players", type=int, default=3, metavar="N", help="seats (default 3)")
    play.add_argument("--bots", metavar="B,B", help="bots for the other seats, comma separated")
    play.add_argument("--seed", type=int, metavar="S", help="the game's seed (default: random)")


def run(args: argparse.Namespace) -> int:
    """Play a game in the terminal: you are seat 0, bots take the other seats.

    Each decision shows the table and your numbered choices; type a number and Enter. Type q
    (or end the input, or press Ctrl-C) to leave.
    """
    game, rules = load(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
    names = bot_names(args, args.players - 1)
    bots = {seat: make_bot(names[seat - 1], game, seed + seat) for seat in range(1, args.players)}
    out = sys.stdout
    paint = Paint.for_stream(out)
    make_screen = game.render.screen if game.render is not None else Screen
    screen = make_screen(rules, {seat: b.name for seat, b in bots.items()}, paint)
    variants = ", ".join(rules.variants) or "none"
    print(paint(f"noahrules {game.name}", "bold"), end=" ")
    print(f"- {args.players} players, you are seat 0; seed {seed}; variants: {variants}")
    print("Type the number of your choice and Enter; q quits.")
    state = game.new_game(rules, args.players, seed)
    try:
        while not game.is_over(state):
            seat = game.current_player(state)
            assert seat is not None
            view = game.view(state, seat)
            if seat == HUMAN:
                move = _decide(screen, view, paint)
                if move is None:
                    print("\nGoodbye: the game was left unfinished.")
                    return 0
            else:
                move = bots[seat].choose(view)
            state, events = game.step(state, move)
            for line in screen.events(events_for(events, HUMAN)):
                print(line)
    except KeyboardInterrupt:
        print("\nGoodbye: the game was left unfinished.")
        return 130
    print()
    print(paint("Game over.", "bold"))
    scores = game.scores(state)
    winners = set(game.winners(state))
    print(f"{game.score_name}{' (lower is better)' if game.lower_scores_win else ''}:")
    for seat, score in enumerate(scores):
        mark = paint("  winner", "green", "bold") if seat in winners else ""
        print(f"  {screen.who(seat):<18} {score:>4}{mark}")
    for line in screen.summary(state):
        print(line)
    if HUMAN in winners:
        print(paint("You win!" if len(winners) == 1 else "You share the win!", "bold"))
    else:
        print("Winners: " + ", ".join(screen.who(s) for s in sorted(winners)))
    return 0


def _decide(screen: Screen[object, object, object], view: object, paint: Paint) -> object | None:
    """The human's move for ``view``, or ``None`` when they leave."""
    moves: tuple[object, ...] = getattr(view, "legal_moves")  # noqa: B009  (every view has them)
    print()
    print("\n".join(screen.table(view)))
    if len(moves) == 1:
        print(f"Only one choice: {screen.label(view, moves[0])}.")
        return moves[0]
    print(paint(screen.prompt(view), "bold"))
    for number, option in enumerate(moves, 1):
        print(f"  {number:>3}. {screen.label(view, option)}")
    answer = _ask(len(moves), paint)
    return None if answer is None else moves[answer]


def _ask(count: int, paint: Paint) -> int | None:
    """A choice 1..``count`` read from standard input, re-asked until valid; its index, or
    ``None`` when the input ends or the player quits."""
    while True:
        try:
            text = input(f"Your choice [1-{count}]: ").strip()
        except EOFError:
            return None
        if not sys.stdin.isatty():
            print(text)  # echo scripted answers, so that a transcript reads well
        if text.lower() in ("q", "quit", "exit"):
            return None
        if not text:
            print(paint(f"Please type a number from 1 to {count}.", "yellow"))
            continue
        try:
            number = int(text)
        except ValueError:
            print(paint(f"'{text}' is not a number; type a number from 1 to {count}.", "yellow"))
            continue
        if not 1 <= number <= count:
            print(paint(f"{number} is not a choice; type a number from 1 to {count}.", "yellow"))
            continue
        return number - 1
