"""A lab document written as one self-contained HTML page, its figures embedded as PNG."""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping, Sequence
from pathlib import Path

from noahrules.lab.markup import Block, Bullets, Grid, Heading, Paragraph

_STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em;
       color: #222; }
.wide { max-width: 100%; overflow-x: auto; margin: 0.6em 0 1.2em; }
table { border-collapse: collapse; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; min-width: 3.5em; }
th { background: #f2f2f2; }
img { max-width: 100%; display: block; margin: 0.5em 0; }
figure { margin: 1em 0; }
figcaption { font-size: 13px; color: #555; }
"""


def page(document: Sequence[Block], images: Mapping[str, bytes], title: str) -> str:
    """The document as one HTML page, the figures in ``images`` (PNG bytes by name) embedded."""
    body = "\n".join(_html(block, images) for block in document)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8"/>\n'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n"
        f"<body>\n{body}\n</body>\n</html>\n"
    )


def _inline(text: str) -> str:
    escaped = html.escape(text)
    while escaped.count("**") >= 2:
        escaped = escaped.replace("**", "<strong>", 1).replace("**", "</strong>", 1)
    return escaped


def _html(block: Block, images: Mapping[str, bytes]) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{html.escape(block.text)}</h{block.level}>"
    if isinstance(block, Paragraph):
        return f"<p>{_inline(block.text)}</p>"
    if isinstance(block, Bullets):
        return "<ul>\n" + "\n".join(f"<li>{_inline(i)}</li>" for i in block.items) + "\n</ul>"
    if isinstance(block, Grid):
        head = "".join(f"<th>{html.escape(h)}</th>" for h in block.header)
        rows = "\n".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
            for row in block.rows
        )
        return f'<div class="wide"><table>\n<tr>{head}</tr>\n{rows}\n</table></div>'
    data = base64.b64encode(images[block.name]).decode("ascii")
    return (
        f'<figure><img alt="{html.escape(block.title)}" src="data:image/png;base64,{data}"/>'
        f'<figcaption>{html.escape(block.title)} (<a href="figures/{block.name}.svg">SVG</a>)'
        "</figcaption></figure>"
    )


def read_images(folder: Path, names: Sequence[str]) -> dict[str, bytes]:
    """The PNG bytes of the named figures in ``folder``."""
    return {name: (folder / f"{name}.png").read_bytes() for name in names}
