"""The island game's turn: :func:`legal_moves` and :func:`apply`.

Each pending decision (:class:`~noahrules.island.state.Phase`) has its handlers in one table,
``_PHASES`` (:class:`~noahrules.phases.PhaseHandlers`): the function listing its options, which
:func:`legal_moves` returns; ``_verify_x``, which judges any other move and names the rule it
breaks; and ``_x``, which plays the move. Listing and judging are built on the same helpers (the
free ark spaces, the flood frontier, the spaces the ark may sail to, the rescuable pairs), so they
can never disagree; all of them read only the public table. A move that is one of the legal moves
the state keeps is taken at once. The order of :func:`legal_moves` is stable:

- ``PlaceArk`` and ``Flood`` by ascending space;
- in the action step: ``MoveArk`` by ascending space, then ``Rescue`` by ascending
  ``(first, second)``, then ``EndTurn``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from noahrules.errors import IllegalMoveError, excerpt
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
from noahrules.island.ruleset import Tile
from noahrules.island.scoring import final_scores, final_winners
from noahrules.island.state import Phase, State, Table, make_state
from noahrules.phases import PhaseHandlers
from noahrules.values import (
    Bits,
    field_type_problem,
    is_listed,
    keeping_moves,
    replaced,
    replacer,
)

__all__ = ["apply", "current_player", "game_ends", "is_over", "legal_moves", "step"]

END_TURN = EndTurn()
_evolve = replacer(Table)


def current_player(state: State) -> int | None:
    """The seat to act, or ``None`` once the game is over."""
    table = state.table
    return None if table.phase is Phase.OVER else table.seat


def is_over(state: State) -> bool:
    """Whether the game has ended (I15, I16)."""
    return state.table.phase is Phase.OVER


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move in ``state``, in the stable order given in the module docstring.

    Empty exactly when the game is over.
    """
    return _PHASES[state.table.phase].moves(state)


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
    phase = _PHASES[state.table.phase]
    if not is_listed(state, move):
        phase.verify(state, move)
    return phase.apply(state, move, events)


def _verify_form(move: object, rule: str) -> None:
    """Raise the error of ``rule`` if a field of ``move`` holds a value of the wrong type."""
    problem = field_type_problem(move) if isinstance(move, Move) else None
    if problem is not None:
        raise IllegalMoveError(rule, problem)


# --- I7, I8: placing the arks --------------------------------------------------------------------


def _free_ark_spaces(table: Table) -> tuple[int, ...]:
    return tuple(s for s in table.rules.board.of_kind("ark") if s not in table.arks)


@keeping_moves
def _place_ark_options(state: State) -> tuple[Move, ...]:
    return tuple(map(state.table.rules.moves.place.__getitem__, _free_ark_spaces(state.table)))


def _verify_place_ark(state: State, move: Move) -> None:
    """I7: each ark goes on a free ark space."""
    _verify_form(move, "I7")
    if not (isinstance(move, PlaceArk) and move.space in _free_ark_spaces(state.table)):
        raise IllegalMoveError("I7", f"{excerpt(move)}: place your ark on a free ark space")


def _place_ark(state: State, move: PlaceArk, events: list[Event] | None) -> State:
    return make_state(_arks_placed(state, move.space, events), state.dealt, state.set_aside)


def _arks_placed(state: State, space: int, events: list[Event] | None) -> Table:
    table = state.table
    arks = replaced(table.arks, table.seat, space)
    seat = (table.seat + 1) % table.players
    if events is not None:
        events.append(ArkPlaced(table.seat, space))
    if seat != table.first_player:
        return _evolve(table, arks=arks, seat=seat)
    # I8: with every ark placed, every animal next to water is turned face up: the frontier,
    # unless the ark spaces it touches are not water (I1).
    rules = table.rules
    near_water = table.frontier if rules.ark_spaces_are_water else rules.board.shore(table.water)
    turned = _turned(table.tiles, state.dealt, near_water, events)
    return _evolve(
        table,
        arks=arks,
        seat=seat,
        phase=Phase.FLOOD,
        tiles=_retiled(table, (), turned),
        face_up=tuple(s for s, _ in turned),
    )


# --- I9-I11: the flood rises ---------------------------------------------------------------------


def _flood_options(state: State) -> tuple[Move, ...]:
    # Read off the frontier at once, and judged as fast: not kept in the state, where it would
    # cost a game's history a tenth of its memory.
    table = state.table
    return tuple(map(table.rules.moves.flood.__getitem__, table.frontier))


def _verify_flood(state: State, move: Move) -> None:
    """I9: water goes on a land space next to water (the frontier)."""
    _verify_form(move, "I9")
    if not (isinstance(move, Flood) and move.space in state.table.frontier):
        raise IllegalMoveError("I9", f"{excerpt(move)}: place water on a land space next to water")


