"""Climb for reinforcement learning (the ``rl`` extra): its action numbering and its
observation encoder, named in the declaration as ``plugins={"rl": "climb.rl:ENCODING"}`` and
imported only when ``noahrules.rl`` first asks for it.

Every part is a module-level function or class, as any Python code would have them; nothing
pickles an encoding (environments and OpenSpiel states pickle by the game's name and rules).
"""

from __future__ import annotations

import numpy as np

from climb.game import Draw, Move, Pass, Play, View
from climb.rules import Rules
from noahrules.rl import Encoding
from noahrules.rl.codec import ActionBlock
from noahrules.rl.layout import Layout, Observation, vector

__all__ = ["ENCODING", "ClimbObserver"]


def actions(rules: Rules, players: int) -> tuple[ActionBlock[Move], ...]:
    """Every move that can ever be legal: a play of each animal (in data order), the draw and
    the pass."""
    plays = tuple(Play(card.animal) for card in rules.cards)
    return (
        ActionBlock("Play", plays, "per animal, in the order of the rules data"),
        ActionBlock("Draw", (Draw(),), "one"),
        ActionBlock("Pass", (Pass(),), "one"),
    )


class ClimbObserver:
    """A view as a flat vector: the seat's hand and the cards out of the game per animal, the
    animal on top of the gangway, the scores (the seat's first) and the hidden counts."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.index = {card.animal: i for i, card in enumerate(rules.cards)}
        kinds, most = len(rules.cards), max(card.count for card in rules.cards)
        points = sum(card.height * card.count for card in rules.cards)
        self.layout = Layout.of(
            vector("hand", (kinds,), most, "cards of each animal in the seat's hand"),
            vector("out", (kinds,), most, "cards of each animal on the gangway or cleared"),
            vector("top", (kinds,), 1, "the animal on top of the gangway (none: empty)"),
            vector("scores", (2,), points, "the seat's points, then the other seat's"),
            vector("hidden", (2,), len(rules.deck), "cards in the other hand, left to draw"),
        )

    def __call__(self, view: View) -> Observation:
        """The observation of ``view``, from the view alone."""
        table, at = view.table, self.layout.offset
        obs = np.zeros(self.layout.size, dtype=np.float32)
        for animal in view.hand:
            obs[at("hand") + self.index[animal]] += 1
        for animal in (*table.gangway, *table.cleared):
            obs[at("out") + self.index[animal]] += 1
        if table.gangway:
            obs[at("top") + self.index[table.gangway[-1]]] = 1
        seat, other = view.seat, 1 - view.seat
        obs[at("scores") : at("scores") + 2] = (table.scores[seat], table.scores[other])
        obs[at("hidden") : at("hidden") + 2] = (table.hand_sizes[other], table.to_draw)
        return obs


def decision_bound(rules: Rules, players: int) -> int:
    """Each card is drawn at most once and played once, and a pass answers a play: at most
    three decisions per card."""
    return 3 * len(rules.deck)


def private(view: View) -> str:
    """The seat's hand: what a view shows that no event told (the deal, C2)."""
    return "hand " + " ".join(view.hand)


ENCODING = Encoding(
    actions=actions, observer=ClimbObserver, decision_bound=decision_bound, private=private
)
"""How Climb meets PettingZoo, Gymnasium and OpenSpiel."""
