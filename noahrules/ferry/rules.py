"""The ferry game's turn: :func:`legal_moves` and :func:`apply`.

Each pending decision (:class:`~noahrules.ferry.state.Phase`) has one function listing its options;
:func:`legal_moves` returns them and :func:`apply` checks a move against the same function, so the
two can never disagree. The order of :func:`legal_moves` is stable:

- ``PlayAnimal`` in hand order (the order of the rules data), each card's ways in
  :attr:`Rules.ways` order; ``TakeAnimals`` alone when no card fits (F13);
- ``MoveNoah``, ``LookAtHand``, ``StealFrom``, ``SendEscapee`` in ascending dock or seat order;
- ``GiveCard`` by card in hand order, then by receiving seat; ``EndGiving`` last;
- ``GiveBack`` in hand order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from attrs import evolve

from noahrules.errors import IllegalMoveError
from noahrules.ferry.cards import Boarded, Card, FerryCard, Gender
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
from noahrules.ferry.rounds import end_round
from noahrules.ferry.state import Ferry, Phase, State, capacity

__all__ = ["apply", "current_player", "is_over", "legal_moves"]

T = TypeVar("T")

TAKE_ANIMALS = TakeAnimals()
END_GIVING = EndGiving()


def current_player(state: State) -> int | None:
    """The seat to act, or ``None`` once the game is over."""
    return None if state.phase is Phase.OVER else state.seat


def is_over(state: State) -> bool:
    """Whether the game has ended (F25, V1)."""
    return state.phase is Phase.OVER


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in ``state``, in the stable order given in the module docstring.

    Empty exactly when the game is over.
    """
    return _PHASES[state.phase][0](state)


def apply(state: State, move: Move) -> State:
    """The state after ``move``. ``state`` is never changed.

    Raises :class:`~noahrules.errors.IllegalMoveError`, naming the rule, for any move that is not
    in ``legal_moves(state)``.
    """
    _, expected, rule, do = _PHASES[state.phase]
    if not isinstance(move, expected):
        wanted = " or ".join(cls.__name__ for cls in expected) or "no move"
        raise IllegalMoveError(
            rule, f"the pending decision is {state.phase.value}, answered by {wanted}, not {move!r}"
        )
    return do(state, move)


# --- placement: F10, F11, V2, V4, judged after a crocodile's escape (V3) -------------------------


class _Berth:
    """The ferry at Noah's dock, summarised for checking many candidate animals quickly."""

    __slots__ = ("alternate", "capacity", "last_gender", "load", "species")

    def __init__(self, card: FerryCard, animals: tuple[Boarded, ...]) -> None:
        self.load = sum(a.weight for a in animals)
        self.capacity = capacity(card, animals)
        # F10: two animals aboard fix the pattern; it is read from the animals aboard now.
        two = len(animals) >= 2
        self.last_gender = animals[-1].gender if two else None
        self.alternate = two and animals[0].gender is not animals[1].gender
        self.species = {a.card.species for a in animals} if card.unique_species else None

    def error(self, animal: Boarded) -> IllegalMoveError | None:
        card = animal.card
        if self.last_gender is not None and (animal.gender is self.last_gender) == self.alternate:
            pattern = "alternate" if self.alternate else "are all"
            return IllegalMoveError(
                "F10",
                f"{card.id} cannot board as {animal.gender.value}: the animals aboard {pattern} "
                f"and the last is {self.last_gender.value}",
            )
        load = self.load + animal.weight
        limit = card.abilities.capacity_limit
        cap = limit if limit is not None and limit < self.capacity else self.capacity
        if load > cap:
            return IllegalMoveError("F11", f"load would be {load}, capacity {cap}")
        if self.species is not None and card.species in self.species:
            return IllegalMoveError("V4", f"a {card.species} is already aboard the roommate ferry")
        if animal.weight != card.weight and load != cap:
            return IllegalMoveError(
                "V2",
                f"{card.id} may weigh {animal.weight} only to make the ferry depart "
                f"(load would be {load}, capacity {cap})",
            )
        return None


