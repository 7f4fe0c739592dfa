"""What the document and the report's files know of a balance report's figures without
drawing them (no matplotlib): the names of the figures of a sweep or a tally, and the files of a
figure drawn."""

from __future__ import annotations

import re
from pathlib import Path

from attrs import frozen


@frozen
class Drawn:
    """A figure written as PNG and SVG."""

    name: str
    title: str
    png: Path
    svg: Path


def effects_figure(tally: str) -> str:
    """The name of the figure of the effects of a tally: ``effects-cards-dealt``."""
    return "effects-" + _slug(tally)


def sweep_figure(parameter: str) -> str:
    """The name of the figure of a swept parameter: ``sweep-hand-size``."""
    return "sweep-" + _slug(parameter)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
