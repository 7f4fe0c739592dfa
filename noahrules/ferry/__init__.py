"""The ferry game: the card game "Noah" (2-5 players), rules F1-F33 and variants V1-V4.

>>> from noahrules import ferry
>>> rules = ferry.load_rules()
>>> state = ferry.new_game(rules, players=3, seed=7)
>>> while not ferry.is_over(state):
...     state = ferry.apply(state, ferry.legal_moves(state)[0])
>>> len(ferry.scores(state))
3
"""

from __future__ import annotations

from noahrules.ferry.abilities import ABILITIES, Abilities
from noahrules.ferry.determinize import determinize, unseen_cards
from noahrules.ferry.engine import apply, current_player, is_over, legal_moves, step
from noahrules.ferry.events import (
    EVENTS,
    AnimalEscaped,
    AnimalsTaken,
    CardGiven,
    CardGivenBack,
    CardPlayed,
    CardStolen,
    EscapeeSent,
    FerryArrived,
    FerryDeparted,
    GameOver,
    HandLookedAt,
    NoahMoved,
    PenaltyReduced,
    RoundEnded,
    RoundStarted,
)
from noahrules.ferry.invariants import check_state
from noahrules.ferry.kinds import Gender, Pattern, ShortDeal
from noahrules.ferry.moves import (
    MOVES,
    EndGiving,
    GiveBack,
    GiveCard,
    LookAtHand,
    Move,
    MoveNoah,
    PlayAnimal,
    SendEscapee,
    StealFrom,
    TakeAnimals,
)
from noahrules.ferry.render import RENDERER
from noahrules.ferry.ruleset import (
    SCHEMA,
    Boarded,
    Card,
    FerryCard,
    Rules,
    check_rules,
    load_rules,
    packaged_variants,
)
from noahrules.ferry.scoring import scores, winners
from noahrules.ferry.setup import new_game
from noahrules.ferry.state import Ferry, Phase, State, Table
from noahrules.ferry.statistics import dealt, statistics
from noahrules.ferry.strategy import STRATEGY
from noahrules.ferry.view import View, view
from noahrules.game import GameSpec

GAME: GameSpec[Rules, State, Move, View] = GameSpec(
    name="ferry",
    title='the card game "Noah": load animals onto ferries by gender and weight',
    min_players=2,
    max_players=5,
    lower_scores_win=True,
    score_name="penalties",
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
    references={Card: "card", FerryCard: "ferry_card"},
    strategy=STRATEGY,
    statistics=statistics,
    dealt=dealt,
    render=RENDERER,
    plugins={"rl": "noahrules.rl.ferry:ENCODING", "serve": "noahrules.serve.ferry:PARTS"},
    max_decisions=None,  # F27: no bound on a game's length; simulators take a cap
)
"""The ferry game's declaration: what :data:`noahrules.GAMES` holds under ``"ferry"``."""

__all__ = [
    "ABILITIES",
    "GAME",
    "Abilities",
    "AnimalEscaped",
    "AnimalsTaken",
    "Boarded",
    "Card",
    "CardGiven",
    "CardGivenBack",
    "CardPlayed",
    "CardStolen",
    "EndGiving",
    "EscapeeSent",
    "Ferry",
    "FerryArrived",
    "FerryCard",
    "FerryDeparted",
    "GameOver",
    "Gender",
    "GiveBack",
    "GiveCard",
    "HandLookedAt",
    "LookAtHand",
    "Move",
    "MoveNoah",
    "NoahMoved",
    "Pattern",
    "PenaltyReduced",
    "Phase",
    "PlayAnimal",
    "RoundEnded",
    "RoundStarted",
    "Rules",
    "SendEscapee",
    "ShortDeal",
    "State",
    "StealFrom",
    "Table",
    "TakeAnimals",
    "View",
    "apply",
    "check_rules",
    "current_player",
    "determinize",
    "is_over",
    "legal_moves",
    "load_rules",
    "new_game",
    "scores",
    "step",
    "unseen_cards",
    "view",
    "winners",
]
