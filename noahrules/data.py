"""Reading rules data from YAML, shared by both games.

Everything read from a file is wrapped in a :class:`Node` that remembers the file and the key
path it came from, so that every problem found later, however deep, is reported as a
:class:`~noahrules.errors.RulesDataError` naming file, key path and problem. YAML is only ever read
with ``yaml.safe_load``.

Variants are overlays: a variant file may add and remove items of a game's collections (cards,
ferries, tiles) and set rules parameters. Several variants apply in the order given.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import yaml
from attrs import frozen

from noahrules.errors import RulesDataError

T = TypeVar("T")

__all__ = [
    "Layers",
    "Listing",
    "Node",
    "apply_collection_change",
    "data_dir",
    "digest",
    "known_variants",
    "load_layers",
    "load_yaml",
    "parse_unique",
    "variant_path",
]


def data_dir(game: str) -> Path:
    """The folder of a game's packaged data.

    A wheel ships the data inside the package (``noahrules/_data``); a source checkout and an
    editable install read the ``data/`` folder beside the package.
    """
    packaged = Path(str(resources.files("noahrules"))) / "_data" / game
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "data" / game


@frozen
class Node:
    """A value read from YAML, with the file and key path it came from."""

    value: Any
    file: str
    path: str = ""

    def error(self, problem: str) -> RulesDataError:
        """The error to raise for a problem with this value."""
        return RulesDataError(self.file, self.path, problem)

    def child(self, key: str) -> Node:
        """The value under ``key`` of this mapping (``None`` where the key is absent)."""
        mapping = self.mapping_value()
        return Node(mapping.get(key), self.file, f"{self.path}.{key}" if self.path else key)

    def mapping_value(self) -> dict[str, Any]:
        """This value as a mapping (an error for anything else)."""
        if not isinstance(self.value, dict):
            raise self.error(f"expected a mapping, got {_kind(self.value)}")
        return self.value

    def fields(self, required: Collection[str], optional: Collection[str] = ()) -> dict[str, Node]:
        """The entries of this mapping; every required key present, no unknown key."""
        mapping = self.mapping_value()
        for key in mapping:
            if key not in required and key not in optional:
                known = ", ".join(sorted([*required, *optional]))
                raise self.child(str(key)).error(f"unknown key '{key}'; known keys: {known}")
        for key in required:
            if key not in mapping:
                raise self.error(f"missing required key '{key}'")
        return {str(key): self.child(str(key)) for key in mapping}

    def items(self) -> list[Node]:
        """The elements of this list (an absent value is an empty list)."""
        if self.value is None:
            return []
        if not isinstance(self.value, list):
            raise self.error(f"expected a list, got {_kind(self.value)}")
        return [Node(item, self.file, f"{self.path}[{i}]") for i, item in enumerate(self.value)]

    def integer(self, minimum: int | None = None, maximum: int | None = None) -> int:
        """This value as an integer within the given bounds."""
        value = self.value
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(f"expected an integer, got {_kind(value)}")
        if minimum is not None and value < minimum:
            raise self.error(f"must be at least {minimum}, got {value}")
        if maximum is not None and value > maximum:
            raise self.error(f"must be at most {maximum}, got {value}")
        return value

    def bounds(self, minimum: int) -> tuple[int, int]:
        """This value as ``[low, high]``: two integers of at least ``minimum``, low <= high."""
        items = self.items()
        if len(items) != 2:
            raise self.error("expected [low, high]")
        low, high = items[0].integer(minimum), items[1].integer(minimum)
        if low > high:
            raise self.error(f"low {low} is above high {high}")
        return low, high

    def optional_integer(self, minimum: int | None = None) -> int | None:
        """This value as an integer, or ``None`` where it is null."""
        return None if self.value is None else self.integer(minimum)

    def string(self) -> str:
        """This value as a non-empty string."""
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
    return f"{type(value).__name__} {value!r}"


def load_yaml(path: Path) -> Node:
    """Read one YAML file with ``yaml.safe_load``; any failure is a :class:`RulesDataError`."""
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RulesDataError(file, "", f"cannot read file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        line = path.read_bytes().count(b"\n", 0, exc.start) + 1
        raise RulesDataError(file, "", f"not UTF-8 text at line {line}: {exc.reason}") from None
    try:
        value = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise RulesDataError(
            file, "", f"malformed YAML{_where(exc, text)}: {_problem(exc)}"
        ) from None
    return Node(value, file)


def _where(exc: yaml.YAMLError, text: str) -> str:
    mark = getattr(exc, "problem_mark", None)
    if mark is not None:
        return f" at line {mark.line + 1}, column {mark.column + 1}"
    if isinstance(exc, yaml.reader.ReaderError):
        line_start = text.rfind("\n", 0, exc.position) + 1
        line = text.count("\n", 0, exc.position) + 1
        return f" at line {line}, column {exc.position - line_start + 1}"
    return ""


def _problem(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.reader.ReaderError):
        return f"unacceptable character #x{exc.character:04x}"
    return str(getattr(exc, "problem", None) or exc)


def known_variants(game: str) -> tuple[str, ...]:
    """The names of a game's packaged variants, sorted."""
    folder = data_dir(game) / "variants"
    return tuple(sorted(p.stem for p in folder.glob("*.yaml")))


