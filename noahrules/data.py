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
import threading
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import lru_cache, partial
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar, cast

import yaml
from attrs import field, frozen

from noahrules.errors import RulesDataError, excerpt
from noahrules.safe_yaml import MAX_BYTES, parse

T = TypeVar("T")

__all__ = [
    "LARGEST",
    "LONGEST",
    "MOST_ITEMS",
    "Findings",
    "Layers",
    "Listing",
    "Node",
    "Reader",
    "RulesIdentity",
    "Source",
    "Variants",
    "apply_collection_change",
    "cached_load",
    "check_load",
    "data_dir",
    "digest",
    "is_file_name",
    "known_variants",
    "load_layers",
    "load_yaml",
    "packaged_names",
    "param_values",
    "parse_unique",
    "resolve",
    "variant_names",
]


@lru_cache(maxsize=16)
def data_dir(game: str) -> Path:
    """The folder of a game's packaged data, as an absolute path without symbolic links.

    A wheel ships the data inside the package (``noahrules/_data``); a source checkout and an
    editable install read the ``data/`` folder beside the package.
    """
    packaged = Path(str(resources.files("noahrules"))) / "_data" / game
    if packaged.is_dir():
        return packaged.resolve()
    return Path(__file__).resolve().parent.parent / "data" / game


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
    it belongs to (to list every problem of a file rather than the first)."""

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
        if isinstance(self.mark, yaml.MappingNode):
            mark = next((v for k, v in self.mark.value if k.value == key), None)
        return self._at(mapping.get(key), f"{self.path}.{key}" if self.path else key, mark)

    def _key_mark(self, key: str) -> yaml.Node | None:
        if isinstance(self.mark, yaml.MappingNode):
            return next((k for k, _ in self.mark.value if k.value == key), None)
        return None

    def mapping_value(self) -> dict[str, Any]:
        """This value as a mapping (an error for anything else)."""
        if not isinstance(self.value, dict):
            raise self.error(f"expected a mapping, got {_kind(self.value)}")
        return self.value

    def fields(self, required: Collection[str], optional: Collection[str] = ()) -> dict[str, Node]:
        """The entries of this mapping; every required key present, no unknown key (an unknown
        key is noted with the findings, if any, and left out; else it is an error)."""
        mapping = self.mapping_value()
        found: dict[str, Node] = {}
        for key in mapping:
            entry = self.child(str(key))
            if key in required or key in optional:
                found[str(key)] = entry
                continue
            known = ", ".join(sorted([*required, *optional]))
            at_key = self._at(None, entry.path, self._key_mark(str(key)))
            error = at_key.error(f"unknown key '{excerpt(key)[1:-1]}'; known keys: {known}")
            if self.findings is None:
                raise error
            self.findings.errors.append(error)
        for key in required:
            if key not in mapping:
                raise self.error(f"missing required key '{key}'")
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


class Findings:
    """What one load of rules data found: every error (the first one stops ``load_rules``;
    ``noahrules validate`` lists them all) and the warnings (traps that load, but make some
    rule unreachable)."""

    def __init__(self) -> None:
        self.errors: list[RulesDataError] = []
        self.warnings: list[RulesDataError] = []

    @classmethod
    def of(cls, *errors: RulesDataError) -> Findings:
        """Findings of these errors alone."""
        found = cls()
        found.errors.extend(errors)
        return found

    def attempt(self, parse: Callable[[], T]) -> T | None:
        """``parse()``, or ``None`` with its error noted: one bad item does not hide the next."""
        try:
            return parse()
        except RulesDataError as exc:
            self.errors.append(exc)
            return None

    def settle(self) -> None:
        """Raise the first error found, if any."""
        if self.errors:
            raise self.errors[0]


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, dict | list):
        return type(value).__name__
    return f"{type(value).__name__} {excerpt(value)}"


def load_yaml(path: Path) -> Node:
    """Read one YAML file safely (:func:`noahrules.safe_yaml.parse`); any failure is a
    :class:`RulesDataError`."""
    return Reader().load(path)


class Reader:
    """Reads the YAML files of one load of rules data, remembering the SHA-256 of each file's
    bytes, so that a cached load can tell whether any file it read has changed since; its
    :class:`Findings` gather what the load finds."""

    def __init__(self) -> None:
        self.files: dict[Path, str] = {}
        """Every file read, with the digest of its bytes."""
        self.stats: dict[Path, tuple[int, ...]] = {}
        """Every file read whose status can vouch for its bytes (see :meth:`unchanged`)."""
        self.findings = Findings()

    def load(self, path: Path) -> Node:
        """Read one YAML file safely (:func:`noahrules.safe_yaml.parse`); any failure is a
        :class:`RulesDataError` naming the file."""
        file = str(path)
        try:
            with path.open("rb") as stream:
                status = _status(os.fstat(stream.fileno()))
                raw = stream.read(MAX_BYTES + 1)
        except OSError as exc:
            raise RulesDataError(file, "", f"cannot read file: {exc.strerror or exc}") from None
        if len(raw) > MAX_BYTES:
            raise RulesDataError(
                file, "", f"over {MAX_BYTES} bytes; a YAML file may hold that much"
            )
        self.files[path] = hashlib.sha256(raw).hexdigest()
        if _settled(status):
            self.stats[path] = status
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            raise RulesDataError(file, "", f"not UTF-8 text: {exc.reason}", line) from None
        value, mark = parse(text, file, self.findings.errors)
        return Node(value, file, "", mark, self.findings)

    def unchanged(self) -> bool:
        """Whether every file read still holds the same bytes.

        A file whose status (inode, size, times of change) is the same as when it was read,
        and was last changed well before that, has not changed: it is not read again. Any other
        file is read and its digest compared, so an edit within the same tick of a coarse file
        system clock is never missed (git's "racy clean" files).
        """
        for path, sha in self.files.items():
            try:
                known = self.stats.get(path)
                if known is not None and _status(os.stat(path)) == known:
                    continue
                if hashlib.sha256(path.read_bytes()).hexdigest() != sha:
                    return False
            except OSError:
                return False
        return True


SETTLED_NS = 3_000_000_000
"""How long before it is read a file must have last changed for its status to vouch for its
bytes: longer than the coarsest file system clock (FAT's two seconds)."""


def _status(st: os.stat_result) -> tuple[int, ...]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _settled(status: tuple[int, ...]) -> bool:
    """Whether a file of this status changed long enough ago (:data:`SETTLED_NS`)."""
    return max(status[3], status[4]) < time.time_ns() - SETTLED_NS


_FILE_SUFFIXES = (".yaml", ".yml")


def is_file_name(name: str) -> bool:
    """Whether a variant or board name is a file's path rather than a packaged name: it ends in
    ``.yaml`` or ``.yml``, or it contains a path separator."""
    return name.endswith(_FILE_SUFFIXES) or "/" in name or "\\" in name


def packaged_names(game: str, folder: str) -> tuple[str, ...]:
    """The names of the YAML files in a folder of a game's packaged data, sorted."""
    path = data_dir(game) / folder
    try:
        status = _status(path.stat())
    except OSError:
        return ()
    listed = _LISTINGS.get(path)
    if listed is None or listed[0] != status:
        listed = (status, tuple(sorted(p.stem for p in path.glob("*.yaml"))))
        if _settled(status):  # listed again while it may still change (see Reader.unchanged)
            _LISTINGS[path] = listed
    return listed[1]


_LISTINGS: dict[Path, tuple[tuple[int, ...], tuple[str, ...]]] = {}


def known_variants(game: str) -> tuple[str, ...]:
    """The names of a game's packaged variants, sorted."""
    return packaged_names(game, "variants")


def _shown(name: str) -> str:
    """A name as an error names its file: as given, or a short excerpt of a long or odd one."""
    return name if len(name) <= 300 and name.isprintable() else excerpt(name)


@frozen
class Source:
    """A variant or board file, resolved: the file to read and the label it is known by."""

    path: Path
    label: str
    """A packaged file's name (``"frog"``), else the file's name (``"heron.yaml"``)."""
    packaged: bool


def resolve(
    game: str, folder: str, name: str | os.PathLike[str], relative_to: Path | None = None
) -> Source:
    """The one resolver of the names in rules data: a packaged file's name (``"frog"``, the file
    ``variants/frog.yaml`` of the game's data) or a YAML file's path.

    A relative path is read from ``relative_to`` (a board named in a file: the folder of that
    file), else from the working directory (a variant given to ``load_rules``). A path that
    leads into the packaged data is the packaged file of that name. Raises
    :class:`RulesDataError` for a file that does not exist.
    """
    text = os.fspath(name)
    what = folder.rstrip("s")
    packaged_folder = data_dir(game) / folder
    if not is_file_name(text):
        known = packaged_names(game, folder)
        if text not in known:
            raise RulesDataError(
                _shown(text),
                "",
                f"unknown {game} {what} {excerpt(text)}; known {folder}: {', '.join(known)} "
                "(or a .yaml path)",
            )
        return Source(packaged_folder / f"{text}.yaml", text, packaged=True)
    path = Path(text)
    if relative_to is not None and not path.is_absolute():
        path = relative_to / path
    try:
        found = path.is_file()
    except (OSError, ValueError):
        found = False
    if not found:
        raise RulesDataError(_shown(text), "", f"no such {what} file '{_shown(str(path))}'")
    if path.resolve().parent == packaged_folder.resolve():
        return Source(packaged_folder / path.name, path.stem, packaged=True)
    return Source(path, path.name, packaged=False)


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
    variants: tuple[Source, ...]
    """The variant files applied, in order."""

    @property
    def labels(self) -> tuple[str, ...]:
        """The variants by label: packaged names, and the file names of the user's files."""
        return tuple(v.label for v in self.variants)

    @property
    def packaged(self) -> tuple[str, ...]:
        """The packaged variants among them, in order: with the digest, a rules value's
        identity."""
        return tuple(v.label for v in self.variants if v.packaged)


Variants = Sequence[str | os.PathLike[str]] | str | os.PathLike[str]
"""The ``variants`` argument of ``load_rules``: several names or paths, or one."""


def variant_names(variants: Variants) -> tuple[str, ...]:
    """The ``variants`` argument of ``load_rules`` as a tuple of strings (one string is one
    variant)."""
    if isinstance(variants, str | os.PathLike):
        return (os.fspath(variants),)
    return tuple(os.fspath(v) for v in variants)


def load_layers(
    reader: Reader,
    game: str,
    collections: Sequence[Listing],
    param_keys: Sequence[str],
    variants: Sequence[Source],
) -> Layers:
    """Read a game's packaged data and apply variant overlays in order.

    The parameters come from ``rules.yaml`` (key ``rules``), where every key of ``param_keys``
    must be set; a variant may set any of them.
    """
    folder = data_dir(game)
    sources = {c.name: reader.load(folder / c.file).fields((c.name,))[c.name] for c in collections}
    items = {name: node.items() for name, node in sources.items()}
    params = reader.load(folder / "rules.yaml").fields(("rules",))["rules"].fields(param_keys)
    allowed = ("description", "rules", *(c.name for c in collections))
    findings = reader.findings
    for variant in variants:
        parts = findings.attempt(partial(_variant_parts, reader, variant.path, allowed))
        if parts is None:
            continue
        for c in collections:
            if c.name in parts:
                changed = findings.attempt(
                    partial(apply_collection_change, items[c.name], parts[c.name], c)
                )
                if changed is not None:
                    items[c.name] = changed
                    sources[c.name] = parts[c.name]
        if "rules" in parts:
            changes = findings.attempt(partial(parts["rules"].fields, (), param_keys))
            params = {**params, **(changes or {})}
    return Layers(items, sources, params, tuple(variants))


def _variant_parts(reader: Reader, path: Path, allowed: Sequence[str]) -> dict[str, Node]:
    """The top-level parts of a variant file."""
    root = reader.load(path)
    if root.value is None:
        raise root.error("an empty variant file: a variant sets or changes something")
    parts = root.fields((), allowed)
    if "description" in parts:
        reader.findings.attempt(partial(parts["description"].string, 10 * LONGEST))
    return parts


_CACHE: dict[tuple[str, tuple[Path, ...]], tuple[object, Reader]] = {}
_CACHE_SIZE = 64
_CACHE_LOCK = threading.Lock()


def cached_load(
    game: str,
    variants: Variants,
    build: Callable[[Reader, tuple[Source, ...]], T],
) -> T:
    """Rules data loaded once: ``build(reader, sources)`` makes a game's rules from its
    packaged data and the resolved ``variants``, reading every file through ``reader``.

    Rules are immutable values, so a load is cached by the game, the variant files and the
    bytes of every file it read: a later load with the same files returns the same value at
    once, and a file edited since is read again. A load that fails caches nothing.
    """
    sources = tuple(resolve(game, "variants", name) for name in variant_names(variants))
    key = (game, tuple(s.path if s.packaged else s.path.resolve() for s in sources))
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
    if hit is not None and hit[1].unchanged():
        return cast(T, hit[0])
    reader = Reader()
    rules = build(reader, sources)
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
        _CACHE[key] = (rules, reader)
    return rules


def check_load(
    game: str,
    variants: Variants,
    build: Callable[[Reader, tuple[Source, ...]], object],
) -> Findings:
    """Every problem and trap that loading ``variants`` finds, in one pass, without caching:
    what ``noahrules validate`` reports. ``build`` is the game's loader, as for
    :func:`cached_load`."""
    reader = Reader()
    try:
        sources = tuple(resolve(game, "variants", name) for name in variant_names(variants))
        build(reader, sources)
    except RulesDataError as exc:
        if exc not in reader.findings.errors:
            reader.findings.errors.append(exc)
    return reader.findings


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
                error = target.error(f"no {what} with {field_name} '{wanted}' to remove")
                if target.findings is None:
                    raise error
                target.findings.errors.append(error)
            result = kept
    if "add" in entries:
        result.extend(entries["add"].items())
    return result


def _field(item: Node, name: str) -> Any:
    return item.value.get(name) if isinstance(item.value, dict) else None


def parse_unique(
    items: Iterable[Node], parse: Callable[[Node], T], key: Callable[[T], str], what: str
) -> tuple[T, ...]:
    """Parse each item; two items with the same key are an error naming the second. With the
    load's findings, a bad item is noted and left out, and the others are parsed."""
    seen: dict[str, Node] = {}
    result = []
    for node in items:
        findings = node.findings
        value = findings.attempt(partial(parse, node)) if findings else parse(node)
        if value is None:
            continue
        name = key(value)
        if name in seen:
            first = seen[name]
            error = node.error(f"duplicate {what} '{name}' (first at {first.file}: {first.path})")
            if findings is None:
                raise error
            findings.errors.append(error)
            continue
        seen[name] = node
        result.append(value)
    return tuple(result)


def param_values(params: Mapping[str, Node], added: Mapping[str, object]) -> dict[str, Any]:
    """The rules parameters' values, for a rules digest. A parameter added to the data after
    rules values were first written (``added``: its name and the value that keeps the play as it
    was) is left out while it holds that value, so the digest of data that does not use it stays
    what it was before the parameter existed, and saved states and records still read."""
    return {
        key: node.value
        for key, node in params.items()
        if not (key in added and type(node.value) is type(added[key]) and node.value == added[key])
    }


def digest(values: Mapping[str, Any]) -> str:
    """A SHA-256 digest of rules data in canonical JSON form (key order does not matter)."""
    text = json.dumps(values, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@frozen(eq=False, repr=False)
class RulesIdentity:
    """What every game's rules value has first: the variants applied and the digest of the
    content; and its equality and hashing, by the digest and the names of the packaged variants.
    The same data compares equal however its files were named (by name or by path, from any
    folder)."""

    variants: tuple[str, ...]
    """The variants applied, in order: packaged variants by name, the user's variant files by
    file name (``"heron.yaml"``)."""
    packaged: tuple[str, ...]
    """The packaged variants among them, in order."""
    digest: str
    """SHA-256 of the merged rules data; equal data, equal digest."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, RulesIdentity)
        return self.digest == other.digest and self.packaged == other.packaged

    def __hash__(self) -> int:
        return hash((self.digest, self.packaged))

    def __repr__(self) -> str:
        name = type(self).__qualname__
        return f"<{name} variants ({', '.join(self.variants)}), digest {self.digest[:12]}>"
