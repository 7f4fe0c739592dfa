"""YAML values that remember their place: :class:`Node` and the limits of rules data.

Every value read from a file is a :class:`Node` holding the file, the key path and where known
the YAML node it came from, so that every problem found, however deep, is a
:class:`~noahrules.errors.RulesDataError` naming file, line, key path and problem.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import yaml
from attrs import field, frozen

from noahrules.data.findings import Findings
from noahrules.errors import RulesDataError, excerpt

LARGEST = 10_000
"""The largest number any parameter or card value may hold unless a tighter bound is named."""
MOST_ITEMS = 1_000
"""The most items of any list in rules data (cards, ferries, tile kinds, gifts, points)."""
LONGEST = 200
"""The longest string (an id, a species, a description: 2,000)."""


@frozen
class Node:
    """A value read from YAML, with the file and key path it came from, and where known its
    composed YAML node (for the line and column of every problem) and the findings of the load
    it belongs to.

    Every method checks the value and raises :class:`RulesDataError` naming its place. Without
    ``findings`` (:func:`load_yaml`'s nodes) every problem is raised; with them (the loaders'
    nodes, and :func:`load_yaml` given findings) an unknown key is noted there and left out, so
    that reading goes on and every problem of a file is found."""

    value: Any
    file: str
    path: str = ""
    mark: yaml.Node | None = field(default=None, eq=False, repr=False)
    findings: Findings | None = field(default=None, eq=False, repr=False)

    def error(self, problem: str) -> RulesDataError:
        """The error to raise for a problem with this value."""
        start = self.mark.start_mark if self.mark is not None else None
        if start is None:
            return RulesDataError(self.file, self.path, problem)
        return RulesDataError(self.file, self.path, problem, start.line + 1, start.column + 1)

    def warn(self, problem: str) -> None:
        """Note a trap in this value (a warning, not an error) with the load's findings."""
        if self.findings is not None:
            self.findings.warnings.append(self.error(problem))

    def _at(self, value: object, path: str, mark: yaml.Node | None) -> Node:
        return Node(value, self.file, path, mark or self.mark, self.findings)

    def child(self, key: str) -> Node:
        """The value under ``key`` of this mapping (``None`` where the key is absent)."""
        mapping = self.mapping_value()
        mark = None
        if isinstance(self.mark, yaml.MappingNode):  # the last: a merge key's values come first
            mark = next((v for k, v in reversed(self.mark.value) if k.value == key), None)
        return self._at(mapping.get(key), f"{self.path}.{key}" if self.path else key, mark)

    def _key_mark(self, key: str) -> yaml.Node | None:
        if isinstance(self.mark, yaml.MappingNode):
            return next((k for k, _ in reversed(self.mark.value) if k.value == key), None)
        return None

    def mapping_value(self) -> dict[str, Any]:
        """This value as a mapping (an error for anything else; at the top of a file, the
        error does not quote the text, which may be no YAML data at all)."""
        if not isinstance(self.value, dict):
            got = _kind(self.value) if self.path else type(self.value).__name__
            raise self.error(f"expected a mapping, got {got}")
        return self.value

    def fields(self, required: Collection[str], optional: Collection[str] = ()) -> dict[str, Node]:
        """The entries of this mapping; every required key present, no unknown key. Every
        unknown and missing key is named in one error (with findings, the unknown keys are
        noted there and left out, and only missing keys are raised)."""
        mapping = self.mapping_value()
        known = ", ".join(sorted([*required, *optional]))
        found: dict[str, Node] = {}
        problems: list[RulesDataError] = []
        for key in mapping:
            entry = self.child(str(key))
            if key in required or key in optional:
                found[str(key)] = entry
                continue
            at_key = self._at(None, entry.path, self._key_mark(str(key)))
            problems.append(
                at_key.error(f"unknown key '{excerpt(key)[1:-1]}'; known keys: {known}")
            )
        if self.findings is not None:
            self.findings.add(*problems)
            problems = []
        missing = [key for key in required if key not in mapping]
        if missing:
            names = ", ".join(f"'{key}'" for key in missing)
            problems.append(self.error(f"missing required key{'s'[: len(missing) - 1]} {names}"))
        if problems:
            raise RulesDataError.of(problems)
        return found

    def items(self, most: int = MOST_ITEMS) -> list[Node]:
        """The elements of this list, at most ``most`` (an absent value is an empty list)."""
        if self.value is None:
            return []
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, got {_kind(self.value)}")
        if len(self.value) > most:
            raise self.error(f"a list of {len(self.value)} items; at most {most}")
        marks: list[yaml.Node | None] = [None] * len(self.value)
        if isinstance(self.mark, yaml.SequenceNode) and len(self.mark.value) == len(self.value):
            marks = list(self.mark.value)
        return [
            self._at(item, f"{self.path}[{i}]", mark)
            for i, (item, mark) in enumerate(zip(self.value, marks, strict=True))
        ]

    def integer(self, minimum: int | None = None, maximum: int = LARGEST) -> int:
        """This value as an integer within the given bounds (at most :data:`LARGEST` unless
        another bound is given)."""
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"expected an integer, got {_kind(value)}")
        if minimum is not None and value < minimum:
            raise self.error(f"must be at least {minimum}, got {value}")
        if value > maximum:
            raise self.error(f"must be at most {maximum}, got {value}")
        return value

    def bounds(self, minimum: int, maximum: int = LARGEST) -> tuple[int, int]:
        """This value as ``[low, high]``: two integers within the bounds, low <= high."""
        items = self.items()
        if len(items) != 2:
            raise self.error("expected [low, high]")
        low, high = items[0].integer(minimum, maximum), items[1].integer(minimum, maximum)
        if low > high:
            raise self.error(f"low {low} is above high {high}")
        return low, high

    def optional_integer(self, minimum: int | None = None, maximum: int = LARGEST) -> int | None:
        """This value as an integer, or ``None`` where it is null."""
        return None if self.value is None else self.integer(minimum, maximum)

    def string(self, longest: int = LONGEST) -> str:
        """This value as a non-empty string of at most ``longest`` characters."""
        if isinstance(self.value, str) and len(self.value) > longest:
            raise self.error(f"a string of {len(self.value)} characters; at most {longest}")
        if not isinstance(self.value, str) or not self.value:
            raise self.error(f"expected a non-empty string, got {_kind(self.value)}")
        return self.value

    def boolean(self) -> bool:
        """This value as ``true`` or ``false``."""
        if not isinstance(self.value, bool):
            raise self.error(f"expected true or false, got {_kind(self.value)}")
        return self.value

    def choice(self, options: Sequence[str]) -> str:
        """This value as one of the given words."""
        value = self.string()
        if value not in options:
            raise self.error(f"must be one of {', '.join(options)}, got '{value}'")
        return value


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, dict | list):
        return type(value).__name__
    return f"{type(value).__name__} {excerpt(value)}"
