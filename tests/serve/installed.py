"""A table server with games of another package installed: Climb (docs/new-game.md's example)
and a second Climb of a long title that draws its table with a script and styles of its own,
announced through the entry-point group as an installed package would."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

from tests.serve.support import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "newgame"
LONG_TITLE = "Climb, told at length: a title long enough to widen any picker that fits its text"
DRAWING = """
import { h } from "../../static/dom.js";

export function board(model, act) {
  const table = model.view.table;
  return h("section", { class: "panel", id: "climb-drawing" },
    h("ol", { class: "gangway" }, table.gangway.map((animal) => h("li", {}, animal))),
    h("p", { id: "climb-left" }, `${table.to_draw} to draw`),
    h("div", { class: "actions" }, model.view.legal_moves.map((move, i) =>
      h("button", { "data-move": i, onclick: () => act.send(i) }, move.animal || "draw"))));
}
"""
"""Climb's plank as an ordered list of its animals, the cards left to draw, a button a move."""


def with_climbs(folder: Path) -> ServerProcess:
    """A started server (its files in ``folder``) with four games: ferry, island, ``climb``
    and ``climb-long``."""
    info = folder / "noahrules_climbs-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: noahrules-climbs\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[noahrules.games]\nclimb = climb:GAME\nclimb-long = long_climb:GAME\n"
    )
    package = folder / "long_climb"
    package.mkdir()
    (package / "__init__.py").write_text(
        textwrap.dedent(
            f"""
            import attrs, climb
            from noahrules.serve.explain import PageParts
            PARTS = PageParts(script="page.js", styles="page.css")
            GAME = attrs.evolve(
                climb.GAME,
                name="climb-long",
                title={LONG_TITLE!r},
                plugins={{**climb.GAME.plugins, "serve": "long_climb:PARTS"}},
            )
            """
        )
    )
    (package / "page.js").write_text(DRAWING)
    (package / "page.css").write_text(".gangway li { outline: 3px solid rgb(200, 0, 0); }\n")
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(folder), str(EXAMPLE), str(ROOT)])
    try:
        return ServerProcess(folder / "server.sqlite").start()
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
