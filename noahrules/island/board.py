"""The island game's board: an ASCII hex map in YAML, read into spaces and adjacency (I1).

Every character of the map is one hexagonal space, named by the board's legend. Spaces in a row
stand two columns apart and each row is shifted one column against its neighbours ("doubled"
hex coordinates), so the space at row ``r``, column ``c`` touches ``(r, c - 2)``, ``(r, c + 2)``
and ``(r +- 1, c +- 1)``. Space ids count the spaces in reading order from 0.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import yaml
from attrs import field, frozen

from noahrules.data import Findings, Names, Node, Reader, optional_names, resolve
from noahrules.errors import RulesDataError
from noahrules.values import Bits, bits

__all__ = ["KINDS", "Board", "check_board", "load_board", "resolve_board"]

KINDS = ("sea", "ark", "beach", "jungle")
"""The kinds of space (I1). Sea and ark spaces are water from the start; beach and jungle are
land; only jungle holds an animal at setup."""
MOST_SPACES = 10_000
"""The most spaces a board may have."""
_WATER = ("sea", "ark")
_LAND = ("beach", "jungle")
_STEPS = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))


@frozen(cache_hash=True)
class Board:
    """A board: its spaces, their kinds and their neighbours, all indexed by space id."""

    name: str
    rows: tuple[str, ...]
    """The map as drawn, one string per row."""
    kind: tuple[str, ...]
    """Per space, one of :data:`KINDS` as printed (a flooded space keeps its printed kind)."""
    position: tuple[tuple[int, int], ...]
    """Per space, its (row, column) in the map, both counted from 1."""
    neighbours: tuple[tuple[int, ...], ...] = field(eq=False, repr=False)
    """Per space, the ids of its neighbours, ascending."""
    near: tuple[frozenset[int], ...] = field(eq=False, repr=False)
    """Per space, its neighbours as a set."""
    land_neighbours: tuple[tuple[int, ...], ...] = field(eq=False, repr=False)
    """Per space, its beach and jungle neighbours, ascending: where water laid on it may spread
    (I9)."""
    near_bits: tuple[Bits, ...] = field(eq=False, repr=False)
    """Per space, its neighbours as :data:`~noahrules.values.Bits`."""
    ark_bits: Bits = field(eq=False, repr=False)
    """The ark spaces as :data:`~noahrules.values.Bits`: the flood may rise beside them (I9)."""
    spaces_of: dict[str, tuple[int, ...]] = field(eq=False, hash=False, repr=False)
    """Per kind, its spaces ascending."""
    title: Names = field(eq=False, repr=False, kw_only=True)
    """The board's name as players read it, per language (the file's ``name``); without one,
    :attr:`name`. It plays no part in equality."""

    @title.default
    def _file_name(self) -> Names:
        return Names(self.name)

    @property
    def spaces(self) -> range:
        """All space ids."""
        return range(len(self.kind))

    def of_kind(self, *kinds: str) -> tuple[int, ...]:
        """The spaces of the given kinds, ascending."""
        if len(kinds) == 1:
            return self.spaces_of[kinds[0]]
        return tuple(sorted(s for k in kinds for s in self.spaces_of[k]))

    def shore(self, water: frozenset[int]) -> tuple[int, ...]:
        """The land spaces (beach or jungle, not in ``water``) next to ``water``, ascending
        (where the flood may rise, I9, is :meth:`Rules.frontier`: next to an ark space too)."""
        return tuple(
            s
            for s in self.of_kind("beach", "jungle")
            if s not in water and not self.near[s].isdisjoint(water)
        )

    def where(self, space: int) -> str:
        """A space's place on the map, for messages: ``"row 3, column 9"``."""
        row, column = self.position[space]
        return f"row {row}, column {column}"


def resolve_board(node: Node) -> Path:
    """The file of the ``board`` parameter: a packaged board's name, or a YAML file's path,
    read relative to the file that names it (:func:`noahrules.data.resolve`)."""
    try:
        path = resolve("island", "boards", node.string(), Path(node.file).parent).path
    except RulesDataError as exc:
        raise node.error(exc.problem) from None
    assert path is not None  # a file's, never an overlay's
    return path


