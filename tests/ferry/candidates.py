"""Moves of every kind for the ferry game, legal or not, to probe ``apply``'s refusals."""

from __future__ import annotations

from noahrules.ferry import (
    EndGiving,
    Gender,
    GiveBack,
    GiveCard,
    LookAtHand,
    MoveNoah,
    PlayAnimal,
    SendEscapee,
    State,
    StealFrom,
    TakeAnimals,
)
from noahrules.rng import Rng


def candidate_moves(state: State, rng: Rng) -> list[object]:
    """A sample of moves of every kind, legal or not, with plausible and absurd arguments."""
    ids = [c.id for c in state.rules.animals] + ["no-such-card"]
    card, rng = rng.choice(ids)
    held = [c.id for hand in state.hands for c in hand]
    mine, rng = rng.choice(held or ids)
    seat, rng = rng.below(state.players + 2)
    seat -= 1
    genders = (None, Gender.MALE, Gender.FEMALE, Gender.EITHER)
    gender, rng = rng.choice(genders)
    weight, rng = rng.choice((None, 0, 1, 2, 3, 5, 9))
    return [
        PlayAnimal(card, gender, weight),
        PlayAnimal(mine),
        PlayAnimal(mine, gender, weight),
        TakeAnimals(),
        MoveNoah(seat + 1),
        GiveCard(mine, seat),
        EndGiving(),
        LookAtHand(seat),
        StealFrom(seat),
        GiveBack(mine),
        SendEscapee(seat),
        "not a move",
    ]
