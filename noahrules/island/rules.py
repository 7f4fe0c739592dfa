"""The island game's turn: :func:`legal_moves` and :func:`apply`.

Both are built on the same helpers (the free ark spaces, the flood frontier, the spaces the ark
may sail to, the rescuable pairs), so they can never disagree. The order of :func:`legal_moves`
is stable:

- ``PlaceArk`` and ``Flood`` by ascending space;
- in the action step: ``MoveArk`` by ascending space, then ``Rescue`` by ascending
  ``(first, second)``, then ``EndTurn``.
"""

from __future__ import annotations

from collections.abc import Iterable

from noahrules.errors import IllegalMoveError
from noahrules.events import Event
from noahrules.island.events import (
    ArkMoved,
    ArkPlaced,
    Flooded,
    GameOver,
    PairRescued,
    TilesRevealed,
    TurnEnded,
)
from noahrules.island.moves import EndTurn, Flood, Move, MoveArk, PlaceArk, Rescue
from noahrules.island.scoring import scores, winners
from noahrules.island.state import Phase, State
from noahrules.island.tiles import Tile
from noahrules.values import replaced, replacer

__all__ = ["apply", "current_player", "is_over", "legal_moves", "step"]

END_TURN = EndTurn()
_evolve = replacer(State)


def current_player(state: State) -> int | None:
    """The seat to act, or ``None`` once the game is over."""
    return None if state.phase is Phase.OVER else state.seat