def _berths(ferry: Ferry) -> tuple[_Berth, _Berth]:
    """The berth as it is, and as it is after a crocodile's escape (V3)."""
    berth = _Berth(ferry.card, ferry.animals)
    if not ferry.animals:
        return berth, berth
    return berth, _Berth(ferry.card, ferry.animals[1:])


def _placement_error(berths: tuple[_Berth, _Berth], animal: Boarded) -> IllegalMoveError | None:
    return berths[animal.card.abilities.first_escapes].error(animal)


def _as_move(animal: Boarded) -> PlayAnimal:
    abilities = animal.card.abilities
    return PlayAnimal(
        animal.card.id,
        animal.gender if abilities.choose_gender else None,
        animal.weight if abilities.wild_weight is not None else None,
    )


def _plays(state: State) -> list[PlayAnimal]:
    ferry = state.docks[state.noah]
    assert ferry is not None, "Noah always stands at a ferry when a card is to be played"
    berths = _berths(ferry)
    ways = state.rules.ways
    return [
        _as_move(animal)
        for card in state.hands[state.seat]
        for animal in ways[card]
        if _placement_error(berths, animal) is None
    ]


# --- PLAY: F12, F13, F15, V3 ---------------------------------------------------------------------


def _play_options(state: State) -> tuple[Move, ...]:
    plays = _plays(state)
    return tuple(plays) if plays else (TAKE_ANIMALS,)


def _do_play(state: State, move: PlayAnimal | TakeAnimals) -> State:
    if isinstance(move, TakeAnimals):
        return _take_animals(state)
    hand = state.hands[state.seat]
    card = state.rules.card.get(move.card)
    if card is None:
        raise IllegalMoveError("F12", f"there is no card '{move.card}' in this game")
    if card not in hand:
        raise IllegalMoveError("F12", f"{card.id} is not in seat {state.seat}'s hand")
    animal = next((a for a in state.rules.ways[card] if _as_move(a) == move), None)
    if animal is None:
        rule = "F29" if card.abilities.choose_gender else "V2" if card.abilities.wild_weight else "F12"
        ways = ", ".join(repr(_as_move(a)) for a in state.rules.ways[card])
        raise IllegalMoveError(rule, f"{move!r} is not a way to play {card.id}; ways: {ways}")
    ferry = state.docks[state.noah]
    assert ferry is not None
    error = _placement_error(_berths(ferry), animal)
    if error is not None:
        raise error
    return _board(state, ferry, animal)


def _take_animals(state: State) -> State:
    if _plays(state):
        raise IllegalMoveError("F13", "a card can be played, so the animals cannot be taken")
    ferry = state.docks[state.noah]
    assert ferry is not None
    taken = tuple(a.card for a in ferry.animals)
    return evolve(
        state,
        docks=_replace(state.docks, state.noah, Ferry(ferry.card)),
        hands=_replace(state.hands, state.seat, _sorted(state, state.hands[state.seat] + taken)),
    )


def _board(state: State, ferry: Ferry, animal: Boarded) -> State:
    card = animal.card
    seat = state.seat
    aboard = ferry.animals
    # F15: a pair compares with the animal last aboard before this one (even one that escapes, V3).
    pair = bool(aboard) and aboard[-1].card.species == card.species
    escapee = None
    if card.abilities.first_escapes and aboard:
        escapee, aboard = aboard[0].card, aboard[1:]
    penalties = state.penalties
    if card.abilities.reduce_penalty:
        penalties = _replace(penalties, seat, max(0, penalties[seat] - card.abilities.reduce_penalty))
    hand = state.hands[seat]
    state = evolve(
        state,
        docks=_replace(state.docks, state.noah, Ferry(ferry.card, (*aboard, animal))),
        hands=_replace(state.hands, seat, tuple(c for c in hand if c is not card)),
        penalties=penalties,
        played=animal,
        dock=state.noah,
        pair=pair,
        escapee=escapee,
    )
    return _resume(state, Phase.PLAY)


