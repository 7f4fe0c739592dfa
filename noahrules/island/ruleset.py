"""The island game's box: animal tiles, arks, the board and the rules parameters, from YAML.

:func:`load_rules` reads the packaged data (``data/island/``), applies variant overlays in the
order given, validates everything and returns one immutable :class:`Rules` value.
"""

from __future__ import annotations

import enum
from pathlib import Path

from attrs import field, frozen

from noahrules.data import (
    Layers,
    Listing,
    Node,
    Reader,
    RulesIdentity,
    Source,
    Variants,
    cached_load,
    data_dir,
    digest,
    known_variants,
    load_layers,
    parse_unique,
)
from noahrules.island.board import Board, load_board, resolve_board
from noahrules.island.moves import Flood, MoveArk, PlaceArk

__all__ = ["Ark", "Rules", "Scoring", "Tile", "TileKind", "load_rules", "packaged_variants"]


class Scoring(enum.Enum):
    """The scoring scheme (``scoring``)."""

    SIMPLE = "simple"
    """I17: per animal; unicorns 2."""
    ADVANCED = "advanced"
    """I18: each species worth 6 in all, shared per rescued pair."""


@frozen(cache_hash=True)
class TileKind:
    """One kind of animal tile (I2): its species, how many tiles, their points (I17)."""

    species: str
    count: int
    points: int
    rescuable: bool = True


@frozen(cache_hash=True)
class Tile:
    """An animal tile on the island: its species and whether it lies face up."""

    species: str
    face_up: bool


@frozen(cache_hash=True)
class Ark:
    """An ark (I4): its colour and the three species it marks x2."""

    colour: str
    doubled: tuple[str, ...]


@frozen
class SpaceMoves:
    """Per space, the move of each kind that names it (shared, so the engine builds none)."""

    place: tuple[PlaceArk, ...]
    flood: tuple[Flood, ...]
    sail: tuple[MoveArk, ...]

    @classmethod
    def of(cls, board: Board) -> SpaceMoves:
        spaces = board.spaces
        return cls(
            tuple(map(PlaceArk, spaces)), tuple(map(Flood, spaces)), tuple(map(MoveArk, spaces))
        )


@frozen(eq=False, repr=False)
class Rules(RulesIdentity):
    """Everything that defines one island game. Build it with :func:`load_rules`.

    Its first fields, ``variants``, ``packaged`` and ``digest`` (of the data and the board), and
    its equality come from :class:`~noahrules.data.RulesIdentity`.
    """

    tiles: tuple[TileKind, ...]
    arks: tuple[Ark, ...]
    """Seat k plays ark k."""
    board: Board
    min_players: int
    max_players: int
    water_tiles: int
    set_aside: int
    starting_points: tuple[int, ...]
    actions_per_turn: int
    scoring: Scoring
    sole_rescuer_bonus: int
    """The bonus of the scheme in force (I17, I18)."""
    species_points: int
    unicorn_is_species: bool
    kind: dict[str, TileKind] = field(repr=False)
    """Tile kinds by species."""
    face_down: dict[str, Tile] = field(repr=False)
    """The face-down tile of each species (tiles are values; these are shared)."""
    face_up: dict[str, Tile] = field(repr=False)
    """The face-up tile of each species."""
    moves: SpaceMoves = field(repr=False)
    """The moves naming each space, made once."""

    def is_species(self, species: str) -> bool:
        """Whether rescued animals of ``species`` count as a species for I17-I19 (I2)."""
        return species != "unicorn" or self.unicorn_is_species


_DOUBLED = 3
"""I4: the species each ark marks x2."""
_LISTINGS = (
    Listing("tiles", "tiles.yaml", "tile kind", key="species"),
    Listing("arks", "arks.yaml", "ark", key="colour"),
)
_RULES_KEYS = (
    "players",
    "board",
    "water_tiles",
    "set_aside",
    "starting_points",
    "actions_per_turn",
    "scoring",
    "sole_rescuer_bonus",
    "species_points",
    "unicorn_is_species",
)


def load_rules(variants: Variants = ()) -> Rules:
    """Load the island game's rules data with the given variants applied, in order.

    A variant is a packaged variant's name (``"advanced-scoring"``, ``"small-island"``) or the
    path of a YAML overlay file (relative to the working directory; a board file it names is
    read relative to the variant file). The rules are loaded once and cached by the content of
    the files read. Raises :class:`~noahrules.errors.RulesDataError` naming file, key path and
    problem for any bad data.
    """
    return cached_load("island", variants, _load)


def packaged_variants() -> tuple[str, ...]:
    """The names of the island game's packaged variants, sorted."""
    return known_variants("island")


