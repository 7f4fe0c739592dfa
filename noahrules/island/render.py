"""The island game as text: the hex map, the choices and the events, and the tile tables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from noahrules.events import Event
from noahrules.island.board import KINDS, Board
from noahrules.island.events import ArkMoved, ArkPlaced, Flooded, PairRescued, TilesRevealed
from noahrules.island.moves import EndTurn, Flood, Move, MoveArk, PlaceArk, Rescue
from noahrules.island.picture import picture
from noahrules.island.ruleset import Rules
from noahrules.island.scoring import breakdown
from noahrules.island.state import Phase, State
from noahrules.island.view import View
from noahrules.render import PLAIN, Paint, Renderer, Screen, beside, columns, counted, grid, wrap

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
_GROUPS: dict[type, str] = {
    PlaceArk: "place ark",
    Flood: "flood",
    MoveArk: "move ark",
    Rescue: "rescue",
    EndTurn: "or",
}
_LEGEND = ("~ water  A free ark space  0-3 arks", ". beach  : empty jungle  # face-down animal")
WIDTH = 100
"""The columns a screen may take."""
PANEL = 62
"""The columns of the panel beside the map."""


def _spaces(move: Move) -> tuple[int, ...]:
    """The spaces a move names."""
    if isinstance(move, Rescue):
        return (move.first, move.second)
    space = getattr(move, "space", None)
    return () if space is None else (space,)


def _species(view: View, space: int) -> str:
    """The species on a space, as far as a player sees it."""
    tile = view.tiles[space]
    return tile.species if tile is not None and tile.face_up else "?"


def _pairs(rescued: Sequence[str]) -> list[str]:
    """Rescued animals as pairs: ``["kangaroo", "lion (2 pairs)"]``, in order of rescue."""
    counts = Counter(rescued)
    return [
        species if counts[species] <= 2 else f"{species} ({counts[species] // 2} pairs)"
        for species in dict.fromkeys(rescued)
    ]


def _space_named(board: Board, answer: str) -> int | None:
    """The space an answer names: ``s12`` by id, ``3,14`` (or ``3 14``) by row and column."""
    text = answer.strip().lower()
    if text.startswith("s") and text[1:].isdigit():
        space = int(text[1:])
        return space if space < len(board.kind) else None
    parts = text.replace(",", " ").split()
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    place = (int(parts[0]), int(parts[1]))
    return next((s for s, at in enumerate(board.position) if at == place), None)


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
        where = view.rules.board.where(space)
        return f"space {space} ({where}, {self.what(view, space)})"

    def what(self, view: View | State, space: int) -> str:
        """What a space is or holds, as a player sees it."""
        kind = view.rules.board.kind[space]
        tile = view.tiles[space]
        if kind == "ark":  # water or not (I1)
            return "ark space"
        if space in view.water:
            return "sea" if kind == "sea" else "flooded"
        if tile is None:
            return f"empty {kind}"
        return f"face-up {tile.species}" if tile.face_up else "face-down animal"

    def cell(self, view: View | State, space: int) -> str:
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

    def table(self, view: View | State) -> list[str]:
        """The map, and beside it the water left, each seat's points and pairs, the legend
        and the face-up species."""
        return beside(self.map(view), self.panel(view))

    def state(self, state: object) -> list[str]:
        assert isinstance(state, State)
        return self.table(state)

    def map(self, view: View | State) -> list[str]:
        """The hex map with its column numbers (tens, units) and row numbers."""
        board = view.rules.board
        cells = {pos: space for space, pos in enumerate(board.position)}
        width = max(len(row) for row in board.rows)
        lines = [
            "    " + "".join(str(c // 10) if c % 10 == 0 else " " for c in range(1, width + 1)),
            "    " + "".join(str(c % 10) for c in range(1, width + 1)),
        ]
        for r, row in enumerate(board.rows, 1):
            text = "".join(
                self.cell(view, cells[r, c]) if (r, c) in cells else " "
                for c in range(1, len(row) + 1)
            )
            lines.append(f"{r:>2}  {text}")
        return lines

    def panel(self, view: View | State) -> list[str]:
        """What goes beside the map, each line at most :data:`PANEL` columns."""
        lines = [f"Water tiles left: {view.water_left}; {view.table.doing()}"]
        for seat in range(view.players):
            doubled = ", ".join(view.rules.arks[seat].doubled)
            points = counted(view.points[seat], "point")
            lines += wrap(f"{self.who(seat)}: {points}; x2 {doubled}", PANEL)
            rescued = ", ".join(_pairs(view.rescued[seat])) or "none"
            lines += wrap(f"pairs rescued: {rescued}", PANEL, "  ", "    ")
        lines += [_LEGEND[0], _LEGEND[1]]
        shown = sorted({t.species for t in view.tiles if t is not None and t.face_up})
        if shown:
            lines += wrap("Face up: " + ", ".join(f"{self.letter[s]} {s}" for s in shown), PANEL)
        return lines

    def label(self, view: View, move: Move) -> str:
        if isinstance(move, PlaceArk):
            return f"place your ark on {self.space(view, move.space)}"
        if isinstance(move, Flood):
            return f"flood {self.space(view, move.space)}"
        if isinstance(move, MoveArk):
            return f"move your ark to {self.space(view, move.space)}"
        if isinstance(move, Rescue):
            species = _species(view, move.first)
            return f"rescue the {species} pair on spaces {move.first} and {move.second}"
        if isinstance(move, EndTurn):
            return "end your turn"
        return repr(move)

    def choices(self, view: View, moves: Sequence[Move]) -> list[str]:
        """The choices grouped by kind, several to a line: number, space id, map place and what
        lies there."""
        groups: dict[type, list[str]] = {}
        for number, move in enumerate(moves, 1):
            groups.setdefault(type(move), []).append(f"{number:>2}) {self.short(view, move)}")
        if len(groups) == 1:  # the prompt says what they are
            return columns("  ", [cell for cells in groups.values() for cell in cells], WIDTH, 2)
        title_width = max(len(_GROUPS[kind]) for kind in groups) + 4
        lines = []
        for kind, cells in groups.items():
            lines += columns(f"  {_GROUPS[kind]}", cells, WIDTH, title_width)
        return lines

    def short(self, view: View, move: Move) -> str:
        """A choice in a few columns."""
        if isinstance(move, Rescue):
            return f"{_species(view, move.first)} s{move.first}+s{move.second}"
        if isinstance(move, EndTurn):
            return "end your turn"
        space = _spaces(move)[0]
        row, column = view.rules.board.position[space]
        tile = view.tiles[space]
        if space in view.water or tile is None:
            what = self.what(view, space).removeprefix("empty ")
        else:
            what = tile.species if tile.face_up else "animal"
        return f"s{space} {row},{column} {what}"

    def hint(self, count: int) -> str:
        return f"a number from 1 to {count}, a space as s12 or a place on the map as row,column"

    def named(self, view: View, moves: Sequence[Move], answer: str) -> tuple[int, ...]:
        """The choices on the space an answer names: ``s12`` (its id) or ``3,14`` (its row
        and column on the map)."""
        space = _space_named(view.rules.board, answer)
        if space is None:
            return ()
        return tuple(i for i, move in enumerate(moves) if space in _spaces(move))

    def prompt(self, view: View) -> str:
        if view.phase is Phase.ACT:
            return f"Your action ({view.actions_left} left):"
        return _PROMPTS.get(view.phase, "Your choice:")

    def events(self, events: Iterable[Event]) -> list[str]:
        """What happened, a line (wrapped) per seat's run of events; tiles turned face up join
        the sentence of the move that revealed them."""
        runs: list[tuple[int | None, list[str]]] = []
        for event in events:
            done = self.deed(event)
            if done is None:
                continue
            seat = getattr(event, "seat", None)
            if runs and seat in (None, runs[-1][0]):
                runs[-1][1].append(done)
            else:
                runs.append((seat, [done]))
        lines = []
        for seat, deeds in runs:
            sentence = "; ".join(deeds)
            sentence = f"{self.subject(seat)} {sentence}" if seat is not None else sentence
            lines += wrap(sentence[0].upper() + sentence[1:], WIDTH - 4, "  > ", "      ")
        return [line.replace(" > ", " " + self.paint(">", "cyan") + " ", 1) for line in lines]

    def event(self, event: Event) -> str | None:
        done = self.deed(event)
        seat = getattr(event, "seat", None)
        if done is None or seat is None:
            return done and done[0].upper() + done[1:]
        return f"{self.subject(seat)} {done}"

    def deed(self, event: Event) -> str | None:
        """What an event did, without its subject ("flooded space 19 ..."), or ``None``."""
        if isinstance(event, ArkPlaced):
            return f"placed {self.ark(event.seat)} ark on space {event.space}"
        if isinstance(event, TilesRevealed):
            shown = ", ".join(f"{species} on {space}" for space, species in event.tiles)
            return f"turned face up: {shown}"
        if isinstance(event, Flooded):
            lost = f", lost {event.lost}" if event.lost else ""
            lost += ", lost a face-down animal" if event.lost_unseen else ""
            return f"flooded space {event.space} (+{counted(event.points, 'point')}{lost})"
        if isinstance(event, ArkMoved):
            return f"moved {self.ark(event.seat)} ark to space {event.space}"
        if isinstance(event, PairRescued):
            return self.paint(
                f"rescued the {event.species} pair on spaces {event.first} and {event.second}",
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
        return grid(rows)


def cards(rules: Rules, paint: Paint) -> list[str]:
    """The tiles and the arks of ``rules`` as tables, their names in the paint's language."""
    variants = ", ".join(rules.variants) or "none"
    tiles = sum(t.count for t in rules.tiles)
    lines = [paint(f"{tiles} animal tiles", "bold") + f" (variants: {variants})"]
    doubled = {s: a.colour for a in rules.arks for s in a.doubled}
    rows = [["species", "name", "count", "points", "rescuable", "x2 for"]]
    rows += [
        [
            t.species,
            paint.name(t.name),
            str(t.count),
            str(t.points),
            "yes" if t.rescuable else "no",
            doubled.get(t.species, ""),
        ]
        for t in rules.tiles
    ]
    lines += [*grid(rows), "", paint(f"{len(rules.arks)} arks", "bold")]
    rows = [["seat", "colour", "name", "x2 species"]]
    rows += [
        [str(i), a.colour, paint.name(a.name), ", ".join(a.doubled)]
        for i, a in enumerate(rules.arks)
    ]
    return lines + grid(rows)


def board(rules: Rules, paint: Paint) -> list[str]:
    """The board of ``rules``: its name in the paint's language, the map, its legend and how
    many spaces of each kind it has."""
    board = rules.board
    cells = dict(zip(board.position, board.kind, strict=True))
    title = paint.name(board.title)
    named = f": {title}" if title != board.name else ""
    lines = [paint(f"board '{board.name}'{named}", "bold") + f" ({len(board.kind)} spaces)"]
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


RENDERER: Renderer[Rules, View, Move] = Renderer(
    screen=IslandScreen, cards=cards, board=board, picture=picture
)
"""How the island game looks as text."""
