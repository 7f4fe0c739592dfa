"""``noahrules play``: a game in the terminal against bots, you at seat 0."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence

from noahrules.bots import make_bot
from noahrules.cli.common import (
    HUMAN,
    add_command,
    add_game_options,
    add_language_option,
    bot_names,
    check_writable,
    load,
    write_text,
)
from noahrules.events import Event, events_for
from noahrules.game import Game
from noahrules.i18n import Words
from noahrules.records import GameRecord
from noahrules.render import Paint, Screen, screen_for
from noahrules.serialize import to_json

__all__ = ["register", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the command line."""
    play = add_command(commands, "play", run)
    add_game_options(play)
    play.add_argument("--players", type=int, default=3, metavar="N", help="seats (default 3)")
    play.add_argument(
        "--bots",
        metavar="B,B",
        help="bots for the other seats, comma separated, each with options as name:key=value",
    )
    play.add_argument("--seed", type=int, metavar="S", help="the game's seed (default: random)")
    play.add_argument("--save", metavar="PATH", help="write the game's record (JSON) there")
    add_language_option(play)


def run(args: argparse.Namespace) -> int:
    """Play a game in the terminal: you are seat 0, bots take the other seats.

    Each decision shows the table and your numbered choices; type a number and Enter (the
    island game also takes a space as s12 or a map place as row,column). Type q (or end the
    input, or press Ctrl-C) to leave. --save PATH writes the game's record, finished or not,
    for ``noahrules replay``.
    """
    check_writable(args, "--save", args.save)
    game, rules = load(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
    names = bot_names(args, args.players - 1)
    bots = {seat: make_bot(names[seat - 1], game, seed + seat) for seat in range(1, args.players)}
    paint = Paint.for_stream(sys.stdout, args.lang)
    screen = screen_for(game, rules, {seat: names[seat - 1] for seat in bots}, paint, HUMAN)
    words = screen.shared
    variants = ", ".join(rules.variants) or words.gettext("none")
    print(paint(f"noahrules {game.name}", "bold"), end=" ")
    print(
        words.ngettext(
            "- {count} player, you are seat 0; seed {seed}; variants: {variants}",
            "- {count} players, you are seat 0; seed {seed}; variants: {variants}",
            args.players,
            seed=seed,
            variants=variants,
        )
    )
    print(words.gettext("Type the number of your choice and Enter; q quits."))
    state = game.new_game(rules, args.players, seed)
    record = GameRecord.start(game.name, rules, args.players, seed)
    seen: list[Event] = []  # what happened since the human's last decision
    try:
        while not game.is_over(state):
            seat = game.current_player(state)
            assert seat is not None
            view = game.view(state, seat)
            if seat == HUMAN:
                _show(screen, seen)
                move = _decide(screen, view, paint)
                if move is None:
                    print("\n" + words.gettext("Goodbye: the game was left unfinished."))
                    return _saved(args, record, words)
            else:
                move = bots[seat].choose(view)
            state, events = game.step(state, move)
            record = record.then(move)
            seen += events_for(events, HUMAN)
    except KeyboardInterrupt:
        print("\n" + words.gettext("Goodbye: the game was left unfinished."))
        _saved(args, record, words)
        return 130
    _show(screen, seen)
    _game_over(game, state, screen, paint)
    return _saved(args, record, words)


def _game_over(
    game: Game, state: object, screen: Screen[object, object, object], paint: Paint
) -> None:
    words = screen.shared
    print()
    print(paint(words.gettext("Game over."), "bold"))
    scores = game.scores(state)
    winners = set(game.winners(state))
    lower = words.gettext(" (lower is better)") if game.lower_scores_win else ""
    print(f"{game.score_name}{lower}:")
    for seat, score in enumerate(scores):
        mark = paint("  " + words.gettext("winner"), "green", "bold") if seat in winners else ""
        print(f"  {screen.who(seat):<18} {score:>4}{mark}")
    for line in screen.summary(state):
        print(line)
    if HUMAN in winners:
        won = (
            words.gettext("You win!") if len(winners) == 1 else words.gettext("You share the win!")
        )
        print(paint(won, "bold"))
    else:
        who = ", ".join(screen.who(s) for s in sorted(winners))
        print(words.gettext("Winners: {who}", who=who))


def _show(screen: Screen[object, object, object], events: list[Event]) -> None:
    """Print what happened, and forget it."""
    for line in screen.events(events):
        print(line)
    events.clear()


def _saved(args: argparse.Namespace, record: GameRecord, words: Words) -> int:
    """Write the record where --save says (if it does); the exit status."""
    if not args.save:
        return 0
    if not write_text(args.save, to_json(record)):
        return 1
    print(
        words.ngettext(
            "game record written to {path} ({count} move)",
            "game record written to {path} ({count} moves)",
            len(record.moves),
            path=args.save,
        )
    )
    return 0


def _decide(screen: Screen[object, object, object], view: object, paint: Paint) -> object | None:
    """The human's move for ``view``, or ``None`` when they leave."""
    moves: tuple[object, ...] = getattr(view, "legal_moves")  # noqa: B009  (every view has them)
    print()
    print("\n".join(screen.table(view)))
    if len(moves) == 1:
        print(
            screen.shared.gettext("Only one choice: {label}.", label=screen.label(view, moves[0]))
        )
        return moves[0]
    print(paint(screen.prompt(view), "bold"))
    print("\n".join(screen.choices(view, moves)))
    answer = _ask(screen, view, moves, paint)
    return None if answer is None else moves[answer]


def _ask(
    screen: Screen[object, object, object], view: object, moves: Sequence[object], paint: Paint
) -> int | None:
    """A choice read from standard input, re-asked until valid; its index, or ``None`` when the
    input ends or the player quits."""
    count, words = len(moves), screen.shared
    while True:
        try:
            text = input(words.gettext("Your choice [1-{count}]: ", count=count)).strip()
        except EOFError:
            return None
        if not sys.stdin.isatty():
            print(text)  # echo scripted answers, so that a transcript reads well
        if text.lower() in ("q", "quit", "exit"):
            return None
        chosen = _choice(screen, view, moves, text)
        if isinstance(chosen, int):
            return chosen
        print(
            paint(
                words.gettext("{why}; type {hint}.", why=chosen, hint=screen.hint(count)), "yellow"
            )
        )


def _choice(
    screen: Screen[object, object, object], view: object, moves: Sequence[object], text: str
) -> int | str:
    """The index of the choice ``text`` names, or why it names none."""
    words = screen.shared
    if not text:
        return words.gettext("Nothing typed")
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(moves):
            return number - 1
        return words.gettext("{number} is not a choice", number=number)
    named = screen.named(view, moves, text)
    if len(named) == 1:
        return named[0]
    if named:
        numbers = ", ".join(str(i + 1) for i in named)
        return words.gettext(
            "'{text}' is in choices {numbers}: pick one", text=text, numbers=numbers
        )
    return words.gettext("'{text}' is not a choice", text=text)
