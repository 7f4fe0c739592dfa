"""The best bot: the search bot with each game's stronger parts and the heuristic's progressive
bias at the root."""

from __future__ import annotations

from time import thread_time
from typing import Any

import attrs
import pytest

from noahrules import ferry, island
from noahrules.bots import BestBot, GreedyBot, make_bot
from noahrules.bots.search import MAX_ITERATIONS, SearchBot, _Node
from noahrules.ferry.strategy import BEST_HORIZON, best_horizon, best_standing, standing
from noahrules.ferry.strategy import playout as ferry_playout
from noahrules.game import Game
from noahrules.island.strategy import ACT_SHARE, FLOOD_SHARE, share
from noahrules.rng import Rng
from tests.ferry import builders as fb
from tests.island import builders as ib
from tests.test_bots import _midgame, first_flood


def _views(game: Game, count: int) -> list[Any]:
    """Views with a choice from the middle of seeded random games."""
    views = []
    for seed in range(40):
        state = _midgame(game, 2, seed=seed, decisions=10 + seed % 20)
        seat = game.current_player(state)
        assert seat is not None
        view = game.view(state, seat)
        if len(view.legal_moves) > 1:
            views.append(view)
    return views[:count]


def _sampled(playout: Any, state: Any, seed: int, times: int = 20) -> set[Any]:
    """The moves ``playout`` picks in ``state`` over ``times`` draws."""
    rng = Rng.from_seed(seed)
    chosen = set()
    for _ in range(times):
        move, rng = playout(state, rng)
        chosen.add(move)
    return chosen


@pytest.mark.parametrize("game", [ferry.GAME, island.GAME], ids=["ferry", "island"])
def test_with_one_iteration_the_best_bot_plays_the_heuristics_top_move(game: Game) -> None:
    heuristic = game.strategy.heuristic
    assert heuristic is not None
    checked = 0
    for view in _views(game, 12):
        values = list(heuristic(view))
        top = max(values)
        if values.count(top) > 1:
            continue
        best: Any = make_bot("best:iterations=1", game, 0)
        assert best.choose(view) == view.legal_moves[values.index(top)]
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("game", [ferry.GAME, island.GAME], ids=["ferry", "island"])
def test_the_priors_scale_the_heuristic_to_zero_to_one(game: Game) -> None:
    view = _views(game, 1)[0]
    priors = BestBot(game, 0).priors(view, view.legal_moves)
    assert priors is not None and set(priors) == set(view.legal_moves)
    assert min(priors.values()) == 0.0 and max(priors.values()) == 1.0
    assert BestBot(game, 0, prior=0.0).priors(view, view.legal_moves) is None


def test_the_best_bot_searches_with_the_games_stronger_parts() -> None:
    best: Any = make_bot("best", ferry.GAME, 0)
    assert best.policy is ferry_playout
    assert best.iterations == 900 and best.time is None  # Strategy.best.iterations
    island_best: Any = make_bot("best", island.GAME, 0)
    assert island_best.policy is island.GAME.strategy.rollout  # the search bot's parts
    assert island_best.iterations == 500


R = ib.rules()


def _flood_and_action_views() -> tuple[Any, Any]:
    """A view of seat 0 to flood (I9) and one of seat 0 to act (I12), each with a choice."""
    state = first_flood()
    flood = island.view(state, state.table.seat)
    state = island.apply(state, island.legal_moves(state)[0])
    assert state.phase is island.Phase.ACT and state.table.seat == flood.seat
    return flood, island.view(state, flood.seat)


def test_the_islands_best_bot_gives_a_flood_twice_its_budget_and_an_action_under_half() -> None:
    flood, act = _flood_and_action_views()
    assert len(flood.legal_moves) > 1 and len(act.legal_moves) > 1
    assert (share(flood), share(act)) == (FLOOD_SHARE, ACT_SHARE) == (2.0, 0.45)
    best = _Unsettled(island.GAME, 0, iterations=100)
    assert best._budget(flood) == (200, None) and best._budget(act) == (45, None)
    best.choose(flood)
    assert best.searched == 200
    timed = BestBot(island.GAME, 0, time=0.1)
    assert timed._budget(flood) == (2 * MAX_ITERATIONS, 0.2)
    iterations, seconds = timed._budget(act)
    assert iterations == round(0.45 * MAX_ITERATIONS) and seconds == pytest.approx(0.045)
    search = SearchBot(island.GAME, 0, iterations=100)  # the search bot's parts have no share
    assert search._budget(flood) == search._budget(act) == (100, None)


