"""Serialization of states, moves, views, events and game records, with cattrs.

``to_dict`` / ``to_json`` write plain data: the rules as a reference (``{"game", "variants",
"digest"}``), the classes a game writes by reference as their ids (ferry cards), enumerations by
their YAML words, moves and events tagged with their class name under ``"type"``. ``from_dict`` /
``from_json`` read it back exactly, and check it: wrong types, unknown ids or tags, extra keys,
rules data that changed since the data was written, and states that break the rules'
invariants (a card in two places, an overfull ferry, a tile on water, ...) raise
:class:`~noahrules.errors.SerializationError`. Nothing half-read is ever returned.

Everything game-specific comes from the games' declarations (:data:`noahrules.GAMES`).

>>> from noahrules import ferry, serialize
>>> state = ferry.new_game(ferry.load_rules(), players=3, seed=1)
>>> serialize.from_json(serialize.to_json(state), ferry.State) == state
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, TypeVar, cast, get_origin

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.v import format_exception

from noahrules.data import is_file_name
from noahrules.errors import NoahRulesError, SerializationError, excerpt
from noahrules.events import Event
from noahrules.game import Game, RulesValue
from noahrules.games import GAMES, all_games, game_of
from noahrules.records import GameRecord, unpackaged
from noahrules.rng import Rng
from noahrules.values import WRITTEN_WHEN_SET, Bits, bits, members

__all__ = [
    "MAX_JSON_BYTES",
    "MAX_VARIANTS",
    "JsonValue",
    "from_dict",
    "from_json",
    "rules_reference",
    "to_dict",
    "to_json",
]

T = TypeVar("T")

MAX_JSON_BYTES = 8 * 1024 * 1024
"""The longest JSON text :func:`from_json` reads (8 MiB; a game record of 100,000 moves is
about 5 MiB)."""
MAX_VARIANTS = 32
"""The most variants a rules reference may name."""
_MESSAGE = 400
"""The longest message of a :class:`SerializationError` (values in it are cut short)."""

JsonValue = None | bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"]
"""Plain data as JSON has it."""


def to_dict(obj: object) -> JsonValue:
    """Plain data (dicts, lists, strings, numbers, booleans, None) for a state, move, view,
    event or game record."""
    data: JsonValue = _unstructurer(all_games()).unstructure(obj)
    return data


def to_json(obj: object) -> str:
    """JSON text for a state, move, view, event or game record."""
    return json.dumps(to_dict(obj), separators=(",", ":"))


def from_dict(data: object, cls: type[T], rules: RulesValue | None = None) -> T:
    """Read back what :func:`to_dict` wrote, as an instance of ``cls`` (a game's state, view,
    move or event class, its ``Move`` base class, its ``Rules`` (from their reference), or
    :class:`~noahrules.records.GameRecord`).

    States and views name their rules: packaged rules are loaded (and must have the digest
    written); rules with a variant file of the user's need ``rules``, loaded by the caller from
    the same files (their digest must match). A move or event naming cards needs ``rules`` too.
    Raises :class:`~noahrules.errors.SerializationError`.
    """
    try:
        return cast(T, _read(data, cls, rules))
    except SerializationError as exc:
        raise SerializationError(_short(str(exc))) from None
    except cattrs.BaseValidationError as exc:
        problems = "; ".join(cattrs.transform_error(exc, format_exception=_describe))
        raise SerializationError(_short(f"cannot read {_name(cls)}: {problems}")) from None
    except (
        NoahRulesError,
        KeyError,
        TypeError,
        ValueError,
        AttributeError,
        IndexError,
        RecursionError,
    ) as exc:
        raise SerializationError(_short(f"cannot read {_name(cls)}: {exc}")) from None


def from_json(text: str | bytes, cls: type[T], rules: RulesValue | None = None) -> T:
    """Read back what :func:`to_json` wrote (see :func:`from_dict`); at most
    :data:`MAX_JSON_BYTES` of text."""
    if not isinstance(text, str | bytes):
        raise SerializationError(f"JSON text must be str or bytes, not {type(text).__name__}")
    if len(text) > MAX_JSON_BYTES:
        raise SerializationError(f"JSON text of {len(text)} bytes, over {MAX_JSON_BYTES}")
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:  # malformed, huge numbers, deep
        raise SerializationError(_short(f"malformed JSON: {exc}")) from None
    return from_dict(data, cls, rules)


def _short(message: str) -> str:
    return message if len(message) <= _MESSAGE else message[: _MESSAGE - 3] + "..."


def rules_reference(rules: RulesValue) -> dict[str, JsonValue]:
    """How rules are written: ``{"game", "variants", "digest"}``."""
    return {
        "game": _game_of_rules(rules).name,
        "variants": list(rules.variants),
        "digest": rules.digest,
    }


def _describe(exc: BaseException, type_: type | None) -> str:
    if isinstance(exc, SerializationError):
        return str(exc)
    return format_exception(exc, type_)


def _name(cls: object) -> str:
    return getattr(cls, "__name__", str(cls))


def _game_of_rules(rules: RulesValue) -> Game:
    game = game_of(rules)
    if game is None or not isinstance(rules, game.rules_type):
        raise SerializationError(f"{_name(type(rules))} is not the rules of a registered game")
    return game


def _read(data: object, cls: type, given: RulesValue | None) -> object:
    if cls is GameRecord:
        return _read_record(data, given)
    for game in GAMES.values():
        if cls is game.rules_type:
            return _rules(data, game, given)
        path = _rules_path(cls, game)
        if path is not None:
            rules = _rules(_at(data, path), game, given)
            obj: object = _structurer(game, rules).structure(data, cls)
            if cls is game.state_type:
                game.check_state(obj)
            elif cls is game.view_type:
                _check_view(game, obj)
            return obj
        if cls is game.move_type or cls in game.move_types or cls in game.event_types:
            return _structurer(game, given).structure(data, cls)
    if cls is Event:
        raise SerializationError("read events as the event classes of one game")
    raise SerializationError(f"{_name(cls)} is not a class noahrules serializes")


def _check_view(game: Game, view: object) -> None:
    """A view read from outside must be one that some state shows its seat: one of its
    determinizations passes the game's state checks and shows the very same view."""
    seat = getattr(view, "seat")  # noqa: B009  (every view has its seat)
    try:
        sample = game.determinize(view, Rng.from_seed(0))
    except (ValueError, IndexError, KeyError, TypeError) as exc:
        raise SerializationError(f"not a possible {game.name} view: {exc}") from None
    game.check_state(sample)
    if game.view(sample, seat) != view:
        raise SerializationError(
            f"not a possible {game.name} view: its legal moves or secrets are not those of "
            "its seat in any state it could show"
        )


