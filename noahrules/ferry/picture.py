"""The ferry game as a picture (SVG): the docks with their ferries and Noah, the ferries
waiting in the centre, the players, and the hand of the seat a view belongs to (every hand for a
state). Notebooks show it for any state or view (``_repr_svg_``)."""

from __future__ import annotations

from collections.abc import Sequence

from noahrules.ferry.kinds import Gender
from noahrules.ferry.ruleset import Boarded, Card
from noahrules.ferry.state import Ferry, State
from noahrules.ferry.view import View
from noahrules.svg import document, element, text

__all__ = ["picture"]

DOCK = 150
"""The width of a dock's column, in pixels."""
GAP = 10
ANIMAL = 22
"""The height of an animal aboard."""
CARD = (92, 46)
"""The size of a card in hand."""
_COLOUR = {Gender.MALE: "#4a78c2", Gender.FEMALE: "#cf5a7c", Gender.EITHER: "#8a6fbf"}
_SIGN = {Gender.MALE: "\u2642", Gender.FEMALE: "\u2640", Gender.EITHER: "\u26a5"}


def picture(subject: object) -> str:
    """A ferry state or view as an SVG document."""
    assert isinstance(subject, State | View)
    table = subject.table
    seats = (
        [(f"Your hand (seat {subject.seat})", subject.hand)]
        if isinstance(subject, View)
        else [(f"Hand of seat {seat}", hand) for seat, hand in enumerate(subject.hands)]
    )
    tallest = max((len(f.animals) for f in table.docks if f is not None), default=0)
    deck_height = 70 + max(tallest, 4) * (ANIMAL + 2)
    width = len(table.docks) * (DOCK + GAP) + GAP
    parts = [text(GAP, 20, f"Round {table.round} \u00b7 {table.doing()}", 14, font_weight="bold")]
    for dock, ferry in enumerate(table.docks):
        parts += _dock(GAP + dock * (DOCK + GAP), 34, dock, ferry, dock == table.noah, deck_height)
    y = 34 + deck_height + 28
    waiting = ", ".join(f"{c.id} ({c.capacity})" for c in table.centre) or "none"
    parts.append(text(GAP, y, f"Waiting in the centre: {waiting}"))
    sizes = subject.hand_sizes if isinstance(subject, View) else tuple(map(len, subject.hands))
    players = "; ".join(
        f"seat {s}: {sizes[s]} cards, penalty {table.penalties[s]}" for s in range(table.players)
    )
    parts.append(text(GAP, y + 20, players))
    y += 40
    for title, hand in seats:
        parts.append(text(GAP, y + 14, title, 13, font_weight="bold"))
        parts += _hand(GAP, y + 22, hand, width - 2 * GAP)
        y += 22 + _rows(len(hand), width - 2 * GAP) * (CARD[1] + 6) + 8
    return document(max(width, 400), y + 4, parts, f"ferry: round {table.round}, {table.doing()}")


def _dock(x: int, y: int, dock: int, ferry: Ferry | None, noah: bool, height: int) -> list[str]:
    edge = {"stroke": "#e0a800", "stroke_width": 3} if noah else {"stroke": "#9ab"}
    parts = [element("rect", x=x, y=y, width=DOCK, height=height, rx=8, fill="#eef3f8", **edge)]
    label = f"dock {dock}" + (" \u00b7 Noah" if noah else "")
    parts.append(text(x + 8, y + 16, label, 12, font_weight="bold" if noah else None))
    if ferry is None:
        return [*parts, text(x + 8, y + 36, "a ferry is coming", 11, fill="#667")]
    parts.append(text(x + 8, y + 34, f"{ferry.card.id}: {ferry.load}/{ferry.capacity}", 12))
    share = min(1.0, ferry.load / ferry.capacity) if ferry.capacity else 0.0
    parts.append(element("rect", x=x + 8, y=y + 40, width=DOCK - 16, height=6, fill="#d5dde6"))
    parts.append(
        element("rect", x=x + 8, y=y + 40, width=(DOCK - 16) * share, height=6, fill="#3a8f5a")
    )
    rule = "one of each species" if ferry.card.unique_species else _rule(ferry)
    parts.append(text(x + 8, y + 60, rule, 10, fill="#445"))
    for i, animal in enumerate(ferry.animals):
        parts += _animal(x + 8, y + 66 + i * (ANIMAL + 2), animal)
    return parts


def _rule(ferry: Ferry) -> str:
    """The gender rule the animals aboard impose (F10)."""
    if len(ferry.genders) > 1:
        return "any gender next"
    return f"next: {ferry.genders[0].value}"


def _animal(x: int, y: int, animal: Boarded) -> list[str]:
    colour = _COLOUR[animal.gender]
    words = f"{animal.card.species} {_SIGN[animal.gender]} {animal.weight}"
    return [
        element("rect", x=x, y=y, width=DOCK - 16, height=ANIMAL, rx=4, fill=colour),
        text(x + 6, y + 15, words, 12, fill="white"),
    ]


def _per_row(width: int) -> int:
    """How many cards in hand a row of ``width`` pixels holds."""
    return max(1, width // (CARD[0] + 6))


def _rows(cards: int, width: int) -> int:
    return max(1, -(-cards // _per_row(width)))


def _hand(x: int, y: int, hand: Sequence[Card], width: int) -> list[str]:
    per_row = _per_row(width)
    parts = []
    for i, card in enumerate(hand):
        cx = x + (i % per_row) * (CARD[0] + 6)
        cy = y + (i // per_row) * (CARD[1] + 6)
        parts.append(
            element(
                "rect",
                x=cx,
                y=cy,
                width=CARD[0],
                height=CARD[1],
                rx=5,
                fill="white",
                stroke=_COLOUR[card.gender],
                stroke_width=2,
            )
        )
        parts.append(text(cx + 6, cy + 17, card.species, 12))
        parts.append(
            text(
                cx + 6,
                cy + 36,
                f"{_SIGN[card.gender]} {card.weight} \u00b7 {card.tears} tears",
                11,
                fill="#445",
            )
        )
    return parts
