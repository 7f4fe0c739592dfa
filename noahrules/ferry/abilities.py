"""Card abilities: named mechanisms with parameters, referenced from the YAML card data.

A card's ``abilities`` mapping names mechanisms from :data:`ABILITIES` with their parameters, e.g.
``{capacity_limit: 13}`` for the woodpecker. A new animal in YAML may reuse any of them with other
numbers (a heron with ``capacity_limit: 15``); the rules engine only ever asks a card's
:class:`Abilities`, never its species.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from attrs import frozen

from noahrules.data import Node, gather

__all__ = ["ABILITIES", "Abilities", "parse_abilities"]


@frozen(cache_hash=True)
class Abilities:
    """The abilities of one card; each field is one named mechanism (off by default)."""

    capacity_limit: int | None = None
    """F30 (woodpecker): while this card is aboard, the ferry's capacity is at most this."""
    choose_gender: bool = False
    """F29 (snail): the player chooses male or female when playing it (gender ``either``)."""
    noah_stays: bool = False
    """F31 (donkey): Noah does not move after this card is played."""
    look_at_hand: bool = False
    """F32 (giraffe): the player looks at one opponent's hand (``LookAtHand``)."""
    steal_and_return: bool = False
    """F33 (lion): steal a random card from an opponent (``StealFrom``), then give one back
    (``GiveBack``)."""
    wild_weight: tuple[int, int] | None = None
    """V2 (frog): ``(low, high)``; the card may weigh any value in the range that makes the ferry
    depart, else it weighs its printed weight."""
    reduce_penalty: int = 0
    """V3a (crocodile's tears): the player's penalty goes down by this much, never below 0."""
    first_escapes: bool = False
    """V3b (crocodile's teeth): the animal aboard longest escapes to an opponent of the player's
    choice (``SendEscapee``)."""


def _flag(node: Node) -> bool:
    if node.boolean() is not True:
        raise node.error("an ability flag must be true (leave it out to switch it off)")
    return True


ABILITIES: dict[str, Callable[[Node], Any]] = {
    "capacity_limit": lambda node: node.integer(0),
    "choose_gender": _flag,
    "noah_stays": _flag,
    "look_at_hand": _flag,
    "steal_and_return": _flag,
    "wild_weight": lambda node: node.bounds(0),
    "reduce_penalty": lambda node: node.integer(0),
    "first_escapes": _flag,
}
"""Every ability name the YAML data may use, with the parser of its parameter."""

NO_ABILITIES = Abilities()


def parse_abilities(node: Node) -> Abilities:
    """The :class:`Abilities` of a card's ``abilities`` mapping; unknown names and bad
    parameters are errors, every one of them raised at once."""
    if node.value is None:
        return NO_ABILITIES
    names = [str(name) for name in node.mapping_value()]
    values = gather(*(partial(_parse_ability, node, name) for name in names))
    return Abilities(**dict(zip(names, values, strict=True)))


def _parse_ability(node: Node, name: str) -> Any:
    parse = ABILITIES.get(name)
    if parse is None:
        known = ", ".join(sorted(ABILITIES))
        raise node.child(name).error(f"unknown ability '{name}'; known abilities: {known}")
    return parse(node.child(name))
