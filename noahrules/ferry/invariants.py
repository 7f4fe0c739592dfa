"""Checks that a ferry state could arise in play: for states read from outside (JSON, dicts)."""

from __future__ import annotations

from collections import Counter

from noahrules.errors import SerializationError
from noahrules.ferry.events import CardGiven, CardGivenBack, CardStolen, HandLookedAt
from noahrules.ferry.kinds import Gender
from noahrules.ferry.ruleset import Boarded
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
    if rules.rounds is not None and state.round > rules.rounds:
        return f"round {state.round} of {rules.rounds} (F25)"
    if len(state.docks) != rules.docks or not 0 <= state.noah < rules.docks:
        return f"{len(state.docks)} docks or Noah at dock {state.noah} (F5)"
    if not 0 <= state.dock < rules.docks:
        return f"a turn played at dock {state.dock} of {rules.docks}"
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
    keep = rules.pattern_set_by_second_animal
    for ferry in state.docks:
        if ferry is not None and (fault := _ferry_problem(ferry) or _pattern_problem(ferry, keep)):
            return fault
    return _pending_problem(state)


def _ferry_problem(ferry: Ferry) -> str | None:
    animals = ferry.animals
    if any(a.gender is Gender.EITHER for a in animals):
        return "an animal aboard has no chosen gender (F29)"
    if ferry.load > ferry.capacity:
        return f"a ferry with load {ferry.load} over capacity {ferry.capacity} (F11)"
    for i in range(1, len(animals)):
        if animals[i].gender not in Ferry(ferry.card, animals[:i], ferry.kept_pattern).genders:
            return "a ferry's animals break the gender pattern (F10)"
    species = [a.card.species for a in ferry.animals]
    if ferry.card.unique_species and len(species) != len(set(species)):
        return "two animals of one species on the roommate ferry (V4)"
    for animal in ferry.animals:
        if _played_problem(animal):
            return _played_problem(animal)
    return None


def _pattern_problem(ferry: Ferry, keep: bool) -> str | None:
    """F10, V3: a pattern is kept exactly under ``pattern_set_by_second_animal``, from the second
    animal aboard on; a lone animal keeps one only as the crocodile whose escapee it joined."""
    kept = ferry.kept_pattern
    animals = ferry.animals
    if not keep:
        return None if kept is None else "a kept gender pattern, which these rules never keep (F10)"
    if len(animals) >= 2 and kept is None:
        return "a ferry of two animals or more without the pattern the second one set (F10)"
    if kept is not None and not animals:
        return "a gender pattern kept on an empty ferry (F10)"
    if kept is not None and len(animals) == 1 and not animals[0].card.abilities.first_escapes:
        return "a gender pattern kept by one animal that is no crocodile (F10, V3)"
    return None


def _played_problem(animal: Boarded) -> str | None:
    card = animal.card
    wild = card.abilities.wild_weight
    low, high = wild or (card.weight, card.weight)
    if not low <= animal.weight <= high:
        return f"{card.id} aboard with weight {animal.weight} (V2)"
    if animal.gender is Gender.EITHER or (
        not card.abilities.choose_gender and animal.gender is not card.gender
    ):
        return f"{card.id} aboard as {animal.gender.value} (F10, F29)"
    return None


def _pending_problem(state: State) -> str | None:
    phase = state.phase
    if (state.escapee is not None) != (phase is Phase.SEND_ESCAPEE):
        return "an escapee exactly while it is being sent (V3)"
    if (state.victim is not None) != (phase is Phase.GIVE_BACK):
        return "a lion's victim exactly while a card is given back (F33)"
    if (state.played is not None) != (phase in (*_AFTER_PLAY, Phase.GIVE)):
        return "a played card exactly while its turn goes on"
    if state.gifts < 0:
        return "fewer than no gifts (F17)"
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
    return (
        _turn_problem(state)
        or _secrets_problem(state)
        or _knowledge_problem(state)
        or _end_problem(state)
    )


def _turn_problem(state: State) -> str | None:
    """The turn in progress: who was robbed, what was played where, the gifts left."""
    phase = state.phase
    if state.victim is not None and not (
        0 <= state.victim < state.players and state.victim != state.seat
    ):
        return f"seat {state.victim} robbed by seat {state.seat} (F33)"
    if phase is Phase.PLAY and (state.pair or state.dock):
        return "a turn starts with no pair and no dock of its own (F15, F19)"
    if state.played is not None:
        if _played_problem(state.played):
            return _played_problem(state.played)
        ferry = state.docks[state.dock]
        if phase is not Phase.GIVE and (ferry is None or ferry.animals[-1] != state.played):
            return "the card played this turn is not the last aboard its ferry (F12)"
    if phase is Phase.GIVE and not (
        state.departures >= 1 and state.gifts <= state.rules.departure_gifts[state.departures - 1]
    ):
        return f"{state.gifts} gifts after {state.departures} departures (F17)"
    return None


def _secrets_problem(state: State) -> str | None:
    """The secrets shown this round name seats of the game and cards of the rules."""
    for event in state.secrets:
        if not isinstance(event, HandLookedAt | CardStolen | CardGivenBack | CardGiven):
            return f"a {type(event).__name__} among the secrets (F26)"
        if any(not 0 <= seat < state.players for seat in event.insiders):
            return f"a secret shown to seats {event.insiders} of {state.players} (F26)"
    return None


def _knowledge_problem(state: State) -> str | None:
    """What a seat knows of a hand is true: those cards are in that hand (F26)."""
    known = state.knowledge
    if not known:
        return None
    n = state.players
    if len(known) != n or any(len(row) != n or row[seat] for seat, row in enumerate(known)):
        return "knowledge of the hands must name every seat's knowledge of every other hand"
    order = state.rules.order
    for row in known:
        for holder, cards in enumerate(row):
            if not set(cards) <= set(state.hands[holder]) or [order[c.id] for c in cards] != sorted(
                order[c.id] for c in cards
            ):
                return f"a seat knows cards in seat {holder}'s hand that are not there (F26)"
    return None


def _end_problem(state: State) -> str | None:
    """F25, V1: a game is over exactly after the round that ends it."""
    rules = state.rules
    if state.phase is not Phase.OVER:
        return None
    last = rules.rounds is not None and state.round == rules.rounds
    limit = rules.penalty_limit is not None and max(state.penalties) >= rules.penalty_limit
    if not (last or limit):
        return f"a game over in round {state.round} with penalties {state.penalties} (F25, V1)"
    return None
