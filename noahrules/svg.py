"""A few lines of SVG writing for the games' pictures: elements with escaped text and
attributes, and the document around them. Pictures are plain strings; no drawing library is
needed."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

__all__ = ["document", "element", "text"]


def element(name: str, content: str = "", **attributes: object) -> str:
    """An SVG element; attribute names use ``_`` for ``-`` (``font_size``) and a trailing
    ``_`` to avoid a Python keyword (``class_``); ``None`` values are left out."""
    parts = [name]
    for key, value in attributes.items():
        if value is None:
            continue
        attribute = key.rstrip("_").replace("_", "-")
        shown = f"{value:.1f}" if isinstance(value, float) else str(value)
        parts.append(f'{attribute}="{escape(shown, quote=True)}"')
    opening = " ".join(parts)
    return f"<{opening}>{content}</{name}>" if content else f"<{opening}/>"


def text(x: float, y: float, words: str, size: int = 12, **attributes: object) -> str:
    """A line of text at ``(x, y)`` (its baseline), escaped."""
    return element("text", escape(words), x=x, y=y, font_size=size, **attributes)


def document(width: float, height: float, parts: Iterable[str], title: str = "") -> str:
    """A whole SVG document of the given size in pixels, with an accessible title."""
    heading = element("title", escape(title)) if title else ""
    body = "".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">{heading}{body}</svg>'
    )
