"""The report's folder, made ready before anything is played.

A study may run for hours; a folder it cannot write must be found in the first second, not
after the last game. :func:`prepare` makes the folder, checks that a file can be written in
it and that nothing in the way of the report's files (a folder called ``report.html``), and
refuses a folder that holds anything unless told to ``overwrite``: then it removes what the
previous study wrote there (the files listed in its :data:`MANIFEST`), and nothing else.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from noahrules.errors import NoahRulesError

__all__ = ["MANIFEST", "REPORT_FILES", "FolderError", "prepare", "record_manifest"]

MANIFEST = ".noahrules-lab.json"
"""The list of the files a study wrote into its folder, relative to it."""
REPORT_FILES = ("report.json", "report.md", "report.html", "games.csv", "outcome.jsonl.gz")
"""The report's own files, beside its folders ``figures/`` and ``games/``."""
FOLDERS = ("figures", "games")


class FolderError(NoahRulesError, OSError):
    """The report's folder cannot be used: it cannot be made or written, something is in the
    way of the report's files, or it holds another study's report or other files."""


def prepare(folder: str | os.PathLike[str], *, overwrite: bool = False) -> Path:
    """Make ``folder`` ready for a report (see the module's docstring) and return it; a
    :class:`FolderError` saying why it cannot be."""
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise FolderError(f"cannot make the report's folder {out}: {exc.strerror or exc}") from None
    if not out.is_dir():
        raise FolderError(f"the report's folder {out} is a file")
    _check_writable(out)
    present = sorted(p.name for p in out.iterdir())
    if present and not overwrite:
        shown = ", ".join(present[:5]) + (", ..." if len(present) > 5 else "")
        raise FolderError(
            f"the report's folder {out} is not empty ({shown}): choose another, or "
            "--overwrite (overwrite=True) to replace what a previous study wrote there"
        )
    if overwrite:
        _clear(out)
    for name in REPORT_FILES:
        if (out / name).exists() and not (out / name).is_file():
            raise FolderError(f"{out / name} is in the way of the report: it is not a file")
    for name in FOLDERS:
        if (out / name).exists() and not (out / name).is_dir():
            raise FolderError(f"{out / name} is in the way of the report: it is not a folder")
    return out


def _check_writable(out: Path) -> None:
    try:
        with tempfile.NamedTemporaryFile(dir=out, prefix=".noahrules-check-") as probe:
            probe.write(b"ok")
            probe.flush()
    except OSError as exc:
        raise FolderError(
            f"cannot write in the report's folder {out}: {exc.strerror or exc}"
        ) from None


def _clear(out: Path) -> None:
    """Remove the files the previous study listed, then the folders they leave empty."""
    listed = out / MANIFEST
    if not listed.is_file():
        return
    try:
        names = json.loads(listed.read_text("utf-8"))
    except (OSError, ValueError):
        names = []
    root = out.resolve()
    emptied: set[Path] = set()
    for name in names if isinstance(names, list) else []:
        path = (out / str(name)).resolve()
        if not path.is_relative_to(root) or not path.is_file():
            continue  # a manifest names only files inside its folder
        path.unlink()
        emptied.update(p for p in path.parents if p.is_relative_to(root) and p != root)
    for folder in sorted(emptied, key=lambda p: len(p.parts), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    listed.unlink()


def record_manifest(out: Path, files: Iterable[Path]) -> Path:
    """Write the list of the report's ``files`` into ``out``'s :data:`MANIFEST`."""
    names = sorted({p.resolve().relative_to(out.resolve()).as_posix() for p in files})
    path = out / MANIFEST
    path.write_text(json.dumps(names, indent=0) + "\n", encoding="utf-8")
    return path
