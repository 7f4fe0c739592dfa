"""The yardstick of the speed benchmarks: random playouts of python-chess, in CPU time.

The machine the benchmarks run on is shared and its speed swings, so a figure alone says little.
Each benchmark times python-chess in the same process, interleaved with its own runs, and
reports its figures as ratios to python-chess's plies per CPU second: a ratio holds from one
machine and one load to the next far better than a rate. python-chess is a benchmark-only
dependency (the ``dev`` extra).
"""

from __future__ import annotations

import statistics
import time
from random import Random

try:
    import chess
except ImportError:  # pragma: no cover - a message rather than a traceback
    raise SystemExit(
        "the benchmarks measure against python-chess: pip install -e '.[dev]'"
    ) from None

__all__ = ["chess_playouts", "median_ratio"]


def chess_playouts(games: int, seed: int) -> tuple[int, float]:
    """Play ``games`` random chess games to their end (``Board.is_game_over``), each move
    chosen uniformly among the legal ones; return the plies played and the CPU seconds taken."""
    random = Random(seed).random
    plies = 0
    start = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            moves = list(board.legal_moves)
            board.push(moves[int(random() * len(moves))])
            plies += 1
    return plies, time.process_time() - start


def median_ratio(rates: list[float], yardstick: list[float]) -> float:
    """The median over runs of a rate divided by the yardstick's rate in the same run."""
    return statistics.median(r / y for r, y in zip(rates, yardstick, strict=True))
