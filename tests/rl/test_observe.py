"""Observations: computed from a view alone, within their layout's bounds, and equal for two
states that differ only in what the seat cannot know."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import zip_longest
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from noahrules import GAMES, ferry, island
from noahrules.ferry import TakeAnimals
from noahrules.rl import layout, observe
from noahrules.rl.encoding import encoding_for
from noahrules.rl.layout import Observation
from noahrules.rng import Rng
from noahrules.testing import played
from tests.ferry.builders import position as ferry_position
from tests.harness import BUILT_IN, every_game
from tests.test_views import RESHUFFLE

PLAYED_150 = {name: played(name, max_moves=150) for name in BUILT_IN}
"""Per game: up to 150 moves of any packaged rules and player count (each state of them is
checked; whole games are checked for views in tests/test_views.py)."""


@every_game
@given(data=st.data())
def test_observations_of_random_play(name: str, data: st.DataObject) -> None:
    """Over random play, each state's observation for a random seat:

    - equals the observation of the state with everything that seat cannot know dealt anew;
    - lies within the layout's bounds;
    - is what an observer that saw other views (of another game too) and a new observer give
      (observers remember parts of the last views they saw);
    - changes with the seat's own move;
    - and its named fields read back what the view says (now and then)."""
    game: Any = GAMES[name]
    game_played = data.draw(PLAYED_150[name], label="game")
    rules, players = game_played.rules, game_played.players
    fields = layout(rules, players)
    high = fields.high()
    make = encoding_for(game).observer
    other = make(rules, players)
    second = game.new_game(rules, players, game_played.seed + 1)
    rng = Rng.from_seed(game_played.seed ^ 0x0B5)
    differed = 0
    for step, (state, after) in enumerate(zip_longest(game_played.states, game_played.states[1:])):
        seat, rng = rng.below(players)
        hidden = RESHUFFLE[name](state, seat, rng)
        rng = rng.next64()[1]
        differed += hidden != state
        view = game.view(state, seat)
        seen = observe(view)
        assert np.array_equal(observe(game.view(hidden, seat)), seen)
        assert seen.dtype == np.float32 and seen.shape == high.shape
        assert np.all(seen >= 0) and np.all(seen <= high)
        if step % 2:
            assert np.array_equal(other(view), seen)
        else:
            assert np.array_equal(other(game.view(second, seat)), observe(game.view(second, seat)))
            second = (
                game.apply(second, game.legal_moves(second)[-1])
                if not game.is_over(second)
                else second
            )
        if step % 50 == 0:
            assert np.array_equal(make(rules, players)(view), seen)
        if step % 11 == 0:
            READ_BACK[name](view, fields.split(seen))
        if step % 3 == 0 and after is not None:
            mover = game.current_player(state)
            before = seen if mover == seat else observe(game.view(state, mover))
            assert not np.array_equal(before, observe(game.view(after, mover)))
    assert differed > 0 or len(game_played.states) == 1


def read_back_ferry(view: ferry.View, part: Mapping[str, Observation]) -> None:
    """The named fields of a ferry observation say what the view says."""
    cards = [c for c in view.rules.animals if c.min_players <= view.players]
    assert [c for c, held in zip(cards, part["hand"], strict=True) if held] == list(view.hand)
    assert part["seat"].tolist() == [float(s == view.seat) for s in range(view.players)]
    assert part["noah"].argmax() == view.noah
    assert part["phase"][list(ferry.Phase).index(view.phase)] == 1.0
    assert part["penalties"].tolist() == list(view.penalties)
    assert part["hand_sizes"].tolist() == list(view.hand_sizes)
    for holder in range(view.players):
        known = [c for c, held in zip(cards, part["known"][holder], strict=True) if held]
        assert known == list(view.known[holder] if view.known else ())
    for dock, boat in enumerate(view.docks):
        assert part["docks.load"][dock, 0] == (0 if boat is None else boat.load)
        if boat is not None:
            order = part["docks.aboard"][dock]
            aboard = sorted((place, cards[i].id) for i, place in enumerate(order) if place)
            assert [c for _, c in aboard] == [a.card.id for a in boat.animals]


def read_back_island(view: island.View, part: Mapping[str, Observation]) -> None:
    """The named fields of an island observation say what the view says."""
    species = [k.species for k in view.rules.tiles]
    assert set(np.flatnonzero(part["water"]).tolist()) == set(view.water)
    for space, tile in enumerate(view.tiles):
        shown = tile is not None and tile.face_up
        assert part["face_down"][space] == (tile is not None and not tile.face_up)
        up = np.flatnonzero(part["face_up"][space]).tolist()
        assert up == ([species.index(tile.species)] if tile is not None and shown else [])
    for seat, ark in enumerate(view.arks):
        assert np.flatnonzero(part["arks"][seat]).tolist() == ([] if ark is None else [ark])
    assert part["points"].tolist() == list(view.points)


READ_BACK: dict[str, Callable[[Any, Mapping[str, Observation]], None]] = {
    "ferry": read_back_ferry,
    "island": read_back_island,
}


def test_f32_the_giraffes_look_is_in_the_lookers_observation_only() -> None:
    state = ferry_position(
        players=3,
        hands=[["giraffe-1", "cat-5"], ["bear-1", "panda-5"], ["parrot-6"]],
        docks=[["kangaroo-5"], ["cat-6"], ["kangaroo-6"], ["panda-6"], ["parrot-5"]],
    )
    state = ferry.apply(state, ferry.PlayAnimal("giraffe-1"))
    state = ferry.apply(state, ferry.LookAtHand(1))
    fields = layout(state.rules, 3)
    cards = [c.id for c in state.rules.animals if c.min_players <= 3]
    looked = fields.split(observe(ferry.view(state, 0)))["looked"]
    assert sorted(cards[i] for i in np.flatnonzero(looked[1])) == ["bear-1", "panda-5"]
    for seat in (1, 2):
        assert not fields.split(observe(ferry.view(state, seat)))["looked"].any()


def test_f33_the_stolen_card_is_in_the_thiefs_and_the_victims_observations_only() -> None:
    state = ferry_position(
        players=3,
        hands=[["lion-1", "cat-5"], ["bear-1"], ["parrot-6"]],
        docks=[["kangaroo-5"], ["cat-6"], ["kangaroo-6"], ["panda-6"], ["parrot-5"]],
    )
    state = ferry.apply(state, ferry.PlayAnimal("lion-1"))
    state = ferry.apply(state, ferry.StealFrom(1))
    fields = layout(state.rules, 3)
    bear = [c.id for c in state.rules.animals if c.min_players <= 3].index("bear-1")
    assert fields.split(observe(ferry.view(state, 0)))["received"][1, bear] == 1.0
    assert fields.split(observe(ferry.view(state, 1)))["given"][0, bear] == 1.0
    third = fields.split(observe(ferry.view(state, 2)))
    assert not third["received"].any() and not third["given"].any()


def test_f26_a_ferry_observation_holds_the_cards_its_seat_knows_in_other_hands() -> None:
    # Seat 0 takes back elephant-1 and rhinoceros-1 (F13): everyone knows they are in its hand.
    state = ferry_position(
        players=3,
        hands=[["cat-6", "kangaroo-5"], ["parrot-6"], ["panda-6"]],
        docks=[["elephant-1", "rhinoceros-1"], ["cat-5"], [], [], []],
    )
    state = ferry.apply(state, TakeAnimals())
    view = ferry.view(state, 1)
    fields = layout(view.rules, 3).split(observe(view))
    cards = [c.id for c in view.rules.animals if c.min_players <= 3]
    known = [[cards[i] for i in np.flatnonzero(row)] for row in fields["known"]]
    assert known == [["rhinoceros-1", "elephant-1"], [], []]  # in the order of the rules data
