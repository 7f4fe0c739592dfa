"""``noahrules serve``: run the table server (needs the ``serve`` extra).

This module imports nothing of the extra until the command runs, so that the command line works
without it, and the command says what to install when it is missing. Every limit of
:class:`~noahrules.serve.settings.Settings` that a host may want to change has a flag here.
"""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import sys

from noahrules.cli.common import add_command
from noahrules.serve.settings import ADMIN_TOKEN_ENV, Settings

__all__ = ["EXTRA", "LOG_LEVELS", "main", "missing", "register", "run", "settings_from"]

EXTRA = ("starlette", "uvicorn", "websockets")
"""The packages the ``serve`` extra brings."""

INSTALL = "pip install 'noahrules[serve]'"

LOG_LEVELS = ("debug", "info", "warning", "error")
"""The levels of ``--log-level``; ``info`` and below write the access log."""

_DEFAULTS = Settings()

FLAGS: tuple[tuple[str, str, type, str], ...] = (
    (
        "--creations-per-minute",
        "creations_per_minute",
        int,
        "tables one address may create a minute",
    ),
    ("--tables-per-address", "open_tables_per_address", int, "unfinished tables of one address"),
    (
        "--bot-tables-per-address",
        "bot_tables_per_address",
        int,
        "unfinished tables without a person's seat of one address (0: none)",
    ),
    (
        "--ipv6-prefix",
        "ipv6_prefix",
        int,
        "bits of an IPv6 address that make one client for the limits per address",
    ),
    ("--sockets-per-address", "sockets_per_address", int, "WebSocket connections of one address"),
    (
        "--messages-per-second",
        "messages_per_second",
        float,
        "messages one connection may send a second",
    ),
    ("--hello-timeout", "hello_timeout", float, "seconds a new WebSocket has to join a table"),
    ("--max-tables", "max_open_tables", int, "unfinished tables on the whole server"),
    ("--max-watchers", "max_watchers", int, "spectators at one table"),
    ("--lobby-page", "lobby_page", int, "tables in one page of the lobby's list"),
    (
        "--unjoined-expiry",
        "unjoined_expiry",
        float,
        "seconds before a table nobody joined is closed",
    ),
    ("--idle-expiry", "idle_expiry", float, "seconds without a move before a table is closed"),
    ("--bot-workers", "bot_workers", int, "threads choosing bot moves"),
    (
        "--bot-only-processes",
        "bot_only_processes",
        int,
        "processes choosing the bot moves of tables without a person (0: the bot threads)",
    ),
)
"""The flags of the limits: flag, setting, type, meaning (the default is the setting's)."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the command line."""
    serve = add_command(commands, "serve", run)
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
    parser.add_argument(
        "--root-path",
        default="",
        metavar="PREFIX",
        help="the path prefix a reverse proxy serves the server under, such as /noah",
    )
    parser.add_argument(
        "--trust-proxy",
        action="store_true",
        help="take the client address from X-Forwarded-For (only behind a reverse proxy)",
    )
    parser.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        default="info",
        help="what to log; info and debug write the access log (default info)",
    )
    parser.add_argument(
        "--admin-token",
        metavar="TOKEN",
        help=f"the token of /api/admin/... (16 characters or more; default: ${ADMIN_TOKEN_ENV}, "
        "else no admin)",
    )
    parser.add_argument(
        "--turn-timeout",
        type=float,
        metavar="S",
        help="seconds a person has to act before a bot moves for them (default: no timeout)",
    )
    parser.add_argument(
        "--timeout-bot",
        default=_DEFAULTS.timeout_bot,
        metavar="BOT",
        help=f"the bot that moves when a turn times out (default {_DEFAULTS.timeout_bot})",
    )
    for flag, name, kind, meaning in FLAGS:
        default = getattr(_DEFAULTS, name)
        parser.add_argument(
            flag,
            dest=name,
            type=kind,
            default=default,
            metavar="N",
            help=f"{meaning} (default {default:g})",
        )


def settings_from(args: argparse.Namespace) -> Settings:
    """The settings the options ask for (the admin token from the environment if not given);
    a :class:`ValueError` for a value the server cannot take."""
    token = args.admin_token or os.environ.get(ADMIN_TOKEN_ENV) or None
    return Settings(
        bot_delay=args.bot_delay,
        root_path=args.root_path,
        trust_proxy=args.trust_proxy,
        admin_token=token,
        turn_timeout=args.turn_timeout,
        timeout_bot=args.timeout_bot,
        **{name: getattr(args, name) for _, name, _, _ in FLAGS},
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
    from noahrules.serve.creation import bot_spec  # noqa: PLC0415

    try:
        settings = settings_from(args)
        bot_spec(settings.timeout_bot)
    except ValueError as exc:
        print(f"noahrules serve: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    app = create_app(args.db, settings)
    where = f"http://{args.host}:{args.port}{settings.root_path}/"
    print(f"noahrules serve: {where} (tables kept in {args.db})")
    print("Stop it with Ctrl-C; restart it with the same --db to carry on.", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=settings.max_frame,
        ws_per_message_deflate=settings.compress,
        log_config=None,
        log_level=args.log_level,
        access_log=False,  # the server writes its own, with the address its limits use
        proxy_headers=False,  # the server reads X-Forwarded-For itself, with --trust-proxy
        server_header=False,
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m noahrules.serve``: the ``serve`` command on its own."""
    parser = argparse.ArgumentParser(prog="python -m noahrules.serve", description=run.__doc__)
    add_options(parser)
    return run(parser.parse_args(argv))
