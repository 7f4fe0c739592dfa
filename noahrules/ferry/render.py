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
from noahrules.ferry.ruleset import Card, FerryCard, Rules
from noahrules.ferry.state import Ferry, Phase, State
from noahrules.ferry.view import View
from noahrules.i18n import Words
from noahrules.render import Paint, Renderer, Screen, abilities_text, grid, visible_width

__all__ = ["RENDERER", "FerryScreen", "cards"]


def _(message: str) -> str:
    """A message to translate later, in the catalog (:mod:`noahrules.i18n`)."""
    return message


_ABOARD = {
    Gender.MALE: _("{animal}:m{weight}"),
    Gender.FEMALE: _("{animal}:f{weight}"),
    Gender.EITHER: _("{animal}:?{weight}"),
}
"""An animal aboard a ferry, in short: its species, its gender played and its weight."""


_PROMPTS = {
    Phase.LOOK: _("Whose hand do you look at?"),
    Phase.STEAL: _("Whom do you steal from?"),
    Phase.SEND_ESCAPEE: _("Who takes the escaped animal?"),
    Phase.MOVE_NOAH: _("Move Noah:"),
}
_DOING = {
    Phase.PLAY: _("seat {seat} to play"),
    Phase.SEND_ESCAPEE: _("seat {seat} to send escapee"),
    Phase.LOOK: _("seat {seat} to look"),
    Phase.STEAL: _("seat {seat} to steal"),
    Phase.GIVE_BACK: _("seat {seat} to give back"),
    Phase.MOVE_NOAH: _("seat {seat} to move noah"),
    Phase.GIVE: _("seat {seat} to give"),
}
_GENDERS = {Gender.MALE: _("male"), Gender.FEMALE: _("female"), Gender.EITHER: _("either")}


