"""``noahrules replay``: step through a game record, move by move."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from noahrules.cli.common import (
    add_command,
    add_language_option,
    add_variant_option,
    usage_error,
    variants,
)
from noahrules.errors import ReplayError
from noahrules.events import events_for
from noahrules.games import GAMES
from noahrules.records import GameRecord, replay
from noahrules.render import Paint, screen_for
from noahrules.serialize import MAX_JSON_BYTES, from_json

__all__ = ["register", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay`` to the command line."""
    parser = add_command(commands, "replay", run)
    parser.add_argument("record", metavar="FILE.json", help="a game record (play --save)")
    parser.add_argument("--seat", type=int, metavar="N", help="show only what seat N saw")
    add_variant_option(parser)
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    """Step through a game record: each move with what it caused and the table after it.

    On a terminal, Enter shows the next move and q quits; otherwise every move is printed.
    The whole table is shown (every hand), or with --seat N only what seat N saw. A record
    whose rules use variant files of yours needs the same files as --variant.
    """
    record = _read(args)
    game = GAMES[record.game]
    if args.seat is not None and not 0 <= args.seat < record.players:
        usage_error(args, f"--seat must be from 0 to {record.players - 1}")
    rules = game.load_rules(variants(args) if args.variant else record.variants)
    states = list(replay(record, rules))  # the whole record is checked before it is shown
    paint = Paint.for_stream(sys.stdout, args.lang)
    screen = screen_for(game, rules, {}, paint, args.seat)
    words = screen.shared

    def table(state: object) -> str:
        if args.seat is None:
            return "\n".join(screen.state(state))
        return "\n".join(screen.table(game.view(state, args.seat)))

    step = sys.stdin.isatty() and sys.stdout.isatty()
    title = words.ngettext(
        "{game}: {count} player, seed {seed}",
        "{game}: {count} players, seed {seed}",
        record.players,
        game=record.game,
        seed=record.seed,
    )
    print(paint(title, "bold"), end="")
    print(
        words.ngettext(
            ", {count} move; variants: {variants}",
            ", {count} moves; variants: {variants}",
            len(record.moves),
            variants=", ".join(record.variants) or words.gettext("none"),
        )
    )
    print(table(states[0]))
    for index, (state, move) in enumerate(zip(states, record.moves, strict=False), 1):
        if step and input(words.gettext("Enter: next move, q: quit ")).strip().lower()[:1] == "q":
            return 0
        seat = game.current_player(state)
        after, events = game.step(state, move)
        said = screen.events(events if args.seat is None else events_for(events, args.seat))
        print()
        print(paint(words.gettext("Move {index} (seat {seat})", index=index, seat=seat), "bold"))
        print("\n".join([*(said or [f"  > {move!r}"]), table(after)]))
    if game.is_over(states[-1]):
        scores = ", ".join(
            words.gettext("seat {seat} {score}", seat=s, score=n)
            for s, n in enumerate(game.scores(states[-1]))
        )
        over = words.gettext("Game over. {name}: {scores}", name=game.score_name, scores=scores)
        print(paint("\n" + over, "bold"))
    return 0


def _read(args: argparse.Namespace) -> GameRecord:
    path = Path(args.record)
    try:
        size = path.stat().st_size
        if size > MAX_JSON_BYTES:
            raise ReplayError(f"{path}: {size:,} bytes, more than a record may have")
        text = path.read_bytes()
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror}") from None
    return from_json(text, GameRecord)
