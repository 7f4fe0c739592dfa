"""The island game as a picture (SVG): the hex map with water, land, tiles and arks, and each
seat's points and pairs. Notebooks show it for any state or view (``_repr_svg_``); hovering a
space names it."""

from __future__ import annotations

import math

from noahrules.island.state import State
from noahrules.island.view import View
from noahrules.svg import document, element, text

__all__ = ["picture"]

SIZE = 16.0
"""A hexagon's radius, in pixels."""
_STEP_X = SIZE * math.sqrt(3) / 2
"""Half the distance between neighbours in a row: spaces stand two map columns apart."""
_STEP_Y = SIZE * 1.5
_FILL = {"sea": "#4f8fd1", "ark": "#2f5f9e", "beach": "#e8d9a0", "jungle": "#6aa84f"}
_FLOODED = "#7fb0e0"
_ARKS = {"red": "#d0312d", "blue": "#1f4e99", "green": "#2e7d32", "yellow": "#f2c200"}
_CORNERS = tuple(
    (SIZE * math.cos(math.radians(60 * i - 30)), SIZE * math.sin(math.radians(60 * i - 30)))
    for i in range(6)
)


def picture(subject: object) -> str:
    """An island state or view as an SVG document."""
    assert isinstance(subject, State | View)
    board = subject.rules.board
    rows = len(board.rows)
    columns = max(len(row) for row in board.rows)
    width = (columns + 2) * _STEP_X + 2 * SIZE
    height = (rows + 1) * _STEP_Y + SIZE
    parts = [_space(subject, space) for space in board.spaces]
    panel = _panel(subject)
    top = height + 6
    parts += [text(8, top + 16 * (i + 1), line, 12) for i, line in enumerate(panel)]
    title = f"island: {subject.table.doing()}"
    return document(max(width, 360), top + 16 * len(panel) + 10, parts, title)


def _centre(row: int, column: int) -> tuple[float, float]:
    return SIZE + column * _STEP_X, SIZE / 2 + row * _STEP_Y


def _space(subject: State | View, space: int) -> str:
    board = subject.rules.board
    kind = board.kind[space]
    x, y = _centre(*board.position[space])
    wet = space in subject.water
    fill = _FILL[kind] if kind in ("sea", "ark") or not wet else _FLOODED
    points = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in _CORNERS)
    tile = subject.tiles[space]
    name = f"space {space} ({board.where(space)}): {kind}"
    mark = ""
    if space in subject.arks:
        seat = subject.arks.index(space)
        colour = _ARKS.get(subject.rules.arks[seat].colour, "#8e44ad")
        mark = element("circle", cx=x, cy=y, r=SIZE * 0.62, fill=colour, stroke="white")
        mark += text(x - 3.5, y + 4, str(seat), 11, fill="white", font_weight="bold")
        name += f", ark of seat {seat}"
    elif tile is not None and not wet:
        face_up = tile.face_up
        mark = element("circle", cx=x, cy=y, r=SIZE * 0.55, fill="white" if face_up else "#2d5a1f")
        if face_up:
            mark += text(x - 6, y + 3.5, tile.species[:2].capitalize(), 9, font_weight="bold")
            name += f", {tile.species}"
        else:
            name += ", a face-down animal"
    hexagon = element("polygon", points=points, fill=fill, stroke="#ffffff", stroke_width=1)
    return element("g", element("title", name) + hexagon + mark)


def _panel(subject: State | View) -> list[str]:
    lines = [f"{subject.table.doing()}; water tiles left {subject.water_left}"]
    for seat in range(subject.players):
        pairs = sorted(set(subject.rescued[seat])) or ["none"]
        colour = subject.rules.arks[seat].colour
        lines.append(
            f"seat {seat} ({colour} ark): {subject.points[seat]} points; pairs {', '.join(pairs)}"
        )
    return lines
