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

from noahrules.game import DataKind, GameSpec
from noahrules.island.board import KINDS, Board, check_board
from noahrules.island.determinize import determinize, unseen_species
from noahrules.island.engine import apply, current_player, is_over, legal_moves, step
from noahrules.island.events import (
    EVENTS,
    ArkMoved,
    ArkPlaced,
    Flooded,
    GameOver,
    PairRescued,
    TilesRevealed,
    TurnEnded,
)
from noahrules.island.invariants import check_state
from noahrules.island.moves import MOVES, EndTurn, Flood, Move, MoveArk, PlaceArk, Rescue
from noahrules.island.render import RENDERER
from noahrules.island.ruleset import (
    SCHEMA,
    Ark,
    Rules,
    Scoring,
    Tile,
    TileKind,
    check_rules,
    load_rules,
    packaged_variants,
)
from noahrules.island.scoring import Breakdown, breakdown, scores, winners
from noahrules.island.setup import new_game
from noahrules.island.state import HIDDEN, Phase, State, Table
from noahrules.island.statistics import dealt, statistics
from noahrules.island.strategy import STRATEGY
from noahrules.island.view import View, view

GAME: GameSpec[Rules, State, Move, View] = GameSpec(
    name="island",
    title='the board game "Two by Two": flood a hex island, steer your ark, rescue pairs',
    min_players=2,
    max_players=4,
    lower_scores_win=False,
    score_name="points",
    rules_type=Rules,
    state_type=State,
    view_type=View,
    move_type=Move,
    move_types=MOVES,
    event_types=EVENTS,
    load_rules=load_rules,
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    step=step,
    current_player=current_player,
    is_over=is_over,
    scores=scores,
    winners=winners,
    view=view,
    determinize=determinize,
    check_state=check_state,
    known_variants=packaged_variants,
    check_rules=check_rules,
    schema=SCHEMA,
    strategy=STRATEGY,
    statistics=statistics,
    dealt=dealt,
    render=RENDERER,
    plugins={"rl": "noahrules.rl.island:ENCODING", "serve": "noahrules.serve.island:PARTS"},
    # A game takes at most players + water_tiles * (1 + actions_per_turn) decisions (one ark
    # each, then per turn one flood and at most actions_per_turn more): a bound of the rules
    # data, not of the game.
    max_decisions=None,
    data_kinds=(DataKind("board", frozenset({"legend", "map"}), check_board),),
)
"""The island game's declaration: what :data:`noahrules.GAMES` holds under ``"island"``."""

__all__ = [
    "GAME",
    "HIDDEN",
    "KINDS",
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
    "Table",
    "Tile",
    "TileKind",
    "TilesRevealed",
    "TurnEnded",
    "View",
    "apply",
    "breakdown",
    "check_rules",
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