def load_board(reader: Reader, path: Path) -> tuple[Board, Node]:
    """Read and check a board file; returns the board and the node of its map (for messages)."""
    root = reader.load(path)
    parts = root.fields(("legend", "map"), ("name",))
    title = reader.findings.attempt(partial(optional_names, root.child("name")))
    legend = _parse_legend(parts["legend"])
    map_node = parts["map"]
    rows = tuple(map_node.string(longest=MOST_SPACES * 4).rstrip("\n").split("\n"))
    cells: dict[tuple[int, int], str] = {}
    parity = None
    for r, text in enumerate(rows):
        for c, char in enumerate(text):
            if char == " ":
                continue
            if char not in legend:
                known = ", ".join(f"'{k}'" for k in legend)
                raise _at_cell(map_node, r + 1, c + 1, f"'{char}' is not in the legend ({known})")
            if parity is None:
                parity = (r + c) % 2
            elif (r + c) % 2 != parity:
                raise _at_cell(
                    map_node,
                    r + 1,
                    c + 1,
                    "spaces must stand two columns apart, rows shifted by one",
                )
            cells[r, c] = legend[char]
    if not cells:
        raise map_node.error("the map has no spaces")
    if len(cells) > MOST_SPACES:
        raise map_node.error(f"{len(cells)} spaces; a map may have {MOST_SPACES}")
    ids = {rc: i for i, rc in enumerate(sorted(cells))}
    neighbours = tuple(
        tuple(sorted(ids[r + dr, c + dc] for dr, dc in _STEPS if (r + dr, c + dc) in ids))
        for (r, c) in sorted(cells)
    )
    kind = tuple(cells[rc] for rc in sorted(cells))
    board = Board(
        title=title or Names(path.stem),
        name=path.stem,
        rows=rows,
        kind=kind,
        position=tuple((r + 1, c + 1) for r, c in sorted(cells)),
        neighbours=neighbours,
        near=tuple(frozenset(n) for n in neighbours),
        land_neighbours=tuple(
            tuple(n for n in around if kind[n] in _LAND) for around in neighbours
        ),
        near_bits=tuple(map(bits, neighbours)),
        ark_bits=bits(i for i, k in enumerate(kind) if k == "ark"),
        spaces_of={
            k: tuple(i for i, rc in enumerate(sorted(cells)) if cells[rc] == k) for k in KINDS
        },
    )
    _check_shape(board, map_node)
    return board, map_node


def check_board(path: Path) -> Findings:
    """Every problem of a board file on its own (``noahrules validate``)."""
    reader = Reader()
    try:
        load_board(reader, path)
    except RulesDataError as exc:
        reader.findings.errors.append(exc)
    return reader.findings


def _parse_legend(node: Node) -> dict[str, str]:
    legend = {}
    for key in node.mapping_value():
        entry = node.child(str(key))
        if not isinstance(key, str) or len(key) != 1 or key == " ":
            raise entry.error("a legend key must be one character other than a blank")
        legend[key] = entry.choice(KINDS)
    return legend


def _check_shape(board: Board, map_node: Node) -> None:
    """I1: sea around all land, ark spaces next to land.

    With sea around all land, every piece of land touches water, so every land space can be
    flooded in time (no land is unreachable from the sea).
    """
    for space, kind in enumerate(board.kind):
        neighbours = board.neighbours[space]
        row, column = board.position[space]
        if kind not in _WATER and len(neighbours) < len(_STEPS):
            raise _at_cell(
                map_node, row, column, "land at the edge of the map; surround the island with sea"
            )
        if kind == "ark" and all(board.kind[n] in _WATER for n in neighbours):
            raise _at_cell(map_node, row, column, "an ark space must touch land")


def _at_cell(map_node: Node, row: int, column: int, problem: str) -> RulesDataError:
    """The error for a cell of the map, at its line of the file where the map is a block of
    text (``map: |``), else at the map's own line."""
    error = map_node.error(f"row {row}, column {column}: {problem}")
    mark = map_node.mark
    if isinstance(mark, yaml.ScalarNode) and mark.style in ("|", ">"):
        line = mark.start_mark.line + 1 + row  # the block's text starts below its indicator
        return RulesDataError(error.file, error.path, error.problem, line)
    return error
