"""Climb's moves, events, states, views and pure rules functions (C1-C11, see the package).

States, views, moves and events are frozen attrs classes: values that never change, compare and
hash by value, and serialize field by field. All chance comes from the seed given to
:func:`new_game`: the deck is shuffled once, and its hidden order decides every draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from attrs import field, frozen

from climb.rules import Rules
from noahrules import Event, IllegalMoveError, SerializationError
from noahrules.game import Statistics, check_seat, check_seating
from noahrules.rng import Rng

__all__ = [
    "Draw",
    "Drew",
    "Move",
    "Pass",
    "Play",
    "Played",
    "State",
    "Table",
    "View",
    "apply",
    "check_state",
    "current_player",
    "determinize",
    "is_over",
    "legal_moves",
    "new_game",
    "scores",
    "statistics",
    "step",
    "view",
    "winners",
]


@frozen
class Move:
    """The base class of Climb's moves."""


@frozen
class Play(Move):
    """C4, C6: play a card of ``animal`` from hand onto the gangway."""

    animal: str


@frozen
class Draw(Move):
    """C4, C5: draw the top card of the draw pile."""


@frozen
class Pass(Move):
    """C9: the player can neither play nor draw."""


@frozen
class Played(Event):
    """C7: ``seat`` played a card of ``animal`` and scored ``points`` (0: the gangway was
    cleared)."""

    seat: int
    animal: str
    points: int


@frozen
class Drew(Event):
    """C4: ``seat`` drew a card; only that seat sees which (C3), the other sees ``None``."""

    SECRET = ("animal",)

    seat: int
    animal: str | None

    @property
    def insiders(self) -> tuple[int, ...]:
        """The seat that drew."""
        return (self.seat,)


@frozen
class Table:
    """What both players see (C3): a state and its views share it."""

    rules: Rules
    players: int
    seat: int
    """The seat to act."""
    gangway: tuple[str, ...]
    """The cards played and not cleared, bottom first (C7)."""
    cleared: tuple[str, ...]
    """The cards out of the game, face up, in order (C7)."""
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    to_draw: int
    over: bool


class OnTable:
    """What a state and a view read from their table."""

    __slots__ = ()
    table: Table

    @property
    def rules(self) -> Rules:
        """The rules played."""
        return self.table.rules

    @property
    def players(self) -> int:
        """How many seats play: two."""
        return self.table.players


@frozen
class State(OnTable):
    """A position: the public table, both hands and the draw pile's hidden order."""

    table: Table
    hands: tuple[tuple[str, ...], ...]
    """Per seat, its hand sorted by height, then by animal."""
    deck: tuple[str, ...]
    """The draw pile, top first (hidden, C3)."""


@frozen
class View(OnTable):
    """What one seat may know (C3): the table, its own hand, and its legal moves when it is to
    act."""

    table: Table
    seat: int
    hand: tuple[str, ...]
    legal_moves: tuple[Move, ...] = field(factory=tuple)


def new_game(rules: Rules, players: int, seed: int = 0, first_player: int = 0) -> State:
    """C2: shuffle the deck (from ``seed``), deal the hands; ``first_player`` starts."""
    check_seating(players, first_player, rules.min_players, rules.max_players, "C1, C2", seed)
    deck, _ = Rng.from_seed(seed).shuffled(rules.deck)
    size = rules.hand_size
    hands = tuple(_sorted(rules, deck[seat * size : (seat + 1) * size]) for seat in range(2))
    rest = deck[2 * size :]
    table = Table(rules, players, first_player, (), (), (0, 0), (size, size), len(rest), False)
    return State(table, hands, rest)


def _sorted(rules: Rules, cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=lambda animal: (rules.height[animal], animal)))


def legal_moves(state: State) -> tuple[Move, ...]:
    """C4-C6, C9: a play per animal in hand (shortest first), then the draw; ``Pass()`` alone
    when neither is possible; nothing once the game is over (C10)."""
    table = state.table
    if table.over:
        return ()
    hand = state.hands[table.seat]
    moves: list[Move] = [Play(animal) for animal in dict.fromkeys(hand)]
    if state.deck and len(hand) < table.rules.hand_limit:
        moves.append(Draw())
    return tuple(moves) or (Pass(),)