class FerryScreen(Screen[Rules, View, Move]):
    """The ferry game in the terminal, in the paint's language: its cards by their id in
    English, by their name in the data in the other languages."""

    DOMAIN = "ferry"

    def card(self, card: Card | FerryCard) -> str:
        """A card, shortly: its id in English, else its name (and a ferry's number)."""
        if self.paint.language == "en":
            return card.id
        name = self.paint.name(card.name)
        number = card.id.rpartition("-")[2]
        return f"{name} {number}" if isinstance(card, FerryCard) and number.isdigit() else name

    def species(self, card: Card) -> str:
        """A card's species, shortly."""
        return card.species if self.paint.language == "en" else self.paint.name(card.name)

    def gender(self, gender: Gender) -> str:
        """A gender, in words."""
        return self.words.gettext(_GENDERS[gender])

    def described(self, card: Card) -> str:
        """A card with its gender, weight and tears."""
        return self.words.gettext(
            "{card} ({gender}, weight {weight}, tears {tears})",
            card=self.card(card),
            gender=self.gender(card.gender),
            weight=card.weight,
            tears=card.tears,
        )

    def rule(self, ferry: Ferry) -> str:
        """The gender rule a ferry's animals impose, in short (F10)."""
        pattern = ferry.gender_pattern()
        if pattern is None:
            return self.words.gettext("any gender")
        gender = self.gender(ferry.genders[0])
        if pattern is Pattern.SAME:
            return self.words.gettext("all {gender}", gender=gender)
        return self.words.gettext("alternating, next {gender}", gender=gender)

    def cards_count(self, count: int) -> str:
        """A number of cards."""
        return self.words.ngettext("{count} card", "{count} cards", count)

    def table(self, view: View) -> list[str]:
        lines = self.public(view, view.hand_sizes)
        lines.append(self.paint(self.words.gettext("Your hand:"), "bold"))
        lines.extend(f"  {self.described(c)}" for c in view.hand)
        return lines

    def state(self, state: object) -> list[str]:
        assert isinstance(state, State)
        lines = self.public(state, tuple(len(hand) for hand in state.hands))
        for seat, hand in enumerate(state.hands):
            title = self.words.gettext("Hand of {who}:", who=self.who(seat))
            lines.append(self.paint(title, "bold"))
            lines.extend(f"  {self.described(c)}" for c in hand)
        lines.append(self.words.gettext("Unused: {cards}", cards=self.cards_count(len(state.deck))))
        return lines

    def doing(self, view: View | State) -> str:
        """Who is to do what."""
        if view.phase is Phase.OVER:
            return self.words.gettext("game over")
        return self.words.gettext(_DOING[view.phase], seat=view.table.seat)

    def public(self, view: View | State, hand_sizes: tuple[int, ...]) -> list[str]:
        """The round, the docks with Noah and the ferries, the centre and the players."""
        p, w = self.paint, self.words
        rounds = view.rules.rounds
        title = (
            w.gettext("Round {round} of {rounds}", round=view.round, rounds=rounds)
            if rounds
            else w.gettext("Round {round}", round=view.round)
        )
        departures = w.gettext(
            ", departures this round: {departures}; {doing}",
            departures=view.departures,
            doing=self.doing(view),
        )
        lines = [p(title, "bold") + departures]
        marker = w.gettext("Noah>")
        for dock, boat in enumerate(view.docks):
            noah = p(marker, "yellow", "bold") if dock == view.noah else " " * visible_width(marker)
            if boat is None:
                lines.append(
                    f"{noah} " + w.gettext("dock {dock}: (empty, a ferry is coming)", dock=dock)
                )
                continue
            roommate = w.gettext(", one of each species") if boat.card.unique_species else ""
            aboard = " ".join(
                w.gettext(_ABOARD[a.gender], animal=self.species(a.card), weight=a.weight)
                for a in boat.animals
            )
            load = p(f"{boat.load}/{boat.capacity}", "bold")
            lines.append(
                f"{noah} "
                + w.gettext(
                    "dock {dock}: {ferry} load {load} [{rule}{roommate}] {aboard}",
                    dock=dock,
                    ferry=self.card(boat.card),
                    load=load,
                    rule=self.rule(boat),
                    roommate=roommate,
                    aboard=aboard or w.gettext("(empty)"),
                )
            )
        waiting = ", ".join(f"{self.card(c)} ({c.capacity})" for c in view.centre)
        lines.append(
            w.gettext("Waiting in the centre: {ferries}", ferries=waiting or w.gettext("none"))
        )
        players = "; ".join(
            w.gettext(
                "{who} {cards}, penalty {penalty}",
                who=self.who(s),
                cards=self.cards_count(hand_sizes[s]),
                penalty=view.penalties[s],
            )
            for s in range(view.players)
        )
        lines.append(w.gettext("Players: {players}", players=players))
        return lines

    def prompt(self, view: View) -> str:
        w = self.words
        if view.phase is Phase.PLAY:
            return w.gettext("Play an animal onto the ferry at dock {dock}:", dock=view.noah)
        if view.phase is Phase.GIVE:
            return w.gettext("Give departure bonus cards ({count} left):", count=view.gifts)
        if view.phase is Phase.GIVE_BACK:
            return w.gettext("Which card do you give back to seat {seat}?", seat=view.victim)
        return w.gettext(_PROMPTS[view.phase]) if view.phase in _PROMPTS else super().prompt(view)

    def label(self, view: View, move: Move) -> str:
        rules, w = view.rules, self.words
        if isinstance(move, PlayAnimal):
            text = w.gettext("play {card}", card=self.described(rules.card[move.card]))
            if move.gender is not None:
                text += w.gettext(" as {gender}", gender=self.gender(move.gender))
            if move.weight is not None:
                text += w.gettext(" weighing {weight}", weight=move.weight)
            return text
        if isinstance(move, TakeAnimals):
            return w.gettext(
                "take the animals of the ferry at dock {dock} (no card fits)", dock=view.noah
            )
        if isinstance(move, MoveNoah):
            boat = view.docks[move.dock]
            where = (
                w.gettext(
                    "{ferry}, load {load}/{capacity}, {rule}",
                    ferry=self.card(boat.card),
                    load=boat.load,
                    capacity=boat.capacity,
                    rule=self.rule(boat),
                )
                if boat is not None
                else w.gettext("empty")
            )
            return w.gettext("move Noah to dock {dock} ({where})", dock=move.dock, where=where)
        if isinstance(move, GiveCard):
            card = self.described(rules.card[move.card])
            return w.gettext("give {card} to {whom}", card=card, whom=self.who(move.to))
        if isinstance(move, EndGiving):
            return w.gettext("give no more cards")
        if isinstance(move, LookAtHand):
            cards = self.cards_count(view.hand_sizes[move.seat])
            return w.gettext(
                "look at the hand of {whom} ({cards})", whom=self.who(move.seat), cards=cards
            )
        if isinstance(move, StealFrom):
            return w.gettext("steal a random card from {whom}", whom=self.who(move.seat))
        if isinstance(move, GiveBack):
            return w.gettext("give back {card}", card=self.described(rules.card[move.card]))
        if isinstance(move, SendEscapee):
            escapee = (
                self.card(view.escapee)
                if view.escapee is not None
                else w.gettext("the escaped animal")
            )
            return w.gettext("send {card} to {whom}", card=escapee, whom=self.who(move.seat))
        return repr(move)

    def event(self, event: Event) -> str | None:
        w = self.words
        if isinstance(event, CardPlayed):
            a = event.animal
            text = w.gettext(
                "{who} played {card} ({gender}, weight {weight}) at dock {dock}",
                who=self.subject(event.seat),
                card=self.card(a.card),
                gender=self.gender(a.gender),
                weight=a.weight,
                dock=event.dock,
            )
            return text + (w.gettext(" - a pair: another turn") if event.pair else "")
        if isinstance(event, AnimalsTaken):
            cards = ", ".join(self.card(c) for c in event.cards) or w.gettext("nothing")
            return w.gettext(
                "{who} took the animals at dock {dock}: {cards}",
                who=self.subject(event.seat),
                dock=event.dock,
                cards=cards,
            )
        if isinstance(event, NoahMoved):
            return w.gettext("Noah moved to dock {dock}", dock=event.dock)
        if isinstance(event, FerryDeparted):
            animals = w.ngettext("{count} animal", "{count} animals", len(event.cards))
            return self.paint(
                w.gettext(
                    "{ferry} departed from dock {dock} with {animals} (departure {departures} "
                    "this round)",
                    ferry=self.card(event.ferry),
                    dock=event.dock,
                    animals=animals,
                    departures=event.departures,
                ),
                "green",
            )
        if isinstance(event, FerryArrived):
            return w.gettext(
                "{ferry} arrived at dock {dock}", ferry=self.card(event.ferry), dock=event.dock
            )
        if isinstance(event, CardStolen):
            card = self.card(event.card) if event.card is not None else w.gettext("a card")
            return w.gettext(
                "{who} stole {card} from {whom}",
                who=self.subject(event.receiver),
                card=card,
                whom=self.whom(event.giver),
            )
        if isinstance(event, CardGiven | CardGivenBack):
            card = self.card(event.card) if event.card is not None else w.gettext("a card")
            who, whom = self.subject(event.giver), self.whom(event.receiver)
            if isinstance(event, CardGivenBack):
                return w.gettext("{who} gave back {card} to {whom}", who=who, card=card, whom=whom)
            return w.gettext("{who} gave {card} to {whom}", who=who, card=card, whom=whom)
        if isinstance(event, HandLookedAt):
            seen = (
                ": " + ", ".join(self.card(c) for c in event.cards)
                if event.cards is not None
                else ""
            )
            if event.target == self.you:
                text = w.gettext("{who} looked at your hand", who=self.subject(event.seat))
            else:
                text = w.gettext(
                    "{who} looked at {whom}'s hand",
                    who=self.subject(event.seat),
                    whom=self.whom(event.target),
                )
            return text + seen
        if isinstance(event, AnimalEscaped):
            return w.gettext(
                "{card} escaped the ferry at dock {dock}",
                card=self.card(event.card),
                dock=event.dock,
            )
        if isinstance(event, EscapeeSent):
            return w.gettext(
                "{card} went to {whom}", card=self.card(event.card), whom=self.whom(event.seat)
            )
        if isinstance(event, PenaltyReduced):
            return w.gettext(
                "{who}: penalty down to {penalty}",
                who=self.subject(event.seat),
                penalty=event.penalty,
            )
        if isinstance(event, RoundEnded):
            return self.paint(
                w.gettext(
                    "Round {round} ended; tears in hand {tears}, penalties now {penalties}",
                    round=event.round,
                    tears=list(event.tears),
                    penalties=list(event.penalties),
                ),
                "bold",
            )
        if isinstance(event, RoundStarted):
            text = (
                w.gettext("Round {round} begins; you start", round=event.round)
                if event.first_player == self.you
                else w.gettext(
                    "Round {round} begins; {who} starts",
                    round=event.round,
                    who=self.subject(event.first_player),
                )
            )
            return self.paint(text, "bold")
        return None


