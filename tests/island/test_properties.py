"""Property tests over random legal play of the island game: 2-4 players, both scoring schemes,
both packaged boards."""

from __future__ import annotations

from collections import Counter

from hypothesis import given

from noahrules import island
from noahrules.island import Phase, Rescue, State
from noahrules.testing import Played, played
from tests.harness import flood_frontier, tile_places

games = played(island.GAME, None)


@given(games)
def test_i2_i5_every_tile_is_in_exactly_one_place(game: Played[State, island.Move]) -> None:
    for state, _, after in game.steps():
        expected = Counter({k.species: k.count for k in state.rules.tiles})
        assert tile_places(after) == expected
        jungle = set(after.rules.board.of_kind("jungle"))
        assert all(after.tiles[s] is None for s in after.rules.board.spaces if s not in jungle)


def is_water_from_the_start(rules: island.Rules, space: int) -> bool:
    """I1: sea, and ark spaces unless ``ark_spaces_are_water`` is false."""
    kind = rules.board.kind[space]
    return kind == "sea" or (kind == "ark" and rules.ark_spaces_are_water)


@given(games)
def test_i3_i13_arks_only_on_water_never_shared_and_water_accounted(
    game: Played[State, island.Move],
) -> None:
    for state, move, after in game.steps():
        board = after.rules.board
        placed = [a for a in after.arks if a is not None]
        assert len(placed) == len(set(placed))
        # I7, I13: an ark starts on an ark space and sails only onto water
        assert all(a in after.water or board.kind[a] == "ark" for a in placed)
        if isinstance(move, island.MoveArk):
            assert move.space in state.water
        printed_water = sum(is_water_from_the_start(after.rules, s) for s in board.spaces)
        assert len(after.water) - printed_water + after.water_left == after.rules.water_tiles
        assert after.water_left >= 0
        assert all(after.tiles[s] is None for s in after.water)
        if after.phase is not Phase.PLACE_ARK:
            assert None not in after.arks
        assert state.water <= after.water


@given(games)
def test_i14_only_face_up_pairs_next_to_the_ark_are_rescued(
    game: Played[State, island.Move],
) -> None:
    for state, move, after in game.steps():
        if not isinstance(move, Rescue):
            continue
        first, second = state.tiles[move.first], state.tiles[move.second]
        assert first is not None and second is not None
        assert first.face_up and second.face_up
        assert first.species == second.species != "fishbone"
        assert state.rules.kind[first.species].rescuable
        ark = state.arks[state.seat]
        assert ark is not None
        near = state.rules.board.neighbours[ark]
        assert move.first in near or move.second in near
        assert after.tiles[move.first] is None and after.tiles[move.second] is None
        assert move.first not in after.water and move.second not in after.water
        gained = Counter(after.rescued[state.seat]) - Counter(state.rescued[state.seat])
        assert gained == Counter({first.species: 2})


@given(games)
def test_i8_i11_no_face_down_tile_next_to_water_once_play_starts(
    game: Played[State, island.Move],
) -> None:
    for _, _, after in game.steps():
        if after.phase is Phase.PLACE_ARK:
            continue
        board = after.rules.board
        for space, tile in enumerate(after.tiles):
            if tile is not None and not tile.face_up:
                assert not any(n in after.water for n in board.neighbours[space]), space


@given(games)
def test_i9_frontier_and_face_up_indexes_match_the_board(game: Played[State, island.Move]) -> None:
    for _, _, after in game.steps():
        assert after.frontier == flood_frontier(after)
        face_up = tuple(s for s, t in enumerate(after.tiles) if t is not None and t.face_up)
        assert after.face_up == face_up


@given(games)
def test_i10_flood_points_count_the_water_around_the_new_tile(
    game: Played[State, island.Move],
) -> None:
    for state, move, after in game.steps():
        if not isinstance(move, island.Flood):
            continue
        rules = state.rules
        around = rules.board.neighbours[move.space]
        flooded = [
            n for n in around if n in state.water and rules.board.kind[n] in ("beach", "jungle")
        ]
        printed = [n for n in around if is_water_from_the_start(rules, n)]
        gained = after.points[state.seat] - state.points[state.seat]
        assert gained == len(flooded) + len(printed)


@given(games)
def test_i12_i16_a_game_takes_at_most_one_turn_per_water_tile(
    game: Played[State, island.Move],
) -> None:
    steps = list(game.steps())
    rules, players = steps[0][0].rules, steps[0][0].players
    assert len(steps) <= players + rules.water_tiles * (1 + rules.actions_per_turn)
    floods = sum(1 for _, move, _ in steps if isinstance(move, island.Flood))
    assert floods <= rules.water_tiles
    assert sum(1 for _, move, _ in steps if isinstance(move, island.PlaceArk)) == players


@given(games)
def test_i10_i17_i18_scores_are_running_points_then_the_breakdown_totals(
    game: Played[State, island.Move],
) -> None:
    last = None
    for state, _, after in game.steps():
        assert island.scores(state) == state.points
        parts = island.breakdown(state)
        assert all(b.start + b.flood == p for b, p in zip(parts, state.points, strict=True))
        assert all(p >= q for p, q in zip(after.points, state.points, strict=True))
        last = after
    assert last is not None and island.is_over(last)
    parts = island.breakdown(last)
    assert island.scores(last) == tuple(b.total for b in parts)
    assert all(b.bonus >= 0 and b.doubled <= b.animals for b in parts)
    assert sorted(b.start for b in parts) == list(last.rules.starting_points[: last.players])
