"""The fixed action numbering: every legal move has a number, masks are the legal moves, and
the numbering is the same for the same rules data."""

from __future__ import annotations

import hashlib
import pickle
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import noahrules.rl.ferry
from noahrules import GAMES, ferry, island
from noahrules.rl import ActionCodec, register_encoding
from noahrules.rl.encoding import _ENCODINGS, encoding_for
from noahrules.testing import played
from tests.harness import BUILT_IN, every_game

PLAYED_300 = {name: played(name, max_moves=300) for name in BUILT_IN}
"""Per game: up to 300 moves of any packaged rules and player count (every state is checked,
so each example checks up to 301 states)."""


@every_game
@given(data=st.data())
def test_masks_are_the_legal_moves_and_every_legal_move_round_trips(
    name: str, data: st.DataObject
) -> None:
    game: Any = GAMES[name]
    game_played = data.draw(PLAYED_300[name], label="game")
    codec = ActionCodec.of(game_played.rules, game_played.players)
    for state in game_played.states:
        moves = game.legal_moves(state)
        indexes = [codec.encode(m) for m in moves]
        assert [codec.decode(i) for i in indexes] == list(moves)
        assert len(set(indexes)) == len(moves)
        mask = codec.mask(state)
        assert mask.dtype == np.int8 and mask.shape == (codec.size,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(indexes)
        seat = len(game_played.states) % game_played.players
        seen = codec.mask(game.view(state, seat))
        expected = mask if seat == game.current_player(state) else np.zeros_like(mask)
        assert np.array_equal(seen, expected)


@every_game
def test_500_states_from_seeded_play_have_masks_equal_to_their_legal_moves(name: str) -> None:
    game: Any = GAMES[name]
    checked = 0
    for seed in range(40):
        variants = game.known_variants() if seed % 2 else ()
        rules = game.load_rules(variants)
        players = game.seats(rules)[seed % len(game.seats(rules))]
        codec = ActionCodec.of(rules, players)
        state = game.new_game(rules, players, seed)
        for step in range(60):
            moves = game.legal_moves(state)
            if not moves:
                break
            assert np.flatnonzero(codec.mask(state)).tolist() == codec.indexes(moves)
            assert all(codec.decode(codec.encode(m)) == m for m in moves)
            state = game.apply(state, moves[(seed + step) % len(moves)])
            checked += 1
    assert checked >= 500


NUMBERINGS = {
    ("ferry", ()): {
        2: (140, "29ca132a9f75e324"),
        3: (173, "e19b9ee22961ca15"),
        4: (254, "f8647d49e0514140"),
        5: (351, "282a489a0275e3ae"),
    },
    ("ferry", ("crocodile", "frog", "penalty-limit", "roommate")): {
        2: (129, "8c716322722c4c06"),
        3: (158, "1a915e9061a0e6d3"),
        4: (235, "a7e7a120df2b348d"),
        5: (328, "7fe40f4d85f1fdaa"),
    },
    ("island", ()): dict.fromkeys((2, 3, 4), (2968, "dabf54a4d29a12f1")),
    ("island", ("advanced-scoring", "small-island")): dict.fromkeys(
        (2, 3, 4), (411, "ca6b1d07d24e3730")
    ),
}
"""Per game, packaged rules and player count: the number of actions and the start of the
SHA-256 of the numbered moves' reprs. A change of numbering for the same rules data fails
here; a deliberate one updates this table and the CHANGELOG."""


@pytest.mark.parametrize(("key", "numbering"), NUMBERINGS.items(), ids=str)
def test_the_numbering_is_fixed_by_the_rules_data(
    key: tuple[str, tuple[str, ...]], numbering: dict[int, tuple[int, str]]
) -> None:
    name, variants = key
    game: Any = GAMES[name]
    for players, (size, digest) in numbering.items():
        codec: ActionCodec[Any] = ActionCodec(game.load_rules(variants), players)
        listing = "\n".join(map(repr, codec.moves)).encode()
        assert (codec.size, hashlib.sha256(listing).hexdigest()[:16]) == (size, digest)


def test_ferry_numbering_in_detail() -> None:
    rules = ferry.load_rules()
    codec = ActionCodec.of(rules, 3)
    kinds = [(b.kind, len(b.moves)) for b in codec.blocks]
    assert kinds == [
        ("PlayAnimal", 36),
        ("TakeAnimals", 1),
        ("MoveNoah", 5),
        ("GiveCard", 93),
        ("EndGiving", 1),
        ("LookAtHand", 3),
        ("StealFrom", 3),
        ("GiveBack", 31),
    ]
    in_play = [c for c in rules.animals if c.min_players <= 3]  # F4: no 4+ and 5+ cards
    plays = [m for c in in_play for _, m in rules.ways[c.id]]
    assert list(codec.blocks[0].moves) == plays
    assert codec.encode(ferry.PlayAnimal("snail-1", ferry.Gender.FEMALE)) == 5  # after 4 cards
    assert codec.encode(ferry.GiveCard(in_play[1].id, 2)) == 36 + 1 + 5 + 3 + 2
    assert ferry.GiveCard("cat-1", 0) not in codec.moves  # cat-1 is a 4+ card
    assert ferry.SendEscapee(1) not in codec.moves  # no crocodile without the variant
    frog = ActionCodec.of(ferry.load_rules(["frog", "crocodile"]), 2)
    assert ferry.PlayAnimal("frog-3", weight=5) in frog.moves  # V2
    assert [m for m in frog.moves if isinstance(m, ferry.SendEscapee)] == [
        ferry.SendEscapee(0),
        ferry.SendEscapee(1),
    ]
    assert not any(isinstance(m, ferry.MoveNoah) and m.dock >= rules.docks for m in codec.moves)


def test_island_numbering_in_detail() -> None:
    rules = island.load_rules(["small-island"])
    codec = ActionCodec.of(rules, 2)
    board = rules.board
    jungle = board.of_kind("jungle")
    rescues = [m for m in codec.moves if isinstance(m, island.Rescue)]
    assert len(rescues) == len(jungle) * (len(jungle) - 1) // 2
    assert all(
        a < b and a in jungle and b in jungle for a, b in ((r.first, r.second) for r in rescues)
    )
    floods = [m.space for m in codec.moves if isinstance(m, island.Flood)]
    assert floods == list(board.of_kind("beach", "jungle"))
    assert [m.space for m in codec.moves if isinstance(m, island.PlaceArk)] == list(
        board.of_kind("ark")
    )
    first, second = jungle[0], jungle[5]
    assert codec.encode(island.Rescue(second, first)) == codec.encode(island.Rescue(first, second))
    assert codec.decode(codec.encode(island.Rescue(second, first))) == island.Rescue(first, second)


def test_bad_moves_and_indexes_are_clear_errors() -> None:
    codec = ActionCodec.of(island.load_rules(), 2)
    with pytest.raises(ValueError, match="not a move of these island rules for 2 players"):
        codec.encode(island.Flood(0))  # a sea space
    with pytest.raises(ValueError, match="not in 0"):
        codec.decode(codec.size)
    with pytest.raises(ValueError, match="not in 0"):
        codec.decode(-1)
    with pytest.raises(ValueError, match="an action is an integer"):
        codec.decode(1.0)  # type: ignore[arg-type]
    assert codec.decode(np.int64(3)) == codec.decode(3)
    with pytest.raises(ValueError, match="island: 5 players; these rules take 2 to 4"):
        ActionCodec(island.load_rules(), 5)
    with pytest.raises(TypeError, match="a island state or view is needed"):
        codec.mask(ferry.new_game(ferry.load_rules(), 2))


def test_codecs_are_shared_and_pickle() -> None:
    rules = ferry.load_rules(["frog"])
    codec = ActionCodec.of(rules, 4)
    assert ActionCodec.of(rules, 4) is codec
    again = pickle.loads(pickle.dumps(codec))
    assert again.moves == codec.moves and again.size == codec.size


def test_a_game_without_an_encoding_is_a_clear_error_until_one_is_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    toy = attrs.evolve(GAMES["island"], name="toy", plugins={})
    with pytest.raises(ValueError, match="the game 'toy' has no reinforcement-learning encoding"):
        encoding_for(toy)
    monkeypatch.setitem(_ENCODINGS, "toy", encoding_for(GAMES["island"]))
    register_encoding(toy, encoding_for(GAMES["island"]))
    assert encoding_for(toy) is encoding_for(GAMES["island"])
    with pytest.raises(TypeError, match="register_encoding takes an Encoding"):
        register_encoding("toy", object())  # type: ignore[arg-type]


def test_a_declaration_names_its_encoding_among_its_plugins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delitem(_ENCODINGS, "toy", raising=False)
    toy = attrs.evolve(GAMES["ferry"], name="toy", plugins={"rl": "noahrules.rl.ferry:ENCODING"})
    assert encoding_for(toy) is noahrules.rl.ferry.ENCODING
    assert "toy" not in _ENCODINGS  # read from the declaration each time, never kept by name
