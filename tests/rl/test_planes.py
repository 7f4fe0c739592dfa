"""The island's board-shaped observation (``observation="planes"``): a hand-built position read
cell by cell, hidden species never shown over random play, and the environment checkers.

Cells are axial coordinates (noahrules/rl/island_planes.py): the space at map row ``r``,
column ``c`` (both from 1) lies in cell ``(r - 1, (c - r + 7) / 2)`` of the default board, whose
least ``c - r`` is -7 (row 8 starts at column 1). The map, with the columns of the spaces used
below (as in tests/island/test_scenarios.py)::

     1        ~ ~ ~ ~ ~ ~ ~ ~          row 1: sea at columns 8, 10, ..., 22
     2       ~ ~ ~ ~ A ~ ~ ~ ~         row 2: sea 7-13, ark 15, sea 17-23
     3      ~ ~ # . # . # . ~ ~        row 3: jungle 10, 14, 18; beach 12, 16, 20
     4     ~ ~ . # # # # # . ~ ~       row 4: sea 5, 7; beach 9, 21; jungle 11-19; sea 23, 25
     5    ~ A . # # # # # # # A ~      row 5: ark 6, beach 8, jungle 10-22, ark 24, sea 26
     6   ~ ~ # # # # # # # # . ~ ~     row 6: jungle 7-21, beach 23, sea 25, 27
     7  ~ ~ . # # # # # # # # # ~ ~    row 7: beach 6, jungle 8-24
     8 ~ ~ # # # # # # # # # # . ~ ~   row 8: sea 1, 3; jungle 5-23, beach 25
     9  ~ ~ . # # # # # # # # # ~ ~    row 9: beach 6, jungle 8-24
"""

from __future__ import annotations

import pickle
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given
from hypothesis import strategies as st

from noahrules import GAMES, island
from noahrules.island import Phase
from noahrules.rl import NoahEnv, layout, observe, observe_planes, planes_for, planes_layout
from noahrules.rl.gymnasium import planes_space
from noahrules.rl.island_planes import axial_cells
from noahrules.rng import Rng
from noahrules.testing import played
from tests.island.builders import at, position
from tests.test_views import RESHUFFLE

R = island.load_rules()
TOP = at(R, 2, 15)
RIGHT = at(R, 5, 24)
KINDS = [k.species for k in R.tiles]
"""bear, camel, elephant, giraffe, hippo, kangaroo, lion, monkey, panda, penguin, rhino, zebra,
unicorn, fishbone: the tile kinds in the order of the rules data, as the channels take them."""


