"""The contract's checks of what serialization and the registry rely on: every field of a game's
states, views, moves and events is of a type the JSON layer carries both ways, a declaration
missing a required field names it, and a game whose entry point failed says why when looked up.
"""

from __future__ import annotations

import enum
import pickle
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from typing import Any, Literal, NewType, cast

import attrs
import climb
import pytest

from noahrules import GAMES, Event, register_game, serialize
from noahrules.carried import CARRIED
from noahrules.errors import EntryPointError, GameSpecError
from noahrules.game import Game, GameSpec
from noahrules.games import unregister_game
from noahrules.registry import Registry
from noahrules.values import Bits, bits


class Colour(enum.Enum):
    """An enumeration written by its values."""

    RED = "red"
    BLUE = 2


class Count(enum.IntEnum):
    """An enumeration that reads back as a plain int."""

    ONE = 1


Word = NewType("Word", str)


@attrs.frozen
class Inner:
    """An attrs value a move may hold."""

    number: int
    word: str | None


@attrs.frozen
class Holder:
    """An attrs value holding a field the JSON layer cannot carry."""

    marks: set[int]


def _move(kind: object) -> type[Any]:
    """A Climb move ``Push`` whose one field ``marks`` is of type ``kind``."""
    marks: Any = attrs.field(type=cast(type, kind))
    cls: type[Any] = attrs.make_class("Push", {"marks": marks}, bases=(climb.Move,), frozen=True)
    return cls


def _with_move(cls: type[Any]) -> Game:
    game: Game = climb.GAME
    return attrs.evolve(game, name="pushy", move_types=(*game.move_types, cls))


def _problems(kind: object) -> tuple[str, ...]:
    with pytest.raises(GameSpecError) as caught:
        register_game(_with_move(_move(kind)))
    assert "pushy" not in GAMES
    return caught.value.problems


@pytest.fixture
def pushy() -> Iterator[None]:
    """The game ``pushy`` is unregistered after the test (Climb's moves are read as its)."""
    yield
    unregister_game("pushy")


NOT_CARRIED = "is not a type the JSON layer carries both ways"


@pytest.mark.parametrize(
    ("kind", "shown"),
    [
        (complex, "complex"),
        (set[int], "set[int]"),
        (object, "object"),
        (Any, "Any"),
        (bytes, "bytes"),
        (type(None), "None"),
        (tuple, "tuple"),
        (frozenset, "frozenset"),
        (int | str, "int | str"),
        (dict[int, str], "dict[int, str]"),
        (Count, "Count"),
        (frozenset[Colour], "frozenset[Colour]"),
        (tuple[int, set[str]], "tuple[int, set[str]]"),
        (tuple[complex, ...] | None, "tuple[complex, ...] | None"),
    ],
)
def test_a_field_the_json_layer_cannot_carry_is_refused(kind: object, shown: str) -> None:
    assert _problems(kind) == (f"move Push field 'marks': {shown} {NOT_CARRIED} ({CARRIED})",)


@pytest.mark.parametrize(
    ("kind", "shown", "instead"),
    [(list[int], "list[int]", "a tuple"), (dict[str, int], "dict[str, int]", "a tuple of pairs")],
)
def test_a_mutable_field_is_refused_as_it_cannot_hash(
    kind: object, shown: str, instead: str
) -> None:
    assert _problems(kind) == (
        f"move Push field 'marks': {shown} is mutable, so a value holding it cannot hash: use "
        f"{instead} (states, views, moves and events are values that hash)",
    )


def test_a_field_of_an_attrs_value_held_is_checked_too() -> None:
    assert _problems(tuple[Holder, ...]) == (
        f"move Push field 'marks' (Holder) field 'marks': set[int] {NOT_CARRIED} ({CARRIED})",
    )


def test_states_views_and_events_are_checked_like_moves() -> None:
    @attrs.frozen
    class NoisyView(climb.View):
        noise: complex = 0j

    @attrs.frozen
    class Shouted(Event):
        seen: object = None

    game: Game = climb.GAME
    broken = attrs.evolve(
        game, name="pushy", view_type=NoisyView, event_types=(*game.event_types, Shouted)
    )
    with pytest.raises(GameSpecError) as caught:
        register_game(broken)
    assert caught.value.problems == (
        f"view NoisyView field 'noise': complex {NOT_CARRIED} ({CARRIED})",
        f"event Shouted field 'seen': object {NOT_CARRIED} ({CARRIED})",
    )