# --- the played card's abilities, then Noah: V3, F32, F33, F14 ------------------------------------


def _resume(state: State, after: Phase) -> State:
    """Go on with the turn at the first step after ``after`` that asks for a decision."""
    start = _STEP_ORDER.index(after) + 1
    for phase, needed in _STEPS[start:]:
        if needed(state):
            return evolve(state, phase=phase)
    return _depart(state)


def _opponents(state: State) -> tuple[int, ...]:
    return tuple(s for s in range(state.players) if s != state.seat)


def _escapee_options(state: State) -> tuple[Move, ...]:
    return tuple(SendEscapee(s) for s in _opponents(state))


def _do_send_escapee(state: State, move: SendEscapee) -> State:
    _check_option(state, move, _escapee_options, "V3", "the escapee goes to an opponent")
    assert state.escapee is not None
    hands = _replace(state.hands, move.seat, _sorted(state, (*state.hands[move.seat], state.escapee)))
    return _resume(evolve(state, hands=hands, escapee=None), Phase.SEND_ESCAPEE)


def _look_options(state: State) -> tuple[Move, ...]:
    return tuple(LookAtHand(s) for s in _opponents(state))


def _do_look(state: State, move: LookAtHand) -> State:
    _check_option(state, move, _look_options, "F32", "look at an opponent's hand")
    return _resume(state, Phase.LOOK)


def _steal_options(state: State) -> tuple[Move, ...]:
    return tuple(StealFrom(s) for s in _opponents(state) if state.hands[s])


def _do_steal(state: State, move: StealFrom) -> State:
    _check_option(state, move, _steal_options, "F33", "steal from an opponent holding a card")
    victim = state.hands[move.seat]
    index, rng = state.rng.below(len(victim))
    stolen = victim[index]
    hands = _replace(state.hands, move.seat, victim[:index] + victim[index + 1 :])
    hands = _replace(hands, state.seat, _sorted(state, (*hands[state.seat], stolen)))
    return evolve(state, hands=hands, rng=rng, victim=move.seat, phase=Phase.GIVE_BACK)


def _give_back_options(state: State) -> tuple[Move, ...]:
    return tuple(GiveBack(c.id) for c in state.hands[state.seat])


def _do_give_back(state: State, move: GiveBack) -> State:
    _check_option(state, move, _give_back_options, "F33", "give back a card from your hand")
    assert state.victim is not None
    card = state.rules.card[move.card]
    hands = _replace(state.hands, state.seat, tuple(c for c in state.hands[state.seat] if c is not card))
    hands = _replace(hands, state.victim, _sorted(state, (*hands[state.victim], card)))
    return _resume(evolve(state, hands=hands, victim=None), Phase.STEAL)


def _noah_options(state: State) -> tuple[Move, ...]:
    # F14: female -> an adjacent dock; male -> a non-adjacent one (the gender as played, F29).
    assert state.played is not None
    step = 1 if state.played.gender is Gender.FEMALE else 2
    docks = state.rules.docks
    return tuple(MoveNoah(d) for d in sorted({(state.noah - step) % docks, (state.noah + step) % docks}))


def _do_move_noah(state: State, move: MoveNoah) -> State:
    _check_option(state, move, _noah_options, "F14", "female: an adjacent dock; male: a non-adjacent one")
    return _depart(evolve(state, noah=move.dock))


_STEPS: tuple[tuple[Phase, Callable[[State], bool]], ...] = (
    (Phase.PLAY, lambda s: False),
    (Phase.SEND_ESCAPEE, lambda s: s.escapee is not None),
    (Phase.LOOK, lambda s: s.played is not None and s.played.card.abilities.look_at_hand),
    (
        Phase.STEAL,
        lambda s: s.played is not None
        and s.played.card.abilities.steal_and_return
        and bool(_steal_options(s)),
    ),
    (Phase.MOVE_NOAH, lambda s: s.played is not None and not s.played.card.abilities.noah_stays),
)
"""The steps of a turn after the play (F20), each with whether it asks for a decision."""
_STEP_ORDER = tuple(phase for phase, _ in _STEPS)


