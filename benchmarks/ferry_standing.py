"""How a ferry seat's standing predicts who wins: the weights of the best bot's standing.

Plays seeded self-play games of the greedy bot at each player count, and fits, on a sample of
their positions, a conditional logit model of who wins the game (a shared win split evenly):
seat s wins with probability proportional to ``exp(-(a * penalty + b * tears in hand + c *
cards in hand))``. Prints, per player count, the fitted weights relative to the penalty's
(``b / a``, ``c / a``, with 95% intervals from a bootstrap over games) and the log loss on held-out
games (one in five) of the fit against the standing the search bot uses (penalty plus tears in
hand, at its best fitted scale) and against a uniform guess. Needs NumPy (the ``rl`` extra):

    python benchmarks/ferry_standing.py --games 4000
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import numpy as np

import noahrules
from noahrules.bots import make_bot

SAMPLE_EVERY = 5
"""One position in this many decisions is fitted (neighbouring positions say much the same)."""
MAX_DECISIONS = 3000
"""Games still going after this many decisions are left out (F27: a round may not end)."""


def positions(players: int, games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (position, seat, [penalty, tears, cards]), win shares (position, seat) and the
    game of each position, from ``games`` greedy self-play games."""
    game = noahrules.GAMES["ferry"]
    rules = game.load_rules()
    features: list[list[list[float]]] = []
    shares: list[list[float]] = []
    of_game: list[int] = []
    for g in range(games):
        state = game.new_game(rules, players, seed + g)
        bots = [make_bot("greedy", game, (seed + g) * players + s) for s in range(players)]
        seen: list[list[list[float]]] = []
        for decision in range(MAX_DECISIONS):
            if game.is_over(state):
                break
            if decision % SAMPLE_EVERY == 0:
                table = state.table
                seen.append(
                    [
                        [float(p), float(sum(c.tears for c in hand)), float(len(hand))]
                        for p, hand in zip(table.penalties, state.hands, strict=True)
                    ]
                )
            seat = state.table.seat
            state = game.apply(state, bots[seat].choose(game.view(state, seat)))
        if not game.is_over(state):
            continue
        winners = game.winners(state)
        won = [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
        features += seen
        shares += [won] * len(seen)
        of_game += [g] * len(seen)
    return np.array(features), np.array(shares), np.array(of_game)


def fit(x: np.ndarray, won: np.ndarray, iterations: int = 50) -> np.ndarray:
    """Weights ``w`` maximizing the likelihood of ``won`` under P(seat s) ~ exp(-x[s] @ w)
    (Newton's method; the log likelihood is concave)."""
    w = np.zeros(x.shape[2])
    for _ in range(iterations):
        p = _probabilities(x, w)
        mean = np.einsum("ns,nsk->nk", p, x)
        gradient = np.einsum("ns,nsk->k", won, x) - mean.sum(0)
        hessian = np.einsum("ns,nsk,nsj->kj", p, x, x) - mean.T @ mean
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return w


def _probabilities(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Per position and seat, the modelled chance that the seat wins."""
    u: np.ndarray = -(x @ w)
    u -= u.max(1, keepdims=True)
    p: np.ndarray = np.exp(u)
    p /= p.sum(1, keepdims=True)
    return p


def log_loss(x: np.ndarray, won: np.ndarray, w: np.ndarray) -> float:
    """The mean log loss of the modelled chances against the win shares."""
    return float(-(won * np.log(_probabilities(x, w))).sum(1).mean())


def report(players: int, games: int, seed: int, resamples: int) -> None:
    x, won, of_game = positions(players, games, seed)
    held_out = of_game % 5 == 0
    train, test = ~held_out, held_out
    w = fit(x[train], won[train])
    current = x[:, :, :1] + x[:, :, 1:2]  # penalty + tears in hand
    scale = fit(current[train], won[train])
    rng = np.random.default_rng(seed)
    # The positions of a game are consecutive: one block of rows per game.
    blocks = np.split(np.arange(len(of_game)), np.flatnonzero(np.diff(of_game)) + 1)
    ratios = []
    for _ in range(resamples):
        drawn = rng.choice(len(blocks), len(blocks))
        picked = np.concatenate([blocks[g] for g in drawn])
        b = fit(x[picked], won[picked])
        ratios.append(b[1:] / b[0])
    low, high = np.percentile(ratios, [2.5, 97.5], axis=0)
    print(
        f"{players} players, {len(blocks)} games, {len(won)} positions: penalty weight {w[0]:.3f};"
        f" tears in hand {w[1] / w[0]:+.3f} [{low[0]:+.3f}, {high[0]:+.3f}] of a penalty point,"
        f" cards in hand {w[2] / w[0]:+.3f} [{low[1]:+.3f}, {high[1]:+.3f}]; held-out log loss"
        f" {log_loss(x[test], won[test], w):.4f}, penalty + tears"
        f" {log_loss(current[test], won[test], scale):.4f}, uniform {np.log(players):.4f}",
        flush=True,
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,3,4,5", help="player counts (default 2,3,4,5)")
    parser.add_argument("--games", type=int, default=4000, help="games per player count")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--resamples", type=int, default=200, help="bootstrap resamples")
    args = parser.parse_args(argv)
    for players in (int(p) for p in args.players.split(",")):
        report(players, args.games, args.seed, args.resamples)


if __name__ == "__main__":
    main()
