"""What a game's declaration must be: the :class:`~noahrules.game.GameSpec` contract, checked
when a game is registered.

Every generic layer relies on it: serialization finds a state's rules through a field typed
exactly as the rules class and tags moves and events by their class names; bots and simulation
read a view's ``seat`` and ``legal_moves``; a process pool and the serialization cache hash rules
and moves; a seat that may not see an event's secret gets it with those fields set to ``None``.
:func:`contract_problems` names every part of a declaration that breaks the contract, so that
:func:`~noahrules.games.register_game` refuses it at once, in one error, rather than letting it
fail later, deep inside serialization or a bot. docs/new-game.md describes the contract.
"""

from __future__ import annotations

import inspect
import re
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from noahrules.carried import field_problems
from noahrules.data import Schema
from noahrules.errors import excerpt
from noahrules.events import Event
from noahrules.game import DataKind, Game, Strategy
from noahrules.render import Renderer
from noahrules.rng import Rng

__all__ = ["contract_problems"]

NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")
"""A game's name: lower-case letters, digits, ``-`` and ``_``, from a letter, at most 40."""
RULES_ATTRIBUTES = ("digest", "variants", "min_players", "max_players")
"""What every rules value has (:class:`~noahrules.game.RulesValue`)."""
STATE_ATTRIBUTES = ("rules",)
VIEW_ATTRIBUTES = ("rules", "players", "seat", "legal_moves")
"""What generic code reads of a view: bots choose among its ``legal_moves``, serialization checks
its ``seat``, the screens name its ``players``."""

_ANY = object()
"""Stands for any argument when a function's signature is tried."""
Call = tuple[str, tuple[object, ...], dict[str, object]]
"""A call as the generic layers make it: as shown in messages, its arguments."""
_CALLS: dict[str, tuple[Call, ...]] = {
    "load_rules": (("load_rules()", (), {}), ("load_rules(variants)", ((),), {})),
    "new_game": (
        ("new_game(rules, players)", (_ANY, 2), {}),
        ("new_game(rules, players, seed, first_player)", (_ANY, 2, 0, 0), {}),
        (
            "new_game(rules, players, seed=0, first_player=0)",
            (_ANY, 2),
            {"seed": 0, "first_player": 0},
        ),
    ),
    "legal_moves": (("legal_moves(state)", (_ANY,), {}),),
    "apply": (("apply(state, move)", (_ANY, _ANY), {}),),
    "step": (("step(state, move)", (_ANY, _ANY), {}),),
    "current_player": (("current_player(state)", (_ANY,), {}),),
    "is_over": (("is_over(state)", (_ANY,), {}),),
    "scores": (("scores(state)", (_ANY,), {}),),
    "winners": (("winners(state)", (_ANY,), {}),),
    "view": (("view(state, seat)", (_ANY, 0), {}),),
    "determinize": (("determinize(view, rng)", (_ANY, Rng.from_seed(0)), {}),),
    "check_state": (("check_state(state)", (_ANY,), {}),),
    "known_variants": (("known_variants()", (), {}),),
    "check_rules": (("check_rules(variants)", ((),), {}),),
    "statistics": (("statistics(events, state)", (_ANY, _ANY), {}),),
    "dealt": (("dealt(state)", (_ANY,), {}),),
}
"""Each function of a declaration, with the calls the generic layers make of it
(``check_rules``, ``statistics`` and ``dealt`` may be ``None``)."""
_OPTIONAL = ("check_rules", "statistics", "dealt")
_STRATEGY_CALLS: dict[str, Call] = {
    "standing": ("standing(state)", (_ANY,), {}),
    "heuristic": ("heuristic(view)", (_ANY,), {}),
    "rollout": ("rollout(state, rng)", (_ANY, _ANY), {}),
    "horizon": ("horizon(state)", (_ANY,), {}),
    "share": ("share(view)", (_ANY,), {}),
    "position": ("position(view)", (_ANY,), {}),
}


