"""Reading many values at once so that every problem of every value is reported."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from noahrules.data.nodes import Node
from noahrules.errors import RulesDataError

T = TypeVar("T")


def gather(*parts: Callable[[], Any]) -> list[Any]:
    """Call every part (each reading one value of an item) and return their values in order;
    if any raise, one :class:`RulesDataError` holding every problem they raised, so that an item
    with four mistakes reports four."""
    values: list[Any] = []
    problems: list[RulesDataError] = []
    for part in parts:
        try:
            values.append(part())
        except RulesDataError as exc:
            problems.append(exc)
    if problems:
        raise RulesDataError.of(problems)
    return values


def parse_unique(
    items: Iterable[Node], parse: Callable[[Node], T], key: Callable[[T], str], what: str
) -> tuple[T, ...]:
    """Parse each item; two items with the same key are an error naming the second. Every
    problem of every item is found: with the load's findings, a bad item is noted and left
    out, and the others are parsed; without, all of them are raised at once."""
    nodes = list(items)
    seen: dict[str, Node] = {}
    result = []
    problems: list[RulesDataError] = []
    for node in nodes:
        try:
            value = parse(node)
        except RulesDataError as exc:
            problems.append(exc)
            continue
        name = key(value)
        if name in seen:
            first = seen[name]
            problems.append(
                node.error(f"duplicate {what} '{name}' (first at {first.file}: {first.path})")
            )
            continue
        seen[name] = node
        result.append(value)
    if nodes:
        note_problems(nodes[0], problems)
    return tuple(result)


def note_problems(node: Node, errors: list[RulesDataError]) -> None:
    """Note ``errors`` with the findings of ``node``'s load, or raise them all without."""
    if not errors:
        return
    if node.findings is None:
        raise RulesDataError.of(errors)
    node.findings.add(*errors)
