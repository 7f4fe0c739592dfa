"""The bots: legal, deterministic per seed, blind to hidden information, and sensible."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from noahrules import GAMES, ferry, island
from noahrules.bots import BOTS, BestBot, GreedyBot, RandomBot, SearchBot, make_bot
from noahrules.bots.base import Repetitions
from noahrules.bots.search import evaluate
from noahrules.ferry.strategy import HORIZON, horizon
from noahrules.island.strategy import HORIZON as ISLAND_HORIZON
from noahrules.island.strategy import horizon as island_horizon
from noahrules.rng import Rng
from noahrules.simulation import bot_seed, game_seed
from tests.ferry import builders as fb
from tests.island import builders as ib

DECISION_CAP = 20_000
"""Far above any game these bots play; a game not over by then is a failure (F27)."""


def bot(name: str, game: Any, seed: int) -> Any:
    """A bot by name; the search bots with a tiny budget so whole games stay quick."""
    if name in ("search", "best"):
        return make_bot(name, game, seed, iterations=4)
    return make_bot(name, game, seed)


def play(game: Any, players: int, names: list[str], seed: int) -> tuple[list[Any], Any]:
    """Play one game, checking every chosen move is legal; the moves made and the final state."""
    rules = game.load_rules()
    state = game.new_game(rules, players=players, seed=seed)
    bots = [bot(names[s % len(names)], game, seed * 10 + s) for s in range(players)]
    moves = []
    for _ in range(DECISION_CAP):
        if game.is_over(state):
            break
        seat = game.current_player(state)
        view = game.view(state, seat)
        move = bots[seat].choose(view)
        assert move in view.legal_moves
        assert move in game.legal_moves(state)
        moves.append(move)
        state = game.apply(state, move)
    assert game.is_over(state), "the game did not end"
    return moves, state


@pytest.mark.parametrize("game_name", ["ferry", "island"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", ["random", "greedy", "search", "best"])
def test_bot_plays_only_legal_moves_through_whole_games(
    game_name: str, players: int, name: str
) -> None:
    game = GAMES[game_name]
    _, state = play(game, players, [name, "greedy", "random"], seed=players)
    assert game.winners(state)


@pytest.mark.parametrize("game_name", ["ferry", "island"])
def test_bots_are_deterministic_for_a_seed(game_name: str) -> None:
    game = GAMES[game_name]
    first, end1 = play(game, 3, ["search", "best", "random"], seed=11)
    second, end2 = play(game, 3, ["search", "best", "random"], seed=11)
    assert first == second
    assert end1 == end2


def test_random_bot_seeds_differ() -> None:
    # The seed matters: different seeds give different random games (a test that can fail).
    game = GAMES["island"]
    a, _ = play(game, 2, ["random"], seed=1)
    b, _ = play(game, 2, ["random"], seed=2)
    assert a != b


def _midgame(game: Any, players: int, seed: int, decisions: int) -> Any:
    state = game.new_game(game.load_rules(), players=players, seed=seed)
    random = RandomBot(game, seed)
    for _ in range(decisions):
        seat = game.current_player(state)
        state = game.apply(state, random.choose(game.view(state, seat)))
    assert not game.is_over(state)
    return state


@pytest.mark.parametrize("game_name", ["ferry", "island"])
@pytest.mark.parametrize("name", ["random", "greedy", "search", "best"])
@pytest.mark.parametrize("decisions", [9, 30])
def test_bot_choice_depends_only_on_the_view(game_name: str, name: str, decisions: int) -> None:
    game = GAMES[game_name]
    real = _midgame(game, 2, seed=decisions, decisions=decisions)
    seat = game.current_player(real)
    assert seat is not None
    view = game.view(real, seat)
    # Two other states this seat cannot tell from the real one.
    one = game.determinize(view, Rng.from_seed(1))
    two = game.determinize(view, Rng.from_seed(2))
    assert len({real, one, two}) == 3, "the hidden parts should differ"
    assert game.view(one, seat) == game.view(two, seat) == view
    chosen = {bot(name, game, 5).choose(game.view(state, seat)) for state in (real, one, two)}
    assert len(chosen) == 1


def test_registry_names_and_factories() -> None:
    assert set(BOTS) >= {"random", "greedy", "search", "best"}
    bots = (("random", RandomBot), ("greedy", GreedyBot), ("search", SearchBot), ("best", BestBot))
    for name, cls in bots:
        for game in GAMES.values():
            made = make_bot(name, game, 3)
            assert isinstance(made, cls)
            assert made.name == name
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle", ferry.GAME, 0)


# --- greedy: the obviously good move ---------------------------------------------------------


def _ferry_view(hand: list[str]) -> Any:
    state = fb.position(
        hands=[hand, ["cat-6", "kangaroo-5"]],
        docks=[["elephant-1", "donkey-1"], ["bear-2"], ["giraffe-1"], ["rhinoceros-2"], ["cat-5"]],
        noah=0,
    )
    return ferry.view(state, 0)


def test_greedy_ferry_completes_a_ferry_rather_than_shedding_tears() -> None:
    # Load 16 of 21, all male: the lion (5) makes it depart (F16); the panda (4 tears) does not.
    view = _ferry_view(["panda-5", "lion-1", "parrot-5"])
    assert ferry.PlayAnimal("lion-1") in view.legal_moves
    assert ferry.PlayAnimal("panda-5") in view.legal_moves
    for seed in range(5):
        assert GreedyBot(ferry.GAME, seed).choose(view) == ferry.PlayAnimal("lion-1")


def test_greedy_ferry_sheds_the_most_tears_when_nothing_departs() -> None:
    view = _ferry_view(["panda-5", "kangaroo-5", "parrot-5"])
    for seed in range(5):
        assert GreedyBot(ferry.GAME, seed).choose(view) == ferry.PlayAnimal("panda-5")


def test_greedy_does_not_play_a_position_met_again_the_same_way() -> None:
    # F27 sets no end to a ferry game: a bot at a position it chose in before plays a move it
    # has not played there, the next best first; once it has played them all, one at random.
    view = _ferry_view(["panda-5", "kangaroo-5", "parrot-5"])
    bot = GreedyBot(ferry.GAME, 0)
    first = [bot.choose(view) for _ in range(3)]
    assert first[0] == ferry.PlayAnimal("panda-5")  # 4 tears, then the parrot's 2, the kangaroo's 1
    assert first[1:] == [ferry.PlayAnimal("parrot-5"), ferry.PlayAnimal("kangaroo-5")]
    again = [bot.choose(view) for _ in range(30)]
    assert set(again) == set(view.legal_moves)


def test_a_ferry_position_is_the_same_whatever_the_seat_was_shown_this_round() -> None:
    # The secrets shown this round (F26) only grow: a loop through a lion's theft (F33) meets
    # the same position with one more of them.
    view = _ferry_view(["panda-5", "kangaroo-5", "parrot-5"])
    cat = view.rules.card["cat-6"]
    shown = attrs.evolve(view, revealed=(ferry.HandLookedAt(seat=0, target=1, cards=(cat,)),))
    assert shown != view
    bot = GreedyBot(ferry.GAME, 0)
    assert bot.choose(view) == ferry.PlayAnimal("panda-5")
    assert bot.choose(shown) == ferry.PlayAnimal("parrot-5")


@pytest.mark.parametrize("name", ["search", "best"])
def test_search_does_not_play_a_position_met_again_the_same_way(name: str) -> None:
    game = GAMES["ferry"]
    state = _midgame(game, 2, seed=4, decisions=12)
    while len(game.legal_moves(state)) < 3:
        state = game.apply(state, game.legal_moves(state)[0])
    seat = game.current_player(state)
    assert seat is not None
    view = game.view(state, seat)
    searching = make_bot(name, game, 3, iterations=30)
    played = [searching.choose(view) for _ in view.legal_moves]
    assert sorted(map(str, played)) == sorted(map(str, view.legal_moves))


def test_island_positions_never_come_again_so_nothing_is_remembered() -> None:
    # I9: every flood raises the water for good; I12: every action uses one up.
    assert island.GAME.strategy.repeats is False and ferry.GAME.strategy.repeats is True
    state = _midgame(island.GAME, 2, seed=4, decisions=12)
    view = island.view(state, island.current_player(state) or 0)
    remembered = Repetitions[object](repeats=False)
    remembered.note(view, view.legal_moves[0])
    assert remembered.allowed(view, Rng.from_seed(1))[0] == view.legal_moves
    bot = GreedyBot(island.GAME, 0)
    assert len({bot.choose(view) for _ in range(5)}) == 1  # no tie here: the same move


@pytest.mark.parametrize(("seed", "index"), [(0, 248), (1, 428)])
def test_greedy_ferry_games_that_looped_end(seed: int, index: int) -> None:
    # Game ``index`` of ``simulate(ferry, 2 players, greedy, seed=seed)``: two greedy bots took
    # the animals back at two docks in turn, the same 14 decisions until the cap (the second
    # loop through a lion's theft); no position is played the same way twice now.
    this_seed = game_seed(seed, index)
    state = ferry.new_game(ferry.load_rules(), players=2, seed=this_seed)
    bots = [GreedyBot(ferry.GAME, bot_seed(this_seed, seat)) for seat in range(2)]
    decisions = 0
    while not ferry.is_over(state) and decisions < 3000:
        seat = ferry.current_player(state)
        assert seat is not None
        state = ferry.apply(state, bots[seat].choose(ferry.view(state, seat)))
        decisions += 1
    assert ferry.is_over(state), "the bots loop"


def test_greedy_ferry_gives_the_card_with_most_tears() -> None:
    state = fb.position(
        hands=[["panda-5", "bear-1", "lion-1"], ["cat-6", "kangaroo-5"]],
        docks=[["elephant-1", "donkey-1"], ["bear-2"], ["giraffe-1"], ["rhinoceros-2"], ["cat-5"]],
        noah=0,
    )
    state = ferry.apply(state, ferry.PlayAnimal("lion-1"))  # departs; the lion steals first
    while ferry.current_player(state) == 0 and state.phase is not ferry.Phase.GIVE:
        state = ferry.apply(state, GreedyBot(ferry.GAME, 0).choose(ferry.view(state, 0)))
    assert state.phase is ferry.Phase.GIVE
    view = ferry.view(state, 0)
    move = GreedyBot(ferry.GAME, 0).choose(view)
    assert isinstance(move, ferry.GiveCard)
    most = max(c.tears for c in view.hand)
    assert view.rules.card[move.card].tears == most


def test_ferry_rollouts_stop_after_the_horizon_in_decisions() -> None:
    start = ferry.new_game(ferry.load_rules(), players=4, seed=3)
    stop = horizon(start)
    asked = [stop(start) for _ in range(HORIZON)]  # the start and HORIZON - 1 decisions after
    assert asked == [False] * HORIZON
    assert stop(start) is True  # the state after the HORIZON-th decision is not played on


def test_ferry_rollouts_stop_at_the_end_of_the_round_before_the_horizon() -> None:
    state = ferry.new_game(ferry.load_rules(), players=2, seed=3)
    round_ = [state]
    while state.round == 1:
        state = ferry.apply(state, ferry.legal_moves(state)[0])
        round_.append(state)
    *last_decisions, next_round = round_[-6:]  # five decisions from the end of round 1
    stop = horizon(last_decisions[0])
    assert [stop(s) for s in last_decisions] == [False] * 5
    assert stop(next_round) is True


def first_flood() -> Any:
    """The state of the first flood (I9) of a seeded 2-player island game, the arks placed (I7)."""
    state = island.new_game(island.load_rules(), players=2, seed=3)
    while state.phase is not island.Phase.FLOOD:
        state = island.apply(state, island.legal_moves(state)[0])
    return state


def floods_before_stop(horizon: Any) -> int:
    """The water tiles an island rollout lays before ``horizon`` stops it, from the first flood
    of a seeded game."""
    state = first_flood()
    stop = horizon(state)
    floods = 0
    while not stop(state):
        if state.phase is island.Phase.FLOOD:
            floods += 1
        state = island.apply(state, island.legal_moves(state)[-1])  # flood, or end the turn
    return floods


def test_island_rollouts_stop_once_more_water_than_the_horizon_allows_is_laid() -> None:
    # It stops below start - HORIZON // 3 water left.
    assert floods_before_stop(island_horizon) == ISLAND_HORIZON // 3 + 1


R = ib.rules()
TOP = ib.at(R, 2, 15)
BOTTOM = ib.at(R, 14, 15)
FAR = {ib.at(R, 10, 15): "monkey"}


def test_greedy_island_rescues_rather_than_ending_the_turn() -> None:
    bear_a, bear_b = ib.at(R, 3, 14), ib.at(R, 8, 15)
    state = ib.position(
        tiles={bear_a: "bear", bear_b: "bear", **FAR},
        face_up=[bear_a, bear_b],
        arks=[TOP, BOTTOM],
    )
    view = island.view(state, 0)
    assert island.EndTurn() in view.legal_moves
    for seed in range(5):
        assert GreedyBot(island.GAME, seed).choose(view) == island.Rescue(bear_a, bear_b)


def test_greedy_island_rescues_its_doubled_species_first() -> None:
    # Seat 0's ark doubles its first ark's species; a pair of that and a pair of another species
    # both lie next to the ark.
    doubled = R.arks[0].doubled[0]
    other = next(t.species for t in R.tiles if t.rescuable and t.species not in R.arks[0].doubled)
    a, b, c, d = ib.at(R, 3, 14), ib.at(R, 8, 15), ib.at(R, 3, 16), ib.at(R, 8, 13)
    state = ib.position(
        tiles={a: other, b: other, c: doubled, d: doubled, **FAR},
        face_up=[a, b, c, d],
        arks=[TOP, BOTTOM],
    )
    view = island.view(state, 0)
    assert island.Rescue(a, b) in view.legal_moves
    assert island.Rescue(c, d) in view.legal_moves
    for seed in range(5):
        assert GreedyBot(island.GAME, seed).choose(view) == island.Rescue(c, d)


# --- search ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_name", ["ferry", "island"])
@pytest.mark.parametrize("iterations", [1, 2, 10])
def test_search_with_a_tiny_budget_returns_a_legal_move(game_name: str, iterations: int) -> None:
    game = GAMES[game_name]
    state = _midgame(game, 3, seed=iterations, decisions=12)
    seat = game.current_player(state)
    assert seat is not None
    view = game.view(state, seat)
    move = SearchBot(game, 0, iterations=iterations).choose(view)
    assert move in view.legal_moves


def test_search_rejects_an_empty_budget() -> None:
    with pytest.raises(ValueError, match="iterations"):
        SearchBot(ferry.GAME, 0, iterations=0)


def _rest(placed: dict[int, str]) -> list[str]:
    """The species of every tile not placed, so that a position's tile counts add up."""
    rest = [t.species for t in R.tiles for _ in range(t.count)]
    for species in placed.values():
        rest.remove(species)
    return rest


def test_search_takes_the_rescue_on_the_last_turn() -> None:
    # No water left: the game ends with this turn (I16 a), so ending it now forfeits the pair.
    bear_a, bear_b = ib.at(R, 3, 14), ib.at(R, 8, 15)
    tiles = {bear_a: "bear", bear_b: "bear", **FAR}
    state = ib.position(
        tiles=tiles,
        face_up=[bear_a, bear_b],
        arks=[TOP, BOTTOM],
        actions_left=1,
        water_left=0,
        set_aside=_rest(tiles),
    )
    view = island.view(state, 0)
    assert SearchBot(island.GAME, 0, iterations=60).choose(view) == island.Rescue(bear_a, bear_b)


def test_evaluate_is_in_unit_range_and_ranks_the_leader_higher() -> None:
    state = fb.position(
        hands=[["panda-5"], ["bear-1"]],
        docks=[["elephant-1"], ["bear-2"], ["giraffe-1"], ["rhinoceros-2"], ["cat-5"]],
        penalties=[3, 10],
    )
    values = evaluate(ferry.GAME, state)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values[0] > values[1]
