"""The ``noahrules`` command line.

``noahrules play ferry|island``
    play in the terminal against bots (you are seat 0);
``noahrules simulate ferry|island --games N``
    many games between bots, with a table of win rates (``--json`` writes the whole report);
``noahrules validate FILE.yaml``
    check a variant, rules or board file and print every problem with file, line and key;
``noahrules cards ferry|island`` / ``noahrules board island``
    show the cards (tiles) or the board, with variants applied.

Only the standard library is used. Colours are ANSI codes, used only when the output is a
terminal and ``NO_COLOR`` is unset. :func:`main` returns the exit status: 0 for success, 1 for a
problem (bad rules data, a file that cannot be written), 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar, TextIO

import attrs
import yaml

from noahrules import GAMES, __version__, ferry, island
from noahrules.bots import BOTS, make_bot
from noahrules.data import data_dir
from noahrules.errors import NoahRulesError, RulesDataError
from noahrules.events import Event, events_for
from noahrules.island.board import load_board
from noahrules.island.view import HIDDEN
from noahrules.simulation import Rate, Report, Stats, simulate

__all__ = ["main"]

_HUMAN = 0
"""The seat the human plays in ``play``."""
_SCORE_NAMES = {"ferry": "penalties (lower is better)", "island": "points"}


# --------------------------------------------------------------------------------------------
# Output helpers


class Paint:
    """ANSI colouring that is switched off unless wanted (a terminal, ``NO_COLOR`` unset)."""

    CODES: ClassVar[dict[str, str]] = {
        "bold": "1",
        "dim": "2",
        "red": "31",
        "green": "32",
        "yellow": "33",
        "blue": "34",
        "magenta": "35",
        "cyan": "36",
    }

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    @classmethod
    def for_stream(cls, stream: TextIO) -> Paint:
        """Colours for ``stream``: on only for a terminal, and only without ``NO_COLOR``."""
        is_tty = getattr(stream, "isatty", None)
        return cls(bool(is_tty and is_tty()) and not os.environ.get("NO_COLOR"))

    def __call__(self, text: str, *styles: str) -> str:
        """``text`` in the given styles (names of :attr:`CODES`)."""
        if not self.enabled or not styles:
            return text
        codes = ";".join(self.CODES[s] for s in styles if s in self.CODES)
        return f"\x1b[{codes}m{text}\x1b[0m" if codes else text


def _table(rows: Sequence[Sequence[str]], indent: str = "  ") -> list[str]:
    """Rows of cells as left-aligned columns (the first row is the header)."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        indent + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


