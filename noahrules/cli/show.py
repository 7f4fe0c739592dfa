"""``noahrules cards`` and ``noahrules board``: the data as loaded, variants applied."""

from __future__ import annotations

import argparse
import sys

from noahrules.cli.common import (
    Paint,
    _abilities,
    _load,
    _table,
)


def _cards(args: argparse.Namespace) -> int:
    """Show the cards of the ferry game (or the tiles and arks of the island game), with the
    given variants applied."""
    _, rules = _load(args)
    paint = Paint.for_stream(sys.stdout)
    variants = ", ".join(args.variant) or "none"
    if args.game == "ferry":
        print(paint(f"{len(rules.animals)} animal cards", "bold") + f" (variants: {variants})")
        rows = [["id", "species", "gender", "weight", "tears", "mark", "abilities"]]
        rows += [
            [
                c.id,
                c.species,
                c.gender.value,
                str(c.weight),
                str(c.tears),
                c.mark or "",
                _abilities(c.abilities),
            ]
            for c in rules.animals
        ]
        print("\n".join(_table(rows)))
        print()
        print(paint(f"{len(rules.ferries)} ferry cards", "bold"))
        rows = [["id", "capacity", "rule"]]
        rows += [
            [f.id, str(f.capacity), "one of each species" if f.unique_species else ""]
            for f in rules.ferries
        ]
        print("\n".join(_table(rows)))
        return 0
    tiles = sum(t.count for t in rules.tiles)
    print(paint(f"{tiles} animal tiles", "bold") + f" (variants: {variants})")
    doubled = {s: a.colour for a in rules.arks for s in a.doubled}
    rows = [["species", "count", "points", "rescuable", "x2 for"]]
    rows += [
        [
            t.species,
            str(t.count),
            str(t.points),
            "yes" if t.rescuable else "no",
            doubled.get(t.species, ""),
        ]
        for t in rules.tiles
    ]
    print("\n".join(_table(rows)))
    print()
    print(paint(f"{len(rules.arks)} arks", "bold"))
    print(
        "\n".join(
            _table(
                [["seat", "colour", "x2 species"]]
                + [[str(i), a.colour, ", ".join(a.doubled)] for i, a in enumerate(rules.arks)]
            )
        )
    )
    return 0


def _board(args: argparse.Namespace) -> int:
    """Show the island's board (with the given variants applied): the map, its legend and how
    many spaces of each kind it has."""
    _, rules = _load(args)
    board = rules.board
    paint = Paint.for_stream(sys.stdout)
    colours = {"sea": "blue", "ark": "cyan", "beach": "yellow", "jungle": "green"}
    symbol = {"sea": "~", "ark": "A", "beach": ".", "jungle": "#"}
    cells = dict(zip(board.position, board.kind, strict=True))
    print(paint(f"board '{board.name}'", "bold") + f" ({len(board.kind)} spaces)")
    for r, row in enumerate(board.rows, 1):
        text = "".join(
            paint(symbol[cells[r, c]], colours[cells[r, c]]) if (r, c) in cells else " "
            for c in range(1, len(row) + 1)
        )
        print(f"{r:>3}  {text}")
    print()
    for kind in ("sea", "ark", "beach", "jungle"):
        count = board.kind.count(kind)
        print(f"  {paint(symbol[kind], colours[kind])} {kind:<7}{count:>4} spaces")
    print(f"  water tiles {rules.water_tiles}, tiles set aside {rules.set_aside}")
    return 0
