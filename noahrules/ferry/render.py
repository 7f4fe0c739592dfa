"""The ferry game as text: the table, the choices and the events, and the card tables."""

from __future__ import annotations

from noahrules.events import Event
from noahrules.ferry.events import (
    AnimalEscaped,
    AnimalsTaken,
    CardGiven,
    CardGivenBack,
    CardPlayed,
    CardStolen,
    EscapeeSent,
    FerryArrived,
    FerryDeparted,
    HandLookedAt,
    NoahMoved,
    PenaltyReduced,
    RoundEnded,
    RoundStarted,
)
from noahrules.ferry.kinds import Gender, Pattern
from noahrules.ferry.moves import (
    EndGiving,
    GiveBack,
    GiveCard,
    LookAtHand,
    Move,
    MoveNoah,
    PlayAnimal,
    SendEscapee,
    StealFrom,
    TakeAnimals,
)
from noahrules.ferry.picture import picture
from noahrules.ferry.ruleset import Card, Rules
from noahrules.ferry.state import Ferry, Phase, State
from noahrules.ferry.view import View
from noahrules.render import Paint, Renderer, Screen, abilities_text, counted, grid

__all__ = ["RENDERER", "FerryScreen", "cards"]

_SHORT = {Gender.MALE: "m", Gender.FEMALE: "f"}
_PROMPTS = {
    Phase.LOOK: "Whose hand do you look at?",
    Phase.STEAL: "Whom do you steal from?",
    Phase.SEND_ESCAPEE: "Who takes the escaped animal?",
    Phase.MOVE_NOAH: "Move Noah:",
}


def _card(card: Card) -> str:
    return f"{card.id} ({card.gender.value}, weight {card.weight}, tears {card.tears})"


def _rule(ferry: Ferry) -> str:
    """The gender rule a ferry's animals impose, in short (F10)."""
    pattern = ferry.gender_pattern()
    if pattern is None:
        return "any gender"
    if pattern is Pattern.SAME:
        return f"all {ferry.genders[0].value}"
    return f"alternating, next {ferry.genders[0].value}"


