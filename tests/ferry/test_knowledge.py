"""What each seat knows of the other hands (F26), in its view, and the worlds determinize samples.

Every expected value is worked out by hand from docs/ferry.md: who sees a card go into or out of
which hand (F13 and V3 in public; F32 to the looker; F17 and F33 to the two players involved).
"""

from __future__ import annotations

from hypothesis import given

from noahrules import ferry
from noahrules.ferry import (
    GiveCard,
    LookAtHand,
    PlayAnimal,
    SendEscapee,
    State,
    StealFrom,
    TakeAnimals,
)
from noahrules.rng import Rng
from noahrules.testing import Played, played
from tests.ferry.builders import position

OTHER_DOCKS = [["bear-1"], ["giraffe-2"], ["rhinoceros-2"], ["lion-2"]]


def known(state: State, observer: int) -> list[list[str]]:
    """The card ids ``observer`` knows in each hand."""
    seen = ferry.view(state, observer).known
    return [[c.id for c in cards] for cards in seen] if seen else [[] for _ in state.hands]


def test_f13_cards_taken_back_are_known_to_everyone_until_played() -> None:
    # 19 aboard, all male: cat-6 is female, kangaroo-5 would make 22, so seat 0 must take.
    state = position(
        players=3,
        hands=[["cat-6", "kangaroo-5"], ["parrot-6"], ["panda-6"]],
        docks=[["elephant-1", "rhinoceros-1"], ["cat-5"], [], [], []],
    )
    state = ferry.apply(state, TakeAnimals())
    for observer in (1, 2):
        assert known(state, observer) == [["rhinoceros-1", "elephant-1"], [], []]
    assert known(state, 0) == [[], [], []]  # its own hand it sees whole
    state = ferry.apply(state, PlayAnimal("elephant-1"))  # played in sight of all
    for observer in (1, 2):
        assert known(state, observer) == [["rhinoceros-1"], [], []]


def test_v3_an_escapee_is_known_to_everyone_in_its_receivers_hand() -> None:
    state = position(
        variants=["crocodile"],
        players=3,
        hands=[["crocodile-1", "cat-5"], ["bear-2"], ["elephant-2"]],
        docks=[["snail-1/female", "kangaroo-6"], *OTHER_DOCKS],
    )
    state = ferry.apply(state, PlayAnimal("crocodile-1"))
    state = ferry.apply(state, SendEscapee(2))
    assert known(state, 0) == [[], [], ["snail-1"]]
    assert known(state, 1) == [[], [], ["snail-1"]]
    assert ferry.view(state, 2).known == ()  # seat 2 knows of no card in another hand


def test_f32_a_giraffe_look_is_known_to_the_looker_alone() -> None:
    state = position(
        players=3,
        hands=[["giraffe-1", "cat-5"], ["bear-2", "panda-6"], ["panda-5"]],
        docks=[["cat-6"], *OTHER_DOCKS],
    )
    state = ferry.apply(state, PlayAnimal("giraffe-1"))
    state = ferry.apply(state, LookAtHand(1))
    assert known(state, 0) == [[], ["panda-6", "bear-2"], []]
    assert ferry.view(state, 1).known == () and ferry.view(state, 2).known == ()


def test_f33_a_theft_is_known_to_thief_and_victim_and_blurs_the_hand_for_others() -> None:
    # Seat 2 first learns seat 1's hand by a giraffe, then seat 0's lion steals from seat 1.
    state = position(
        players=3,
        seat=2,
        hands=[["lion-1", "kangaroo-5"], ["panda-6", "bear-2"], ["giraffe-1", "cat-5"]],
        docks=[["cat-6"], ["bear-1"], ["giraffe-2"], ["panda-5"], ["lion-2"]],
    )
    state = ferry.apply(state, PlayAnimal("giraffe-1"))
    state = ferry.apply(state, LookAtHand(1))
    assert known(state, 2)[1] == ["panda-6", "bear-2"]
    while state.seat != 0 or state.phase is not ferry.Phase.PLAY:  # Noah moves on (F14)
        state = ferry.apply(state, ferry.legal_moves(state)[0])
    assert known(state, 2)[1] == ["panda-6", "bear-2"]
    state = ferry.apply(state, PlayAnimal("lion-1"))
    state = ferry.apply(state, StealFrom(1))
    (stolen,) = {c.id for c in state.hands[0]} - {"kangaroo-5"}
    assert known(state, 0)[1] == [] and known(state, 0)[0] == []
    assert known(state, 1)[0] == [stolen]  # the victim knows where its card went
    assert known(state, 2)[1] == []  # seat 2 saw a card leave, not which: it forgets the hand


def test_f17_a_gift_is_known_to_giver_and_receiver() -> None:
    # kangaroo-5 makes 21 and departs: one gift on the round's first departure.
    state = position(
        players=3,
        hands=[["kangaroo-5", "panda-6", "cat-5"], ["bear-2"], ["elephant-2"]],
        docks=[["elephant-1", "giraffe-2"], *OTHER_DOCKS],
    )
    state = ferry.apply(state, PlayAnimal("kangaroo-5"))
    state = ferry.apply(state, ferry.legal_moves(state)[0])  # Noah moves; the ferry departs
    assert state.phase is ferry.Phase.GIVE
    state = ferry.apply(state, GiveCard("panda-6", 2))
    assert known(state, 0)[2] == ["panda-6"]
    assert ferry.view(state, 2).known == ()
    assert ferry.view(state, 1).known == ()


def test_determinize_keeps_every_known_card_where_the_view_says() -> None:
    state = position(
        players=3,
        hands=[["cat-6", "kangaroo-5"], ["parrot-6"], ["panda-6"]],
        docks=[["elephant-1", "rhinoceros-1"], ["cat-5"], [], [], []],
    )
    state = ferry.apply(state, TakeAnimals())
    seen = ferry.view(state, 1)
    rng = Rng.from_seed(3)
    for _ in range(20):
        sample = ferry.determinize(seen, rng)
        rng = rng.next64()[1]
        assert {"rhinoceros-1", "elephant-1"} <= {c.id for c in sample.hands[0]}
        assert ferry.view(sample, 1) == seen


@given(played(ferry.GAME, None))
def test_f26_knowledge_is_true_and_every_world_sampled_honours_it(
    game: Played[State, ferry.Move],
) -> None:
    rng = Rng.from_seed(game.seed)
    for state in game.states[:: max(1, len(game.states) // 40)]:
        for seat in range(state.players):
            seen = ferry.view(state, seat)
            for holder, cards in enumerate(seen.known):
                assert set(cards) <= set(state.hands[holder])  # knowledge is true
            sample = ferry.determinize(seen, rng)
            rng = rng.next64()[1]
            for holder, cards in enumerate(seen.known):
                assert set(cards) <= set(sample.hands[holder])
            assert ferry.view(sample, seat) == seen
