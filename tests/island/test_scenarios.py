"""Scenario tests for the island game, one or more per rule I1-I20 of ``docs/island.md``.

Each test builds an exact position with ``tests/island/builders.py`` (or a new game), applies
moves and checks the exact result. Every expected value is worked out by hand from the rules
text and the printed maps; the comments show the reading. Spaces are named by their map
position ``sp(row, column)`` (both counted from 1). A space (r, c) touches (r, c +- 2) and
(r +- 1, c +- 1). The default map, with the columns of the spaces used below::

     1        ~ ~ ~ ~ ~ ~ ~ ~          row 1: sea at columns 8, 10, ..., 22
     2       ~ ~ ~ ~ A ~ ~ ~ ~         row 2: sea 7-13, ark 15, sea 17-23
     3      ~ ~ # . # . # . ~ ~        row 3: jungle 10, 14, 18; beach 12, 16, 20
     4     ~ ~ . # # # # # . ~ ~       row 4: beach 9, 21; jungle 11-19
     5    ~ A . # # # # # # # A ~      row 5: ark 6, beach 8, jungle 10-22, ark 24
     6   ~ ~ # # # # # # # # . ~ ~     row 6: jungle 7-21, beach 23
     7  ~ ~ . # # # # # # # # # ~ ~    row 7: beach 6, jungle 8-24
     8 ~ ~ # # # # # # # # # # . ~ ~   row 8: jungle 5-23, beach 25
     9  ~ ~ . # # # # # # # # # ~ ~    row 9: beach 6, jungle 8-24
    10   ~ ~ # # # # # # # # . ~ ~     row 10: jungle 7-21, beach 23
    11    ~ A . # # # # # # . A ~      row 11: ark 6, beach 8, jungle 10-20, beach 22, ark 24
    12     ~ ~ . # # # # # # ~ ~       row 12: beach 9, jungle 11-21
    13      ~ ~ # . # . # . ~ ~        row 13: jungle 10, 14, 18; beach 12, 16, 20
    14       ~ ~ ~ ~ A ~ ~ ~ ~         row 14: ark 15
    15        ~ ~ ~ ~ ~ ~ ~ ~

The top ark space TOP = (2, 15) touches (1, 14), (1, 16), (2, 13), (2, 17) (all sea) and
(3, 14) (jungle), (3, 16) (beach). Seat k plays ark k: red doubles bear, hippo, penguin; blue
camel, kangaroo, rhino; green elephant, lion, zebra; yellow giraffe, monkey, panda.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import attrs
import pytest

from noahrules import island
from noahrules.errors import IllegalMoveError, RulesDataError, SetupError
from noahrules.island import (
    Breakdown,
    EndTurn,
    Flood,
    Move,
    MoveArk,
    Phase,
    PlaceArk,
    Rescue,
    State,
    Tile,
)
from tests.island.builders import at, position, rules

R = rules()
SMALL = rules("small-island")
END = EndTurn()

TWELVE = (
    "bear",
    "camel",
    "elephant",
    "giraffe",
    "hippo",
    "kangaroo",
    "lion",
    "monkey",
    "panda",
    "penguin",
    "rhino",
    "zebra",
)
# I2: 12 species x 6, unicorns x 2, fishbones x 6 = 80 tiles.
BOX = Counter({**dict.fromkeys(TWELVE, 6), "unicorn": 2, "fishbone": 6})


def sp(row: int, column: int) -> int:
    """The default board's space at a map position."""
    return at(R, row, column)


def ssp(row: int, column: int) -> int:
    """The small board's space at a map position."""
    return at(SMALL, row, column)


TOP = sp(2, 15)
BOTTOM = sp(14, 15)
# The six ark spaces of the default map in reading order (row by row, left to right).
ARK_SPACES = (sp(2, 15), sp(5, 6), sp(5, 24), sp(11, 6), sp(11, 24), sp(14, 15))
# The printed water of the default map: every sea and ark space.
PRINTED_WATER = frozenset(R.board.of_kind("sea", "ark"))
# A face-down tile far from everything used below, so that by I16 (b) the game goes on.
HIDDEN = {sp(10, 15): "monkey"}


