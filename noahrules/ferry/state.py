"""The ferry game's state: an immutable value.

A :class:`State` is the public :class:`Table`, which every seat sees, and the hidden rest: the
hands, the unused deck, the random generator and the secrets shown to some seats. A view holds
the very same table, so what is public is declared once, here. The placement rules of a ferry
(F10, F11, V2, V4, judged after a crocodile's escape, V3) live on :class:`Ferry`, the one place
the engine, the state checks, the bots and the user interfaces ask.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from operator import attrgetter

from attrs import field, frozen

from noahrules.errors import IllegalMoveError
from noahrules.events import Event
from noahrules.ferry.kinds import Gender, Pattern
from noahrules.ferry.knowledge import Known
from noahrules.ferry.ruleset import Boarded, Card, FerryCard, Rules
from noahrules.rng import Rng
from noahrules.shown import Shown
from noahrules.values import WRITTEN_WHEN_SET, KeepsMoves, Part, maker

__all__ = ["Ferry", "Phase", "PublicFields", "State", "Table", "capacity"]

_EITHER = (Gender.MALE, Gender.FEMALE)
_WEIGHT = attrgetter("weight")
_OTHER = {
    Gender.MALE: (Gender.FEMALE,),
    Gender.FEMALE: (Gender.MALE,),
    Gender.EITHER: (Gender.MALE,),
}
"""F10 alternating: the gender after each (an unplayed snail is never aboard; the state checks
reject one)."""


@frozen(cache_hash=True, weakref_slot=False)
class Ferry:
    """A ferry on a dock and its animals in boarding order (the setup card first, F7a).

    ``load``, ``capacity`` and ``genders`` are derived from the animals aboard (and the kept
    pattern) when the value is made; they are not arguments and take no part in comparisons.
    """

    card: FerryCard
    animals: tuple[Boarded, ...] = ()
    kept_pattern: Pattern | None = field(default=None, metadata={WRITTEN_WHEN_SET: True})
    """F10 with ``pattern_set_by_second_animal``: the pattern the second animal aboard set, kept
    on the ferry until it is emptied, so that it stays after a crocodile's escape (V3). Always
    ``None`` with the default rules, where the pattern is read from the animals aboard."""
    load: int = field(init=False, eq=False, repr=False)
    """Total weight aboard (F11)."""
    capacity: int = field(init=False, eq=False, repr=False)
    """The ferry card's capacity, lowered by any ``capacity_limit`` aboard (F11, F30)."""
    genders: tuple[Gender, ...] = field(init=False, eq=False, repr=False)
    """F10: the genders the next animal may board as, by :meth:`gender_pattern` and the last
    animal aboard; either gender while there is no pattern."""

    def __attrs_post_init__(self) -> None:
        load, cap, genders = _derived(self.card, self.animals, self.kept_pattern)
        object.__setattr__(self, "load", load)
        object.__setattr__(self, "capacity", cap)
        object.__setattr__(self, "genders", genders)

    @classmethod
    def of(
        cls, card: FerryCard, animals: tuple[Boarded, ...] = (), kept_pattern: Pattern | None = None
    ) -> Ferry:
        """``Ferry(card, animals, kept_pattern)``, built several times faster (see
        noahrules.values)."""
        return _make_ferry(card, animals, kept_pattern, *_derived(card, animals, kept_pattern))

    def gender_pattern(self) -> Pattern | None:
        """F10: the pattern in force: the one kept on the ferry, else the one the first two
        animals aboard fix; ``None`` while any gender may board."""
        return _pattern(self.animals, self.kept_pattern)

    def escapee(self, card: Card) -> Boarded | None:
        """V3: the animal that escapes when ``card`` boards: the one aboard longest, if ``card``
        has ``first_escapes`` (a crocodile) and the ferry is not empty; else ``None``."""
        animals = self.animals
        return animals[0] if animals and card.abilities.first_escapes else None

    def boarding(self, card: Card) -> Ferry:
        """The ferry as ``card`` finds it when it boards: after the escape of the animal aboard
        longest if ``card`` is a crocodile (V3), else this ferry. A kept pattern stays (F10).
        Every placement rule is judged there (F12)."""
        if card.abilities.first_escapes and self.animals:  # as in escapee()
            return Ferry.of(self.card, self.animals[1:], self.kept_pattern)
        return self

    def after(self, animal: Boarded, keep_pattern: bool) -> Ferry:
        """The ferry once ``animal`` has boarded (where :meth:`fault` allows it): after the
        escape of the animal aboard longest if it is a crocodile (V3). With ``keep_pattern``
        (the rules' ``pattern_set_by_second_animal``), the second animal aboard sets the pattern
        kept on the ferry, with the animal it joins, even one that escapes at once (F10)."""
        animals = self.animals
        kept = self.kept_pattern
        if keep_pattern and kept is None and len(animals) == 1:
            kept = Pattern.of(animals[0].gender, animal.gender)
        if animals and animal.card.abilities.first_escapes:  # V3, as in escapee()
            return Ferry.of(self.card, (*animals[1:], animal), kept)
        aboard = (*animals, animal)
        # Derived from this ferry's load and capacity rather than added up again.
        load, cap = self.load + animal.weight, self.capacity_with(animal)
        return _make_ferry(self.card, aboard, kept, load, cap, _genders(aboard, kept))

    def capacity_with(self, animal: Boarded) -> int:
        """The capacity once ``animal`` is aboard (F11, F30)."""
        limit = animal.card.abilities.capacity_limit
        return limit if limit is not None and limit < self.capacity else self.capacity

    def departs_with(self, animal: Boarded) -> bool:
        """Whether ``animal`` boarding makes the load equal the capacity (F16)."""
        return self.load + animal.weight == self.capacity_with(animal)

    def fault(self, animal: Boarded) -> str | None:
        """The id of the first placement rule ``animal`` breaks by boarding this ferry, or
        ``None``: F10 gender, F11 weight, V4 roommate, V2 a wild weight that does not make the
        ferry depart. (For a crocodile, ask :meth:`boarding` first.)"""
        if animal.gender not in self.genders:
            return "F10"
        card = animal.card
        load = self.load + animal.weight
        cap = self.capacity
        limit = card.abilities.capacity_limit
        if limit is not None and limit < cap:  # as in capacity_with (a call less: plays run it)
            cap = limit
        if load > cap:
            return "F11"
        if self.card.unique_species and any(a.card.species == card.species for a in self.animals):
            return "V4"
        if animal.weight != card.weight and load != cap:
            return "V2"
        return None

    def explain(self, rule: str, animal: Boarded) -> IllegalMoveError:
        """The error for ``animal`` breaking ``rule`` here (as found by :meth:`fault`)."""
        card = animal.card
        load, cap = self.load + animal.weight, self.capacity_with(animal)
        if rule == "F10":
            problem = f"{card.id} cannot board as {animal.gender.value}: {self.pattern()}"
        elif rule == "F11":
            problem = f"load would be {load}, capacity {cap}"
        elif rule == "V4":
            problem = f"a {card.species} is already aboard the roommate ferry"
        else:
            problem = (
                f"{card.id} may weigh {animal.weight} only to make the ferry depart "
                f"(load would be {load}, capacity {cap})"
            )
        return IllegalMoveError(rule, problem)

    def pattern(self) -> str:
        """The gender rule the animals aboard impose, in words (F10)."""
        pattern = self.gender_pattern()
        if pattern is None:
            return "any gender may board"
        following = self.genders[0].value
        if len(self.animals) < 2:  # kept after an escape (V3)
            words = f"all {following}" if pattern is Pattern.SAME else f"the next is {following}"
            return f"the pattern the second animal aboard set stays, {pattern.value}: {words}"
        if pattern is Pattern.SAME:
            return f"the animals aboard are all {following}"
        return (
            f"the animals aboard alternate and the last is {self.animals[-1].gender.value}, "
            f"so the next is {following}"
        )