@lru_cache(maxsize=64)
def _rules_path(cls: type, game: Game) -> tuple[str, ...] | None:
    """Where the rules are in the data of ``cls`` (a game's state or view, or a part of one):
    the path of attrs fields down to the field of the game's rules type, or ``None``."""
    if not attrs.has(cls) or not (
        cls in (game.state_type, game.view_type) or _holds(game.state_type, cls)
    ):
        return None
    for item in attrs.fields(attrs.resolve_types(cls)):
        if item.type is game.rules_type:
            return (item.name,)
        if isinstance(item.type, type) and attrs.has(item.type):
            below = _rules_path(item.type, game)
            if below is not None:
                return (item.name, *below)
    return None


def _holds(outer: type, inner: type) -> bool:
    return any(f.type is inner for f in attrs.fields(attrs.resolve_types(outer)))


def _at(data: object, path: Sequence[str]) -> object:
    for key in path:
        if not isinstance(data, dict):
            raise SerializationError(f"expected an object holding '{key}'")
        data = data.get(key)
    return data


def _rules(ref: object, game: Game, given: RulesValue | None) -> RulesValue:
    """The rules a reference ``{"game", "variants", "digest"}`` names: ``given`` if its digest
    and packaged variants match, else the packaged rules loaded again. A reference naming a
    variant file of the user's needs ``given``: reading never opens a file the data names."""
    if not isinstance(ref, dict) or set(ref) != {"game", "variants", "digest"}:
        raise SerializationError("expected rules as {game, variants, digest}")
    if ref["game"] != game.name:
        raise SerializationError(f"these are {excerpt(ref['game'])} rules, not {game.name!r}")
    variants = ref["variants"]
    if (
        not isinstance(variants, list)
        or len(variants) > MAX_VARIANTS
        or not all(isinstance(v, str) for v in variants)
    ):
        raise SerializationError(
            f"the rules' variants must be a list of at most {MAX_VARIANTS} names"
        )
    missing = unpackaged(game, tuple(variants)) if given is None else None
    if missing is not None:
        raise SerializationError(
            f"these {game.name} rules use {missing}: reading never opens a file the data names"
        )
    rules: RulesValue = given if given is not None else game.load_rules(variants)
    packaged = [v for v in variants if not is_file_name(v)]
    if (
        type(rules) is not game.rules_type
        or rules.digest != ref["digest"]
        or [v for v in rules.variants if not is_file_name(v)] != packaged
    ):
        raise SerializationError(
            f"the {game.name} rules data {variants} has changed since this was written, or "
            f"other rules were given (digest {str(rules.digest)[:12]}, "
            f"written {str(ref['digest'])[:12]})"
        )
    return rules


