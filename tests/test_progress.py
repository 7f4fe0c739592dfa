"""Progress of long runs: a bar on a terminal, plain lines elsewhere."""

from __future__ import annotations

import io

from noahrules.progress import Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_redrawn_in_place_with_rate_and_time_left() -> None:
    clock = iter([0.0, 10.0, 10.05, 20.0])
    out = Terminal()
    bar = Progress("games", out, width=10, clock=lambda: next(clock))
    bar(50, 100)  # at 10 s: 5 a second, 10 s left
    bar(60, 100)  # 0.05 s later: not redrawn
    bar(100, 100)  # at 20 s: done, the line ends
    text = out.getvalue()
    assert text == (
        "\r[#####.....] games: 50/100 (50%), 5.0/s, 10 s left\x1b[K"
        "\r[##########] games: 100/100 (100%), 5.0/s, 20 s in all\x1b[K\n"
    )


def test_elsewhere_plain_lines_now_and_then_and_at_the_end() -> None:
    clock = iter([0.0, 30.0, 32.0, 45.0, 3700.0])
    out = io.StringIO()
    log = Progress("games", out, every=10, clock=lambda: next(clock))
    log(1, 300)  # at 30 s
    log(2, 300)  # 2 s later: too soon
    log(3, 300)  # at 45 s
    log(300, 300)
    assert out.getvalue().splitlines() == [
        "games: 1/300 (0%), 0.0/s, 2 h 29 min left",
        "games: 3/300 (1%), 0.1/s, 1 h 14 min left",
        "games: 300/300 (100%), 0.1/s, 1 h 01 min in all",
    ]