def _derived(
    card: FerryCard, animals: tuple[Boarded, ...], kept: Pattern | None
) -> tuple[int, int, tuple[Gender, ...]]:
    """A ferry's load, capacity and genders, from its card, animals and kept pattern."""
    return sum(map(_WEIGHT, animals)), capacity(card, animals), _genders(animals, kept)


def _pattern(animals: tuple[Boarded, ...], kept: Pattern | None) -> Pattern | None:
    """F10: the pattern in force aboard (see :meth:`Ferry.gender_pattern`)."""
    if not animals:
        return None
    if kept is not None:
        return kept
    return Pattern.of(animals[0].gender, animals[1].gender) if len(animals) >= 2 else None


def _genders(animals: tuple[Boarded, ...], kept: Pattern | None) -> tuple[Gender, ...]:
    """F10: the genders the next animal may board as after ``animals``: by the pattern in
    force and the last animal aboard; either gender while there is none."""
    pattern = _pattern(animals, kept)
    if pattern is None:
        return _EITHER
    last = animals[-1].gender
    return (last,) if pattern is Pattern.SAME else _OTHER[last]


def capacity(card: FerryCard, animals: tuple[Boarded, ...]) -> int:
    """Capacity of a ferry card carrying these animals: derived, never stored (F11, F30)."""
    result = card.capacity
    for animal in animals:
        limit = animal.card.abilities.capacity_limit
        if limit is not None and limit < result:
            result = limit
    return result


