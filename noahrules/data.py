"""Reading rules data from YAML, shared by both games.

Everything read from a file is wrapped in a :class:`Node` that remembers the file and the key
path it came from, so that every problem found later, however deep, is reported as a
:class:`~noahrules.errors.RulesDataError` naming file, key path and problem. YAML is only ever read
with ``yaml.safe_load``.

A game's data is described by its :class:`Schema`: the folder of its packaged files, the
collections variants may change and the parameters of its rules file. The loaders here read any
game's data through its schema, so a game of another package loads its variants with the same
code and the same errors as the packaged games.

Variants are overlays: a variant file (or an :class:`Overlay` held in memory) may add and remove
items of a game's collections (cards, ferries, tiles) and set rules parameters. Several variants
apply in the order given.

Reading is strict: a :class:`Node` raises :class:`~noahrules.errors.RulesDataError` for an
unknown key or any other problem, naming every problem of the value at once, unless the caller
asks to collect them in a :class:`Findings` (as the loaders do, settling them before they
return, and as ``noahrules validate`` does, to list them all).
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

import attrs
import yaml
from attrs import field, frozen

from noahrules.errors import RulesDataError, excerpt
from noahrules.safe_yaml import MAX_BYTES, MAX_DEPTH, MAX_DIGITS, MAX_VALUES, parse

T = TypeVar("T")

__all__ = [
    "LARGEST",
    "LONGEST",
    "MOST_ITEMS",
    "Findings",
    "Layers",
    "Listing",
    "Node",
    "Overlay",
    "Reader",
    "RulesIdentity",
    "Schema",
    "Source",
    "Variants",
    "apply_collection_change",
    "cached_load",
    "check_load",
    "data_dir",
    "digest",
    "gather",
    "is_file_name",
    "known_variants",
    "load_layers",
    "load_yaml",
    "packaged_names",
    "param_values",
    "parse_unique",
    "resolve",
    "resolve_variants",
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


class Findings:
    """What one load of rules data found: every error (``load_rules`` raises them all at
    once; ``noahrules validate`` lists them) and the warnings (traps that load, but make some
    rule unreachable). Each problem is kept once."""

    def __init__(self) -> None:
        self.errors: list[RulesDataError] = []
        self.warnings: list[RulesDataError] = []

    @classmethod
    def of(cls, *errors: RulesDataError) -> Findings:
        """Findings of these errors alone."""
        found = cls()
        found.add(*errors)
        return found

    def add(self, *errors: RulesDataError) -> None:
        """Note every problem of ``errors`` not noted yet."""
        seen = {_key(e) for e in self.errors}
        for error in errors:
            for problem in error.problems:
                if _key(problem) not in seen:
                    seen.add(_key(problem))
                    self.errors.append(problem)

    def attempt(self, parse: Callable[[], T]) -> T | None:
        """``parse()``, or ``None`` with its problems noted: one bad item does not hide the
        next."""
        try:
            return parse()
        except RulesDataError as exc:
            self.add(exc)
            return None

    def settle(self) -> None:
        """Raise every error found, if any, as one :class:`RulesDataError`."""
        if self.errors:
            raise RulesDataError.of(self.errors)


def _key(error: RulesDataError) -> tuple[object, ...]:
    return (error.file, error.line, error.column, error.path, error.problem)


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


def _kind(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"boolean {str(value).lower()}"
    if isinstance(value, dict | list):
        return type(value).__name__
    return f"{type(value).__name__} {excerpt(value)}"


def load_yaml(path: Path, findings: Findings | None = None) -> Node:
    """Read one YAML file safely (:func:`noahrules.safe_yaml.parse`); any failure is a
    :class:`RulesDataError`. Its nodes raise every problem, unless ``findings`` are given to
    collect them in (then read what you need and call ``findings.settle()``, or list
    ``findings.errors``)."""
    reader = Reader()
    node = reader.load(path)
    if findings is None:
        reader.findings.settle()  # a key given twice, noted while parsing
    else:
        findings.add(*reader.findings.errors)
    return attrs.evolve(node, findings=findings)


class Reader:
    """Reads the YAML files of one load of rules data, remembering the SHA-256 of each file's
    bytes, so that a cached load can tell whether any file it read has changed since; its
    :class:`Findings` gather what the load finds (the loaders settle them before they
    return)."""

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

    def load_overlay(self, overlay: Overlay) -> Node:
        """Read an overlay held in memory: its YAML text (within the limits of a file) or its
        data; problems name it by its label."""
        if isinstance(overlay.content, str):
            value, mark = parse(overlay.content, overlay.label, self.findings.errors)
            return Node(value, overlay.label, "", mark, self.findings)
        return Node(overlay.data(), overlay.label, "", None, self.findings)

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


def packaged_names(game: str | Schema, folder: str) -> tuple[str, ...]:
    """The names of the YAML files in a folder of a game's packaged data, sorted."""
    path = _folder(game) / folder
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


