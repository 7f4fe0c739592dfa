"""Determinization of both games' views for search bots: a full state sampled from a view must
show that very view, hold every card or tile once, and play on (F26, I20)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from noahrules import ferry, island
from noahrules.ferry.determinize import determinize as determinize_ferry
from noahrules.ferry.determinize import unseen_cards
from noahrules.game import Game
from noahrules.island.determinize import determinize as determinize_island
from noahrules.island.determinize import unseen_species
from noahrules.rng import Rng
from noahrules.testing import Played
from tests.ferry.builders import MARK_4, MARK_5
from tests.ferry.builders import position as ferry_position
from tests.harness import PLAYED, card_places, every_game, flood_frontier, tile_places
from tests.island.builders import at
from tests.island.builders import position as island_position
from tests.island.builders import rules as island_rules

GAME: dict[str, Game] = {"ferry": ferry.GAME, "island": island.GAME}
DETERMINIZE: dict[str, Callable[[Any, Rng], Any]] = {
    "ferry": determinize_ferry,
    "island": determinize_island,
}


def check_conserved(name: str, state: Any) -> None:
    """Every card or tile of the rules is in exactly one place, and the derived island indexes
    match the board."""
    if name == "ferry":
        assert card_places(state) == Counter(c.id for c in state.rules.animals)
        order = state.rules.order
        for hand in state.hands:
            assert list(hand) == sorted(hand, key=lambda c: order[c.id])
        return
    assert tile_places(state) == Counter({k.species: k.count for k in state.rules.tiles})
    assert state.frontier == flood_frontier(state)
    assert state.face_up == tuple(
        s for s, t in enumerate(state.tiles) if t is not None and t.face_up
    )


def hidden_part(name: str, state: Any) -> Any:
    """The part of a state no view shows: what a determinization samples."""
    if name == "ferry":
        return state.hands, state.deck
    return state.tiles, state.covered, state.set_aside


def can_differ(name: str, view: Any) -> bool:
    """Whether two deals of the view's unseen cards or tiles can differ at all."""
    if name == "ferry":
        return len(unseen_cards(view)) >= 2
    return len(set(unseen_species(view))) >= 2


def every_state(played: Played[Any, Any]) -> Iterator[Any]:
    """Every state of a random legal game, the final one included."""
    assert played.moves
    return iter(played.states)


# --- properties over random legal play -------------------------------------------------------


@every_game
@given(data=st.data())
def test_a_determinized_state_shows_the_view_it_came_from(name: str, data: st.DataObject) -> None:
    game, determinize = GAME[name], DETERMINIZE[name]
    played = data.draw(PLAYED[name], label="game")
    rng = Rng.from_seed(played.seed ^ 0xD0D0)
    for state in every_state(played):
        seat, rng = rng.below(state.players)
        seen = game.view(state, seat)
        sampled = determinize(seen, rng)
        rng = rng.next64()[1]
        assert game.view(sampled, seat) == seen
        assert game.current_player(sampled) == game.current_player(state)
        check_conserved(name, sampled)


@every_game
@given(data=st.data())
def test_a_determinized_state_plays_on_like_the_real_one(name: str, data: st.DataObject) -> None:
    game, determinize = GAME[name], DETERMINIZE[name]
    played = data.draw(PLAYED[name], label="game")
    rng = Rng.from_seed(played.seed ^ 0xBEEF)
    for state in every_state(played):
        seat, rng = rng.below(state.players)
        seen = game.view(state, seat)
        sampled = determinize(seen, rng)
        rng = rng.next64()[1]
        moves = game.legal_moves(sampled)
        if game.current_player(state) == seat:
            assert moves == seen.legal_moves == game.legal_moves(state)
        if game.is_over(sampled):
            assert moves == ()
            continue
        move, rng = rng.choice(moves)
        after = game.apply(sampled, move)
        check_conserved(name, after)