def cell(row: int, column: int) -> tuple[int, int]:
    """The cell of the space at map ``(row, column)``, worked out by hand (module docstring)."""
    return (row - 1, (column - row + 7) // 2)


def test_the_default_board_takes_15_by_15_cells_in_axial_coordinates() -> None:
    height, width, cells = axial_cells(R)
    assert (height, width) == (15, 15)
    assert cells[TOP] == cell(2, 15) == (1, 10)
    assert cells[at(R, 8, 1)] == (7, 0) and cells[at(R, 8, 29)] == (7, 14)
    assert cells[at(R, 1, 8)] == (0, 7) and cells[at(R, 15, 22)] == (14, 7)
    # A space's six neighbours (r, c +- 2), (r - 1, c +- 1), (r + 1, c +- 1) take the cells
    # (row, column +- 1), (row - 1, column), (row - 1, column + 1), (row + 1, column - 1) and
    # (row + 1, column) of its cell: the same six of the 3 x 3 window around every space.
    middle = at(R, 8, 15)
    row, column = cells[middle]
    assert (row, column) == (7, 7)
    around = {cells[n] for n in R.board.neighbours[middle]}
    assert around == {(7, 6), (7, 8), (6, 7), (6, 8), (8, 6), (8, 7)}


def hand_built() -> island.State:
    """Seat 1 to act with two actions left. Seat 0's ark on the top ark space (2, 15), seat 1's
    on the right one (5, 24). Face up: bears on (3, 14) and (8, 15), camels on (5, 22) and
    (9, 8); face down: a zebra on (7, 8). The beach (3, 16) is flooded. Seat 0 rescued two
    hippos; points 3 and 2."""
    tiles = {
        at(R, 3, 14): "bear",
        at(R, 8, 15): "bear",
        at(R, 5, 22): "camel",
        at(R, 9, 8): "camel",
        at(R, 7, 8): "zebra",
    }
    return position(
        tiles=tiles,
        face_up=[s for s, species in tiles.items() if species != "zebra"],
        flooded=[at(R, 3, 16)],
        arks=[TOP, RIGHT],
        seat=1,
        rescued=[["hippo", "hippo"], []],
        points=[3, 2],
    )


def planes_at(state: island.State, seat: int, row: int, column: int) -> dict[str, list[float]]:
    """The channels of ``seat``'s planes at the cell of map ``(row, column)``."""
    board = observe_planes(island.view(state, seat))["board"]
    return dict(planes_layout(R, 2).at(board, at(R, row, column)))


NOTHING = {
    "board": [1.0],
    "sea": [0.0],
    "ark_space": [0.0],
    "beach": [0.0],
    "jungle": [0.0],
    "water": [0.0],
    "flooded": [0.0],
    "frontier": [0.0],
    "face_down": [0.0],
    "face_up": [0.0] * 14,
    "paired": [0.0],
    "doubled": [0.0, 0.0],
    "arks": [0.0, 0.0],
    "place": [0.0],
    "flood": [0.0],
    "sail": [0.0],
    "rescue": [0.0],
}
"""Every channel at a space that is nothing but on the board."""


def one_hot(index: int, size: int = 14) -> list[float]:
    return [float(i == index) for i in range(size)]


def test_the_planes_of_a_hand_built_position_cell_by_cell() -> None:
    state = hand_built()
    camel, bear = KINDS.index("camel"), KINDS.index("bear")
    # Seats are relative: seat 1 observes, so its own ark and x2 species come first.
    # (5, 22): a face-up camel, one of a pair (the other on (9, 8)); seat 1's blue ark marks
    # camels x2; it touches seat 1's ark on (5, 24), so seat 1 may rescue the pair (I14); it
    # touches an ark space, so the flood may rise there (I9).
    assert planes_at(state, 1, 5, 22) == {
        **NOTHING,
        "jungle": [1.0],
        "frontier": [1.0],
        "face_up": one_hot(camel),
        "paired": [1.0],
        "doubled": [1.0, 0.0],
        "rescue": [1.0],
    }
    # (9, 8): the other camel, inland (its six neighbours are land): no frontier; the second
    # animal of a rescue may lie anywhere (I14).
    assert planes_at(state, 1, 9, 8) == {
        **NOTHING,
        "jungle": [1.0],
        "face_up": one_hot(camel),
        "paired": [1.0],
        "doubled": [1.0, 0.0],
        "rescue": [1.0],
    }
    # (3, 14): a bear of a pair, x2 for seat 0 (red: bear, hippo, penguin), out of seat 1's
    # reach (its ark touches neither bear), next to the top ark space and the sea (2, 13).
    assert planes_at(state, 1, 3, 14) == {
        **NOTHING,
        "jungle": [1.0],
        "frontier": [1.0],
        "face_up": one_hot(bear),
        "paired": [1.0],
        "doubled": [0.0, 1.0],
    }
    # The same bear as seat 0 sees it: x2 for itself, first.
    assert planes_at(state, 0, 3, 14)["doubled"] == [1.0, 0.0]
    # (7, 8): a face-down tile: its species (a zebra) shows nowhere (I20).
    assert planes_at(state, 1, 7, 8) == {**NOTHING, "jungle": [1.0], "face_down": [1.0]}
    # (3, 16): a flooded beach, water now, no longer land the flood may rise on.
    assert planes_at(state, 1, 3, 16) == {
        **NOTHING,
        "beach": [1.0],
        "water": [1.0],
        "flooded": [1.0],
    }
    # (2, 15): the top ark space with seat 0's ark: second for seat 1, first for seat 0.
    assert planes_at(state, 1, 2, 15) == {
        **NOTHING,
        "ark_space": [1.0],
        "water": [1.0],
        "arks": [0.0, 1.0],
    }
    assert planes_at(state, 0, 2, 15)["arks"] == [1.0, 0.0]
    # (4, 25): sea next to seat 1's ark, free: it may sail there (I13). Seat 0 may not act.
    assert planes_at(state, 1, 4, 25) == {**NOTHING, "sea": [1.0], "water": [1.0], "sail": [1.0]}
    assert planes_at(state, 0, 4, 25)["sail"] == [0.0]


def test_the_sail_and_rescue_planes_are_the_legal_moves_of_the_hand_built_position() -> None:
    state = hand_built()
    fields = planes_layout(R, 2).split(observe_planes(island.view(state, 1))["board"])
    cells = {
        name: sorted(map(tuple, np.argwhere(fields[name][0]).tolist()))
        for name in ("sail", "rescue", "flood", "place")
    }
    # Seat 1's ark on (5, 24) touches (5, 22) jungle, (6, 23) beach and the sea (4, 23),
    # (4, 25), (5, 26), (6, 25): it may sail to the four (I13), and rescue the camels.
    assert cells == {
        "sail": sorted(cell(*rc) for rc in [(4, 23), (4, 25), (5, 26), (6, 25)]),
        "rescue": sorted([cell(5, 22), cell(9, 8)]),
        "flood": [],
        "place": [],
    }
    # Off the board: nothing in any channel.
    board = observe_planes(island.view(state, 1))["board"]
    assert not board[:, 0, 0].any() and not board[:, 14, 14].any()
    assert board.shape == (32, 15, 15) and board.dtype == np.float32


def test_the_vector_of_the_hand_built_position() -> None:
    state = hand_built()
    values = planes_layout(R, 2).vector.split(observe_planes(island.view(state, 1))["vector"])
    hippo = KINDS.index("hippo")
    assert values["to_act"].tolist() == [1.0, 0.0]  # seat 1, first as it observes
    assert values["first_player"].tolist() == [0.0, 1.0]  # seat 0, second
    assert values["phase"].tolist() == [0.0, 0.0, 1.0, 0.0]  # place_ark, flood, act, over
    assert values["actions_left"].tolist() == [2.0]
    assert values["water_left"].tolist() == [35.0]  # 36 (I3) less the flooded beach
    assert values["points"].tolist() == [2.0, 3.0]
    # Seat 0: 1 starting (I6) + 2 flood points + 2 hippos (1 each) + 2 for x2 (red doubles
    # hippos) + 2 sole-rescuer bonus (I17) = 9; seat 1: its 2 points.
    assert values["standing"].tolist() == [2.0, 9.0]
    assert values["rescued"][0].tolist() == [0.0] * 14
    assert values["rescued"][1].tolist() == [2.0 * h for h in one_hot(hippo)]
    marked = [[KINDS[i] for i in np.flatnonzero(row)] for row in values["marked"]]
    assert marked == [["camel", "kangaroo", "rhino"], ["bear", "hippo", "penguin"]]
    assert not values["lost"].any() and values["lost_unseen"].tolist() == [0.0]


PLAYED = played("island", max_moves=150)
"""Up to 150 moves of any packaged island rules and player count."""


@given(data=st.data())
def test_planes_hide_the_species_of_face_down_tiles_and_say_what_the_view_says(
    data: st.DataObject,
) -> None:
    """Over random play, each state's planes for a random seat:

    - equal those of the state with the species of every face-down, set-aside and unseen
      covered tile dealt anew (I20);
    - lie in their space;
    - say what the flat observation says, seats turned to the observer's."""
    game_played = data.draw(PLAYED, label="game")
    rules, players = game_played.rules, game_played.players
    space = planes_space(planes_layout(rules, players))
    flat = layout(rules, players)
    rng = Rng.from_seed(game_played.seed ^ 0x9A1)
    differed = 0
    for state in game_played.states:
        seat, rng = rng.below(players)
        hidden = RESHUFFLE["island"](state, seat, rng)
        rng = rng.next64()[1]
        differed += hidden != state
        view = island.view(state, seat)
        seen = observe_planes(view)
        other = observe_planes(island.view(hidden, seat))
        assert seen.keys() == other.keys() == {"board", "vector"}
        assert all(np.array_equal(seen[key], other[key]) for key in seen)
        assert space.contains(seen)
        agree_with_flat(view, seen, flat.split(observe(view)))
    assert differed > 0 or len(game_played.states) == 1


def agree_with_flat(view: island.View, seen: dict[str, Any], flat: Any) -> None:
    """The planes of ``view`` hold at each space what its flat observation holds there."""
    planes = planes_layout(view.rules, view.players)
    rows, columns = zip(*planes.cells, strict=True)
    at_spaces = {name: p[:, rows, columns] for name, p in planes.split(seen["board"]).items()}
    order = [(view.seat + i) % view.players for i in range(view.players)]
    assert np.array_equal(at_spaces["water"][0], flat["water"])
    assert np.array_equal(at_spaces["face_down"][0], flat["face_down"])
    assert np.array_equal(at_spaces["face_up"], flat["face_up"].T)
    assert np.array_equal(at_spaces["arks"], flat["arks"][order])
    assert at_spaces["board"].all()
    values = planes.vector.split(seen["vector"])
    assert np.array_equal(values["points"], flat["points"][order])
    assert np.array_equal(values["rescued"], flat["rescued"][order])
    assert np.array_equal(values["marked"], flat["doubled"][order])
    targets: set[int] = set()
    for move in view.legal_moves:
        targets.update(planes_for(view.rules, view.players).targets(move))
    acting = at_spaces["place"] + at_spaces["flood"] + at_spaces["sail"] + at_spaces["rescue"]
    assert set(np.flatnonzero(acting[0]).tolist()) == targets
    assert bool(targets) == (view.to_act == view.seat and view.phase is not Phase.OVER)


SETTINGS = [
    ("noahrules/Island-v0", {"players": 2, "opponents": "greedy"}),
    ("noahrules/Island-v0", {"players": 4, "seat": None}),
    ("noahrules/Island-v0", {"variants": GAMES["island"].known_variants(), "players": 3}),
]


@pytest.mark.parametrize(("env_id", "kwargs"), SETTINGS, ids=str)
def test_gymnasium_checks_the_environment_with_planes(env_id: str, kwargs: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, observation="planes", **kwargs)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*different from the unwrapped version")
        check_env(env)
    check_env(env.unwrapped)
    observation, _ = env.reset(seed=5)
    assert (
        observation["board"].shape
        == planes_layout(
            env.unwrapped.setup.rules,  # type: ignore[attr-defined]
            kwargs["players"],
        ).shape
    )


def test_the_planes_observation_follows_the_episode_and_pickles() -> None:
    env = NoahEnv("island", players=2, opponents="greedy", seat=1, observation="planes")
    observation, info = env.reset(seed=9)
    assert env.observation_space == planes_space(planes_layout(env.setup.rules, 2))
    view = island.view(env.game_state, 1)
    expected = observe_planes(view)
    assert all(np.array_equal(observation[k], expected[k]) for k in expected)
    copy = pickle.loads(pickle.dumps(env))
    action = int(np.flatnonzero(info["action_mask"])[0])
    mine, theirs = env.step(action), copy.step(action)
    assert all(np.array_equal(mine[0][k], theirs[0][k]) for k in expected)


def test_games_without_planes_refuse_them_naming_those_that_offer_them() -> None:
    message = (
        "the game 'ferry' offers no board-shaped observation (observation='planes'); "
        "games that offer one: island"
    )
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        gymnasium.make("noahrules/Ferry-v0", observation="planes")
    with pytest.raises(ValueError) as refused:
        planes_for(GAMES["ferry"].load_rules(), 3)
    assert str(refused.value) == message
    with pytest.raises(ValueError) as bad:
        NoahEnv("island", observation="grid")
    assert str(bad.value) == "observation must be one of 'flat', 'planes', not 'grid'"
    assert isinstance(NoahEnv("ferry", observation="flat").observation_space, gymnasium.spaces.Box)
