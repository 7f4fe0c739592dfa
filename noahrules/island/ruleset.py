"""The island game's box: animal tiles, arks, the board and the rules parameters, from YAML.

:func:`load_rules` reads the packaged data (``data/island/``), applies variant overlays in the
order given, validates everything and returns one immutable :class:`Rules` value.
"""

from __future__ import annotations

import enum
from functools import partial

from attrs import field, frozen

from noahrules.data import (
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
from noahrules.errors import RulesDataError
from noahrules.island.board import Board, load_board, resolve_board
from noahrules.island.moves import Flood, MoveArk, PlaceArk, Rescue

__all__ = [
    "SCHEMA",
    "Ark",
    "Rules",
    "Scoring",
    "Tile",
    "TileKind",
    "check_rules",
    "load_rules",
    "packaged_variants",
]


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
    name: Names = field(eq=False, repr=False)
    """The species' name as players read it, per language (``name.in_language("de")``);
    without a name in the data, the species in English. It plays no part in equality."""

    @name.default
    def _species_name(self) -> Names:
        return Names(self.species)


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
    name: Names = field(eq=False, repr=False)
    """The ark's name as players read it, per language; without a name in the data, its
    colour. It plays no part in equality."""

    @name.default
    def _colour_name(self) -> Names:
        return Names(self.colour)


@frozen
class SpaceMoves:
    """Per space, the move of each kind that names it (shared, so the engine builds none); the
    rescues, per pair of spaces, as they are first asked for."""

    place: tuple[PlaceArk, ...]
    flood: tuple[Flood, ...]
    sail: tuple[MoveArk, ...]
    rescues: dict[tuple[int, int], Rescue] = field(factory=dict, eq=False, repr=False)
    """The rescues made so far, by their spaces (:meth:`rescue`)."""

    def rescue(self, first: int, second: int) -> Rescue:
        """``Rescue(first, second)``, made once."""
        move = self.rescues.get((first, second))
        if move is None:
            move = self.rescues.setdefault((first, second), Rescue(first, second))
        return move

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
    ark_spaces_are_water: bool
    """I1 [choice]: whether ark spaces are water for every rule. If not, an ark space scores no
    flood point (I10), turns no tile face up (I8) and no ark sails onto one (I13); arks still
    start there (I7) and the flood may still rise next to one (I9)."""
    kind: dict[str, TileKind] = field(repr=False)
    """Tile kinds by species."""
    face_down: dict[str, Tile] = field(repr=False)
    """The face-down tile of each species (tiles are values; these are shared)."""
    face_up: dict[str, Tile] = field(repr=False)
    """The face-up tile of each species."""
    moves: SpaceMoves = field(repr=False)
    """The moves naming each space, made once."""
    printed_water: frozenset[int] = field(repr=False)
    """I1: the spaces that are water before any water tile is laid: the sea, and the ark spaces
    if ``ark_spaces_are_water``."""

    def frontier(self, water: frozenset[int]) -> tuple[int, ...]:
        """I9: the land spaces where the flood may rise with this ``water``, ascending: those
        next to water or to an ark space (I9 names ark spaces, whether or not they are water)."""
        return self.board.shore(water.union(self.board.of_kind("ark")))

    def is_species(self, species: str) -> bool:
        """Whether rescued animals of ``species`` count as a species for I17-I19 (I2)."""
        return species != "unicorn" or self.unicorn_is_species


MOST_PLAYERS = 8
"""The most players rules data may allow (the packaged data: 2 to 4)."""
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
    "ark_spaces_are_water",
)
SCHEMA = Schema("island", data_dir("island"), _LISTINGS, _RULES_KEYS)
"""What the island game's rules data holds."""
_ADDED_PARAMS = {"ark_spaces_are_water": True}
"""Parameters added after rules were first saved, with the value that plays as before (left out
of the digest at that value, see :func:`~noahrules.data.param_values`)."""


def load_rules(variants: Variants = ()) -> Rules:
    """Load the island game's rules data with the given variants applied, in order.

    A variant is a packaged variant's name (``"advanced-scoring"``, ``"small-island"``) or the
    path of a YAML overlay file (relative to the working directory; a board file it names is
    read relative to the variant file). The rules are loaded once and cached by the content of
    the files read. Raises :class:`~noahrules.errors.RulesDataError` naming file, key path and
    problem for any bad data.
    """
    return cached_load(SCHEMA, variants, _load)


