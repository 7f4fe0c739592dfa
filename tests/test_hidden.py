"""The hidden-information check of ``noahrules.testing`` finds leaks: declarations whose view,
events, turn or legal moves tell a seat what it cannot see are caught, naming the game, the seat
and where; twins a move shows something hidden to, or a hidden choice parts, are let be."""

from __future__ import annotations

from typing import Any

import attrs
import climb
import pytest
from attrs import frozen
from hypothesis import HealthCheck, settings

from noahrules import Event, ferry
from noahrules.game import Game
from noahrules.testing import (
    HiddenInformationLeak,
    check_hidden_information,
    hidden_information_check,
)
from noahrules.testing.hidden import first_difference

RULES = climb.load_rules()


def position(other: tuple[str, ...], deck: tuple[str, ...]) -> climb.State:
    """Seat 0 to act holding a frog and a horse, seat 1 holding ``other``, the draw pile
    ``deck``; every other card of the deck was cleared earlier (C7)."""
    hands = (("frog", "horse"), tuple(sorted(other, key=lambda a: (RULES.height[a], a))))
    rest = list(RULES.deck)
    for animal in (*hands[0], *hands[1], *deck):
        rest.remove(animal)
    sizes = (len(hands[0]), len(hands[1]))
    table = climb.Table(RULES, 2, 0, (), tuple(rest), (0, 0), sizes, len(deck), False)
    state = climb.State(table, hands, deck)
    climb.GAME.check_state(state)
    return state


REAL = position(("cat", "dog"), ("sheep", "mouse"))
TWIN = position(("mouse", "sheep"), ("cat", "dog"))
"""Twins for seat 0: seat 1's hand and the draw pile dealt otherwise."""


@frozen
class LeakyView(climb.View):
    """A Climb view that shows the draw pile's order."""

    deck: tuple[str, ...] = ()


def leaky_view(state: climb.State, seat: int) -> LeakyView:
    """Climb's view, and the draw pile."""
    seen = climb.view(state, seat)
    return LeakyView(seen.table, seen.seat, seen.hand, seen.legal_moves, state.deck)


@frozen
class OpenDrew(Event):
    """Climb's ``Drew`` without its secret."""

    seat: int
    animal: str | None


def open_step(state: climb.State, move: climb.Move) -> tuple[climb.State, tuple[Event, ...]]:
    """Climb's step, the card drawn told to everyone."""
    after, events = climb.step(state, move)
    return after, tuple(
        OpenDrew(e.seat, e.animal) if isinstance(e, climb.Drew) else e for e in events
    )


def leaky(game: Game, **parts: Any) -> Game:
    """``game`` with some parts replaced, named as leaky."""
    return attrs.evolve(game, name=f"leaky-{game.name}", **parts)


def test_twins_stay_twins_until_a_move_shows_the_seat_something_hidden() -> None:
    moves = (climb.Play("horse"), climb.Draw(), climb.Draw())
    assert climb.view(REAL, 0) == climb.view(TWIN, 0) and REAL != TWIN
    # seat 0's play and seat 1's draw show seat 0 nothing hidden; seat 0's draw does
    assert check_hidden_information(climb.GAME, REAL, TWIN, 0, moves) == 2
    assert check_hidden_information(climb.GAME, REAL, TWIN, 0) == 0


def test_a_hidden_choice_of_another_seat_ends_the_check() -> None:
    moves = (climb.Play("horse"), climb.Play("cat"))  # the twin's seat 1 holds no cat
    assert check_hidden_information(climb.GAME, REAL, TWIN, 0, moves) == 1


def test_a_view_that_shows_the_draw_pile_is_caught() -> None:
    game = leaky(climb.GAME, view=leaky_view)
    with pytest.raises(HiddenInformationLeak) as caught:
        check_hidden_information(game, REAL, TWIN, 0)
    assert str(caught.value) == (
        "leaky-climb: seat 0 can tell apart two states that differ only in what it cannot see: "
        "view.deck[0]: 'sheep' != 'cat'"
    )
    assert (caught.value.game, caught.value.seat, caught.value.moves) == ("leaky-climb", 0, ())


def test_an_event_that_tells_another_seats_draw_is_caught() -> None:
    game = leaky(climb.GAME, step=open_step)
    with pytest.raises(
        HiddenInformationLeak, match=r"after .*Draw\(\): events\[0\]\.animal: 'sheep' != 'cat'$"
    ):
        check_hidden_information(game, REAL, TWIN, 0, (climb.Play("horse"), climb.Draw()))


def test_a_turn_or_choices_that_follow_hidden_cards_are_caught() -> None:
    def turn(state: climb.State) -> int | None:
        return 1 if state.deck[:1] == ("cat",) else climb.current_player(state)

    def moves(state: climb.State) -> tuple[climb.Move, ...]:
        extra = (climb.Pass(),) if state.deck[:1] == ("cat",) else ()
        return (*climb.legal_moves(state), *extra)

    with pytest.raises(HiddenInformationLeak, match=r"current_player: 0 != 1$"):
        check_hidden_information(leaky(climb.GAME, current_player=turn), REAL, TWIN, 0)
    with pytest.raises(HiddenInformationLeak, match=r": legal_moves: 3 items != 4 items$"):
        check_hidden_information(leaky(climb.GAME, legal_moves=moves), REAL, TWIN, 0)


QUICK = settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
)


@frozen
class LeakyFerryView(ferry.View):
    """A ferry view that shows the top card of the unused deck."""

    top: ferry.Card | None = None


def leaky_ferry_view(state: ferry.State, seat: int) -> LeakyFerryView:
    """The ferry view, and the top card of the unused deck."""
    seen = ferry.view(state, seat)
    top = state.deck[0] if state.deck else None
    return LeakyFerryView(**attrs.asdict(seen, recurse=False), top=top)


@pytest.mark.parametrize(
    ("game", "where"),
    [
        (leaky(climb.GAME, view=leaky_view), "view.deck"),
        (leaky(climb.GAME, step=open_step), "events"),
        (leaky(ferry.GAME, view=leaky_ferry_view), "view.top"),
    ],
    ids=["climb-view", "climb-events", "ferry-view"],
)
def test_the_ready_test_finds_a_leak_in_play(game: Game, where: str) -> None:
    with pytest.raises(HiddenInformationLeak) as caught:
        QUICK(hidden_information_check(game, max_moves=30))()
    assert caught.value.game == game.name and caught.value.what.startswith(where)


def test_the_ready_test_passes_games_that_hide() -> None:
    for game in (climb.GAME, ferry.GAME):
        QUICK(hidden_information_check(game, max_moves=30))()


def test_first_difference_names_the_path_and_both_values() -> None:
    seen = climb.view(REAL, 1)
    other = attrs.evolve(seen, hand=("cat", "horse"))
    assert first_difference(seen, seen, "view") is None
    assert first_difference(seen, other, "view") == "view.hand[1]: 'dog' != 'horse'"
    assert first_difference((1, 2), (1, 2, 3), "xs") == "xs: 2 items != 3 items"
    assert first_difference({"a": (1,)}, {"a": (2,)}, "m") == "m['a'][0]: 1 != 2"
    assert first_difference(1, "1", "x") == "x: 1 != '1'"