@every_game
@given(data=st.data())
def test_determinizing_is_a_function_of_view_and_rng_and_the_rng_matters(
    name: str, data: st.DataObject
) -> None:
    game, determinize = GAME[name], DETERMINIZE[name]
    played = data.draw(PLAYED[name], label="game")
    rng = Rng.from_seed(played.seed ^ 0x5EED)
    chances = differed = 0
    for state in every_state(played):
        seat, rng = rng.below(state.players)
        seen = game.view(state, seat)
        first, other = rng.next64()[1], rng.next64()[1].next64()[1]
        rng = other.next64()[1]
        sampled = determinize(seen, first)
        assert determinize(seen, first) == sampled
        another = determinize(seen, other)
        assert game.view(another, seat) == seen
        if name == "ferry":  # future chance comes from a new generator, not the one given
            assert len({sampled.rng, another.rng, state.rng, first, other}) == 5
        if can_differ(name, seen):
            chances += 1
            differed += hidden_part(name, another) != hidden_part(name, sampled)
        else:
            assert hidden_part(name, another) == hidden_part(name, sampled)
    assert chances > 0  # every game begins with hidden cards or tiles of several kinds
    assert differed > 0


@given(data=st.data())
def test_ferry_hidden_cards_come_only_from_the_unseen_ones(data: st.DataObject) -> None:
    played = data.draw(PLAYED["ferry"], label="game")
    rng = Rng.from_seed(played.seed ^ 0xCA7)
    for state in every_state(played):
        seat, rng = rng.below(state.players)
        seen = ferry.view(state, seat)
        sampled = determinize_ferry(seen, rng)
        rng = rng.next64()[1]
        unseen = Counter(unseen_cards(seen))
        # the unseen cards are exactly the real other hands and the real deck
        real = Counter(c for s, hand in enumerate(state.hands) if s != seat for c in hand)
        assert unseen == real + Counter(state.deck)
        dealt = Counter(c for s, hand in enumerate(sampled.hands) if s != seat for c in hand)
        assert dealt + Counter(sampled.deck) == unseen
        assert sampled.hands[seat] == state.hands[seat]
        assert sampled.secrets == seen.revealed
        assert all(seat in e.insiders for e in sampled.secrets)


# --- ferry scenarios ---------------------------------------------------------------------------

TABLE = [["kangaroo-5"], ["cat-6"], ["kangaroo-6"], ["panda-6"], ["parrot-5"]]

# Three players, default rules: the 16 cards marked 4+ or 5+ are removed (F4), leaving 31.
# Seat 0 holds giraffe-1 and cat-5 and sees the five docked animals above; the other 24 cards
# of the 31 are the ones seat 0 cannot see, in the other hands (2 + 1) or unused (21).
UNSEEN_BY_SEAT_0 = {
    *("woodpecker-1", "woodpecker-2", "parrot-6", "panda-5", "giraffe-2"),
    *(f"snail-{k}" for k in range(1, 6)),
    *(f"lion-{k}" for k in range(1, 5)),
    *(f"donkey-{k}" for k in range(1, 5)),
    *("bear-1", "bear-2", "rhinoceros-1", "rhinoceros-2", "elephant-1", "elephant-2"),
}


def test_ferry_opponents_hold_only_cards_the_seat_cannot_see() -> None:
    state = ferry_position(
        players=3,
        hands=[["giraffe-1", "cat-5"], ["bear-1", "panda-5"], ["parrot-6"]],
        docks=TABLE,
    )
    assert len(UNSEEN_BY_SEAT_0) == 24
    seen = ferry.view(state, 0)
    assert {c.id for c in unseen_cards(seen)} == UNSEEN_BY_SEAT_0
    visible = {"giraffe-1", "cat-5", *(spec for dock in TABLE for spec in dock)}
    held: Counter[str] = Counter()
    unused: Counter[str] = Counter()
    rng = Rng.from_seed(2024)
    for _ in range(300):
        sampled = determinize_ferry(seen, rng)
        rng = rng.next64()[1]
        assert [len(h) for h in sampled.hands] == [2, 2, 1]
        assert [c.id for c in sampled.hands[0]] == ["cat-5", "giraffe-1"]  # data order
        assert len(sampled.deck) == 21
        ids = [c.id for c in (*sampled.hands[1], *sampled.hands[2])]
        assert not set(ids) & visible
        assert not set(ids) & {*MARK_4, *MARK_5}
        held.update(ids)
        unused.update(c.id for c in sampled.deck)
        assert sampled.removed == state.removed and sampled.docks == state.docks
    # every unseen card turns up in some opponent's hand and, the real ones too, in the deck
    assert set(held) == UNSEEN_BY_SEAT_0
    assert set(unused) == UNSEEN_BY_SEAT_0