def known_variants(game: str | Schema) -> tuple[str, ...]:
    """The names of a game's packaged variants, sorted: those of a packaged game (by name) or
    of a game's schema."""
    return packaged_names(game, "variants")


def _folder(game: str | Schema) -> Path:
    return game.folder if isinstance(game, Schema) else data_dir(game)


def _game(game: str | Schema) -> str:
    return game.game if isinstance(game, Schema) else game


def _shown(name: str) -> str:
    """A name as an error names its file: as given, or a short excerpt of a long or odd one."""
    return name if len(name) <= 300 and name.isprintable() else excerpt(name)


@frozen
class Source:
    """A variant or board, resolved: the file to read (or the overlay held in memory) and the
    label it is known by."""

    path: Path | None
    """The file; ``None`` for an overlay."""
    label: str
    """A packaged file's name (``"frog"``), else the file's name (``"heron.yaml"``), or an
    overlay's label."""
    packaged: bool
    overlay: Overlay | None = None
    """The overlay, for a variant held in memory."""


def resolve(
    game: str | Schema,
    folder: str,
    name: str | os.PathLike[str],
    relative_to: Path | None = None,
) -> Source:
    """The one resolver of the names in rules data: a packaged file's name (``"frog"``, the file
    ``variants/frog.yaml`` of the game's data) or a YAML file's path. ``game`` is a packaged
    game's name or any game's :class:`Schema`.

    A relative path is read from ``relative_to`` (a board named in a file: the folder of that
    file), else from the working directory (a variant given to ``load_rules``). A path that
    leads into the packaged data is the packaged file of that name. Raises
    :class:`RulesDataError` for a file that does not exist.
    """
    text = os.fspath(name)
    what = folder.rstrip("s")
    packaged_folder = _folder(game) / folder
    if not is_file_name(text):
        known = packaged_names(game, folder)
        if text not in known:
            raise RulesDataError(
                _shown(text),
                "",
                f"unknown {_game(game)} {what} {excerpt(text)}; known {folder}: "
                f"{', '.join(known) or 'none'} (or a .yaml path)",
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
class Overlay:
    """A variant held in memory rather than in a file: the same keys as a variant file, given
    as data (``{"rules": {"rounds": 2}}``) or as YAML text, and the ``label`` that names it in
    messages (as a file's name would) and in ``rules.variants``.

    ``load_rules([Overlay("--set rounds=2", {"rules": {"rounds": 2}})])`` loads the rules with
    that change, with the same checks and errors as a variant file, and no file written. Like a
    file of yours, an overlay is not packaged: a saved game under it reads back with its rules
    given (``rules=``). Its data may hold mappings with string keys, lists (or tuples),
    strings, integers, floats, booleans and ``None``, within the limits of a YAML file.
    """

    label: str
    content: str | Mapping[str, object]

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.label, str) or not self.label or len(self.label) > LONGEST:
            raise ValueError(
                f"an overlay's label is a string of 1 to {LONGEST} characters, "
                f"not {excerpt(self.label)}"
            )
        if not isinstance(self.content, str | Mapping):
            raise TypeError(
                f"an overlay holds YAML text or a mapping, not {type(self.content).__name__}"
            )

    def data(self) -> object:
        """The overlay's data as plain values (a mapping's copy, tuples as lists); a
        :class:`RulesDataError` naming the label for anything else, or beyond the limits of a
        YAML file."""
        if isinstance(self.content, str):
            value, _ = parse(self.content, self.label)
            return value
        return _plain(self.content, self.label)

    def key(self) -> str:
        """A digest of the overlay's content, for the rules cache."""
        content = self.content if isinstance(self.content, str) else self.data()
        return digest({"label": self.label, "content": content})


_PLAIN = (str, int, float, bool, type(None))