def _read_record(data: object, given: RulesValue | None) -> GameRecord:
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise SerializationError(f"a game record names one of the games {list(GAMES)}")
    game = GAMES.get(data["game"])
    if game is None:
        raise SerializationError(f"a game record names one of the games {list(GAMES)}")
    converter = _structurer(game, given)
    record = converter.structure({k: v for k, v in data.items() if k != "moves"}, GameRecord)
    raw = data.get("moves", [])
    if not isinstance(raw, list):
        raise SerializationError("a game record's moves must be a list")
    moves = tuple(converter.structure(m, game.move_type) for m in raw)
    return attrs.evolve(record, moves=moves)


# --- writing -------------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _unstructurer(games: tuple[Game, ...]) -> cattrs.Converter:
    """The converter writing every class of ``games`` (made again when games are added)."""
    c = cattrs.Converter(unstruct_collection_overrides={tuple: list}, use_alias=True)
    c.register_unstructure_hook_func(_is_frozenset, sorted)
    c.register_unstructure_hook(Bits, lambda mask: sorted(members(mask)))
    c.register_unstructure_hook_factory(
        _has_fields_written_when_set, lambda cls: _writer_when_set(cls, c)
    )
    head = make_dict_unstructure_fn(GameRecord, c, moves=override(omit=True))
    c.register_unstructure_hook(
        GameRecord,
        lambda record: {**head(record), "moves": [c.unstructure(m, type(m)) for m in record.moves]},
    )
    tagged: set[type] = set()
    bases: set[type] = {Event}
    for game in games:
        for cls in game.references:
            c.register_unstructure_hook(cls, _write_id)
        c.register_unstructure_hook(game.rules_type, rules_reference)
        tagged.update(game.move_types)
        tagged.update(game.event_types)
        bases.add(game.move_type)
    plain: dict[type, Callable[[object], dict[str, object]]] = {}

    def write_tagged(obj: object) -> dict[str, object]:
        cls = type(obj)
        if cls not in plain:
            plain[cls] = make_dict_unstructure_fn(cls, c)
        return {"type": cls.__name__, **plain[cls](obj)}

    c.register_unstructure_hook_func(lambda t: t in tagged or t in bases, write_tagged)
    return c


def _has_fields_written_when_set(cls: object) -> bool:
    """Whether ``cls`` is an attrs class with a field written only when set
    (:data:`~noahrules.values.WRITTEN_WHEN_SET`)."""
    return (
        isinstance(cls, type)
        and attrs.has(cls)
        and any(f.metadata.get(WRITTEN_WHEN_SET) for f in attrs.fields(cls))
    )