def check_rules(variants: Variants = ()) -> Findings:
    """Every problem (and trap) of the island rules data with ``variants``, in one pass: what
    ``noahrules validate`` lists. :func:`load_rules` raises them all at once."""
    return check_load(SCHEMA, variants, _load)


def packaged_variants() -> tuple[str, ...]:
    """The names of the island game's packaged variants, sorted."""
    return SCHEMA.known_variants()


def _load(reader: Reader, variants: tuple[Source, ...]) -> Rules:
    layers = load_layers(reader, SCHEMA, variants)
    found = reader.findings
    params = layers.params
    kinds = parse_unique(layers.collections["tiles"], _parse_kind, lambda k: k.species, "species")
    arks = parse_unique(layers.collections["arks"], _parse_ark, lambda a: a.colour, "ark colour")
    loaded = found.attempt(partial(_board, reader, params["board"]))
    players = found.attempt(partial(params["players"].bounds, 2, MOST_PLAYERS))
    scoring = found.attempt(partial(params["scoring"].choice, [s.value for s in Scoring]))
    bonuses = found.attempt(partial(_bonuses, params["sole_rescuer_bonus"]))
    starting = found.attempt(partial(_starting_points, params["starting_points"]))
    water_tiles = found.attempt(partial(params["water_tiles"].integer, 1))
    set_aside = found.attempt(partial(params["set_aside"].integer, 0))
    actions = found.attempt(partial(params["actions_per_turn"].integer, 0, 10))
    species_points = found.attempt(partial(params["species_points"].integer, 0))
    unicorn = found.attempt(params["unicorn_is_species"].boolean)
    ark_water = found.attempt(params["ark_spaces_are_water"].boolean)  # I1
    found.settle()
    assert loaded is not None and players is not None and scoring is not None
    assert bonuses is not None and starting is not None and water_tiles is not None
    assert set_aside is not None and actions is not None and species_points is not None
    assert unicorn is not None and ark_water is not None
    board, map_node = loaded
    rules = Rules(
        tiles=kinds,
        arks=arks,
        board=board,
        min_players=players[0],
        max_players=players[1],
        water_tiles=water_tiles,
        set_aside=set_aside,
        starting_points=starting,
        actions_per_turn=actions,
        scoring=Scoring(scoring),
        sole_rescuer_bonus=bonuses[scoring],
        species_points=species_points,
        unicorn_is_species=unicorn,
        ark_spaces_are_water=ark_water,
        variants=layers.labels,
        packaged=layers.packaged,
        digest=digest(
            {
                "tiles": [unnamed(n.value) for n in layers.collections["tiles"]],
                "arks": [unnamed(n.value) for n in layers.collections["arks"]],
                "rules": param_values(params, _ADDED_PARAMS),
                "board": list(board.rows),
                "kinds": list(board.kind),
            }
        ),
        kind={k.species: k for k in kinds},
        face_down={k.species: Tile(k.species, False) for k in kinds},
        face_up={k.species: Tile(k.species, True) for k in kinds},
        moves=SpaceMoves.of(board),
        printed_water=frozenset(board.of_kind("sea", "ark") if ark_water else board.of_kind("sea")),
    )
    for check in (_check_tiles, _check_seats, _check_arks):
        found.attempt(partial(check, rules, layers, map_node))
    found.settle()
    _warn_traps(rules, layers)
    return rules


def _board(reader: Reader, node: Node) -> tuple[Board, Node]:
    return load_board(reader, resolve_board(node))


def _bonuses(node: Node) -> dict[str, int]:
    """I17, I18: the sole-rescuer bonus of every scheme, whichever is in force."""
    entries = node.fields([s.value for s in Scoring])
    values = gather(*(partial(entry.integer, 0) for entry in entries.values()))
    return dict(zip(entries, values, strict=True))


def _starting_points(node: Node) -> tuple[int, ...]:
    return tuple(gather(*(partial(n.integer, 0) for n in node.items())))


