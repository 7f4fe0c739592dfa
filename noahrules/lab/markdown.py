"""A lab document written as Markdown, its figures linked from ``figures/``."""

from __future__ import annotations

from collections.abc import Sequence

from noahrules.lab.markup import Block, Bullets, Grid, Heading, Paragraph


def markdown(document: Sequence[Block]) -> str:
    """The document as Markdown; figures link ``figures/<name>.png`` and its SVG."""
    parts = [_markdown(block) for block in document]
    return "\n\n".join(parts) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _markdown(block: Block) -> str:
    if isinstance(block, Heading):
        return "#" * block.level + " " + block.text
    if isinstance(block, Paragraph):
        return block.text
    if isinstance(block, Bullets):
        return "\n".join(f"- {item}" for item in block.items)
    if isinstance(block, Grid):
        lines = ["| " + " | ".join(map(_cell, block.header)) + " |"]
        lines.append("|" + "---|" * len(block.header))
        lines += ["| " + " | ".join(map(_cell, row)) + " |" for row in block.rows]
        return "\n".join(lines)
    return f"![{block.title}](figures/{block.name}.png)\n\n([SVG](figures/{block.name}.svg))"
