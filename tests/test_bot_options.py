"""Bot options through every door: spec strings, ``make_bot`` keywords, the command lines and
Gymnasium opponents; unknown options and bad values refused before any game."""

from __future__ import annotations

import io
import pickle
import sys
import time
from typing import Any

import pytest

from noahrules import ferry, island, simulate
from noahrules.bots import (
    BOTS,
    GreedyBot,
    Option,
    SearchBot,
    bot_factory,
    make_bot,
    register_bot,
    split_bots,
)
from noahrules.bots.options import parse_spec
from noahrules.bots.search import DEFAULT_ITERATIONS, MAX_ITERATIONS
from noahrules.cli import main
from noahrules.game import Game
from tests.test_bots import _midgame


def test_a_spec_is_a_name_then_options_after_the_last_colon() -> None:
    assert parse_spec("search") == ("search", {})
    assert parse_spec("search:time=0.2") == ("search", {"time": "0.2"})
    assert parse_spec(" search : iterations = 50 , time=1 ") == (
        "search",
        {"iterations": "50", "time": "1"},
    )
    # A class path has a colon but no '=' after it: no options.
    assert parse_spec("mypkg.bots:MyBot") == ("mypkg.bots:MyBot", {})
    assert parse_spec("mypkg.bots:MyBot:depth=2") == ("mypkg.bots:MyBot", {"depth": "2"})


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("search:iterations=1,iterations=2", "option 'iterations' given twice"),
        ("search:time=0.2,fast", "'fast' is not key=value"),
        (":time=1", "names no bot before its options"),
        ("search:" + "x=1," * 200, "at most 400 characters"),
    ],
)
def test_an_unreadable_spec_is_refused(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_spec(spec)


def test_a_command_line_list_splits_into_one_spec_per_bot() -> None:
    assert split_bots("search:time=0.2,iterations=50,greedy") == [
        "search:time=0.2,iterations=50",
        "greedy",
    ]
    assert split_bots("random, ,greedy,") == ["random", "greedy"]
    assert split_bots("pkg.mod:Bot,pkg.mod:Bot:depth=2,width=3,search") == [
        "pkg.mod:Bot",
        "pkg.mod:Bot:depth=2,width=3",
        "search",
    ]
    for text in ("iterations=50,search", "search,iterations=50"):
        with pytest.raises(ValueError, match="'iterations=50' follows no bot with options"):
            split_bots(text)


def test_the_name_in_reports_is_the_canonical_spec() -> None:
    assert bot_factory("search")[0] == "search"
    assert bot_factory("search:time=0.20")[0] == "search:time=0.2"
    assert bot_factory("search:time=1")[0] == "search:time=1"
    # the bot's declared order, whatever the order written; values as their type writes them
    assert bot_factory("search:time=0.5,iterations=0050")[0] == "search:iterations=50,time=0.5"
    assert bot_factory("search", iterations=7)[0] == "search:iterations=7"
    assert bot_factory(SearchBot, time=0.25)[0] == "search:time=0.25"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("search:depth=2", "bot 'search' has no option 'depth'; its options: iterations, time"),
        ("search:iterations=0", "option 'iterations' must be an integer from 1 to 10000000"),
        ("search:iterations=2.5", "option 'iterations' must be an integer from 1 to 10000000"),
        ("search:iterations=true", "option 'iterations' must be an integer"),
        ("search:iterations=99999999", "option 'iterations' must be an integer from 1"),
        ("search:time=0", "option 'time' must be a number above 0 and at most 3600, got '0'"),
        ("search:time=-1", "option 'time' must be a number above 0"),
        ("search:time=nan", "option 'time' must be a number above 0"),
        ("search:time=inf", "option 'time' must be a number above 0"),
        ("search:time=soon", "option 'time' must be a number above 0 and at most 3600"),
        ("greedy:iterations=5", "bot 'greedy' takes no options, got 'iterations'"),
        ("random:seed=5", "bot 'random' takes no options"),
        ("search:time", "bot spec 'search:time': options are written key=value"),
        ("oracle:depth=1", "unknown bot 'oracle'; known bots: greedy, random, search"),
    ],
)
def test_unknown_options_and_bad_values_are_refused_at_once(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bot_factory(spec)
    with pytest.raises(ValueError, match=message):
        make_bot(spec, ferry.GAME, 0)


def test_keyword_options_are_checked_like_spec_options() -> None:
    bot: Any = make_bot("search", island.GAME, 1, iterations=12, time=0.5)
    assert (bot.iterations, bot.time) == (12, 0.5)
    bot = make_bot("search:iterations=12", island.GAME, 1, time=2)
    assert (bot.iterations, bot.time) == (12, 2.0)
    with pytest.raises(ValueError, match="option 'iterations' must be an integer"):
        make_bot("search", island.GAME, 1, iterations=True)
    with pytest.raises(ValueError, match="option 'time' must be a number above 0"):
        make_bot("search", island.GAME, 1, time="0")
    with pytest.raises(ValueError, match="both give 'time'"):
        make_bot("search:time=1", island.GAME, 1, time=2)
    with pytest.raises(ValueError, match="the bot object greedy takes no options"):
        make_bot(GreedyBot[Any](island.GAME, 0), island.GAME, 1, iterations=3)


def test_a_configured_factory_pickles_and_makes_the_configured_bot() -> None:
    name, factory = bot_factory("search:iterations=7,time=1.5")
    again: Any = pickle.loads(pickle.dumps(factory))(ferry.GAME, 3)
    assert isinstance(again, SearchBot)
    assert (again.iterations, again.time) == (7, 1.5)
    assert name == "search:iterations=7,time=1.5"


def test_a_class_path_takes_options_after_a_second_colon() -> None:
    name, factory = bot_factory("noahrules.bots.search:SearchBot:iterations=3")
    assert name == "noahrules.bots.search:SearchBot:iterations=3"
    made: Any = factory(island.GAME, 0)
    assert made.iterations == 3
    with pytest.raises(ValueError, match=r"bot 'noahrules\.bots\.search:SearchBot' has no option"):
        bot_factory("noahrules.bots.search:SearchBot:depth=3")


class Tempered:
    """A plugin bot with an option of each type."""

    name = "tempered"
    OPTIONS = {  # noqa: RUF012
        "depth": Option(int, "plies", minimum=0, maximum=3),
        "heat": Option(float, "randomness", minimum=0.0),
        "mood": Option(str, "how it plays", choices=("calm", "wild")),
        "loud": Option(bool, "whether it talks"),
    }

    def __init__(self, game: Game, seed: int, **options: Any) -> None:
        self.options = options

    def choose(self, view: Any) -> Any:
        return view.legal_moves[0]


def test_a_bot_of_ones_own_declares_options_of_every_type() -> None:
    register_bot("tempered", Tempered)
    try:
        name, factory = bot_factory("tempered:loud=yes,mood=wild,heat=0,depth=3")
        assert name == "tempered:depth=3,heat=0,mood=wild,loud=true"
        made: Any = factory(ferry.GAME, 0)
        assert made.options == {"depth": 3, "heat": 0.0, "mood": "wild", "loud": True}
        for bad, message in (
            ("depth=4", "option 'depth' must be an integer from 0 to 3, got '4'"),
            ("heat=-0.5", "option 'heat' must be a number of at least 0, got '-0.5'"),
            ("mood=sad", "option 'mood' must be one of calm, wild, got 'sad'"),
            ("loud=maybe", "option 'loud' must be true or false, got 'maybe'"),
        ):
            with pytest.raises(ValueError, match=message):
                bot_factory(f"tempered:{bad}")
    finally:
        from noahrules.bots import _REGISTRY  # noqa: PLC0415

        _REGISTRY.unregister("tempered")
    assert "tempered" not in BOTS


@pytest.mark.parametrize("name", ["my:bot", "a,b", "k=v", "two words", ""])
def test_a_bot_name_cannot_hold_what_a_spec_separates_with(name: str) -> None:
    with pytest.raises(ValueError, match="a bot's name holds no"):
        register_bot(name, Tempered)


# --- the search bot's budget -----------------------------------------------------------------


def _view(game: Game) -> Any:
    state = _midgame(game, 3, seed=4, decisions=14)
    seat = game.current_player(state)
    assert seat is not None
    view = game.view(state, seat)
    assert len(view.legal_moves) > 1
    return view


@pytest.mark.parametrize("game", [ferry.GAME, island.GAME], ids=["ferry", "island"])
def test_search_at_its_defaults_is_search_at_100_iterations(game: Game) -> None:
    view = _view(game)
    default: Any = make_bot("search", game, 9)
    spelled: Any = make_bot("search:iterations=100", game, 9)
    assert default.iterations == DEFAULT_ITERATIONS == 100 and default.time is None
    assert default.choose(view) == spelled.choose(view)
    assert default.searched == spelled.searched == 100


def test_a_time_budget_alone_lifts_the_iteration_cap_and_a_tiny_one_runs_one_iteration() -> None:
    bot: Any = make_bot("search:time=0.000001", island.GAME, 0)
    assert bot.iterations == MAX_ITERATIONS
    view = _view(island.GAME)
    assert bot.choose(view) in view.legal_moves
    assert bot.searched == 1  # one iteration takes far longer than a microsecond


def test_a_time_budget_stops_the_search_loosely_on_time() -> None:
    bot: Any = make_bot("search:time=0.05,iterations=1000000", ferry.GAME, 0)
    view = _view(ferry.GAME)
    start = time.thread_time()
    bot.choose(view)
    spent = time.thread_time() - start
    assert 1 < bot.searched < 1_000_000
    assert spent < 5.0  # not a timing: only that the budget, not the cap, stopped it


def test_with_both_budgets_the_iterations_can_run_out_first() -> None:
    bot: Any = make_bot("search:iterations=5,time=60", ferry.GAME, 0)
    bot.choose(_view(ferry.GAME))
    assert bot.searched == 5


# --- the doors -------------------------------------------------------------------------------


def test_simulate_reports_each_bot_by_its_canonical_spec() -> None:
    rules = island.load_rules()
    report = simulate("island", rules, 2, ["search:iterations=3", "greedy"], 2, 5, workers=1)
    assert set(report.by_bot) == {"search:iterations=3", "greedy"}
    assert report.bots == ("search:iterations=3", "greedy")
    with pytest.raises(ValueError, match="no option 'depth'"):
        simulate("island", rules, 2, ["search:depth=3", "greedy"], 1000, 5, workers=1)


def run(capsys: pytest.CaptureFixture[str], args: list[str], stdin: str = "") -> tuple[int, str]:
    sys.stdin = io.StringIO(stdin)
    try:
        status = main(args)
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return status, out + err


def test_the_simulate_command_takes_options_in_bots(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "ferry", "--games", "2", "--players", "2", "--workers", "1"]
    status, out = run(capsys, [*args, "--bots", "search:iterations=2,time=9,greedy"])
    assert status == 0, out
    assert "bots search:iterations=2,time=9, greedy" in out


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "ferry", "--games", "100000", "--players", "2"],
        ["play", "ferry", "--players", "2"],
        ["balance", "ferry", "--games", "100000", "--players", "2", "--no-figures"],
    ],
    ids=["simulate", "play", "balance"],
)
@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("search:depth=2", "bot 'search' has no option 'depth'"),
        ("search:iterations=0,greedy", "option 'iterations' must be an integer from 1"),
        ("greedy,iterations=3", "'iterations=3' follows no bot with options"),
    ],
)
def test_every_command_refuses_bad_options_before_any_game(
    capsys: pytest.CaptureFixture[str], command: list[str], bots: str, message: str
) -> None:
    started = time.process_time()
    status, out = run(capsys, [*command, "--bots", bots], stdin="1\n" * 100)
    assert status == 2
    assert message in out
    assert "usage:" in out
    assert time.process_time() - started < 2.0  # refused before playing 100000 games


def test_play_names_the_bots_by_their_spec(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["play", "island", "--players", "2", "--seed", "1", "--bots", "search:iterations=2"]
    status, out = run(capsys, args, stdin="q\n")
    assert status == 0, out
    assert "search:iterations=2" in out


def test_gymnasium_opponents_take_specs() -> None:
    from noahrules.rl.gymnasium import NoahEnv  # noqa: PLC0415  (the rl extra)

    env = NoahEnv("island", players=2, opponents="search:iterations=2")
    env.reset(seed=1)
    opponent: Any = env._bots[1]
    assert (opponent.iterations, opponent.time) == (2, None)
    with pytest.raises(ValueError, match="bot 'search' has no option 'depth'"):
        NoahEnv("island", players=2, opponents="search:depth=2").reset(seed=1)
