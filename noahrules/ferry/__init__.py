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
from noahrules.ferry.cards import Boarded, Card, FerryCard, Rules, load_rules
from noahrules.ferry.determinize import determinize, unseen_cards
from noahrules.ferry.events import (
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
from noahrules.ferry.kinds import Gender, ShortDeal
from noahrules.ferry.moves import (
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
from noahrules.ferry.rounds import new_game
from noahrules.ferry.rules import apply, current_player, is_over, legal_moves, step
from noahrules.ferry.scoring import scores, winners
from noahrules.ferry.state import Ferry, Phase, State
from noahrules.ferry.view import View, view

NAME = "ferry"
"""The game's name in :data:`noahrules.GAMES`."""
MIN_PLAYERS = 2
MAX_PLAYERS = 5
MAX_DECISIONS: int | None = None
"""No bound on a game's length (F27): simulators take a cap on decisions."""

__all__ = [
    "ABILITIES",
    "MAX_DECISIONS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
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
    "TakeAnimals",
    "View",
    "apply",
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
