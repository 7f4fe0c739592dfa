"""Climb, the example game of docs/new-game.md (docs/examples/newgame), plays through every
generic layer of noahrules: the registry and its contract check, simulation (in process and on
a process pool), serialization, records and replay, the three bots, the hypothesis strategies,
the command line, the balance lab, the table server and the reinforcement-learning layer; and
an installed package announces it through the entry-point group. Nothing in ``noahrules/``
knows it.

Its rules are C1-C11 of the package's docstring; the scenario tests build exact positions.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import tomllib
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any, cast

import attrs
import climb
import pytest
from hypothesis import given, settings
from pettingzoo.test import api_test
from starlette.testclient import TestClient

from noahrules import (
    GAMES,
    Event,
    IllegalMoveError,
    events_for,
    register_game,
    serialize,
    shown,
    simulate,
)
from noahrules.bots import BestBot, GreedyBot, RandomBot, SearchBot
from noahrules.cli import main
from noahrules.data import Overlay
from noahrules.errors import GameSpecError, RulesDataError, SerializationError
from noahrules.game import Game, Strategy
from noahrules.games import unregister_game
from noahrules.records import GameRecord, final_state, replay
from noahrules.rl import env
from noahrules.rng import Rng
from noahrules.serve import Settings, create_app
from noahrules.testing import Played, hidden_information_check, played, rules, states

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "newgame"
PAGE = ROOT / "docs" / "new-game.md"


@pytest.fixture(autouse=True, scope="module")
def registered() -> Iterator[None]:
    register_game(climb.GAME)
    yield
    unregister_game("climb")


def position(
    hands: tuple[tuple[str, ...], tuple[str, ...]],
    gangway: tuple[str, ...] = (),
    deck: tuple[str, ...] = (),
    points: tuple[int, int] = (0, 0),
) -> climb.State:
    """Seat 0 to act with these hands, gangway and draw pile; every other card of the deck was
    cleared earlier (C7)."""
    r = climb.load_rules()
    rest = list(r.deck)
    for animal in (*hands[0], *hands[1], *gangway, *deck):
        rest.remove(animal)
    sizes = (len(hands[0]), len(hands[1]))
    table = climb.Table(r, 2, 0, gangway, tuple(rest), points, sizes, len(deck), False)
    state = climb.State(table, hands, deck)
    climb.GAME.check_state(state)
    return state


# --- the rules (C1-C11) ---------------------------------------------------------------------


def test_c1_c2_the_deck_and_the_deal() -> None:
    r = climb.load_rules()
    assert len(r.deck) == 18 and r.height["giraffe"] == 9  # heights 1 to 9, two cards each
    assert climb.load_rules("short").deck == tuple(
        a for a in ("mouse", "frog", "cat", "dog", "sheep", "horse") for _ in (0, 1)
    )
    state = climb.new_game(r, 2, seed=4, first_player=1)
    assert [len(h) for h in state.hands] == [3, 3] and len(state.deck) == 12
    assert climb.current_player(state) == 1
    assert sorted((*state.hands[0], *state.hands[1], *state.deck)) == sorted(r.deck)


def test_c7_a_taller_card_scores_its_height_and_a_shorter_clears_the_gangway() -> None:
    state = position((("frog", "horse"), ("cat",)), gangway=("dog",), points=(4, 0))
    taller, events = climb.step(state, climb.Play("horse"))
    assert taller.table.gangway == ("dog", "horse") and taller.table.scores == (10, 0)
    assert events == (climb.Played(0, "horse", 6),)
    shorter = climb.apply(state, climb.Play("frog"))
    assert shorter.table.gangway == () and shorter.table.scores == (4, 0)
    assert shorter.table.cleared[-2:] == ("dog", "frog")
    assert climb.current_player(shorter) == 1  # C8


def test_c5_no_draw_with_a_full_hand_and_c9_a_pass_when_stuck() -> None:
    full = position((("mouse", "mouse", "frog", "frog", "cat"), ("dog",)), deck=("sheep",))
    assert climb.Draw() not in climb.legal_moves(full)  # five cards: the hand limit
    with pytest.raises(IllegalMoveError) as caught:
        climb.apply(full, climb.Draw())
    assert caught.value.rule == "C5"
    stuck = position(((), ("dog",)))
    assert climb.legal_moves(stuck) == (climb.Pass(),)
    after = climb.apply(stuck, climb.Pass())
    assert climb.current_player(after) == 1 and climb.legal_moves(after) == (climb.Play("dog"),)
    over = climb.apply(after, climb.Play("dog"))
    assert climb.is_over(over) and climb.winners(over) == (1,)  # C10, C11


def test_c3_a_draw_is_secret_to_the_other_seat_and_views_hide_the_other_hand() -> None:
    state = position((("mouse",), ("giraffe",)), deck=("bear", "cat"))
    after, events = climb.step(state, climb.Draw())
    assert events_for(events, 0) == (climb.Drew(0, "bear"),)
    assert events_for(events, 1) == (climb.Drew(0, None),)
    other = climb.apply(position((("mouse",), ("giraffe",)), deck=("cat", "bear")), climb.Draw())
    assert after.hands[0] != other.hands[0] and after.deck != other.deck
    assert climb.view(after, 1) == climb.view(other, 1)  # the same view: nothing leaks


# C3: a seat's views and events of two states that differ only in the other hand and the draw
# pile's order are equal (noahrules.testing's check, as docs/new-game.md shows it).
test_climb_views_hide_what_they_must = settings(max_examples=30, deadline=None)(
    hidden_information_check(climb.GAME)
)


# --- the registry and the contract ----------------------------------------------------------


def test_climb_is_registered_by_its_declaration_and_meets_the_contract() -> None:
    assert GAMES["climb"] is climb.GAME
    register_game(climb.GAME)  # again: harmless
    with pytest.raises(ValueError, match="another game is already registered as 'climb'"):
        register_game(attrs.evolve(climb.GAME, title="an impostor"))
    with pytest.raises(TypeError, match="GameSpec"):
        register_game(climb)  # type: ignore[arg-type]


@attrs.define
class LooseView:
    """A view that is no value: mutable, no rules field, no legal moves."""

    seat: int
    hand: tuple[str, ...]


@attrs.frozen
class LeakyDraw(Event):
    """An event whose secret is typed so that it cannot be hidden."""

    SECRET = ("animal", "colour")

    seat: int
    animal: str


def test_a_broken_declaration_is_refused_naming_every_broken_part() -> None:
    spec: Game = climb.GAME
    broken = attrs.evolve(
        spec,
        name="climb2",
        view_type=LooseView,
        event_types=(climb.Played, LeakyDraw),
        rules_type=dict,
        view=cast(Any, lambda state: state),
    )
    with pytest.raises(GameSpecError) as caught:
        register_game(broken)
    assert "climb2" not in GAMES
    assert caught.value.problems == (
        "rules_type dict has no digest, variants, min_players, max_players (it needs digest, "
        "variants, min_players, max_players)",
        "rules_type dict is not hashable (reading moves and views caches by rules; a frozen "
        "attrs class hashes by value)",
        "state_type State has no field annotated exactly as the rules_type dict, in it or in an "
        "attrs value it holds (serialization reads the rules there)",
        "view_type LooseView is not frozen: declare it with @attrs.frozen (states, views, moves "
        "and events are values that never change)",
        "view_type LooseView is not hashable (a frozen attrs class is)",
        "view_type LooseView has no rules, players, legal_moves (it needs rules, players, seat, "
        "legal_moves)",
        "view_type LooseView has no field annotated exactly as the rules_type dict, in it or in "
        "an attrs value it holds (serialization reads the rules there)",
        "event_types: LeakyDraw.animal is secret, so it must allow None (annotate it '... | "
        "None'): others see the event with it set to None",
        "event_types: LeakyDraw.SECRET names 'colour', which is no field",
        "view(state) cannot be called as view(state, seat): too many positional arguments",
    )
    first = str(caught.value).splitlines()[0]
    assert first == (
        "the declaration of the game 'climb2' breaks the GameSpec contract in 10 ways "
        "(see docs/new-game.md):"
    )


def _nothing_dealt() -> dict[str, tuple[int, ...]]:
    return {}


def test_an_optional_function_is_checked_when_it_is_given() -> None:
    """``dealt`` may be left out, but one given must take the first state as the lab calls it."""
    broken = attrs.evolve(climb.GAME, name="climb3", dealt=cast(Any, _nothing_dealt))
    with pytest.raises(GameSpecError) as caught:
        register_game(broken)
    assert caught.value.problems == (
        "dealt() -> 'dict[str, tuple[int, ...]]' cannot be called as dealt(state): too many "
        "positional arguments",
    )
    assert "climb3" not in GAMES


def test_the_best_bots_parts_are_checked_like_the_strategy() -> None:
    """``Strategy.best`` is a strategy too: its functions, its budget and its halving are
    checked."""
    best: Strategy[Any, Any, Any] = Strategy(
        rollout=cast(Any, _nothing_dealt), iterations=0, halving=cast(Any, "yes")
    )
    broken = attrs.evolve(climb.GAME, name="climb3", strategy=Strategy(best=best))
    with pytest.raises(GameSpecError) as caught:
        register_game(broken)
    assert caught.value.problems == (
        "strategy.best.rollout() -> 'dict[str, tuple[int, ...]]' cannot be called as "
        "rollout(state, rng): too many positional arguments",
        "strategy.best.iterations 0 is not a positive integer",
        "strategy.best.halving 'yes' is not True or False",
    )
    assert "climb3" not in GAMES


def test_the_built_in_games_meet_the_contract() -> None:
    from noahrules.contract import contract_problems  # noqa: PLC0415

    assert {name: contract_problems(game) for name, game in GAMES.items()} == {
        name: [] for name in GAMES
    }


# --- rules data through noahrules' loaders --------------------------------------------------


def test_a_variant_of_climb_loads_and_fails_like_a_packaged_games(tmp_path: Path) -> None:
    good = tmp_path / "tall.yaml"
    good.write_text("cards:\n  add: [{animal: whale, height: 12, count: 1}]\n", encoding="utf-8")
    assert climb.load_rules(["short", good]).height["whale"] == 12
    assert (
        climb.load_rules(Overlay("--set hand_size=4", {"rules": {"hand_size": 4}})).hand_size == 4
    )
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  add: [{animal: '', height: 0, count: 9}]\nrules: {hand_siz: 2}\n")
    with pytest.raises(RulesDataError) as caught:
        climb.load_rules([bad])
    assert [(p.line, p.path, p.problem) for p in caught.value.problems] == [
        (3, "rules.hand_siz", "unknown key 'hand_siz'; known keys: hand_limit, hand_size"),
        (2, "cards.add[0].animal", "expected a non-empty string, got str ''"),
        (2, "cards.add[0].height", "must be at least 1, got 0"),
        (2, "cards.add[0].count", "must be at most 8, got 9"),
    ]


def test_validate_tells_a_climb_file_by_its_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("rules: {hand_limit: 2}\n", encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:1:21: rules.hand_limit: hand_limit 2 is below hand_size 3 (C5)",
        "1 problem",
    ]
    short = EXAMPLE / "climb" / "data" / "variants" / "short.yaml"
    assert main(["validate", str(short)]) == 0
    assert capsys.readouterr().out == f"{short}: ok (climb variant)\n"


# --- simulation, serialization, records, bots -----------------------------------------------


def test_simulate_in_process_and_on_a_process_pool_give_the_same_report() -> None:
    r = climb.load_rules()
    here = simulate("climb", r, 2, ["random", "greedy"], games=12, workers=1)
    with ProcessPoolExecutor(2) as pool:
        there = simulate(climb.GAME, r, 2, ["random", "greedy"], games=12, executor=pool)
    assert here == there and here.game == "climb" and here.unfinished == 0
    assert sum(r.wins for r in here.by_seat) == pytest.approx(12)
    # every card is played once per game (C10), so each animal twice a game
    assert here.counts == {"plays per animal": {c.animal: 24 for c in r.cards}}


def test_states_views_moves_events_and_records_round_trip() -> None:
    r = climb.load_rules(["short"])
    state = climb.new_game(r, 2, seed=5)
    record = GameRecord.start("climb", r, 2, 5)
    rng = Rng.from_seed(1)
    while not climb.is_over(state):
        move, rng = rng.choice(climb.legal_moves(state))
        after, events = climb.step(state, move)
        for obj, cls in ((state, climb.State), (climb.view(state, 1), climb.View)):
            assert serialize.from_json(serialize.to_json(obj), cls) == obj
        assert serialize.from_json(serialize.to_json(move), climb.Move) == move
        for event in events:
            assert serialize.from_json(serialize.to_json(event), type(event)) == event
        state, record = after, record.then(move)
    back = serialize.from_json(serialize.to_json(record), GameRecord)
    assert back == record and final_state(back) == state
    assert len(list(replay(back))) == len(record.moves) + 1


def test_a_forged_climb_state_is_refused_by_its_own_checks() -> None:
    data: Any = serialize.to_dict(climb.new_game(climb.load_rules(), 2, seed=1))
    data["deck"] = data["deck"][1:]
    with pytest.raises(SerializationError, match="do not add up"):
        serialize.from_dict(data, climb.State)


@pytest.mark.parametrize(
    "bot",
    [RandomBot, GreedyBot, SearchBot, partial(BestBot, iterations=30)],
    ids=["random", "greedy", "search", "best"],
)
def test_every_bot_plays_climb_legally(bot: Callable[[Game, int], Any]) -> None:
    state = climb.new_game(climb.load_rules(), 2, seed=8)
    players = [bot(climb.GAME, 1), bot(climb.GAME, 2)]
    while not climb.is_over(state):
        seat = climb.current_player(state)
        assert seat is not None
        move = players[seat].choose(climb.view(state, seat))
        assert move in climb.legal_moves(state)
        state = climb.apply(state, move)


def test_greedy_without_a_heuristic_looks_one_move_ahead() -> None:
    # On an empty gangway the giraffe scores 9, the mouse 1: the best one-step move.
    state = position((("mouse", "giraffe"), ("cat", "dog")))
    for seed in range(5):
        assert GreedyBot(climb.GAME, seed).choose(climb.view(state, 0)) == climb.Play("giraffe")


def test_search_uses_the_games_own_determinize() -> None:
    # Only the giraffe is taller than the elephant; the mouse would clear the gangway for nothing.
    state = position((("mouse", "giraffe"), ("cat", "dog")), gangway=("elephant",), points=(8, 0))
    bot = SearchBot(climb.GAME, 0, iterations=40)
    assert bot.choose(climb.view(state, 0)) == climb.Play("giraffe")


# --- the hypothesis strategies --------------------------------------------------------------


@settings(max_examples=30)
@given(played(climb.GAME, None))
def test_the_testing_strategies_play_climb_to_its_end(
    game: Played[climb.State, climb.Move],
) -> None:
    assert climb.is_over(game.last)
    assert len(game.moves) <= 3 * len(game.last.rules.deck)  # drawn once, played once, passes
    for state, move, after in game.steps():
        assert move in climb.legal_moves(state)
        climb.check_state(after)


@settings(max_examples=10)
@given(rules("climb"), states("climb"))
def test_rules_and_states_strategies_draw_climb_values(
    drawn: climb.Rules, state: climb.State
) -> None:
    assert drawn.variants in ((), ("short",)) and isinstance(state, climb.State)


# --- the command line, the lab, the server, the rl layer ------------------------------------


def test_the_command_line_simulates_plays_shows_and_replays_climb(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert main(["simulate", "climb", "--games", "6", "--players", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "climb: 6 games" in out and "Scores by seat: points" in out
    assert "gangways cleared" in out
    answers = iter(["1"] * 200)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    saved = tmp_path / "game.json"
    play = ["play", "climb", "--players", "2", "--seed", "3", "--bots", "random"]
    assert main([*play, "--save", str(saved)]) == 0
    assert "Game over." in capsys.readouterr().out
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "climb: 2 players, seed 3" in out
    assert "Gangway: " in out and "Draw pile: " in out and "View(" not in out
    assert main(["cards", "climb", "--variant", "short"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:3] == [
        "12 cards (variants: short)",
        "  animal  height  count",
        "  mouse   1       2",
    ]


def test_climbs_screen_shows_a_seat_the_public_table_and_its_hand() -> None:
    """The declaration's ``Renderer(screen=ClimbScreen)``: ``play``, ``replay`` and ``str`` of a
    view print its table, not a repr; the state shows the hidden hand and draw pile too."""
    state = position((("cat", "dog"), ("frog",)), gangway=("mouse",), deck=("bear",))
    assert shown.text(climb.view(state, 0)) == [
        "Gangway: mouse 1",
        "Scores: you (seat 0) 0, seat 1 0",
        "Hands: you (seat 0) 2 cards, seat 1 1 card",
        "Draw pile: 1 card; cleared: 13",
        "To act: you (seat 0)",
        "Your hand: cat 3, dog 4",
    ]
    assert shown.text(state)[-3:] == [
        "Hand of seat 0: cat 3, dog 4",
        "Hand of seat 1: frog 2",
        "Draw pile: bear 7",
    ]
    screen = climb.ClimbScreen(state.rules, {1: "random"}, you=1)
    seen = climb.view(state, 1)
    assert screen.events([climb.Drew(0, None), climb.Played(1, "frog", 0)]) == [
        "  > Seat 0 drew a card",
        "  > You played frog: cleared the gangway",
    ]
    assert [screen.label(seen, move) for move in (climb.Play("cat"), climb.Draw())] == [
        "play cat (3)",
        "draw a card",
    ]


def test_the_balance_lab_compares_climb_variants(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "lab"
    command = ["balance", "climb", "--variant", "short", "--games", "8", "--players", "2"]
    assert main([*command, "--workers", "1", "--no-figures", "--keep", "1", "--out", str(out)]) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["game"] == "climb" and [a["name"] for a in report["arms"]] == ["base", "short"]
    assert list((out / "games" / "short").glob("*.json"))
    words = re.compile(r"island|ferry|\bark|flood|rescue|departure", re.I)
    for page in ("report.md", "report.html"):  # the report speaks of Climb's things only
        assert not words.findall((out / page).read_text(encoding="utf-8")), page


def test_the_balance_lab_refuses_an_unknown_parameter_of_climb_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "lab"
    command = ["balance", "climb", "--set", "hand_siz=4", "--games", "8", "--players", "2"]
    assert main([*command, "--workers", "1", "--no-figures", "--out", str(out)]) == 1
    assert "rules.hand_siz: unknown key 'hand_siz'; known keys: hand_limit, hand_size" in (
        capsys.readouterr().err
    )
    assert not (out / "report.json").exists()


def test_the_table_server_plays_climb() -> None:
    with TestClient(create_app(settings=Settings(allow_seed=True))) as client:
        games = [g["name"] for g in client.get("/api/games").json()["games"]]
        assert "climb" in games
        made = client.post(
            "/api/tables",
            json={"game": "climb", "players": 2, "seats": ["human", "random"], "seed": 2},
        ).json()
        table, token = made["table"]["id"], made["links"][0]["token"]
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "hello", "table": table, "token": token})
            while True:
                message = ws.receive_json()
                if message["type"] not in ("welcome", "update"):
                    continue
                view = message["view"]
                if message.get("over") or not view["legal_moves"]:
                    info = client.get(f"/api/tables/{table}").json()
                    if info["over"]:
                        break
                    continue
                ws.send_json(
                    {"type": "move", "seq": message["seq"], "move": view["legal_moves"][0]}
                )
        record = serialize.from_dict(client.get(f"/api/tables/{table}/record").json(), GameRecord)
        assert GAMES["climb"].is_over(final_state(record))


@pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array", "ignore:Observation space for each agent"
)
def test_the_rl_layer_gives_climb_a_pettingzoo_environment() -> None:
    api_test(env("climb", players=2, variants=("short",)), num_cycles=200)


# --- installed as a package; the page and its example agree --------------------------------


def test_an_installed_package_announces_climb_through_the_entry_point_group(
    tmp_path: Path,
) -> None:
    info = tmp_path / "noahrules_climb-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: noahrules-climb\nVersion: 1.0.0\n")
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    games = project["entry-points"]["noahrules.games"]
    lines = "".join(f"{name} = {path}\n" for name, path in games.items())
    # a second package announces a declaration that breaks the contract: a warning, not a game
    (tmp_path / "broken_climb.py").write_text(
        "import attrs, climb\nGAME = attrs.evolve(climb.GAME, name='broken', view=len)\n"
    )
    lines += "broken = broken_climb:GAME\n"
    (info / "entry_points.txt").write_text(f"[noahrules.games]\n{lines}")
    script = textwrap.dedent(
        """
        import warnings
        import noahrules, climb
        from noahrules.cli import main
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            assert noahrules.GAMES["climb"] is climb.GAME, list(noahrules.GAMES)
        print(" ".join(noahrules.GAMES))
        print(*(str(w.message) for w in caught), sep="\\n")
        raise SystemExit(main(["simulate", "climb", "--games", "2", "--players", "2",
                               "--workers", "1"]))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        env={"PYTHONPATH": f"{tmp_path}:{EXAMPLE}:{ROOT}", "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    printed = result.stdout.splitlines()
    assert printed[0].split() == ["climb", "ferry", "island"]
    assert printed[1].startswith(
        "noahrules: the game 'broken' (broken_climb:GAME) of entry-point group noahrules.games "
        "cannot be loaded: GameSpecError("
    )
    assert "view(obj, /) cannot be called as view(state, seat)" in printed[1]
    assert "climb: 2 games" in result.stdout


def test_the_pages_excerpts_are_the_example_as_it_is() -> None:
    excerpts = re.findall(r"```python title=(\S+)\n(.*?)```", PAGE.read_text("utf-8"), re.S)
    assert len(excerpts) >= 3
    for name, code in excerpts:
        assert code in (EXAMPLE / name).read_text("utf-8"), name


def test_two_move_or_event_classes_of_one_name_are_refused() -> None:
    @attrs.frozen
    class Play(climb.Move):  # a second "Play": tags would not tell them apart
        animal: str

    twin = attrs.evolve(climb.GAME, name="climb3", move_types=(*climb.GAME.move_types, Play))
    with pytest.raises(GameSpecError) as caught:
        register_game(twin)
    assert caught.value.problems == (
        "move_types and event_types name Play more than once (serialization tags moves and "
        "events with their class names)",
    )
