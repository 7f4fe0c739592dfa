"""The ferry game's card database: animal cards, ferry cards and rules parameters, from YAML.

:func:`load_rules` reads the packaged data (``data/ferry/``), applies variant overlays in the order
given, validates everything and returns one immutable :class:`Rules` value.
"""

from __future__ import annotations

import re
from functools import partial

import attrs
from attrs import field, frozen

from noahrules.data import (
    MOST_ITEMS,
    Findings,
    Layers,
    Listing,
    Names,
    Node,
    Reader,
    RulesIdentity,
    Schema,
    Source,
    Variants,
    cached_load,
    check_load,
    data_dir,
    digest,
    gather,
    load_layers,
    optional_names,
    param_values,
    parse_unique,
    unnamed,
)
from noahrules.errors import RulesDataError, excerpt
from noahrules.ferry.abilities import Abilities, parse_abilities
from noahrules.ferry.kinds import Gender, ShortDeal
from noahrules.ferry.moves import (
    GiveBack,
    GiveCard,
    LookAtHand,
    MoveNoah,
    PlayAnimal,
    SendEscapee,
    StealFrom,
)

__all__ = [
    "SCHEMA",
    "Boarded",
    "Card",
    "FerryCard",
    "Gender",
    "MoveTable",
    "Rules",
    "ShortDeal",
    "check_rules",
    "load_rules",
    "packaged_variants",
]


@frozen(cache_hash=True)
class Card:
    """An animal card (F1)."""

    id: str
    species: str
    gender: Gender
    weight: int
    tears: int
    mark: str | None
    """Player-count mark as printed (``"4+"``, ``"5+"``), or ``None``."""
    abilities: Abilities
    name: Names = field(eq=False, repr=False)
    """The species' name as players read it, per language (``name.in_language("ja")``);
    without a name in the data, that of the first card of its species that has one, else the
    species in English. It plays no part in the card's equality: ``id`` and ``species``
    identify the card."""

    @name.default
    def _species_name(self) -> Names:
        return Names(self.species)

    @property
    def min_players(self) -> int:
        """The fewest players with whom this card is used (F4)."""
        return int(self.mark[:-1]) if self.mark else 0


@frozen(cache_hash=True)
class Boarded:
    """A card as played onto a ferry: with its gender and weight as played (F29, V2)."""

    card: Card
    gender: Gender
    weight: int


@frozen(cache_hash=True)
class FerryCard:
    """A ferry card (F2); ``unique_species`` marks the roommate ferry (V4)."""

    id: str
    capacity: int
    unique_species: bool = False
    name: Names = field(eq=False, repr=False)
    """The ferry's name as players read it, per language; without a name in the data, its
    id. It plays no part in the card's equality."""

    @name.default
    def _id_name(self) -> Names:
        return Names(self.id)


@frozen
class MoveTable:
    """The moves naming a seat or a card, besides the plays (``Rules.ways``) and Noah's
    (``Rules.noah_moves``): made once per rules, so the engine builds none."""

    look: tuple[LookAtHand, ...]
    """Per seat, the move looking at its hand (F32)."""
    steal: tuple[StealFrom, ...]
    """Per seat, the move stealing from it (F33)."""
    send: tuple[SendEscapee, ...]
    """Per seat, the move sending it the escapee (V3)."""
    give: dict[str, tuple[GiveCard, ...]]
    """By card id, per receiving seat, the move giving it that card (F17)."""
    give_back: dict[str, GiveBack]
    """By card id, the move giving it back (F33)."""

    @classmethod
    def of(cls, animals: tuple[Card, ...], players: int) -> MoveTable:
        seats = range(players)
        return cls(
            tuple(map(LookAtHand, seats)),
            tuple(map(StealFrom, seats)),
            tuple(map(SendEscapee, seats)),
            {c.id: tuple(GiveCard(c.id, s) for s in seats) for c in animals},
            {c.id: GiveBack(c.id) for c in animals},
        )


