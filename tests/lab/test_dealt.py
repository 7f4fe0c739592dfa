"""What each game declares its deal gave each seat, and the turns and rounds its statistics
count: read against the rules."""

from __future__ import annotations

import pytest

from noahrules import ferry, island
from noahrules.events import Event
from noahrules.island import PlaceArk


@pytest.mark.parametrize(("players", "in_play"), [(2, 31), (3, 31), (4, 39), (5, 47)])
def test_ferry_names_every_card_in_play_and_marks_each_hand(players: int, in_play: int) -> None:
    """F4: 31, 39 or 47 cards in play by player count; F7: 8 each dealt from the first player."""
    rules = ferry.load_rules()
    state = ferry.new_game(rules, players, seed=12, first_player=1)
    (hands,) = ferry.GAME.dealt(state).values()  # type: ignore[misc]
    assert len(hands) == players
    for seat, tally in enumerate(hands):
        assert len(tally) == in_play
        held = {card.id for card in state.hands[seat]}
        assert {card for card, n in tally.items() if n} == held and len(held) == 8
        assert set(tally.values()) == {0, 1}
    removed = {card.id for card in state.removed}
    assert not removed & set(hands[0])
    # every card is dealt to one seat at most; the 5 on the docks (F7) to none
    assert sum(sum(t.values()) for t in hands) == 8 * players
    on_docks = {ferry_.animals[0].card.id for ferry_ in state.docks if ferry_ is not None}
    assert all(tally[card] == 0 for tally in hands for card in on_docks)


def test_the_island_reveal_is_the_deals_wherever_the_arks_go() -> None:
    """I8 turns every tile next to water; arks are not water, so any placement (I7) turns the
    same tiles, and each seat's x2 species (I4: seat k takes ark k) are counted among them."""
    rules = island.load_rules()
    state = island.new_game(rules, 3, seed=4)
    (tallies,) = island.GAME.dealt(state).values()  # type: ignore[misc]
    spaces = rules.board.of_kind("ark")
    for placement in (spaces[:3], spaces[-3:]):
        placed = state
        for space in placement:
            placed = island.apply(placed, PlaceArk(space))
        face_up = [t.species for t in placed.tiles if t is not None and t.face_up]
        assert face_up  # the frontier is not empty on the default board
        for seat, tally in enumerate(tallies):
            doubled = rules.arks[seat].doubled
            assert sorted(tally) == sorted(doubled)
            assert tally == {species: face_up.count(species) for species in doubled}


def test_turns_and_rounds_are_counted_as_the_rules_define_them() -> None:
    rules = ferry.load_rules()
    state = ferry.new_game(rules, 3, seed=2)
    events: list[Event] = []
    while not ferry.is_over(state):
        state, caused = ferry.step(state, ferry.legal_moves(state)[0])
        events.extend(caused)
    numbers, _ = ferry.GAME.statistics(events, state)  # type: ignore[misc]
    plays = sum(type(e).__name__ == "CardPlayed" for e in events)
    assert numbers["turns"] == plays  # F20: one play per turn, extra turns too
    assert numbers["rounds"] == 3  # F25
    rules_i = island.load_rules()
    state_i = island.new_game(rules_i, 3, seed=2)
    events = []
    while not island.is_over(state_i):
        state_i, caused = island.step(state_i, island.legal_moves(state_i)[0])
        events.extend(caused)
    numbers, _ = island.GAME.statistics(events, state_i)  # type: ignore[misc]
    turns = sum(type(e).__name__ == "TurnEnded" for e in events)
    assert numbers["turns"] == turns == numbers["water placed"]  # I9: one flood a turn
    assert numbers["rounds"] == -(-turns // 3)
