"""What each seat knows of the others' hands (F26), for as long as it is true.

Some cards are known to be in a hand: the cards a player took back (F13) and a crocodile's
escapee (V3) to everyone; a hand looked at by a giraffe (F32) to the looker; a stolen or
returned card (F33) and a departure gift (F17) to the two players involved. A card known to be
in a hand stays known until it leaves that hand; when a seat sees a card leave a hand without
seeing which (a lion's theft, a gift between others), it can no longer be sure of any card of
that hand, and forgets them.

Knowledge is a value, ``known[observer][holder]``: the cards ``observer`` knows ``holder`` to
hold, in the order of the rules data; ``()`` when nobody knows anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from noahrules.ferry.ruleset import Card
from noahrules.values import replaced, without

__all__ = ["Known", "alone", "forget", "learn", "of"]

Known = tuple[tuple[tuple[Card, ...], ...], ...]
"""``known[observer][holder]``: the cards one seat knows to be in another's hand."""


def of(known: Known, observer: int) -> tuple[tuple[Card, ...], ...]:
    """What ``observer`` knows of every hand (``()`` when it knows nothing)."""
    row = known[observer] if known else ()
    return row if any(row) else ()


def alone(row: tuple[tuple[Card, ...], ...], observer: int, players: int) -> Known:
    """The knowledge of a world in which ``observer`` knows ``row`` and the others nothing (the
    worlds a seat samples: what the others know is hidden from it)."""
    rows = _rows((), players)
    if row:
        rows[observer] = row
    return _settled(rows)


def learn(
    known: Known,
    players: int,
    observers: Iterable[int],
    holder: int,
    cards: Iterable[Card],
    order: Mapping[str, int],
) -> Known:
    """``observers`` see ``cards`` go into ``holder``'s hand."""
    cards = tuple(cards)
    if not cards:
        return known
    rows = _rows(known, players)
    now: dict[int, tuple[Card, ...]] = {}  # by what an observer knew: what it knows now
    for observer in observers:
        if observer != holder:
            row = rows[observer]
            before = row[holder]
            after = now.get(id(before))
            if after is None:
                after = now[id(before)] = _joined(before, cards, order)
            rows[observer] = replaced(row, holder, after)
    return tuple(rows) if now else known  # nobody but the holder saw: nothing changed


def _joined(
    before: tuple[Card, ...], cards: tuple[Card, ...], order: Mapping[str, int]
) -> tuple[Card, ...]:
    """The cards of both, each once, in the order of the rules data (keyed by id: a string
    hashes faster than a card)."""
    if not before and len(cards) == 1:
        return cards
    by_id = {card.id: card for card in before}
    for card in cards:
        by_id[card.id] = card
    return tuple(map(by_id.__getitem__, sorted(by_id, key=order.__getitem__)))


def forget(
    known: Known, players: int, holder: int, card: Card | None, insiders: Iterable[int] = ()
) -> Known:
    """``card`` left ``holder``'s hand: the ``insiders`` (or everyone, when ``card`` is shown
    to all) forget that card of that hand; everyone else, who did not see which card left,
    forgets the whole hand. ``card=None`` with no insiders: a card nobody saw left it."""
    if not known:
        return known
    insiders = tuple(insiders)
    rows: list[tuple[tuple[Card, ...], ...]] | None = None  # a copy once anything changes
    emptied = False
    for observer, row in enumerate(known):
        cards = row[holder]
        if not cards:
            continue  # nothing known of that hand, nothing to forget
        saw = not insiders or observer in insiders
        kept = without(cards, card) if saw and card is not None else ()
        if kept is not cards:
            if rows is None:
                rows = list(known)
            rows[observer] = replaced(row, holder, kept)
            emptied = emptied or not kept
    if rows is None:
        return known
    return _settled(rows) if emptied else tuple(rows)


def _rows(known: Known, players: int) -> list[tuple[tuple[Card, ...], ...]]:
    nothing: tuple[tuple[Card, ...], ...] = ((),) * players
    return list(known) if known else [nothing] * players


def _settled(rows: list[tuple[tuple[Card, ...], ...]]) -> Known:
    """The knowledge as a value: ``()`` when nobody knows anything."""
    return tuple(rows) if any(map(any, rows)) else ()
