"""Every Python example in the documentation runs, so the docs cannot go stale.

Each ```python block of ``docs/*.md`` runs on its own, from the repository's root folder (so
``docs/examples/...`` paths work). A block may end with ``assert`` lines checking its result.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from noahrules import GAMES

ROOT = Path(__file__).resolve().parent.parent
BLOCKS = [
    pytest.param(code, id=f"{page.stem}-{i}")
    for page in sorted((ROOT / "docs").glob("*.md"))
    for i, code in enumerate(re.findall(r"```python\n(.*?)```", page.read_text("utf-8"), re.S))
]


@pytest.mark.parametrize("code", BLOCKS)
def test_doc_example_runs(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    exec(compile(code, "<docs>", "exec"), {"__name__": "docs_example"})


def test_the_docs_have_examples() -> None:
    pages = {p.stem for p in (ROOT / "docs").glob("*.md")}
    assert {"index", "ferry", "island", "variants", "api", "cli", "testing"} <= pages
    assert len(BLOCKS) >= 10


def test_every_variant_example_file_loads() -> None:
    examples = sorted((ROOT / "docs" / "examples").glob("*.yaml"))
    assert examples
    for path in examples:
        game = "island" if path.stem.startswith("island") else "ferry"
        GAMES[game].load_rules([str(path)])