def test_over_a_game_the_islands_shares_average_about_one() -> None:
    # The budget stays a mean per decision: 18 floods at 2 and 31 actions at 0.45 a seat.
    for players in (2, 3, 4):
        shares = []
        for seed in range(4):
            state = island.new_game(R, players=players, seed=seed)
            bots = [GreedyBot(island.GAME, seat) for seat in range(players)]
            while not island.is_over(state):
                seat = island.current_player(state)
                assert seat is not None
                view = island.view(state, seat)
                if len(view.legal_moves) > 1:
                    shares.append(share(view))
                state = island.apply(state, bots[seat].choose(view))
        mean = sum(shares) / len(shares)
        assert 0.85 <= mean <= 1.15, (players, mean)


def _halved(iterations: int, budget: float | None) -> tuple[Any, list[_Node[Any]], int]:
    """The move, the root's child per flood (in move order) and the iterations of the best
    bot's halving over the 30 floods of the first flood view, under ``iterations`` or
    ``budget``."""
    view = island.view(first_flood(), 0)
    moves = view.legal_moves
    bot = BestBot(island.GAME, 0, iterations=300)
    bot._priors = bot.priors(view, moves)
    root: _Node[Any] = _Node(None, 0)
    move = bot._halve(root, view, moves, iterations, budget, thread_time())
    return move, [root.children.get(m, _Node(m, 0)) for m in moves], bot.searched


def test_the_islands_best_bot_halves_the_floods_and_plays_the_last_rounds_best_mean() -> None:
    # 30 floods, 600 iterations (twice 300): five rounds of 120 over 30, 15, 8, 4 and 2 floods,
    # 4, 8, 15, 30 and 60 iterations each, so a flood dropped after round k has 4, 12, 27, 57
    # iterations and the last two 117.
    view = island.view(first_flood(), 0)
    assert len(view.legal_moves) == 30 and island.GAME.strategy.best.halving  # type: ignore[union-attr]
    move, children, searched = _halved(600, None)
    visits = sorted(c.visits for c in children)
    assert visits == [4] * 15 + [12] * 7 + [27] * 4 + [57] * 2 + [117] * 2
    assert searched == 600
    last = [c for c in children if c.visits == 117]
    assert move == max(last, key=lambda c: c.total / c.visits).move
    assert BestBot(island.GAME, 0, iterations=300).choose(view) == move


def test_a_budget_too_small_to_halve_searches_on_by_ucb1_after_the_first_round() -> None:
    # 100 iterations over 30 floods in five rounds: the first round's 20 give no flood a second
    # one. Halved on, the 10 floods untried in it would be dropped unseen; UCB1 expands every
    # untried flood before it revisits one, and plays the most visited (the better mean of two).
    move, children, searched = _halved(100, None)
    visits = [c.visits for c in children]
    assert searched == 100 and sum(visits) == 100 and min(visits) >= 1
    assert move == max(children, key=lambda c: (c.visits, c.total / c.visits)).move


def test_a_time_spent_in_the_first_round_searches_on_by_ucb1() -> None:
    # A nanosecond: the first round's deadline passes before its first pass over the 30 floods
    # ends (a round always tries every flood once), so UCB1 takes over and stops after its one
    # iteration: 31. Halved on, each later round would run one pass too: 30 + 15 + 8 + 4 + 2.
    _, children, searched = _halved(MAX_ITERATIONS, 1e-9)
    assert searched == 31 and sorted(c.visits for c in children) == [1] * 29 + [2]


# --- the ferry's stronger parts ----------------------------------------------------------------

