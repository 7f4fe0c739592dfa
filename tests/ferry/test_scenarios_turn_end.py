"""Scenario tests for the end of a ferry turn, rounds, abilities and variants (F17-F33, V1-V4).

Each test builds an exact position with ``tests/ferry/builders.py``, applies moves and checks the
exact result. Every expected value is worked out by hand from ``docs/ferry.md`` and the card
table; the comments show the arithmetic. Weights and tears used below (card table):

    woodpecker 0/2, parrot 0/2, snail 1/2, cat 2/1, kangaroo 3/1, panda 4/4, lion 5/1,
    donkey 6/1, bear 7/0, giraffe 8/0, rhinoceros 9/0, elephant 10/0, frog 1..5/2, crocodile 6/1

Odd-numbered cards are male, even-numbered female (frog-1, frog-2 male, frog-3 female; the
crocodile male). With 2-3 players cards 1-4 of parrot, cat, kangaroo and panda are removed (F4).
Noah's moves from dock d: female -> d-1, d+1; male -> d-2, d+2 (mod 5), listed ascending.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from noahrules import ferry
from noahrules.errors import IllegalMoveError
from noahrules.ferry import (
    Boarded,
    Card,
    EndGiving,
    Ferry,
    FerryCard,
    Gender,
    GiveBack,
    GiveCard,
    LookAtHand,
    Move,
    MoveNoah,
    Pattern,
    Phase,
    PlayAnimal,
    SendEscapee,
    State,
    StealFrom,
    TakeAnimals,
)
from tests.ferry.builders import MARK_5, position

MALE = Gender.MALE
FEMALE = Gender.FEMALE

REMOVED_2_3_PLAYERS = (
    "parrot-1",
    "parrot-2",
    "parrot-3",
    "parrot-4",
    "cat-1",
    "cat-2",
    "cat-3",
    "cat-4",
    "kangaroo-1",
    "kangaroo-2",
    "kangaroo-3",
    "kangaroo-4",
    "panda-1",
    "panda-2",
    "panda-3",
    "panda-4",
)

# Docks 1-4 for positions where only dock 0 matters (none of these cards is used elsewhere).
OTHER_DOCKS: list[Sequence[str] | None] = [["bear-1"], ["giraffe-2"], ["lion-4"], ["lion-2"]]


# --- helpers -----------------------------------------------------------------------------------


def places(state: State) -> Counter[str]:
    """How often each card id occurs over every place a card can be (F28)."""
    cards: list[Card] = list(state.deck)
    cards += [c for h in state.hands for c in h]
    cards += [a.card for d in state.docks if d is not None for a in d.animals]
    cards += list(state.departed)
    cards += list(state.removed)
    if state.escapee is not None:
        cards.append(state.escapee)
    return Counter(c.id for c in cards)


def assert_each_card_once(state: State) -> None:
    assert places(state) == Counter(c.id for c in state.rules.animals)


def build(**kwargs: object) -> State:
    """``position(...)``, checked to hold each card exactly once (guards the test's own setup)."""
    state = position(**kwargs)  # type: ignore[arg-type]
    assert_each_card_once(state)
    return state


def ids(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(c.id for c in cards)


def hand(state: State, seat: int) -> tuple[str, ...]:
    return ids(state.hands[seat])


def on_dock(state: State, dock: int) -> tuple[tuple[str, str, int], ...]:
    """The animals on a dock's ferry as (id, gender as played, weight as played)."""
    ferry_ = state.docks[dock]
    assert ferry_ is not None
    return tuple((a.card.id, a.gender.value, a.weight) for a in ferry_.animals)


def ferry_card(state: State, ferry_id: str) -> FerryCard:
    return next(f for f in state.rules.ferries if f.id == ferry_id)


def run(state: State, *moves: Move) -> State:
    for move in moves:
        state = ferry.apply(state, move)
    return state


def refused(state: State, move: Move, rule: str) -> None:
    """``move`` raises ``IllegalMoveError`` naming ``rule`` and leaves the state as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMoveError) as info:
        ferry.apply(state, move)
    assert info.value.rule == rule
    assert state == before


def last_card(
    *,
    players: int = 2,
    seat: int = 0,
    others: Sequence[Sequence[str]],
    penalties: Sequence[int] | None = None,
    round: int = 1,
    first_player: int = 0,
    variants: Sequence[str] = (),
) -> State:
    """A position where ``seat`` holds only cat-5 (male) and Noah is at dock 0 with bear-2 aboard:
    playing cat-5 and moving Noah to dock 2 completes a turn with an empty hand (F20).
    ``others`` are the other seats' hands, in seat order."""
    rest = iter(others)
    hands = [["cat-5"] if s == seat else list(next(rest)) for s in range(players)]
    return build(
        players=players,
        variants=variants,
        hands=hands,
        docks=[["bear-2"], ["elephant-1"], ["giraffe-2"], ["rhinoceros-1"], ["lion-2"]],
        seat=seat,
        penalties=penalties,
        round=round,
        first_player=first_player,
    )


def finish(state: State) -> State:
    """Play the last card of a ``last_card`` position: cat-5 on bear-2 (load 9), Noah to 2."""
    return run(state, PlayAnimal("cat-5"), MoveNoah(2))


def departing(**kwargs: object) -> State:
    """Dock 0 carries elephant-1 (M10), cat-6 (F2): load 12, alternating, a male comes next;
    rhinoceros-1 (M9) makes 21. Docks 1-4 from OTHER_DOCKS."""
    return build(docks=[["elephant-1", "cat-6"], *OTHER_DOCKS], **kwargs)


# --- F17 departure bonus -----------------------------------------------------------------------


def test_f17_first_departure_allows_one_gift() -> None:
    state = departing(hands=[["rhinoceros-1", "cat-5", "kangaroo-5"], ["panda-5", "bear-2"]])
    state = ferry.apply(state, PlayAnimal("rhinoceros-1"))
    assert state.phase is Phase.MOVE_NOAH
    assert ferry.legal_moves(state) == (MoveNoah(2), MoveNoah(3))
    state = ferry.apply(state, MoveNoah(3))
    # F16: 10 + 2 + 9 = 21 departs; the round's 1st departure allows 1 gift.
    assert state.phase is Phase.GIVE
    assert state.seat == 0
    assert state.departures == 1
    assert state.gifts == 1
    assert state.docks[0] is None
    assert ids(state.departed) == ("elephant-1", "cat-6", "rhinoceros-1")
    assert ferry.legal_moves(state) == (
        GiveCard("cat-5", 1),
        GiveCard("kangaroo-5", 1),
        EndGiving(),
    )
    state = ferry.apply(state, GiveCard("kangaroo-5", 1))
    # the one gift is given: the bonus is over without EndGiving, seat 1 acts
    assert state.phase is Phase.PLAY
    assert state.seat == 1
    assert hand(state, 0) == ("cat-5",)
    assert hand(state, 1) == ("kangaroo-5", "panda-5", "bear-2")
    assert state.noah == 3
    assert state.round == 1


def test_f17_second_departure_allows_two_gifts() -> None:
    state = departing(
        players=3,
        hands=[["rhinoceros-1", "cat-5", "kangaroo-5", "panda-5"], ["bear-2"], ["giraffe-1"]],
        departures=1,
        departed=["elephant-2", "rhinoceros-2", "snail-1", "snail-2"],
        centre=["ferry-7", "ferry-8"],
    )
    state = run(state, PlayAnimal("rhinoceros-1"), MoveNoah(2))
    assert state.phase is Phase.GIVE
    assert state.departures == 2
    assert state.gifts == 2
    # gifts to opponents only (seats 1 and 2), card by card in hand order, EndGiving last
    assert ferry.legal_moves(state) == (
        GiveCard("cat-5", 1),
        GiveCard("cat-5", 2),
        GiveCard("kangaroo-5", 1),
        GiveCard("kangaroo-5", 2),
        GiveCard("panda-5", 1),
        GiveCard("panda-5", 2),
        EndGiving(),
    )
    state = ferry.apply(state, GiveCard("cat-5", 1))
    assert state.phase is Phase.GIVE
    assert state.gifts == 1
    assert hand(state, 1) == ("cat-5", "bear-2")
    # the second gift goes to the other opponent: the giver splits as they choose
    state = ferry.apply(state, GiveCard("panda-5", 2))
    assert state.phase is Phase.PLAY
    assert state.seat == 1
    assert hand(state, 0) == ("kangaroo-5",)
    assert hand(state, 1) == ("cat-5", "bear-2")
    assert hand(state, 2) == ("panda-5", "giraffe-1")
    assert state.docks[0] == Ferry(ferry_card(state, "ferry-7"))
    assert [f.id for f in state.centre] == ["ferry-8"]


def test_f17_third_departure_giver_may_stop_early() -> None:
    state = departing(
        hands=[["rhinoceros-1", "cat-5", "kangaroo-5", "panda-5"], ["bear-2"]],
        departures=2,
        departed=["elephant-2", "rhinoceros-2", "snail-1", "snail-2", "donkey-1", "donkey-3"],
        centre=["ferry-8"],
    )
    state = run(state, PlayAnimal("rhinoceros-1"), MoveNoah(2))
    assert state.departures == 3
    assert state.gifts == 3
    state = ferry.apply(state, GiveCard("panda-5", 1))
    assert state.phase is Phase.GIVE
    assert state.gifts == 2
    assert ferry.legal_moves(state) == (
        GiveCard("cat-5", 1),
        GiveCard("kangaroo-5", 1),
        EndGiving(),
    )
    state = ferry.apply(state, EndGiving())
    assert state.phase is Phase.PLAY
    assert state.seat == 1
    assert hand(state, 0) == ("cat-5", "kangaroo-5")
    assert hand(state, 1) == ("panda-5", "bear-2")
    assert state.docks[0] == Ferry(ferry_card(state, "ferry-8"))
    assert state.centre == ()
    assert state.round == 1


def test_f17_gifts_go_only_to_opponents_from_own_hand() -> None:
    state = departing(hands=[["rhinoceros-1", "cat-5", "kangaroo-5"], ["panda-5", "bear-2"]])
    state = run(state, PlayAnimal("rhinoceros-1"), MoveNoah(3))
    assert state.phase is Phase.GIVE
    refused(state, GiveCard("cat-5", 0), "F17")  # to oneself
    refused(state, GiveCard("panda-5", 1), "F17")  # not in the giver's hand
    refused(state, GiveCard("rhinoceros-1", 1), "F17")  # the card just departed
    refused(state, PlayAnimal("cat-5"), "F17")  # the pending decision is the bonus


def test_f17_empty_hand_ends_the_bonus() -> None:
    state = departing(
        hands=[["rhinoceros-1", "cat-5"], ["bear-2"]],
        departures=1,
        departed=["elephant-2", "rhinoceros-2", "snail-1", "snail-2"],
        centre=["ferry-7", "ferry-8"],
    )
    state = run(state, PlayAnimal("rhinoceros-1"), MoveNoah(2))
    assert state.gifts == 2
    state = ferry.apply(state, GiveCard("cat-5", 1))
    # the giver's hand is empty: the bonus ends at once (one gift of 2 left unused), the turn is
    # complete with an empty hand, so the round ends (F20). F22: seat 1 holds bear-2 (0) and
    # cat-5 (1) -> penalties (0, 1); F24: seat 1 starts round 2.
    assert state.round == 2
    assert state.penalties == (0, 1)
    assert state.first_player == 1
    assert state.seat == 1
    assert state.phase is Phase.PLAY


def test_f17_no_bonus_decision_when_the_last_card_departs() -> None:
    state = departing(hands=[["rhinoceros-1"], ["bear-2", "cat-5"]])
    state = run(state, PlayAnimal("rhinoceros-1"), MoveNoah(2))
    # departure with an empty hand: no GIVE decision; the round ends (F20).
    # F22: seat 1 bear-2 (0) + cat-5 (1) = 1; F24: seat 1 starts.
    assert state.phase is Phase.PLAY
    assert state.round == 2
    assert state.penalties == (0, 1)
    assert state.seat == 1


# --- F18 replacement ---------------------------------------------------------------------------


def test_f18_first_centre_ferry_takes_the_empty_dock_empty() -> None:
    state = departing(
        hands=[["rhinoceros-1", "cat-5"], ["bear-2"]],
        centre=["ferry-8", "ferry-6", "ferry-7"],
    )
    before = state
    state = run(state, PlayAnimal("rhinoceros-1"), MoveNoah(2))
    # during the bonus the dock is still empty and the centre untouched
    assert state.phase is Phase.GIVE
    assert state.docks[0] is None
    assert [f.id for f in state.centre] == ["ferry-8", "ferry-6", "ferry-7"]
    state = ferry.apply(state, EndGiving())
    assert state.docks[0] == Ferry(ferry_card(state, "ferry-8"), ())
    assert [f.id for f in state.centre] == ["ferry-6", "ferry-7"]
    assert state.docks[1:] == before.docks[1:]
    assert state.deck == before.deck  # the deck is not drawn from (F8)
    assert state.seat == 1
    assert state.noah == 2


# --- F19 next seat -----------------------------------------------------------------------------


def test_f19_next_seat_acts_after_a_turn() -> None:
    state = build(
        players=3,
        hands=[["kangaroo-5"], ["kangaroo-6"], ["cat-5", "cat-6"]],
        docks=[["panda-6"], ["bear-2"], ["giraffe-2"], ["elephant-1"], ["lion-2"]],
        noah=1,
        seat=2,
    )
    state = ferry.apply(state, PlayAnimal("cat-5"))
    assert ferry.legal_moves(state) == (MoveNoah(3), MoveNoah(4))
    state = ferry.apply(state, MoveNoah(4))
    # seat 2 is the last seat: seat 0 is next
    assert state.phase is Phase.PLAY
    assert state.seat == 0
    assert state.noah == 4
    assert on_dock(state, 1) == (("bear-2", "female", 7), ("cat-5", "male", 2))
    assert hand(state, 2) == ("cat-6",)


def test_f19_pair_gives_the_same_seat_an_extra_turn() -> None:
    state = build(
        players=3,
        hands=[["panda-5"], ["cat-5", "kangaroo-6", "bear-2"], ["panda-6"]],
        docks=[["kangaroo-5", "cat-6"], ["lion-1"], ["giraffe-2"], ["elephant-1"], ["lion-2"]],
        seat=1,
    )
    # cat-5 after cat-6: a pair (F15)
    state = run(state, PlayAnimal("cat-5"), MoveNoah(2))
    assert state.phase is Phase.PLAY
    assert state.seat == 1
    assert state.noah == 2
    # the extra turn: giraffe-2 (F8) is alone on dock 2; bear-2 (F7) is no pair
    state = run(state, PlayAnimal("bear-2"), MoveNoah(1))
    assert state.seat == 2
    assert state.noah == 1


def test_f19_pair_extra_turn_follows_departure_bonus_and_replacement() -> None:
    state = build(
        hands=[["cat-5", "lion-1", "bear-2"], ["kangaroo-6"]],
        docks=[
            ["elephant-1", "panda-6", "kangaroo-5", "cat-6"],
            ["bear-1"],
            ["giraffe-2"],
            ["rhinoceros-1"],
            ["lion-2"],
        ],
    )
    # 10 + 4 + 3 + 2 = 19, alternating, last cat-6 female; cat-5 (M2) makes 21 and a pair
    state = run(state, PlayAnimal("cat-5"), MoveNoah(2))
    assert state.phase is Phase.GIVE
    state = ferry.apply(state, EndGiving())
    assert state.seat == 0
    assert state.phase is Phase.PLAY
    assert state.noah == 2
    assert state.docks[0] == Ferry(ferry_card(state, "ferry-6"))
    # the extra turn is at Noah's dock 2, giraffe-2 alone: anything within 21 boards
    assert ferry.legal_moves(state) == (PlayAnimal("lion-1"), PlayAnimal("bear-2"))


# --- F20 round end -----------------------------------------------------------------------------


def test_f20_round_ends_when_turn_completes_with_an_empty_hand() -> None:
    state = last_card(others=[["snail-1", "kangaroo-6", "panda-5"]], penalties=(3, 4))
    state = ferry.apply(state, PlayAnimal("cat-5"))
    # the hand is empty but the turn is not complete: Noah still moves
    assert state.round == 1
    assert state.phase is Phase.MOVE_NOAH
    assert hand(state, 0) == ()
    state = ferry.apply(state, MoveNoah(2))
    # F22: seat 1 adds snail 2 + kangaroo 1 + panda 4 = 7 -> (3, 11); F24: seat 1 starts
    assert state.round == 2
    assert state.penalties == (3, 11)
    assert state.first_player == 1
    assert state.seat == 1
    assert state.phase is Phase.PLAY


def test_f20_pending_pair_extra_turn_is_lost_at_round_end() -> None:
    state = build(
        hands=[["cat-5"], ["panda-5"]],
        docks=[["kangaroo-5", "cat-6"], *OTHER_DOCKS],
    )
    # cat-5 after cat-6 is a pair, but it is seat 0's last card
    state = run(state, PlayAnimal("cat-5"), MoveNoah(2))
    # F22: seat 1 panda-5 (4) -> (0, 4); F24: seat 1 starts round 2, no extra turn for seat 0
    assert state.round == 2
    assert state.penalties == (0, 4)
    assert state.seat == 1
    assert state.pair is False


def test_f20_hand_empty_only_during_a_lion_steal_does_not_end_the_round() -> None:
    state = build(
        hands=[["lion-1", "cat-5"], ["panda-6"]],
        docks=[["bear-2"], ["elephant-1"], ["giraffe-2"], ["rhinoceros-1"], ["lion-2"]],
    )
    state = ferry.apply(state, PlayAnimal("lion-1"))
    assert ferry.legal_moves(state) == (StealFrom(1),)
    state = ferry.apply(state, StealFrom(1))
    # seat 1's only card is stolen: its hand is empty mid-ability
    assert hand(state, 1) == ()
    assert hand(state, 0) == ("cat-5", "panda-6")
    assert state.round == 1
    assert state.phase is Phase.GIVE_BACK
    state = run(state, GiveBack("cat-5"), MoveNoah(2))
    assert state.round == 1
    assert state.phase is Phase.PLAY
    assert state.seat == 1
    assert hand(state, 0) == ("panda-6",)
    assert hand(state, 1) == ("cat-5",)
    assert state.penalties == (0, 0)


def test_f20_abilities_resolve_after_the_last_card_is_played() -> None:
    state = build(
        hands=[["lion-1"], ["kangaroo-6", "panda-6"]],
        docks=[["bear-2"], ["elephant-1"], ["giraffe-2"], ["rhinoceros-1"], ["lion-2"]],
    )
    state = ferry.apply(state, PlayAnimal("lion-1"))
    # the lion was seat 0's last card: the steal still happens
    assert state.phase is Phase.STEAL
    assert state.round == 1
    state = ferry.apply(state, StealFrom(1))
    (stolen,) = state.hands[0]
    assert stolen.id in ("kangaroo-6", "panda-6")
    assert ferry.legal_moves(state) == (GiveBack(stolen.id),)
    state = run(state, GiveBack(stolen.id), MoveNoah(2))
    # seat 0's hand is empty when the turn completes: F22 seat 1 kangaroo 1 + panda 4 = 5
    assert state.round == 2
    assert state.penalties == (0, 5)
    assert state.seat == 1


# --- F21 last departure ------------------------------------------------------------------------

LAST_DEPARTED = ["elephant-2", "rhinoceros-2", "snail-1", "snail-2", "donkey-1", "donkey-3"]
LAST_DEPARTED += ["giraffe-1", "lion-3", "donkey-4"]


def test_f21_departure_with_empty_centre_ends_round_after_its_bonus() -> None:
    state = departing(
        hands=[["rhinoceros-1", "cat-5", "kangaroo-5", "panda-5", "parrot-5"], ["bear-2"]],
        departures=3,
        departed=LAST_DEPARTED,
        centre=[],
    )
    state = run(state, PlayAnimal("rhinoceros-1"), MoveNoah(3))
    # the 4th departure: 4 gifts, given before the round ends
    assert state.phase is Phase.GIVE
    assert state.round == 1
    assert state.departures == 4
    assert state.gifts == 4
    state = run(state, GiveCard("cat-5", 1), GiveCard("kangaroo-5", 1))
    assert state.phase is Phase.GIVE
    assert state.gifts == 2
    state = ferry.apply(state, EndGiving())
    # F22: seat 0 panda 4 + parrot 2 = 6; seat 1 bear 0 + cat 1 + kangaroo 1 = 2; F24: seat 0
    assert state.round == 2
    assert state.penalties == (6, 2)
    assert state.first_player == 0
    assert state.seat == 0
    assert state.departures == 0


def test_f21_fourth_departure_all_four_gifts_then_round_ends() -> None:
    state = departing(
        hands=[
            ["rhinoceros-1", "snail-3", "cat-5", "kangaroo-5", "panda-5", "parrot-5"],
            ["bear-2"],
        ],
        departures=3,
        departed=LAST_DEPARTED,
        centre=[],
    )
    state = run(
        state,
        PlayAnimal("rhinoceros-1"),
        MoveNoah(2),
        GiveCard("snail-3", 1),
        GiveCard("cat-5", 1),
        GiveCard("kangaroo-5", 1),
    )
    assert state.phase is Phase.GIVE
    assert state.gifts == 1
    state = ferry.apply(state, GiveCard("panda-5", 1))
    # F22: seat 0 parrot 2; seat 1 snail 2 + cat 1 + kangaroo 1 + panda 4 + bear 0 = 8
    assert state.round == 2
    assert state.penalties == (2, 8)
    assert state.seat == 1


# --- F22 tears ---------------------------------------------------------------------------------


def test_f22_tears_left_in_hand_are_added_to_penalties() -> None:
    big = ["woodpecker-1", "parrot-6", "snail-2", "cat-6", "kangaroo-6", "panda-6"]
    big += ["lion-1", "donkey-2", "bear-1", "giraffe-1", "rhinoceros-2", "elephant-2"]
    state = last_card(players=3, others=[big, ["panda-5"]], penalties=(2, 7, 0))
    state = finish(state)
    # seat 0: empty hand, + 0; seat 1: 2+2+2+1+1+4+1+1+0+0+0+0 = 14 -> 21; seat 2: panda 4 -> 4
    assert state.round == 2
    assert state.penalties == (2, 21, 4)


# --- F23 reshuffle -----------------------------------------------------------------------------


def test_f23_next_round_gathers_and_reshuffles_every_card() -> None:
    state = build(
        hands=[["cat-5"], ["panda-5", "kangaroo-6"]],
        docks=[["bear-2"], ["elephant-1"], None, ["rhinoceros-1"], ["lion-2"]],
        ferry_cards=["ferry-1", "ferry-2", "ferry-4", "ferry-5"],
        centre=["ferry-7", "ferry-8"],
        departures=1,
        departed=["elephant-2", "giraffe-2", "kangaroo-5"],
    )
    removed = state.removed
    state = finish(state)
    assert state.round == 2
    assert state.phase is Phase.PLAY
    assert state.departures == 0
    assert state.departed == ()
    assert state.escapee is None
    # 31 cards for 2 players: 5 placed on docks, 8 + 8 dealt, 10 unused
    assert [len(h) for h in state.hands] == [8, 8]
    assert len(state.deck) == 10
    assert all(d is not None and len(d.animals) == 1 for d in state.docks)
    assert len(state.centre) == 3
    on_docks = [d.card.id for d in state.docks if d is not None]
    assert sorted(on_docks + [f.id for f in state.centre]) == [f"ferry-{i}" for i in range(1, 9)]
    assert state.removed == removed
    assert_each_card_once(state)


# --- F24 next first player ---------------------------------------------------------------------


def test_f24_highest_total_penalty_starts_the_next_round() -> None:
    state = last_card(players=3, others=[["cat-6"], ["panda-5", "panda-6"]], penalties=(2, 9, 4))
    state = finish(state)
    # totals after this round: (2, 9 + 1, 4 + 8) = (2, 10, 12): seat 2 had the lower penalty
    # before the round but has the highest total now
    assert state.penalties == (2, 10, 12)
    assert state.first_player == 2
    assert state.seat == 2


@pytest.mark.parametrize(
    ("previous", "expected"),
    [
        (0, 0),  # seat order 0, 1, 2: seat 0 is the first tied seat
        (1, 2),  # seat order 1, 2, 0: seat 2 comes before seat 0
        (2, 2),  # seat order 2, 0, 1: the previous first player is tied and included
    ],
)
def test_f24_tie_broken_from_previous_first_player(previous: int, expected: int) -> None:
    state = last_card(
        players=3,
        seat=1,
        others=[["bear-1"], ["parrot-6"]],
        penalties=(5, 3, 3),
        first_player=previous,
    )
    state = finish(state)
    # bear-1 0 tears, parrot-6 2: totals (5, 3, 5), seats 0 and 2 tied highest
    assert state.penalties == (5, 3, 5)
    assert state.first_player == expected
    assert state.seat == expected


# --- F25 game end ------------------------------------------------------------------------------


def test_f25_game_ends_after_round_3_lowest_penalty_wins() -> None:
    state = last_card(players=3, others=[["bear-1"], ["cat-6"]], penalties=(10, 8, 12), round=3)
    assert not ferry.is_over(state)
    assert ferry.winners(state) == ()
    state = finish(state)
    # (10, 8 + 0, 12 + 1)
    assert ferry.is_over(state)
    assert state.phase is Phase.OVER
    assert state.round == 3
    assert state.penalties == (10, 8, 13)
    assert ferry.scores(state) == (10, 8, 13)
    assert ferry.current_player(state) is None
    assert ferry.legal_moves(state) == ()
    assert ferry.winners(state) == (1,)


def test_f25_tied_lowest_penalties_share_the_win() -> None:
    state = last_card(players=3, others=[["bear-1"], ["cat-6"]], penalties=(10, 8, 7), round=3)
    state = finish(state)
    # (10, 8, 7 + 1)
    assert state.penalties == (10, 8, 8)
    assert ferry.winners(state) == (1, 2)


def test_f25_no_move_after_the_game_is_over() -> None:
    state = finish(last_card(others=[["bear-1"]], round=3))
    assert ferry.is_over(state)
    refused(state, PlayAnimal("bear-1"), "F25")
    refused(state, EndGiving(), "F25")
    refused(state, MoveNoah(1), "F25")


def test_f25_game_goes_on_after_round_2() -> None:
    state = finish(last_card(others=[["cat-6"]], penalties=(4, 4), round=2))
    assert not ferry.is_over(state)
    assert state.round == 3
    assert state.penalties == (4, 5)
    assert ferry.current_player(state) == 1
    assert ferry.winners(state) == ()


# --- F26 public information --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "expected"),
    [(2, REMOVED_2_3_PLAYERS), (3, REMOVED_2_3_PLAYERS), (4, MARK_5), (5, ())],
)
def test_f26_cards_removed_by_mark_are_recorded(players: int, expected: tuple[str, ...]) -> None:
    state = ferry.new_game(ferry.load_rules(), players=players, seed=3)
    assert ids(state.removed) == expected
    in_play = [a.card for d in state.docks if d is not None for a in d.animals]
    in_play += [c for h in state.hands for c in h] + list(state.deck)
    assert not set(ids(in_play)) & set(expected)


def test_f26_snail_gender_and_frog_weight_are_recorded_aboard() -> None:
    state = build(
        hands=[["snail-1", "cat-5"], ["kangaroo-6"]],
        docks=[["bear-1"], *OTHER_DOCKS[1:], ["elephant-2"]],
    )
    state = ferry.apply(state, PlayAnimal("snail-1", FEMALE))
    assert state.docks[0] is not None
    assert state.docks[0].animals[-1] == Boarded(state.rules.card["snail-1"], FEMALE, 1)
    frog = build(
        variants=["frog"],
        hands=[["frog-3", "cat-5"], ["bear-2"]],
        docks=[["elephant-1", "kangaroo-6", "lion-1"], *OTHER_DOCKS],
    )
    frog = ferry.apply(frog, PlayAnimal("frog-3", weight=3))
    assert frog.docks[0] is not None
    assert frog.docks[0].animals[-1] == Boarded(frog.rules.card["frog-3"], FEMALE, 3)


def test_f26_escapee_is_recorded_while_in_transit() -> None:
    state = build(
        variants=["crocodile"],
        players=3,
        hands=[["crocodile-1", "cat-5"], ["bear-2"], ["panda-5"]],
        docks=[["kangaroo-6", "cat-6"], *OTHER_DOCKS],
    )
    assert state.escapee is None
    state = ferry.apply(state, PlayAnimal("crocodile-1"))
    assert state.escapee == state.rules.card["kangaroo-6"]
    assert state.phase is Phase.SEND_ESCAPEE
    state = ferry.apply(state, SendEscapee(2))
    assert state.escapee is None
    assert hand(state, 2) == ("kangaroo-6", "panda-5")


# --- F27 unbounded -----------------------------------------------------------------------------


def test_f27_game_length_is_unbounded() -> None:
    assert ferry.GAME.max_decisions is None


# --- F28 every card in one place ---------------------------------------------------------------


def test_f28_every_card_in_exactly_one_place_after_each_move() -> None:
    state = build(
        variants=["crocodile"],
        hands=[["crocodile-1", "lion-1", "cat-5", "kangaroo-5"], ["bear-2", "rhinoceros-1"]],
        docks=[
            ["giraffe-1", "cat-6"],
            ["elephant-1"],
            ["elephant-2", "panda-6"],
            ["kangaroo-6"],
            ["lion-2"],
        ],
    )
    script: list[Move] = [
        PlayAnimal("crocodile-1"),  # giraffe-1 escapes: in transit
        SendEscapee(1),
        MoveNoah(2),
        PlayAnimal("bear-2"),  # dock 2: 10 + 4 + 7 = 21, all female
        MoveNoah(3),
        GiveCard("rhinoceros-1", 0),
        PlayAnimal("lion-1"),  # dock 3: kangaroo-6, lion-1
        StealFrom(1),
    ]
    seen_escapee = False
    for move in script:
        state = ferry.apply(state, move)
        seen_escapee |= state.escapee is not None
        assert_each_card_once(state)
    assert seen_escapee
    assert state.departures == 1
    assert state.phase is Phase.GIVE_BACK
    # then play on (first legal move) through round ends, counting after every move
    rounds = {state.round}
    for _ in range(400):
        if ferry.is_over(state):
            break
        state = ferry.apply(state, ferry.legal_moves(state)[0])
        rounds.add(state.round)
        assert_each_card_once(state)
    assert len(rounds) > 1


# --- F29 snail ---------------------------------------------------------------------------------


def test_f29_snail_is_played_as_male_or_female() -> None:
    state = build(
        hands=[["snail-1", "cat-5"], ["kangaroo-6"]],
        docks=[["bear-2"], *OTHER_DOCKS],
    )
    assert ferry.legal_moves(state) == (
        PlayAnimal("snail-1", MALE),
        PlayAnimal("snail-1", FEMALE),
        PlayAnimal("cat-5"),
    )
    refused(state, PlayAnimal("snail-1"), "F29")
    refused(state, PlayAnimal("snail-1", Gender.EITHER), "F29")


def test_f29_chosen_gender_governs_f10_for_the_snail() -> None:
    # cat-6, panda-6: all female
    state = build(
        hands=[["snail-1", "cat-5"], ["lion-1"]],
        docks=[["cat-6", "panda-6"], *OTHER_DOCKS],
    )
    assert ferry.legal_moves(state) == (PlayAnimal("snail-1", FEMALE),)
    refused(state, PlayAnimal("snail-1", MALE), "F10")
    state = ferry.apply(state, PlayAnimal("snail-1", FEMALE))
    assert on_dock(state, 0) == (
        ("cat-6", "female", 2),
        ("panda-6", "female", 4),
        ("snail-1", "female", 1),
    )


@pytest.mark.parametrize(
    ("snail", "allowed"),
    [("snail-1/male", "kangaroo-5"), ("snail-1/female", "kangaroo-6")],
)
def test_f29_chosen_gender_governs_f10_for_later_animals(snail: str, allowed: str) -> None:
    # snail first, cat-5 (male) second: a male snail fixes "all male", a female one "alternating"
    state = build(
        hands=[["kangaroo-5", "kangaroo-6"], ["bear-2"]],
        docks=[[snail, "cat-5"], *OTHER_DOCKS],
    )
    assert ferry.legal_moves(state) == (PlayAnimal(allowed),)


@pytest.mark.parametrize(
    ("gender", "noah_moves"),
    [(FEMALE, (MoveNoah(1), MoveNoah(4))), (MALE, (MoveNoah(2), MoveNoah(3)))],
)
def test_f29_chosen_gender_governs_f14(gender: Gender, noah_moves: tuple[MoveNoah, ...]) -> None:
    state = build(
        hands=[["snail-1", "cat-5"], ["kangaroo-6"]],
        docks=[["bear-2"], *OTHER_DOCKS],
    )
    state = ferry.apply(state, PlayAnimal("snail-1", gender))
    assert state.phase is Phase.MOVE_NOAH
    assert ferry.legal_moves(state) == noah_moves
    refused(state, MoveNoah(2 if gender is FEMALE else 1), "F14")


# --- F30 woodpecker ----------------------------------------------------------------------------


def test_f30_woodpecker_ferry_departs_at_13_with_bonus() -> None:
    state = build(
        hands=[["cat-5", "kangaroo-5", "bear-2", "elephant-2"], ["kangaroo-6"]],
        docks=[["woodpecker-2", "cat-6", "panda-6"], *OTHER_DOCKS[:2], ["panda-5"], ["lion-2"]],
    )
    assert state.docks[0] is not None
    assert state.docks[0].capacity == 13
    # all female, load 0 + 2 + 4 = 6: bear-2 (F7) makes 13; elephant-2 (F10) would make 16
    assert ferry.legal_moves(state) == (PlayAnimal("bear-2"),)
    refused(state, PlayAnimal("elephant-2"), "F11")
    state = ferry.apply(state, PlayAnimal("bear-2"))
    assert ferry.legal_moves(state) == (MoveNoah(1), MoveNoah(4))
    state = ferry.apply(state, MoveNoah(4))
    assert state.phase is Phase.GIVE
    assert state.departures == 1
    assert state.gifts == 1
    assert ids(state.departed) == ("woodpecker-2", "cat-6", "panda-6", "bear-2")
    state = ferry.apply(state, GiveCard("elephant-2", 1))
    assert hand(state, 0) == ("cat-5", "kangaroo-5")
    assert hand(state, 1) == ("kangaroo-6", "elephant-2")
    assert state.docks[0] == Ferry(ferry_card(state, "ferry-6"))
    assert state.seat == 1


def test_f30_woodpecker_cannot_board_when_load_would_exceed_13() -> None:
    state = build(
        hands=[["woodpecker-1", "woodpecker-2", "kangaroo-5"], ["kangaroo-6"]],
        docks=[["elephant-1", "panda-6"], *OTHER_DOCKS],
    )
    # elephant-1 (M10), panda-6 (F4): load 14, alternating, male next. woodpecker-1 fits F10
    # but the capacity would drop to 13 < 14 (F11 with F30); woodpecker-2 is female (F10)
    assert ferry.legal_moves(state) == (PlayAnimal("kangaroo-5"),)
    refused(state, PlayAnimal("woodpecker-1"), "F11")
    refused(state, PlayAnimal("woodpecker-2"), "F10")


def test_f30_woodpecker_making_load_exactly_13_departs() -> None:
    state = build(
        hands=[["woodpecker-1", "cat-5"], ["kangaroo-6"]],
        docks=[["elephant-1", "kangaroo-5"], *OTHER_DOCKS],
    )
    # elephant-1 (M10), kangaroo-5 (M3): 13, all male; woodpecker-1 (M0) boards, capacity 13
    state = ferry.apply(state, PlayAnimal("woodpecker-1"))
    assert state.docks[0] is not None
    assert state.docks[0].capacity == 13
    assert state.docks[0].load == 13
    state = ferry.apply(state, MoveNoah(3))
    assert state.phase is Phase.GIVE
    assert ids(state.departed) == ("elephant-1", "kangaroo-5", "woodpecker-1")


def test_v3_f30_crocodile_escape_of_a_woodpecker_restores_capacity_21() -> None:
    state = build(
        variants=["crocodile"],
        hands=[["crocodile-1", "cat-5"], ["kangaroo-6"]],
        docks=[["woodpecker-1", "kangaroo-5", "lion-1"], *OTHER_DOCKS],
    )
    # all male, load 0 + 3 + 5 = 8, capacity 13: crocodile (M6) -> 14 > 13 before the escape,
    # but the woodpecker escapes: kangaroo-5, lion-1, crocodile = 14 <= 21
    assert ferry.legal_moves(state) == (PlayAnimal("cat-5"), PlayAnimal("crocodile-1"))
    state = ferry.apply(state, PlayAnimal("crocodile-1"))
    assert state.escapee == state.rules.card["woodpecker-1"]
    assert state.docks[0] is not None
    assert state.docks[0].capacity == 21
    assert state.docks[0].load == 14
    assert on_dock(state, 0) == (
        ("kangaroo-5", "male", 3),
        ("lion-1", "male", 5),
        ("crocodile-1", "male", 6),
    )


# --- F31 donkey --------------------------------------------------------------------------------


def test_f31_donkey_keeps_noah_and_the_next_player_plays_there() -> None:
    state = build(
        hands=[["donkey-1", "cat-5"], ["kangaroo-6", "elephant-1"]],
        docks=[["bear-2"], ["lion-1"], ["giraffe-2"], ["panda-6"], ["lion-2"]],
    )
    state = ferry.apply(state, PlayAnimal("donkey-1"))
    # no MoveNoah decision: bear-2 + donkey-1 = 13, no departure, seat 1 acts at dock 0
    assert state.phase is Phase.PLAY
    assert state.seat == 1
    assert state.noah == 0
    assert on_dock(state, 0) == (("bear-2", "female", 7), ("donkey-1", "male", 6))
    # alternating, a female next: kangaroo-6 (16); elephant-1 is male
    assert ferry.legal_moves(state) == (PlayAnimal("kangaroo-6"),)


def test_f31_donkey_departure_next_player_plays_on_the_replacement() -> None:
    state = build(
        hands=[["donkey-1", "cat-5"], ["kangaroo-5", "bear-2"]],
        docks=[["elephant-1", "kangaroo-6", "parrot-5", "cat-6"], *OTHER_DOCKS],
    )
    # 10 + 3 + 0 + 2 = 15, alternating, male next: donkey-1 (M6) makes 21
    state = ferry.apply(state, PlayAnimal("donkey-1"))
    assert state.phase is Phase.GIVE
    assert state.noah == 0
    assert state.docks[0] is None
    assert ferry.legal_moves(state) == (GiveCard("cat-5", 1), EndGiving())
    state = ferry.apply(state, EndGiving())
    assert state.phase is Phase.PLAY
    assert state.seat == 1
    assert state.noah == 0
    assert state.docks[0] == Ferry(ferry_card(state, "ferry-6"))
    assert ferry.legal_moves(state) == (PlayAnimal("kangaroo-5"), PlayAnimal("bear-2"))


def test_f31_donkey_pair_same_player_plays_again_at_the_same_dock() -> None:
    state = build(
        hands=[["donkey-1", "cat-6", "kangaroo-5"], ["bear-2"]],
        docks=[["lion-1", "donkey-2"], *OTHER_DOCKS],
    )
    # donkey-1 after donkey-2: a pair; 5 + 6 + 6 = 17, alternating, a female next (cat-6: 19)
    state = ferry.apply(state, PlayAnimal("donkey-1"))
    assert state.phase is Phase.PLAY
    assert state.seat == 0
    assert state.noah == 0
    assert ferry.legal_moves(state) == (PlayAnimal("cat-6"),)


def test_f31_donkey_on_the_last_departure_ends_the_round() -> None:
    state = build(
        hands=[["donkey-1", "cat-5"], ["kangaroo-5", "bear-2"]],
        docks=[["elephant-1", "kangaroo-6", "parrot-5", "cat-6"], *OTHER_DOCKS],
        departures=3,
        departed=["elephant-2", "rhinoceros-2", "snail-1", "snail-2", "giraffe-1", "lion-3"],
        centre=[],
    )
    state = ferry.apply(state, PlayAnimal("donkey-1"))
    assert state.phase is Phase.GIVE
    assert state.gifts == 4
    state = ferry.apply(state, EndGiving())
    # F22: seat 0 cat-5 1; seat 1 kangaroo-5 1 + bear-2 0 = 1; F24 tie from seat 0: seat 0
    assert state.round == 2
    assert state.penalties == (1, 1)
    assert state.seat == 0


# --- F32 giraffe -------------------------------------------------------------------------------


def test_f32_giraffe_looks_at_an_opponent_hand_then_moves_noah() -> None:
    state = build(
        players=3,
        hands=[["giraffe-1", "cat-5"], ["bear-2"], ["panda-5"]],
        docks=[["cat-6"], *OTHER_DOCKS],
    )
    state = ferry.apply(state, PlayAnimal("giraffe-1"))
    assert state.phase is Phase.LOOK
    assert state.seat == 0
    assert ferry.legal_moves(state) == (LookAtHand(1), LookAtHand(2))
    refused(state, LookAtHand(0), "F32")
    refused(state, LookAtHand(3), "F32")
    refused(state, MoveNoah(2), "F32")
    hands = state.hands
    state = ferry.apply(state, LookAtHand(2))
    assert state.hands == hands
    assert state.phase is Phase.MOVE_NOAH
    assert ferry.legal_moves(state) == (MoveNoah(2), MoveNoah(3))
    state = ferry.apply(state, MoveNoah(3))
    assert state.seat == 1
    assert on_dock(state, 0) == (("cat-6", "female", 2), ("giraffe-1", "male", 8))


# --- F33 lion ----------------------------------------------------------------------------------


def test_f33_lion_steals_from_chosen_opponent_and_gives_a_card_back() -> None:
    state = build(
        players=3,
        hands=[["lion-1", "kangaroo-5"], ["panda-6", "bear-2", "giraffe-2"], ["elephant-2"]],
        docks=[["cat-6"], ["bear-1"], ["giraffe-1"], ["panda-5"], ["lion-2"]],
    )
    state = ferry.apply(state, PlayAnimal("lion-1"))
    assert state.phase is Phase.STEAL
    assert ferry.legal_moves(state) == (StealFrom(1), StealFrom(2))
    refused(state, StealFrom(0), "F33")
    before = state
    state = ferry.apply(state, StealFrom(1))
    assert state.phase is Phase.GIVE_BACK
    assert state.victim == 1
    assert state.rng != before.rng
    gained = set(hand(state, 0)) - {"kangaroo-5"}
    assert len(gained) == 1
    (stolen,) = gained
    assert stolen in ("panda-6", "bear-2", "giraffe-2")
    order = ("kangaroo-5", "panda-6", "bear-2", "giraffe-2")
    assert hand(state, 0) == tuple(c for c in order if c in ("kangaroo-5", stolen))
    assert hand(state, 1) == tuple(c for c in order[1:] if c != stolen)
    assert hand(state, 2) == ("elephant-2",)
    assert ferry.legal_moves(state) == tuple(GiveBack(c) for c in hand(state, 0))
    refused(state, GiveBack("elephant-2"), "F33")
    refused(state, MoveNoah(2), "F33")
    state = ferry.apply(state, GiveBack("kangaroo-5"))
    assert hand(state, 0) == (stolen,)
    assert hand(state, 1) == tuple(c for c in order if c != stolen)
    assert state.victim is None
    assert state.phase is Phase.MOVE_NOAH
    assert ferry.legal_moves(state) == (MoveNoah(2), MoveNoah(3))


def test_f33_lion_may_give_back_the_stolen_card() -> None:
    state = build(
        players=3,
        hands=[["lion-1", "kangaroo-5"], ["panda-6", "bear-2"], ["elephant-2"]],
        docks=[["cat-6"], ["bear-1"], ["giraffe-1"], ["panda-5"], ["lion-2"]],
    )
    state = run(state, PlayAnimal("lion-1"), StealFrom(2))
    # seat 2's only card is taken
    assert hand(state, 0) == ("kangaroo-5", "elephant-2")
    assert hand(state, 2) == ()
    assert ferry.legal_moves(state) == (GiveBack("kangaroo-5"), GiveBack("elephant-2"))
    state = ferry.apply(state, GiveBack("elephant-2"))
    assert hand(state, 0) == ("kangaroo-5",)
    assert hand(state, 2) == ("elephant-2",)
    assert hand(state, 1) == ("panda-6", "bear-2")


def test_f33_lion_steal_is_random_and_seeded() -> None:
    stolen = []
    for seed in range(24):
        state = build(
            hands=[["lion-1", "kangaroo-5"], ["cat-6", "panda-6", "bear-2", "giraffe-2"]],
            docks=[["kangaroo-6"], ["bear-1"], ["giraffe-1"], ["panda-5"], ["lion-2"]],
            seed=seed,
        )
        state = ferry.apply(state, PlayAnimal("lion-1"))
        first = ferry.apply(state, StealFrom(1))
        again = ferry.apply(state, StealFrom(1))
        assert first == again  # the same state and move: the same card (seeded)
        (card,) = set(hand(first, 0)) - {"kangaroo-5"}
        stolen.append(card)
    # every card can be drawn: over 24 seeds more than one card is stolen
    assert len(set(stolen)) > 1
    assert set(stolen) <= {"cat-6", "panda-6", "bear-2", "giraffe-2"}


def test_f33_lion_does_nothing_when_no_opponent_holds_a_card() -> None:
    state = build(
        hands=[["lion-1", "kangaroo-5"], []],
        docks=[["cat-6"], *OTHER_DOCKS],
    )
    state = ferry.apply(state, PlayAnimal("lion-1"))
    assert state.phase is Phase.MOVE_NOAH
    assert hand(state, 0) == ("kangaroo-5",)
    assert ferry.legal_moves(state) == (MoveNoah(2), MoveNoah(3))


# --- V1 penalty limit --------------------------------------------------------------------------


def test_v1_game_continues_past_round_3_below_the_limit() -> None:
    state = last_card(
        variants=["penalty-limit"],
        others=[["panda-5", "kangaroo-6"]],
        penalties=(20, 10),
        round=3,
    )
    state = finish(state)
    # (20, 10 + 4 + 1) = (20, 15): nobody reached 26
    assert not ferry.is_over(state)
    assert state.round == 4
    assert state.penalties == (20, 15)
    assert state.first_player == 0


def test_v1_game_ends_after_the_round_a_penalty_reaches_26() -> None:
    state = last_card(
        variants=["penalty-limit"], others=[["parrot-6"]], penalties=(20, 24), round=5
    )
    state = finish(state)
    # (20, 24 + 2) = (20, 26)
    assert ferry.is_over(state)
    assert state.round == 5
    assert state.penalties == (20, 26)
    assert ferry.current_player(state) is None
    assert ferry.legal_moves(state) == ()
    assert ferry.winners(state) == (0,)


def test_v1_penalty_of_25_does_not_end_the_game() -> None:
    state = last_card(
        variants=["penalty-limit"], others=[["parrot-6"]], penalties=(20, 23), round=5
    )
    state = finish(state)
    # (20, 23 + 2) = (20, 25) < 26
    assert not ferry.is_over(state)
    assert state.round == 6
    assert state.seat == 1


# --- V2 frog -----------------------------------------------------------------------------------


def test_v2_frog_may_weigh_the_value_that_makes_the_ferry_depart() -> None:
    state = build(
        variants=["frog"],
        hands=[["cat-5", "frog-3"], ["bear-2"]],
        docks=[["elephant-1", "kangaroo-6", "lion-1"], *OTHER_DOCKS],
    )
    # 10 + 3 + 5 = 18, alternating, a female next: frog-3 as 1 (19) or as 3 (21, departs)
    assert ferry.legal_moves(state) == (
        PlayAnimal("frog-3", weight=1),
        PlayAnimal("frog-3", weight=3),
    )
    refused(state, PlayAnimal("frog-3", weight=2), "V2")  # 20: no departure
    refused(state, PlayAnimal("frog-3"), "V2")  # a weight must be given
    refused(state, PlayAnimal("frog-3", weight=6), "V2")  # outside 1..5
    state = ferry.apply(state, PlayAnimal("frog-3", weight=3))
    assert on_dock(state, 0)[-1] == ("frog-3", "female", 3)
    assert state.docks[0] is not None
    assert state.docks[0].load == 21
    state = ferry.apply(state, MoveNoah(1))
    assert state.phase is Phase.GIVE
    assert ids(state.departed) == ("elephant-1", "kangaroo-6", "lion-1", "frog-3")


def test_v2_frog_weighs_1_when_it_does_not_make_the_ferry_depart() -> None:
    state = build(
        variants=["frog"],
        hands=[["frog-1"], ["bear-1"]],
        docks=[["bear-2"], ["cat-6"], ["giraffe-2"], ["panda-6"], ["lion-2"]],
    )
    # 7 + 1..5 reaches at most 12: only weight 1
    assert ferry.legal_moves(state) == (PlayAnimal("frog-1", weight=1),)
    refused(state, PlayAnimal("frog-1", weight=5), "V2")
    state = ferry.apply(state, PlayAnimal("frog-1", weight=1))
    assert on_dock(state, 0) == (("bear-2", "female", 7), ("frog-1", "male", 1))
    assert ferry.legal_moves(state) == (MoveNoah(2), MoveNoah(3))


def test_v2_frog_keeps_weight_1_when_1_makes_the_ferry_depart() -> None:
    state = build(
        variants=["frog"],
        hands=[["frog-1", "cat-5"], ["kangaroo-6"]],
        docks=[["elephant-1", "elephant-2"], *OTHER_DOCKS],
    )
    # 20, alternating, male next: frog-1 as 1 makes 21; 2..5 would exceed 21
    assert ferry.legal_moves(state) == (PlayAnimal("frog-1", weight=1),)
    refused(state, PlayAnimal("frog-1", weight=2), "F11")
    state = run(state, PlayAnimal("frog-1", weight=1), MoveNoah(2))
    assert state.phase is Phase.GIVE
    assert state.departures == 1


def test_v2_frog_departure_weight_on_a_woodpecker_ferry() -> None:
    state = build(
        variants=["frog"],
        hands=[["frog-3"], ["kangaroo-6"]],
        docks=[["woodpecker-2", "panda-6", "bear-2"], *OTHER_DOCKS],
    )
    # 0 + 4 + 7 = 11, capacity 13 (F30), all female: frog-3 as 1 (12) or as 2 (13, departs)
    assert ferry.legal_moves(state) == (
        PlayAnimal("frog-3", weight=1),
        PlayAnimal("frog-3", weight=2),
    )
    refused(state, PlayAnimal("frog-3", weight=3), "F11")


# --- V3 crocodile ------------------------------------------------------------------------------


@pytest.mark.parametrize(("before", "after"), [(5, 3), (2, 0), (1, 0), (0, 0)])
def test_v3_crocodile_tears_lower_the_penalty_by_2_never_below_0(before: int, after: int) -> None:
    state = build(
        variants=["crocodile"],
        hands=[["crocodile-1", "cat-5"], ["kangaroo-6"]],
        docks=[["bear-2"], *OTHER_DOCKS],
        penalties=(before, 7),
    )
    state = ferry.apply(state, PlayAnimal("crocodile-1"))
    # at once: before the escapee is sent
    assert state.phase is Phase.SEND_ESCAPEE
    assert state.penalties == (after, 7)


def test_v3_crocodile_escapee_goes_to_chosen_opponent() -> None:
    state = build(
        variants=["crocodile"],
        players=3,
        hands=[["crocodile-1", "cat-5"], ["bear-2"], ["elephant-2"]],
        docks=[["snail-1/female", "kangaroo-6"], *OTHER_DOCKS],
    )
    state = ferry.apply(state, PlayAnimal("crocodile-1"))
    # the snail has been aboard longest and escapes
    assert state.escapee == state.rules.card["snail-1"]
    assert on_dock(state, 0) == (("kangaroo-6", "female", 3), ("crocodile-1", "male", 6))
    assert ferry.legal_moves(state) == (SendEscapee(1), SendEscapee(2))
    refused(state, SendEscapee(0), "V3")
    refused(state, MoveNoah(2), "V3")
    state = ferry.apply(state, SendEscapee(2))
    # the snail is a plain card in hand again (no chosen gender)
    assert state.hands[2] == (state.rules.card["snail-1"], state.rules.card["elephant-2"])
    assert hand(state, 1) == ("bear-2",)
    assert hand(state, 0) == ("cat-5",)
    assert state.escapee is None
    assert state.phase is Phase.MOVE_NOAH
    assert ferry.legal_moves(state) == (MoveNoah(2), MoveNoah(3))
    state = ferry.apply(state, MoveNoah(2))
    assert state.seat == 1


def test_v3_crocodile_on_an_empty_ferry_nothing_escapes() -> None:
    state = build(
        variants=["crocodile"],
        hands=[["crocodile-1", "cat-5"], ["kangaroo-6"]],
        docks=[[], *OTHER_DOCKS],
    )
    state = ferry.apply(state, PlayAnimal("crocodile-1"))
    assert state.escapee is None
    assert state.phase is Phase.MOVE_NOAH
    assert on_dock(state, 0) == (("crocodile-1", "male", 6),)
    assert hand(state, 1) == ("kangaroo-6",)


def test_v3_crocodile_legality_is_judged_after_the_escape() -> None:
    # cat-6, kangaroo-6: all female; a male could not board, but cat-6 escapes first
    state = build(
        variants=["crocodile"],
        hands=[["cat-5", "crocodile-1"], ["bear-2"]],
        docks=[["cat-6", "kangaroo-6"], *OTHER_DOCKS],
    )
    assert ferry.legal_moves(state) == (PlayAnimal("crocodile-1"),)
    refused(state, PlayAnimal("cat-5"), "F10")
    # elephant-1, elephant-2: 20; with the crocodile 26, but after the escape 10 + 6 = 16
    heavy = build(
        variants=["crocodile"],
        hands=[["crocodile-1"], ["bear-2"]],
        docks=[["elephant-1", "elephant-2"], *OTHER_DOCKS],
    )
    assert ferry.legal_moves(heavy) == (PlayAnimal("crocodile-1"),)
    heavy = ferry.apply(heavy, PlayAnimal("crocodile-1"))
    assert heavy.escapee == heavy.rules.card["elephant-1"]
    assert on_dock(heavy, 0) == (("elephant-2", "female", 10), ("crocodile-1", "male", 6))


def test_v3_crocodile_refused_when_illegal_even_after_the_escape() -> None:
    # cat-6, panda-6, bear-2: all female; after cat-6 escapes still all female
    state = build(
        variants=["crocodile"],
        hands=[["crocodile-1", "kangaroo-6"], ["lion-3"]],
        docks=[["cat-6", "panda-6", "bear-2"], *OTHER_DOCKS],
    )
    assert ferry.legal_moves(state) == (PlayAnimal("kangaroo-6"),)
    refused(state, PlayAnimal("crocodile-1"), "F10")
    # parrot-5, elephant-1, rhinoceros-1: all male, 19; after the escape 19 + 6 = 25 > 21
    heavy = build(
        variants=["crocodile"],
        hands=[["crocodile-1", "parrot-6"], ["lion-3"]],
        docks=[["parrot-5", "elephant-1", "rhinoceros-1"], *OTHER_DOCKS[1:], ["bear-2"]],
    )
    assert ferry.legal_moves(heavy) == (TakeAnimals(),)
    refused(heavy, PlayAnimal("crocodile-1"), "F11")


def test_v3_crocodile_departure_is_judged_after_the_escape() -> None:
    state = build(
        variants=["crocodile"],
        hands=[["crocodile-1", "cat-6"], ["bear-2"]],
        docks=[["cat-5", "elephant-1", "lion-1"], *OTHER_DOCKS],
    )
    # all male, 2 + 10 + 5 = 17; cat-5 escapes: 10 + 5 + 6 = 21 departs
    state = run(state, PlayAnimal("crocodile-1"), SendEscapee(1), MoveNoah(3))
    assert state.phase is Phase.GIVE
    assert state.departures == 1
    assert ids(state.departed) == ("elephant-1", "lion-1", "crocodile-1")
    assert hand(state, 1) == ("cat-5", "bear-2")
    state = ferry.apply(state, GiveCard("cat-6", 1))
    # seat 0's hand is now empty: the round ends (F20); F22 seat 1 cat-5 1 + cat-6 1 + bear-2 0
    assert state.round == 2
    assert state.penalties == (0, 2)


def test_v3_crocodile_pair_compares_with_the_animal_that_escaped(tmp_path: Path) -> None:
    overlay = tmp_path / "second-crocodile.yaml"
    overlay.write_text(
        "animals:\n"
        "  add:\n"
        "    - {id: crocodile-2, species: crocodile, gender: female, weight: 6, tears: 1,\n"
        "       abilities: {reduce_penalty: 2, first_escapes: true}}\n"
    )
    state = build(
        variants=["crocodile", str(overlay)],
        hands=[["crocodile-1", "cat-5"], ["kangaroo-6"]],
        docks=[["crocodile-2"], *OTHER_DOCKS],
    )
    # crocodile-2 was last aboard before crocodile-1 boarded: a pair, though it escapes
    state = run(state, PlayAnimal("crocodile-1"), SendEscapee(1), MoveNoah(2))
    assert on_dock(state, 0) == (("crocodile-1", "male", 6),)
    assert hand(state, 1) == ("kangaroo-6", "crocodile-2")
    assert state.phase is Phase.PLAY
    assert state.seat == 0
    assert state.noah == 2


def test_v3_crocodile_after_another_species_is_no_pair() -> None:
    state = build(
        variants=["crocodile"],
        hands=[["crocodile-1", "cat-5"], ["lion-3"]],
        docks=[["kangaroo-6"], *OTHER_DOCKS],
    )
    state = run(state, PlayAnimal("crocodile-1"), SendEscapee(1), MoveNoah(2))
    assert state.seat == 1
    assert hand(state, 1) == ("kangaroo-6", "lion-3")


# --- F10 with V3: the pattern the second animal set (pattern_set_by_second_animal) -------------

KEPT = ["crocodile", "second-animal-pattern"]
"""The crocodile with the literal reading of F10: the second animal aboard sets the pattern."""


def test_f10_pattern_set_by_second_animal_is_off_by_default_and_on_in_its_variant() -> None:
    assert ferry.load_rules(["crocodile"]).pattern_set_by_second_animal is False
    assert ferry.load_rules(KEPT).pattern_set_by_second_animal is True
    # the parameter is part of the rules' identity once it is set
    assert ferry.load_rules(["second-animal-pattern"]).digest != ferry.load_rules().digest


@pytest.mark.parametrize(
    ("variants", "kept", "next_play"),
    [
        # default: the crocodile alone aboard fixes nothing, either gender may follow
        (["crocodile"], None, (PlayAnimal("cat-5"), PlayAnimal("cat-6"))),
        # kangaroo-6 (female) then the crocodile (male): alternating, kept; the next is female
        (KEPT, Pattern.ALTERNATING, (PlayAnimal("cat-6"),)),
    ],
    ids=["derived", "kept"],
)
def test_v3_f10_crocodile_escape_from_a_two_animal_ferry_then_the_next_animal(
    variants: list[str], kept: Pattern | None, next_play: tuple[Move, ...]
) -> None:
    state = build(
        variants=variants,
        hands=[["cat-5", "cat-6", "crocodile-1"], ["bear-2", "elephant-1"]],
        docks=[["kangaroo-6"], *OTHER_DOCKS],
    )
    # The crocodile boards the one-animal ferry (any gender may: F10 needs two), and is the
    # second animal aboard; then kangaroo-6, aboard longest, escapes (V3).
    state = run(state, PlayAnimal("crocodile-1"), SendEscapee(1), MoveNoah(2))
    assert state.docks[0] == Ferry(
        ferry_card(state, "ferry-1"), (Boarded(state.rules.card["crocodile-1"], MALE, 6),), kept
    )
    assert hand(state, 1) == ("kangaroo-6", "bear-2", "elephant-1")
    # Seat 1 plays a male on giraffe-2 (8 + 10 = 18) at dock 2 and sends Noah back to dock 0
    # (male: two docks away, 2 - 2 = 0).
    state = run(state, PlayAnimal("elephant-1"), MoveNoah(0))
    assert (state.seat, state.noah) == (0, 0)
    assert ferry.legal_moves(state) == next_play
    if kept is not None:
        refused(state, PlayAnimal("cat-5"), "F10")
        with pytest.raises(IllegalMoveError, match="the pattern the second animal aboard set"):
            ferry.apply(state, PlayAnimal("cat-5"))
    # cat-6 (female) boards in both readings: crocodile male, cat female
    state = ferry.apply(state, PlayAnimal("cat-6"))
    assert on_dock(state, 0) == (("crocodile-1", "male", 6), ("cat-6", "female", 2))
    at_0 = state.docks[0]
    assert at_0 is not None and at_0.genders == (MALE,) and at_0.kept_pattern is kept


@pytest.mark.parametrize(
    ("aboard", "derived"),
    [
        # cat-6, kangaroo-6 all female: kangaroo-6 stays, and with the crocodile alternates
        (["cat-6", "kangaroo-6"], (("kangaroo-6", "female", 3), ("crocodile-1", "male", 6))),
        # cat-6 female, kangaroo-5 male alternate: kangaroo-5 stays, and with the crocodile
        # both are male
        (["cat-6", "kangaroo-5"], (("kangaroo-5", "male", 3), ("crocodile-1", "male", 6))),
    ],
    ids=["same", "alternating"],
)
def test_v3_f10_crocodile_against_the_kept_pattern_is_refused(
    aboard: list[str], derived: tuple[tuple[str, str, int], ...]
) -> None:
    hands = [["cat-5", "crocodile-1"], ["bear-2"]]
    # Default: judged after the escape, one animal is left and any gender may board.
    state = build(variants=["crocodile"], hands=hands, docks=[aboard, *OTHER_DOCKS])
    assert PlayAnimal("crocodile-1") in ferry.legal_moves(state)
    assert on_dock(ferry.apply(state, PlayAnimal("crocodile-1")), 0) == derived
    # Kept: the pattern the second animal set stays after the escape, and after the one animal
    # left the next must be female (same: as kangaroo-6; alternating: after kangaroo-5) - the
    # crocodile is male.
    state = build(variants=KEPT, hands=hands, docks=[aboard, *OTHER_DOCKS])
    refused(state, PlayAnimal("crocodile-1"), "F10")
    assert PlayAnimal("crocodile-1") not in ferry.legal_moves(state)


def test_v3_f10_crocodile_that_follows_the_kept_pattern_boards_in_both_readings() -> None:
    # kangaroo-5 male, cat-6 female: alternating; after kangaroo-5 escapes, cat-6 (female) is
    # followed by a male, the crocodile; next a female in both readings.
    for variants, kept in ((["crocodile"], None), (KEPT, Pattern.ALTERNATING)):
        state = build(
            variants=variants,
            hands=[["panda-6", "crocodile-1"], ["bear-2"]],
            docks=[["kangaroo-5", "cat-6"], *OTHER_DOCKS],
        )
        # panda-6 is female, and after cat-6 (female) the next is male (F10)
        assert ferry.legal_moves(state) == (PlayAnimal("crocodile-1"),)
        state = ferry.apply(state, PlayAnimal("crocodile-1"))
        assert state.escapee == state.rules.card["kangaroo-5"]
        after = state.docks[0]
        assert after is not None and after.kept_pattern is kept
        assert on_dock(state, 0) == (("cat-6", "female", 2), ("crocodile-1", "male", 6))
        assert after.genders == (FEMALE,)


def test_f10_kept_pattern_is_set_by_the_second_animal_and_cleared_when_the_animals_are_taken() -> (
    None
):
    state = build(
        variants=KEPT,
        hands=[["cat-5", "elephant-1"], ["bear-2"]],
        docks=[["rhinoceros-2"], *OTHER_DOCKS],
    )
    # rhinoceros-2 (female, 9) then cat-5 (male, 2): alternating, kept on the ferry
    state = run(state, PlayAnimal("cat-5"), MoveNoah(2))
    ferry_1 = ferry_card(state, "ferry-1")
    rhino, cat = (
        Boarded(state.rules.card[c], g, w)
        for c, g, w in (("rhinoceros-2", FEMALE, 9), ("cat-5", MALE, 2))
    )
    assert state.docks[0] == Ferry(ferry_1, (rhino, cat), Pattern.ALTERNATING)
    # F13: nothing of seat 0's fits at dock 0 (elephant-1 would make 9 + 2 + 10 = 21, but it is
    # male, and after cat-5, male, the next is female) ...
    taken = build(
        variants=KEPT,
        hands=[["elephant-1"], ["bear-2"]],
        docks=[["rhinoceros-2", "cat-5"], *OTHER_DOCKS],
    )
    assert taken.docks[0] == Ferry(ferry_1, (rhino, cat), Pattern.ALTERNATING)
    assert ferry.legal_moves(taken) == (TakeAnimals(),)
    taken = ferry.apply(taken, TakeAnimals())
    # ... the ferry is emptied and keeps no pattern: the next two animals set one anew
    assert taken.docks[0] == Ferry(ferry_1)
    taken = ferry.apply(taken, PlayAnimal("elephant-1"))
    assert taken.docks[0] == Ferry(ferry_1, (Boarded(taken.rules.card["elephant-1"], MALE, 10),))


# --- V4 roommate ferry -------------------------------------------------------------------------

ROOMMATE_DOCKS = ["roommate", "ferry-1", "ferry-2", "ferry-3", "ferry-4"]


@pytest.mark.parametrize("card", ["cat-1", "cat-6"])
def test_v4_roommate_ferry_refuses_a_second_animal_of_a_species(card: str) -> None:
    # cat-1 is male like cat-5, cat-6 female: refused whatever the gender (5 players: cat-1 in)
    state = build(
        variants=["roommate"],
        players=5,
        ferry_cards=ROOMMATE_DOCKS,
        hands=[["cat-1", "cat-6", "kangaroo-5"], ["bear-2"], ["giraffe-1"], ["lion-1"], ["lion-3"]],
        docks=[["cat-5"], *OTHER_DOCKS],
    )
    assert state.docks[0] is not None
    assert state.docks[0].card.unique_species
    assert ferry.legal_moves(state) == (PlayAnimal("kangaroo-5"),)
    refused(state, PlayAnimal(card), "V4")


def test_v4_roommate_refuses_when_only_the_species_is_wrong() -> None:
    state = build(
        variants=["roommate"],
        ferry_cards=ROOMMATE_DOCKS,
        hands=[["cat-5", "panda-5"], ["bear-2"]],
        docks=[["kangaroo-5", "cat-6"], *OTHER_DOCKS],
    )
    # kangaroo-5 (M3), cat-6 (F2): alternating, male next, load 5. cat-5 (M2) fits F10 and F11
    # but a cat is aboard; panda-5 (M4) boards
    assert ferry.legal_moves(state) == (PlayAnimal("panda-5"),)
    refused(state, PlayAnimal("cat-5"), "V4")


def test_v4_roommate_ferry_counts_for_cannot_play() -> None:
    state = build(
        variants=["roommate"],
        ferry_cards=ROOMMATE_DOCKS,
        hands=[["cat-5"], ["bear-2"]],
        docks=[["kangaroo-5", "cat-6"], *OTHER_DOCKS],
    )
    # cat-5 fits F10 and F11 but not V4: no legal play, so the animals are taken (F13)
    assert ferry.legal_moves(state) == (TakeAnimals(),)
    state = ferry.apply(state, TakeAnimals())
    assert hand(state, 0) == ("cat-5", "cat-6", "kangaroo-5")
    assert on_dock(state, 0) == ()
    assert ferry.legal_moves(state) == (
        PlayAnimal("cat-5"),
        PlayAnimal("cat-6"),
        PlayAnimal("kangaroo-5"),
    )


def test_v4_standard_ferry_takes_the_same_species() -> None:
    state = build(
        variants=["roommate"],
        ferry_cards=ROOMMATE_DOCKS,
        hands=[["cat-6"], ["bear-2"]],
        docks=[["lion-2"], ["cat-5"], ["giraffe-2"], ["panda-6"], ["bear-1"]],
        noah=1,
    )
    assert state.docks[1] is not None
    assert not state.docks[1].card.unique_species
    assert ferry.legal_moves(state) == (PlayAnimal("cat-6"),)
