"""``noahrules serve`` (its module, before the integrator plugs it into the command line)."""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys

import pytest

from noahrules.cli import serve as cli
from tests.serve.support import ROOT


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(prog="noahrules")
    cli.register(main.add_subparsers())
    return main


def test_the_options_and_their_defaults() -> None:
    args = parser().parse_args(["serve"])
    assert (args.host, args.port, args.db, args.bot_delay) == (
        "127.0.0.1",
        8765,
        "noahrules.sqlite",
        0.6,
    )
    args = parser().parse_args(["serve", "--port", "9000", "--db", "x.sqlite", "--host", "0.0.0.0"])
    assert (args.host, args.port, args.db) == ("0.0.0.0", 9000, "x.sqlite")
    assert args.command is cli.run


def test_a_missing_extra_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "uvicorn" else real(name)
    )
    assert cli.run(parser().parse_args(["serve"])) == 1
    err = capsys.readouterr().err
    assert "uvicorn missing" in err and "pip install 'noahrules[serve]'" in err


def test_the_command_line_module_needs_nothing_of_the_extra() -> None:
    code = (
        "import sys\n"
        "for name in ('starlette', 'uvicorn', 'websockets'): sys.modules[name] = None\n"
        "import noahrules.cli.serve as cli\n"
        "assert cli.missing() == ['starlette', 'uvicorn', 'websockets'], cli.missing()\n"
        "print(cli.main(['--port', '1']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.stdout.strip() == "1", done.stderr
    assert "needs the 'serve' extra" in done.stderr


def test_python_dash_m_help() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "noahrules.serve", "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "--db" in done.stdout and "--bot-delay" in done.stdout