class Phase(enum.Enum):
    """The decision pending in a state; one move class answers each."""

    PLAY = "play"
    """Play an animal (``PlayAnimal``), or take the ferry's animals when none fits
    (``TakeAnimals``)."""
    SEND_ESCAPEE = "send_escapee"
    """V3: choose the opponent who takes the escaped animal (``SendEscapee``)."""
    LOOK = "look"
    """F32: choose the opponent whose hand to look at (``LookAtHand``)."""
    STEAL = "steal"
    """F33: choose the opponent to steal from (``StealFrom``)."""
    GIVE_BACK = "give_back"
    """F33: give one card back to the robbed opponent (``GiveBack``)."""
    MOVE_NOAH = "move_noah"
    """F14: move Noah (``MoveNoah``)."""
    GIVE = "give"
    """F17: give departure bonus cards (``GiveCard``) or stop (``EndGiving``)."""
    OVER = "over"
    """The game is over (F25, V1)."""

    # Members are singletons compared by identity; the identity hash is much faster than
    # Enum's name hash, and phases key the engine's dispatch table.
    __hash__ = object.__hash__


@frozen(cache_hash=True, weakref_slot=False, repr=False)
class Table:
    """What every seat sees of a ferry game (F26): the docks, the centre, Noah, the scores and
    the turn in progress. States and views hold the same table.

    The fields from ``played`` on describe the turn in progress.
    """

    rules: Rules
    players: int
    round: int
    """1-based; stays at the last round once the game is over."""
    first_player: int
    """The seat that started this round (F9, F24)."""
    seat: int
    """The seat whose turn it is (it makes every pending decision)."""
    phase: Phase
    docks: tuple[Ferry | None, ...]
    """One entry per dock; ``None`` while a departed ferry awaits its replacement (F18)."""
    centre: tuple[FerryCard, ...]
    """Waiting ferries, in the order they will come (public, F5)."""
    noah: int
    """The dock Noah stands at."""
    penalties: tuple[int, ...]
    departures: int
    """Departures this round, counting the one whose bonus is being given."""
    departed: tuple[Card, ...]
    """Cards that left on departed ferries this round."""
    removed: tuple[Card, ...]
    """Cards removed by player-count mark (F4)."""
    played: Boarded | None = None
    """The animal played this turn, as played."""
    dock: int = 0
    """The dock where this turn's animal was played."""
    pair: bool = False
    """This turn's play made a pair: an extra turn follows (F15)."""
    gifts: int = 0
    """Bonus cards the player may still give (F17)."""
    victim: int | None = None
    """The opponent robbed by a lion, awaiting a card back (F33)."""
    escapee: Card | None = None
    """The animal that escaped a crocodile, awaiting its receiver (V3, F28)."""

    @property
    def ferry(self) -> Ferry | None:
        """The ferry at Noah's dock."""
        return self.docks[self.noah]

    def summary(self) -> str:
        """The position in one line: round, who is to do what, penalties."""
        return f"round {self.round}, {self.doing()}, penalties {self.penalties}"

    def doing(self) -> str:
        """Who is to do what: ``"seat 1 to move noah"``, or ``"game over"``."""
        if self.phase is Phase.OVER:
            return "game over"
        return f"seat {self.seat} to {self.phase.value.replace('_', ' ')}"

    def __repr__(self) -> str:
        return f"<ferry.Table {self.summary()}>"

    def public_cards(self) -> Iterator[Card]:
        """Every card whose place everyone knows (F26, F28): removed by mark, aboard a docked
        ferry, departed this round, or in transit as a crocodile's escapee."""
        yield from self.removed
        for ferry in self.docks:
            if ferry is not None:
                for animal in ferry.animals:
                    yield animal.card
        yield from self.departed
        if self.escapee is not None:
            yield self.escapee


