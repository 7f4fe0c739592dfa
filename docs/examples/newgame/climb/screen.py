"""Climb at a terminal: the public table, the moves and the events as text, for ``noahrules
play`` and ``noahrules replay`` (the declaration's ``Renderer(screen=ClimbScreen)``)."""

from __future__ import annotations

from climb.game import Draw, Drew, Move, Play, Played, State, Table, View
from climb.rules import Rules
from noahrules import Event
from noahrules.render import Screen, counted

__all__ = ["ClimbScreen"]


class ClimbScreen(Screen[Rules, View, Move]):
    """Climb's public table (C3) with the seat's own hand; the hidden hand and draw pile only in
    :meth:`state`, the whole position a replay shows."""

    def table(self, view: View) -> list[str]:
        """The gangway, the scores, the hand sizes, the draw pile and the seat's hand."""
        return [*self.public(view.table), f"Your hand: {self.cards(view.hand)}"]

    def public(self, table: Table) -> list[str]:
        """What both players see (C3), and who is to act."""
        seats = range(table.players)
        return [
            f"Gangway: {self.cards(table.gangway)}",
            "Scores: " + ", ".join(f"{self.who(s)} {table.scores[s]}" for s in seats),
            "Hands: "
            + ", ".join(f"{self.who(s)} {counted(table.hand_sizes[s], 'card')}" for s in seats),
            f"Draw pile: {counted(table.to_draw, 'card')}; cleared: {len(table.cleared)}",
            "The game is over." if table.over else f"To act: {self.who(table.seat)}",
        ]

    def cards(self, animals: tuple[str, ...]) -> str:
        """Cards by animal and height (``cat 3, dog 4``), or ``none``."""
        height = self.rules.height
        return ", ".join(f"{animal} {height[animal]}" for animal in animals) or "none"

    def state(self, state: object) -> list[str]:
        """The whole position: the table, both hands and the draw pile, top first."""
        if not isinstance(state, State):
            return super().state(state)
        hands = [f"Hand of seat {s}: {self.cards(h)}" for s, h in enumerate(state.hands)]
        return [*self.public(state.table), *hands, f"Draw pile: {self.cards(state.deck)}"]

    def label(self, view: View, move: Move) -> str:
        """``play cat (3)``, ``draw a card`` or ``pass``."""
        if isinstance(move, Play):
            return f"play {move.animal} ({self.rules.height[move.animal]})"
        return "draw a card" if isinstance(move, Draw) else "pass"

    def event(self, event: Event) -> str | None:
        """A card played (and what it scored) or drawn (which, if the seat may see it)."""
        if isinstance(event, Played):
            result = f"scored {event.points}" if event.points else "cleared the gangway"
            return f"{self.subject(event.seat)} played {event.animal}: {result}"
        if isinstance(event, Drew):
            drawn = event.animal if event.animal is not None else "a card"
            return f"{self.subject(event.seat)} drew {drawn}"
        return super().event(event)