def variant_path(game: str, name: str | os.PathLike[str]) -> Path:
    """The file of a variant: a packaged variant's name, or the path of any YAML file."""
    if isinstance(name, os.PathLike):
        name = os.fspath(name)
    if name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name:
        path = Path(name)
        if not path.is_file():
            raise RulesDataError(name, "", "no such variant file")
        return path
    path = data_dir(game) / "variants" / f"{name}.yaml"
    if not path.is_file():
        known = ", ".join(known_variants(game))
        raise RulesDataError(
            name, "", f"unknown {game} variant '{name}'; known variants: {known} (or a .yaml path)"
        )
    return path


@frozen
class Listing:
    """A collection of a game's data that variants may change (cards, ferries, tiles, arks)."""

    name: str
    """Its key, both in its own file and in a variant file (``"animals"``)."""
    file: str
    """The packaged file holding it (``"animals.yaml"``)."""
    what: str
    """What one item is called in messages (``"animal card"``)."""
    key: str = "id"
    """The field by which a variant's ``remove`` names items."""


@frozen
class Layers:
    """A game's raw data with its variants applied, every value still a :class:`Node`."""

    collections: dict[str, list[Node]]
    sources: dict[str, Node]
    """Per collection, where it was last set or changed: to blame for a count that does not fit."""
    params: dict[str, Node]
    """The ``rules`` parameters, each from the last file that set it."""
    variants: tuple[str, ...]


def load_layers(
    game: str,
    collections: Sequence[Listing],
    param_keys: Sequence[str],
    variants: Sequence[str | os.PathLike[str]] | str,
) -> Layers:
    """Read a game's packaged data and apply variant overlays in order.

    The parameters come from ``rules.yaml`` (key ``rules``), where every key of ``param_keys``
    must be set; a variant may set any of them.
    """
    names = (variants,) if isinstance(variants, str) else tuple(os.fspath(v) for v in variants)
    folder = data_dir(game)
    sources = {c.name: load_yaml(folder / c.file).fields((c.name,))[c.name] for c in collections}
    items = {name: node.items() for name, node in sources.items()}
    params = load_yaml(folder / "rules.yaml").fields(("rules",))["rules"].fields(param_keys)
    allowed = ("description", "rules", *(c.name for c in collections))
    for name in names:
        parts = load_yaml(variant_path(game, name)).fields((), allowed)
        if "description" in parts:
            parts["description"].string()
        for c in collections:
            if c.name in parts:
                items[c.name] = apply_collection_change(items[c.name], parts[c.name], c)
                sources[c.name] = parts[c.name]
        if "rules" in parts:
            params = {**params, **parts["rules"].fields((), param_keys)}
    return Layers(items, sources, params, names)


def apply_collection_change(items: list[Node], change: Node, collection: Listing) -> list[Node]:
    """Apply a variant's change to a collection: ``remove`` by key, ``remove_species``, ``add``.

    Removing something that is not there is an error: a variant that silently does nothing
    hides a typo.
    """
    if change.value is None:
        return items
    what = collection.what
    entries = change.fields((), ("remove", "remove_species", "add"))
    result = list(items)
    for key, field_name in (("remove", collection.key), ("remove_species", "species")):
        if key not in entries:
            continue
        for target in entries[key].items():
            wanted = target.string()
            kept = [item for item in result if _field(item, field_name) != wanted]
            if len(kept) == len(result):
                raise target.error(f"no {what} with {field_name} '{wanted}' to remove")
            result = kept
    if "add" in entries:
        result.extend(entries["add"].items())
    return result


def _field(item: Node, name: str) -> Any:
    return item.value.get(name) if isinstance(item.value, dict) else None


def parse_unique(
    items: Iterable[Node], parse: Callable[[Node], T], key: Callable[[T], str], what: str
) -> tuple[T, ...]:
    """Parse each item; two items with the same key are an error naming the second."""
    seen: dict[str, Node] = {}
    result = []
    for node in items:
        value = parse(node)
        name = key(value)
        if name in seen:
            first = seen[name]
            raise node.error(f"duplicate {what} '{name}' (first at {first.file}: {first.path})")
        seen[name] = node
        result.append(value)
    return tuple(result)


def digest(values: Mapping[str, Any]) -> str:
    """A SHA-256 digest of rules data in canonical JSON form (key order does not matter)."""
    text = json.dumps(values, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