_ANIMAL_COLUMNS = (
    _("id"),
    _("name"),
    _("species"),
    _("gender"),
    _("weight"),
    _("tears"),
    _("mark"),
    _("abilities"),
)
_FERRY_COLUMNS = (_("id"), _("name"), _("capacity"), _("rule"))


def cards(rules: Rules, paint: Paint) -> list[str]:
    """The animal cards and the ferry cards of ``rules`` as tables in the paint's language
    (ids, species and abilities as the data writes them)."""
    w = Words(paint.language, "ferry")
    variants = ", ".join(rules.variants) or w.gettext("none")
    count = len(rules.animals)
    lines = [
        paint(w.ngettext("{count} animal card", "{count} animal cards", count), "bold")
        + " "
        + w.gettext("(variants: {variants})", variants=variants)
    ]
    rows = [[w.gettext(column) for column in _ANIMAL_COLUMNS]]
    rows += [
        [
            c.id,
            paint.name(c.name),
            c.species,
            w.gettext(_GENDERS[c.gender]),
            str(c.weight),
            str(c.tears),
            c.mark or "",
            abilities_text(c.abilities),
        ]
        for c in rules.animals
    ]
    count = len(rules.ferries)
    ferries = w.ngettext("{count} ferry card", "{count} ferry cards", count)
    lines += [*grid(rows), "", paint(ferries, "bold")]
    rows = [[w.gettext(column) for column in _FERRY_COLUMNS]]
    roommates = w.gettext("one of each species")
    rows += [
        [f.id, paint.name(f.name), str(f.capacity), roommates if f.unique_species else ""]
        for f in rules.ferries
    ]
    return lines + grid(rows)


RENDERER: Renderer[Rules, View, Move] = Renderer(screen=FerryScreen, cards=cards, picture=picture)
"""How the ferry game looks as text."""