@frozen(eq=False, repr=False)
class Rules(RulesIdentity):
    """Everything that defines one ferry game: cards, ferries and parameters.

    Build it with :func:`load_rules`. Its first fields, ``variants``, ``packaged`` and
    ``digest``, and its equality come from :class:`~noahrules.data.RulesIdentity`.
    """

    animals: tuple[Card, ...]
    ferries: tuple[FerryCard, ...]
    min_players: int
    max_players: int
    hand_size: int
    short_deal: ShortDeal
    docks: int
    centre: int
    departure_gifts: tuple[int, ...]
    rounds: int | None
    penalty_limit: int | None
    pattern_set_by_second_animal: bool
    """F10, V3 [choice]: the gender pattern the second animal aboard sets is kept on the ferry
    (:attr:`Ferry.kept_pattern`) and stays after a crocodile's escape, instead of being read
    from the animals aboard now."""
    card: dict[str, Card] = field(repr=False)
    """Cards by id."""
    ferry_card: dict[str, FerryCard] = field(repr=False)
    """Ferry cards by id."""
    order: dict[str, int] = field(repr=False)
    """Each card's position in the data, by id; hands are kept in this order."""
    ways: dict[str, tuple[tuple[Boarded, PlayAnimal], ...]] = field(repr=False)
    """By card id, every way the card can be played, as the animal aboard and the move that
    plays it: one per gender for ``choose_gender`` (male first), one per weight for ``wild_weight``
    (ascending), else the card as printed."""
    animal_of: dict[PlayAnimal, Boarded] = field(repr=False)
    """Every ``PlayAnimal`` move of the rules, with the animal it boards (as in ``ways``)."""
    noah_moves: dict[tuple[Gender, int], tuple[MoveNoah, MoveNoah]] = field(repr=False)
    """F14: Noah's moves after a card of this gender (as played) from this dock, ascending:
    female to the two adjacent docks, male to the two non-adjacent ones. One move object per
    dock, so that a move to a dock is the very object ``legal_moves`` lists, whatever led to
    it."""
    moves: MoveTable = field(repr=False)
    """The other moves naming a seat or a card, made once."""


_GENDERS = tuple(g.value for g in Gender)
MOST_PLAYERS = 8
"""The most players rules data may allow (the packaged data: 2 to 5, F4)."""
_MARK = re.compile(r"^[1-9][0-9]*\+$")
_COLLECTIONS = (
    Listing("animals", "animals.yaml", "animal card"),
    Listing("ferries", "ferries.yaml", "ferry card"),
)
_RULES_KEYS = (
    "players",
    "hand_size",
    "short_deal",
    "docks",
    "centre",
    "departure_gifts",
    "rounds",
    "penalty_limit",
    "pattern_set_by_second_animal",
)
SCHEMA = Schema("ferry", data_dir("ferry"), _COLLECTIONS, _RULES_KEYS)
"""What the ferry game's rules data holds."""
_ADDED_PARAMS = {"pattern_set_by_second_animal": False}
"""Parameters added after rules were first saved, with the value that plays as before (left out
of the digest at that value, see :func:`~noahrules.data.param_values`)."""


def check_rules(variants: Variants = ()) -> Findings:
    """Every problem (and trap) of the ferry rules data with ``variants``, in one pass: what
    ``noahrules validate`` lists. :func:`load_rules` raises them all at once."""
    return check_load(SCHEMA, variants, _load)


def packaged_variants() -> tuple[str, ...]:
    """The names of the ferry game's packaged variants, sorted."""
    return SCHEMA.known_variants()


def load_rules(variants: Variants = ()) -> Rules:
    """Load the ferry game's rules data with the given variants applied, in order.

    A variant is a packaged variant's name (``"frog"``, ``"crocodile"``, ``"roommate"``,
    ``"penalty-limit"``) or the path of a YAML overlay file (relative to the working directory).
    The rules are loaded once and cached by the content of the files read. Raises
    :class:`~noahrules.errors.RulesDataError` naming file, key path and problem for any bad data.
    """
    return cached_load(SCHEMA, variants, _load)