def _writer_when_set(cls: type, c: cattrs.Converter) -> Callable[[object], dict[str, object]]:
    """The writer of an attrs class that leaves out its fields written only when set while they
    hold their defaults."""
    overrides: dict[str, Any] = {
        f.name: override(omit_if_default=True)
        for f in attrs.fields(cls)
        if f.metadata.get(WRITTEN_WHEN_SET)
    }
    return make_dict_unstructure_fn(cls, c, **overrides)


def _write_id(obj: object) -> object:
    return getattr(obj, "id")  # noqa: B009  (the classes a game writes by reference have ids)


def _is_frozenset(t: object) -> bool:
    return t is frozenset or get_origin(t) is frozenset


# --- reading -------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _structurer(game: Game, rules: RulesValue | None) -> cattrs.Converter:
    """A converter reading ``game``'s classes with ``rules`` (made once per rules: building the
    structuring functions costs far more than using them)."""
    c = cattrs.Converter(forbid_extra_keys=True, use_alias=True)
    for kind in (int, str, bool):
        c.register_structure_hook(kind, _strict(kind))
    c.register_structure_hook_func(lambda t: t == frozenset[int], _frozenset_of_ints)
    c.register_structure_hook(Bits, _bits)
    c.register_structure_hook(game.rules_type, lambda d, t: _rules(d, game, rules))
    for cls, table in game.references.items():
        c.register_structure_hook(cls, _by_id(rules, table.replace("_", " "), table))
    c.register_structure_hook(
        GameRecord,
        make_dict_structure_fn(
            GameRecord, c, _cattrs_forbid_extra_keys=True, moves=override(omit=True)
        ),
    )
    tags: dict[str, type] = {cls.__name__: cls for cls in (*game.move_types, *game.event_types)}
    readers: dict[type, Callable[[Mapping[str, object], type], object]] = {}

    def read_tagged(data: object, cls: type) -> object:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise SerializationError(f"expected an object with a 'type' for {_name(cls)}")
        found = tags.get(data["type"])
        if found is None or not issubclass(found, cls):
            raise SerializationError(
                f"{excerpt(data['type'])} is not a {_name(cls)} of {game.name}"
            )
        fields = {k: v for k, v in data.items() if k != "type"}
        if found not in readers:
            readers[found] = make_dict_structure_fn(found, c, _cattrs_forbid_extra_keys=True)
        return readers[found](fields, found)

    c.register_structure_hook_func(
        lambda t: t is Event or t is game.move_type or t in tags.values(), read_tagged
    )
    return c


def _strict(kind: type) -> Callable[[object, object], object]:
    def check(value: object, _: object) -> object:
        if type(value) is not kind:
            raise SerializationError(f"expected {kind.__name__}, got {excerpt(value)}")
        return value

    return check


def _frozenset_of_ints(value: object, _: object) -> frozenset[int]:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise SerializationError(f"expected a list of integers, got {excerpt(value)}")
    return frozenset(value)


MOST_BITS = 1 << 16
"""The largest member of a set held as bits (boards have at most 10,000 spaces)."""


def _bits(value: object, _: object) -> Bits:
    spaces = _frozenset_of_ints(value, _)
    if any(not 0 <= s < MOST_BITS for s in spaces):
        raise SerializationError(
            f"expected integers from 0 to {MOST_BITS - 1}, got {excerpt(value)}"
        )
    return bits(spaces)


def _by_id(rules: RulesValue | None, what: str, table: str) -> Callable[[object, object], object]:
    def read(value: object, _: object) -> object:
        if rules is None:
            raise SerializationError(f"reading a {what} needs the rules (pass rules=...)")
        known: Mapping[str, object] = getattr(rules, table)
        if type(value) is not str or value not in known:
            raise SerializationError(f"unknown {what} {excerpt(value)}")
        return known[value]

    return read