def _load(reader: Reader, variants: tuple[Source, ...]) -> Rules:
    layers = load_layers(reader, "island", _LISTINGS, _RULES_KEYS, variants)
    params = layers.params
    kinds = parse_unique(layers.collections["tiles"], _parse_kind, lambda k: k.species, "species")
    arks = parse_unique(layers.collections["arks"], _parse_ark, lambda a: a.colour, "ark colour")
    board, map_node = load_board(reader, resolve_board(params["board"]))
    low, high = params["players"].bounds(2)
    scoring = Scoring(params["scoring"].choice([s.value for s in Scoring]))
    bonus = params["sole_rescuer_bonus"].fields([s.value for s in Scoring])
    starting = tuple(n.integer(0) for n in params["starting_points"].items())
    rules = Rules(
        tiles=kinds,
        arks=arks,
        board=board,
        min_players=low,
        max_players=high,
        water_tiles=params["water_tiles"].integer(1),
        set_aside=params["set_aside"].integer(0),
        starting_points=starting,
        actions_per_turn=params["actions_per_turn"].integer(0),
        scoring=scoring,
        sole_rescuer_bonus=bonus[scoring.value].integer(0),
        species_points=params["species_points"].integer(0),
        unicorn_is_species=params["unicorn_is_species"].boolean(),
        variants=layers.labels,
        packaged=layers.packaged,
        digest=digest(
            {
                "tiles": [n.value for n in layers.collections["tiles"]],
                "arks": [n.value for n in layers.collections["arks"]],
                "rules": {key: node.value for key, node in params.items()},
                "board": list(board.rows),
                "kinds": list(board.kind),
            }
        ),
        kind={k.species: k for k in kinds},
        face_down={k.species: Tile(k.species, False) for k in kinds},
        face_up={k.species: Tile(k.species, True) for k in kinds},
        moves=SpaceMoves.of(board),
    )
    _check_counts(rules, layers, map_node)
    return rules


def _check_counts(rules: Rules, layers: Layers, map_node: Node) -> None:
    """The board and parameters must fit the box and each other."""
    params = layers.params
    board = rules.board
    total = sum(k.count for k in rules.tiles)
    jungle = len(board.of_kind("jungle"))
    land = len(board.of_kind("beach", "jungle"))
    if rules.set_aside > total:
        raise params["set_aside"].error(f"only {total} tiles exist to set aside {rules.set_aside}")
    if jungle != total - rules.set_aside:
        raise map_node.error(
            f"the map has {jungle} jungle spaces, but {total} tiles minus set_aside "
            f"{rules.set_aside} put one tile on each of {total - rules.set_aside} (I5)"
        )
    if land < rules.water_tiles:
        raise map_node.error(
            f"the map has {land} land spaces, fewer than the {rules.water_tiles} water tiles (I1)"
        )
    high = rules.max_players
    players = params["players"]
    for name, count, source in (
        ("arks", len(rules.arks), layers.sources["arks"]),
        ("starting points", len(rules.starting_points), params["starting_points"]),
        ("ark spaces", len(board.of_kind("ark")), map_node),
    ):
        if count < high:
            culprit = source if _packaged(players) else players
            raise culprit.error(f"{high} players need {high} {name}, there are {count} {name}")
    for node, ark in zip(layers.collections["arks"], rules.arks, strict=True):
        doubled = node.child("doubled")
        twice = sorted({s for s in ark.doubled if ark.doubled.count(s) > 1})
        if twice:
            raise doubled.error(f"'{twice[0]}' is named twice; an ark marks different species (I4)")
        if len(ark.doubled) != _DOUBLED:
            raise doubled.error(
                f"an ark marks {_DOUBLED} species as x2, not {len(ark.doubled)} (I4)"
            )
        for species in ark.doubled:
            kind = rules.kind.get(species)
            if kind is None or not kind.rescuable:
                raise doubled.error(f"'{species}' is not a rescuable species of the tiles (I4)")


def _packaged(node: Node) -> bool:
    """Whether a value comes from the packaged data rather than a user's file."""
    return Path(node.file).resolve().is_relative_to(data_dir("island").resolve())


def _parse_kind(node: Node) -> TileKind:
    f = node.fields(("species", "count", "points"), ("rescuable",))
    rescuable = f["rescuable"].boolean() if "rescuable" in f else True
    return TileKind(f["species"].string(), f["count"].integer(0), f["points"].integer(0), rescuable)


def _parse_ark(node: Node) -> Ark:
    f = node.fields(("colour", "doubled"))
    return Ark(f["colour"].string(), tuple(n.string() for n in f["doubled"].items()))
