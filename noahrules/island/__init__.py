"""The island game: the board game "Two by Two" (2-4 players), rules I1-I20.

>>> from noahrules import island
>>> rules = island.load_rules()
>>> state = island.new_game(rules, players=2, seed=7)
>>> while not island.is_over(state):
...     state = island.apply(state, island.legal_moves(state)[0])
>>> len(island.scores(state))
2
"""

from __future__ import annotations

from noahrules.island.board import KINDS, Board
from noahrules.island.determinize import determinize, unseen_species
from noahrules.island.events import (
    ArkMoved,
    ArkPlaced,
    Flooded,
    GameOver,
    PairRescued,
    TilesRevealed,
    TurnEnded,
)
from noahrules.island.moves import EndTurn, Flood, Move, MoveArk, PlaceArk, Rescue
from noahrules.island.rules import apply, current_player, is_over, legal_moves, step
from noahrules.island.scoring import Breakdown, breakdown, scores, winners
from noahrules.island.setup import new_game
from noahrules.island.state import Phase, State
from noahrules.island.tiles import Ark, Rules, Scoring, Tile, TileKind, load_rules
from noahrules.island.view import HIDDEN, View, view

NAME = "island"
"""The game's name in :data:`noahrules.GAMES`."""
MIN_PLAYERS = 2
MAX_PLAYERS = 4
MAX_DECISIONS: int | None = None
"""No fixed number: a game takes at most ``players + water_tiles * (1 + actions_per_turn)``
decisions (one ark each, then per turn one flood and at most ``actions_per_turn`` more)."""

__all__ = [
    "HIDDEN",
    "KINDS",
    "MAX_DECISIONS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "Ark",
    "ArkMoved",
    "ArkPlaced",
    "Board",
    "Breakdown",
    "EndTurn",
    "Flood",
    "Flooded",
    "GameOver",
    "Move",
    "MoveArk",
    "PairRescued",
    "Phase",
    "PlaceArk",
    "Rescue",
    "Rules",
    "Scoring",
    "State",
    "Tile",
    "TileKind",
    "TilesRevealed",
    "TurnEnded",
    "View",
    "apply",
    "breakdown",
    "current_player",
    "determinize",
    "is_over",
    "legal_moves",
    "load_rules",
    "new_game",
    "scores",
    "step",
    "unseen_species",
    "view",
    "winners",
]
