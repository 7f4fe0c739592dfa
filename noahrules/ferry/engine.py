"""The ferry game's turn: :func:`legal_moves` and :func:`apply`.

Each pending decision (:class:`~noahrules.ferry.state.Phase`) has its handlers in one table,
``_PHASES`` (:class:`~noahrules.phases.PhaseHandlers`): the function listing its options, which
:func:`legal_moves` returns; ``_verify_x``, which judges any other move and names the rule it
breaks (against the same options but for a play, which F10-F13 explain); and ``_x``, which plays
the move. A move that is one of the legal moves the state keeps is taken at once. The order of
:func:`legal_moves` is stable:

- ``PlayAnimal`` in hand order (the order of the rules data), each card's ways in
  :attr:`Rules.ways` order; ``TakeAnimals`` alone when no card fits (F13);
- ``MoveNoah``, ``LookAtHand``, ``StealFrom``, ``SendEscapee`` in ascending dock or seat order;
- ``GiveCard`` by card in hand order, then by receiving seat; ``EndGiving`` last;
- ``GiveBack`` in hand order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from noahrules.errors import IllegalMoveError, excerpt
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
)
from noahrules.ferry.knowledge import Known, forget, learn
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
from noahrules.ferry.ruleset import Boarded, Card
from noahrules.ferry.setup import end_round
from noahrules.ferry.state import Ferry, Phase, State
from noahrules.phases import PhaseHandlers
from noahrules.values import (
    draft_type,
    field_type_problem,
    is_listed,
    keeping_moves,
    replaced,
    without,
)

if TYPE_CHECKING:
    from noahrules.ferry.ruleset import FerryCard, Rules
    from noahrules.rng import Rng

__all__ = ["apply", "current_player", "is_over", "legal_moves", "plays", "step"]

TAKE_ANIMALS = TakeAnimals()
END_GIVING = EndGiving()


class _Turn:
    """The engine's mutable working copy of a state during one ``apply``: a turn runs through
    several steps, and one frozen state is built at the end (:meth:`freeze`), not one per
    step. Its fields are generated from :class:`Table` and :class:`State`."""

    if TYPE_CHECKING:  # what draft_type generates, for the type checker (checked by a test)
        rules: Rules
        players: int
        round: int
        first_player: int
        seat: int
        phase: Phase
        docks: tuple[Ferry | None, ...]
        centre: tuple[FerryCard, ...]
        noah: int
        penalties: tuple[int, ...]
        departures: int
        departed: tuple[Card, ...]
        removed: tuple[Card, ...]
        played: Boarded | None
        dock: int
        pair: bool
        gifts: int
        victim: int | None
        escapee: Card | None
        hands: tuple[tuple[Card, ...], ...]
        deck: tuple[Card, ...]
        rng: Rng
        secrets: tuple[Event, ...]
        knowledge: Known
        events: list[Event] | None
        """Where the events of this move go, or ``None`` when nobody asked for them."""

        def __init__(self, state: State, events: list[Event] | None) -> None: ...

        def freeze(self) -> State:
            """The state this draft describes."""

    else:
        __slots__ = ()

    def log(self, event: Callable[..., Event], *args: object) -> None:
        """Record the event ``event(*args)`` if events are wanted (built only then)."""
        if self.events is not None:
            self.events.append(event(*args))

    def tell(self, secret: Event) -> None:
        """Record an event with a secret: it is kept in the state for the views (F26)."""
        self.secrets = (*self.secrets, secret)
        if self.events is not None:
            self.events.append(secret)


Draft: type[_Turn] = draft_type(State, "table", ("events",), base=_Turn)


def current_player(state: State) -> int | None:
    """The seat to act, or ``None`` once the game is over."""
    table = state.table
    return None if table.phase is Phase.OVER else table.seat


def is_over(state: State) -> bool:
    """Whether the game has ended (F25, V1)."""
    return state.table.phase is Phase.OVER


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in ``state``, in the stable order given in the module docstring.

    Empty exactly when the game is over.
    """
    return _PHASES[state.table.phase].moves(state)


def apply(state: State, move: Move) -> State:
    """The state after ``move``. ``state`` is never changed.

    Raises :class:`~noahrules.errors.IllegalMoveError`, naming the rule, for any move that is not
    in ``legal_moves(state)``.
    """
    return _apply(state, move, None)