DOCKS = [["elephant-1", "donkey-1"], ["bear-2"], ["giraffe-1"], ["rhinoceros-2"], ["cat-5"]]


def _ferry_playouts(hand: list[str], docks: list[list[str]] = DOCKS) -> set[Any]:
    state = fb.position(hands=[hand, ["cat-6", "kangaroo-5"]], docks=docks, noah=0)
    return _sampled(ferry_playout, state, 2)


def test_the_ferrys_best_playout_makes_a_ferry_depart_first() -> None:
    # Load 16 of 21, all male: the lion (5) makes it depart (F16); the panda (4 tears) does not.
    assert _ferry_playouts(["panda-5", "lion-1", "parrot-5"]) == {ferry.PlayAnimal("lion-1")}


def test_the_ferrys_best_playout_else_sheds_the_most_tears() -> None:
    # Nothing departs: panda 4 tears, kangaroo 1, parrot 2.
    assert _ferry_playouts(["panda-5", "kangaroo-5", "parrot-5"]) == {ferry.PlayAnimal("panda-5")}


def test_the_ferrys_best_playout_counts_a_pair_as_tears() -> None:
    # An elephant on the elephant (load 20, no departure) makes a pair (F15): 0 tears + 2.5 for
    # the extra turn, above the parrot's 2 tears.
    docks = [["elephant-1"], ["bear-2"], ["giraffe-1"], ["rhinoceros-2"], ["cat-5"]]
    chosen = _ferry_playouts(["elephant-2", "parrot-5"], docks)
    assert {m.card for m in chosen} == {"elephant-2"}


def test_the_ferrys_best_rollouts_stop_after_fifteen_decisions() -> None:
    for players, decisions in ((2, 15), (4, 15)):
        start = ferry.new_game(ferry.load_rules(), players=players, seed=3)
        stop = best_horizon(start)
        assert [stop(start) for _ in range(decisions)] == [False] * decisions
        assert stop(start) is True
    assert BEST_HORIZON == 15


def test_the_ferrys_best_standing_counts_the_cards_in_hand_more_than_their_tears() -> None:
    # Seat 0: penalty 3, panda (4 tears) and parrot (2); seat 1: penalty 5, cat, kangaroo and
    # lion (1 tear each). Counted by their tears (the search bot), seat 1 stands better: -8 to
    # -9. Counted as 0.35 a card and 0.03 a tear, seat 0 does: 3 + 0.7 + 0.18 against
    # 5 + 1.05 + 0.09.
    state = fb.position(
        hands=[["panda-5", "parrot-5"], ["cat-6", "kangaroo-5", "lion-1"]],
        docks=DOCKS,
        penalties=[3, 5],
    )
    assert standing(state) == [-9.0, -8.0]
    assert best_standing(state) == pytest.approx([-3.88, -6.14])
    best = ferry.GAME.strategy.best
    assert best is not None and best.standing is best_standing
    assert ferry.GAME.strategy.standing is standing  # the search bot's, unchanged


# --- what the best bot saves: the tree it keeps, the iterations that cannot change its move ----


class _Unsettled(BestBot[Any]):
    settles = False


class _ByUcb(BestBot[Any]):
    """The best bot choosing by UCB1 at every root, even where its game halves."""

    def _strategy(self, game: Game) -> Any:
        return attrs.evolve(super()._strategy(game), halving=False)


class _UnsettledByUcb(_ByUcb):
    settles = False


@pytest.mark.parametrize("game", [ferry.GAME, island.GAME], ids=["ferry", "island"])
def test_settling_stops_early_and_plays_the_move_the_whole_budget_plays(game: Game) -> None:
    stopped = 0
    for view in _views(game, 12):
        settling = _ByUcb(game, 5, iterations=400)
        budget = settling._budget(view)[0]  # the island's floods get more (Strategy.share)
        move = settling.choose(view)
        assert move == _UnsettledByUcb(game, 5, iterations=400).choose(view)
        assert 1 <= settling.searched <= budget
        stopped += settling.searched < budget
    assert stopped >= 3