def _flood(state: State, move: Flood, events: list[Event] | None) -> State:
    table, dealt, space = state.table, state.dealt, move.space
    board = table.rules.board
    covered = table.covered
    lost = table.tiles[space]
    seen = None
    if lost is not None:  # I9: an animal under the water is lost for good
        seen = lost.species if lost.face_up else None
        covered = (*covered, (space, seen))
    before = table.water_bits
    gained = table.flood_points(space)  # I10
    if events is not None:
        events.append(Flooded(table.seat, space, gained, seen, lost is not None and seen is None))
    water = Bits(before | 1 << space)
    neighbours = board.neighbours[space]
    turned = _turned(table.tiles, dealt, neighbours, events)  # I11
    near = board.near_bits
    # The land beside the new water joins the frontier, unless it was there already: beside
    # water or an ark space (I9).
    coast = before | board.ark_bits
    shore = [n for n in board.land_neighbours[space] if not water >> n & 1 and not near[n] & coast]
    after = _evolve(
        table,
        tiles=_retiled(table, (space,) if lost is not None else (), turned),
        water_bits=water,
        water_left=table.water_left - 1,
        points=replaced(table.points, table.seat, table.points[table.seat] + gained),
        covered=covered,
        frontier=_updated(table.frontier, (space,), shore),
        face_up=_updated(table.face_up, (space,) if seen else (), [s for s, _ in turned]),
        phase=Phase.ACT,
        actions_left=table.rules.actions_per_turn,
    )
    if not after.actions_left:
        after = _end_turn(after, events)
    return make_state(after, dealt, state.set_aside)


def _turned(
    tiles: tuple[Tile | None, ...],
    dealt: tuple[Tile | None, ...],
    spaces: Iterable[int],
    events: list[Event] | None,
) -> list[tuple[int, str]]:
    """The face-down tiles on ``spaces`` turned face up: their spaces, ascending, and species
    (from the deal)."""
    turned = []
    for s in spaces:
        tile = tiles[s]
        if tile is not None and not tile.face_up:
            under = dealt[s]
            assert under is not None, "a tile lies face down only where one was dealt"
            turned.append((s, under.species))
    turned.sort()
    if events is not None and turned:
        events.append(TilesRevealed(tuple(turned)))
    return turned


def _retiled(
    table: Table, cleared: tuple[int, ...], turned: list[tuple[int, str]]
) -> tuple[Tile | None, ...]:
    """The table's tiles with those on ``cleared`` gone and the ``turned`` ones face up (one
    copy of the tiles, or none when nothing changes)."""
    if not cleared and not turned:
        return table.tiles
    tiles = list(table.tiles)
    for s in cleared:
        tiles[s] = None
    face_up = table.rules.face_up
    for s, species in turned:
        tiles[s] = face_up[species]
    return tuple(tiles)


# --- I12-I14: the ark's actions ------------------------------------------------------------------


@keeping_moves
def _act_options(state: State) -> tuple[Move, ...]:
    table = state.table
    sail = map(table.rules.moves.sail.__getitem__, _sail_spaces(table))
    return (*sail, *_rescues(table), END_TURN)


def _verify_act(state: State, move: Move) -> None:
    """I12: move the ark (I13), rescue a pair (I14) or end the turn."""
    table = state.table
    if isinstance(move, MoveArk):
        _verify_form(move, "I13")
        if move.space not in _sail_spaces(table):
            asks = "an ark moves to a neighbouring water space without an ark"
            raise IllegalMoveError("I13", f"{excerpt(move)}: {asks}")
    elif isinstance(move, Rescue):
        _verify_form(move, "I14")
        if ordered(move) not in _rescues(table):
            asks = "rescue two face-up animals of one species, one next to your ark"
            raise IllegalMoveError("I14", f"{excerpt(move)}: {asks}")
    else:
        _verify_form(move, "I12")
        if not isinstance(move, EndTurn):
            asks = "move the ark, rescue a pair, or end the turn"
            raise IllegalMoveError("I12", f"{excerpt(move)}: {asks}")


def _act(state: State, move: MoveArk | Rescue | EndTurn, events: list[Event] | None) -> State:
    table = state.table
    if isinstance(move, MoveArk):
        if events is not None:
            events.append(ArkMoved(table.seat, move.space))
        after = _action_taken(table, events, arks=replaced(table.arks, table.seat, move.space))
    elif isinstance(move, Rescue):
        after = _rescue(table, ordered(move), events)
    else:
        after = _end_turn(table, events)
    return make_state(after, state.dealt, state.set_aside)


def _sail_spaces(table: Table) -> tuple[int, ...]:
    """I13: the neighbouring water spaces without an ark (ark spaces only while they are water,
    I1)."""
    ark = table.arks[table.seat]
    assert ark is not None
    water, arks = table.water_bits, table.arks
    return tuple([n for n in table.rules.board.neighbours[ark] if water >> n & 1 and n not in arks])