class FerryScreen(Screen[Rules, View, Move]):
    """The ferry game in the terminal."""

    def table(self, view: View) -> list[str]:
        lines = self.public(view, view.hand_sizes)
        lines.append(self.paint("Your hand:", "bold"))
        lines.extend(f"  {_card(c)}" for c in view.hand)
        return lines

    def state(self, state: object) -> list[str]:
        assert isinstance(state, State)
        lines = self.public(state, tuple(len(hand) for hand in state.hands))
        for seat, hand in enumerate(state.hands):
            lines.append(self.paint(f"Hand of {self.who(seat)}:", "bold"))
            lines.extend(f"  {_card(c)}" for c in hand)
        lines.append(f"Unused: {counted(len(state.deck), 'card')}")
        return lines

    def public(self, view: View | State, hand_sizes: tuple[int, ...]) -> list[str]:
        """The round, the docks with Noah and the ferries, the centre and the players."""
        p = self.paint
        rounds = view.rules.rounds
        of = f" of {rounds}" if rounds else ""
        lines = [
            p(f"Round {view.round}{of}", "bold")
            + f", departures this round: {view.departures}; {view.table.doing()}"
        ]
        for dock, boat in enumerate(view.docks):
            noah = p("Noah>", "yellow", "bold") if dock == view.noah else "     "
            if boat is None:
                lines.append(f"{noah} dock {dock}: (empty, a ferry is coming)")
                continue
            roommate = ", one of each species" if boat.card.unique_species else ""
            aboard = " ".join(
                f"{a.card.species}:{_SHORT.get(a.gender, '?')}{a.weight}" for a in boat.animals
            )
            load = p(f"{boat.load}/{boat.capacity}", "bold")
            lines.append(
                f"{noah} dock {dock}: {boat.card.id} load {load} [{_rule(boat)}"
                f"{roommate}] {aboard or '(empty)'}"
            )
        waiting = ", ".join(f"{c.id} ({c.capacity})" for c in view.centre) or "none"
        lines.append(f"Waiting in the centre: {waiting}")
        lines.append(
            "Players: "
            + "; ".join(
                f"{self.who(s)} {counted(hand_sizes[s], 'card')}, penalty {view.penalties[s]}"
                for s in range(view.players)
            )
        )
        return lines

    def prompt(self, view: View) -> str:
        if view.phase is Phase.PLAY:
            return f"Play an animal onto the ferry at dock {view.noah}:"
        if view.phase is Phase.GIVE:
            return f"Give departure bonus cards ({view.gifts} left):"
        if view.phase is Phase.GIVE_BACK:
            return f"Which card do you give back to seat {view.victim}?"
        return _PROMPTS.get(view.phase, "Your choice:")

    def label(self, view: View, move: Move) -> str:
        rules = view.rules
        if isinstance(move, PlayAnimal):
            text = f"play {_card(rules.card[move.card])}"
            if move.gender is not None:
                text += f" as {move.gender.value}"
            if move.weight is not None:
                text += f" weighing {move.weight}"
            return text
        if isinstance(move, TakeAnimals):
            return f"take the animals of the ferry at dock {view.noah} (no card fits)"
        if isinstance(move, MoveNoah):
            boat = view.docks[move.dock]
            where = (
                f"{boat.card.id}, load {boat.load}/{boat.capacity}, {_rule(boat)}"
                if boat is not None
                else "empty"
            )
            return f"move Noah to dock {move.dock} ({where})"
        if isinstance(move, GiveCard):
            return f"give {_card(rules.card[move.card])} to {self.who(move.to)}"
        if isinstance(move, EndGiving):
            return "give no more cards"
        if isinstance(move, LookAtHand):
            cards = counted(view.hand_sizes[move.seat], "card")
            return f"look at the hand of {self.who(move.seat)} ({cards})"
        if isinstance(move, StealFrom):
            return f"steal a random card from {self.who(move.seat)}"
        if isinstance(move, GiveBack):
            return f"give back {_card(rules.card[move.card])}"
        if isinstance(move, SendEscapee):
            escapee = view.escapee.id if view.escapee is not None else "the escaped animal"
            return f"send {escapee} to {self.who(move.seat)}"
        return repr(move)

    def event(self, event: Event) -> str | None:
        if isinstance(event, CardPlayed):
            a = event.animal
            pair = " - a pair: another turn" if event.pair else ""
            return (
                f"{self.subject(event.seat)} played {a.card.id} "
                f"({a.gender.value}, weight {a.weight}) at dock {event.dock}{pair}"
            )
        if isinstance(event, AnimalsTaken):
            cards = ", ".join(c.id for c in event.cards) or "nothing"
            return f"{self.subject(event.seat)} took the animals at dock {event.dock}: {cards}"
        if isinstance(event, NoahMoved):
            return f"Noah moved to dock {event.dock}"
        if isinstance(event, FerryDeparted):
            return self.paint(
                f"{event.ferry.id} departed from dock {event.dock} with "
                f"{counted(len(event.cards), 'animal')} (departure {event.departures} this round)",
                "green",
            )
        if isinstance(event, FerryArrived):
            return f"{event.ferry.id} arrived at dock {event.dock}"
        if isinstance(event, CardStolen):
            card = event.card.id if event.card is not None else "a card"
            return f"{self.subject(event.receiver)} stole {card} from {self.whom(event.giver)}"
        if isinstance(event, CardGiven | CardGivenBack):
            card = event.card.id if event.card is not None else "a card"
            verb = "gave back" if isinstance(event, CardGivenBack) else "gave"
            return f"{self.subject(event.giver)} {verb} {card} to {self.whom(event.receiver)}"
        if isinstance(event, HandLookedAt):
            seen = ": " + ", ".join(c.id for c in event.cards) if event.cards is not None else ""
            target = "your" if event.target == self.you else f"{self.whom(event.target)}'s"
            return f"{self.subject(event.seat)} looked at {target} hand{seen}"
        if isinstance(event, AnimalEscaped):
            return f"{event.card.id} escaped the ferry at dock {event.dock}"
        if isinstance(event, EscapeeSent):
            return f"{event.card.id} went to {self.whom(event.seat)}"
        if isinstance(event, PenaltyReduced):
            return f"{self.subject(event.seat)}: penalty down to {event.penalty}"
        if isinstance(event, RoundEnded):
            return self.paint(
                f"Round {event.round} ended; tears in hand {list(event.tears)}, "
                f"penalties now {list(event.penalties)}",
                "bold",
            )
        if isinstance(event, RoundStarted):
            starts = "start" if event.first_player == self.you else "starts"
            return self.paint(
                f"Round {event.round} begins; {self.subject(event.first_player)} {starts}", "bold"
            )
        return None


def cards(rules: Rules, paint: Paint) -> list[str]:
    """The animal cards and the ferry cards of ``rules`` as tables, their names in the
    paint's language."""
    variants = ", ".join(rules.variants) or "none"
    lines = [paint(f"{len(rules.animals)} animal cards", "bold") + f" (variants: {variants})"]
    rows = [["id", "name", "species", "gender", "weight", "tears", "mark", "abilities"]]
    rows += [
        [
            c.id,
            paint.name(c.name),
            c.species,
            c.gender.value,
            str(c.weight),
            str(c.tears),
            c.mark or "",
            abilities_text(c.abilities),
        ]
        for c in rules.animals
    ]
    lines += [*grid(rows), "", paint(f"{len(rules.ferries)} ferry cards", "bold")]
    rows = [["id", "name", "capacity", "rule"]]
    rows += [
        [
            f.id,
            paint.name(f.name),
            str(f.capacity),
            "one of each species" if f.unique_species else "",
        ]
        for f in rules.ferries
    ]
    return lines + grid(rows)


RENDERER: Renderer[Rules, View, Move] = Renderer(screen=FerryScreen, cards=cards, picture=picture)
"""How the ferry game looks as text."""
