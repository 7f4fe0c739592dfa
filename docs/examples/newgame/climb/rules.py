"""Climb's rules data: the deck and the parameters, read from YAML with noahrules' loaders.

The packaged data lies in ``data/`` beside this file: ``rules.yaml`` (the parameters),
``cards.yaml`` (the deck) and ``variants/``. :func:`load_rules` reads it with the variants
given (packaged names, YAML files or :class:`noahrules.data.Overlay` values), checks every
value and returns one immutable :class:`Rules`; every problem is a
:class:`noahrules.RulesDataError` naming file, line, column and key.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from attrs import field, frozen

from noahrules.data import (
    Findings,
    Layers,
    Listing,
    Node,
    Reader,
    RulesIdentity,
    Schema,
    Source,
    Variants,
    cached_load,
    check_load,
    digest,
    gather,
    load_layers,
    parse_unique,
)
from noahrules.render import Paint, grid

__all__ = [
    "SCHEMA",
    "Card",
    "Rules",
    "cards_table",
    "check_rules",
    "load_rules",
    "packaged_variants",
]

SCHEMA = Schema(
    game="climb",
    folder=Path(__file__).parent / "data",
    collections=(Listing("cards", "cards.yaml", "card", key="animal"),),
    params=("hand_size", "hand_limit"),
)
"""What Climb's data holds: a variant may add and remove cards (by animal) and set the
parameters."""


@frozen(cache_hash=True)
class Card:
    """A kind of card (C1): an animal, its height and how many cards show it."""

    animal: str
    height: int
    count: int


@frozen(eq=False, repr=False)
class Rules(RulesIdentity):
    """Everything that defines one game of Climb. Its first fields (``variants``,
    ``packaged``, ``digest``), its equality and its hash come from
    :class:`noahrules.data.RulesIdentity`."""

    cards: tuple[Card, ...]
    hand_size: int
    hand_limit: int
    height: dict[str, int] = field(repr=False)
    """Each animal's height (C7)."""
    min_players: int = 2
    max_players: int = 2

    @property
    def deck(self) -> tuple[str, ...]:
        """Every card of the deck, by animal, in data order (C1)."""
        return tuple(card.animal for card in self.cards for _ in range(card.count))


def load_rules(variants: Variants = ()) -> Rules:
    """Climb's rules with ``variants`` applied in order (``"short"``, a YAML file or an
    overlay); loaded once and cached by the content of the files read."""
    return cached_load(SCHEMA, variants, _build)


def check_rules(variants: Variants = ()) -> Findings:
    """Every problem of the rules data with ``variants``: what ``noahrules validate`` lists."""
    return check_load(SCHEMA, variants, _build)


def packaged_variants() -> tuple[str, ...]:
    """The names of Climb's packaged variants."""
    return SCHEMA.known_variants()


def _build(reader: Reader, variants: tuple[Source, ...]) -> Rules:
    layers = load_layers(reader, SCHEMA, variants)
    found = reader.findings
    cards = parse_unique(layers.collections["cards"], _card, lambda c: c.animal, "animal")
    hand_size = found.attempt(partial(layers.params["hand_size"].integer, 1, 20))
    hand_limit = found.attempt(partial(layers.params["hand_limit"].integer, 1, 20))
    found.settle()  # raises every problem found so far, at once
    assert hand_size is not None and hand_limit is not None
    found.attempt(partial(_check, layers, cards, hand_size, hand_limit))
    found.settle()
    return Rules(
        variants=layers.labels,
        packaged=layers.packaged,
        digest=digest(
            {
                "cards": [node.value for node in layers.collections["cards"]],
                "rules": {name: node.value for name, node in layers.params.items()},
            }
        ),
        cards=cards,
        hand_size=hand_size,
        hand_limit=hand_limit,
        height={card.animal: card.height for card in cards},
    )


def _card(node: Node) -> Card:
    f = node.fields(("animal", "height", "count"))
    animal, height, count = gather(  # every mistake of a card, not the first only
        f["animal"].string, partial(f["height"].integer, 1, 100), partial(f["count"].integer, 1, 8)
    )
    return Card(animal, height, count)


def _check(layers: Layers, cards: tuple[Card, ...], hand_size: int, hand_limit: int) -> None:
    """C2, C5: both hands can be dealt, and a hand may be dealt in full."""
    deck = sum(card.count for card in cards)
    if deck < 2 * hand_size:
        raise layers.sources["cards"].error(
            f"{deck} cards cannot deal {hand_size} to each of 2 players (C2)"
        )
    if hand_limit < hand_size:
        raise layers.params["hand_limit"].error(
            f"hand_limit {hand_limit} is below hand_size {hand_size} (C5)"
        )


def cards_table(rules: Rules, paint: Paint) -> list[str]:
    """The deck as a table: what ``noahrules cards climb`` shows."""
    variants = ", ".join(rules.variants) or "none"
    rows = [["animal", "height", "count"]]
    rows += [[card.animal, str(card.height), str(card.count)] for card in rules.cards]
    return [paint(f"{len(rules.deck)} cards", "bold") + f" (variants: {variants})", *grid(rows)]
