"""A report written without figures (``--no-figures``) loads neither the module that draws
them nor matplotlib: a study needs only the core."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WRITE_WITHOUT_FIGURES = """
import sys

from noahrules import lab

study = lab.Study.design("island", games=3, bots=["greedy"], seed=2)
report, files = lab.balance(study, sys.argv[1], figures=False, keep=0, workers=1)
assert files.markdown.is_file() and files.html.is_file() and not files.figures, files
assert "noahrules.lab.figures" not in sys.modules, "the figures' module was imported"
assert "matplotlib" not in sys.modules, "matplotlib was imported"
print("written without figures")
"""


def test_a_report_without_figures_imports_neither_figures_nor_matplotlib(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", WRITE_WITHOUT_FIGURES, str(tmp_path / "report")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "written without figures"
    assert (tmp_path / "report" / "report.md").is_file()
    assert not (tmp_path / "report" / "figures").exists()
