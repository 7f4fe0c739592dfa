"""Property tests over random legal play of every variant combination, 2-5 players."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given

from noahrules import ferry
from noahrules.ferry import Gender, Pattern, State
from noahrules.testing import Played, played
from tests.harness import DECISION_BOUND, card_places

games = played(ferry.GAME, None)


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
        check_kept_pattern(state.rules, ferry_)
        if ferry_.card.unique_species:
            species = [a.card.species for a in animals]
            assert len(species) == len(set(species)), species


def check_kept_pattern(rules: ferry.Rules, ferry_: ferry.Ferry) -> None:
    """F10, V3: with ``pattern_set_by_second_animal`` the first two animals aboard fixed the
    kept pattern, or a crocodile alone aboard kept the one it set with its escapee; without
    it no pattern is kept."""
    kept, animals = ferry_.kept_pattern, ferry_.animals
    if not rules.pattern_set_by_second_animal or not animals:
        assert kept is None
    elif len(animals) >= 2:
        same = animals[0].gender is animals[1].gender
        assert kept is (Pattern.SAME if same else Pattern.ALTERNATING)
    elif kept is not None:
        assert animals[0].card.abilities.first_escapes


@given(games)
def test_v3_f10_a_kept_pattern_lasts_while_a_crocodile_leaves_one_animal(
    game: Played[State, ferry.Move],
) -> None:
    for state, move, after in game.steps():
        if (
            not isinstance(move, ferry.PlayAnimal)
            or not state.rules.card[move.card].abilities.first_escapes
        ):
            continue
        before, boarded = state.docks[state.noah], after.docks[state.noah]
        assert before is not None and boarded is not None
        if len(before.animals) == 1 and state.rules.pattern_set_by_second_animal:
            # the crocodile was the second animal aboard: it set the pattern with its escapee
            same = before.animals[0].gender is boarded.animals[-1].gender
            assert boarded.kept_pattern is (Pattern.SAME if same else Pattern.ALTERNATING)
        elif len(before.animals) >= 2:
            assert boarded.kept_pattern is before.kept_pattern


@given(games)
def test_f10_f11_v4_every_ferry_obeys_load_gender_and_roommate_rules(
    game: Played[State, ferry.Move],
) -> None:
    for _, _, after in game.steps():
        check_ferries(after)


@given(games)
def test_f28_every_card_is_in_exactly_one_place(game: Played[State, ferry.Move]) -> None:
    for state, _, after in game.steps():
        expected = Counter(c.id for c in state.rules.animals)
        assert card_places(after) == expected


@given(games)
def test_penalties_never_negative_and_game_ends_within_bound(
    game: Played[State, ferry.Move],
) -> None:
    decisions = 0
    for _, _, after in game.steps():
        decisions += 1
        assert all(p >= 0 for p in after.penalties)
        assert after.round >= 1
    assert 0 < decisions < DECISION_BOUND


@given(games)
def test_f20_every_turn_starts_with_all_hands_held_and_noah_at_a_ferry(
    game: Played[State, ferry.Move],
) -> None:
    for _, _, after in game.steps():
        if after.phase is ferry.Phase.PLAY:
            assert all(after.hands), "a round ends when a hand is empty (F20)"
            assert after.docks[after.noah] is not None
            assert None not in after.docks, "an empty dock is refilled before the next play (F18)"