# --------------------------------------------------------------------------------------------
# Command line


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``noahrules`` command with ``argv`` (default: ``sys.argv[1:]``); returns the exit
    status (0 success, 1 a problem with data or files, 2 a bad command line)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        command: Callable[[argparse.Namespace], int] = args.command
        return command(args)
    except SystemExit as exc:  # argparse: --help, --version or a usage error
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except NoahRulesError as exc:
        print(f"noahrules: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nnoahrules: interrupted", file=sys.stderr)
        return 130


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="noahrules",
        description="Play, simulate and check the games of noahrules (ferry, island).",
    )
    parser.add_argument("--version", action="version", version=f"noahrules {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    def game_options(sub: argparse.ArgumentParser, games: Sequence[str]) -> None:
        sub.add_argument("game", choices=games, help="the game: " + " or ".join(games))
        sub.add_argument(
            "--variant",
            metavar="V",
            action="extend",
            nargs="+",
            default=[],
            help="a packaged variant's name or a variant file (several may be given)",
        )

    names = sorted(GAMES)
    play = commands.add_parser(
        "play", help="play a game in the terminal against bots", description=_doc(_play)
    )
    game_options(play, names)
    play.add_argument("--players", type=int, default=3, metavar="N", help="seats (default 3)")
    play.add_argument("--bots", metavar="B,B", help="bots for the other seats, comma separated")
    play.add_argument("--seed", type=int, metavar="S", help="the game's seed (default: random)")
    play.set_defaults(command=_play, parser=play)

    sim = commands.add_parser(
        "simulate", help="play many games between bots and report", description=_doc(_simulate)
    )
    game_options(sim, names)
    sim.add_argument("--games", type=int, required=True, metavar="N", help="games to play")
    sim.add_argument("--players", type=int, default=3, metavar="N", help="seats (default 3)")
    sim.add_argument("--bots", metavar="B,B", help="bots by seat, comma separated, repeated")
    sim.add_argument("--seed", type=int, default=0, metavar="S", help="the run's seed")
    sim.add_argument("--workers", type=int, metavar="N", help="processes (default: all cores)")
    sim.add_argument("--max-decisions", type=int, metavar="N", help="cap on decisions per game")
    sim.add_argument("--no-rotate", action="store_true", help="keep each bot in its seat")
    sim.add_argument("--json", metavar="PATH", help="write the full report as JSON")
    sim.set_defaults(command=_simulate, parser=sim)

    check = commands.add_parser(
        "validate", help="check a variant, rules or board file", description=_doc(_validate)
    )
    check.add_argument("file", metavar="FILE.yaml")
    check.add_argument("--game", choices=names, help="the game (default: told from the file)")
    check.set_defaults(command=_validate, parser=check)

    cards = commands.add_parser(
        "cards", help="show the cards (ferry) or tiles (island)", description=_doc(_cards)
    )
    game_options(cards, names)
    cards.set_defaults(command=_cards, parser=cards)

    board = commands.add_parser("board", help="show the island's board", description=_doc(_board))
    game_options(board, ["island"])
    board.set_defaults(command=_board, parser=board)
    return parser


def _doc(function: Callable[..., Any]) -> str:
    return (function.__doc__ or "").strip().split("\n\n")[0]


def _usage_error(args: argparse.Namespace, message: str) -> None:
    """Report a bad command line the argparse way (exit status 2)."""
    parser: argparse.ArgumentParser = args.parser
    parser.error(message)


def _load(args: argparse.Namespace) -> tuple[Any, Any]:
    """The game module and its rules with ``--variant`` applied; checks ``--players`` if given."""
    game = GAMES[args.game]
    rules = game.load_rules(args.variant)
    players = getattr(args, "players", None)
    if players is not None and not rules.min_players <= players <= rules.max_players:
        _usage_error(
            args,
            f"{args.game} takes {rules.min_players} to {rules.max_players} players, not {players}",
        )
    return game, rules


def _bot_names(args: argparse.Namespace, seats: int) -> list[str]:
    """``--bots`` as one name per seat (repeated as needed); greedy by default if it exists."""
    default = "greedy" if "greedy" in BOTS else "random"
    names = [n.strip() for n in (args.bots or default).split(",")]
    for name in names:
        if name not in BOTS:
            known = ", ".join(sorted(BOTS))
            _usage_error(args, f"unknown bot '{name}'; known bots: {known}")
    return [names[i % len(names)] for i in range(seats)]


# --------------------------------------------------------------------------------------------
# play


def _play(args: argparse.Namespace) -> int:
    """Play a game in the terminal: you are seat 0, bots take the other seats.

    Each decision shows the table and your numbered choices; type a number and Enter. Type q
    (or end the input, or press Ctrl-C) to leave.
    """
    game, rules = _load(args)
    seed = args.seed if args.seed is not None else secrets.randbelow(1 << 31)
    names = _bot_names(args, args.players - 1)
    bots = {seat: make_bot(names[seat - 1], game, seed + seat) for seat in range(1, args.players)}
    out = sys.stdout
    paint = Paint.for_stream(out)
    screen = _SCREENS[args.game](rules, {seat: b.name for seat, b in bots.items()}, paint)
    variants = ", ".join(args.variant) or "none"
    print(paint(f"noahrules {args.game}", "bold"), end=" ")
    print(f"- {args.players} players, you are seat 0; seed {seed}; variants: {variants}")
    print("Type the number of your choice and Enter; q quits.")
    state = game.new_game(rules, players=args.players, seed=seed)
    try:
        while not game.is_over(state):
            seat = game.current_player(state)
            if seat == _HUMAN:
                view = game.view(state, _HUMAN)
                moves = view.legal_moves
                print()
                print("\n".join(screen.table(view)))
                if len(moves) == 1:
                    print(f"Only one choice: {screen.label(view, moves[0])}.")
                    move = moves[0]
                else:
                    print(paint(screen.prompt(view), "bold"))
                    for number, option in enumerate(moves, 1):
                        print(f"  {number:>3}. {screen.label(view, option)}")
                    answer = _ask(len(moves), paint)
                    if answer is None:
                        print("\nGoodbye: the game was left unfinished.")
                        return 0
                    move = moves[answer]
            else:
                move = bots[seat].choose(game.view(state, seat))
            state, events = game.step(state, move)
            for line in screen.events(events_for(events, _HUMAN)):
                print(line)
    except KeyboardInterrupt:
        print("\nGoodbye: the game was left unfinished.")
        return 0
    print()
    print(paint("Game over.", "bold"))
    scores = game.scores(state)
    winners = set(game.winners(state))
    print(f"{_SCORE_NAMES[args.game]}:")
    for seat, score in enumerate(scores):
        mark = paint("  winner", "green", "bold") if seat in winners else ""
        print(f"  {screen.who(seat):<18} {score:>4}{mark}")
    if _HUMAN in winners:
        print(paint("You win!" if len(winners) == 1 else "You share the win!", "bold"))
    else:
        print("Winners: " + ", ".join(screen.who(s) for s in sorted(winners)))
    return 0


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


class Screen:
    """How a game looks in the terminal: the table, the moves and the events, as text."""

    def __init__(self, rules: Any, bots: dict[int, str], paint: Paint) -> None:
        self.rules = rules
        self.bots = bots
        self.paint = paint

    def who(self, seat: int) -> str:
        """A seat's name: "you" for the human, else the seat and its bot."""
        if seat == _HUMAN:
            return "you (seat 0)"
        return f"seat {seat} ({self.bots[seat]})" if seat in self.bots else f"seat {seat}"

    def subject(self, seat: int) -> str:
        """A seat as the subject of a sentence."""
        return "You" if seat == _HUMAN else f"Seat {seat}"

    def whom(self, seat: int) -> str:
        """A seat as the object of a sentence."""
        return "you" if seat == _HUMAN else f"seat {seat}"

    def table(self, view: Any) -> list[str]:
        """The table as the human sees it."""
        raise NotImplementedError

    def prompt(self, view: Any) -> str:
        """The pending decision, as a question."""
        raise NotImplementedError

    def label(self, view: Any, move: Any) -> str:
        """A move, readably."""
        raise NotImplementedError

    def events(self, events: Iterable[Event]) -> list[str]:
        """What happened, one line per event."""
        lines = []
        for event in events:
            text = self.event(event)
            if text:
                lines.append("  " + self.paint("> ", "cyan") + text)
        return lines

    def event(self, event: Event) -> str | None:
        """One event as a sentence, or ``None`` for one not worth a line."""
        raise NotImplementedError


def _gender(value: Any) -> str:
    return {"male": "m", "female": "f"}.get(value.value, "?")


def _pattern(animals: Sequence[Any]) -> str:
    """The gender rule a ferry's animals now impose (F10)."""
    if len(animals) < 2:
        return "any gender"
    if animals[0].gender is animals[1].gender:
        return f"all {animals[0].gender.value}"
    last = animals[-1].gender.value
    return f"alternating, next {'female' if last == 'male' else 'male'}"


def _card(card: Any) -> str:
    return f"{card.id} ({card.gender.value}, weight {card.weight}, tears {card.tears})"


def _abilities(abilities: Any) -> str:
    parts = []
    for item in attrs.fields(type(abilities)):
        value = getattr(abilities, item.name)
        if value == item.default:
            continue
        if value is True:
            parts.append(item.name)
        elif isinstance(value, tuple):
            parts.append(f"{item.name} {value[0]}-{value[1]}")
        else:
            parts.append(f"{item.name} {value}")
    return ", ".join(parts)


class FerryScreen(Screen):
    """The ferry game in the terminal."""

    def table(self, view: Any) -> list[str]:
        p = self.paint
        rounds = view.rules.rounds
        of = f" of {rounds}" if rounds else ""
        lines = [
            p(f"Round {view.round}{of}", "bold") + f", departures this round: {view.departures}"
        ]
        for dock, boat in enumerate(view.docks):
            noah = p("Noah>", "yellow", "bold") if dock == view.noah else "     "
            if boat is None:
                lines.append(f"{noah} dock {dock}: (empty, a ferry is coming)")
                continue
            roommate = ", one of each species" if boat.card.unique_species else ""
            aboard = " ".join(
                f"{a.card.species}:{_gender(a.gender)}{a.weight}" for a in boat.animals
            )
            load = p(f"{boat.load}/{boat.capacity}", "bold")
            lines.append(
                f"{noah} dock {dock}: {boat.card.id} load {load} [{_pattern(boat.animals)}"
                f"{roommate}] {aboard or '(empty)'}"
            )
        waiting = ", ".join(f"{c.id} ({c.capacity})" for c in view.centre) or "none"
        lines.append(f"Waiting in the centre: {waiting}")
        lines.append(
            "Players: "
            + "; ".join(
                f"{self.who(s)} {view.hand_sizes[s]} cards, penalty {view.penalties[s]}"
                for s in range(view.players)
            )
        )
        lines.append(p("Your hand:", "bold"))
        lines.extend(f"  {_card(c)}" for c in view.hand)
        return lines

    def prompt(self, view: Any) -> str:
        phase = view.phase.value
        if phase == "play":
            return f"Play an animal onto the ferry at dock {view.noah}:"
        if phase == "move_noah":
            return "Move Noah:"
        if phase == "give":
            return f"Give departure bonus cards ({view.gifts} left):"
        return {
            "look": "Whose hand do you look at?",
            "steal": "Whom do you steal from?",
            "give_back": f"Which card do you give back to seat {view.victim}?",
            "send_escapee": "Who takes the escaped animal?",
        }.get(phase, "Your choice:")

    def label(self, view: Any, move: Any) -> str:
        rules = view.rules
        if isinstance(move, ferry.PlayAnimal):
            card = rules.card[move.card]
            text = f"play {_card(card)}"
            if move.gender is not None:
                text += f" as {move.gender.value}"
            if move.weight is not None:
                text += f" weighing {move.weight}"
            return text
        if isinstance(move, ferry.TakeAnimals):
            return f"take the animals of the ferry at dock {view.noah} (no card fits)"
        if isinstance(move, ferry.MoveNoah):
            boat = view.docks[move.dock]
            where = (
                f"{boat.card.id}, load {boat.load}/{boat.capacity}, {_pattern(boat.animals)}"
                if boat is not None
                else "empty"
            )
            return f"move Noah to dock {move.dock} ({where})"
        if isinstance(move, ferry.GiveCard):
            return f"give {_card(rules.card[move.card])} to {self.who(move.to)}"
        if isinstance(move, ferry.EndGiving):
            return "give no more cards"
        if isinstance(move, ferry.LookAtHand):
            return f"look at the hand of {self.who(move.seat)} ({view.hand_sizes[move.seat]} cards)"
        if isinstance(move, ferry.StealFrom):
            return f"steal a random card from {self.who(move.seat)}"
        if isinstance(move, ferry.GiveBack):
            return f"give back {_card(rules.card[move.card])}"
        if isinstance(move, ferry.SendEscapee):
            escapee = view.escapee.id if view.escapee is not None else "the escaped animal"
            return f"send {escapee} to {self.who(move.seat)}"
        return repr(move)

    def event(self, event: Event) -> str | None:
        if isinstance(event, ferry.CardPlayed):
            a = event.animal
            pair = " - a pair: another turn" if event.pair else ""
            return (
                f"{self.subject(event.seat)} played {a.card.id} "
                f"({a.gender.value}, weight {a.weight}) at dock {event.dock}{pair}"
            )
        if isinstance(event, ferry.AnimalsTaken):
            cards = ", ".join(c.id for c in event.cards) or "nothing"
            return f"{self.subject(event.seat)} took the animals at dock {event.dock}: {cards}"
        if isinstance(event, ferry.NoahMoved):
            return f"Noah moved to dock {event.dock}"
        if isinstance(event, ferry.FerryDeparted):
            return self.paint(
                f"{event.ferry.id} departed from dock {event.dock} with "
                f"{len(event.cards)} animals (departure {event.departures} this round)",
                "green",
            )
        if isinstance(event, ferry.FerryArrived):
            return f"{event.ferry.id} arrived at dock {event.dock}"
        if isinstance(event, ferry.CardStolen):
            card = event.card.id if event.card is not None else "a card"
            return f"{self.subject(event.receiver)} stole {card} from {self.whom(event.giver)}"
        if isinstance(event, ferry.CardGiven | ferry.CardGivenBack):
            card = event.card.id if event.card is not None else "a card"
            verb = "gave back" if isinstance(event, ferry.CardGivenBack) else "gave"
            return f"{self.subject(event.giver)} {verb} {card} to {self.whom(event.receiver)}"
        if isinstance(event, ferry.HandLookedAt):
            seen = ": " + ", ".join(c.id for c in event.cards) if event.cards is not None else ""
            target = "your" if event.target == _HUMAN else f"seat {event.target}'s"
            return f"{self.subject(event.seat)} looked at {target} hand{seen}"
        if isinstance(event, ferry.AnimalEscaped):
            return f"{event.card.id} escaped the ferry at dock {event.dock}"
        if isinstance(event, ferry.EscapeeSent):
            return f"{event.card.id} went to {self.whom(event.seat)}"
        if isinstance(event, ferry.PenaltyReduced):
            return f"{self.subject(event.seat)}: penalty down to {event.penalty}"
        if isinstance(event, ferry.RoundEnded):
            return self.paint(
                f"Round {event.round} ended; tears in hand {list(event.tears)}, "
                f"penalties now {list(event.penalties)}",
                "bold",
            )
        if isinstance(event, ferry.RoundStarted):
            return self.paint(
                f"Round {event.round} begins; {self.who(event.first_player)} starts", "bold"
            )
        return None


def _letters(species: Iterable[str]) -> dict[str, str]:
    """A distinct lower-case letter for each species, from its name where possible."""
    used: set[str] = set(".#~")
    result = {}
    for name in species:
        pool = [c for c in name.lower() if c.isalpha()] + list("abcdefghijklmnopqrstuvwxyz")
        letter = next((c for c in pool if c not in used), "?")
        used.add(letter)
        result[name] = letter
    return result


_ARK_COLOURS = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow"}


class IslandScreen(Screen):
    """The island game in the terminal: a coloured hex map."""

    def __init__(self, rules: Any, bots: dict[int, str], paint: Paint) -> None:
        super().__init__(rules, bots, paint)
        self.letter = _letters(t.species for t in rules.tiles)

    def ark(self, seat: int) -> str:
        """The possessive for a seat's ark."""
        return "your" if seat == _HUMAN else "its"

    def space(self, view: Any, space: int) -> str:
        """A space for a move's label: id, place on the map and what lies there."""
        board = view.rules.board
        tile = view.tiles[space]
        if space in view.water:
            what = {"sea": "sea", "ark": "ark space"}.get(board.kind[space], "flooded")
        elif tile is None:
            what = f"empty {board.kind[space]}"
        elif tile == HIDDEN:
            what = "face-down animal"
        else:
            what = f"face-up {tile.species}"
        return f"space {space} ({board.where(space)}, {what})"

    def cell(self, view: Any, space: int) -> str:
        """One space of the map, coloured."""
        p = self.paint
        kind = view.rules.board.kind[space]
        if space in view.arks:
            seat = view.arks.index(space)
            colour = view.rules.arks[seat].colour if seat < len(view.rules.arks) else ""
            return p(str(seat), "bold", _ARK_COLOURS.get(colour, "magenta"))
        if space in view.water:
            return p("A" if kind == "ark" else "~", "blue")
        tile = view.tiles[space]
        if tile is None:
            return p("." if kind == "beach" else ":", "yellow" if kind == "beach" else "green")
        if tile == HIDDEN:
            return p("#", "green")
        return p(self.letter.get(tile.species, "?"), "bold")

    def table(self, view: Any) -> list[str]:
        board = view.rules.board
        cells = {pos: space for space, pos in enumerate(board.position)}
        width = max(len(row) for row in board.rows)
        lines = [
            "     " + "".join(str(c // 10) if c % 10 == 0 else " " for c in range(1, width + 1)),
            "     " + "".join(str(c % 10) for c in range(1, width + 1)),
        ]
        for r, row in enumerate(board.rows, 1):
            text = "".join(
                self.cell(view, cells[r, c]) if (r, c) in cells else " "
                for c in range(1, len(row) + 1)
            )
            lines.append(f"{r:>3}  {text}")
        shown = sorted({t.species for t in view.tiles if t is not None and t != HIDDEN})
        lines.append(
            "~ water  A free ark space  0-3 arks  . beach  : empty jungle  # face-down animal"
        )
        if shown:
            lines.append("Face up: " + ", ".join(f"{self.letter[s]} {s}" for s in shown))
        lines.append(
            f"Water tiles left: {view.water_left}; points so far: "
            + ", ".join(f"{self.who(s)} {view.points[s]}" for s in range(view.players))
        )
        for seat in range(view.players):
            rescued = ", ".join(view.rescued[seat]) or "nothing"
            doubled = ", ".join(view.rules.arks[seat].doubled)
            lines.append(f"{self.who(seat)} rescued: {rescued} (x2: {doubled})")
        return lines

    def prompt(self, view: Any) -> str:
        return {
            "place_ark": "Place your ark:",
            "flood": "Flood a space next to the water:",
            "act": f"Your action ({view.actions_left} left):",
        }.get(view.phase.value, "Your choice:")

    def label(self, view: Any, move: Any) -> str:
        if isinstance(move, island.PlaceArk):
            return f"place your ark on {self.space(view, move.space)}"
        if isinstance(move, island.Flood):
            return f"flood {self.space(view, move.space)}"
        if isinstance(move, island.MoveArk):
            return f"move your ark to {self.space(view, move.space)}"
        if isinstance(move, island.Rescue):
            tile = view.tiles[move.first]
            species = tile.species if tile is not None else "?"
            return f"rescue the {species} pair on spaces {move.first} and {move.second}"
        if isinstance(move, island.EndTurn):
            return "end your turn"
        return repr(move)

    def event(self, event: Event) -> str | None:
        board = self.rules.board
        if isinstance(event, island.ArkPlaced):
            who, ark = self.subject(event.seat), self.ark(event.seat)
            return f"{who} placed {ark} ark on space {event.space}"
        if isinstance(event, island.TilesRevealed):
            shown = ", ".join(f"{species} on {space}" for space, species in event.tiles)
            return f"Turned face up: {shown}"
        if isinstance(event, island.Flooded):
            lost = f"; lost: {event.lost}" if event.lost else ""
            lost += "; lost: a face-down animal" if event.lost_unseen else ""
            return (
                f"{self.subject(event.seat)} flooded space {event.space} "
                f"({board.where(event.space)}, +{event.points} points){lost}"
            )
        if isinstance(event, island.ArkMoved):
            who, ark = self.subject(event.seat), self.ark(event.seat)
            return f"{who} moved {ark} ark to space {event.space}"
        if isinstance(event, island.PairRescued):
            return self.paint(
                f"{self.subject(event.seat)} rescued the {event.species} pair "
                f"on spaces {event.first} and {event.second}",
                "green",
            )
        if isinstance(event, island.TurnEnded):
            return None
        return None


_SCREENS: dict[str, Callable[[Any, dict[int, str], Paint], Screen]] = {
    "ferry": FerryScreen,
    "island": IslandScreen,
}


# --------------------------------------------------------------------------------------------
# simulate


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


# --------------------------------------------------------------------------------------------
# cards and board


def _cards(args: argparse.Namespace) -> int:
    """Show the cards of the ferry game (or the tiles and arks of the island game), with the
    given variants applied."""
    _, rules = _load(args)
    paint = Paint.for_stream(sys.stdout)
    variants = ", ".join(args.variant) or "none"
    if args.game == "ferry":
        print(paint(f"{len(rules.animals)} animal cards", "bold") + f" (variants: {variants})")
        rows = [["id", "species", "gender", "weight", "tears", "mark", "abilities"]]
        rows += [
            [
                c.id,
                c.species,
                c.gender.value,
                str(c.weight),
                str(c.tears),
                c.mark or "",
                _abilities(c.abilities),
            ]
            for c in rules.animals
        ]
        print("\n".join(_table(rows)))
        print()
        print(paint(f"{len(rules.ferries)} ferry cards", "bold"))
        rows = [["id", "capacity", "rule"]]
        rows += [
            [f.id, str(f.capacity), "one of each species" if f.unique_species else ""]
            for f in rules.ferries
        ]
        print("\n".join(_table(rows)))
        return 0
    tiles = sum(t.count for t in rules.tiles)
    print(paint(f"{tiles} animal tiles", "bold") + f" (variants: {variants})")
    doubled = {s: a.colour for a in rules.arks for s in a.doubled}
    rows = [["species", "count", "points", "rescuable", "x2 for"]]
    rows += [
        [
            t.species,
            str(t.count),
            str(t.points),
            "yes" if t.rescuable else "no",
            doubled.get(t.species, ""),
        ]
        for t in rules.tiles
    ]
    print("\n".join(_table(rows)))
    print()
    print(paint(f"{len(rules.arks)} arks", "bold"))
    print(
        "\n".join(
            _table(
                [["seat", "colour", "x2 species"]]
                + [[str(i), a.colour, ", ".join(a.doubled)] for i, a in enumerate(rules.arks)]
            )
        )
    )
    return 0


def _board(args: argparse.Namespace) -> int:
    """Show the island's board (with the given variants applied): the map, its legend and how
    many spaces of each kind it has."""
    _, rules = _load(args)
    board = rules.board
    paint = Paint.for_stream(sys.stdout)
    colours = {"sea": "blue", "ark": "cyan", "beach": "yellow", "jungle": "green"}
    symbol = {"sea": "~", "ark": "A", "beach": ".", "jungle": "#"}
    cells = dict(zip(board.position, board.kind, strict=True))
    print(paint(f"board '{board.name}'", "bold") + f" ({len(board.kind)} spaces)")
    for r, row in enumerate(board.rows, 1):
        text = "".join(
            paint(symbol[cells[r, c]], colours[cells[r, c]]) if (r, c) in cells else " "
            for c in range(1, len(row) + 1)
        )
        print(f"{r:>3}  {text}")
    print()
    for kind in ("sea", "ark", "beach", "jungle"):
        count = board.kind.count(kind)
        print(f"  {paint(symbol[kind], colours[kind])} {kind:<7}{count:>4} spaces")
    print(f"  water tiles {rules.water_tiles}, tiles set aside {rules.set_aside}")
    return 0


# --------------------------------------------------------------------------------------------
# validate


_PATH_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
_ROW = re.compile(r"^row (\d+), column \d+")
_AT_LINE = re.compile(r"at line (\d+)")


@attrs.frozen
class Problem:
    """One problem found in a file: where (file, line, key path) and what."""

    file: str
    line: int | None
    path: str
    problem: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.path}: {self.problem}" if self.path else f"{where}: {self.problem}"


def _validate(args: argparse.Namespace) -> int:
    """Check a variant, rules or board file: every problem is printed with file, line and key
    path, and the exit status is 1 if there is any."""
    name: str = args.file
    path = Path(name)
    if not path.is_file():
        print(f"{name}: no such file")
        return 1
    # load_rules reads a bare name as a packaged variant: make sure it reads this file.
    given = name if ("/" in name or name.endswith((".yaml", ".yml"))) else f"./{name}"
    problems, root = _parse_problems(given, path)
    found = ""
    if root is not None:
        games = [args.game] if args.game else _guess_games(root)
        found, load_problems = _load_problems(given, root, games)
        problems += load_problems
    problems.sort(key=lambda p: (p.file != given, p.file, p.line is None, p.line or 0))
    for problem in problems:
        print(problem)
    if problems:
        count = len(problems)
        print(f"{count} problem{'s' if count > 1 else ''}")
        return 1
    print(f"{name}: ok ({found})")
    return 0


def _parse_problems(name: str, path: Path) -> tuple[list[Problem], yaml.Node | None]:
    """Problems a YAML parse finds (malformed YAML, duplicate keys) and the composed tree."""
    try:
        text = path.read_text(encoding="utf-8")
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError) as exc:
        return [Problem(name, None, "", f"cannot read the file: {exc}")], None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        problem = getattr(exc, "problem", None) or str(exc)
        return [Problem(name, line, "", f"malformed YAML: {problem}")], None
    problems: list[Problem] = []
    if root is not None:
        _duplicate_keys(name, root, "", problems)
    return problems, root


def _duplicate_keys(name: str, node: yaml.Node, path: str, problems: list[Problem]) -> None:
    if isinstance(node, yaml.MappingNode):
        first: dict[str, int] = {}
        for key, value in node.value:
            key_text = str(key.value)
            sub = f"{path}.{key_text}" if path else key_text
            if key_text in first:
                problems.append(
                    Problem(
                        name,
                        key.start_mark.line + 1,
                        sub,
                        f"duplicate key '{key_text}' (first at line {first[key_text]}); "
                        "only the last is used",
                    )
                )
            else:
                first[key_text] = key.start_mark.line + 1
            _duplicate_keys(name, value, sub, problems)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _duplicate_keys(name, item, f"{path}[{i}]", problems)


def _top_keys(node: yaml.Node | None) -> dict[str, yaml.Node]:
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {str(k.value): v for k, v in node.value}


def _game_keys(game: str) -> set[str]:
    """The top-level and ``rules`` keys that a game's data uses (read from its packaged data)."""
    keys: set[str] = set()
    for file in data_dir(game).glob("*.yaml"):
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            keys.update(map(str, data))
            rules = data.get("rules")
            if isinstance(rules, dict):
                keys.update(map(str, rules))
    return keys


def _guess_games(root: yaml.Node) -> list[str]:
    """The games a file may belong to, told by the keys it uses: one game, or all of them
    when its keys do not tell."""
    top = _top_keys(root)
    if {"legend", "map"} & set(top):
        return ["island"]
    used = set(top) | set(_top_keys(top.get("rules")))
    keys = {game: _game_keys(game) for game in sorted(GAMES)}
    shared = set.intersection(*keys.values())
    scores = {game: len((own - shared) & used) for game, own in keys.items()}
    best = max(scores.values())
    return [game for game in sorted(GAMES) if scores[game] == best]


def _load_problems(name: str, root: yaml.Node, games: list[str]) -> tuple[str, list[Problem]]:
    """Load the file as a variant (or board) of each candidate game; it is fine if one accepts
    it, else the problems are those found for the first candidate. Returns what the file was
    found to be, and the problems."""
    if games == ["island"] and {"legend", "map"} & set(_top_keys(root)):
        try:
            load_board(Path(name))
        except RulesDataError as exc:
            return "", [_problem(exc)]
        return "island board", []
    accepted = []
    problems: list[Problem] = []
    for game in games:
        try:
            GAMES[game].load_rules([name])
        except RulesDataError as exc:
            if not problems:
                problems = [_problem(exc), *_item_problems(name, game, exc)]
            continue
        accepted.append(f"{game} variant")
    if accepted:
        return " or ".join(accepted), []
    if len(games) > 1:
        note = f"(the keys do not tell the game: checked as a {games[0]} variant; see --game)"
        problems.append(Problem(name, None, "", note))
    return "", problems


def _item_problems(name: str, game: str, error: RulesDataError) -> list[Problem]:
    """Problems of the items a variant adds, each loaded on its own with the rest of the
    variant, beyond ``error`` (already reported): only problems inside that item count."""
    data = yaml.safe_load(Path(name).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        return []
    rules = data.get("rules")
    if isinstance(rules, dict) and isinstance(rules.get("board"), str):
        board = rules["board"]
        if board.endswith((".yaml", ".yml")) or "/" in board:
            rules["board"] = str((Path(name).parent / board).resolve())
    seen = {(error.file, error.path, error.problem)}
    problems: list[Problem] = []
    with tempfile.TemporaryDirectory() as folder:
        trial = Path(folder) / Path(name).name
        for key, change in data.items():
            added = change.get("add") if isinstance(change, dict) else None
            if not isinstance(added, list) or len(added) < 2:
                continue
            for i, item in enumerate(added):
                trial.write_text(yaml.safe_dump({**data, key: {**change, "add": [item]}}), "utf-8")
                try:
                    GAMES[game].load_rules([str(trial)])
                except RulesDataError as exc:
                    inside = f"{key}.add[0]"
                    if exc.file != str(trial) or not exc.path.startswith(inside):
                        continue
                    path = f"{key}.add[{i}]" + exc.path[len(inside) :]
                    if (name, path, exc.problem) not in seen:
                        seen.add((name, path, exc.problem))
                        problems.append(_problem(RulesDataError(name, path, exc.problem)))
    return problems


def _problem(error: RulesDataError) -> Problem:
    """A loading error with the line of its key path, found in the file's YAML (best effort)."""
    line = None
    match = _AT_LINE.search(error.problem)
    if match:
        line = int(match.group(1))
    else:
        try:
            root = yaml.compose(
                Path(error.file).read_text(encoding="utf-8"), Loader=yaml.SafeLoader
            )
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            root = None
        if root is not None:
            line = _line_of(root, error.path, error.problem)
    return Problem(error.file, line, error.path, error.problem)


def _line_of(root: yaml.Node, path: str, problem: str) -> int | None:
    """The line (1-based) of ``path`` in the tree, or of its deepest part that exists."""
    node = root
    line = root.start_mark.line + 1
    for match in _PATH_TOKEN.finditer(path):
        key, index = match.groups()
        if key is not None and isinstance(node, yaml.MappingNode):
            found = next(((k, v) for k, v in node.value if str(k.value) == key), None)
            if found is None:
                break
            line = found[0].start_mark.line + 1
            node = found[1]
        elif index is not None and isinstance(node, yaml.SequenceNode):
            if int(index) >= len(node.value):
                break
            node = node.value[int(index)]
            line = node.start_mark.line + 1
        else:
            break
    else:
        row = _ROW.match(problem)
        if row and isinstance(node, yaml.ScalarNode) and node.style in ("|", ">"):
            return node.start_mark.line + 1 + int(row.group(1))
    return line


if __name__ == "__main__":
    sys.exit(main())