def contract_problems(spec: Game) -> list[str]:
    """Every way ``spec`` breaks the GameSpec contract, one line each (empty if none)."""
    problems: list[str] = []
    problems += _identity(spec)
    rules = _rules(spec.rules_type)
    problems += rules
    for part, cls, needed in (
        ("state_type", spec.state_type, STATE_ATTRIBUTES),
        ("view_type", spec.view_type, VIEW_ATTRIBUTES),
    ):
        problems += _value_class(part, cls)
        problems += _attributes(part, cls, needed)
        if isinstance(cls, type) and attrs.has(cls):
            problems += _holds_rules(part, cls, spec.rules_type)
    problems += _moves(spec)
    problems += _events(spec.event_types)
    problems += _tags(spec)
    if not rules:  # a field of another rules class would be read as a value, not a reference
        problems += _carried(spec)
    problems += _functions(spec)
    problems += _parts(spec)
    return problems


def _identity(spec: Game) -> list[str]:
    problems = []
    if not isinstance(spec.name, str) or not NAME.fullmatch(spec.name):
        problems.append(
            f"name {excerpt(spec.name)} is not a game's name: lower-case letters, digits, '-' "
            "and '_', from a letter (it names the game on the command line and in saved data)"
        )
    for part in ("title", "score_name"):
        value = getattr(spec, part)
        if not isinstance(value, str) or not value:
            problems.append(f"{part} {excerpt(value)} is not a non-empty string")
    if not isinstance(spec.lower_scores_win, bool):
        problems.append(f"lower_scores_win {excerpt(spec.lower_scores_win)} is not True or False")
    low, high = spec.min_players, spec.max_players
    if not (_is_int(low) and _is_int(high) and 1 <= low <= high):
        problems.append(
            f"min_players {excerpt(low)} and max_players {excerpt(high)} are not integers "
            "with 1 <= min <= max"
        )
    if spec.max_decisions is not None and not (
        _is_int(spec.max_decisions) and spec.max_decisions >= 1
    ):
        problems.append(
            f"max_decisions {excerpt(spec.max_decisions)} is not None or an integer >= 1"
        )
    return problems


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rules(cls: object) -> list[str]:
    if not isinstance(cls, type):
        return [f"rules_type {excerpt(cls)} is not a class"]
    problems = _attributes("rules_type", cls, RULES_ATTRIBUTES)
    if getattr(cls, "__hash__", None) is None:
        problems.append(
            f"rules_type {cls.__name__} is not hashable (reading moves and views caches by "
            "rules; a frozen attrs class hashes by value)"
        )
    return problems


def _value_class(part: str, cls: object) -> list[str]:
    """A frozen attrs class: an immutable value that serializes, compares and hashes."""
    if not isinstance(cls, type):
        return [f"{part} {excerpt(cls)} is not a class"]
    if not attrs.has(cls):
        return [
            f"{part} {cls.__name__} is not an attrs class: declare it with @attrs.frozen "
            "(serialization reads its fields)"
        ]
    problems = []
    # attrs gives a frozen class this __setattr__; it has no public test of frozenness
    if getattr(cls.__setattr__, "__name__", "") != "_frozen_setattrs":
        problems.append(
            f"{part} {cls.__name__} is not frozen: declare it with @attrs.frozen (states, "
            "views, moves and events are values that never change)"
        )
    if getattr(cls, "__hash__", None) is None:
        problems.append(f"{part} {cls.__name__} is not hashable (a frozen attrs class is)")
    return problems


def _attributes(part: str, cls: object, needed: tuple[str, ...]) -> list[str]:
    if not isinstance(cls, type):
        return []
    fields = {f.name for f in attrs.fields(cls)} if attrs.has(cls) else set()
    missing = [name for name in needed if name not in fields and not hasattr(cls, name)]
    if not missing:
        return []
    return [f"{part} {cls.__name__} has no {', '.join(missing)} (it needs {', '.join(needed)})"]


