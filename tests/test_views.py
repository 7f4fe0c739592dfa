"""Views and events of both games: what each seat may know, over random legal play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

from noahrules import GAMES, events_for, ferry, island
from noahrules.game import Game
from noahrules.rng import Rng
from noahrules.testing import check_hidden_information, hidden_twins
from tests.ferry.builders import position as ferry_position
from tests.harness import PLAYED, every_game
from tests.island.builders import at
from tests.island.builders import position as island_position
from tests.island.builders import rules as island_rules


def reshuffle_ferry(state: ferry.State, seat: int, rng: Rng) -> ferry.State:
    """The same position with everything ``seat`` cannot see dealt anew: the unused cards and
    the other hands, keeping every hand's size, and another random generator."""
    others = [s for s in range(state.players) if s != seat]
    hidden = [*state.deck, *(c for s in others for c in state.hands[s])]
    hidden_shuffled, rng = rng.shuffled(hidden)
    order = state.rules.order
    hands = list(state.hands)
    rest = list(hidden_shuffled)
    for s in others:
        size = len(state.hands[s])
        hands[s], rest = tuple(sorted(rest[:size], key=lambda c: order[c.id])), rest[size:]
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(rest), rng=rng)


def reshuffle_island(state: island.State, seat: int, rng: Rng) -> island.State:
    """The same position with the species of every face-down, set-aside and unseen covered
    tile dealt anew: nobody knows them (I20)."""
    table = state.table
    hidden = [s for s, t in enumerate(table.tiles) if t is not None and not t.face_up]
    hidden += [s for s, seen in table.covered if seen is None]
    pool = [state.dealt[s] for s in hidden] + list(state.set_aside)
    mixed, rng = rng.shuffled(pool)
    dealt = list(state.dealt)
    for s, tile in zip(hidden, mixed, strict=False):
        dealt[s] = tile
    set_aside = tuple(t for t in mixed[len(hidden) :] if t is not None)
    return attrs.evolve(state, dealt=tuple(dealt), set_aside=set_aside)


RESHUFFLE: dict[str, Callable[[Any, int, Rng], Any]] = {
    "ferry": reshuffle_ferry,
    "island": reshuffle_island,
}


@every_game
@given(data=st.data())
def test_states_differing_only_in_hidden_things_give_equal_views_and_events(
    name: str, data: st.DataObject
) -> None:
    game: Game = GAMES[name]
    played = data.draw(PLAYED[name], label="game")
    rng = Rng.from_seed(played.seed ^ 0xFACE)
    differed = compared = 0
    for index, state in enumerate(played.states[:-1]):
        seat, rng = rng.below(state.players)
        other = RESHUFFLE[name](state, seat, rng)
        rng = rng.next64()[1]
        differed += other != state
        following = played.moves[index : index + 10]
        compared += check_hidden_information(game, state, other, seat, following)
    assert differed > 0 and compared > 0


@every_game
@given(data=st.data())
def test_views_and_events_hide_what_determinize_deals_anew(name: str, data: st.DataObject) -> None:
    twins = data.draw(hidden_twins(name, max_moves=150), label="twins")
    twins.check()


@every_game
@given(data=st.data())
def test_a_view_shows_own_pending_decision_and_nothing_hidden(
    name: str, data: st.DataObject
) -> None:
    game: Game = GAMES[name]
    for state, _, _ in data.draw(PLAYED[name], label="game").steps():
        for seat in range(state.players):
            seen = game.view(state, seat)
            shown = {f.name for f in attrs.fields(type(seen))}
            hidden = {f.name for f in attrs.fields(type(state))} - {"table"}
            assert hidden and not shown & hidden, shown & hidden
            assert seen.table is state.table  # the public table itself, nothing copied
            assert seen.seat == seat and seen.to_act == game.current_player(state)
            mine = game.current_player(state) == seat
            assert seen.legal_moves == (game.legal_moves(state) if mine else ())


@every_game
@given(data=st.data())
def test_step_gives_the_state_of_apply_and_the_events_it_caused(
    name: str, data: st.DataObject
) -> None:
    game: Game = GAMES[name]
    for state, move, after in data.draw(PLAYED[name], label="game").steps():
        stepped, events = game.step(state, move)
        assert stepped == after
        assert events, f"{move!r} caused no event"
        for seat in range(state.players):
            for whole, seen in zip(events, events_for(events, seat), strict=True):
                if seat in whole.insiders or not whole.SECRET:
                    assert seen == whole
                else:
                    assert all(getattr(seen, f) is None for f in whole.SECRET)
                    assert all(getattr(whole, f) is not None for f in whole.SECRET)


def test_f32_the_giraffes_look_is_shown_to_the_looker_only() -> None:
    state = ferry_position(
        players=3,
        hands=[["giraffe-1", "cat-5"], ["bear-1", "panda-5"], ["parrot-6"]],
        docks=[["kangaroo-5"], ["cat-6"], ["kangaroo-6"], ["panda-6"], ["parrot-5"]],
    )
    state, played = ferry.step(state, ferry.PlayAnimal("giraffe-1"))
    assert [type(e) for e in played] == [ferry.CardPlayed]
    state, looked = ferry.step(state, ferry.LookAtHand(1))
    bear, panda = state.rules.card["bear-1"], state.rules.card["panda-5"]
    assert looked == (ferry.HandLookedAt(0, 1, (panda, bear)),)  # hands keep the data's order
    assert events_for(looked, 2) == (ferry.HandLookedAt(0, 1, None),)
    assert events_for(looked, 1) == (ferry.HandLookedAt(0, 1, None),)
    assert ferry.view(state, 0).revealed == looked
    assert ferry.view(state, 1).revealed == ()
    assert ferry.view(state, 2).revealed == ()


def test_f33_the_stolen_card_is_shown_to_thief_and_victim_only() -> None:
    state = ferry_position(
        players=3,
        hands=[["lion-1", "cat-5"], ["bear-1"], ["parrot-6"]],
        docks=[["kangaroo-5"], ["cat-6"], ["kangaroo-6"], ["panda-6"], ["parrot-5"]],
    )
    state = ferry.apply(state, ferry.PlayAnimal("lion-1"))
    state, stolen = ferry.step(state, ferry.StealFrom(1))
    bear = state.rules.card["bear-1"]  # the victim's only card
    assert stolen == (ferry.CardStolen(1, 0, bear),)
    assert events_for(stolen, 2) == (ferry.CardStolen(1, 0, None),)
    state, back = ferry.step(state, ferry.GiveBack("cat-5"))
    cat = state.rules.card["cat-5"]
    assert back == (ferry.CardGivenBack(0, 1, cat),)
    assert ferry.view(state, 1).revealed == (*stolen, *back)
    assert ferry.view(state, 0).revealed == (*stolen, *back)
    assert ferry.view(state, 2).revealed == ()


def test_i9_a_face_down_tile_under_water_is_reported_without_its_species() -> None:
    r = island_rules()
    jungle = at(r, 3, 10)  # touching the sea at (3, 8), (2, 9) and (2, 11)
    state = island_position(
        tiles={jungle: "lion"},
        arks=[at(r, 2, 9), at(r, 5, 6)],
        phase=island.Phase.FLOOD,
    )
    after, events = island.step(state, island.Flood(jungle))
    assert events[0] == island.Flooded(0, jungle, 3, None, True)
    assert island.view(after, 1).covered == ((jungle, None),)
    assert after.covered == (island.Tile("lion", False),)