def step(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`apply`, and also the events the move caused, in order (whole: filter them
    with :func:`noahrules.events.events_for` before showing them to a seat)."""
    events: list[Event] = []
    after = _apply(state, move, events)
    return after, tuple(events)


def _apply(state: State, move: Move, events: list[Event] | None) -> State:
    phase = _PHASES[state.table.phase]
    if not is_listed(state, move):
        phase.verify(state, move)
    return phase.apply(state, move, events)


def _verify_answer(state: State, move: Move, answers: tuple[type[Move], ...], rule: str) -> None:
    """Raise the error of ``rule`` unless ``move`` is a well-formed move of one of the classes
    that ``answers`` the pending decision."""
    if not isinstance(move, answers):
        wanted = " or ".join(cls.__name__ for cls in answers) or "no move"
        raise IllegalMoveError(
            rule,
            f"the pending decision is {state.table.phase.value}, answered by {wanted}, "
            f"not {excerpt(move)}",
        )
    problem = field_type_problem(move)
    if problem is not None:
        raise IllegalMoveError(rule, problem)


def _verify_among(
    state: State,
    move: Move,
    answers: tuple[type[Move], ...],
    options: Callable[[State], tuple[Move, ...]],
    rule: str,
    asks: str,
) -> None:
    """Raise the error of ``rule`` unless ``move`` is one of the ``options`` of ``state`` (moves
    of the classes that ``answers`` the pending decision); ``asks`` says what the rule asks."""
    _verify_answer(state, move, answers, rule)
    if move not in options(state):
        raise IllegalMoveError(rule, f"{excerpt(move)} is not allowed here ({asks})")


# --- placement: F10, F11, V2, V4 on the ferry as the card finds it (V3) --------------------------


def plays(
    ferry: Ferry, hand: Iterable[Card], ways: Mapping[str, Sequence[tuple[Boarded, PlayAnimal]]]
) -> list[PlayAnimal]:
    """The plays of the cards of ``hand`` (``Rules.ways``) that may board ``ferry`` (F12), in
    hand order."""
    found: list[PlayAnimal] = []
    for card in hand:
        fault = ferry.boarding(card).fault
        for animal, move in ways[card.id]:
            if fault(animal) is None:
                found.append(move)
    return found


def _plays(state: State) -> list[PlayAnimal]:
    table = state.table
    ferry = table.docks[table.noah]
    assert ferry is not None, "Noah always stands at a ferry when a card is to be played"
    return plays(ferry, state.hands[table.seat], table.rules.ways)


# --- PLAY: F12, F13, F15, V3 ---------------------------------------------------------------------


@keeping_moves
def _play_options(state: State) -> tuple[Move, ...]:
    plays = _plays(state)
    return tuple(plays) if plays else (TAKE_ANIMALS,)


def _verify_play(state: State, move: Move) -> None:
    """F12: play a card of your hand that may board the ferry at Noah; F13: take the animals
    aboard only when none may."""
    _verify_answer(state, move, (PlayAnimal, TakeAnimals), "F12")
    if isinstance(move, TakeAnimals):
        if _plays(state):
            raise IllegalMoveError("F13", "a card can be played, so the animals cannot be taken")
        return
    assert isinstance(move, PlayAnimal)
    table = state.table
    card = table.rules.card.get(move.card)
    if card is None:
        raise IllegalMoveError("F12", f"there is no card {excerpt(move.card)} in this game")
    for held in state.hands[table.seat]:
        if held is card:
            break
    else:
        raise IllegalMoveError("F12", f"{card.id} is not in seat {table.seat}'s hand")
    _verify_boarding(state, move, card)


def _verify_boarding(state: State, move: PlayAnimal, card: Card) -> None:
    """F29, V2, F12: ``move`` is a way to play ``card``; F10, F11, V4, V2: the animal may board
    the ferry at Noah (after any escape, V3)."""
    table = state.table
    animal = table.rules.animal_of.get(move)
    if animal is None:
        rule = (
            "F29" if card.abilities.choose_gender else "V2" if card.abilities.wild_weight else "F12"
        )
        listed = ", ".join(repr(m) for _, m in table.rules.ways[card.id])
        raise IllegalMoveError(
            rule, f"{excerpt(move)} is not a way to play {card.id}; ways: {listed}"
        )
    ferry = table.docks[table.noah]
    assert ferry is not None
    boarding = ferry.boarding(card)
    fault = boarding.fault(animal)
    if fault is not None:
        raise boarding.explain(fault, animal)


def _play(state: State, move: PlayAnimal | TakeAnimals, events: list[Event] | None) -> State:
    if isinstance(move, TakeAnimals):
        return _take_animals(state, events)
    table = state.table
    ferry = table.docks[table.noah]
    assert ferry is not None
    return _board(Draft(state, events), ferry, table.rules.animal_of[move])


def _take_animals(state: State, events: list[Event] | None) -> State:
    d = Draft(state, events)
    ferry = d.docks[d.noah]
    assert ferry is not None
    taken = tuple(a.card for a in ferry.animals)
    d.docks = replaced(d.docks, d.noah, Ferry.of(ferry.card))
    _receive(d, d.seat, *taken, seen_by=_EVERYONE)  # F26: public
    d.log(AnimalsTaken, d.seat, d.noah, taken)
    return d.freeze()


def _board(d: _Turn, ferry: Ferry, animal: Boarded) -> State:
    card = animal.card
    aboard = ferry.animals
    # F15: a pair compares with the animal last aboard before this one (even one that escapes, V3).
    d.pair = bool(aboard) and aboard[-1].card.species == card.species
    d.log(CardPlayed, d.seat, animal, d.noah, d.pair)
    escaped = ferry.escapee(card)  # V3
    if escaped is not None:
        d.escapee = escaped.card
        d.log(AnimalEscaped, d.escapee, d.noah)
    reduce = card.abilities.reduce_penalty
    if reduce:
        d.penalties = replaced(d.penalties, d.seat, max(0, d.penalties[d.seat] - reduce))
        d.log(PenaltyReduced, d.seat, d.penalties[d.seat])
    d.docks = replaced(d.docks, d.noah, ferry.after(animal, d.rules.pattern_set_by_second_animal))
    _hand_over(d, d.seat, card, seen_by=_EVERYONE)
    d.played = animal
    d.dock = d.noah
    return _resume(d, Phase.PLAY)


# --- the played card's abilities, then Noah: V3, F32, F33, F14 -----------------------------------


def _resume(d: _Turn, after: Phase) -> State:
    """Go on with the turn at the first step after ``after`` that asks for a decision (F20)."""
    assert d.played is not None
    abilities = d.played.card.abilities
    done = _STEP_RANK[after]
    if done < 1 and d.escapee is not None:
        d.phase = Phase.SEND_ESCAPEE
    elif done < 2 and abilities.look_at_hand:
        d.phase = Phase.LOOK
    elif done < 3 and abilities.steal_and_return and _anyone_to_rob(d):
        d.phase = Phase.STEAL
    elif done < 4 and not abilities.noah_stays:
        d.phase = Phase.MOVE_NOAH
    else:
        return _depart(d)
    return d.freeze()


_STEP_RANK = {Phase.PLAY: 0, Phase.SEND_ESCAPEE: 1, Phase.LOOK: 2, Phase.STEAL: 3}
"""The steps of a turn up to Noah's move, in order (F20)."""


def _opponents(state: State) -> tuple[int, ...]:
    table = state.table
    return tuple(s for s in range(table.players) if s != table.seat)


def _anyone_to_rob(d: _Turn) -> bool:
    return any(hand for seat, hand in enumerate(d.hands) if seat != d.seat)


@keeping_moves
def _send_escapee_options(state: State) -> tuple[Move, ...]:
    send = state.table.rules.moves.send
    return tuple(send[s] for s in _opponents(state))


def _verify_send_escapee(state: State, move: Move) -> None:
    """V3: the escapee goes to an opponent."""
    asks = "the escapee goes to an opponent"
    _verify_among(state, move, (SendEscapee,), _send_escapee_options, "V3", asks)


def _send_escapee(state: State, move: SendEscapee, events: list[Event] | None) -> State:
    assert state.escapee is not None
    d = Draft(state, events)
    _receive(d, move.seat, state.escapee, seen_by=_EVERYONE)  # F26: public
    d.log(EscapeeSent, move.seat, state.escapee)
    d.escapee = None
    return _resume(d, Phase.SEND_ESCAPEE)


@keeping_moves
def _look_options(state: State) -> tuple[Move, ...]:
    look = state.table.rules.moves.look
    return tuple(look[s] for s in _opponents(state))


def _verify_look(state: State, move: Move) -> None:
    """F32: look at an opponent's hand."""
    _verify_among(state, move, (LookAtHand,), _look_options, "F32", "look at an opponent's hand")


def _look(state: State, move: LookAtHand, events: list[Event] | None) -> State:
    d = Draft(state, events)
    hand = state.hands[move.seat]
    d.knowledge = learn(d.knowledge, d.players, (d.seat,), move.seat, hand, d.rules.order)
    d.tell(HandLookedAt(d.seat, move.seat, hand))
    return _resume(d, Phase.LOOK)


@keeping_moves
def _steal_options(state: State) -> tuple[Move, ...]:
    steal = state.table.rules.moves.steal
    return tuple(steal[s] for s in _opponents(state) if state.hands[s])


def _verify_steal(state: State, move: Move) -> None:
    """F33: steal from an opponent holding a card."""
    asks = "steal from an opponent holding a card"
    _verify_among(state, move, (StealFrom,), _steal_options, "F33", asks)


def _steal(state: State, move: StealFrom, events: list[Event] | None) -> State:
    d = Draft(state, events)
    index, d.rng = state.rng.below(len(state.hands[move.seat]))
    _pass(d, move.seat, d.seat, state.hands[move.seat][index], CardStolen)
    d.victim = move.seat
    d.phase = Phase.GIVE_BACK
    return d.freeze()


@keeping_moves
def _give_back_options(state: State) -> tuple[Move, ...]:
    give_back = state.table.rules.moves.give_back
    return tuple(give_back[c.id] for c in state.hands[state.seat])


def _verify_give_back(state: State, move: Move) -> None:
    """F33: give back a card of your hand to the seat robbed."""
    asks = "give back a card from your hand"
    _verify_among(state, move, (GiveBack,), _give_back_options, "F33", asks)


def _give_back(state: State, move: GiveBack, events: list[Event] | None) -> State:
    assert state.victim is not None
    d = Draft(state, events)
    _pass(d, d.seat, state.victim, state.rules.card[move.card], CardGivenBack)
    d.victim = None
    return _resume(d, Phase.STEAL)


@keeping_moves
def _move_noah_options(state: State) -> tuple[Move, ...]:
    # F14: female -> an adjacent dock; male -> a non-adjacent one (the gender as played, F29).
    table = state.table
    assert table.played is not None
    return table.rules.noah_moves[table.played.gender, table.noah]


def _verify_move_noah(state: State, move: Move) -> None:
    """F14: Noah moves as the gender of the card played says."""
    asks = "female: an adjacent dock; male: a non-adjacent one"
    _verify_among(state, move, (MoveNoah,), _move_noah_options, "F14", asks)


def _move_noah(state: State, move: MoveNoah, events: list[Event] | None) -> State:
    d = Draft(state, events)
    d.noah = move.dock
    d.log(NoahMoved, move.dock)
    return _depart(d)


# --- departure, bonus, replacement, end of turn: F16-F21 -----------------------------------------


def _depart(d: _Turn) -> State:
    ferry = d.docks[d.dock]
    assert ferry is not None
    if ferry.load != ferry.capacity:
        return _finish_turn(d)
    d.docks = replaced(d.docks, d.dock, None)
    d.departed = d.departed + tuple(a.card for a in ferry.animals)
    d.departures += 1
    d.log(FerryDeparted, d.dock, ferry.card, tuple(a.card for a in ferry.animals), d.departures)
    d.gifts = d.rules.departure_gifts[d.departures - 1]
    if d.gifts and d.hands[d.seat]:
        d.phase = Phase.GIVE
        return d.freeze()
    return _finish_turn(d)


@keeping_moves
def _give_options(state: State) -> tuple[Move, ...]:
    opponents = _opponents(state)
    give = state.table.rules.moves.give
    gives = [give[c.id][s] for c in state.hands[state.table.seat] for s in opponents]
    return (*gives, END_GIVING)


def _verify_give(state: State, move: Move) -> None:
    """F17: after a departure, give cards of your hand to opponents, or stop giving."""
    asks = "give a card from your hand to an opponent"
    _verify_among(state, move, (GiveCard, EndGiving), _give_options, "F17", asks)


def _give(state: State, move: GiveCard | EndGiving, events: list[Event] | None) -> State:
    d = Draft(state, events)
    if isinstance(move, EndGiving):
        return _finish_turn(d)
    _pass(d, d.seat, move.to, state.rules.card[move.card], CardGiven)
    d.gifts -= 1
    if d.gifts and d.hands[d.seat]:
        return d.freeze()
    return _finish_turn(d)


def _finish_turn(d: _Turn) -> State:
    round_over = False
    if d.docks[d.dock] is None:
        if d.centre:  # F18
            d.docks = replaced(d.docks, d.dock, Ferry.of(d.centre[0]))
            d.log(FerryArrived, d.dock, d.centre[0])
            d.centre = d.centre[1:]
        else:  # F21
            round_over = True
    d.phase = Phase.PLAY
    d.played = None
    d.dock = 0
    d.gifts = 0
    if round_over or not all(d.hands):  # F20: a pending extra turn is lost
        return end_round(d.freeze(), d.events)
    if not d.pair:  # F15, F19
        d.seat = (d.seat + 1) % d.players
    d.pair = False
    return d.freeze()


def _over_options(state: State) -> tuple[Move, ...]:
    return ()


def _verify_over(state: State, move: Move) -> None:
    """F25: once the game is over, no move is played."""
    _verify_answer(state, move, (), "F25")


def _no_move(state: State, move: Move, events: list[Event] | None) -> State:
    raise AssertionError("unreachable: no move class is expected once the game is over")


# --- helpers -------------------------------------------------------------------------------------


_EVERYONE = None
"""A card moved in sight of every seat (F26)."""


def _hand_over(d: _Turn, seat: int, card: Card, seen_by: tuple[int, ...] | None) -> None:
    """Take ``card`` out of the hand of ``seat``, in sight of ``seen_by`` (or everyone): who
    saw it forgets only that card of the hand, the others all they knew of it."""
    d.hands = replaced(d.hands, seat, without(d.hands[seat], card))
    d.knowledge = forget(d.knowledge, d.players, seat, card, seen_by or ())


def _receive(d: _Turn, seat: int, *cards: Card, seen_by: tuple[int, ...] | None) -> None:
    """Put ``cards`` into the hand of ``seat``, keeping the hand in rules-data order; ``seen_by``
    (or everyone) now know they are there."""
    order = d.rules.order
    hand = sorted((*d.hands[seat], *cards), key=lambda c: order[c.id])
    d.hands = replaced(d.hands, seat, tuple(hand))
    observers = range(d.players) if seen_by is None else seen_by
    d.knowledge = learn(d.knowledge, d.players, observers, seat, cards, order)


def _pass(
    d: _Turn, giver: int, receiver: int, card: Card, secret: Callable[[int, int, Card], Event]
) -> None:
    """``card`` passes from ``giver`` to ``receiver``, who alone see which (F26, F17, F33)."""
    insiders = (giver, receiver)
    _hand_over(d, giver, card, seen_by=insiders)
    _receive(d, receiver, card, seen_by=insiders)
    d.tell(secret(giver, receiver, card))


_PHASES: dict[Phase, PhaseHandlers[State, Move]] = {
    Phase.PLAY: PhaseHandlers(moves=_play_options, verify=_verify_play, apply=_play),
    Phase.SEND_ESCAPEE: PhaseHandlers(
        moves=_send_escapee_options, verify=_verify_send_escapee, apply=_send_escapee
    ),
    Phase.LOOK: PhaseHandlers(moves=_look_options, verify=_verify_look, apply=_look),
    Phase.STEAL: PhaseHandlers(moves=_steal_options, verify=_verify_steal, apply=_steal),
    Phase.GIVE_BACK: PhaseHandlers(
        moves=_give_back_options, verify=_verify_give_back, apply=_give_back
    ),
    Phase.MOVE_NOAH: PhaseHandlers(
        moves=_move_noah_options, verify=_verify_move_noah, apply=_move_noah
    ),
    Phase.GIVE: PhaseHandlers(moves=_give_options, verify=_verify_give, apply=_give),
    Phase.OVER: PhaseHandlers(moves=_over_options, verify=_verify_over, apply=_no_move),
}
"""Per pending decision: its legal moves, the judge of any other move, and the move's effect
(see :mod:`noahrules.phases`)."""
