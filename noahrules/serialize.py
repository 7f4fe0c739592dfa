"""Serialization of states, moves, views, events and game records, with cattrs.

``to_dict`` / ``to_json`` write plain data: cards, ferries and the rules by reference (card ids,
ferry ids, ``{"game", "variants", "digest"}``), enumerations by their YAML words, moves and
events tagged with their class name under ``"type"``. ``from_dict`` / ``from_json`` read it back
exactly, and check it: wrong types, unknown ids or tags, extra keys, rules data that changed
since the data was written, and states that break the rules' invariants (a card in two places,
an overfull ferry, a tile on water, ...) raise :class:`~noahrules.errors.SerializationError`.
Nothing half-read is ever returned.

>>> from noahrules import ferry, serialize
>>> state = ferry.new_game(ferry.load_rules(), players=3, seed=1)
>>> serialize.from_json(serialize.to_json(state), ferry.State) == state
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any, TypeVar, cast, get_origin

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.v import format_exception

from noahrules import ferry, island
from noahrules.errors import NoahRulesError, SerializationError
from noahrules.events import Event
from noahrules.ferry.validate import validate as validate_ferry
from noahrules.island.validate import validate as validate_island
from noahrules.records import GameRecord

__all__ = ["from_dict", "from_json", "to_dict", "to_json"]

T = TypeVar("T")

_MODULES = {"ferry": ferry, "island": island}
_TAGGED: dict[str, dict[str, type]] = {
    name: {
        cls.__name__: cls
        for cls in vars(module).values()
        if (isinstance(cls, type) and attrs.has(cls) and issubclass(cls, Event))
        or cls in module.Move.__args__
    }
    for name, module in _MODULES.items()
}
"""Per game, the move and event classes by tag."""
_GAME_OF: dict[type, str] = {
    ferry.State: "ferry",
    ferry.View: "ferry",
    island.State: "island",
    island.View: "island",
}
_VALIDATE: dict[type, Callable[[Any], None]] = {
    ferry.State: validate_ferry,
    island.State: validate_island,
}


def to_dict(obj: Any) -> Any:
    """Plain data (dicts, lists, strings, numbers, booleans, None) for a state, move, view,
    event or game record."""
    return _unstructurer().unstructure(obj)


def to_json(obj: Any) -> str:
    """JSON text for a state, move, view, event or game record."""
    return json.dumps(to_dict(obj), separators=(",", ":"))


def from_dict(data: Any, cls: type[T], rules: Any = None) -> T:
    """Read back what :func:`to_dict` wrote, as an instance of ``cls`` (a state, view, move or
    event class, a game's ``Move`` union, its ``Rules`` (from their reference, loaded again), or
    :class:`~noahrules.records.GameRecord`).

    States and views name their rules, which are loaded and must have the digest written;
    pass ``rules`` to use rules already loaded (their digest must match too). A move or event
    naming cards needs ``rules``. Raises :class:`~noahrules.errors.SerializationError`.
    """
    try:
        return cast(T, _read(data, cls, rules))
    except SerializationError:
        raise
    except cattrs.BaseValidationError as exc:
        problems = "; ".join(cattrs.transform_error(exc, format_exception=_describe))
        raise SerializationError(f"cannot read {_name(cls)}: {problems}") from None
    except (NoahRulesError, KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SerializationError(f"cannot read {_name(cls)}: {exc}") from None


def from_json(text: str | bytes, cls: type[T], rules: Any = None) -> T:
    """Read back what :func:`to_json` wrote (see :func:`from_dict`)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise SerializationError(f"malformed JSON: {exc}") from None
    return from_dict(data, cls, rules)


def _describe(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, SerializationError):
        return str(exc)
    return format_exception(exc, type_)


def _name(cls: Any) -> str:
    return getattr(cls, "__name__", str(cls))


def _read(data: Any, cls: Any, rules: Any) -> Any:
    if cls is GameRecord:
        return _read_record(data)
    for name, module in _MODULES.items():
        if cls is module.Rules:
            return _rules(data, name, rules)
    game = _GAME_OF.get(cls) or _game_of_tagged(cls)
    if cls in _GAME_OF:
        if not isinstance(data, dict):
            raise SerializationError(f"cannot read {_name(cls)}: expected an object")
        rules = _rules(data.get("rules"), game, rules)
    obj = _structurer(game, rules).structure(data, cls)
    check = _VALIDATE.get(cls)
    if check is not None:
        check(obj)
    return obj


def _game_of_tagged(cls: Any) -> str:
    for name, module in _MODULES.items():
        if cls is module.Move or cls in _TAGGED[name].values():
            return name
    raise SerializationError(f"{_name(cls)} is not a class noahrules serializes")


def _rules(ref: Any, game: str, given: Any) -> Any:
    """The rules a state or view names: ``{"game", "variants", "digest"}``."""
    if not isinstance(ref, dict) or set(ref) != {"game", "variants", "digest"}:
        raise SerializationError("expected rules as {game, variants, digest}")
    if ref["game"] != game:
        raise SerializationError(f"these are {ref['game']!r} rules, not {game!r}")
    variants = ref["variants"]
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise SerializationError("the rules' variants must be a list of names")
    rules = given if given is not None else _MODULES[game].load_rules(variants)
    if rules.digest != ref["digest"] or list(rules.variants) != variants:
        raise SerializationError(
            f"the {game} rules data {variants} has changed since this was written "
            f"(digest {rules.digest[:12]}, written {str(ref['digest'])[:12]})"
        )
    return rules