def _plain(data: Mapping[str, object], label: str) -> object:
    """``data`` as plain YAML data (a copy), checked within the limits of
    :mod:`noahrules.safe_yaml`; a :class:`RulesDataError` naming ``label`` and the key path."""
    count = 0

    def walk(value: object, path: str, depth: int) -> object:
        nonlocal count
        count += 1
        if depth > MAX_DEPTH or count > MAX_VALUES:
            limit = f"nested deeper than {MAX_DEPTH}" if depth > MAX_DEPTH else "too many values"
            raise RulesDataError(label, path, f"{limit}; an overlay is held to a file's limits")
        if isinstance(value, Mapping):
            plain: dict[str, object] = {}
            for key, item in value.items():
                if not isinstance(key, str):
                    raise RulesDataError(label, path, f"a key must be a string, not {excerpt(key)}")
                plain[key] = walk(item, f"{path}.{key}" if path else key, depth + 1)
            return plain
        if isinstance(value, list | tuple):
            return [walk(item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value)]
        if type(value) is int and abs(value) >= 10**MAX_DIGITS:
            raise RulesDataError(label, path, f"an integer of more than {MAX_DIGITS} digits")
        if isinstance(value, str) and len(value) > MAX_BYTES:
            raise RulesDataError(label, path, f"a string of more than {MAX_BYTES} characters")
        if not isinstance(value, _PLAIN):
            raise RulesDataError(label, path, f"{type(value).__name__} is not YAML data")
        return value

    return walk(data, "", 0)


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
class Schema:
    """What a game's YAML rules data holds, for the shared loaders: where its packaged files
    lie, the collections variants may change and the parameters its rules file sets.

    ``folder`` holds ``rules.yaml`` (every parameter of ``params`` under the key ``rules``),
    each collection's file (``cards.yaml`` holding ``cards: [...]``) and the packaged variants
    in ``variants/``. A variant file may hold ``description``, ``rules`` (any of the
    parameters) and a change of each collection (``remove``, ``remove_species``, ``add``);
    anything else is an unknown key.
    """

    game: str
    """The game's name (in messages)."""
    folder: Path
    """The folder of the game's packaged data (``Path(__file__).parent / "data"``)."""
    collections: tuple[Listing, ...] = ()
    params: tuple[str, ...] = ()
    """The rules parameters, each set in ``rules.yaml``."""

    @property
    def keys(self) -> frozenset[str]:
        """Every key a variant file of the game may hold, at its top and under ``rules``."""
        return frozenset(
            ("description", "rules", *(c.name for c in self.collections), *self.params)
        )

    def known_variants(self) -> tuple[str, ...]:
        """The names of the packaged variants, sorted."""
        return known_variants(self)

    def is_packaged(self, node: Node) -> bool:
        """Whether a value comes from the packaged data rather than a file of the user's."""
        return Path(node.file).resolve().is_relative_to(self.folder.resolve())

    def blamed(self, *nodes: Node) -> Node:
        """Of the values a problem depends on, the first set by a file of the user's (else the
        last): the one whose place the error names."""
        return next((node for node in nodes if not self.is_packaged(node)), nodes[-1])


@frozen
class Layers:
    """A game's raw data with its variants applied, every value still a :class:`Node`."""

    collections: dict[str, list[Node]]
    sources: dict[str, Node]
    """Per collection, where it was last set or changed: to blame for a count that does not fit."""
    params: dict[str, Node]
    """The ``rules`` parameters, each from the last file that set it."""
    variants: tuple[Source, ...]
    """The variants applied, in order."""

    @property
    def labels(self) -> tuple[str, ...]:
        """The variants by label: packaged names, the file names of the user's files and the
        labels of overlays."""
        return tuple(v.label for v in self.variants)

    @property
    def packaged(self) -> tuple[str, ...]:
        """The packaged variants among them, in order: with the digest, a rules value's
        identity."""
        return tuple(v.label for v in self.variants if v.packaged)


Variants = Sequence[str | os.PathLike[str] | Overlay] | str | os.PathLike[str] | Overlay
"""The ``variants`` argument of ``load_rules``: several names, paths or overlays, or one."""


def variant_names(variants: Variants) -> tuple[str, ...]:
    """The ``variants`` argument of ``load_rules`` as a tuple of strings (one string is one
    variant; an overlay is named by its label)."""
    return tuple(v.label if isinstance(v, Overlay) else os.fspath(v) for v in _listed(variants))


def _listed(variants: Variants) -> tuple[str | os.PathLike[str] | Overlay, ...]:
    if isinstance(variants, str | os.PathLike | Overlay):
        return (variants,)
    return tuple(variants)


