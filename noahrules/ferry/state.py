"""The ferry game's state: an immutable value (DESIGN principle 1)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

from attrs import field, frozen

from noahrules.events import Event
from noahrules.ferry.cards import Boarded, Card, FerryCard, Rules
from noahrules.rng import Rng

__all__ = ["Ferry", "Phase", "State", "capacity"]


@frozen(cache_hash=True)
class Ferry:
    """A ferry on a dock and its animals in boarding order (the setup card first, F7a).

    ``load`` and ``capacity`` are derived from the animals aboard when the value is made; they
    are not arguments and take no part in comparisons.
    """

    card: FerryCard
    animals: tuple[Boarded, ...] = ()
    load: int = field(init=False, eq=False, repr=False)
    """Total weight aboard (F11)."""
    capacity: int = field(init=False, eq=False, repr=False)
    """The ferry card's capacity, lowered by any ``capacity_limit`` aboard (F11, F30)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "load", sum(a.weight for a in self.animals))
        object.__setattr__(self, "capacity", capacity(self.card, self.animals))


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


@frozen(cache_hash=True)
class State:
    """A position of the ferry game. Never changed: :func:`~noahrules.ferry.apply` returns a
    new one.

    The fields below ``rng`` describe the turn in progress.
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
    hands: tuple[tuple[Card, ...], ...]
    """Per seat, kept in the order of the rules data."""
    penalties: tuple[int, ...]
    departures: int
    """Departures this round, counting the one whose bonus is being given."""
    departed: tuple[Card, ...]
    """Cards that left on departed ferries this round."""
    deck: tuple[Card, ...]
    """Cards unused this round (F8), in hidden shuffled order."""
    removed: tuple[Card, ...]
    """Cards removed by player-count mark (F4)."""
    rng: Rng
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
    secrets: tuple[Event, ...] = ()
    """This round's events with a secret (looks, steals, gifts): what each seat was shown."""

    @property
    def ferry(self) -> Ferry | None:
        """The ferry at Noah's dock."""
        return self.docks[self.noah]


class Draft:
    """A mutable copy of a :class:`State`, used inside one ``apply`` and frozen once at its end.

    A turn runs through several steps; building one frozen state at the end instead of one per
    step keeps ``apply`` fast. Internal to the engine.
    """

    __slots__ = (
        "centre",
        "deck",
        "departed",
        "departures",
        "dock",
        "docks",
        "escapee",
        "events",
        "first_player",
        "gifts",
        "hands",
        "noah",
        "pair",
        "penalties",
        "phase",
        "played",
        "players",
        "removed",
        "rng",
        "round",
        "rules",
        "seat",
        "secrets",
        "victim",
    )

    def __init__(self, s: State, events: list[Event] | None) -> None:
        self.rules = s.rules
        self.players = s.players
        self.round = s.round
        self.first_player = s.first_player
        self.seat = s.seat
        self.phase = s.phase
        self.docks = s.docks
        self.centre = s.centre
        self.noah = s.noah
        self.hands = s.hands
        self.penalties = s.penalties
        self.departures = s.departures
        self.departed = s.departed
        self.deck = s.deck
        self.removed = s.removed
        self.rng = s.rng
        self.played = s.played
        self.dock = s.dock
        self.pair = s.pair
        self.gifts = s.gifts
        self.victim = s.victim
        self.escapee = s.escapee
        self.secrets = s.secrets
        self.events = events
        """Where the events of this move go, or ``None`` when nobody asked for them."""

    def log(self, event: Callable[..., Event], *args: Any) -> None:
        """Record the event ``event(*args)`` if events are wanted (built only then)."""
        if self.events is not None:
            self.events.append(event(*args))

    def tell(self, secret: Event) -> None:
        """Record an event with a secret: it is kept in the state for the views (F26)."""
        self.secrets = (*self.secrets, secret)
        if self.events is not None:
            self.events.append(secret)

    def freeze(self) -> State:
        """The state this draft describes."""
        return State(
            self.rules,
            self.players,
            self.round,
            self.first_player,
            self.seat,
            self.phase,
            self.docks,
            self.centre,
            self.noah,
            self.hands,
            self.penalties,
            self.departures,
            self.departed,
            self.deck,
            self.removed,
            self.rng,
            self.played,
            self.dock,
            self.pair,
            self.gifts,
            self.victim,
            self.escapee,
            self.secrets,
        )