def test_ferry_a_giraffe_look_stays_a_secret_of_the_looker() -> None:
    state = ferry_position(
        players=3,
        hands=[["giraffe-1", "cat-5"], ["bear-1", "panda-5"], ["parrot-6"]],
        docks=TABLE,
    )
    state = ferry.apply(state, ferry.PlayAnimal("giraffe-1"))
    state = ferry.apply(state, ferry.LookAtHand(1))
    looked = ferry.HandLookedAt(0, 1, (state.rules.card["panda-5"], state.rules.card["bear-1"]))
    rng = Rng.from_seed(5)
    looker = determinize_ferry(ferry.view(state, 0), rng)
    assert looker.secrets == (looked,)
    for seat in (1, 2):
        assert determinize_ferry(ferry.view(state, seat), rng).secrets == ()
    # giraffe-1 now rides the ferry at dock 0: nobody's hidden cards include it
    for seat in range(3):
        sampled = determinize_ferry(ferry.view(state, seat), rng)
        assert all("giraffe-1" not in {c.id for c in h} for h in sampled.hands)
        assert "giraffe-1" not in {c.id for c in sampled.deck}
        assert sampled.seat == 0 and sampled.phase is ferry.Phase.MOVE_NOAH


def test_ferry_the_escapee_in_transit_is_never_dealt() -> None:
    state = ferry_position(
        variants=("crocodile",),
        players=3,
        hands=[["crocodile-1", "cat-5"], ["bear-1", "panda-5"], ["parrot-6"]],
        docks=TABLE,
    )
    state = ferry.apply(state, ferry.PlayAnimal("crocodile-1"))  # kangaroo-5 escapes (V3)
    assert state.escapee is not None and state.escapee.id == "kangaroo-5"
    seen = ferry.view(state, 1)
    rng = Rng.from_seed(9)
    for _ in range(50):
        sampled = determinize_ferry(seen, rng)
        rng = rng.next64()[1]
        assert sampled.escapee == state.escapee
        hidden = [c.id for c in (*sampled.hands[0], *sampled.hands[2], *sampled.deck)]
        assert "kangaroo-5" not in hidden and "crocodile-1" not in hidden
        assert ferry.legal_moves(sampled) == (ferry.SendEscapee(1), ferry.SendEscapee(2))


def test_ferry_at_game_over_the_state_keeps_the_viewing_seat() -> None:
    state = ferry.new_game(ferry.load_rules(), players=2, seed=3)
    chooser = Rng.from_seed(3)
    while not ferry.is_over(state):
        move, chooser = chooser.choice(ferry.legal_moves(state))
        state = ferry.apply(state, move)
    for seat in (0, 1):
        seen = ferry.view(state, seat)
        sampled = determinize_ferry(seen, Rng.from_seed(1))
        assert sampled.table is seen.table and ferry.is_over(sampled)
        assert ferry.view(sampled, seat) == seen


def test_ferry_a_view_whose_counts_do_not_add_up_is_refused() -> None:
    state = ferry_position(players=3, hands=[["giraffe-1"], ["bear-1"], []], docks=TABLE)
    seen = ferry.view(state, 0)
    forged = attrs.evolve(seen, unused=seen.unused + 1)
    with pytest.raises(ValueError, match="hides"):
        determinize_ferry(forged, Rng.from_seed(0))


# --- island scenarios --------------------------------------------------------------------------