def _load(reader: Reader, variants: tuple[Source, ...]) -> Rules:
    layers = load_layers(reader, SCHEMA, variants)
    found = reader.findings
    animal_nodes = layers.collections["animals"]
    ferry_nodes = layers.collections["ferries"]
    params = layers.params
    animals = _species_names(
        parse_unique(animal_nodes, _parse_card, lambda c: c.id, "animal card id"), animal_nodes
    )
    ferries = parse_unique(ferry_nodes, _parse_ferry, lambda f: f.id, "ferry card id")
    players = found.attempt(partial(params["players"].bounds, 2, MOST_PLAYERS))  # F4
    docks = found.attempt(partial(params["docks"].integer, 5, 100))
    centre = found.attempt(partial(params["centre"].integer, 0, 100))
    gifts = found.attempt(partial(_gifts, params["departure_gifts"]))
    rounds = found.attempt(partial(params["rounds"].optional_integer, 1, 100))
    penalty_limit = found.attempt(partial(params["penalty_limit"].optional_integer, 1))
    hand_size = found.attempt(partial(params["hand_size"].integer, 1, 100))
    short_deal = found.attempt(partial(params["short_deal"].choice, [s.value for s in ShortDeal]))
    kept_pattern = found.attempt(params["pattern_set_by_second_animal"].boolean)  # F10, V3
    found.attempt(partial(_check_cards, layers, animals, ferries))
    if docks is not None and centre is not None and gifts is not None:
        found.attempt(partial(_check_ferries, params, len(ferries), docks, centre, gifts))
    if rounds is None and penalty_limit is None and params["rounds"].value is None:
        found.attempt(partial(_never_ends, params["rounds"]))
    found.settle()
    assert players is not None and docks is not None and centre is not None
    assert gifts is not None and hand_size is not None and short_deal is not None
    assert kept_pattern is not None
    _warn_traps(animal_nodes, animals, players[1], gifts)
    ways = {c.id: _ways(c) for c in animals}
    data = {
        "animals": [unnamed(n.value) for n in animal_nodes],
        "ferries": [unnamed(n.value) for n in ferry_nodes],
        "rules": param_values(params, _ADDED_PARAMS),
    }
    return Rules(
        animals=animals,
        ferries=ferries,
        min_players=players[0],
        max_players=players[1],
        hand_size=hand_size,
        short_deal=ShortDeal(short_deal),
        docks=docks,
        centre=centre,
        departure_gifts=gifts,
        rounds=rounds,
        penalty_limit=penalty_limit,
        pattern_set_by_second_animal=kept_pattern,
        variants=layers.labels,
        packaged=layers.packaged,
        digest=digest(data),
        card={c.id: c for c in animals},
        ferry_card={f.id: f for f in ferries},
        order={c.id: i for i, c in enumerate(animals)},
        ways=ways,
        animal_of={move: animal for way in ways.values() for animal, move in way},
        noah_moves=_noah_moves(docks),
        moves=MoveTable.of(animals, players[1]),
    )


def _by_id(nodes: list[Node]) -> dict[str, Node]:
    """The nodes of the cards by id (the last with each id: the one a duplicate refers to)."""
    return {str(n.value.get("id")): n for n in nodes if isinstance(n.value, dict)}


def _species_names(animals: tuple[Card, ...], nodes: list[Node]) -> tuple[Card, ...]:
    """The cards, each one without a name of its own named as the first card of its species
    that has one (a parrot a variant adds is called as the packaged parrots are). A named card
    whose name differs from that one is a warning: players would read two names for a
    species."""
    by_id = _by_id(nodes)
    named = {c.id for c in animals if isinstance(by_id[c.id].value.get("name"), str | dict)}
    first: dict[str, Card] = {}
    for card in animals:
        if card.id in named:
            known = first.setdefault(card.species, card)
            if known.name != card.name:
                by_id[card.id].child("name").warn(
                    f"the name differs from that of {known.id}, another {card.species}: "
                    "players read two names for one species"
                )
    return tuple(
        card
        if card.id in named or card.species not in first
        else attrs.evolve(card, name=first[card.species].name)
        for card in animals
    )


def _gifts(node: Node) -> tuple[int, ...]:
    return tuple(gather(*(partial(item.integer, 0, 100) for item in node.items())))


def _check_cards(layers: Layers, animals: tuple[Card, ...], ferries: tuple[FerryCard, ...]) -> None:
    """F1, F12: there are cards, not too many, and each can be played on some ferry."""
    source = layers.sources["animals"]
    if not animals:
        raise source.error("the rules data has no animal cards")
    if len(animals) > MOST_ITEMS or len(ferries) > MOST_ITEMS:
        raise source.error(f"more than {MOST_ITEMS} cards in all")
    smallest = min((f.capacity for f in ferries), default=0)
    nodes = _by_id(layers.collections["animals"])
    ferry_change = layers.sources["ferries"]
    users_ferries = not SCHEMA.is_packaged(ferry_change)
    problems = []
    too_heavy = []  # packaged cards that a user's ferries leave unplayable: blamed on them
    for card in animals:
        own = card.abilities.capacity_limit
        limit = min(smallest, own or smallest)
        if card.weight <= limit:
            continue
        weight = nodes[card.id].child("weight")
        if (own is not None and own < smallest) or not (
            users_ferries and SCHEMA.is_packaged(weight)
        ):
            problems.append(
                weight.error(
                    f"weight {card.weight} exceeds capacity {limit}: "
                    "the card could never be played (F12)"
                )
            )
        else:
            too_heavy.append(card.id)
    if too_heavy:
        problems.append(
            ferry_change.error(
                f"the smallest ferry capacity {smallest} is below the weight of "
                f"{len(too_heavy)} card(s) ({excerpt(too_heavy)[1:-1]}): they could never be "
                "played (F12)"
            )
        )
    if problems:
        raise RulesDataError.of(problems)


