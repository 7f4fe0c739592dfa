"""Checks that a ferry state could arise in play: for states read from outside (JSON, dicts)."""

from __future__ import annotations

from collections import Counter

from noahrules.errors import SerializationError
from noahrules.ferry.kinds import Gender
from noahrules.ferry.state import Ferry, Phase, State

__all__ = ["check_state"]

_AFTER_PLAY = (Phase.SEND_ESCAPEE, Phase.LOOK, Phase.STEAL, Phase.GIVE_BACK, Phase.MOVE_NOAH)


def check_state(state: State) -> None:
    """Raise :class:`~noahrules.errors.SerializationError` naming the first broken invariant:
    seats and counts, every card in exactly one place (F28), the ferries (F5, F10, F11, V4),
    the hands' order, and the pending decision's context."""
    problem = _problem(state)
    if problem:
        raise SerializationError(f"not a possible ferry state: {problem}")


def _problem(state: State) -> str | None:
    rules = state.rules
    n = state.players
    if not rules.min_players <= n <= rules.max_players:
        return f"{n} players (F4)"
    if len(state.hands) != n or len(state.penalties) != n:
        return "hands and penalties must have one entry per seat"
    if not (0 <= state.seat < n and 0 <= state.first_player < n):
        return "seat or first_player is not a seat"
    if min(state.penalties) < 0 or state.round < 1:
        return "penalties below 0 or a round below 1"
    if len(state.docks) != rules.docks or not 0 <= state.noah < rules.docks:
        return f"{len(state.docks)} docks or Noah at dock {state.noah} (F5)"
    ferries = [f.card for f in state.docks if f is not None] + list(state.centre)
    departed = len(rules.ferries) - len(ferries)
    if len(set(ferries)) != len(ferries) or not set(ferries) <= set(rules.ferries):
        return "a ferry card twice, or one not in the rules (F5)"
    if departed != state.departures:
        return f"{departed} ferries gone but {state.departures} departures (F16, F18)"
    if Counter(c.id for c in state.card_places()) != Counter(c.id for c in rules.animals):
        return "the animal cards are not each in exactly one place (F28)"
    if set(state.removed) != {c for c in rules.animals if c.min_players > n}:
        return "the cards removed by mark do not match the player count (F4)"
    order = rules.order
    for hand in state.hands:
        if [order[c.id] for c in hand] != sorted(order[c.id] for c in hand):
            return "a hand is not in the order of the rules data"
    for ferry in state.docks:
        if ferry is not None and (fault := _ferry_problem(ferry)):
            return fault
    return _pending_problem(state)


def _ferry_problem(ferry: Ferry) -> str | None:
    animals = ferry.animals
    if any(a.gender is Gender.EITHER for a in animals):
        return "an animal aboard has no chosen gender (F29)"
    if ferry.load > ferry.capacity:
        return f"a ferry with load {ferry.load} over capacity {ferry.capacity} (F11)"
    for i in range(2, len(animals)):
        if animals[i].gender not in Ferry(ferry.card, animals[:i]).genders:
            return "a ferry's animals break the gender pattern (F10)"
    species = [a.card.species for a in ferry.animals]
    if ferry.card.unique_species and len(species) != len(set(species)):
        return "two animals of one species on the roommate ferry (V4)"
    for animal in ferry.animals:
        wild = animal.card.abilities.wild_weight
        low, high = wild or (animal.card.weight, animal.card.weight)
        if not low <= animal.weight <= high:
            return f"{animal.card.id} aboard with weight {animal.weight} (V2)"
    return None


def _pending_problem(state: State) -> str | None:
    phase = state.phase
    if (state.escapee is not None) != (phase is Phase.SEND_ESCAPEE):
        return "an escapee exactly while it is being sent (V3)"
    if (state.victim is not None) != (phase is Phase.GIVE_BACK):
        return "a lion's victim exactly while a card is given back (F33)"
    if (state.played is not None) != (phase in (*_AFTER_PLAY, Phase.GIVE)):
        return "a played card exactly while its turn goes on"
    if (state.gifts > 0) != (phase is Phase.GIVE):
        return "gifts left exactly while the bonus is given (F17)"
    empty = state.docks.count(None)
    if empty and not (
        empty == 1
        and (
            (phase is Phase.GIVE and state.docks[state.dock] is None)
            or (phase is Phase.OVER and not state.centre)
        )
    ):
        return "an empty dock outside a departure's bonus or the game's last departure (F18, F21)"
    if phase is Phase.PLAY and (not all(state.hands) or state.docks[state.noah] is None):
        return "a turn starts with every hand holding cards and Noah at a ferry (F20)"
    if not 0 <= state.departures <= len(state.rules.departure_gifts):
        return f"{state.departures} departures in a round (F17)"
    return None