def _full_island(phase: island.Phase = island.Phase.ACT) -> island.State:
    """A default-board position holding all 80 tiles, worked out by hand:

    - (3, 10) is flooded and covers one face-down zebra; seat 0 rescued a lion pair from (6, 7)
      and (8, 5), which stay empty;
    - the six set-aside tiles are fishbones; the inland jungle spaces (7, 14), (8, 15) and
      (9, 16) hold a face-down bear, camel and unicorn;
    - the other 68 jungle spaces hold the rest of the box face up: 80 - 2 lions - 1 zebra
      - 6 fishbones - bear, camel, unicorn = 68.

    So the tiles nobody has seen are exactly: bear, camel, unicorn, zebra and six fishbones."""
    r = island_rules()
    flooded, empty = at(r, 3, 10), {at(r, 6, 7), at(r, 8, 5)}
    down = {at(r, 7, 14): "bear", at(r, 8, 15): "camel", at(r, 9, 16): "unicorn"}
    box = Counter({k.species: k.count for k in r.tiles})
    box -= Counter(["lion", "lion", "zebra", *["fishbone"] * 6, *down.values()])
    rest = [s for k in r.tiles for s in [k.species] * box[k.species]]
    free = [s for s in r.board.of_kind("jungle") if s != flooded and s not in empty | set(down)]
    assert len(rest) == len(free) == 68
    tiles = {**dict(zip(free, rest, strict=True)), **down}
    return island_position(
        tiles=tiles,
        face_up=free,
        flooded=[flooded],
        arks=[at(r, 2, 15), at(r, 5, 6)],
        rescued=[["lion", "lion"], []],
        covered=["zebra"],
        set_aside=["fishbone"] * 6,
        phase=phase,
    )


UNSEEN_ON_FULL_ISLAND = Counter({"bear": 1, "camel": 1, "unicorn": 1, "zebra": 1, "fishbone": 6})


def test_island_face_up_tiles_stay_and_only_unseen_tiles_move() -> None:
    state = _full_island()
    check_conserved("island", state)  # the position itself is a whole box
    seen = island.view(state, 1)
    assert Counter(unseen_species(seen)) == UNSEEN_ON_FULL_ISLAND
    r = state.rules
    down = [at(r, 7, 14), at(r, 8, 15), at(r, 9, 16)]
    on_down: dict[int, set[str]] = {s: set() for s in down}
    under: set[str] = set()
    rng = Rng.from_seed(77)
    for _ in range(200):
        sampled = determinize_island(seen, rng)
        rng = rng.next64()[1]
        assert island.view(sampled, 1) == seen
        check_conserved("island", sampled)
        for space, tile in enumerate(state.tiles):
            if tile is None or tile.face_up:
                assert sampled.tiles[space] == tile, space  # face-up tiles and gaps stay put
        turned = [sampled.tiles[s] for s in down]
        assert all(t is not None and not t.face_up for t in turned)
        hidden = [t.species for t in (*turned, *sampled.covered, *sampled.set_aside) if t]
        assert Counter(hidden) == UNSEEN_ON_FULL_ISLAND
        assert not any(t.face_up for t in (*sampled.covered, *sampled.set_aside))
        for s, t in zip(down, turned, strict=True):
            on_down[s].add(t.species if t else "")
        under.add(sampled.covered[0].species)
        assert sampled.frontier == state.frontier and sampled.face_up == state.face_up
        assert island.legal_moves(sampled) == island.legal_moves(state)
    # a face-down space may hold any of the five unseen species, and so may the covered place
    assert all(species == set(UNSEEN_ON_FULL_ISLAND) for species in on_down.values())
    assert under == set(UNSEEN_ON_FULL_ISLAND)


def test_island_a_covered_tile_seen_face_up_keeps_its_species() -> None:
    state = _full_island(island.Phase.FLOOD)
    r = state.rules
    rim = at(r, 3, 14)  # jungle touching the sea at (2, 13) and the ark space (2, 15)
    tile = state.tiles[rim]
    assert tile is not None and tile.face_up and rim in state.frontier
    state = island.apply(state, island.Flood(rim))  # covered face up: everyone saw it (I9)
    seen = island.view(state, 0)
    assert [species for _, species in seen.covered] == [None, tile.species]
    assert seen.covered[1][0] == rim
    rng = Rng.from_seed(4)
    for _ in range(50):
        sampled = determinize_island(seen, rng)
        rng = rng.next64()[1]
        assert island.view(sampled, 0) == seen
        assert sampled.covered[1] == tile
        assert not sampled.covered[0].face_up
        check_conserved("island", sampled)


def test_island_a_view_whose_counts_do_not_add_up_is_refused() -> None:
    seen = island.view(_full_island(), 0)
    more = tuple((s, None) for s in seen.face_up[:20])  # covered unseen: 21 places, 10 tiles
    forged = attrs.evolve(seen, table=attrs.evolve(seen.table, covered=seen.covered + more))
    with pytest.raises(ValueError, match="hides"):
        determinize_island(forged, Rng.from_seed(0))