def _check_ferries(
    params: dict[str, Node], ferries: int, docks: int, centre: int, gifts: tuple[int, ...]
) -> None:
    """F5, F17: the ferries fill the docks and the centre; a bonus for every departure."""
    if docks + centre != ferries:
        raise params["centre"].error(
            f"docks {docks} + centre {centre} must equal the {ferries} ferry cards (F5)"
        )
    if len(gifts) < centre + 1:
        raise params["departure_gifts"].error(
            f"needs an entry for each of the {centre + 1} departures of a round"
        )


def _never_ends(rounds: Node) -> None:
    raise rounds.error("rounds and penalty_limit are both null: the game would never end")


def _warn_traps(
    nodes: list[Node], animals: tuple[Card, ...], most: int, gifts: tuple[int, ...]
) -> None:
    """Data that loads but leaves a rule unreachable."""
    by_id = _by_id(nodes)
    for card in animals:
        node = by_id[card.id]
        if card.min_players > most:
            node.child("mark").warn(
                f"the card is never used: its mark asks for {card.min_players} players, the "
                f"rules allow at most {most} (F4)"
            )
        for name, text in (("id", card.id), ("species", card.species)):
            if text != text.strip() or any(c.isspace() for c in text):
                node.child(name).warn(f"{excerpt(text)} holds spaces")
    if gifts and not any(gifts):
        nodes[0].warn("no departure ever gives a bonus card: departure_gifts are all 0 (F17)")


def _noah_moves(docks: int) -> dict[tuple[Gender, int], tuple[MoveNoah, MoveNoah]]:
    to = [MoveNoah(dock) for dock in range(docks)]
    table = {}
    for gender, step in ((Gender.FEMALE, 1), (Gender.MALE, 2)):
        for dock in range(docks):
            low, high = sorted(((dock - step) % docks, (dock + step) % docks))
            table[gender, dock] = (to[low], to[high])
    return table


def _ways(card: Card) -> tuple[tuple[Boarded, PlayAnimal], ...]:
    choose = card.abilities.choose_gender
    genders = (Gender.MALE, Gender.FEMALE) if choose else (card.gender,)
    wild = card.abilities.wild_weight
    weights = range(wild[0], wild[1] + 1) if wild else (card.weight,)
    return tuple(
        (Boarded(card, g, w), PlayAnimal(card.id, g if choose else None, w if wild else None))
        for g in genders
        for w in weights
    )


def _parse_card(node: Node) -> Card:
    f = node.fields(("id", "species", "gender", "weight", "tears"), ("name", "mark", "abilities"))
    card_id, species, gender, weight, tears, mark, abilities, name = gather(
        f["id"].string,
        f["species"].string,
        partial(f["gender"].choice, _GENDERS),
        partial(f["weight"].integer, 0),
        partial(f["tears"].integer, 0),
        partial(_parse_mark, node.child("mark")),
        partial(parse_abilities, node.child("abilities")),
        partial(optional_names, node.child("name")),
    )
    card = Card(
        card_id, species, Gender(gender), weight, tears, mark, abilities, name or Names(species)
    )
    problems = []
    if (card.gender is Gender.EITHER) != abilities.choose_gender:
        problems.append(
            f["gender"].error("gender 'either' and the choose_gender ability go together (F29)")
        )
    wild = abilities.wild_weight
    if wild is not None and not wild[0] <= card.weight <= wild[1]:
        problems.append(
            f["weight"].error(f"weight {card.weight} lies outside wild_weight {list(wild)} (V2)")
        )
    if problems:
        raise RulesDataError.of(problems)
    return card


def _parse_mark(node: Node) -> str | None:
    if node.value is None:
        return None
    mark = node.string()
    if not _MARK.match(mark):
        raise node.error(f"expected a player-count mark like '4+', got '{mark}'")
    return mark


def _parse_ferry(node: Node) -> FerryCard:
    f = node.fields(("id", "capacity"), ("name", "unique_species"))
    unique = f["unique_species"].boolean if "unique_species" in f else lambda: False
    ferry_id, capacity, roommate, name = gather(
        f["id"].string,
        partial(f["capacity"].integer, 1),
        unique,
        partial(optional_names, node.child("name")),
    )
    return FerryCard(ferry_id, capacity, roommate, name or Names(ferry_id))
