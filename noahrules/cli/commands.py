"""The commands of the ``noahrules`` command line: each one's name, what it does, and the module
that adds its arguments and runs it. A command's module is imported only when that command runs,
so that ``noahrules --version`` and ``noahrules --help`` load none of the optional layers."""

from __future__ import annotations

from attrs import frozen

__all__ = ["COMMANDS", "Command", "command_named"]


@frozen
class Command:
    """One command of the command line."""

    name: str
    help: str
    """What it does, in the list of commands."""
    module: str
    """The module whose ``register(commands)`` adds it (and any command sharing the module)."""


COMMANDS = (
    Command("play", "play a game in the terminal against bots", "noahrules.cli.play"),
    Command("replay", "step through a game record", "noahrules.cli.replay"),
    Command("simulate", "play many games between bots and report", "noahrules.cli.simulate"),
    Command("validate", "check a variant, rules or board file", "noahrules.cli.validate"),
    Command("cards", "show a game's cards, tiles or other pieces", "noahrules.cli.show"),
    Command("board", "show a game's board", "noahrules.cli.show"),
    Command("balance", "compare variants of a game over many games", "noahrules.cli.balance"),
    Command("tune", "search rules parameters for values that meet targets", "noahrules.cli.tune"),
    Command("ladder", "rate bots in a round-robin (a rating ladder)", "noahrules.cli.ladder"),
    Command("serve", "run the table server for playing in the browser", "noahrules.cli.serve"),
)
"""Every command, in the order ``noahrules --help`` lists them."""


def command_named(name: str) -> Command | None:
    """The command called ``name`` (``None`` if there is none)."""
    return next((command for command in COMMANDS if command.name == name), None)
