"""Climb: a small two-player card game on noahrules, written from docs/new-game.md alone.

Animals climb the ark's gangway, each taller than the one before (C1-C11):

- C1. Two players. The deck: the kinds of card of the rules data (``cards.yaml``), each an
  animal with its height and how many cards show it: by default the heights 1 to 9, two cards
  each. The variant ``short`` leaves the three tallest animals home.
- C2. Setup: the deck is shuffled (from the seed); each player gets ``hand_size`` (3) cards and
  the rest form the draw pile, face down. The first player (seat 0 unless told) starts.
- C3. A hand is hidden from the other player, and so is the draw pile's order; the number of
  cards in each hand, the gangway, the cleared cards, the scores and the number of cards left to
  draw are public.
- C4. On a turn the player plays a card from hand (``Play(animal)``) or draws the top card of
  the draw pile (``Draw()``).
- C5. Drawing is allowed while the draw pile is not empty and the hand holds fewer than
  ``hand_limit`` (5) cards.
- C6. Any card in hand may be played.
- C7. A card taller than the card on top of the gangway (or any card on an empty gangway)
  scores its height and joins the gangway; a card not taller scores nothing and clears the
  gangway: its cards and the card played leave the game, face up.
- C8. Then the other player is to act.
- C9. A player who can neither play nor draw passes (``Pass()``), the only legal move then.
- C10. The game ends when both hands and the draw pile are empty.
- C11. The higher score wins; equal scores share the win.
"""

from __future__ import annotations

from climb.game import (
    Draw,
    Drew,
    Move,
    Pass,
    Play,
    Played,
    State,
    Table,
    View,
    apply,
    check_state,
    current_player,
    determinize,
    is_over,
    legal_moves,
    new_game,
    scores,
    statistics,
    step,
    view,
    winners,
)
from climb.rules import (
    SCHEMA,
    Card,
    Rules,
    cards_table,
    check_rules,
    load_rules,
    packaged_variants,
)
from climb.screen import ClimbScreen
from noahrules import GameSpec
from noahrules.render import Renderer

__all__ = [
    "GAME",
    "SCHEMA",
    "Card",
    "ClimbScreen",
    "Draw",
    "Drew",
    "Move",
    "Pass",
    "Play",
    "Played",
    "Rules",
    "State",
    "Table",
    "View",
    "apply",
    "cards_table",
    "check_rules",
    "check_state",
    "current_player",
    "determinize",
    "is_over",
    "legal_moves",
    "load_rules",
    "new_game",
    "packaged_variants",
    "scores",
    "statistics",
    "step",
    "view",
    "winners",
]

GAME: GameSpec[Rules, State, Move, View] = GameSpec(
    name="climb",
    title="animals climb the ark's gangway, each taller than the last (an example game)",
    min_players=2,
    max_players=2,
    lower_scores_win=False,
    score_name="points",
    rules_type=Rules,
    state_type=State,
    view_type=View,
    move_type=Move,
    move_types=(Play, Draw, Pass),
    event_types=(Played, Drew),
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
    statistics=statistics,
    render=Renderer(screen=ClimbScreen, cards=cards_table),
    plugins={"rl": "climb.rl:ENCODING"},
)
"""Climb's declaration: registered with ``noahrules.register_game(GAME)``, or announced by the
installed package through the entry-point group ``noahrules.games``."""
