"""States and views you can look at: ``str()`` gives the command line's table, notebooks get
pictures (``_repr_svg_``, ``_repr_html_``), and neither shows a seat what its view hides (F26,
I20)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from hypothesis import given

from noahrules import ferry, island
from noahrules.shown import picture, text
from noahrules.testing import Played, played
from tests.ferry.builders import position

SVG = "{http://www.w3.org/2000/svg}"


def svg(subject: object) -> ET.Element:
    """The picture of a state or view, parsed."""
    drawn = picture(subject)
    assert drawn is not None
    return ET.fromstring(drawn)


def a_position() -> ferry.State:
    return position(
        players=3,
        hands=[["cat-6", "kangaroo-5"], ["parrot-6"], ["panda-6"]],
        docks=[["elephant-1", "rhinoceros-1"], ["cat-5"], [], None, ["giraffe-2"]],
        penalties=[3, 0, 7],
    )


# Worked out from docs/ferry.md and data/ferry/animals.yaml: elephant-1 (male, 10) and
# rhinoceros-1 (male, 9) make 19 of 21, all male (F10); with 3 players 31 cards are in play
# (F4), 4 in hands and 4 aboard, so 23 are unused.
TABLE = """\
Round 1 of 3, departures this round: 0; seat 0 to play
Noah> dock 0: ferry-1 load 19/21 [all male] elephant:m10 rhinoceros:m9
      dock 1: ferry-2 load 2/21 [any gender] cat:m2
      dock 2: ferry-3 load 0/21 [any gender] (empty)
      dock 3: (empty, a ferry is coming)
      dock 4: ferry-4 load 8/21 [any gender] giraffe:f8
Waiting in the centre: ferry-5 (21), ferry-6 (21), ferry-7 (21), ferry-8 (21)"""


def test_str_of_a_ferry_view_is_the_command_line_table_of_its_seat() -> None:
    assert str(ferry.view(a_position(), 1)) == TABLE + (
        "\nPlayers: seat 0 2 cards, penalty 3; you (seat 1) 1 card, penalty 0; "
        "seat 2 1 card, penalty 7\n"
        "Your hand:\n"
        "  parrot-6 (female, weight 0, tears 2)"
    )


def test_str_of_a_ferry_state_shows_every_hand_and_the_unused_count() -> None:
    assert str(a_position()) == TABLE + (
        "\nPlayers: seat 0 2 cards, penalty 3; seat 1 1 card, penalty 0; "
        "seat 2 1 card, penalty 7\n"
        "Hand of seat 0:\n"
        "  cat-6 (female, weight 2, tears 1)\n"
        "  kangaroo-5 (male, weight 3, tears 1)\n"
        "Hand of seat 1:\n"
        "  parrot-6 (female, weight 0, tears 2)\n"
        "Hand of seat 2:\n"
        "  panda-6 (female, weight 4, tears 4)\n"
        "Unused: 23 cards"
    )


def test_repr_stays_short() -> None:
    assert repr(a_position()) == "<ferry.State round 1, seat 0 to play, penalties (3, 0, 7)>"


def test_the_ferry_picture_draws_docks_animals_and_the_hand_of_the_view() -> None:
    state = a_position()
    root = svg(ferry.view(state, 0))
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "dock 0 \u00b7 Noah" in texts and "dock 4" in texts
    assert "ferry-1: 19/21" in texts and "a ferry is coming" in texts
    assert "elephant \u2642 10" in texts and "giraffe \u2640 8" in texts
    assert "Your hand (seat 0)" in texts
    assert texts.count("cat") == 1 and texts.count("kangaroo") == 1  # seat 0's two cards
    assert "panda" not in texts and "parrot" not in texts  # the others' hands stay hidden
    whole = [t.text for t in svg(state).iter(f"{SVG}text")]
    assert {"Hand of seat 0", "Hand of seat 1", "Hand of seat 2", "panda", "parrot"} <= set(whole)


def test_notebooks_get_the_picture_and_the_text_in_html() -> None:
    view = ferry.view(a_position(), 1)
    page = view._repr_html_()
    assert page is not None and page.startswith('<div class="noahrules"><svg')
    assert "<pre>Round 1 of 3" in page and "parrot-6 (female, weight 0, tears 2)" in page
    assert text(view) == str(view).split("\n")


def test_the_island_picture_draws_every_space_the_arks_and_no_hidden_animal() -> None:
    state = island.new_game(island.load_rules(), 3, seed=2)
    for _ in range(3):  # each seat places its ark (I7); then the tiles by water turn up (I8)
        state = island.apply(state, island.legal_moves(state)[0])
    board = state.rules.board
    for subject in (state, island.view(state, 1)):
        root = svg(subject)
        assert len(list(root.iter(f"{SVG}polygon"))) == len(board.kind)
        titles = [t.text or "" for t in root.iter(f"{SVG}title")]
        for seat, space in enumerate(state.arks):
            assert any(
                t.startswith(f"space {space} ") and f"ark of seat {seat}" in t for t in titles
            )
        up = [s for s in board.spaces if (t := state.tiles[s]) is not None and t.face_up]
        down = [s for s in board.spaces if (t := state.tiles[s]) is not None and not t.face_up]
        assert len(up) > 0 and len(down) > 40
        assert sum("a face-down animal" in t for t in titles) == len(down)
        for space in down:  # its species is never named
            (title,) = [t for t in titles if t.startswith(f"space {space} ")]
            assert title.endswith(", a face-down animal")


def test_the_island_text_is_the_map_beside_the_panel_in_100_columns() -> None:
    state = island.new_game(island.load_rules(), 4, seed=3)
    lines = str(island.view(state, 0)).split("\n")
    assert len(lines) == 2 + len(state.rules.board.rows)  # two lines of column numbers
    assert max(map(len, lines)) <= 100
    assert lines[0].endswith("Water tiles left: 36; seat 0 to place ark")
    assert "you (seat 0): 1 point; x2 bear, hippo, penguin" in lines[1]  # I6: 1 point to seat 0


@given(played(ferry.GAME, 150))
def test_f26_the_text_and_picture_of_a_view_name_no_card_of_another_hand(
    game: Played[ferry.State, ferry.Move],
) -> None:
    for state in game.states[::10]:
        for seat in range(state.players):
            seen = ferry.view(state, seat)
            shown = str(seen) + (seen._repr_svg_() or "")
            for other, hand in enumerate(state.hands):
                for card in hand if other != seat else ():
                    if card not in seen.hand:
                        assert not re.search(rf"\b{re.escape(card.id)}\b", shown), card.id
