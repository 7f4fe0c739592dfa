"""The island game as text: the hex map, the choices and the events, and the tile tables."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from noahrules.events import Event
from noahrules.island.board import KINDS
from noahrules.island.events import ArkMoved, ArkPlaced, Flooded, PairRescued, TilesRevealed
from noahrules.island.moves import EndTurn, Flood, Move, MoveArk, PlaceArk, Rescue
from noahrules.island.ruleset import Rules
from noahrules.island.scoring import breakdown
from noahrules.island.state import Phase, State
from noahrules.island.view import View
from noahrules.render import PLAIN, Paint, Renderer, Screen, table

__all__ = ["RENDERER", "IslandScreen", "board", "cards"]

_PROMPTS = {Phase.PLACE_ARK: "Place your ark:", Phase.FLOOD: "Flood a space next to the water:"}
_SYMBOL = {"sea": "~", "ark": "A", "beach": ".", "jungle": "#"}
_COLOUR = {"sea": "blue", "ark": "cyan", "beach": "yellow", "jungle": "green"}


def _letters(species: Iterable[str]) -> dict[str, str]:
    """A distinct lower-case letter for each species, from its name where possible."""
    used: set[str] = set(".#~")
    result = {}
    for name in species:
        pool = [c for c in name.lower() if c.isalpha()] + list("abcdefghijklmnopqrstuvwxyz")
        letter = next((c for c in pool if c not in used), "?")
        used.add(letter)
        result[name] = letter
    return result


_ARK_COLOURS = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow"}


class IslandScreen(Screen[Rules, View, Move]):
    """The island game in the terminal: a coloured hex map."""

    def __init__(
        self, rules: Rules, names: Mapping[int, str], paint: Paint = PLAIN, you: int | None = 0
    ) -> None:
        super().__init__(rules, names, paint, you)
        self.letter = _letters(t.species for t in rules.tiles)

    def ark(self, seat: int) -> str:
        """The possessive for a seat's ark."""
        return "your" if seat == self.you else "its"

    def space(self, view: View, space: int) -> str:
        """A space for a move's label: id, place on the map and what lies there."""
        board = view.rules.board
        tile = view.tiles[space]
        kind = board.kind[space]
        if kind == "ark":  # water or not (I1)
            what = "ark space"
        elif space in view.water:
            what = "sea" if kind == "sea" else "flooded"
        elif tile is None:
            what = f"empty {board.kind[space]}"
        elif not tile.face_up:
            what = "face-down animal"
        else:
            what = f"face-up {tile.species}"
        return f"space {space} ({board.where(space)}, {what})"

    def cell(self, view: View, space: int) -> str:
        """One space of the map, coloured."""
        p = self.paint
        kind = view.rules.board.kind[space]
        if space in view.arks:
            seat = view.arks.index(space)
            colour = view.rules.arks[seat].colour if seat < len(view.rules.arks) else ""
            return p(str(seat), "bold", _ARK_COLOURS.get(colour, "magenta"))
        if kind == "ark":  # water or not (I1)
            return p("A", "blue")
        if space in view.water:
            return p("~", "blue")
        tile = view.tiles[space]
        if tile is None:
            return p("." if kind == "beach" else ":", "yellow" if kind == "beach" else "green")
        if not tile.face_up:
            return p("#", "green")
        return p(self.letter.get(tile.species, "?"), "bold")

    def table(self, view: View) -> list[str]:
        board = view.rules.board
        cells = {pos: space for space, pos in enumerate(board.position)}
        width = max(len(row) for row in board.rows)
        lines = [
            "     " + "".join(str(c // 10) if c % 10 == 0 else " " for c in range(1, width + 1)),
            "     " + "".join(str(c % 10) for c in range(1, width + 1)),
        ]
        for r, row in enumerate(board.rows, 1):
            text = "".join(
                self.cell(view, cells[r, c]) if (r, c) in cells else " "
                for c in range(1, len(row) + 1)
            )
            lines.append(f"{r:>3}  {text}")
        shown = sorted({t.species for t in view.tiles if t is not None and t.face_up})
        lines.append(
            "~ water  A free ark space  0-3 arks  . beach  : empty jungle  # face-down animal"
        )
        if shown:
            lines.append("Face up: " + ", ".join(f"{self.letter[s]} {s}" for s in shown))
        lines.append(
            f"Water tiles left: {view.water_left}; points so far: "
            + ", ".join(f"{self.who(s)} {view.points[s]}" for s in range(view.players))
        )
        for seat in range(view.players):
            rescued = ", ".join(view.rescued[seat]) or "nothing"
            doubled = ", ".join(view.rules.arks[seat].doubled)
            lines.append(f"{self.who(seat)} rescued: {rescued} (x2: {doubled})")
        return lines

    def prompt(self, view: View) -> str:
        if view.phase is Phase.ACT:
            return f"Your action ({view.actions_left} left):"
        return _PROMPTS.get(view.phase, "Your choice:")

    def label(self, view: View, move: Move) -> str:
        if isinstance(move, PlaceArk):
            return f"place your ark on {self.space(view, move.space)}"
        if isinstance(move, Flood):
            return f"flood {self.space(view, move.space)}"
        if isinstance(move, MoveArk):
            return f"move your ark to {self.space(view, move.space)}"
        if isinstance(move, Rescue):
            tile = view.tiles[move.first]
            species = tile.species if tile is not None else "?"
            return f"rescue the {species} pair on spaces {move.first} and {move.second}"
        if isinstance(move, EndTurn):
            return "end your turn"
        return repr(move)

    def event(self, event: Event) -> str | None:
        board = self.rules.board
        if isinstance(event, ArkPlaced):
            who, ark = self.subject(event.seat), self.ark(event.seat)
            return f"{who} placed {ark} ark on space {event.space}"
        if isinstance(event, TilesRevealed):
            shown = ", ".join(f"{species} on {space}" for space, species in event.tiles)
            return f"Turned face up: {shown}"
        if isinstance(event, Flooded):
            lost = f"; lost: {event.lost}" if event.lost else ""
            lost += "; lost: a face-down animal" if event.lost_unseen else ""
            return (
                f"{self.subject(event.seat)} flooded space {event.space} "
                f"({board.where(event.space)}, +{event.points} points){lost}"
            )
        if isinstance(event, ArkMoved):
            who, ark = self.subject(event.seat), self.ark(event.seat)
            return f"{who} moved {ark} ark to space {event.space}"
        if isinstance(event, PairRescued):
            return self.paint(
                f"{self.subject(event.seat)} rescued the {event.species} pair "
                f"on spaces {event.first} and {event.second}",
                "green",
            )
        return None

    def summary(self, state: object) -> list[str]:
        """Each seat's score in parts: start, flood, animals, x2 and bonus (I17-I19)."""
        assert isinstance(state, State)
        rows = [["", "start", "flood", "animals", "x2", "bonus", "total"]]
        rows += [
            [
                self.who(seat),
                *(str(n) for n in (b.start, b.flood, b.animals, b.doubled, b.bonus)),
                str(b.total),
            ]
            for seat, b in enumerate(breakdown(state))
        ]
        return table(rows)


def cards(rules: Rules, paint: Paint) -> list[str]:
    """The tiles and the arks of ``rules`` as tables."""
    variants = ", ".join(rules.variants) or "none"
    tiles = sum(t.count for t in rules.tiles)
    lines = [paint(f"{tiles} animal tiles", "bold") + f" (variants: {variants})"]
    doubled = {s: a.colour for a in rules.arks for s in a.doubled}
    rows = [["species", "count", "points", "rescuable", "x2 for"]]
    rows += [
        [
            t.species,
            str(t.count),
            str(t.points),
            "yes" if t.rescuable else "no",
            doubled.get(t.species, ""),
        ]
        for t in rules.tiles
    ]
    lines += [*table(rows), "", paint(f"{len(rules.arks)} arks", "bold")]
    rows = [["seat", "colour", "x2 species"]]
    rows += [[str(i), a.colour, ", ".join(a.doubled)] for i, a in enumerate(rules.arks)]
    return lines + table(rows)


def board(rules: Rules, paint: Paint) -> list[str]:
    """The board of ``rules``: the map, its legend and how many spaces of each kind it has."""
    board = rules.board
    cells = dict(zip(board.position, board.kind, strict=True))
    lines = [paint(f"board '{board.name}'", "bold") + f" ({len(board.kind)} spaces)"]
    for r, row in enumerate(board.rows, 1):
        text = "".join(
            paint(_SYMBOL[cells[r, c]], _COLOUR[cells[r, c]]) if (r, c) in cells else " "
            for c in range(1, len(row) + 1)
        )
        lines.append(f"{r:>3}  {text}")
    lines.append("")
    for kind in KINDS:
        count = board.kind.count(kind)
        lines.append(f"  {paint(_SYMBOL[kind], _COLOUR[kind])} {kind:<7}{count:>4} spaces")
    lines.append(f"  water tiles {rules.water_tiles}, tiles set aside {rules.set_aside}")
    return lines


RENDERER: Renderer[Rules, View, Move] = Renderer(screen=IslandScreen, cards=cards, board=board)
"""How the island game looks as text."""
