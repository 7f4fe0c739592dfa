"""Hostile rules data, all of it: every rules parameter of every registered game, and every
field of every kind of item of its collections (cards, ferries, tiles, arks), set to each of a
list of wrong values in a variant file.

What to change is read from each game's packaged data (through its schema), so a parameter or a
field added later is covered without touching this test. Each variant must either load, and
then ``new_game`` at every player count the rules allow must start a game or raise
``SetupError``, and the game must play; or raise ``RulesDataError`` naming the variant file. And
``noahrules validate`` must answer the same, in process, without a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import climb
import pytest
import yaml
from attrs import frozen

from noahrules import GAMES, register_game
from noahrules.cli import validate
from noahrules.data import Schema, load_yaml
from noahrules.errors import RulesDataError, SetupError
from noahrules.game import Game
from noahrules.games import unregister_game
from noahrules.rng import Rng

WRONG: tuple[object, ...] = (
    [],
    {},
    None,
    -1,
    0,
    1_000_000,
    "x",
    1.5,
    True,
    [[]],
    [-1, 2],
    [2, 1],
    {"a": 1},
    # and a few more
    "",
    [None],
    -0.5,
    10**19,
    "x" * 300,
    "../../../../etc/passwd",
)
"""The wrong values: the thirteen of the issue, then six more."""
MOVES = 60
"""How many moves of a game are played under a variant that loads."""


@frozen
class Case:
    """One wrong value at one place of a game's data, as a variant file."""

    place: str
    """Where the value goes, for messages: ``rules.hand_size``, ``animals[lion-1].weight``."""
    value: object
    variants: tuple[str, ...]
    """The packaged variants applied first (the one that added the item changed)."""
    data: dict[str, Any]
    """The variant file's content."""


@pytest.fixture(autouse=True, scope="module")
def climb_registered() -> Iterator[None]:
    register_game(climb.GAME)
    yield
    unregister_game("climb")


def _packaged(schema: Schema, file: str, key: str) -> Any:
    return load_yaml(schema.folder / file).value[key]


def cases(game: Game) -> Iterator[Case]:
    """Every wrong value at every parameter and item field of ``game``'s packaged data."""
    schema = game.schema
    assert schema is not None
    params = _packaged(schema, "rules.yaml", "rules")
    for path in _places(params):
        for wrong in WRONG:
            changed = {path[0]: _with(params, path, wrong)[path[0]]}  # that parameter alone
            yield Case(f"rules.{'.'.join(path)}", wrong, (), {"rules": changed})
    for collection in schema.collections:
        for variants, item, path in _items(game, schema, collection.name):
            key = item[collection.key]
            for wrong in WRONG:
                data = {collection.name: {"remove": [key], "add": [_with(item, path, wrong)]}}
                yield Case(f"{collection.name}[{key}].{'.'.join(path)}", wrong, variants, data)


def _places(mapping: dict[str, Any]) -> Iterator[tuple[str, ...]]:
    """Each key of a mapping (a parameter, a field), and each key of a mapping it holds (a
    scheme of a parameter, an ability of a card)."""
    for name, value in mapping.items():
        yield (name,)
        if isinstance(value, dict):
            yield from ((name, key) for key in value)


def _with(mapping: dict[str, Any], path: tuple[str, ...], wrong: object) -> dict[str, Any]:
    """A copy of ``mapping`` with ``wrong`` at ``path``."""
    name, *rest = path
    return {**mapping, name: _with(mapping[name], tuple(rest), wrong) if rest else wrong}


def _items(
    game: Game, schema: Schema, collection: str
) -> Iterator[tuple[tuple[str, ...], dict[str, Any], tuple[str, ...]]]:
    """Each field path found in the collection (packaged, or added by a packaged variant),
    in the first item that has it, with the variant that adds that item."""
    sources: list[tuple[tuple[str, ...], Any]] = [
        ((), item) for item in _packaged(schema, _file(schema, collection), collection)
    ]
    for variant in game.known_variants():
        data = load_yaml(schema.folder / "variants" / f"{variant}.yaml").value
        added = (data.get(collection) or {}).get("add") or []
        sources += [((variant,), item) for item in added]
    seen: set[tuple[str, ...]] = set()
    for variants, item in sources:
        for path in _places(item):
            if path not in seen:
                seen.add(path)
                yield variants, item, path


def _file(schema: Schema, collection: str) -> str:
    return next(c.file for c in schema.collections if c.name == collection)


def attempt(game: Game, case: Case, path: Path) -> str:
    """Load the case's variant, start and play a game at every player count it allows, and
    validate the file; the outcome (``"loaded"``, ``"RulesDataError"``, ``"SetupError at N
    players"``), or an AssertionError naming what went wrong."""
    path.write_text(yaml.safe_dump(case.data, allow_unicode=True), encoding="utf-8")
    outcome = "loaded"
    try:
        rules = game.load_rules([*case.variants, str(path)])
    except RulesDataError as exc:
        assert all(p.file for p in exc.problems), f"{case}: {exc}"
        assert any(_users(p.file, game) for p in exc.problems), f"{case}: {exc}"
        outcome = "RulesDataError"
    else:
        for players in game.seats(rules):
            try:
                state = game.new_game(rules, players, seed=players)
            except SetupError:
                outcome = f"SetupError at {players} players"
                continue
            rng = Rng.from_seed(players)
            for _ in range(MOVES):
                moves = game.legal_moves(state)
                if not moves:
                    break
                move, rng = rng.choice(moves)
                state = game.apply(state, move)
    validated = _validate(game, case, path)
    assert validated == (0 if outcome != "RulesDataError" else 1), (case, outcome, validated)
    return outcome


def _users(file: str, game: Game) -> bool:
    """Whether ``file`` is a file of the user's (the variant, or a board it names), not the
    packaged data."""
    assert game.schema is not None
    return not Path(file).resolve().is_relative_to(game.schema.folder.resolve())


def _validate(game: Game, case: Case, path: Path) -> int:
    """``noahrules validate`` of the file, in process: its exit status (an exception fails)."""
    if case.variants:  # validate checks a file alone: here the variant it needs comes first
        assert game.check_rules is not None
        return 1 if game.check_rules([*case.variants, str(path)]).errors else 0
    with contextlib.redirect_stdout(io.StringIO()):
        return validate.run(argparse.Namespace(file=str(path), game=game.name))


def fuzz(game: Game, folder: Path) -> Counter[str]:
    """Every case of ``game``, tried: how many ended each way."""
    outcomes: Counter[str] = Counter()
    for i, case in enumerate(cases(game)):
        outcomes[attempt(game, case, folder / f"case-{i}.yaml")] += 1
    return outcomes


@pytest.mark.parametrize("name", ["climb", "ferry", "island"])
def test_every_wrong_value_loads_or_is_a_rules_data_error(name: str, tmp_path: Path) -> None:
    game = GAMES[name]
    outcomes = fuzz(game, tmp_path)
    parameters = len(_packaged(game.schema, "rules.yaml", "rules")) if game.schema else 0
    assert sum(outcomes.values()) >= parameters * len(WRONG)
    assert outcomes["RulesDataError"] > outcomes["loaded"]
