"""``noahrules play``: a game in the terminal against bots, you at seat 0."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from noahrules import ferry, island
from noahrules.bots import make_bot
from noahrules.cli.common import (
    _HUMAN,
    _SCORE_NAMES,
    Paint,
    _bot_names,
    _load,
)
from noahrules.events import Event, events_for
from noahrules.island.view import HIDDEN


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
