"""The reference tables of docs/rl.md are the ones the encoders render."""

from __future__ import annotations

from pathlib import Path

import pytest

from noahrules.rl import reference

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_docs_rl_holds_the_tables_the_encoders_render() -> None:
    text = DOCS.read_text("utf-8")
    assert reference.markdown() in text, "run: python -m noahrules.rl.reference docs/rl.md"
    assert reference.replace(text) == text


def test_the_tables_name_every_field_and_block() -> None:
    tables = reference.markdown()
    for name in (
        "`docks.aboard`",
        "`face_up`",
        "`Rescue`",
        "`GiveCard`",
        "| island | all variants | 4 | 411 | 1969 | 64 |",
    ):
        assert name in tables
    with pytest.raises(ValueError, match="no generated tables"):
        reference.replace("no markers here")