ACCEPTED: list[tuple[object, object]] = [
    (int, 3),
    (str, "ox"),
    (bool, True),
    (float, 1.5),
    (Literal["a", "b"], "b"),
    (Colour, Colour.BLUE),
    (Word, Word("ox")),
    (Bits, bits([1, 4])),
    (int | None, None),
    (Inner | None, Inner(1, None)),
    (tuple[int, ...], (1, 2)),
    (tuple[int, str], (1, "a")),
    (tuple[()], ()),
    (tuple[Colour, ...], (Colour.RED,)),
    (frozenset[int], frozenset({3, 1})),
    (frozenset[str], frozenset({"b", "a"})),
    (Inner, Inner(2, "x")),
    (tuple[Inner, ...], (Inner(1, "a"),)),
    (climb.Move, climb.Draw()),
    (tuple[climb.Move, ...], (climb.Pass(), climb.Play("cat"))),
    (tuple[Event, ...], (climb.Drew(0, None),)),
]


@pytest.mark.parametrize(("kind", "value"), ACCEPTED)
@pytest.mark.usefixtures("pushy")
def test_a_field_the_json_layer_carries_is_accepted_and_read_back(
    kind: object, value: object
) -> None:
    cls = _move(kind)
    register_game(_with_move(cls))
    move = cls(value)
    back = serialize.from_json(serialize.to_json(move), climb.Move)
    assert back == move and type(getattr(back, "marks")) is type(value)  # noqa: B009


def test_a_declaration_missing_required_fields_names_them() -> None:
    with pytest.raises(GameSpecError) as caught:
        GameSpec(  # type: ignore[call-arg]
            name="half",
            title="half a game",
            min_players=2,
            max_players=2,
            lower_scores_win=False,
            score_name="points",
            rules_type=climb.Rules,
            state_type=climb.State,
            view_type=climb.View,
            move_type=climb.Move,
            move_types=(climb.Play, climb.Draw, climb.Pass),
            event_types=(climb.Played, climb.Drew),
            load_rules=climb.load_rules,
            new_game=climb.new_game,
            legal_moves=climb.legal_moves,
            apply=climb.apply,
            step=climb.step,
            current_player=climb.current_player,
            is_over=climb.is_over,
            scores=climb.scores,
            view=climb.view,
        )
    assert isinstance(caught.value, TypeError)
    assert caught.value.game == "half"
    assert caught.value.problems == (
        "GameSpec(...) has no winners, determinize, check_state (required fields, given by "
        "keyword)",
    )


def test_a_declaration_missing_one_field_says_so() -> None:
    fields = {f.name: getattr(climb.GAME, f.name) for f in attrs.fields(GameSpec)}
    del fields["title"]
    with pytest.raises(GameSpecError) as caught:
        GameSpec(**fields)
    assert caught.value.problems == (
        "GameSpec(...) has no title (a required field, given by keyword)",
    )


def _failing(point: EntryPoint) -> tuple[str, int]:
    raise ImportError(f"no module named '{point.value.partition(':')[0]}'")


def test_a_name_whose_entry_point_failed_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry of games and that of bots are one class: a failed entry point is a warning
    when the registry loads, and a ``KeyError`` saying why when its name is looked up."""
    point = EntryPoint("gone", "gone_game:GAME", "noahrules.tests")
    monkeypatch.setattr("noahrules.registry.entry_points", lambda group: [point])
    registry: Registry[int] = Registry("game", "noahrules.tests", lambda: [("one", 1)], _failing)
    with pytest.warns(UserWarning, match="the game 'gone' .* cannot be loaded"):
        assert list(registry) == ["one"]
    with pytest.raises(KeyError) as caught:
        registry["gone"]
    assert isinstance(caught.value, EntryPointError)
    assert str(caught.value) == (
        "no game 'gone': its entry point 'gone = gone_game:GAME' of the group noahrules.tests "
        "failed to load: ImportError: no module named 'gone_game'"
    )
    assert registry.get("gone") is None and "gone" not in registry
    assert str(pickle.loads(pickle.dumps(caught.value))) == str(caught.value)
    with pytest.raises(KeyError) as unknown:
        registry["other"]
    assert type(unknown.value) is KeyError