def _check_tiles(rules: Rules, layers: Layers, map_node: Node) -> None:
    """I1, I5: one tile on each jungle space, the rest set aside; enough land for the water."""
    params = layers.params
    board = rules.board
    total = sum(k.count for k in rules.tiles)
    jungle = len(board.of_kind("jungle"))
    land = len(board.of_kind("beach", "jungle"))
    if rules.set_aside > total:
        raise params["set_aside"].error(f"only {total} tiles exist to set aside {rules.set_aside}")
    if jungle != total - rules.set_aside:
        culprit = SCHEMA.blamed(params["set_aside"], layers.sources["tiles"], map_node)
        raise culprit.error(
            f"the map has {jungle} jungle spaces, but {total} tiles minus set_aside "
            f"{rules.set_aside} put one tile on each of {total - rules.set_aside} (I5)"
        )
    if land < rules.water_tiles:
        raise SCHEMA.blamed(params["water_tiles"], map_node).error(
            f"the map has {land} land spaces, fewer than the {rules.water_tiles} water tiles (I1)"
        )


def _check_seats(rules: Rules, layers: Layers, map_node: Node) -> None:
    """I4, I6, I7: the most players need as many arks, starting points and ark spaces."""
    params = layers.params
    high = rules.max_players
    players = params["players"]
    for name, count, source in (
        ("arks", len(rules.arks), layers.sources["arks"]),
        ("starting points", len(rules.starting_points), params["starting_points"]),
        ("ark spaces", len(rules.board.of_kind("ark")), map_node),
    ):
        if count < high:
            culprit = source if SCHEMA.is_packaged(players) else players
            raise culprit.error(f"{high} players need {high} {name}, there are {count} {name}")


def _check_arks(rules: Rules, layers: Layers, map_node: Node) -> None:
    """I4: each ark marks three different rescuable species as x2."""
    problems = []
    for node, ark in zip(layers.collections["arks"], rules.arks, strict=False):
        doubled = node.child("doubled")
        twice = sorted({s for s in ark.doubled if ark.doubled.count(s) > 1})
        if twice:
            problems.append(
                doubled.error(f"'{twice[0]}' is named twice; an ark marks different species (I4)")
            )
        if len(ark.doubled) != _DOUBLED:
            problems.append(
                doubled.error(f"an ark marks {_DOUBLED} species as x2, not {len(ark.doubled)} (I4)")
            )
        for species in dict.fromkeys(ark.doubled):
            kind = rules.kind.get(species)
            if kind is None or not kind.rescuable:
                culprit = SCHEMA.blamed(doubled, layers.sources["tiles"])  # the ark, or tiles
                problems.append(
                    culprit.error(
                        f"'{species}' is not a rescuable species of the tiles (I4), "
                        f"yet the {ark.colour} ark marks it x2"
                    )
                )
    if problems:
        raise RulesDataError.of(problems)


def _warn_traps(rules: Rules, layers: Layers) -> None:
    """Data that loads but leaves a rule unreachable."""
    if rules.actions_per_turn == 0:
        layers.params["actions_per_turn"].warn("no action is ever taken: nobody rescues (I12)")
    for node in layers.collections["tiles"]:
        kind = (
            rules.kind.get(str(node.value.get("species"))) if isinstance(node.value, dict) else None
        )
        if kind is not None and kind.rescuable and kind.count < 2:
            node.child("count").warn(f"{kind.count} {kind.species}: never a pair to rescue (I14)")


def _parse_kind(node: Node) -> TileKind:
    f = node.fields(("species", "count", "points"), ("name", "rescuable"))
    rescuable = f["rescuable"].boolean if "rescuable" in f else lambda: True
    species, count, points, can_rescue, name = gather(
        f["species"].string,
        partial(f["count"].integer, 0),
        partial(f["points"].integer, 0),
        rescuable,
        partial(optional_names, node.child("name")),
    )
    return TileKind(species, count, points, can_rescue, name or Names(species))


def _parse_ark(node: Node) -> Ark:
    f = node.fields(("colour", "doubled"), ("name",))
    colour, doubled, name = gather(
        f["colour"].string,
        partial(_species, f["doubled"]),
        partial(optional_names, node.child("name")),
    )
    return Ark(colour, doubled, name or Names(colour))


def _species(node: Node) -> tuple[str, ...]:
    return tuple(gather(*(item.string for item in node.items())))
