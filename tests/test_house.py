"""The house rules of the code (docs/design.md): layers one way under the import-linter contract,
no import cycles, no class of more than 25 methods, no module of more than 600 lines, a light
``noahrules --version``, and every principle a docstring cites (``docs/design.md principle N``)
numbered in the design page.
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "noahrules"
MAX_METHODS = 25
MAX_LINES = 600
MAX_MODULES_FOR_VERSION = 60


def modules() -> Iterator[Path]:
    return iter(sorted(PACKAGE.rglob("*.py")))


def test_the_layers_contract_holds() -> None:
    lint = Path(sys.executable).parent / "lint-imports"
    done = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 kept, 0 broken" in done.stdout


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(edges[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def test_cycles_finds_a_cycle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c"]]


def test_no_import_cycles_counting_imports_inside_functions() -> None:
    graph = grimp.build_graph("noahrules", exclude_type_checking_imports=True)
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert len(edges) > 100
    assert "noahrules.games" in edges["noahrules.shown"]
    assert cycles(edges) == []


def test_no_module_over_600_lines() -> None:
    long = {
        str(path.relative_to(ROOT)): n
        for path in modules()
        if (n := len(path.read_text("utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def methods(tree: ast.Module) -> Iterator[tuple[str, int]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            defs = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
            yield node.name, len(defs)


def test_methods_counts_every_def_of_a_class() -> None:
    tree = ast.parse("class A:\n    def a(self): ...\n    async def b(self): ...\n    x = 1\n")
    assert list(methods(tree)) == [("A", 2)]


def test_no_class_over_25_methods() -> None:
    big = {
        f"{path.relative_to(ROOT)}:{name}": n
        for path in modules()
        for name, n in methods(ast.parse(path.read_text("utf-8")))
        if n > MAX_METHODS
    }
    assert big == {}


def test_the_version_loads_few_of_the_librarys_modules() -> None:
    code = (
        "import sys\n"
        "from noahrules.cli import main\n"
        "assert main(['--version']) == 0\n"
        "print(sum(name.split('.')[0] == 'noahrules' for name in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("noahrules 0.1.0\n")
    loaded = int(done.stdout.split()[-1])
    assert 5 < loaded <= MAX_MODULES_FOR_VERSION


def test_a_command_loads_only_its_own_module() -> None:
    code = (
        "import sys\n"
        "from noahrules.cli import main\n"
        "main(['cards', 'ferry'])\n"
        "print(sorted(n for n in sys.modules if n.startswith('noahrules.cli.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == (
        "['noahrules.cli.commands', 'noahrules.cli.common', 'noahrules.cli.show']"
    )


def principles() -> set[int]:
    page = (ROOT / "docs" / "design.md").read_text("utf-8")
    section = page.split("## Principles", 1)[1].split("\n## ", 1)[0]
    return {int(n) for n in re.findall(r"^(\d+)\. \*\*", section, re.M)}


def test_every_design_principle_cited_is_numbered_in_the_design_page() -> None:
    numbered = principles()
    assert set(range(1, 13)) <= numbered
    cited = set()
    for path in modules():
        text = path.read_text("utf-8")
        assert "DESIGN principle" not in text, f"{path}: cite docs/design.md's principles"
        for group in re.findall(r"docs/design.md principles? ([\d ,and]+)", text):
            cited |= {int(n) for n in re.findall(r"\d+", group)}
    assert cited, "the docstrings cite the design page's principles"
    assert cited <= numbered


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [
        ("noahrules.game", "noahrules.games", "GAMES"),
        ("noahrules.game", "noahrules.games", "register_game"),
        ("noahrules.render", "noahrules.shown", "picture"),
    ],
)
def test_a_moved_name_is_found_at_its_old_home_with_a_warning(
    old: str, new: str, name: str
) -> None:
    old_module = __import__(old, fromlist=[name])
    new_module = __import__(new, fromlist=[name])
    with pytest.warns(DeprecationWarning, match=f"{old}.{name} moved to {new}.{name}"):
        found = getattr(old_module, name)
    assert found is getattr(new_module, name)


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [
        ("noahrules.lab.cli", "noahrules.cli.balance", "main"),
        ("noahrules.lab.tune_cli", "noahrules.cli.tune", "register"),
        ("noahrules.serve.cli", "noahrules.cli.serve", "main"),
        ("noahrules.cli.report", "noahrules.cli.simulate", "report_lines"),
        ("noahrules.serve.display", "noahrules.serve.visibility", "derived"),
    ],
)
def test_a_moved_module_is_found_at_its_old_path_with_a_warning(
    old: str, new: str, name: str
) -> None:
    moved = importlib.import_module(old)
    with pytest.warns(DeprecationWarning, match=f"{old} moved to {new}"):
        found = getattr(moved, name)
    assert found is getattr(importlib.import_module(new), name)
    with pytest.raises(AttributeError):
        moved.__wrapped__  # noqa: B018


def test_a_renamed_function_is_found_under_its_old_name_with_a_warning() -> None:
    import noahrules.render  # noqa: PLC0415

    with pytest.warns(
        DeprecationWarning, match="noahrules.render.table moved to noahrules.render.grid"
    ):
        found = getattr(noahrules.render, "table")  # noqa: B009
    assert found is noahrules.render.grid
    assert found([["a", "bb"], ["ccc", "d"]]) == ["  a    bb", "  ccc  d"]


def test_an_unknown_name_of_a_module_with_moved_names_is_an_attribute_error() -> None:
    import noahrules.game  # noqa: PLC0415

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="no attribute 'nothing'"):
            getattr(noahrules.game, "nothing")  # noqa: B009


def test_the_package_loads_its_games_and_the_simulator_when_first_used() -> None:
    code = (
        "import sys, noahrules\n"
        "print(sorted(n for n in ('noahrules.ferry', 'noahrules.island', 'noahrules.simulation')"
        " if n in sys.modules))\n"
        "print(noahrules.ferry.GAME.name, noahrules.simulate.__module__,"
        " 'island' in dir(noahrules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["[]", "ferry noahrules.simulation True"]