# --- departure, bonus, replacement, end of turn: F16-F21 ------------------------------------------


def _depart(state: State) -> State:
    ferry = state.docks[state.dock]
    assert ferry is not None
    if ferry.load != ferry.capacity:
        return _finish_turn(state)
    departures = state.departures + 1
    gifts = state.rules.departure_gifts[departures - 1]
    state = evolve(
        state,
        docks=_replace(state.docks, state.dock, None),
        departed=state.departed + tuple(a.card for a in ferry.animals),
        departures=departures,
    )
    if gifts and state.hands[state.seat]:
        return evolve(state, phase=Phase.GIVE, gifts=gifts)
    return _finish_turn(state)


def _give_options(state: State) -> tuple[Move, ...]:
    opponents = _opponents(state)
    gives: tuple[Move, ...] = tuple(
        GiveCard(c.id, s) for c in state.hands[state.seat] for s in opponents
    )
    return (*gives, END_GIVING)


def _do_give(state: State, move: GiveCard | EndGiving) -> State:
    if isinstance(move, EndGiving):
        return _finish_turn(state)
    _check_option(state, move, _give_options, "F17", "give a card from your hand to an opponent")
    card = state.rules.card[move.card]
    hand = tuple(c for c in state.hands[state.seat] if c is not card)
    hands = _replace(state.hands, state.seat, hand)
    hands = _replace(hands, move.to, _sorted(state, (*hands[move.to], card)))
    state = evolve(state, hands=hands, gifts=state.gifts - 1)
    if state.gifts and hand:
        return state
    return _finish_turn(state)


def _finish_turn(state: State) -> State:
    docks, centre = state.docks, state.centre
    round_over = False
    if docks[state.dock] is None:
        if centre:  # F18
            docks = _replace(docks, state.dock, Ferry(centre[0]))
            centre = centre[1:]
        else:  # F21
            round_over = True
    state = evolve(
        state,
        docks=docks,
        centre=centre,
        phase=Phase.PLAY,
        played=None,
        dock=0,
        gifts=0,
    )
    if round_over or not all(state.hands):  # F20: a pending extra turn is lost
        return end_round(state)
    seat = state.seat if state.pair else (state.seat + 1) % state.players  # F15, F19
    return evolve(state, seat=seat, pair=False)


def _over_options(state: State) -> tuple[Move, ...]:
    return ()


def _no_move(state: State, move: Move) -> State:
    raise AssertionError("unreachable: no move class is expected once the game is over")


# --- helpers ---------------------------------------------------------------------------------------


def _check_option(
    state: State, move: Move, options: Callable[[State], tuple[Move, ...]], rule: str, why: str
) -> None:
    if move not in options(state):
        raise IllegalMoveError(rule, f"{move!r} is not allowed here ({why})")


def _replace(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _sorted(state: State, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=state.rules.order.__getitem__))


_Options = Callable[[State], tuple[Move, ...]]
_Handler = Callable[[State, Any], State]

_PHASES: dict[Phase, tuple[_Options, tuple[type, ...], str, _Handler]] = {
    Phase.PLAY: (_play_options, (PlayAnimal, TakeAnimals), "F12", _do_play),
    Phase.SEND_ESCAPEE: (_escapee_options, (SendEscapee,), "V3", _do_send_escapee),
    Phase.LOOK: (_look_options, (LookAtHand,), "F32", _do_look),
    Phase.STEAL: (_steal_options, (StealFrom,), "F33", _do_steal),
    Phase.GIVE_BACK: (_give_back_options, (GiveBack,), "F33", _do_give_back),
    Phase.MOVE_NOAH: (_noah_options, (MoveNoah,), "F14", _do_move_noah),
    Phase.GIVE: (_give_options, (GiveCard, EndGiving), "F17", _do_give),
    Phase.OVER: (_over_options, (), "F25", _no_move),
}
"""Per pending decision: its options, the move classes that answer it, its rule, its handler."""