def step(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """The next state and the events the move caused; :class:`IllegalMoveError` naming the
    rule for any move not in ``legal_moves(state)``, and the state unchanged."""
    if move not in legal_moves(state):
        rule = "C10" if state.table.over else "C5" if isinstance(move, Draw) else "C6, C9"
        raise IllegalMoveError(rule, f"{move!r} is not allowed here")
    table, hands, deck = state.table, list(state.hands), state.deck
    rules, seat = table.rules, table.seat
    gangway, cleared, points = table.gangway, table.cleared, list(table.scores)
    events: tuple[Event, ...] = ()  # C9: a pass changes nothing but the seat to act
    if isinstance(move, Play):
        hand = list(hands[seat])
        hand.remove(move.animal)
        hands[seat] = tuple(hand)
        taller = not gangway or rules.height[move.animal] > rules.height[gangway[-1]]
        scored = rules.height[move.animal] if taller else 0
        points[seat] += scored
        if taller:
            gangway = (*gangway, move.animal)
        else:
            gangway, cleared = (), (*cleared, *gangway, move.animal)
        events = (Played(seat, move.animal, scored),)
    elif isinstance(move, Draw):
        hands[seat] = _sorted(rules, (*hands[seat], deck[0]))
        events, deck = (Drew(seat, deck[0]),), deck[1:]
    over = not deck and not any(hands)  # C10
    sizes = tuple(map(len, hands))
    after = Table(rules, 2, 1 - seat, gangway, cleared, tuple(points), sizes, len(deck), over)
    return State(after, tuple(hands), deck), events  # C8: the other seat acts next


def apply(state: State, move: Move) -> State:
    """The next state (:func:`step` without the events)."""
    return step(state, move)[0]


def current_player(state: State) -> int | None:
    """The seat to act, ``None`` once the game is over."""
    return None if state.table.over else state.table.seat


def is_over(state: State) -> bool:
    """C10."""
    return state.table.over


def scores(state: State) -> tuple[int, ...]:
    """The points of each seat so far (C7)."""
    return state.table.scores


def winners(state: State) -> tuple[int, ...]:
    """C11: the seats with the highest score once the game is over, ``()`` before."""
    if not state.table.over:
        return ()
    best = max(state.table.scores)
    return tuple(seat for seat, points in enumerate(state.table.scores) if points == best)


def view(state: State, seat: int) -> View:
    """What ``seat`` may know (C3): never the other hand nor the draw pile's order."""
    check_seat(seat, state.table.players)
    mine = current_player(state) == seat
    return View(state.table, seat, state.hands[seat], legal_moves(state) if mine else ())


def determinize(seen: View, rng: Rng) -> State:
    """A state ``seen`` could be a view of: the cards it does not show dealt at random to the
    other hand and the draw pile."""
    table = seen.table
    shown = Counter(seen.hand) + Counter(table.gangway) + Counter(table.cleared)
    unseen = sorted((Counter(table.rules.deck) - shown).elements())
    other = 1 - seen.seat
    size = table.hand_sizes[other]
    if len(unseen) != size + table.to_draw:
        raise ValueError("the view's card counts do not add up")
    dealt, _ = rng.shuffled(unseen)
    hands = [seen.hand, seen.hand]
    hands[other] = _sorted(table.rules, dealt[:size])
    return State(table, tuple(hands), tuple(dealt[size:]))


def check_state(state: State) -> None:
    """Raise :class:`SerializationError` unless a state read from outside is possible: every
    card of the deck in one place, the counts as the table shows them, a seat of the two."""
    table = state.table
    places = Counter(table.gangway) + Counter(table.cleared) + Counter(state.deck)
    for hand in state.hands:
        places.update(hand)
    if places != Counter(table.rules.deck):
        raise SerializationError("not a possible climb state: the cards do not add up (C1)")
    if (
        table.players != 2
        or table.seat not in (0, 1)
        or len(state.hands) != 2
        or tuple(map(len, state.hands)) != table.hand_sizes
        or len(state.deck) != table.to_draw
        or len(table.scores) != 2
        or min(table.scores) < 0
    ):
        raise SerializationError("not a possible climb state: seats or counts (C2, C3)")


def statistics(events: Sequence[Event], state: State) -> Statistics:
    """What a simulation report adds for Climb: how often the gangway was cleared (C7), and
    the plays of each animal."""
    plays = [event for event in events if isinstance(event, Played)]
    tally = Counter(event.animal for event in plays)
    cleared = sum(1 for event in plays if event.points == 0)
    return {"gangways cleared": cleared}, {"plays per animal": dict(sorted(tally.items()))}
