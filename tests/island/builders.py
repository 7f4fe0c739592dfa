"""Build exact island positions for scenario tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from noahrules.island import Phase, Rules, State, Tile, load_rules

RULES: dict[tuple[str, ...], Rules] = {}


def rules(*variants: str) -> Rules:
    """Packaged rules with variants, loaded once per combination."""
    if variants not in RULES:
        RULES[variants] = load_rules(variants)
    return RULES[variants]


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
    are derived. ``water_left`` defaults to the water tiles minus those flooded."""
    r = rules(*variants)
    board = r.board
    water = frozenset(board.of_kind("sea", "ark")) | frozenset(flooded)
    cells: list[Tile | None] = [None] * len(board.kind)
    for space, species in tiles.items():
        assert board.kind[space] in ("beach", "jungle") and space not in water, space
        cells[space] = Tile(species, space in face_up)
    frontier = board.shore(water)
    return State(
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
        covered=tuple(Tile(s, False) for s in covered),
        set_aside=tuple(Tile(s, False) for s in set_aside),
        frontier=frontier,
        face_up=tuple(sorted(s for s in face_up if s in tiles)),
    )