def refused(state: State, move: object, rule: str) -> None:
    """``move`` is refused in ``state`` naming ``rule``, and ``state`` is unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError) as info:
        island.apply(state, move)  # type: ignore[arg-type]
    assert info.value.rule == rule
    assert state == before


def play(state: State, *moves: Move) -> State:
    for move in moves:
        state = island.apply(state, move)
    return state


def without(tiles: dict[int, str], *spaces: int) -> dict[int, str]:
    return {s: species for s, species in tiles.items() if s not in spaces}


def covered_for(
    island_species: Sequence[str], rescued: Sequence[Sequence[str]], set_aside: Sequence[str]
) -> list[str]:
    """The tiles that must have been covered by water for a position to account for all 80
    tiles (I2, I5): the box minus those on the island, rescued and set aside."""
    used = Counter(island_species) + Counter(set_aside)
    for r in rescued:
        used.update(r)
    assert all(BOX[s] >= n for s, n in used.items())
    return sorted((BOX - used).elements())


# --- I1: the board ------------------------------------------------------------------------------


def test_i1_default_board_kinds_and_sizes() -> None:
    board = R.board
    # Counted from the map: rows of 8, 9, ..., 15, ..., 9, 8 spaces = 169 spaces; 6 ark
    # spaces; beaches 3+2+1+1+1+1+1+1+2+1+3 = 17; jungle 74 (80 tiles - 6 set aside).
    assert len(board.kind) == 169
    assert len(board.of_kind("jungle")) == 74
    assert len(board.of_kind("beach")) == 17
    assert board.of_kind("ark") == ARK_SPACES
    assert len(board.of_kind("sea")) == 169 - 74 - 17 - 6
    assert board.kind[sp(3, 14)] == "jungle"
    assert board.kind[sp(3, 16)] == "beach"
    assert board.kind[sp(2, 13)] == "sea"
    assert board.kind[TOP] == "ark"


def test_i1_hex_neighbours_follow_the_map() -> None:
    board = R.board
    assert set(board.neighbours[TOP]) == {
        sp(1, 14),
        sp(1, 16),
        sp(2, 13),
        sp(2, 17),
        sp(3, 14),
        sp(3, 16),
    }
    # An inland jungle space has six land neighbours.
    assert set(board.neighbours[sp(4, 15)]) == {
        sp(3, 14),
        sp(3, 16),
        sp(4, 13),
        sp(4, 17),
        sp(5, 14),
        sp(5, 16),
    }
    # Every land space has six neighbours (sea all around the island) and every ark space
    # touches land.
    for s in board.of_kind("beach", "jungle"):
        assert len(board.neighbours[s]) == 6
    for s in ARK_SPACES:
        assert any(board.kind[n] in ("beach", "jungle") for n in board.neighbours[s])


def test_i1_sea_and_ark_spaces_are_water_from_the_start() -> None:
    state = island.new_game(R, players=2, seed=0)
    assert state.water == PRINTED_WATER
    assert len(state.water) == 169 - 74 - 17
    assert all(s in state.water for s in ARK_SPACES)
    assert not any(s in state.water for s in R.board.of_kind("beach", "jungle"))


def test_i1_jungle_touching_water_at_setup_is_between_8_and_16() -> None:
    # Hand-listed from the map: the jungle spaces with a sea or ark neighbour.
    assert len(SHORE_JUNGLE) == 13
    board = R.board
    touching = [
        s
        for s in board.of_kind("jungle")
        if any(board.kind[n] in ("sea", "ark") for n in board.neighbours[s])
    ]
    assert touching == sorted(sp(r, c) for r, c in SHORE_JUNGLE)


TINY_ROWS = (
    " ~ ~ ~ ~ ~ ~",
    "~ A # # A ~ ~",
    " ~ # # ~ ~ ~",
    "  ~ ~ ~ ~ ~",
)


def tiny_variant(tmp_path: Path, rows: Sequence[str], **params: object) -> Path:
    """A variant file naming a board file written next to it."""
    board = tmp_path / "tiny.yaml"
    board.write_text(
        'legend:\n  "~": sea\n  "A": ark\n  ".": beach\n  "#": jungle\nmap: |2\n'
        + "".join(f"  {row}\n" for row in rows)
    )
    lines = ["rules:", "  board: tiny.yaml", "  players: [2, 2]"]
    lines += [f"  {key}: {value}" for key, value in params.items()]
    variant = tmp_path / "variant.yaml"
    variant.write_text("\n".join(lines) + "\n")
    return variant


def test_i1_loader_accepts_a_well_formed_variant_board(tmp_path: Path) -> None:
    # 4 jungle spaces = 80 tiles - 76 set aside; 4 land spaces for 4 water tiles.
    loaded = island.load_rules([tiny_variant(tmp_path, TINY_ROWS, set_aside=76, water_tiles=4)])
    assert len(loaded.board.of_kind("jungle")) == 4
    assert len(loaded.board.of_kind("ark")) == 2


def test_i1_loader_rejects_fewer_land_spaces_than_water_tiles(tmp_path: Path) -> None:
    with pytest.raises(RulesDataError):
        island.load_rules([tiny_variant(tmp_path, TINY_ROWS, set_aside=76, water_tiles=5)])


def test_i1_loader_rejects_more_jungle_spaces_than_tiles(tmp_path: Path) -> None:
    # 80 - 77 = 3 tiles for 4 jungle spaces.
    with pytest.raises(RulesDataError):
        island.load_rules([tiny_variant(tmp_path, TINY_ROWS, set_aside=77, water_tiles=4)])


def test_i1_loader_rejects_land_not_surrounded_by_sea(tmp_path: Path) -> None:
    # The jungle at row 2, column 7 touches the map's edge on the right.
    rows = (" ~ ~ ~ ~", "~ A # #", " ~ # # ~", "  ~ ~ ~ ~")
    with pytest.raises(RulesDataError):
        island.load_rules([tiny_variant(tmp_path, rows, set_aside=76, water_tiles=4)])


# --- I2, I3, I4: the box ------------------------------------------------------------------------


def test_i2_eighty_tiles_twelve_species_unicorns_and_fishbones() -> None:
    counts = {k.species: k.count for k in R.tiles}
    assert counts == dict(BOX)
    assert sum(counts.values()) == 80
    for species in TWELVE:
        assert R.kind[species].points == 1
        assert R.kind[species].rescuable
    assert R.kind["unicorn"].points == 2
    assert R.kind["unicorn"].rescuable
    assert R.is_species("unicorn")
    assert not R.kind["fishbone"].rescuable


def test_i3_thirty_six_water_tiles() -> None:
    assert R.water_tiles == 36
    assert island.new_game(R, players=3, seed=4).water_left == 36


def test_i4_four_arks_each_marking_three_species() -> None:
    assert [(a.colour, set(a.doubled)) for a in R.arks] == [
        ("red", {"bear", "hippo", "penguin"}),
        ("blue", {"camel", "kangaroo", "rhino"}),
        ("green", {"elephant", "lion", "zebra"}),
        ("yellow", {"giraffe", "monkey", "panda"}),
    ]
    doubled = [s for a in R.arks for s in a.doubled]
    assert sorted(doubled) == sorted(TWELVE)  # every species doubled for exactly one colour


# --- I5, I6: setup ------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (2, 99), (4, 12345)])
def test_i5_one_face_down_tile_on_each_jungle_space_six_set_aside(players: int, seed: int) -> None:
    state = island.new_game(R, players=players, seed=seed)
    jungle = set(R.board.of_kind("jungle"))
    for s in R.board.spaces:
        tile = state.tiles[s]
        if s in jungle:
            assert tile is not None
            assert not tile.face_up
        else:
            assert tile is None
    assert len(state.set_aside) == 6
    assert not any(t.face_up for t in state.set_aside)
    species = Counter(t.species for t in state.tiles if t is not None)
    species.update(t.species for t in state.set_aside)
    assert species == BOX
    assert state.face_up == ()
    assert state.covered == ()
    assert state.rescued == ((),) * players
    assert state.phase is Phase.PLACE_ARK


def test_i5_shuffle_is_seeded() -> None:
    one = island.new_game(R, players=2, seed=1)
    assert island.new_game(R, players=2, seed=1) == one
    other = island.new_game(R, players=2, seed=2)
    assert (other.tiles, other.set_aside) != (one.tiles, one.set_aside)


@pytest.mark.parametrize(
    ("players", "first", "points"),
    [
        (2, 0, (1, 2)),
        (2, 1, (2, 1)),
        (3, 1, (3, 1, 2)),
        (4, 0, (1, 2, 3, 4)),
        (4, 2, (3, 4, 1, 2)),
    ],
)
def test_i6_starting_points_in_turn_order(
    players: int, first: int, points: tuple[int, ...]
) -> None:
    state = island.new_game(R, players=players, seed=5, first_player=first)
    assert state.points == points
    assert state.first_player == first
    assert state.seat == first
    assert island.current_player(state) == first


def test_i6_default_first_player_is_seat_0() -> None:
    state = island.new_game(R, players=3, seed=5)
    assert state.seat == 0
    assert state.points == (1, 2, 3)


def test_i6_turns_go_in_increasing_seat_order_from_the_first_player() -> None:
    state = island.new_game(R, players=3, seed=8, first_player=2)
    order = []
    for space in ARK_SPACES[:3]:
        order.append(state.seat)
        state = island.apply(state, PlaceArk(space))
    assert order == [2, 0, 1]
    assert state.phase is Phase.FLOOD
    assert state.seat == 2  # the first player takes the first turn
    state = play(state, island.legal_moves(state)[0], END)
    assert (state.seat, state.phase) == (0, Phase.FLOOD)
    state = play(state, island.legal_moves(state)[0], END)
    assert (state.seat, state.phase) == (1, Phase.FLOOD)
    state = play(state, island.legal_moves(state)[0], END)
    assert (state.seat, state.phase) == (2, Phase.FLOOD)


@pytest.mark.parametrize(("players", "first"), [(1, 0), (5, 0), (3, 3), (2, -1)])
def test_i6_bad_player_count_or_first_seat_is_refused(players: int, first: int) -> None:
    with pytest.raises(SetupError):
        island.new_game(R, players=players, seed=0, first_player=first)


# --- I7: placing the arks -----------------------------------------------------------------------


def test_i7_place_ark_options_are_the_free_ark_spaces() -> None:
    state = island.new_game(R, players=3, seed=3)
    assert island.legal_moves(state) == tuple(PlaceArk(s) for s in ARK_SPACES)
    state = island.apply(state, PlaceArk(sp(5, 24)))
    assert state.arks == (sp(5, 24), None, None)
    assert state.seat == 1
    assert state.phase is Phase.PLACE_ARK
    assert island.legal_moves(state) == (
        PlaceArk(sp(2, 15)),
        PlaceArk(sp(5, 6)),
        PlaceArk(sp(11, 6)),
        PlaceArk(sp(11, 24)),
        PlaceArk(sp(14, 15)),
    )
    state = island.apply(state, PlaceArk(sp(2, 15)))
    assert state.arks == (sp(5, 24), sp(2, 15), None)
    assert island.legal_moves(state) == (
        PlaceArk(sp(5, 6)),
        PlaceArk(sp(11, 6)),
        PlaceArk(sp(11, 24)),
        PlaceArk(sp(14, 15)),
    )
    state = island.apply(state, PlaceArk(sp(14, 15)))
    assert state.arks == (sp(5, 24), sp(2, 15), sp(14, 15))
    assert state.phase is Phase.FLOOD
    assert state.seat == 0


def test_i7_ark_cannot_be_placed_on_a_taken_ark_space() -> None:
    state = island.apply(island.new_game(R, players=2, seed=3), PlaceArk(sp(5, 24)))
    refused(state, PlaceArk(sp(5, 24)), "I7")


@pytest.mark.parametrize(
    "move",
    [PlaceArk(sp(1, 8)), PlaceArk(sp(3, 14)), PlaceArk(sp(3, 16)), Flood(sp(3, 14)), END],
    ids=["sea", "jungle", "beach", "flood", "end-turn"],
)
def test_i7_only_place_ark_on_an_ark_space_at_setup(move: Move) -> None:
    refused(island.new_game(R, players=2, seed=3), move, "I7")


# --- I8: the first reveal -----------------------------------------------------------------------

# Hand-listed from the map: the 13 jungle spaces next to sea or an ark space.
SHORE_JUNGLE = (
    (3, 10),
    (3, 14),
    (3, 18),
    (5, 22),
    (6, 7),
    (7, 24),
    (8, 5),
    (9, 24),
    (10, 7),
    (12, 21),
    (13, 10),
    (13, 14),
    (13, 18),
)


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (2, 77)])
def test_i8_after_the_arks_every_tile_next_to_water_is_face_up(players: int, seed: int) -> None:
    start = island.new_game(R, players=players, seed=seed)
    state = start
    for space in ARK_SPACES[:players]:
        assert state.face_up == ()  # nothing is turned before every ark is placed
        assert not any(t.face_up for t in state.tiles if t is not None)
        state = island.apply(state, PlaceArk(space))
    shore = sorted(sp(r, c) for r, c in SHORE_JUNGLE)
    assert state.face_up == tuple(shore)
    for s in R.board.of_kind("jungle"):
        before, after = start.tiles[s], state.tiles[s]
        assert before is not None and after is not None
        assert after.species == before.species
        assert after.face_up == (s in shore)
    assert state.phase is Phase.FLOOD


def test_i8_on_the_small_board() -> None:
    state = island.new_game(SMALL, players=2, seed=6)
    state = play(state, PlaceArk(ssp(2, 11)), PlaceArk(ssp(10, 11)))
    # Jungle next to water on the small map: (3, 12), (5, 6), (5, 16), (9, 8), (9, 14).
    shore = sorted([ssp(3, 12), ssp(5, 6), ssp(5, 16), ssp(9, 8), ssp(9, 14)])
    assert state.face_up == tuple(shore)
    assert [s for s, t in enumerate(state.tiles) if t is not None and t.face_up] == shore
    assert len(state.set_aside) == 56


# --- I9: the flood rises ------------------------------------------------------------------------


def test_i9_flood_options_are_the_land_spaces_next_to_water() -> None:
    state = position(
        variants=["small-island"],
        tiles={ssp(6, 11): "bear"},
        arks=[ssp(2, 11), ssp(10, 11)],
        phase=Phase.FLOOD,
    )
    # Land next to sea or ark spaces on the small map, in reading order.
    shore = [
        (3, 8),
        (3, 10),
        (3, 12),
        (3, 14),
        (4, 7),
        (4, 15),
        (5, 6),
        (5, 16),
        (6, 5),
        (6, 17),
        (7, 6),
        (7, 16),
        (8, 7),
        (8, 15),
        (9, 8),
        (9, 10),
        (9, 12),
        (9, 14),
    ]
    assert island.legal_moves(state) == tuple(Flood(ssp(r, c)) for r, c in shore)


def test_i9_flooding_a_beach_turns_it_into_water() -> None:
    state = position(tiles=HIDDEN, arks=[TOP, BOTTOM], phase=Phase.FLOOD, points=[1, 2])
    after = island.apply(state, Flood(sp(3, 16)))
    assert after.water == PRINTED_WATER | {sp(3, 16)}
    assert after.water_left == 35
    assert after.tiles[sp(3, 16)] is None
    # (3, 16) touches the ark space (2, 15) and the sea (2, 17): 2 points (I10).
    assert after.points == (3, 2)
    assert (after.seat, after.phase, after.actions_left) == (0, Phase.ACT, 2)


def test_i9_an_animal_under_the_water_is_lost() -> None:
    tiles = {sp(3, 14): "bear", sp(8, 15): "bear", **HIDDEN}
    state = position(
        tiles=tiles, face_up=[sp(3, 14), sp(8, 15)], arks=[TOP, BOTTOM], phase=Phase.FLOOD
    )
    after = island.apply(state, Flood(sp(3, 14)))
    assert after.tiles[sp(3, 14)] is None
    assert after.covered == (Tile("bear", True),)
    assert after.face_up == (sp(8, 15),)
    assert sp(3, 14) in after.water
    assert after.rescued == ((), ())
    # The lost bear can never be rescued: the other bear has no partner any more.
    assert not any(isinstance(m, Rescue) for m in island.legal_moves(after))


def test_i9_a_face_down_animal_under_the_water_stays_unknown() -> None:
    state = position(tiles={sp(3, 14): "hippo", **HIDDEN}, arks=[TOP, BOTTOM], phase=Phase.FLOOD)
    after = island.apply(state, Flood(sp(3, 14)))
    assert after.tiles[sp(3, 14)] is None
    assert after.covered == (Tile("hippo", False),)
    assert sp(3, 14) not in after.face_up


def test_i9_placed_water_lets_the_flood_reach_inland() -> None:
    # (4, 15) touches only land on the printed map; with (3, 14) flooded it touches water.
    state = position(
        tiles=HIDDEN, flooded=[sp(3, 14)], arks=[TOP, BOTTOM], phase=Phase.FLOOD, points=[1, 2]
    )
    assert Flood(sp(4, 15)) in island.legal_moves(state)
    assert Flood(sp(4, 13)) in island.legal_moves(state)
    after = island.apply(state, Flood(sp(4, 15)))
    assert after.water == PRINTED_WATER | {sp(3, 14), sp(4, 15)}
    assert after.water_left == 34
    # (4, 15) touches one water space, the flooded (3, 14).
    assert after.points == (2, 2)


@pytest.mark.parametrize(
    "space",
    [sp(5, 14), sp(4, 15), sp(2, 13), TOP, sp(3, 14)],
    ids=["inland", "inland-jungle-next-to-land", "sea", "ark-space", "flooded"],
)
def test_i9_flood_only_on_land_next_to_water(space: int) -> None:
    # (5, 14) and (4, 15) touch only land; (2, 13) is sea, TOP an ark space, (3, 14) flooded.
    flooded = [sp(3, 14)] if space == sp(3, 14) else []
    state = position(tiles=HIDDEN, flooded=flooded, arks=[TOP, BOTTOM], phase=Phase.FLOOD)
    refused(state, Flood(space), "I9")


@pytest.mark.parametrize(
    "move",
    [END, MoveArk(sp(1, 14)), Rescue(sp(3, 14), sp(8, 15)), PlaceArk(sp(5, 6))],
    ids=["end-turn", "move-ark", "rescue", "place-ark"],
)
def test_i9_the_flood_step_is_mandatory(move: Move) -> None:
    tiles = {sp(3, 14): "bear", sp(8, 15): "bear", **HIDDEN}
    state = position(
        tiles=tiles, face_up=[sp(3, 14), sp(8, 15)], arks=[TOP, BOTTOM], phase=Phase.FLOOD
    )
    refused(state, move, "I9")


# --- I10: flood points --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flooded", "gain"),
    [
        ((), 2),  # (2, 13) sea and (2, 15) ark space
        (((3, 10),), 2),  # (3, 10) is not a neighbour of (3, 14)
        (((3, 12),), 3),  # + placed water on (3, 12)
        (((3, 12), (3, 16), (4, 13)), 5),  # + three placed water tiles
        (((3, 12), (3, 16), (4, 13), (4, 15)), 6),  # every neighbour is water
    ],
)
def test_i10_one_point_per_water_space_next_to_the_new_tile(
    flooded: tuple[tuple[int, int], ...], gain: int
) -> None:
    state = position(
        players=3,
        tiles=HIDDEN,
        flooded=[sp(r, c) for r, c in flooded],
        arks=[BOTTOM, sp(5, 6), TOP],
        seat=1,
        phase=Phase.FLOOD,
        points=[1, 2, 3],
    )
    after = island.apply(state, Flood(sp(3, 14)))
    assert after.points == (1, 2 + gain, 3)


def test_i10_sea_corner_and_ark_space_with_an_ark_count() -> None:
    # (3, 10) touches sea (2, 9), (2, 11), (3, 8): 3 points.
    state = position(tiles=HIDDEN, arks=[TOP, BOTTOM], phase=Phase.FLOOD, points=[4, 2])
    assert island.apply(state, Flood(sp(3, 10))).points == (7, 2)
    # (5, 8) touches the ark space (5, 6) holding seat 0's ark and the sea (4, 7): 2 points.
    state = position(tiles=HIDDEN, arks=[sp(5, 6), BOTTOM], phase=Phase.FLOOD, points=[4, 2])
    assert island.apply(state, Flood(sp(5, 8))).points == (6, 2)


# --- I11: the reveal after a flood --------------------------------------------------------------


def test_i11_face_down_animals_next_to_the_new_water_turn_face_up() -> None:
    tiles = {
        sp(4, 13): "elephant",  # next to (3, 14), already face up
        sp(4, 15): "camel",  # next to (3, 14), face down
        sp(4, 17): "zebra",  # not next to (3, 14)
        sp(5, 14): "lion",  # not next to (3, 14)
        sp(8, 15): "bear",  # face up far away
    }
    state = position(
        tiles=tiles, face_up=[sp(4, 13), sp(8, 15)], arks=[TOP, BOTTOM], phase=Phase.FLOOD
    )
    after = island.apply(state, Flood(sp(3, 14)))
    assert after.tiles[sp(4, 13)] == Tile("elephant", True)
    assert after.tiles[sp(4, 15)] == Tile("camel", True)
    assert after.tiles[sp(4, 17)] == Tile("zebra", False)
    assert after.tiles[sp(5, 14)] == Tile("lion", False)
    assert after.tiles[sp(8, 15)] == Tile("bear", True)
    assert after.face_up == tuple(sorted([sp(4, 13), sp(4, 15), sp(8, 15)]))


# --- I12: the action step -----------------------------------------------------------------------


def act_position(**changes: object) -> State:
    base: dict[str, object] = {"tiles": HIDDEN, "arks": [TOP, BOTTOM], "points": [1, 2]}
    base.update(changes)
    return position(**base)  # type: ignore[arg-type]


def test_i12_after_the_flood_two_actions_follow() -> None:
    state = act_position(phase=Phase.FLOOD)
    after = island.apply(state, Flood(sp(3, 10)))
    assert (after.seat, after.phase, after.actions_left) == (0, Phase.ACT, 2)
    assert island.current_player(after) == 0


def test_i12_same_action_twice_then_the_turn_ends_by_itself() -> None:
    state = act_position()
    one = island.apply(state, MoveArk(sp(1, 14)))
    assert one.arks == (sp(1, 14), BOTTOM)
    assert (one.seat, one.phase, one.actions_left) == (0, Phase.ACT, 1)
    # (1, 14) touches (1, 12), (1, 16), (2, 13), (2, 15): all water, no other ark.
    assert island.legal_moves(one) == (
        MoveArk(sp(1, 12)),
        MoveArk(sp(1, 16)),
        MoveArk(sp(2, 13)),
        MoveArk(sp(2, 15)),
        END,
    )
    two = island.apply(one, MoveArk(TOP))
    assert two.arks == (TOP, BOTTOM)
    assert (two.seat, two.phase, two.actions_left) == (1, Phase.FLOOD, 0)
    assert two.points == (1, 2)
    assert two.water == state.water


def test_i12_rescue_and_move_in_either_order() -> None:
    tiles = {sp(3, 14): "bear", sp(8, 15): "bear", **HIDDEN}
    state = act_position(tiles=tiles, face_up=[sp(3, 14), sp(8, 15)])
    a = play(state, Rescue(sp(3, 14), sp(8, 15)), MoveArk(sp(2, 13)))
    assert a.arks == (sp(2, 13), BOTTOM)
    assert a.rescued == (("bear", "bear"), ())
    assert (a.seat, a.phase, a.actions_left) == (1, Phase.FLOOD, 0)
    # (2, 13) also touches (3, 14), so the pair can be rescued after the move as well.
    b = play(state, MoveArk(sp(2, 13)), Rescue(sp(3, 14), sp(8, 15)))
    assert b == a


def test_i12_end_turn_with_no_action() -> None:
    state = act_position()
    after = island.apply(state, END)
    assert (after.seat, after.phase, after.actions_left) == (1, Phase.FLOOD, 0)
    assert after.arks == state.arks
    assert after.tiles == state.tiles
    assert after.points == state.points


def test_i12_end_turn_after_one_action() -> None:
    state = act_position()
    after = play(state, MoveArk(sp(1, 16)), END)
    assert after.arks == (sp(1, 16), BOTTOM)
    assert (after.seat, after.phase, after.actions_left) == (1, Phase.FLOOD, 0)


@pytest.mark.parametrize("move", [Flood(sp(3, 10)), PlaceArk(sp(5, 6))], ids=["flood", "place-ark"])
def test_i12_only_actions_in_the_action_step(move: Move) -> None:
    refused(act_position(), move, "I12")
    refused(act_position(actions_left=1), move, "I12")


# --- I13: moving the ark ------------------------------------------------------------------------


def test_i13_ark_moves_to_a_neighbouring_free_water_space() -> None:
    # Seat 1's ark has sailed to the sea space (2, 17) next to TOP.
    state = act_position(arks=[TOP, sp(2, 17)])
    assert island.legal_moves(state) == (
        MoveArk(sp(1, 14)),
        MoveArk(sp(1, 16)),
        MoveArk(sp(2, 13)),
        END,
    )
    after = island.apply(state, MoveArk(sp(1, 16)))
    assert after.arks == (sp(1, 16), sp(2, 17))
    assert after.actions_left == 1


def test_i13_ark_may_sail_onto_flooded_land() -> None:
    state = act_position(flooded=[sp(3, 14)])
    assert island.legal_moves(state) == (
        MoveArk(sp(1, 14)),
        MoveArk(sp(1, 16)),
        MoveArk(sp(2, 13)),
        MoveArk(sp(2, 17)),
        MoveArk(sp(3, 14)),
        END,
    )
    after = island.apply(state, MoveArk(sp(3, 14)))
    assert after.arks == (sp(3, 14), BOTTOM)


@pytest.mark.parametrize(
    "space", [sp(3, 14), sp(3, 16)], ids=["jungle-with-an-animal", "empty-beach"]
)
def test_i13_ark_cannot_sail_onto_land(space: int) -> None:
    tiles = {sp(3, 14): "bear", **HIDDEN}
    refused(act_position(tiles=tiles, face_up=[sp(3, 14)]), MoveArk(space), "I13")


def test_i13_ark_cannot_sail_onto_another_ark() -> None:
    refused(act_position(arks=[TOP, sp(2, 17)]), MoveArk(sp(2, 17)), "I13")


def test_i13_ark_moves_only_one_space() -> None:
    # (1, 12) is water but not a neighbour of TOP; (5, 6) is a free ark space far away.
    refused(act_position(), MoveArk(sp(1, 12)), "I13")
    refused(act_position(), MoveArk(sp(5, 6)), "I13")
    refused(act_position(), MoveArk(TOP), "I13")  # staying put is no move


# --- I1 read literally: ark spaces are not water (ark_spaces_are_water: false) ------------------

APART = rules("ark-spaces-apart")
SEA = frozenset(R.board.of_kind("sea"))
# A tiny island on which one jungle space, J = (3, 6), touches two ark spaces, (2, 5) and (2, 7),
# and otherwise only land: the beaches (3, 4) and (3, 8) and the jungle (4, 5) and (4, 7), which
# all touch the sea. 3 jungle spaces (77 tiles set aside) and 5 land spaces.
LAGOON_ROWS = (
    " ~ ~ ~ ~ ~",
    "~ ~ A A ~ ~",
    " ~ . # . ~",
    "~ ~ # # ~ ~",
    " ~ ~ ~ ~ ~",
)


def lagoon(tmp_path: Path, ark_spaces_are_water: bool) -> island.Rules:
    word = "true" if ark_spaces_are_water else "false"
    variant = tiny_variant(
        tmp_path, LAGOON_ROWS, set_aside=77, water_tiles=5, ark_spaces_are_water=word
    )
    return island.load_rules([variant])


def test_i1_ark_spaces_apart_are_not_water_but_the_flood_may_rise_next_to_them() -> None:
    assert R.ark_spaces_are_water is True and APART.ark_spaces_are_water is False
    state = island.new_game(APART, players=2, seed=0)
    # 72 sea spaces on the default map; the six ark spaces are not water
    assert state.water == SEA and len(SEA) == 72
    assert not any(s in state.water for s in ARK_SPACES)
    # I9 names ark spaces: the land where the flood may rise is the same as by default
    assert state.frontier == island.new_game(R, players=2, seed=0).frontier
    state = play(state, PlaceArk(TOP), PlaceArk(BOTTOM))
    assert state.arks == (TOP, BOTTOM)  # I7: arks still start on ark spaces


@pytest.mark.parametrize(
    ("rules_", "space", "arks", "gain"),
    [
        # (3, 14) touches the sea (2, 13) and the ark space TOP, free or holding an ark
        (R, sp(3, 14), [BOTTOM, sp(5, 6)], 2),
        (APART, sp(3, 14), [BOTTOM, sp(5, 6)], 1),
        (R, sp(3, 14), [TOP, BOTTOM], 2),
        (APART, sp(3, 14), [TOP, BOTTOM], 1),
        # (5, 8) touches the sea (4, 7) and the ark space (5, 6) holding seat 0's ark
        (R, sp(5, 8), [sp(5, 6), BOTTOM], 2),
        (APART, sp(5, 8), [sp(5, 6), BOTTOM], 1),
    ],
    ids=["water-free", "apart-free", "water-own-ark", "apart-own-ark", "water-side", "apart-side"],
)
def test_i10_ark_spaces_apart_score_no_flood_point(
    rules_: island.Rules, space: int, arks: list[int], gain: int
) -> None:
    variants = list(rules_.variants)
    state = position(variants=variants, tiles=HIDDEN, arks=arks, phase=Phase.FLOOD, points=[4, 2])
    after = island.apply(state, Flood(space))
    assert after.points == (4 + gain, 2)
    assert after.water == state.water | {space}


@pytest.mark.parametrize(("water", "gain"), [(True, 2), (False, 0)], ids=["water", "apart"])
def test_i9_i10_ark_spaces_apart_flood_next_to_ark_spaces_only_scores_nothing(
    tmp_path: Path, water: bool, gain: int
) -> None:
    r = lagoon(tmp_path, water)
    j = at(r, 3, 6)
    state = play(
        island.new_game(r, players=2, seed=3), PlaceArk(at(r, 2, 5)), PlaceArk(at(r, 2, 7))
    )
    # I9: every land space touches the sea or an ark space, J included
    land = sorted(at(r, row, column) for row, column in ((3, 4), (3, 6), (3, 8), (4, 5), (4, 7)))
    assert island.legal_moves(state) == tuple(Flood(s) for s in land)
    after = island.apply(state, Flood(j))
    # I10: J's neighbours are the two ark spaces and four land spaces
    assert after.points == (1 + gain, 2)


@pytest.mark.parametrize(
    ("water", "revealed"),
    [(True, ((3, 6), (4, 5), (4, 7))), (False, ((4, 5), (4, 7)))],
    ids=["water", "apart"],
)
def test_i8_ark_spaces_apart_reveal_nothing(
    tmp_path: Path, water: bool, revealed: tuple[tuple[int, int], ...]
) -> None:
    r = lagoon(tmp_path, water)
    state = play(
        island.new_game(r, players=2, seed=3), PlaceArk(at(r, 2, 5)), PlaceArk(at(r, 2, 7))
    )
    # J touches water only through the ark spaces; (4, 5) and (4, 7) touch the sea
    assert state.face_up == tuple(sorted(at(r, row, column) for row, column in revealed))
    if not water:
        # I11: water laid on the beach (3, 4) next to J turns it face up
        j = at(r, 3, 6)
        tile = state.tiles[j]
        assert tile is not None and not tile.face_up
        after = island.apply(state, Flood(at(r, 3, 4)))
        assert after.tiles[j] == Tile(tile.species, True)


def test_i8_ark_spaces_apart_on_the_default_board_reveal_the_same_tiles() -> None:
    # Every jungle space of the default map that touches an ark space also touches the sea:
    # (3, 14), (5, 22), (6, 7), (10, 7) and (13, 14); so the same 13 tiles are turned.
    state = play(island.new_game(APART, players=2, seed=4), PlaceArk(TOP), PlaceArk(BOTTOM))
    assert state.face_up == tuple(sorted(sp(r, c) for r, c in SHORE_JUNGLE))


@pytest.mark.parametrize("variants", [[], ["ark-spaces-apart"]], ids=["water", "apart"])
def test_i13_ark_spaces_apart_an_ark_sails_off_its_ark_space(variants: list[str]) -> None:
    # TOP touches the sea (1, 14), (1, 16), (2, 13), (2, 17) and the land (3, 14), (3, 16)
    state = position(variants=variants, tiles=HIDDEN, arks=[TOP, BOTTOM])
    sea = [MoveArk(sp(r, c)) for r, c in ((1, 14), (1, 16), (2, 13), (2, 17))]
    assert island.legal_moves(state) == (*sea, END)


def test_i13_ark_spaces_apart_an_ark_cannot_sail_back_onto_an_ark_space() -> None:
    # (2, 13) touches the sea (1, 12), (1, 14), (2, 11), the ark space TOP and land.
    back = position(tiles=HIDDEN, arks=[sp(2, 13), BOTTOM])
    assert MoveArk(TOP) in island.legal_moves(back)
    assert island.apply(back, MoveArk(TOP)).arks == (TOP, BOTTOM)
    state = position(variants=["ark-spaces-apart"], tiles=HIDDEN, arks=[TOP, BOTTOM])
    state = island.apply(state, MoveArk(sp(2, 13)))
    assert island.legal_moves(state) == (
        MoveArk(sp(1, 12)),
        MoveArk(sp(1, 14)),
        MoveArk(sp(2, 11)),
        END,
    )
    refused(state, MoveArk(TOP), "I13")
    with pytest.raises(IllegalMoveError, match="I13: "):
        island.apply(state, MoveArk(TOP))


# --- I14: rescuing a pair -----------------------------------------------------------------------

PAIR = {sp(3, 14): "bear", sp(8, 15): "bear", **HIDDEN}
PAIR_UP = [sp(3, 14), sp(8, 15)]


def test_i14_rescue_a_face_up_pair_one_next_to_the_ark() -> None:
    state = act_position(tiles=PAIR, face_up=PAIR_UP)
    assert island.legal_moves(state) == (
        MoveArk(sp(1, 14)),
        MoveArk(sp(1, 16)),
        MoveArk(sp(2, 13)),
        MoveArk(sp(2, 17)),
        Rescue(sp(3, 14), sp(8, 15)),
        END,
    )
    after = island.apply(state, Rescue(sp(3, 14), sp(8, 15)))
    assert after.tiles[sp(3, 14)] is None
    assert after.tiles[sp(8, 15)] is None
    assert after.tiles[sp(10, 15)] == Tile("monkey", False)
    assert after.rescued == (("bear", "bear"), ())
    assert after.face_up == ()
    # The spaces stay land: no water, no flood point, no water tile used.
    assert after.water == state.water
    assert sp(3, 14) not in after.water
    assert sp(8, 15) not in after.water
    assert after.water_left == state.water_left
    assert after.points == (1, 2)
    assert (after.seat, after.phase, after.actions_left) == (0, Phase.ACT, 1)


def test_i14_rescue_accepts_the_two_spaces_in_either_order() -> None:
    state = act_position(tiles=PAIR, face_up=PAIR_UP)
    assert island.apply(state, Rescue(sp(8, 15), sp(3, 14))) == island.apply(
        state, Rescue(sp(3, 14), sp(8, 15))
    )


def test_i14_each_pair_with_an_animal_next_to_the_ark_is_listed_once() -> None:
    tiles = {sp(3, 14): "bear", sp(8, 15): "bear", sp(12, 15): "bear", **HIDDEN}
    up = [sp(3, 14), sp(8, 15), sp(12, 15)]
    state = act_position(tiles=tiles, face_up=up)
    rescues = [m for m in island.legal_moves(state) if isinstance(m, Rescue)]
    # (8, 15) with (12, 15): neither touches TOP, so not a legal pair.
    assert rescues == [Rescue(sp(3, 14), sp(8, 15)), Rescue(sp(3, 14), sp(12, 15))]
    refused(state, Rescue(sp(8, 15), sp(12, 15)), "I14")
    after = island.apply(state, Rescue(sp(12, 15), sp(3, 14)))
    assert after.tiles[sp(8, 15)] == Tile("bear", True)
    assert after.tiles[sp(3, 14)] is None
    assert after.tiles[sp(12, 15)] is None
    assert after.face_up == (sp(8, 15),)


def test_i14_both_next_to_the_ark() -> None:
    # The ark sits on flooded (3, 14); (4, 13) and (4, 15) both touch it.
    tiles = {sp(4, 13): "unicorn", sp(4, 15): "unicorn", **HIDDEN}
    state = act_position(
        tiles=tiles, face_up=[sp(4, 13), sp(4, 15)], flooded=[sp(3, 14)], arks=[sp(3, 14), BOTTOM]
    )
    after = island.apply(state, Rescue(sp(4, 13), sp(4, 15)))
    assert after.rescued == (("unicorn", "unicorn"), ())
    assert after.tiles[sp(4, 13)] is None
    assert after.tiles[sp(4, 15)] is None


@pytest.mark.parametrize(
    ("tiles", "up", "move"),
    [
        # the partner is face down
        ({sp(3, 14): "bear", sp(8, 15): "bear"}, [sp(3, 14)], Rescue(sp(3, 14), sp(8, 15))),
        # two species
        (
            {sp(3, 14): "bear", sp(8, 15): "camel"},
            [sp(3, 14), sp(8, 15)],
            Rescue(sp(3, 14), sp(8, 15)),
        ),
        # neither animal touches the ark
        (
            {sp(8, 13): "camel", sp(8, 15): "camel"},
            [sp(8, 13), sp(8, 15)],
            Rescue(sp(8, 13), sp(8, 15)),
        ),
        # fishbones are never rescued
        (
            {sp(3, 14): "fishbone", sp(8, 15): "fishbone"},
            [sp(3, 14), sp(8, 15)],
            Rescue(sp(3, 14), sp(8, 15)),
        ),
        # an empty space
        ({sp(3, 14): "bear"}, [sp(3, 14)], Rescue(sp(3, 14), sp(4, 15))),
        # next to seat 1's ark at (2, 17), not to seat 0's at TOP
        (
            {sp(3, 18): "lion", sp(8, 15): "lion"},
            [sp(3, 18), sp(8, 15)],
            Rescue(sp(3, 18), sp(8, 15)),
        ),
    ],
    ids=["face-down", "two-species", "not-next-to-ark", "fishbones", "empty", "other-ark"],
)
def test_i14_rescue_refused(tiles: dict[int, str], up: list[int], move: Rescue) -> None:
    state = act_position(tiles={**tiles, **HIDDEN}, face_up=up, arks=[TOP, sp(2, 17)])
    assert not any(isinstance(m, Rescue) for m in island.legal_moves(state))
    refused(state, move, "I14")


def test_i14_one_animal_named_twice_is_refused() -> None:
    state = act_position(tiles=PAIR, face_up=PAIR_UP)
    refused(state, Rescue(sp(3, 14), sp(3, 14)), "I14")
    refused(state, Rescue(sp(8, 15), sp(8, 15)), "I14")


def test_i14_the_other_ark_may_rescue_next_to_its_own_ark() -> None:
    # The pair refused to seat 0 above is legal for seat 1, whose ark at (2, 17) touches (3, 18).
    tiles = {sp(3, 18): "lion", sp(8, 15): "lion", **HIDDEN}
    state = act_position(tiles=tiles, face_up=[sp(3, 18), sp(8, 15)], arks=[TOP, sp(2, 17)], seat=1)
    after = island.apply(state, Rescue(sp(3, 18), sp(8, 15)))
    assert after.rescued == ((), ("lion", "lion"))


# --- I15, I16: end of a turn and of the game ----------------------------------------------------


def test_i15_play_passes_to_the_next_seat_and_wraps() -> None:
    state = act_position(players=3, arks=[TOP, BOTTOM, sp(5, 6)], points=[1, 2, 3], seat=2)
    after = island.apply(state, END)
    assert (after.seat, after.phase) == (0, Phase.FLOOD)
    after = island.apply(
        act_position(players=3, arks=[TOP, BOTTOM, sp(5, 6)], points=[1, 2, 3]), END
    )
    assert (after.seat, after.phase) == (1, Phase.FLOOD)


def test_i15_no_land_left_to_flood_ends_the_game() -> None:
    land = R.board.of_kind("beach", "jungle")
    state = position(tiles={}, flooded=land, arks=[TOP, BOTTOM], water_left=5)
    assert state.water_left == 5
    after = island.apply(state, END)
    assert after.phase is Phase.OVER
    assert island.is_over(after)
    assert island.legal_moves(after) == ()


def test_i16_last_water_tile_the_player_still_acts_then_the_game_ends() -> None:
    tiles = {sp(3, 18): "zebra", **HIDDEN}
    state = position(
        tiles=tiles, arks=[TOP, BOTTOM], phase=Phase.FLOOD, water_left=1, points=[1, 2]
    )
    flooded = island.apply(state, Flood(sp(3, 16)))
    assert flooded.water_left == 0
    assert flooded.points == (3, 2)  # (3, 16) touches TOP and (2, 17)
    assert flooded.tiles[sp(3, 18)] == Tile("zebra", True)  # I11
    assert (flooded.seat, flooded.phase, flooded.actions_left) == (0, Phase.ACT, 2)
    assert not island.is_over(flooded)
    assert island.legal_moves(flooded) == (
        MoveArk(sp(1, 14)),
        MoveArk(sp(1, 16)),
        MoveArk(sp(2, 13)),
        MoveArk(sp(2, 17)),
        MoveArk(sp(3, 16)),
        END,
    )
    moved = island.apply(flooded, MoveArk(sp(3, 16)))
    assert (moved.phase, moved.actions_left) == (Phase.ACT, 1)
    over = island.apply(moved, END)
    assert over.phase is Phase.OVER
    assert over.arks == (sp(3, 16), BOTTOM)
    assert island.is_over(over)
    assert island.current_player(over) is None
    assert island.legal_moves(over) == ()
    # After the second action the turn ends by itself, and so does the game.
    over2 = play(flooded, MoveArk(sp(3, 16)), MoveArk(TOP))
    assert over2.phase is Phase.OVER


def test_i16_game_goes_on_while_water_tiles_remain() -> None:
    tiles = {sp(3, 18): "zebra", **HIDDEN}
    state = position(tiles=tiles, arks=[TOP, BOTTOM], phase=Phase.FLOOD, water_left=2)
    after = play(state, Flood(sp(3, 16)), END)
    assert after.water_left == 1
    assert (after.seat, after.phase) == (1, Phase.FLOOD)


SET_ASIDE = ["bear", "camel", "elephant", "giraffe", "hippo", "kangaroo"]
RESCUED_SO_FAR = [
    ["camel"] * 4 + ["elephant"] * 4 + ["giraffe"] * 4 + ["hippo"] * 4 + ["kangaroo"] * 4,
    ["monkey"] * 6 + ["panda"] * 6 + ["penguin"] * 6 + ["rhino"] * 6 + ["zebra"] * 6,
]


def late_position(island_tiles: dict[int, str], face_up: list[int], lions: int) -> State:
    """A late position that accounts for all 80 tiles: seat 0 (ark TOP) to act; the rest of
    each species is rescued, set aside or covered."""
    rescued = [RESCUED_SO_FAR[0] + ["lion"] * lions, RESCUED_SO_FAR[1] + ["unicorn"] * 2]
    if "unicorn" in island_tiles.values():
        rescued[1] = RESCUED_SO_FAR[1]
    covered = covered_for(list(island_tiles.values()), rescued, SET_ASIDE)
    assert len(covered) <= 20  # 20 water tiles placed
    return position(
        tiles=island_tiles,
        face_up=face_up,
        arks=[TOP, BOTTOM],
        rescued=rescued,
        covered=covered,
        set_aside=SET_ASIDE,
        water_left=16,
        points=[10, 12],
    )


LATE = {
    sp(3, 14): "bear",
    sp(8, 15): "bear",
    sp(8, 17): "lion",
    sp(6, 9): "fishbone",
    sp(6, 11): "fishbone",
}


def test_i16_nothing_left_to_reveal_or_rescue_ends_the_game_at_the_end_of_the_turn() -> None:
    state = late_position(LATE, list(LATE), lions=4)
    rescued = island.apply(state, Rescue(sp(3, 14), sp(8, 15)))
    # Only a lone lion and two fishbones remain, all face up, but the turn goes on.
    assert (rescued.seat, rescued.phase, rescued.actions_left) == (0, Phase.ACT, 1)
    assert island.legal_moves(rescued) == (
        MoveArk(sp(1, 14)),
        MoveArk(sp(1, 16)),
        MoveArk(sp(2, 13)),
        MoveArk(sp(2, 17)),
        END,
    )
    over = island.apply(rescued, END)
    assert over.phase is Phase.OVER
    assert over.water_left == 16
    assert island.legal_moves(over) == ()
    over2 = island.apply(rescued, MoveArk(sp(1, 14)))
    assert over2.phase is Phase.OVER
    assert over2.arks == (sp(1, 14), BOTTOM)


def test_i16_fishbones_alone_do_not_keep_the_game_going() -> None:
    tiles = without(LATE, sp(3, 14), sp(8, 15))
    state = late_position(tiles, list(tiles), lions=4)
    # bear: 6 - 1 set aside - 0 on the island, so 5 covered.
    assert Counter(t.species for t in state.covered)["bear"] == 5
    assert island.apply(state, END).phase is Phase.OVER


def test_i16_a_face_down_animal_keeps_the_game_going() -> None:
    up = [sp(3, 14), sp(8, 15), sp(6, 9), sp(6, 11)]  # the lion at (8, 17) lies face down
    state = late_position(LATE, up, lions=4)
    after = play(state, Rescue(sp(3, 14), sp(8, 15)), END)
    assert (after.seat, after.phase) == (1, Phase.FLOOD)


def test_i16_a_face_up_pair_anywhere_keeps_the_game_going() -> None:
    # Two face-up lions, neither next to an ark.
    tiles = {**LATE, sp(8, 19): "lion"}
    state = late_position(tiles, list(tiles), lions=4)
    after = play(state, Rescue(sp(3, 14), sp(8, 15)), END)
    assert (after.seat, after.phase) == (1, Phase.FLOOD)


def test_i16_a_face_up_unicorn_pair_keeps_the_game_going() -> None:
    tiles = {**LATE, sp(8, 19): "unicorn", sp(8, 21): "unicorn"}
    state = late_position(tiles, list(tiles), lions=4)
    after = play(state, Rescue(sp(3, 14), sp(8, 15)), END)
    assert (after.seat, after.phase) == (1, Phase.FLOOD)


@pytest.mark.parametrize(
    "move",
    [END, Flood(sp(3, 16)), MoveArk(sp(1, 14)), PlaceArk(sp(5, 6)), Rescue(sp(3, 14), sp(8, 15))],
    ids=["end-turn", "flood", "move-ark", "place-ark", "rescue"],
)
def test_i16_no_move_after_the_game_is_over(move: Move) -> None:
    state = position(
        tiles=PAIR, face_up=PAIR_UP, arks=[TOP, BOTTOM], phase=Phase.OVER, water_left=0
    )
    assert island.legal_moves(state) == ()
    refused(state, move, "I16")


# --- I17, I18, I19: scoring ---------------------------------------------------------------------


def end_position(
    rescued: Sequence[Sequence[str]],
    points: Sequence[int],
    variants: Sequence[str] = (),
    first_player: int = 0,
) -> State:
    players = len(rescued)
    return position(
        variants=variants,
        players=players,
        tiles={},
        arks=list(ARK_SPACES[:players]),
        phase=Phase.OVER,
        rescued=rescued,
        points=points,
        first_player=first_player,
        water_left=0,
    )


TWO = [
    ["bear"] * 4 + ["camel"] * 2 + ["unicorn"] * 2,  # red: bear x2
    ["camel"] * 2 + ["rhino"] * 2 + ["lion"] * 2,  # blue: camel, rhino x2
]


def test_i17_simple_scoring_two_players() -> None:
    state = end_position(TWO, [10, 7])
    # Seat 0: start 1, flood 9. Bears 4 x 1 = 4, doubled +4, sole +2; camels 2 (seat 1 has
    # camels too: no bonus, not red's x2); unicorns 2 x 2 = 4, sole +2.
    # animals 4 + 2 + 4 = 10, doubled 4, bonus 4: total 10 + 10 + 4 + 4 = 28.
    # Seat 1: start 2, flood 5. Camels 2, doubled +2; rhinos 2, doubled +2, sole +2; lions 2,
    # sole +2. animals 6, doubled 4, bonus 4: total 7 + 6 + 4 + 4 = 21.
    assert island.breakdown(state) == (Breakdown(1, 9, 10, 4, 4), Breakdown(2, 5, 6, 4, 4))
    assert [b.total for b in island.breakdown(state)] == [28, 21]
    assert island.scores(state) == (28, 21)
    assert island.winners(state) == (0,)


THREE = [
    ["zebra"] * 2 + ["bear"] * 4 + ["unicorn"] * 2,  # red: bear x2
    ["zebra"] * 4 + ["camel"] * 2,  # blue: camel x2
    ["camel"] * 2 + ["lion"] * 2,  # green: lion (and zebra) x2
]


def test_i17_simple_scoring_three_players() -> None:
    state = end_position(THREE, [5, 4, 3])
    # Starts 1, 2, 3; flood 4, 2, 0.
    # Seat 0: zebras 2 (seat 1 has zebras), bears 4 doubled +4 sole +2, unicorns 2 x 2 = 4
    # sole +2: animals 10, doubled 4, bonus 4, total 5 + 18 = 23.
    # Seat 1: zebras 4, camels 2 doubled +2: animals 6, doubled 2, total 4 + 8 = 12.
    # Seat 2: camels 2, lions 2 doubled +2 sole +2: animals 4, doubled 2, bonus 2,
    # total 3 + 8 = 11.
    assert island.breakdown(state) == (
        Breakdown(1, 4, 10, 4, 4),
        Breakdown(2, 2, 6, 2, 0),
        Breakdown(3, 0, 4, 2, 2),
    )
    assert island.scores(state) == (23, 12, 11)
    assert island.winners(state) == (0,)


def test_i17_no_rescues_scores_only_start_and_flood_points() -> None:
    # First player seat 2: starting points seat 2 = 1, seat 0 = 2, seat 1 = 3 (I6).
    state = end_position([[], [], []], [2, 5, 1], first_player=2)
    assert island.breakdown(state) == (
        Breakdown(2, 0, 0, 0, 0),
        Breakdown(3, 2, 0, 0, 0),
        Breakdown(1, 0, 0, 0, 0),
    )
    assert island.scores(state) == (2, 5, 1)
    assert island.winners(state) == (1,)


def test_i17_during_play_scores_are_the_running_points() -> None:
    state = act_position(rescued=[["bear", "bear"], ["lion", "lion"]], points=[4, 6])
    assert island.scores(state) == (4, 6)
    state = position(
        tiles=HIDDEN,
        arks=[TOP, BOTTOM],
        phase=Phase.FLOOD,
        rescued=[["unicorn", "unicorn"], []],
        points=[3, 9],
    )
    assert island.scores(state) == (3, 9)


def test_i18_advanced_scoring_two_players_tie_broken_by_animals() -> None:
    state = end_position(TWO, [10, 7], variants=["advanced-scoring"])
    # Pairs rescued in all: bear 2 (3 each), camel 2 (3 each), unicorn 1 (6), rhino 1 (6),
    # lion 1 (6).
    # Seat 0: bears 2 x 3 = 6 doubled +6 sole +2; camel 3; unicorns 6 sole +2.
    # animals 15, doubled 6, bonus 4: total 10 + 25 = 35.
    # Seat 1: camel 3 doubled +3; rhinos 6 doubled +6 sole +2; lions 6 sole +2.
    # animals 15, doubled 9, bonus 4: total 7 + 28 = 35.
    assert island.breakdown(state) == (Breakdown(1, 9, 15, 6, 4), Breakdown(2, 5, 15, 9, 4))
    assert island.scores(state) == (35, 35)
    # I19: tied on points; seat 0 rescued 8 animals, seat 1 6.
    assert island.winners(state) == (0,)


def test_i18_advanced_scoring_shares_six_over_one_two_three_pairs() -> None:
    state = end_position(THREE, [5, 4, 3], variants=["advanced-scoring"])
    # Pairs in all: zebra 3 (2 each), bear 2 (3 each), unicorn 1 (6), camel 2 (3 each),
    # lion 1 (6).
    # Seat 0: zebra 1 pair = 2; bears 2 pairs = 6 doubled +6 sole +2; unicorns 6 sole +2.
    # animals 14, doubled 6, bonus 4: total 5 + 24 = 29.
    # Seat 1: zebras 2 pairs = 4; camel 3 doubled +3: animals 7, doubled 3: total 4 + 10 = 14.
    # Seat 2: camel 3; lion 6 doubled +6 sole +2: animals 9, doubled 6, bonus 2: 3 + 17 = 20.
    assert island.breakdown(state) == (
        Breakdown(1, 4, 14, 6, 4),
        Breakdown(2, 2, 7, 3, 0),
        Breakdown(3, 0, 9, 6, 2),
    )
    assert island.scores(state) == (29, 14, 20)
    assert island.winners(state) == (0,)


def test_i18_three_pairs_shared_by_three_players() -> None:
    rescued = [["zebra"] * 2, ["zebra"] * 2, ["zebra"] * 2 + ["elephant"] * 2]
    state = end_position(rescued, [1, 2, 3], variants=["advanced-scoring"])
    # zebra: 3 pairs, 2 each; doubled only for green (seat 2). elephant: 1 pair, 6, green's
    # x2, sole +2. Seat 0: 1 + 2 = 3. Seat 1: 2 + 2 = 4. Seat 2: 3 + (2 + 6) + (2 + 6) + 2 = 21.
    assert island.breakdown(state) == (
        Breakdown(1, 0, 2, 0, 0),
        Breakdown(2, 0, 2, 0, 0),
        Breakdown(3, 0, 8, 8, 2),
    )
    assert island.scores(state) == (3, 4, 21)
    assert island.winners(state) == (2,)


def test_i18_during_play_scores_are_the_running_points() -> None:
    state = act_position(
        variants=["advanced-scoring"], rescued=[["bear", "bear"], ["lion", "lion"]], points=[4, 6]
    )
    assert island.scores(state) == (4, 6)


def test_i19_highest_total_wins_whatever_was_rescued() -> None:
    state = end_position([[], ["lion", "lion"]], [20, 2])
    # Seat 0: 20. Seat 1: 2 + lions 2 + sole 2 = 6.
    assert island.scores(state) == (20, 6)
    assert island.winners(state) == (0,)


def test_i19_tie_on_points_most_animals_wins() -> None:
    state = end_position([["bear"] * 2, ["lion"] * 2 + ["zebra"] * 2], [4, 2])
    # Seat 0: 4 + bears 2 doubled +2 sole +2 = 10. Seat 1: 2 + 4 animals + 2 sole bonuses x 2
    # = 10. Animals: 2 against 4.
    assert island.scores(state) == (10, 10)
    assert island.winners(state) == (1,)


def test_i19_tie_on_points_and_animals_most_species_wins() -> None:
    state = end_position([["bear"] * 4, ["lion"] * 2 + ["zebra"] * 2], [1, 3])
    # Seat 0: 1 + bears 4 doubled +4 sole +2 = 11. Seat 1: 3 + 4 + 2 + 2 = 11.
    # Animals 4 and 4; species 1 against 2.
    assert island.scores(state) == (11, 11)
    assert island.winners(state) == (1,)


def test_i19_still_tied_is_a_shared_win() -> None:
    state = end_position([["bear"] * 2, ["hippo"] * 2, []], [1, 3, 3])
    # Seat 0: 1 + bears 2 doubled +2 sole +2 = 7. Seat 1: 3 + hippos 2 (red's x2, not blue's)
    # + sole 2 = 7. Seat 2: 3. Animals 2 and 2, species 1 and 1.
    assert island.scores(state) == (7, 7, 3)
    assert island.winners(state) == (0, 1)


def test_i19_a_unicorn_counts_one_animal_in_the_tie_break() -> None:
    state = end_position([["unicorn"] * 2, ["lion"] * 2], [1, 3])
    # Seat 0: 1 + unicorns 2 x 2 + sole 2 = 7. Seat 1: 3 + lions 2 + sole 2 = 7.
    # Animals 2 and 2 (a unicorn counts 1), species 1 and 1: shared.
    assert island.scores(state) == (7, 7)
    assert island.winners(state) == (0, 1)


def test_i19_tie_break_in_advanced_scoring() -> None:
    rescued = [["bear"] * 2 + ["camel"] * 2, ["hippo"] * 2 + ["lion"] * 2]
    state = end_position(rescued, [1, 2], variants=["advanced-scoring"])
    # Seat 0: bear 6 doubled +6 sole +2, camel 6 sole +2 = 1 + 22 = 23.
    # Seat 1: hippo 6 sole +2, lion 6 sole +2 = 2 + 16 = 18.
    assert island.scores(state) == (23, 18)
    assert island.winners(state) == (0,)


# --- I20: hidden information --------------------------------------------------------------------


def test_i20_a_tile_is_only_its_species_and_side() -> None:
    assert [f.name for f in attrs.fields(Tile)] == ["species", "face_up"]
    state = island.new_game(R, players=2, seed=11)
    bears = [t for t in state.tiles if t is not None and t.species == "bear"]
    assert bears
    assert all(t == Tile("bear", False) for t in bears)
    names = {f.name for f in attrs.fields(State)}
    assert not any("rng" in n or "seed" in n for n in names)


def test_i20_the_set_aside_tiles_never_change_play() -> None:
    tiles = {sp(3, 14): "bear", sp(8, 15): "bear", sp(4, 15): "camel", **HIDDEN}
    one = act_position(tiles=tiles, face_up=PAIR_UP, set_aside=["bear"] * 6)
    other = act_position(tiles=tiles, face_up=PAIR_UP, set_aside=["zebra"] * 6)
    assert island.legal_moves(one) == island.legal_moves(other)
    for move in island.legal_moves(one):
        a, b = island.apply(one, move), island.apply(other, move)
        assert attrs.evolve(a, set_aside=()) == attrs.evolve(b, set_aside=())
        assert a.set_aside == one.set_aside


def test_i20_a_face_down_species_does_not_change_the_moves() -> None:
    # A face-up bear next to the ark and a face-down bear or camel elsewhere: no rescue either way.
    one = act_position(tiles={sp(3, 14): "bear", sp(8, 15): "bear"}, face_up=[sp(3, 14)])
    other = act_position(tiles={sp(3, 14): "bear", sp(8, 15): "camel"}, face_up=[sp(3, 14)])
    assert island.legal_moves(one) == island.legal_moves(other)
    assert not any(isinstance(m, Rescue) for m in island.legal_moves(one))


def test_i20_set_aside_tiles_never_enter_play() -> None:
    state = island.new_game(R, players=3, seed=21)
    set_aside = state.set_aside
    steps = 0
    while not island.is_over(state):
        moves = island.legal_moves(state)
        rescues = [m for m in moves if isinstance(m, Rescue)]
        state = island.apply(state, rescues[0] if rescues else moves[0])
        steps += 1
        assert state.set_aside == set_aside
        in_play: Counter[str] = Counter(t.species for t in state.tiles if t is not None)
        in_play.update(t.species for t in state.covered)
        for r in state.rescued:
            in_play.update(r)
        assert in_play == BOX - Counter(t.species for t in set_aside)
    assert steps > 36