def is_over(state: State) -> bool:
    """Whether the game has ended (I15, I16)."""
    return state.phase is Phase.OVER


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in ``state``, in the stable order given in the module docstring.

    Empty exactly when the game is over.
    """
    moves = state.rules.moves
    phase = state.phase
    if phase is Phase.FLOOD:
        return tuple(map(moves.flood.__getitem__, state.frontier))
    if phase is Phase.ACT:
        sail = map(moves.sail.__getitem__, _sail_spaces(state))
        return (*sail, *_rescues(state), END_TURN)
    if phase is Phase.PLACE_ARK:
        return tuple(map(moves.place.__getitem__, _free_ark_spaces(state)))
    return ()


def apply(state: State, move: Move) -> State:
    """The state after ``move``. ``state`` is never changed.

    Raises :class:`~noahrules.errors.IllegalMoveError`, naming the rule, for any move that is not
    in ``legal_moves(state)``; a ``Rescue`` is accepted with its two spaces in either order.
    """
    return _apply(state, move, None)


def step(state: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    """Like :func:`apply`, and also the events the move caused, in order."""
    events: list[Event] = []
    after = _apply(state, move, events)
    return after, tuple(events)


def _apply(state: State, move: Move, events: list[Event] | None) -> State:
    phase = state.phase
    if phase is Phase.FLOOD and isinstance(move, Flood) and move.space in state.frontier:
        return _flood(state, move.space, events)
    if phase is Phase.ACT:
        if isinstance(move, MoveArk) and move.space in _sail_spaces(state):
            if events is not None:
                events.append(ArkMoved(state.seat, move.space))
            return _act(state, events, arks=replaced(state.arks, state.seat, move.space))
        if isinstance(move, Rescue) and _ordered(move) in _rescues(state):
            return _rescue(state, _ordered(move), events)
        if isinstance(move, EndTurn):
            return _end_turn(state, events)
    if (
        phase is Phase.PLACE_ARK
        and isinstance(move, PlaceArk)
        and move.space in _free_ark_spaces(state)
    ):
        return _place_ark(state, move.space, events)
    raise IllegalMoveError(*_why_not(state, move))


# --- I7, I8: placing the arks --------------------------------------------------------------------


def _free_ark_spaces(state: State) -> tuple[int, ...]:
    return tuple(s for s in state.rules.board.of_kind("ark") if s not in state.arks)


def _place_ark(state: State, space: int, events: list[Event] | None) -> State:
    arks = replaced(state.arks, state.seat, space)
    seat = (state.seat + 1) % state.players
    if events is not None:
        events.append(ArkPlaced(state.seat, space))
    if seat != state.first_player:
        return _evolve(state, arks=arks, seat=seat)
    # I8: with every ark placed, every animal next to water is turned face up.
    tiles = list(state.tiles)
    revealed = _reveal(tiles, state.frontier, state, events)
    return _evolve(
        state, arks=arks, seat=seat, phase=Phase.FLOOD, tiles=tuple(tiles), face_up=revealed
    )


# --- I9-I11: the flood rises ---------------------------------------------------------------------


def _flood(state: State, space: int, events: list[Event] | None) -> State:
    board = state.rules.board
    tiles = list(state.tiles)
    covered = state.covered
    face_up = state.face_up
    lost = tiles[space]
    if lost is not None:  # I9: an animal under the water is lost for good
        covered = (*covered, lost)
        tiles[space] = None
        if lost.face_up:
            face_up = _without(face_up, space)
    gained = len(board.near[space] & state.water)  # I10
    if events is not None:
        seen = lost.species if lost is not None and lost.face_up else None
        events.append(Flooded(state.seat, space, gained, seen, lost is not None and seen is None))
    water = state.water | {space}
    neighbours = board.neighbours[space]
    face_up = _merge(face_up, _reveal(tiles, neighbours, state, events))  # I11
    frontier = _merge(
        _without(state.frontier, space),
        tuple(n for n in neighbours if n not in water and n not in state.frontier),
    )
    after = _evolve(
        state,
        tiles=tuple(tiles),
        water=water,
        water_left=state.water_left - 1,
        points=replaced(state.points, state.seat, state.points[state.seat] + gained),
        covered=covered,
        frontier=frontier,
        face_up=face_up,
        phase=Phase.ACT,
        actions_left=state.rules.actions_per_turn,
    )
    return after if after.actions_left else _end_turn(after, events)


def _reveal(
    tiles: list[Tile | None], spaces: Iterable[int], state: State, events: list[Event] | None
) -> tuple[int, ...]:
    """Turn the face-down tiles on ``spaces`` face up (in ``tiles``); the spaces turned."""
    face_up = state.rules.face_up
    turned = []
    for s in spaces:
        tile = tiles[s]
        if tile is not None and not tile.face_up:
            tiles[s] = face_up[tile.species]
            turned.append((s, tile.species))
    turned.sort()
    if events is not None and turned:
        events.append(TilesRevealed(tuple(turned)))
    return tuple(s for s, _ in turned)


# --- I12-I14: the ark's actions ------------------------------------------------------------------


def _sail_spaces(state: State) -> tuple[int, ...]:
    """I13: the neighbouring water spaces without an ark."""
    ark = state.arks[state.seat]
    assert ark is not None
    water, arks = state.water, state.arks
    return tuple(n for n in state.rules.board.neighbours[ark] if n in water and n not in arks)


def _rescues(state: State) -> list[Rescue]:
    """I14: each face-up pair of a rescuable species with one animal next to the ark."""
    rules = state.rules
    tiles = state.tiles
    ark = state.arks[state.seat]
    assert ark is not None
    near = rules.board.near[ark]
    wanted: dict[str, list[int]] = {}
    for n in near:
        tile = tiles[n]
        if tile is not None and tile.face_up and rules.kind[tile.species].rescuable:
            wanted[tile.species] = []
    if not wanted:
        return []
    for s in state.face_up:
        found = wanted.get(tiles[s].species)  # type: ignore[union-attr]
        if found is not None:
            found.append(s)
    pairs = [
        Rescue(a, b)
        for spaces in wanted.values()
        for i, a in enumerate(spaces)
        for b in spaces[i + 1 :]
        if a in near or b in near
    ]
    pairs.sort(key=lambda r: (r.first, r.second))
    return pairs


def _ordered(move: Rescue) -> Rescue:
    first, second = move.first, move.second
    if isinstance(first, int) and isinstance(second, int) and first > second:
        return Rescue(second, first)
    return move


def _rescue(state: State, pair: Rescue, events: list[Event] | None) -> State:
    tile = state.tiles[pair.first]
    assert tile is not None
    if events is not None:
        events.append(PairRescued(state.seat, pair.first, pair.second, tile.species))
    tiles = list(state.tiles)
    tiles[pair.first] = tiles[pair.second] = None  # I14: the spaces stay land
    return _act(
        state,
        events,
        tiles=tuple(tiles),
        face_up=_without(_without(state.face_up, pair.first), pair.second),
        rescued=replaced(
            state.rescued, state.seat, (*state.rescued[state.seat], tile.species, tile.species)
        ),
    )


def _act(state: State, events: list[Event] | None, **changes: object) -> State:
    """One action taken (I12): the turn ends with the last one."""
    after = _evolve(state, actions_left=state.actions_left - 1, **changes)
    return after if after.actions_left else _end_turn(after, events)


# --- I15, I16: end of turn and of the game -------------------------------------------------------


def _end_turn(state: State, events: list[Event] | None) -> State:
    if events is not None:
        events.append(TurnEnded(state.seat))
    if _game_ends(state):
        over = _evolve(state, phase=Phase.OVER, actions_left=0)
        if events is not None:
            events.append(GameOver(scores(over), winners(over)))
        return over
    return _evolve(state, seat=(state.seat + 1) % state.players, phase=Phase.FLOOD, actions_left=0)


def _game_ends(state: State) -> bool:
    """I16 (a) the last water tile is placed, (b) nothing is left to reveal or rescue; I15 no
    land is left to flood."""
    if not state.water_left or not state.frontier:
        return True
    placed = len(state.rules.board.of_kind("jungle"))  # one tile on each jungle space (I5)
    on_island = placed - len(state.covered) - sum(map(len, state.rescued))
    if on_island > len(state.face_up):
        return False  # a face-down tile remains
    kind = state.rules.kind
    seen: set[str] = set()
    for s in state.face_up:
        tile = state.tiles[s]
        assert tile is not None
        if kind[tile.species].rescuable:
            if tile.species in seen:
                return False
            seen.add(tile.species)
    return True


# --- helpers -------------------------------------------------------------------------------------


def _why_not(state: State, move: object) -> tuple[str, str]:
    """The rule that ``move`` breaks here, and how."""
    if state.phase is Phase.OVER:
        return "I16", f"the game is over; {move!r} cannot be played"
    if state.phase is Phase.PLACE_ARK:
        return "I7", f"{move!r}: place your ark on a free ark space"
    if state.phase is Phase.FLOOD:
        return "I9", f"{move!r}: place water on a land space next to water"
    if isinstance(move, MoveArk):
        return "I13", f"{move!r}: an ark moves to a neighbouring water space without an ark"
    if isinstance(move, Rescue):
        return "I14", f"{move!r}: rescue two face-up animals of one species, one next to your ark"
    return "I12", f"{move!r}: move the ark, rescue a pair, or end the turn"


def _without(spaces: tuple[int, ...], space: int) -> tuple[int, ...]:
    i = spaces.index(space)
    return spaces[:i] + spaces[i + 1 :]


def _merge(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted((*a, *b))) if b else a