def _hints(cls: type) -> dict[str, Any] | str:
    """The resolved field types of an attrs class, or why they cannot be resolved."""
    try:
        return typing.get_type_hints(cls)
    except Exception as exc:  # any failure to evaluate an annotation
        return f"its annotations cannot be resolved ({type(exc).__name__}: {exc})"


def _holds_rules(part: str, cls: type, rules: object) -> list[str]:
    """Serialization writes the rules as a reference and reads them back through a field typed
    exactly as ``rules_type``, in the class or in an attrs value it holds."""
    if _rules_field(cls, rules, set()):
        return []
    hints = _hints(cls)
    if isinstance(hints, str):
        return [f"{part} {cls.__name__}: {hints}"]
    name = getattr(rules, "__name__", repr(rules))
    return [
        f"{part} {cls.__name__} has no field annotated exactly as the rules_type {name}, in "
        "it or in an attrs value it holds (serialization reads the rules there)"
    ]


def _rules_field(cls: type, rules: object, seen: set[type]) -> bool:
    seen.add(cls)
    hints = _hints(cls)
    if isinstance(hints, str):
        return False
    for item in attrs.fields(cls):
        hint = hints.get(item.name)
        if hint is rules:
            return True
        if (
            isinstance(hint, type)
            and attrs.has(hint)
            and hint not in seen
            and _rules_field(hint, rules, seen)
        ):
            return True
    return False


def _moves(spec: Game) -> list[str]:
    base = spec.move_type
    if not isinstance(base, type):
        return [f"move_type {excerpt(base)} is not a class (the base class of the moves)"]
    if not isinstance(spec.move_types, tuple) or not spec.move_types:
        return ["move_types is not a tuple of the move classes, at least one"]
    problems = []
    for cls in spec.move_types:
        if not isinstance(cls, type) or not issubclass(cls, base):
            problems.append(
                f"move_types: {excerpt(cls)} is not a subclass of move_type {base.__name__}"
            )
            continue
        problems += _value_class("move_types", cls)
    return problems


def _tags(spec: Game) -> list[str]:
    """Serialization tags moves and events with their class names: one class per name."""
    classes = [
        cls
        for part in (spec.move_types, spec.event_types)
        if isinstance(part, tuple)
        for cls in part
        if isinstance(cls, type)
    ]
    names = [cls.__name__ for cls in classes]
    twice = sorted({name for name in names if names.count(name) > 1})
    if not twice:
        return []
    return [
        f"move_types and event_types name {', '.join(twice)} more than once (serialization "
        "tags moves and events with their class names)"
    ]


def _carried(spec: Game) -> list[str]:
    """Every field of the states, views, moves and events (and of the attrs values they hold)
    must be of a type the JSON layer carries both ways (:mod:`noahrules.carried`)."""
    moves = spec.move_types if isinstance(spec.move_types, tuple) else ()
    events = spec.event_types if isinstance(spec.event_types, tuple) else ()
    references = spec.references if isinstance(spec.references, Mapping) else {}
    known = {
        cls
        for cls in (spec.rules_type, spec.move_type, Event, *moves, *events, *references)
        if isinstance(cls, type)
    }
    parts = [("state", spec.state_type), ("view", spec.view_type)]
    parts += [("move", cls) for cls in moves] + [("event", cls) for cls in events]
    problems: list[str] = []
    seen: set[type] = set()
    for part, cls in parts:
        if isinstance(cls, type) and attrs.has(cls) and cls not in seen:
            problems += field_problems(f"{part} {cls.__name__}", cls, known, seen)
    return problems


def _events(event_types: object) -> list[str]:
    if not isinstance(event_types, tuple):
        return ["event_types is not a tuple of the event classes"]
    problems = []
    for cls in event_types:
        if not isinstance(cls, type) or not issubclass(cls, Event):
            problems.append(f"event_types: {excerpt(cls)} is not a subclass of noahrules.Event")
            continue
        secret = cls.SECRET
        problems += _value_class("event_types", cls)
        if attrs.has(cls):
            problems += _secrets(cls, secret)
    return problems