class PublicFields(Shown):
    """The public table's fields, readable on a state or a view itself (``state.docks`` is
    ``state.table.docks``)."""

    __slots__ = ()
    table: Table
    rules = Part[Rules]("table")
    players = Part[int]("table")
    round = Part[int]("table")
    first_player = Part[int]("table")
    phase = Part[Phase]("table")
    docks = Part[tuple[Ferry | None, ...]]("table")
    centre = Part[tuple[FerryCard, ...]]("table")
    noah = Part[int]("table")
    penalties = Part[tuple[int, ...]]("table")
    departures = Part[int]("table")
    departed = Part[tuple[Card, ...]]("table")
    removed = Part[tuple[Card, ...]]("table")
    played = Part[Boarded | None]("table")
    dock = Part[int]("table")
    pair = Part[bool]("table")
    gifts = Part[int]("table")
    victim = Part[int | None]("table")
    escapee = Part[Card | None]("table")
    ferry = Part[Ferry | None]("table")


@frozen(cache_hash=True, weakref_slot=False, repr=False)
class State(PublicFields, KeepsMoves):
    """A position of the ferry game: the public :class:`Table` and what is hidden. Never
    changed: :func:`~noahrules.ferry.apply` returns a new one.

    The table's fields read through: ``state.docks`` is ``state.table.docks``.
    """

    table: Table
    hands: tuple[tuple[Card, ...], ...]
    """Per seat, kept in the order of the rules data."""
    deck: tuple[Card, ...]
    """Cards unused this round (F8), in hidden shuffled order."""
    rng: Rng
    secrets: tuple[Event, ...] = ()
    """This round's events with a secret (looks, steals, gifts): what each seat was shown."""
    knowledge: Known = ()
    """What each seat knows of the others' hands this round, ``known[observer][holder]``
    (:mod:`noahrules.ferry.knowledge`); ``()`` while nobody knows anything."""

    seat = Part[int]("table")

    def __repr__(self) -> str:
        return f"<ferry.State {self.table.summary()}>"

    def card_places(self) -> Iterator[Card]:
        """Every card once per place it occupies (F28): the public ones, the hands and the
        deck."""
        yield from self.table.public_cards()
        for hand in self.hands:
            yield from hand
        yield from self.deck


_make_ferry = maker(Ferry)
make_table = maker(Table)
"""``Table(...)`` with every field given positionally, built fast (see noahrules.values)."""
make_state = maker(State)
"""``State(...)`` with every field given positionally, built fast."""
