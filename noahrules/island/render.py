"""The island game as text: the hex map, the choices and the events, and the tile tables."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from noahrules.events import Event
from noahrules.i18n import Words
from noahrules.island.board import KINDS, Board
from noahrules.island.events import ArkMoved, ArkPlaced, Flooded, PairRescued, TilesRevealed
from noahrules.island.moves import EndTurn, Flood, Move, MoveArk, PlaceArk, Rescue
from noahrules.island.picture import picture
from noahrules.island.ruleset import Rules
from noahrules.island.scoring import breakdown
from noahrules.island.state import Phase, State
from noahrules.island.view import View
from noahrules.render import (
    PLAIN,
    Paint,
    Renderer,
    Screen,
    beside,
    columns,
    grid,
    visible_width,
    wrap,
)

__all__ = ["RENDERER", "IslandScreen", "board", "cards"]


def _(message: str) -> str:
    """A message to translate later, in the catalog (:mod:`noahrules.i18n`)."""
    return message


_PROMPTS = {
    Phase.PLACE_ARK: _("Place your ark:"),
    Phase.FLOOD: _("Flood a space next to the water:"),
}
_DOING = {
    Phase.PLACE_ARK: _("seat {seat} to place ark"),
    Phase.FLOOD: _("seat {seat} to flood"),
    Phase.ACT: _("seat {seat} to act"),
    Phase.OVER: _("game over"),
}
_SYMBOL = {"sea": "~", "ark": "A", "beach": ".", "jungle": "#"}
_COLOUR = {"sea": "blue", "ark": "cyan", "beach": "yellow", "jungle": "green"}
_LAND = {"beach": _("beach"), "jungle": _("jungle")}
_EMPTY = {"beach": _("empty beach"), "jungle": _("empty jungle")}


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
    PlaceArk: _("place ark"),
    Flood: _("flood"),
    MoveArk: _("move ark"),
    Rescue: _("rescue"),
    EndTurn: _("or"),
}
_LEGEND = (
    _("~ water  A free ark space  0-3 arks"),
    _(". beach  : empty jungle  # face-down animal"),
)
_SCORES = (_("start"), _("flood"), _("animals"), _("x2"), _("bonus"), _("total"))
"""The parts of a score in the summary (I17-I19)."""
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
    """The island game in the terminal, in the paint's language: a coloured hex map, its
    species by their id in English, by their name in the data in the other languages."""

    DOMAIN = "island"

    def __init__(
        self, rules: Rules, names: Mapping[int, str], paint: Paint = PLAIN, you: int | None = 0
    ) -> None:
        super().__init__(rules, names, paint, you)
        self.letter = _letters(t.species for t in rules.tiles)

    def species(self, species: str) -> str:
        """A species, shortly: its id in English, its name in the data otherwise ("?" for a
        species nobody sees)."""
        kind = self.rules.kind.get(species)
        if self.paint.language == "en" or kind is None:
            return species
        return self.paint.name(kind.name)

    def place(self, view: View, space: int) -> dict[str, object]:
        """A space for a move's label, as the placeholders ``space`` (its id), ``where`` (its
        place on the map) and ``what`` (what lies there)."""
        row, column = view.rules.board.position[space]
        where = self.words.gettext("row {row}, column {column}", row=row, column=column)
        return {"space": space, "where": where, "what": self.what(view, space)}

    def what(self, view: View | State, space: int) -> str:
        """What a space is or holds, as a player sees it."""
        w = self.words
        kind = view.rules.board.kind[space]
        tile = view.tiles[space]
        if kind == "ark":  # water or not (I1)
            return w.gettext("ark space")
        if space in view.water:
            return w.gettext("sea") if kind == "sea" else w.gettext("flooded")
        if tile is None:
            return w.gettext(_EMPTY[kind])
        if tile.face_up:
            return w.gettext("face-up {species}", species=self.species(tile.species))
        return w.gettext("face-down animal")

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

    def doing(self, view: View | State) -> str:
        """Who is to do what: "seat 1 to place ark", or "game over"."""
        return self.words.gettext(_DOING[view.phase], seat=view.table.seat)

    def pairs(self, rescued: Sequence[str]) -> list[str]:
        """Rescued animals as pairs: ``["kangaroo", "lion (2 pairs)"]``, in order of rescue."""
        counts = Counter(rescued)
        return [
            self.species(species)
            if counts[species] <= 2
            else self.words.ngettext(
                "{species} ({count} pair)",
                "{species} ({count} pairs)",
                counts[species] // 2,
                species=self.species(species),
            )
            for species in dict.fromkeys(rescued)
        ]

    def panel(self, view: View | State) -> list[str]:
        """What goes beside the map, each line at most :data:`PANEL` columns."""
        w = self.words
        water = w.gettext(
            "Water tiles left: {water}; {doing}", water=view.water_left, doing=self.doing(view)
        )
        lines = [water]
        for seat in range(view.players):
            doubled = ", ".join(self.species(s) for s in view.rules.arks[seat].doubled)
            points = w.ngettext("{count} point", "{count} points", view.points[seat])
            score = w.gettext(
                "{who}: {points}; x2 {doubled}", who=self.who(seat), points=points, doubled=doubled
            )
            lines += wrap(score, PANEL)
            rescued = ", ".join(self.pairs(view.rescued[seat])) or w.gettext("none")
            lines += wrap(w.gettext("pairs rescued: {pairs}", pairs=rescued), PANEL, "  ", "    ")
        lines += [w.gettext(_LEGEND[0]), w.gettext(_LEGEND[1])]
        shown = sorted({t.species for t in view.tiles if t is not None and t.face_up})
        if shown:
            letters = ", ".join(f"{self.letter[s]} {self.species(s)}" for s in shown)
            lines += wrap(w.gettext("Face up: {species}", species=letters), PANEL)
        return lines

    def label(self, view: View, move: Move) -> str:
        w = self.words
        if isinstance(move, PlaceArk):
            return w.gettext(
                "place your ark on space {space} ({where}, {what})", **self.place(view, move.space)
            )
        if isinstance(move, Flood):
            return w.gettext(
                "flood space {space} ({where}, {what})", **self.place(view, move.space)
            )
        if isinstance(move, MoveArk):
            return w.gettext(
                "move your ark to space {space} ({where}, {what})", **self.place(view, move.space)
            )
        if isinstance(move, Rescue):
            return w.gettext(
                "rescue the {species} pair on spaces {first} and {second}",
                species=self.species(_species(view, move.first)),
                first=move.first,
                second=move.second,
            )
        if isinstance(move, EndTurn):
            return w.gettext("end your turn")
        return repr(move)

    def choices(self, view: View, moves: Sequence[Move]) -> list[str]:
        """The choices grouped by kind, several to a line: number, space id, map place and what
        lies there."""
        groups: dict[type, list[str]] = {}
        for number, move in enumerate(moves, 1):
            groups.setdefault(type(move), []).append(f"{number:>2}) {self.short(view, move)}")
        if len(groups) == 1:  # the prompt says what they are
            return columns("  ", [cell for cells in groups.values() for cell in cells], WIDTH, 2)
        titles = {kind: self.words.gettext(_GROUPS[kind]) for kind in groups}
        title_width = max(visible_width(title) for title in titles.values()) + 4
        lines = []
        for kind, cells in groups.items():
            lines += columns(f"  {titles[kind]}", cells, WIDTH, title_width)
        return lines

    def short(self, view: View, move: Move) -> str:
        """A choice in a few columns: the space as it is typed (``s12``, ``row,column``) and
        what lies there."""
        w = self.words
        if isinstance(move, Rescue):
            return f"{self.species(_species(view, move.first))} s{move.first}+s{move.second}"
        if isinstance(move, EndTurn):
            return w.gettext("end your turn")
        space = _spaces(move)[0]
        row, column = view.rules.board.position[space]
        tile = view.tiles[space]
        kind = view.rules.board.kind[space]
        if space in view.water or tile is None:
            empty = space not in view.water and kind in _LAND  # "beach", not "empty beach"
            what = w.gettext(_LAND[kind]) if empty else self.what(view, space)
        else:
            what = self.species(tile.species) if tile.face_up else w.gettext("animal")
        return f"s{space} {row},{column} {what}"

    def hint(self, count: int) -> str:
        return self.words.gettext(
            "a number from 1 to {count}, a space as s12 or a place on the map as row,column",
            count=count,
        )

    def named(self, view: View, moves: Sequence[Move], answer: str) -> tuple[int, ...]:
        """The choices on the space an answer names: ``s12`` (its id) or ``3,14`` (its row
        and column on the map)."""
        space = _space_named(view.rules.board, answer)
        if space is None:
            return ()
        return tuple(i for i, move in enumerate(moves) if space in _spaces(move))

    def prompt(self, view: View) -> str:
        if view.phase is Phase.ACT:
            return self.words.gettext("Your action ({count} left):", count=view.actions_left)
        if view.phase in _PROMPTS:
            return self.words.gettext(_PROMPTS[view.phase])
        return super().prompt(view)

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
            sentence = self.sentence(seat, "; ".join(deeds))
            lines += wrap(sentence, WIDTH - 4, "  > ", "      ")
        return [line.replace(" > ", " " + self.paint(">", "cyan") + " ", 1) for line in lines]

    def event(self, event: Event) -> str | None:
        done = self.deed(event)
        seat = getattr(event, "seat", None)
        return None if done is None else self.sentence(seat, done, capital=seat is None)

    def sentence(self, seat: int | None, deeds: str, capital: bool = True) -> str:
        """What a seat did (or what happened, without a seat) as a sentence, its first letter
        a capital unless ``capital`` is false (a seat's name stays as it was written)."""
        if seat is not None:
            deeds = self.words.gettext("{who} {deeds}", who=self.subject(seat), deeds=deeds)
        return deeds[:1].upper() + deeds[1:] if capital else deeds

    def deed(self, event: Event) -> str | None:
        """What an event did, without its subject ("flooded space 19 ..."), or ``None``."""
        w = self.words
        yours = isinstance(event, ArkPlaced | ArkMoved) and event.seat == self.you
        if isinstance(event, ArkPlaced):
            if yours:
                return w.gettext("placed your ark on space {space}", space=event.space)
            return w.gettext("placed its ark on space {space}", space=event.space)
        if isinstance(event, TilesRevealed):
            shown = ", ".join(
                w.gettext("{species} on {space}", species=self.species(species), space=space)
                for space, species in event.tiles
            )
            return w.gettext("turned face up: {tiles}", tiles=shown)
        if isinstance(event, Flooded):
            lost = (
                w.gettext(", lost {species}", species=self.species(event.lost))
                if event.lost
                else ""
            )
            lost += w.gettext(", lost a face-down animal") if event.lost_unseen else ""
            points = w.ngettext("{count} point", "{count} points", event.points)
            return w.gettext(
                "flooded space {space} (+{points}{lost})",
                space=event.space,
                points=points,
                lost=lost,
            )
        if isinstance(event, ArkMoved):
            if yours:
                return w.gettext("moved your ark to space {space}", space=event.space)
            return w.gettext("moved its ark to space {space}", space=event.space)
        if isinstance(event, PairRescued):
            return self.paint(
                w.gettext(
                    "rescued the {species} pair on spaces {first} and {second}",
                    species=self.species(event.species),
                    first=event.first,
                    second=event.second,
                ),
                "green",
            )
        return None

    def summary(self, state: object) -> list[str]:
        """Each seat's score in parts: start, flood, animals, x2 and bonus (I17-I19)."""
        assert isinstance(state, State)
        rows = [["", *(self.words.gettext(part) for part in _SCORES)]]
        rows += [
            [
                self.who(seat),
                *(str(n) for n in (b.start, b.flood, b.animals, b.doubled, b.bonus)),
                str(b.total),
            ]
            for seat, b in enumerate(breakdown(state))
        ]
        return grid(rows)


_TILE_COLUMNS = (_("species"), _("name"), _("count"), _("points"), _("rescuable"), _("x2 for"))
_ARK_COLUMNS = (_("seat"), _("colour"), _("name"), _("x2 species"))
_KIND_NAMES = {"sea": _("sea"), "ark": _("ark"), "beach": _("beach"), "jungle": _("jungle")}


def cards(rules: Rules, paint: Paint) -> list[str]:
    """The tiles and the arks of ``rules`` as tables in the paint's language (species and
    colours as the data writes them)."""
    w = Words(paint.language, "island")
    variants = ", ".join(rules.variants) or w.gettext("none")
    tiles = sum(t.count for t in rules.tiles)
    lines = [
        paint(w.ngettext("{count} animal tile", "{count} animal tiles", tiles), "bold")
        + " "
        + w.gettext("(variants: {variants})", variants=variants)
    ]
    doubled = {s: a.colour for a in rules.arks for s in a.doubled}
    yes, no = w.gettext("yes"), w.gettext("no")
    rows = [[w.gettext(column) for column in _TILE_COLUMNS]]
    rows += [
        [
            t.species,
            paint.name(t.name),
            str(t.count),
            str(t.points),
            yes if t.rescuable else no,
            doubled.get(t.species, ""),
        ]
        for t in rules.tiles
    ]
    arks = w.ngettext("{count} ark", "{count} arks", len(rules.arks))
    lines += [*grid(rows), "", paint(arks, "bold")]
    rows = [[w.gettext(column) for column in _ARK_COLUMNS]]
    rows += [
        [str(i), a.colour, paint.name(a.name), ", ".join(a.doubled)]
        for i, a in enumerate(rules.arks)
    ]
    return lines + grid(rows)


def board(rules: Rules, paint: Paint) -> list[str]:
    """The board of ``rules`` in the paint's language: its name, the map, its legend and how
    many spaces of each kind it has."""
    w = Words(paint.language, "island")
    board = rules.board
    cells = dict(zip(board.position, board.kind, strict=True))
    title = paint.name(board.title)
    named = f": {title}" if title != board.name else ""
    spaces = w.ngettext("{count} space", "{count} spaces", len(board.kind))
    heading = w.gettext("board '{board}'{title}", board=board.name, title=named)
    lines = [paint(heading, "bold") + f" ({spaces})"]
    for r, row in enumerate(board.rows, 1):
        text = "".join(
            paint(_SYMBOL[cells[r, c]], _COLOUR[cells[r, c]]) if (r, c) in cells else " "
            for c in range(1, len(row) + 1)
        )
        lines.append(f"{r:>3}  {text}")
    lines.append("")
    names = {kind: w.gettext(_KIND_NAMES[kind]) for kind in KINDS}
    counts = {
        kind: w.ngettext("{count} space", "{count} spaces", board.kind.count(kind))
        for kind in KINDS
    }
    for kind in KINDS:
        name = names[kind] + " " * (7 - visible_width(names[kind]))
        count = " " * (11 - visible_width(counts[kind])) + counts[kind]
        lines.append(f"  {paint(_SYMBOL[kind], _COLOUR[kind])} {name}{count}")
    lines.append(
        "  "
        + w.gettext(
            "water tiles {water}, tiles set aside {aside}",
            water=rules.water_tiles,
            aside=rules.set_aside,
        )
    )
    return lines


RENDERER: Renderer[Rules, View, Move] = Renderer(
    screen=IslandScreen, cards=cards, board=board, picture=picture
)
"""How the island game looks as text."""
