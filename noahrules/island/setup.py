"""Setting up an island game (I5, I6)."""

from __future__ import annotations

from noahrules.game import check_seating
from noahrules.island.ruleset import Rules, Tile
from noahrules.island.state import HIDDEN, Phase, State, Table
from noahrules.rng import Rng

__all__ = ["new_game"]


def new_game(rules: Rules, players: int, seed: int = 0, first_player: int = 0) -> State:
    """A new game for ``players`` seats, with the tiles shuffled from ``seed``.

    ``first_player`` places the first ark and takes the first turn (I6). Raises
    :class:`~noahrules.errors.SetupError` for a player count outside the rules' range or a seat
    that does not exist.
    """
    check_seating(players, first_player, rules.min_players, rules.max_players, "I6", seed)
    box = tuple(rules.face_down[k.species] for k in rules.tiles for _ in range(k.count))
    shuffled, _ = Rng.from_seed(seed).shuffled(box)  # I5
    board = rules.board
    jungle = board.of_kind("jungle")
    dealt: list[Tile | None] = [None] * len(board.kind)
    for space, tile in zip(jungle, shuffled, strict=False):
        dealt[space] = tile
    water = rules.printed_water  # I1
    points = [0] * players
    for k in range(players):  # I6: the first player 1, the second 2, ...
        points[(first_player + k) % players] = rules.starting_points[k]
    table = Table(
        rules=rules,
        players=players,
        first_player=first_player,
        seat=first_player,
        phase=Phase.PLACE_ARK,
        tiles=tuple(None if t is None else HIDDEN for t in dealt),
        water=water,
        arks=(None,) * players,
        rescued=((),) * players,
        water_left=rules.water_tiles,
        points=tuple(points),
        actions_left=0,
        covered=(),
        frontier=rules.frontier(water),
        face_up=(),
    )
    return State(table, tuple(dealt), shuffled[len(jungle) :])