def _secrets(cls: type, secret: tuple[str, ...]) -> list[str]:
    """A seat outside an event's ``insiders`` gets it with its ``SECRET`` fields set to
    ``None``: each must be a field that may hold ``None``."""
    hints = _hints(cls)
    fields = {f.name for f in attrs.fields(cls)}
    problems = []
    for name in secret:
        if name not in fields:
            problems.append(
                f"event_types: {cls.__name__}.SECRET names {excerpt(name)}, which is no field"
            )
        elif not isinstance(hints, str) and not _allows_none(hints[name]):
            problems.append(
                f"event_types: {cls.__name__}.{name} is secret, so it must allow None "
                f"(annotate it '... | None'): others see the event with it set to None"
            )
    return problems


def _allows_none(hint: object) -> bool:
    if hint is None or hint is type(None) or hint is Any:
        return True
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return type(None) in typing.get_args(hint)
    return False


def _functions(spec: Game) -> list[str]:
    problems = []
    for name, calls in _CALLS.items():
        function = getattr(spec, name)
        if function is not None or name not in _OPTIONAL:
            problems += _callable(name, function, calls)
    return problems + _strategy_problems(spec.strategy, "strategy", Strategy)


def _strategy_problems(strategy: object, name: str, kind: type) -> list[str]:
    """Every way ``strategy`` (and the best bot's parts in it) breaks the contract."""
    if not isinstance(strategy, kind):
        return [f"{name} {excerpt(strategy)} is not a noahrules.Strategy"]
    problems = []
    for part, call in _STRATEGY_CALLS.items():
        function = getattr(strategy, part)
        if function is not None:
            problems += _callable(f"{name}.{part}", function, (call,))
    iterations = getattr(strategy, "iterations", None)
    if iterations is not None and (type(iterations) is not int or iterations < 1):
        problems.append(f"{name}.iterations {excerpt(iterations)} is not a positive integer")
    for flag, default in (("halving", False), ("repeats", True)):
        value = getattr(strategy, flag, default)
        if type(value) is not bool:
            problems.append(f"{name}.{flag} {excerpt(value)} is not True or False")
    best = getattr(strategy, "best", None)
    if best is not None:
        problems += _strategy_problems(best, f"{name}.best", kind)
    return problems


def _callable(name: str, function: object, calls: tuple[Call, ...]) -> list[str]:
    if not callable(function):
        return [f"{name} {excerpt(function)} is not a function"]
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a builtin without a signature: callable is all we know
        return []
    for shown, args, kwargs in calls:
        try:
            signature.bind(*args, **kwargs)
        except TypeError as exc:
            return [f"{name}{signature} cannot be called as {shown}: {exc}"]
    return []


def _parts(spec: Game) -> list[str]:
    problems = []
    if not _mapping_of(spec.references, type, str):
        problems.append("references is not a mapping of classes to attribute names of the rules")
    if not _mapping_of(spec.plugins, str, str) or not all(
        ":" in path for path in spec.plugins.values()
    ):
        problems.append("plugins is not a mapping of layer names to import paths 'module:name'")
    if spec.render is not None and not isinstance(spec.render, Renderer):
        problems.append(f"render {excerpt(spec.render)} is not None or a noahrules.render.Renderer")
    if not isinstance(spec.data_kinds, tuple) or not all(
        isinstance(kind, DataKind) for kind in spec.data_kinds
    ):
        problems.append("data_kinds is not a tuple of noahrules.game.DataKind")
    if spec.schema is not None and not isinstance(spec.schema, Schema):
        problems.append(f"schema {excerpt(spec.schema)} is not None or a noahrules.data.Schema")
    return problems


def _mapping_of(value: object, keys: type, values: type) -> bool:
    return isinstance(value, Mapping) and all(
        isinstance(k, keys) and isinstance(v, values) for k, v in value.items()
    )
