"""Reading YAML files (and overlays held in memory) into :class:`~noahrules.data.nodes.Node`
values, remembering each file's digest so that a cached load can tell an edit."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import attrs

from noahrules.data.findings import Findings
from noahrules.data.names import check_languages
from noahrules.data.nodes import Node
from noahrules.data.overlay import Overlay
from noahrules.data.status import file_status, settled
from noahrules.errors import RulesDataError
from noahrules.safe_yaml import MAX_BYTES, parse


def load_yaml(path: Path, findings: Findings | None = None) -> Node:
    """Read one YAML file safely (:func:`noahrules.safe_yaml.parse`); any failure is a
    :class:`RulesDataError`. Its nodes raise every problem, unless ``findings`` are given to
    collect them in (then read what you need and call ``findings.settle()``, or list
    ``findings.errors``)."""
    reader = Reader()
    node = reader.load(path)
    if findings is None:
        reader.findings.settle()  # a key given twice, noted while parsing
    else:
        findings.add(*reader.findings.errors)
    return attrs.evolve(node, findings=findings)


class Reader:
    """Reads the YAML files of one load of rules data, remembering the SHA-256 of each file's
    bytes, so that a cached load can tell whether any file it read has changed since; its
    :class:`Findings` gather what the load finds (the loaders settle them before they
    return)."""

    def __init__(self) -> None:
        self.files: dict[Path, str] = {}
        """Every file read, with the digest of its bytes."""
        self.stats: dict[Path, tuple[int, ...]] = {}
        """Every file read whose status can vouch for its bytes (see :meth:`unchanged`)."""
        self.findings = Findings()

    def load(self, path: Path) -> Node:
        """Read one YAML file safely (:func:`noahrules.safe_yaml.parse`); any failure is a
        :class:`RulesDataError` naming the file."""
        file = str(path)
        try:
            with path.open("rb") as stream:
                status = file_status(os.fstat(stream.fileno()))
                raw = stream.read(MAX_BYTES + 1)
        except OSError as exc:
            raise RulesDataError(file, "", f"cannot read file: {exc.strerror or exc}") from None
        if len(raw) > MAX_BYTES:
            raise RulesDataError(
                file, "", f"over {MAX_BYTES} bytes; a YAML file may hold that much"
            )
        self.files[path] = hashlib.sha256(raw).hexdigest()
        if settled(status):
            self.stats[path] = status
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw.count(b"\n", 0, exc.start) + 1
            raise RulesDataError(file, "", f"not UTF-8 text: {exc.reason}", line) from None
        value, mark = parse(text, file, self.findings.errors)
        return _checked(Node(value, file, "", mark, self.findings))

    def load_overlay(self, overlay: Overlay) -> Node:
        """Read an overlay held in memory: its YAML text (within the limits of a file) or its
        data; problems name it by its label."""
        if isinstance(overlay.content, str):
            value, mark = parse(overlay.content, overlay.label, self.findings.errors)
            return _checked(Node(value, overlay.label, "", mark, self.findings))
        return _checked(Node(overlay.data(), overlay.label, "", None, self.findings))

    def unchanged(self) -> bool:
        """Whether every file read still holds the same bytes.

        A file whose status (inode, size, times of change) is the same as when it was read,
        and was last changed well before that, has not changed: it is not read again. Any other
        file is read and its digest compared, so an edit within the same tick of a coarse file
        system clock is never missed (git's "racy clean" files).
        """
        for path, sha in self.files.items():
            try:
                known = self.stats.get(path)
                if known is not None and file_status(os.stat(path)) == known:
                    continue
                if hashlib.sha256(path.read_bytes()).hexdigest() != sha:
                    return False
            except OSError:
                return False
        return True


def _checked(root: Node) -> Node:
    """A file's root, its names checked for a language started but not finished (warnings)."""
    check_languages(root)
    return root