def _read_record(data: Any) -> GameRecord:
    if not isinstance(data, dict) or data.get("game") not in _MODULES:
        raise SerializationError(f"a game record names one of the games {sorted(_MODULES)}")
    game = data["game"]
    converter = _structurer(game, None)
    head = {k: v for k, v in data.items() if k != "moves"}
    record = converter.structure({**head, "moves": []}, GameRecord)
    raw = data.get("moves", [])
    if not isinstance(raw, list):
        raise SerializationError("a game record's moves must be a list")
    move: Any = _MODULES[game].Move
    return attrs.evolve(record, moves=tuple(converter.structure(m, move) for m in raw))


# --- writing -------------------------------------------------------------------------------------


@cache
def _unstructurer() -> cattrs.Converter:
    c = cattrs.Converter(unstruct_collection_overrides={tuple: list})
    c.register_unstructure_hook_func(_is_frozenset, sorted)
    c.register_unstructure_hook(ferry.Card, lambda card: card.id)
    c.register_unstructure_hook(ferry.FerryCard, lambda card: card.id)
    for rules_cls in (ferry.Rules, island.Rules):
        c.register_unstructure_hook(rules_cls, _rules_ref)
    tagged = {cls for classes in _TAGGED.values() for cls in classes.values()}

    def tagged_fn(cls: type) -> Callable[[Any], Any]:
        plain: dict[type, Callable[[Any], Any]] = {
            t: make_dict_unstructure_fn(t, c) for t in tagged
        }
        return lambda obj: {"type": type(obj).__name__, **plain[type(obj)](obj)}

    c.register_unstructure_hook_factory(
        lambda t: isinstance(t, type) and (t in tagged or t is Event), tagged_fn
    )
    return c


def _is_frozenset(t: Any) -> bool:
    return t is frozenset or get_origin(t) is frozenset


def _rules_ref(rules: Any) -> dict[str, Any]:
    game = "ferry" if isinstance(rules, ferry.Rules) else "island"
    return {"game": game, "variants": list(rules.variants), "digest": rules.digest}


# --- reading -------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _structurer(game: str, rules: Any) -> cattrs.Converter:
    """A converter reading ``game``'s classes with ``rules`` (made once per rules: building the
    structuring functions costs far more than using them)."""
    c = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, str, bool):
        c.register_structure_hook(kind, _strict(kind))
    c.register_structure_hook_func(lambda t: t == frozenset[int], _frozenset_of_ints)
    c.register_structure_hook(type(rules) if rules is not None else _NoRules, lambda d, t: rules)
    if game == "ferry":
        c.register_structure_hook(ferry.Card, _by_id(rules, "card", lambda r: r.card))
        c.register_structure_hook(
            ferry.FerryCard, _by_id(rules, "ferry card", lambda r: {f.id: f for f in r.ferries})
        )
    tags = _TAGGED[game]
    module = _MODULES[game]
    readers: dict[type, Callable[[Any, Any], Any]] = {}

    def read_tagged(data: Any, cls: Any) -> Any:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise SerializationError(f"expected an object with a 'type' for {_name(cls)}")
        found = tags.get(data["type"])
        wanted = cls is Event or cls is module.Move
        if found is None or not (found is cls or (wanted and _fits(found, cls, module))):
            raise SerializationError(f"'{data['type']}' is not a {_name(cls)} of {game}")
        fields = {k: v for k, v in data.items() if k != "type"}
        if found not in readers:
            readers[found] = make_dict_structure_fn(found, c, _cattrs_forbid_extra_keys=True)
        return readers[found](fields, found)

    c.register_structure_hook_func(
        lambda t: t is Event or t is module.Move or t in tags.values(), read_tagged
    )
    return c


def _fits(found: type, cls: Any, module: Any) -> bool:
    if cls is Event:
        return issubclass(found, Event)
    return found in module.Move.__args__


class _NoRules:
    """Stands for the rules type when no rules are known."""


def _strict(kind: type) -> Callable[[Any, Any], Any]:
    def check(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise SerializationError(f"expected {kind.__name__}, got {value!r}")
        return value

    return check


def _frozenset_of_ints(value: Any, _: Any) -> frozenset[int]:
    if not isinstance(value, list) or not all(type(v) is int for v in value):
        raise SerializationError(f"expected a list of integers, got {value!r}")
    return frozenset(value)


def _by_id(
    rules: Any, what: str, table: Callable[[Any], dict[str, Any]]
) -> Callable[[Any, Any], Any]:
    def read(value: Any, _: Any) -> Any:
        if rules is None:
            raise SerializationError(f"reading a {what} needs the rules (pass rules=...)")
        if type(value) is not str or value not in table(rules):
            raise SerializationError(f"unknown {what} {value!r}")
        return table(rules)[value]

    return read
