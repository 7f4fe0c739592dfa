"""``noahrules serve``: run the table server (needs the ``serve`` extra).

This module imports nothing of the extra until the command runs, so that the command line works
without it, and the command says what to install when it is missing.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys

from noahrules.cli.common import add_command
from noahrules.serve.settings import Settings

__all__ = ["EXTRA", "main", "missing", "register", "run"]

EXTRA = ("starlette", "uvicorn", "websockets")
"""The packages the ``serve`` extra brings."""

INSTALL = "pip install 'noahrules[serve]'"


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the command line."""
    serve = add_command(commands, "serve", "run the table server for playing in the browser", run)
    add_options(serve)


def add_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``serve``."""
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument("--port", type=int, default=8765, help="port to listen on (default 8765)")
    parser.add_argument(
        "--db",
        default="noahrules.sqlite",
        metavar="FILE",
        help="the SQLite file keeping the tables (default noahrules.sqlite)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="S",
        help="seconds a bot waits before moving, so people can follow (default 0.6)",
    )


def missing() -> list[str]:
    """The packages of the ``serve`` extra that are not installed."""
    return [name for name in EXTRA if not _installed(name)]


def _installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a module set to None in sys.modules, or broken
        return False


def run(args: argparse.Namespace) -> int:
    """Run the table server: tables for every game, played and watched in the browser.

    Open the address it prints, create a table, and send your friends the links of their seats.
    Every move is stored in the --db file before it is acknowledged; restart the server with the
    same file and every table is back where it was.
    """
    absent = missing()
    if absent:
        print(
            f"noahrules serve needs the 'serve' extra ({', '.join(absent)} missing): {INSTALL}",
            file=sys.stderr,
        )
        return 1
    # Imported here, not above: the command line loads this module without the extra.
    import uvicorn  # noqa: PLC0415

    from noahrules.serve.app import create_app  # noqa: PLC0415

    settings = Settings(bot_delay=args.bot_delay)
    app = create_app(args.db, settings)
    print(f"noahrules serve: http://{args.host}:{args.port}/ (tables kept in {args.db})")
    print("Stop it with Ctrl-C; restart it with the same --db to carry on.", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=settings.max_frame,
        ws_per_message_deflate=settings.compress,
        log_level="warning",
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m noahrules.serve``: the ``serve`` command on its own."""
    parser = argparse.ArgumentParser(prog="python -m noahrules.serve", description=run.__doc__)
    add_options(parser)
    return run(parser.parse_args(argv))
