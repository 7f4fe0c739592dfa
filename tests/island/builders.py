"""Build exact island positions for scenario tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from noahrules.island import HIDDEN, Phase, Rules, State, Table, Tile, load_rules


def rules(*variants: str) -> Rules:
    """Packaged rules with variants (``load_rules`` loads each combination once)."""
    return load_rules(variants)


def at(r: Rules, row: int, column: int) -> int:
    """The id of the space at a map position (both counted from 1, as in error messages)."""
    return r.board.position.index((row, column))


def position(
    *,
    variants: Sequence[str] = (),
    players: int = 2,
    tiles: Mapping[int, str],
    face_up: Sequence[int] = (),
    flooded: Sequence[int] = (),
    arks: Sequence[int | None],
    seat: int = 0,
    first_player: int = 0,
    phase: Phase = Phase.ACT,
    actions_left: int = 2,
    rescued: Sequence[Sequence[str]] | None = None,
    points: Sequence[int] | None = None,
    water_left: int | None = None,
    covered: Sequence[str] = (),
    set_aside: Sequence[str] = (),
) -> State:
    """A position: ``tiles`` maps spaces to species (face down unless listed in ``face_up``),
    ``flooded`` lists land spaces covered by water tiles. The frontier and the face-up index
    are derived. ``water_left`` defaults to the water tiles minus those flooded. The ``covered``
    tiles (face down when covered) are dealt on the flooded spaces without a tile, then on jungle
    spaces no tile names."""
    r = rules(*variants)
    board = r.board
    water = r.printed_water | frozenset(flooded)
    cells: list[Tile | None] = [None] * len(board.kind)
    dealt: list[Tile | None] = [None] * len(board.kind)
    for space, species in tiles.items():
        assert board.kind[space] in ("beach", "jungle") and space not in water, space
        cells[space] = r.face_up[species] if space in face_up else HIDDEN
        dealt[space] = r.face_down[species]
    places = [s for s in flooded if s not in tiles]
    places += [s for s in board.of_kind("jungle") if s not in tiles and s not in places]
    for space, species in zip(places, covered, strict=False):
        dealt[space] = r.face_down[species]
    table = Table(
        rules=r,
        players=players,
        first_player=first_player,
        seat=seat,
        phase=phase,
        tiles=tuple(cells),
        water=water,
        arks=tuple(arks),
        rescued=tuple(tuple(x) for x in (rescued or [()] * players)),
        water_left=r.water_tiles - len(flooded) if water_left is None else water_left,
        points=tuple(points or [k + 1 for k in range(players)]),
        actions_left=actions_left if phase is Phase.ACT else 0,
        covered=tuple((space, None) for space, _ in zip(places, covered, strict=False)),
        frontier=r.frontier(water),
        face_up=tuple(sorted(s for s in face_up if s in tiles)),
    )
    return State(table, tuple(dealt), tuple(r.face_down[s] for s in set_aside))
