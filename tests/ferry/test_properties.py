"""Property tests over random legal play of every variant combination, 2-5 players."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from noahrules import ferry
from noahrules.errors import IllegalMoveError
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
from tests.ferry.builders import rules as load
from tests.harness import DECISION_BOUND, playthrough

VARIANTS = ("penalty-limit", "frog", "crocodile", "roommate")
COMBINATIONS = [c for n in range(len(VARIANTS) + 1) for c in itertools.combinations(VARIANTS, n)]

games = st.tuples(
    st.sampled_from(COMBINATIONS),
    st.integers(2, 5),
    st.integers(0, 2**32),
    st.integers(0, 2**32),
)


def play(setup: tuple[tuple[str, ...], int, int, int]):  # type: ignore[no-untyped-def]
    variants, players, seed, chooser = setup
    return playthrough(ferry, load(*variants), players, seed, chooser)


def check_ferries(state: State) -> None:
    """F10, F11, F30, V4 on every docked ferry, recomputed here from the animals aboard."""
    for ferry_ in state.docks:
        if ferry_ is None:
            continue
        animals = ferry_.animals
        load_ = sum(a.weight for a in animals)
        limits = [a.card.abilities.capacity_limit for a in animals]
        capacity = min([ferry_.card.capacity, *(x for x in limits if x is not None)])
        assert load_ <= capacity, (ferry_, load_, capacity)
        assert ferry_.load == load_ and ferry_.capacity == capacity
        genders = [a.gender for a in animals]
        assert Gender.EITHER not in genders
        if len(genders) >= 2:
            if genders[0] is genders[1]:
                assert len(set(genders)) == 1, genders
            else:
                assert all(a is not b for a, b in itertools.pairwise(genders)), genders
        if ferry_.card.unique_species:
            species = [a.card.species for a in animals]
            assert len(species) == len(set(species)), species


def card_places(state: State) -> Counter[str]:
    places: Counter[str] = Counter()
    places.update(c.id for c in state.deck)
    places.update(c.id for hand in state.hands for c in hand)
    places.update(a.card.id for f in state.docks if f is not None for a in f.animals)
    places.update(c.id for c in state.departed)
    places.update(c.id for c in state.removed)
    if state.escapee is not None:
        places[state.escapee.id] += 1
    return places


@given(games)
def test_f10_f11_v4_every_ferry_obeys_load_gender_and_roommate_rules(setup) -> None:  # type: ignore[no-untyped-def]
    for _, _, after in play(setup):
        check_ferries(after)


@given(games)
def test_f28_every_card_is_in_exactly_one_place(setup) -> None:  # type: ignore[no-untyped-def]
    for state, _, after in play(setup):
        expected = Counter(c.id for c in state.rules.animals)
        assert card_places(after) == expected


@given(games)
def test_legal_moves_nonempty_exactly_while_not_over_and_each_applies(setup) -> None:  # type: ignore[no-untyped-def]
    last = None
    for state, _, after in play(setup):
        moves = ferry.legal_moves(state)
        assert moves and not ferry.is_over(state)
        assert ferry.current_player(state) == state.seat
        assert len(set(moves)) == len(moves), "legal_moves lists no move twice"
        for move in moves:
            ferry.apply(state, move)
        last = after
    assert last is not None and ferry.is_over(last)
    assert ferry.legal_moves(last) == ()
    assert ferry.current_player(last) is None
    assert ferry.winners(last)


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


@given(games)
def test_illegal_moves_raise_naming_the_rule_and_change_nothing(setup) -> None:  # type: ignore[no-untyped-def]
    rng = Rng.from_seed(setup[3] + 1)
    tried = 0
    for state, _, _ in play(setup):
        legal = set(ferry.legal_moves(state))
        snapshot = attrs.evolve(state)
        candidates, rng = rng.shuffled(candidate_moves(state, rng))
        for move in candidates[:4]:
            if move in legal:
                continue
            tried += 1
            with pytest.raises(IllegalMoveError) as caught:
                ferry.apply(state, move)  # type: ignore[arg-type]
            assert re.fullmatch(r"[FV]\d+a?", caught.value.rule), caught.value
            assert str(caught.value).startswith(caught.value.rule + ": ")
            assert state == snapshot
            assert attrs.astuple(state, recurse=False) == attrs.astuple(snapshot, recurse=False)
    assert tried > 0


@given(games)
def test_same_seed_and_moves_give_equal_states_despite_global_random(setup) -> None:  # type: ignore[no-untyped-def]
    variants, players, seed, _ = setup
    steps = list(play(setup))
    random.seed(seed ^ 0x5EED)
    again = ferry.new_game(load(*variants), players=players, seed=seed)
    assert again == steps[0][0]
    for state, move, after in steps:
        random.random()
        random.shuffle(list(range(10)))
        assert again == state
        again = ferry.apply(again, move)
        assert again == after
        assert hash(again) == hash(after)


@given(games)
def test_penalties_never_negative_and_game_ends_within_bound(setup) -> None:  # type: ignore[no-untyped-def]
    decisions = 0
    for _, _, after in play(setup):
        decisions += 1
        assert all(p >= 0 for p in after.penalties)
        assert after.round >= 1
    assert 0 < decisions < DECISION_BOUND


@given(games)
def test_f20_every_turn_starts_with_all_hands_held_and_noah_at_a_ferry(setup) -> None:  # type: ignore[no-untyped-def]
    for _, _, after in play(setup):
        if after.phase is ferry.Phase.PLAY:
            assert all(after.hands), "a round ends when a hand is empty (F20)"
            assert after.docks[after.noah] is not None
            assert None not in after.docks, "an empty dock is refilled before the next play (F18)"
