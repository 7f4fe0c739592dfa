"""Where a game's data lies: its :class:`Schema`, its packaged files and names, and the one
resolver of the names in rules data (a packaged file's name or a YAML file's path)."""

from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

from attrs import frozen

from noahrules.data.nodes import Node
from noahrules.data.overlay import Overlay
from noahrules.data.status import file_status, settled
from noahrules.errors import RulesDataError, excerpt


@lru_cache(maxsize=16)
def data_dir(game: str) -> Path:
    """The folder of a game's packaged data, as an absolute path without symbolic links.

    A wheel ships the data inside the package (``noahrules/_data``); a source checkout and an
    editable install read the ``data/`` folder beside the package.
    """
    packaged = Path(str(resources.files("noahrules"))) / "_data" / game
    if packaged.is_dir():
        return packaged.resolve()
    return Path(__file__).resolve().parent.parent.parent / "data" / game


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


_FILE_SUFFIXES = (".yaml", ".yml")


def is_file_name(name: str) -> bool:
    """Whether a variant or board name is a file's path rather than a packaged name: it ends in
    ``.yaml`` or ``.yml``, or it contains a path separator."""
    return name.endswith(_FILE_SUFFIXES) or "/" in name or "\\" in name


def packaged_names(game: str | Schema, folder: str) -> tuple[str, ...]:
    """The names of the YAML files in a folder of a game's packaged data, sorted."""
    path = _folder(game) / folder
    try:
        status = file_status(path.stat())
    except OSError:
        return ()
    listed = _LISTINGS.get(path)
    if listed is None or listed[0] != status:
        listed = (status, tuple(sorted(p.stem for p in path.glob("*.yaml"))))
        if settled(status):  # listed again while it may still change (see Reader.unchanged)
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
