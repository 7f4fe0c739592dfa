"""A table server with games of another package installed: Climb (docs/new-game.md's example)
and a second Climb of a long title, announced through the entry-point group as an installed
package would."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

from tests.serve.support import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "newgame"
LONG_TITLE = "Climb, told at length: a title long enough to widen any picker that fits its text"


def with_climbs(folder: Path) -> ServerProcess:
    """A started server (its files in ``folder``) with four games: ferry, island, ``climb``
    and ``climb-long``."""
    info = folder / "noahrules_climbs-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: noahrules-climbs\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[noahrules.games]\nclimb = climb:GAME\nclimb-long = long_climb:GAME\n"
    )
    (folder / "long_climb.py").write_text(
        textwrap.dedent(
            f"""
            import attrs, climb
            GAME = attrs.evolve(climb.GAME, name="climb-long", title={LONG_TITLE!r})
            """
        )
    )
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(folder), str(EXAMPLE), str(ROOT)])
    try:
        return ServerProcess(folder / "server.sqlite").start()
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before
