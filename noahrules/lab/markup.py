"""The blocks a lab document is made of (headings, paragraphs, lists, tables and figures),
free of any format: :mod:`noahrules.lab.markdown` and :mod:`noahrules.lab.html_page` write them."""

from __future__ import annotations

from attrs import frozen


@frozen
class Heading:
    """A heading of ``level`` 1 (the title) to 3."""

    text: str
    level: int = 2


@frozen
class Paragraph:
    """A paragraph; ``**bold**`` is the only markup."""

    text: str


@frozen
class Bullets:
    """A list of short paragraphs."""

    items: tuple[str, ...]


@frozen
class Grid:
    """A grid of text cells under a header row (a table in Markdown and HTML)."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@frozen
class Image:
    """A figure, by its name in the report's ``figures/`` folder."""

    name: str
    title: str


Block = Heading | Paragraph | Bullets | Grid | Image
"""A part of a document."""