def resolve_variants(schema: Schema, variants: Variants) -> tuple[Source, ...]:
    """The ``variants`` argument of ``load_rules``, each resolved (:func:`resolve`); an
    overlay as itself."""
    return tuple(
        Source(None, v.label, packaged=False, overlay=v)
        if isinstance(v, Overlay)
        else resolve(schema, "variants", v)
        for v in _listed(variants)
    )


def load_layers(reader: Reader, schema: Schema, variants: Sequence[Source]) -> Layers:
    """Read a game's packaged data and apply variant overlays in order.

    The parameters come from ``rules.yaml`` (key ``rules``), where every parameter of the
    schema must be set; a variant may set any of them. Problems of the variants are noted with
    the reader's findings.
    """
    folder = schema.folder
    collections = schema.collections
    param_keys = schema.params
    sources = {c.name: reader.load(folder / c.file).fields((c.name,))[c.name] for c in collections}
    items = {name: node.items() for name, node in sources.items()}
    params = reader.load(folder / "rules.yaml").fields(("rules",))["rules"].fields(param_keys)
    allowed = ("description", "rules", *(c.name for c in collections))
    findings = reader.findings
    for variant in variants:
        parts = findings.attempt(partial(_variant_parts, reader, variant, allowed))
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


def _variant_parts(reader: Reader, variant: Source, allowed: Sequence[str]) -> dict[str, Node]:
    """The top-level parts of a variant file or overlay."""
    if variant.overlay is not None:
        root = reader.load_overlay(variant.overlay)
    else:
        assert variant.path is not None
        root = reader.load(variant.path)
    if root.value is None:
        raise root.error("an empty variant file: a variant sets or changes something")
    parts = root.fields((), allowed)
    if "description" in parts:
        reader.findings.attempt(partial(parts["description"].string, 10 * LONGEST))
    return parts


_CACHE: dict[tuple[object, ...], tuple[object, Reader]] = {}
_CACHE_SIZE = 64
_CACHE_LOCK = threading.Lock()


def cached_load(
    schema: Schema,
    variants: Variants,
    build: Callable[[Reader, tuple[Source, ...]], T],
) -> T:
    """Rules data loaded once: ``build(reader, sources)`` makes a game's rules from its
    packaged data (described by ``schema``) and the resolved ``variants``, reading every file
    through ``reader`` and noting its problems with ``reader.findings``; every problem found is
    raised at once, as one :class:`RulesDataError`.

    Rules are immutable values, so a load is cached by the game, the variants and the bytes of
    every file it read: a later load with the same files returns the same value at once, and a
    file edited since is read again. A load that fails caches nothing.
    """
    sources = resolve_variants(schema, variants)
    key = (schema.game, schema.folder, tuple(map(_cache_key, sources)))
    with _CACHE_LOCK:
        hit = _CACHE.get(key)
    if hit is not None and hit[1].unchanged():
        return cast(T, hit[0])
    reader = Reader()
    rules = build(reader, sources)
    reader.findings.settle()
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
        _CACHE[key] = (rules, reader)
    return rules


def _cache_key(source: Source) -> object:
    if source.overlay is not None:
        return ("overlay", source.overlay.key())
    assert source.path is not None
    return source.path if source.packaged else source.path.resolve()


def check_load(
    schema: Schema,
    variants: Variants,
    build: Callable[[Reader, tuple[Source, ...]], object],
) -> Findings:
    """Every problem and trap that loading ``variants`` finds, in one pass, without caching:
    what ``noahrules validate`` reports. ``build`` is the game's loader, as for
    :func:`cached_load`."""
    reader = Reader()
    try:
        build(reader, resolve_variants(schema, variants))
    except RulesDataError as exc:
        reader.findings.add(exc)
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
    missing: list[RulesDataError] = []
    for key, field_name in (("remove", collection.key), ("remove_species", "species")):
        if key not in entries:
            continue
        for target in entries[key].items():
            wanted = target.string()
            kept = [item for item in result if _field(item, field_name) != wanted]
            if len(kept) == len(result):
                missing.append(target.error(f"no {what} with {field_name} '{wanted}' to remove"))
            result = kept
    _note(change, missing)
    if "add" in entries:
        result.extend(entries["add"].items())
    return result


def _note(node: Node, errors: list[RulesDataError]) -> None:
    """Note ``errors`` with the findings of ``node``'s load, or raise them all without."""
    if not errors:
        return
    if node.findings is None:
        raise RulesDataError.of(errors)
    node.findings.add(*errors)


def _field(item: Node, name: str) -> Any:
    return item.value.get(name) if isinstance(item.value, dict) else None


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
        _note(nodes[0], problems)
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