def _rescues(table: Table) -> list[Rescue]:
    """I14: each face-up pair of a rescuable species with one animal next to the ark."""
    ark = table.arks[table.seat]
    assert ark is not None
    near = table.rules.board.near[ark]
    beside = near.intersection(table.face_up)
    if not beside:
        return []  # no face-up animal next to the ark
    tiles = table.tiles
    species = {tile.species for s in beside if (tile := tiles[s]) is not None}
    pairs = sorted(
        [
            (a, b)
            for spaces in table.pairs(species).values()
            for i, a in enumerate(spaces)
            for b in spaces[i + 1 :]
            if a in near or b in near
        ]
    )
    rescue = table.rules.moves.rescue
    return [rescue(a, b) for a, b in pairs]


def ordered(move: Rescue) -> Rescue:
    """``move`` with its spaces in ascending order, as :func:`legal_moves` lists it: a rescue
    is taken with its spaces in either order (I14)."""
    first, second = move.first, move.second
    if isinstance(first, int) and isinstance(second, int) and first > second:
        return Rescue(second, first)
    return move


def _rescue(table: Table, pair: Rescue, events: list[Event] | None) -> Table:
    tile = table.tiles[pair.first]
    assert tile is not None
    if events is not None:
        events.append(PairRescued(table.seat, pair.first, pair.second, tile.species))
    tiles = list(table.tiles)
    tiles[pair.first] = tiles[pair.second] = None  # I14: the spaces stay land
    return _action_taken(
        table,
        events,
        tiles=tuple(tiles),
        face_up=_updated(table.face_up, (pair.first, pair.second), ()),
        rescued=replaced(
            table.rescued, table.seat, (*table.rescued[table.seat], tile.species, tile.species)
        ),
    )


def _action_taken(table: Table, events: list[Event] | None, **changes: object) -> Table:
    """One action taken (I12): the turn ends with the last one."""
    after = _evolve(table, actions_left=table.actions_left - 1, **changes)
    return after if after.actions_left else _end_turn(after, events)


# --- I15, I16: end of turn and of the game -------------------------------------------------------


def _end_turn(table: Table, events: list[Event] | None) -> Table:
    if events is not None:
        events.append(TurnEnded(table.seat))
    if game_ends(table):
        over = _evolve(table, phase=Phase.OVER, actions_left=0)
        if events is not None:
            events.append(GameOver(final_scores(over), final_winners(over)))
        return over
    return _evolve(table, seat=(table.seat + 1) % table.players, phase=Phase.FLOOD, actions_left=0)


def game_ends(table: Table) -> bool:
    """I16 (a) the last water tile is placed, (b) nothing is left to reveal or rescue; I15 no
    land is left to flood."""
    if not table.water_left or not table.frontier:
        return True
    placed = len(table.rules.board.of_kind("jungle"))  # one tile on each jungle space (I5)
    on_island = placed - len(table.covered) - sum(map(len, table.rescued))
    if on_island > len(table.face_up):
        return False  # a face-down tile remains
    return not table.pairs()


def _over_options(state: State) -> tuple[Move, ...]:
    return ()


def _verify_over(state: State, move: Move) -> None:
    """I16: once the game is over, no move is played."""
    _verify_form(move, "I16")
    raise IllegalMoveError("I16", f"the game is over; {excerpt(move)} cannot be played")


def _no_move(state: State, move: Move, events: list[Event] | None) -> State:
    raise AssertionError("unreachable: no move is legal once the game is over")


# --- helpers -------------------------------------------------------------------------------------


def _updated(
    spaces: tuple[int, ...], gone: Collection[int], added: Collection[int]
) -> tuple[int, ...]:
    """Ascending ``spaces`` without those ``gone`` (which it holds) and with those ``added``
    (which it does not)."""
    if not gone and not added:
        return spaces
    result = list(spaces)
    for space in gone:
        result.remove(space)
    result.extend(added)
    result.sort()
    return tuple(result)


_PHASES: dict[Phase, PhaseHandlers[State, Move]] = {
    Phase.PLACE_ARK: PhaseHandlers(
        moves=_place_ark_options, verify=_verify_place_ark, apply=_place_ark
    ),
    Phase.FLOOD: PhaseHandlers(moves=_flood_options, verify=_verify_flood, apply=_flood),
    Phase.ACT: PhaseHandlers(moves=_act_options, verify=_verify_act, apply=_act),
    Phase.OVER: PhaseHandlers(moves=_over_options, verify=_verify_over, apply=_no_move),
}
"""Per pending decision: its legal moves, the judge of any other move, and the move's effect
(see :mod:`noahrules.phases`)."""
