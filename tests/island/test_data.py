"""The island game's rules data (I1-I5): the packaged box and board, the variants, bad data.

Expected values come from docs/island.md, never from the YAML: the packaged data is checked
against the spec, and every bad-data case is a small file written to pytest's ``tmp_path``
(a variant overlay, sometimes with a board beside it) loaded with ``load_rules([path])``.
Every problem must be a :class:`RulesDataError` naming the file, the key path and the problem
(and, for a map, the row and column of the space at fault, both counted from 1).
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from noahrules import island
from noahrules.errors import RulesDataError
from noahrules.island import Board, Rules, Scoring, load_rules

LAND = ("beach", "jungle")
WATER = ("sea", "ark")
LEGEND = {"~": "sea", "A": "ark", ".": "beach", "#": "jungle"}
KNOWN_PARAMETERS = (
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

# A tiny valid island drawn by hand: 10 jungle spaces (3 + 4 + 3), no beach, four ark spaces
# (row 2, columns 4 and 12; row 4, columns 4 and 12), each touching jungle; sea all round.
# Row r / column c below are counted from 1 as in the loader's messages.
TINY = (
    "~ ~ ~ ~ ~ ~ ~",
    " ~ A # # # A ~",
    "~ ~ # # # # ~ ~",
    " ~ A # # # A ~",
    "~ ~ ~ ~ ~ ~ ~",
)
TINY_JUNGLE = 10
TINY_ARKS = 4


def board_text(rows: Sequence[str], legend: Mapping[str, str] = LEGEND) -> str:
    """A board file in the packaged style: legend, then the map as a ``|2`` literal block."""
    lines = ["legend:"]
    lines += [f'  "{key}": {kind}' for key, kind in legend.items()]
    lines.append("map: |2")
    lines += [f"  {row}" for row in rows]
    return "\n".join(lines) + "\n"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def board_variant(
    tmp_path: Path,
    rows: Sequence[str],
    *,
    legend: Mapping[str, str] = LEGEND,
    set_aside: int = 80 - TINY_JUNGLE,
    water_tiles: int = 8,
    extra: str = "",
) -> tuple[Path, Path]:
    """Write ``rows`` as tmp_path/board.yaml and a variant tmp_path/variant.yaml naming it by a
    relative path; returns (variant, board)."""
    board = write(tmp_path / "board.yaml", board_text(rows, legend))
    variant = write(
        tmp_path / "variant.yaml",
        "rules:\n"
        "  board: board.yaml\n"
        f"  set_aside: {set_aside}\n"
        f"  water_tiles: {water_tiles}\n" + extra,
    )
    return variant, board


def load_error(variant: Path) -> RulesDataError:
    """Load ``variant``; return the RulesDataError it must raise."""
    with pytest.raises(RulesDataError) as info:
        load_rules([str(variant)])
    return info.value


def overlay_error(tmp_path: Path, text: str) -> tuple[RulesDataError, Path]:
    """Load ``text`` as a variant overlay tmp_path/bad.yaml; return its error and the file."""
    path = write(tmp_path / "bad.yaml", text)
    return load_error(path), path


def assert_error(error: RulesDataError, file: Path | str, path: str, *words: str) -> None:
    """The error names ``file`` and the key ``path``, and its message holds every word."""
    assert error.file == str(file)
    assert error.path == path
    message = str(error)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    assert str(file) in message
    assert path in message


def play_out(rules: Rules, players: int = 2, seed: int = 1) -> island.State:
    """A whole game, always taking the first legal move."""
    state = island.new_game(rules, players=players, seed=seed)
    for _ in range(10_000):
        if island.is_over(state):
            return state
        state = island.apply(state, island.legal_moves(state)[0])
    raise AssertionError("the game did not end within 10000 moves")


def hex_around(r: int, c: int) -> tuple[tuple[int, int], ...]:
    """The six places touching (r, c) in doubled hex coordinates: left and right in the row,
    one column to either side in the rows above and below."""
    return ((r, c - 2), (r, c + 2), (r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1))


def spaces(board: Board, *kinds: str) -> list[int]:
    """Spaces of the given kinds, computed from ``board.kind`` (not ``of_kind``)."""
    return [s for s, k in enumerate(board.kind) if k in kinds]


@pytest.fixture(scope="module")
def rules() -> Rules:
    return load_rules()


# --- the packaged tiles and arks (I2, I4) ------------------------------------------------------


def test_i2_eighty_tiles(rules: Rules) -> None:
    assert sum(k.count for k in rules.tiles) == 80
    assert len(rules.tiles) == 14  # 12 species + unicorn + fishbone
    assert len({k.species for k in rules.tiles}) == 14


def test_i2_twelve_species_of_six_worth_one_point(rules: Rules) -> None:
    ordinary = [k for k in rules.tiles if k.species not in ("unicorn", "fishbone")]
    assert len(ordinary) == 12
    for kind in ordinary:
        assert (kind.count, kind.points, kind.rescuable) == (6, 1, True), kind


def test_i2_two_unicorns_worth_two_points(rules: Rules) -> None:
    unicorn = rules.kind["unicorn"]
    assert (unicorn.count, unicorn.points, unicorn.rescuable) == (2, 2, True)
    assert rules.is_species("unicorn")  # I2 [choice]: unicorn_is_species true


def test_i2_six_fishbones_never_rescuable(rules: Rules) -> None:
    not_rescuable = [k for k in rules.tiles if not k.rescuable]
    assert [k.species for k in not_rescuable] == ["fishbone"]
    assert rules.kind["fishbone"].count == 6


def test_i4_four_arks_split_the_twelve_species_three_each(rules: Rules) -> None:
    ordinary = {k.species for k in rules.tiles if k.count == 6 and k.rescuable}
    assert len(ordinary) == 12
    assert len(rules.arks) == 4
    assert len({a.colour for a in rules.arks}) == 4
    for ark in rules.arks:
        assert len(ark.doubled) == 3, ark
        assert len(set(ark.doubled)) == 3, ark
    doubled = Counter(s for a in rules.arks for s in a.doubled)
    # every one of the 12 species is doubled by exactly one ark; no unicorn, no fishbone
    assert set(doubled) == ordinary
    assert set(doubled.values()) == {1}


# --- the packaged parameters (I3, I5, I6, I12, I17, I18) ---------------------------------------


def test_packaged_parameters(rules: Rules) -> None:
    assert rules.water_tiles == 36  # I3
    assert rules.actions_per_turn == 2  # I12
    assert rules.starting_points == (1, 2, 3, 4)  # I6
    assert rules.scoring is Scoring.SIMPLE  # I17 is the default
    assert rules.sole_rescuer_bonus == 2  # I17
    assert rules.set_aside == 6  # I5: 80 tiles on 74 jungle spaces
    assert (rules.min_players, rules.max_players) == (2, 4)
    assert (island.GAME.min_players, island.GAME.max_players) == (2, 4)
    assert rules.species_points == 6  # I18
    assert rules.unicorn_is_species is True  # I2 [choice]
    assert rules.ark_spaces_are_water is True  # I1 [choice]
    assert rules.variants == ()


# --- the default board (I1) --------------------------------------------------------------------


def test_i1_default_board_is_the_default(rules: Rules) -> None:
    assert rules.board.name == "default"
    assert set(rules.board.kind) <= {"sea", "ark", "beach", "jungle"}


def test_i1_default_board_has_74_jungle_spaces(rules: Rules) -> None:
    assert len(spaces(rules.board, "jungle")) == 74
    assert len(spaces(rules.board, "jungle")) == 80 - rules.set_aside


def test_i1_default_board_land_at_least_the_water_tiles(rules: Rules) -> None:
    assert len(spaces(rules.board, *LAND)) >= 36


def test_i1_default_board_sea_around_all_land(rules: Rules) -> None:
    board = rules.board
    for space in spaces(board, *LAND):
        assert len(board.neighbours[space]) == 6, board.where(space)


def test_i1_default_board_six_ark_spaces_next_to_land(rules: Rules) -> None:
    board = rules.board
    arks = spaces(board, "ark")
    assert len(arks) == 6
    for space in arks:
        assert any(board.kind[n] in LAND for n in board.neighbours[space]), board.where(space)


def test_i1_default_board_is_one_connected_island(rules: Rules) -> None:
    board = rules.board
    land = set(spaces(board, *LAND))
    start = min(land)
    seen = {start}
    queue = deque([start])
    while queue:
        for n in board.neighbours[queue.popleft()]:
            if n in land and n not in seen:
                seen.add(n)
                queue.append(n)
    assert seen == land


def test_i1_default_board_8_to_16_jungle_spaces_touch_water(rules: Rules) -> None:
    board = rules.board
    shore = [
        s
        for s in spaces(board, "jungle")
        if any(board.kind[n] in WATER for n in board.neighbours[s])
    ]
    assert 8 <= len(shore) <= 16


def test_i1_default_board_beach_rim_leaves_jungle_touching_the_sea(rules: Rules) -> None:
    board = rules.board
    assert spaces(board, "beach")
    assert any(
        any(board.kind[n] == "sea" for n in board.neighbours[s]) for s in spaces(board, "jungle")
    )


def test_i1_default_board_adjacency_symmetric_at_most_six(rules: Rules) -> None:
    board = rules.board
    assert len(board.neighbours) == len(board.kind) == len(board.position)
    for space, neighbours in enumerate(board.neighbours):
        assert len(neighbours) <= 6
        assert len(set(neighbours)) == len(neighbours)
        assert space not in neighbours
        for n in neighbours:
            assert space in board.neighbours[n], (space, n)


def test_i1_default_board_neighbours_follow_doubled_coordinates(rules: Rules) -> None:
    board = rules.board
    at = {rc: s for s, rc in enumerate(board.position)}
    assert len(at) == len(board.position)  # no two spaces share a place
    for space, (r, c) in enumerate(board.position):
        expected = {at[rc] for rc in hex_around(r, c) if rc in at}
        assert set(board.neighbours[space]) == expected, board.where(space)
    # a space in the middle of the land has exactly those six
    middle = next(s for s in spaces(board, "jungle") if len(board.neighbours[s]) == 6)
    r, c = board.position[middle]
    assert {board.position[n] for n in board.neighbours[middle]} == set(hex_around(r, c))


def test_i1_board_map_positions_count_rows_and_columns_from_one(tmp_path: Path) -> None:
    variant, _ = board_variant(tmp_path, TINY)
    board = load_rules([str(variant)]).board
    # the first space is the top-left sea at row 1, column 1; the first ark is row 2, column 4
    assert board.position[0] == (1, 1)
    assert board.kind[0] == "sea"
    first_ark = spaces(board, "ark")[0]
    assert board.position[first_ark] == (2, 4)
    assert board.where(first_ark) == "row 2, column 4"
    # 7 + 7 + 8 + 7 + 7 spaces; 10 jungle, 4 arks
    assert len(board.kind) == 36
    assert len(spaces(board, "jungle")) == TINY_JUNGLE
    assert len(spaces(board, "ark")) == TINY_ARKS


def test_i5_new_game_on_default_board_fills_the_jungle(rules: Rules) -> None:
    state = island.new_game(rules, players=4, seed=3)
    board = rules.board
    occupied = [s for s, tile in enumerate(state.tiles) if tile is not None]
    assert occupied == spaces(board, "jungle")
    assert len(state.set_aside) == 6
    assert not any(t.face_up for t in state.tiles if t is not None)


# --- the variants ------------------------------------------------------------------------------


def test_variant_advanced_scoring() -> None:
    rules = load_rules(["advanced-scoring"])
    assert rules.scoring is Scoring.ADVANCED
    assert rules.sole_rescuer_bonus == 2  # I18 [choice]
    assert rules.variants == ("advanced-scoring",)
    assert rules.digest != load_rules().digest


def test_variant_small_island_board(rules: Rules) -> None:
    small = load_rules(["small-island"])
    board = small.board
    jungle = spaces(board, "jungle")
    land = spaces(board, *LAND)
    assert len(board.kind) < len(rules.board.kind)
    assert len(jungle) < 74
    assert len(jungle) == 80 - small.set_aside
    assert len(land) >= small.water_tiles
    assert len(spaces(board, "ark")) >= small.max_players
    for space in land:
        assert len(board.neighbours[space]) == 6, board.where(space)
    # the tiles and arks are those of the box
    assert sum(k.count for k in small.tiles) == 80
    assert small.arks == rules.arks


@pytest.mark.parametrize("players", [2, 3, 4])
def test_variant_small_island_plays_a_game(players: int) -> None:
    small = load_rules(["small-island"])
    start = island.new_game(small, players=players, seed=5)
    occupied = [s for s, tile in enumerate(start.tiles) if tile is not None]
    assert occupied == spaces(small.board, "jungle")
    assert len(start.set_aside) == small.set_aside
    end = play_out(small, players=players, seed=5)
    assert island.is_over(end)
    assert len(island.scores(end)) == players


def test_variant_board_by_relative_path_plays_a_full_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the board lives in a sibling folder; the path is relative to the variant's folder, not
    # to the working directory
    write(tmp_path / "boards" / "tiny.yaml", board_text(TINY))
    variant = write(
        tmp_path / "variants" / "tiny-island.yaml",
        "description: a tiny island\n"
        "rules:\n"
        "  board: ../boards/tiny.yaml\n"
        f"  set_aside: {80 - TINY_JUNGLE}\n"
        "  water_tiles: 9\n",
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    tiny = load_rules([str(variant)])
    assert tiny.board.name == "tiny"
    assert len(spaces(tiny.board, "jungle")) == TINY_JUNGLE
    assert tiny.water_tiles == 9
    for players in (2, 4):
        start = island.new_game(tiny, players=players, seed=11)
        assert sum(tile is not None for tile in start.tiles) == TINY_JUNGLE
        assert len(start.set_aside) == 80 - TINY_JUNGLE
        end = play_out(tiny, players=players, seed=11)
        assert island.is_over(end)
        assert len(island.scores(end)) == players


def test_variant_board_by_absolute_path(tmp_path: Path) -> None:
    board = write(tmp_path / "b" / "tiny.yaml", board_text(TINY))
    variant = write(
        tmp_path / "v.yaml",
        f"rules:\n  board: {board}\n  set_aside: {80 - TINY_JUNGLE}\n  water_tiles: 9\n",
    )
    assert len(spaces(load_rules([str(variant)]).board, "jungle")) == TINY_JUNGLE


def test_variants_apply_in_order(tmp_path: Path) -> None:
    # small-island sets water_tiles 20; a later overlay overrides it
    later = write(tmp_path / "later.yaml", "rules:\n  water_tiles: 21\n")
    assert load_rules(["small-island", str(later)]).water_tiles == 21
    assert load_rules(["small-island", "advanced-scoring"]).scoring is Scoring.ADVANCED


# --- bad boards (I1) ---------------------------------------------------------------------------


def test_i1_unknown_map_character(tmp_path: Path) -> None:
    rows = list(TINY)
    rows[2] = "~ ~ # X # # ~ ~"  # the X at row 3, column 7
    variant, board = board_variant(tmp_path, rows)
    assert_error(load_error(variant), board, "map", "row 3, column 7", "'X'", "legend")


def test_i1_space_at_wrong_column_parity(tmp_path: Path) -> None:
    rows = list(TINY)
    rows[1] = "~ A # # # A ~"  # row 2 not shifted: its first space at row 2, column 1
    variant, board = board_variant(tmp_path, rows)
    assert_error(load_error(variant), board, "map", "row 2, column 1", "two columns apart")


def test_i1_space_at_wrong_column_parity_inside_a_row(tmp_path: Path) -> None:
    rows = list(TINY)
    rows[2] = "~ ~ # #  # # ~ ~"  # the third # slips one column right: row 3, column 10
    variant, board = board_variant(tmp_path, rows)
    assert_error(load_error(variant), board, "map", "row 3, column 10", "two columns apart")


def test_i1_land_at_the_edge_of_the_map(tmp_path: Path) -> None:
    rows = (
        "~ ~ ~ ~ ~",
        " ~ A # # #",  # the last # (row 2, column 10) has nothing to its right
        "~ ~ ~ ~ ~",
    )
    variant, board = board_variant(tmp_path, rows, set_aside=77, water_tiles=3)
    assert_error(load_error(variant), board, "map", "row 2, column 10", "edge")


def test_i1_land_in_the_top_row(tmp_path: Path) -> None:
    rows = list(TINY)
    rows[0] = "~ ~ ~ # ~ ~ ~"  # jungle at row 1, column 7: no row above
    variant, board = board_variant(tmp_path, rows)
    assert_error(load_error(variant), board, "map", "row 1, column 7", "edge")


def test_i1_ark_space_not_touching_land(tmp_path: Path) -> None:
    rows = list(TINY)
    rows[0] = "~ ~ ~ ~ ~ ~ A"  # an ark space at row 1, column 13: only sea and an ark below it
    variant, board = board_variant(tmp_path, rows)
    assert_error(load_error(variant), board, "map", "row 1, column 13", "ark", "land")


def test_i1_map_without_spaces(tmp_path: Path) -> None:
    variant, board = board_variant(tmp_path, ("   ",))
    assert_error(load_error(variant), board, "map", "no spaces")


def test_i5_jungle_count_differs_after_set_aside_changed(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  set_aside: 5\n")
    # 74 jungle spaces, but 80 - 5 = 75 tiles to lay out: the variant that set set_aside is
    # to blame, not the packaged board
    assert_error(error, bad, "rules.set_aside", "74", "80", "75", "set_aside")
    assert error.line == 2


def test_i5_board_with_too_few_jungle_spaces(tmp_path: Path) -> None:
    # the tiny board has 10 jungle spaces; with the box's set_aside 6 there are 74 tiles for them
    board = write(tmp_path / "board.yaml", board_text(TINY))
    variant = write(tmp_path / "variant.yaml", "rules:\n  board: board.yaml\n  water_tiles: 5\n")
    assert_error(load_error(variant), board, "map", "10 jungle", "74")


def test_i5_set_aside_above_the_tiles(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  set_aside: 81\n")
    assert_error(error, bad, "rules.set_aside", "80", "81")


def test_i1_fewer_land_spaces_than_water_tiles(tmp_path: Path) -> None:
    # 10 land spaces, 11 water tiles
    variant, _ = board_variant(tmp_path, TINY, water_tiles=11)
    # the value that does not fit is the variant's water_tiles
    assert_error(load_error(variant), variant, "rules.water_tiles", "10 land", "11 water")


def test_i1_water_tiles_equal_to_land_spaces_is_fine(tmp_path: Path) -> None:
    variant, _ = board_variant(tmp_path, TINY, water_tiles=10)
    assert load_rules([str(variant)]).water_tiles == 10


def test_i1_too_many_water_tiles_for_the_default_board(tmp_path: Path) -> None:
    rules = load_rules()
    land = len(spaces(rules.board, *LAND))
    error, bad = overlay_error(tmp_path, f"rules:\n  water_tiles: {land + 1}\n")
    assert_error(error, bad, "rules.water_tiles", f"{land} land", f"{land + 1} water")


def test_i1_unknown_board_name_lists_known_boards(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  board: atlantis\n")
    assert_error(error, bad, "rules.board", "atlantis", "default", "small")


def test_i1_missing_board_file(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  board: boards/missing.yaml\n")
    # the relative path is read from the variant's folder
    assert_error(error, bad, "rules.board", str(tmp_path / "boards" / "missing.yaml"))


def test_i1_board_name_not_a_string(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  board: 7\n")
    assert_error(error, bad, "rules.board", "string")


def test_i1_legend_value_not_a_kind(tmp_path: Path) -> None:
    legend = {**LEGEND, "~": "water"}
    variant, board = board_variant(tmp_path, TINY, legend=legend)
    assert_error(load_error(variant), board, "legend.~", "water", "sea", "ark", "beach", "jungle")


def test_i1_legend_key_longer_than_one_character(tmp_path: Path) -> None:
    legend = {**LEGEND, "##": "jungle"}
    variant, board = board_variant(tmp_path, TINY, legend=legend)
    assert_error(load_error(variant), board, "legend.##", "one character")


def test_i1_legend_key_blank(tmp_path: Path) -> None:
    legend = {**LEGEND, " ": "sea"}
    variant, board = board_variant(tmp_path, TINY, legend=legend)
    assert_error(load_error(variant), board, "legend. ", "one character")


def test_i1_board_unknown_key(tmp_path: Path) -> None:
    board = write(tmp_path / "board.yaml", board_text(TINY) + "title: tiny\n")
    variant = write(
        tmp_path / "variant.yaml",
        f"rules:\n  board: board.yaml\n  set_aside: {80 - TINY_JUNGLE}\n  water_tiles: 5\n",
    )
    assert_error(load_error(variant), board, "title", "unknown key", "legend", "map", "name")


def test_i1_board_missing_map(tmp_path: Path) -> None:
    board = write(tmp_path / "board.yaml", 'legend:\n  "~": sea\n')
    variant = write(tmp_path / "variant.yaml", "rules:\n  board: board.yaml\n")
    error = load_error(variant)
    assert error.file == str(board)
    assert "map" in str(error)
    assert "missing" in str(error)


def test_i1_malformed_board_yaml(tmp_path: Path) -> None:
    board = write(tmp_path / "board.yaml", 'legend: {"~": sea\nmap: |2\n  ~ ~\n')
    variant = write(tmp_path / "variant.yaml", "rules:\n  board: board.yaml\n")
    error = load_error(variant)
    assert_error(error, board, "", "malformed YAML")
    assert (error.line, error.column) == (2, 4)


# --- bad tiles and arks (I2, I4) ---------------------------------------------------------------


def test_i4_ark_doubling_an_unknown_species(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path,
        "arks:\n  remove: [red]\n  add:\n    - {colour: red, doubled: [bear, hippo, dodo]}\n",
    )
    assert error.file == str(bad)
    assert error.path.startswith("arks.add[0].doubled")
    assert "'dodo'" in str(error)
    assert "species" in str(error)


def test_i4_ark_doubling_fishbones(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path,
        "arks:\n  remove: [red]\n  add:\n    - {colour: red, doubled: [bear, hippo, fishbone]}\n",
    )
    assert error.file == str(bad)
    assert error.path.startswith("arks.add[0].doubled")
    assert "'fishbone'" in str(error)
    assert "rescuable" in str(error)


def test_i4_ark_doubling_a_species_a_variant_removed(tmp_path: Path) -> None:
    # bear tiles go, six boots keep the box at 80; the red ark still doubles bear: the
    # variant's change of the tiles is blamed, not the packaged arks it did not write
    error, bad = overlay_error(
        tmp_path, "tiles:\n  remove: [bear]\n  add:\n    - {species: boot, count: 6, points: 1}\n"
    )
    assert (error.file, error.path, error.line) == (str(bad), "tiles", 2)
    assert error.problem == (
        "'bear' is not a rescuable species of the tiles (I4), yet the red ark marks it x2"
    )


def test_i4_ark_unknown_key(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path,
        "arks:\n  remove: [red]\n  add:\n"
        "    - {colour: red, doubled: [bear, hippo, penguin], size: 3}\n",
    )
    assert_error(error, bad, "arks.add[0].size", "unknown key", "colour", "doubled")


def test_i4_duplicate_ark_colour(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path, "arks:\n  add:\n    - {colour: red, doubled: [bear, hippo, penguin]}\n"
    )
    assert error.file == str(bad)
    assert error.path.startswith("arks.add[0]")
    assert "duplicate" in str(error)
    assert "'red'" in str(error)


def test_i4_removing_a_missing_ark(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "arks:\n  remove: [purple]\n")
    assert_error(error, bad, "arks.remove[0]", "purple")


def test_i2_duplicate_tile_species(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path, "tiles:\n  add:\n    - {species: bear, count: 0, points: 1}\n"
    )
    assert error.file == str(bad)
    assert error.path.startswith("tiles.add[0]")
    assert "duplicate" in str(error)
    assert "'bear'" in str(error)


def test_i2_negative_tile_count(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path, "tiles:\n  add:\n    - {species: dodo, count: -1, points: 1}\n"
    )
    assert_error(error, bad, "tiles.add[0].count", "at least 0", "-1")


def test_i2_negative_tile_points(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path, "tiles:\n  add:\n    - {species: dodo, count: 0, points: -2}\n"
    )
    assert_error(error, bad, "tiles.add[0].points", "at least 0", "-2")


def test_i2_unknown_tile_key(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path, "tiles:\n  add:\n    - {species: dodo, count: 0, points: 1, colour: red}\n"
    )
    assert_error(error, bad, "tiles.add[0].colour", "unknown key", "species", "count", "points")


def test_i2_tile_missing_count(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "tiles:\n  add:\n    - {species: dodo, points: 1}\n")
    assert error.file == str(bad)
    assert error.path in ("tiles.add[0]", "tiles.add[0].count")
    assert "missing" in str(error)
    assert "count" in str(error)


def test_i2_tile_rescuable_not_a_boolean(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path, "tiles:\n  add:\n    - {species: dodo, count: 0, points: 1, rescuable: maybe}\n"
    )
    assert_error(error, bad, "tiles.add[0].rescuable", "true or false")


def test_i2_second_added_tile_is_named(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path,
        "tiles:\n  add:\n"
        "    - {species: dodo, count: 0, points: 1}\n"
        "    - {species: moa, count: many, points: 1}\n",
    )
    assert_error(error, bad, "tiles.add[1].count", "integer", "many")


def test_i2_removing_a_missing_species(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "tiles:\n  remove: [dodo]\n")
    assert_error(error, bad, "tiles.remove[0]", "dodo")


def test_i2_tile_count_change_must_fit_the_board(tmp_path: Path) -> None:
    # one more unicorn-like species of 2 tiles: 82 tiles, 74 jungle, set_aside 6 -> 76 != 74
    error, bad = overlay_error(
        tmp_path, "tiles:\n  add:\n    - {species: griffin, count: 2, points: 2}\n"
    )
    assert_error(error, bad, "tiles", "74", "82", "76")


# --- bad parameters ----------------------------------------------------------------------------


def test_unknown_parameter_lists_known_ones(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  wather_tiles: 30\n")
    assert_error(error, bad, "rules.wather_tiles", "unknown key", *KNOWN_PARAMETERS)


def test_i1_ark_spaces_are_water_not_a_boolean(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  ark_spaces_are_water: 'no'\n")
    assert_error(error, bad, "rules.ark_spaces_are_water", "true or false", "no")
    assert error.line == 2


def test_i1_check_rules_lists_a_bad_ark_spaces_parameter_with_the_other_problems(
    tmp_path: Path,
) -> None:
    bad = write(tmp_path / "bad.yaml", "rules:\n  ark_spaces_are_water: 0\n  water_tiles: 0\n")
    found = island.check_rules([str(bad)])
    assert sorted((e.path, e.line) for e in found.errors) == [
        ("rules.ark_spaces_are_water", 2),
        ("rules.water_tiles", 3),
    ]


def test_i1_ark_spaces_are_water_true_leaves_the_rules_as_packaged(tmp_path: Path) -> None:
    same = write(tmp_path / "same.yaml", "rules:\n  ark_spaces_are_water: true\n")
    assert load_rules([str(same)]).digest == load_rules().digest
    apart = write(tmp_path / "apart.yaml", "rules:\n  ark_spaces_are_water: false\n")
    assert load_rules([str(apart)]).digest == load_rules(["ark-spaces-apart"]).digest
    assert load_rules([str(apart)]).digest != load_rules().digest


def test_unknown_scoring_scheme(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  scoring: fancy\n")
    assert_error(error, bad, "rules.scoring", "fancy", "simple", "advanced")


def test_water_tiles_zero(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  water_tiles: 0\n")
    assert_error(error, bad, "rules.water_tiles", "at least 1", "0")


def test_water_tiles_not_an_integer(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  water_tiles: lots\n")
    assert_error(error, bad, "rules.water_tiles", "integer", "lots")


def test_negative_starting_point(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  starting_points: [1, -2, 3, 4]\n")
    assert_error(error, bad, "rules.starting_points[1]", "at least 0", "-2")


def test_players_below_two(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  players: [1, 4]\n")
    assert error.file == str(bad)
    assert error.path.startswith("rules.players")
    assert "at least 2" in str(error)


def test_players_low_above_high(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  players: [4, 3]\n")
    assert_error(error, bad, "rules.players", "4", "3")


def test_sole_rescuer_bonus_missing_a_scheme(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  sole_rescuer_bonus: {simple: 2}\n")
    assert_error(error, bad, "rules.sole_rescuer_bonus", "missing", "advanced")


def test_unknown_top_level_key_in_variant(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "cards:\n  add: []\n")
    assert_error(error, bad, "cards", "unknown key", "tiles", "arks", "rules")


def test_malformed_variant_yaml(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  water_tiles: [30\n  scoring: simple\n")
    assert error.file == str(bad)
    assert error.path == ""
    assert "malformed YAML" in str(error)
    assert (error.line, error.column) == (3, 10)


def test_unknown_packaged_variant_lists_known_ones() -> None:
    with pytest.raises(RulesDataError) as info:
        load_rules(["tiny-island"])
    assert "tiny-island" in str(info.value)
    assert "advanced-scoring" in str(info.value)
    assert "small-island" in str(info.value)


def test_missing_variant_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.yaml"
    with pytest.raises(RulesDataError) as info:
        load_rules([str(missing)])
    assert info.value.file == str(missing)


# --- the most players need as many arks, starting points and ark spaces (I4, I6, I7) -----------


def test_five_players_need_five_arks(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path, "rules:\n  players: [2, 5]\n  starting_points: [1, 2, 3, 4, 5]\n"
    )
    assert_error(error, bad, "rules.players", "5 players", "5 arks", "there are 4")


def test_five_players_need_five_starting_points(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path,
        "arks:\n  add:\n    - {colour: purple, doubled: [bear, camel, lion]}\n"
        "rules:\n  players: [2, 5]\n",
    )
    assert_error(error, bad, "rules.players", "5 players", "5 starting points", "there are 4")


def test_four_players_need_four_ark_spaces(tmp_path: Path) -> None:
    rows = list(TINY)
    rows[3] = " ~ ~ # # # ~ ~"  # two of the four ark spaces become sea: 2 left
    variant, _ = board_variant(tmp_path, rows, extra="  players: [2, 4]\n")
    assert_error(load_error(variant), variant, "rules.players", "4 players", "4 ark spaces", "2")


def test_three_players_fit_three_ark_spaces(tmp_path: Path) -> None:
    rows = list(TINY)
    rows[3] = " ~ A # # # ~ ~"  # three ark spaces
    variant, _ = board_variant(tmp_path, rows, extra="  players: [2, 3]\n")
    rules = load_rules([str(variant)])
    assert rules.max_players == 3
    assert len(spaces(rules.board, "ark")) == 3
    assert island.is_over(play_out(rules, players=3))


def test_removing_an_ark_names_the_variant(tmp_path: Path) -> None:
    # the box says 2-4 players; with the yellow ark gone only 3 arks remain. The variant made
    # the change, so the error must name it (not the packaged rules.yaml it never touched).
    error, bad = overlay_error(tmp_path, "arks:\n  remove: [yellow]\n")
    assert error.file == str(bad)
    assert error.path.startswith("arks")
    assert "4 players" in str(error)
    assert "3 arks" in str(error)


def test_shorter_starting_points_names_the_variant(tmp_path: Path) -> None:
    error, bad = overlay_error(tmp_path, "rules:\n  starting_points: [1, 2, 3]\n")
    assert error.file == str(bad)
    assert error.path.startswith("rules.starting_points")
    assert "4 players" in str(error)
    assert "3 starting points" in str(error)


def test_board_with_too_few_ark_spaces_names_the_variant_or_board(tmp_path: Path) -> None:
    rows = list(TINY)
    rows[3] = " ~ A # # # ~ ~"  # three ark spaces; the box's players stay 2-4
    variant, board = board_variant(tmp_path, rows)
    error = load_error(variant)
    assert (error.file, error.path) in ((str(variant), "rules.board"), (str(board), "map"))
    assert "4 players" in str(error)
    assert "3" in str(error)
    assert "ark spaces" in str(error)


def test_i4_ark_doubling_a_species_twice(tmp_path: Path) -> None:
    error, bad = overlay_error(
        tmp_path,
        "arks:\n  remove: [red]\n  add:\n    - {colour: red, doubled: [bear, bear, hippo]}\n",
    )
    assert error.file == str(bad)
    assert error.path.startswith("arks.add[0].doubled")
    assert "'bear'" in str(error)


@pytest.mark.parametrize("doubled", ["[bear]", "[bear, hippo]", "[bear, hippo, penguin, lion]"])
def test_i4_ark_must_double_three_species(tmp_path: Path, doubled: str) -> None:
    error, bad = overlay_error(
        tmp_path, f"arks:\n  remove: [red]\n  add:\n    - {{colour: red, doubled: {doubled}}}\n"
    )
    assert error.file == str(bad)
    assert error.path.startswith("arks.add[0].doubled")
    assert "three" in str(error) or "3" in str(error)