def test_the_tree_below_the_card_played_is_kept_for_moving_noah() -> None:
    # F14: after its play, the same seat moves Noah; nothing it could not foresee happens between.
    state = fb.position(
        hands=[["panda-5", "kangaroo-5", "parrot-5"], ["cat-6", "kangaroo-6"]], docks=DOCKS, noah=0
    )
    best = BestBot(ferry.GAME, 3, iterations=300)
    play = best.choose(ferry.view(state, 0))
    assert isinstance(play, ferry.PlayAnimal) and best.reused == 0
    state = ferry.apply(state, play)
    view = ferry.view(state, 0)
    assert state.table.phase is ferry.Phase.MOVE_NOAH and len(view.legal_moves) == 2
    noah = best.choose(view)
    assert best.reused > 0
    state = ferry.apply(state, noah)
    greedy = GreedyBot(ferry.GAME, 0)
    while ferry.current_player(state) == 1:  # the opponent's turn: the tree is not kept over it
        state = ferry.apply(state, greedy.choose(ferry.view(state, 1)))
    assert ferry.current_player(state) == 0
    best.choose(ferry.view(state, 0))
    assert best.reused == 0


def test_the_search_bot_keeps_no_tree() -> None:
    search: Any = make_bot("search", ferry.GAME, 0)
    assert not search.remembers and not search.settles


def _noah_choices(hands: list[list[str]], docks: list[list[str]], play: str) -> set[Any]:
    """The docks the best playout sends Noah to after seat 0 plays ``play`` at dock 0."""
    state = fb.position(hands=hands, docks=docks, noah=0)
    state = ferry.apply(state, ferry.PlayAnimal(play))
    assert state.table.phase is ferry.Phase.MOVE_NOAH and len(ferry.legal_moves(state)) == 2
    return _sampled(ferry_playout, state, 4)


def test_the_ferrys_best_playout_sends_noah_where_the_next_player_must_take() -> None:
    # A male panda moves Noah to a dock not next to dock 0 (F14): dock 2, all male, where the
    # next player's female panda does not fit (F10), so they must take the animals (F13), or
    # dock 3, where it fits.
    docks = [["lion-1"], ["kangaroo-6"], ["cat-5", "kangaroo-5"], ["cat-6"], ["lion-2"]]
    hands = [["panda-5", "parrot-5"], ["panda-6"]]
    assert _noah_choices(hands, docks, "panda-5") == {ferry.MoveNoah(2)}
    # With a male lion in hand, the next player fits both: Noah goes to either.
    hands = [["panda-5", "parrot-5"], ["panda-6", "lion-3"]]
    assert _noah_choices(hands, docks, "panda-5") == {ferry.MoveNoah(2), ferry.MoveNoah(3)}


def test_before_an_extra_turn_the_best_playout_sends_noah_where_one_can_play() -> None:
    # A female parrot on the male parrot makes a pair (F15): seat 0 plays again, at dock 1 or 4
    # (F14, female: next to dock 0). Its male cat does not fit dock 1, all female (F10).
    docks = [["parrot-5"], ["kangaroo-6", "cat-6"], ["lion-1"], ["lion-2"], ["kangaroo-5"]]
    hands = [["parrot-6", "cat-5"], ["panda-6"]]
    assert _noah_choices(hands, docks, "parrot-6") == {ferry.MoveNoah(4)}


def test_settling_counts_only_the_moves_legal_now() -> None:
    # A kept tree may hold a move of another sample (a rescue of a pair this view has not):
    # its visits must not settle the choice between the moves legal now.
    best: BestBot[Any] = BestBot(island.GAME, 0, iterations=100)
    root: _Node[Any] = _Node(None, 0)
    for move, visits in (("elsewhere", 500), ("b", 10), ("c", 5)):
        root.children[move] = _Node(move, 0)
        root.children[move].visits = visits
    assert not best._settled(root, ["b", "c"], 50, None, searched=50, start=0.0)
    root.children["b"].visits = 60
    assert best._settled(root, ["b", "c"], 50, None, searched=50, start=0.0)  # 60 - 5 > 50 left
