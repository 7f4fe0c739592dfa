"""A pure, immutable random number generator.

The RNG is a value carried inside game states: every draw returns the result together with the
advanced generator, so the same seed and the same moves give the same game in any process, whatever
else calls the global :mod:`random` module. The generator is SplitMix64 (Steele, Lea and Flood,
2014): 64-bit state, fast in pure Python and identical on every platform.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TypeVar

from attrs import frozen

from noahrules.values import maker

__all__ = ["Rng"]

T = TypeVar("T")

_SPAN = 1 << 64
_MASK = _SPAN - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_UNBIASED = _SPAN - (1 << 32)
"""Below the top partial block of every ``n`` up to 2**32: a value this small is kept without
working out the block (see :meth:`Rng.below`)."""


@frozen(weakref_slot=False)
class Rng:
    """An immutable SplitMix64 generator; ``state`` is its whole 64-bit state."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """The generator for an integer seed (any size or sign)."""
        return cls(_mix(seed & _MASK) ^ (seed >> 64 & _MASK))

    def next64(self) -> tuple[int, Rng]:
        """A uniformly random 64-bit integer and the advanced generator."""
        value, state = _next64(self.state)
        return value, _rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A random integer in ``range(n)`` (``n`` >= 1) and the advanced generator.

        Rejects the top partial block of 64-bit values, so the result is exactly uniform.
        """
        value, state = _below(self.state, n)
        return value, _rng(state)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """A uniformly chosen element of a non-empty sequence and the advanced generator."""
        index, state = _below(self.state, len(items))
        return items[index], _rng(state)

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly shuffled copy of ``items`` (Fisher-Yates) and the advanced generator."""
        result = list(items)
        state = self.state
        for i in range(len(result) - 1, 0, -1):
            # j = _below(state, i + 1), inlined: a third faster, and setups and
            # determinizations shuffle whole decks.
            n = i + 1
            while True:
                state = (state + _GOLDEN) & _MASK
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < _UNBIASED or z < _SPAN - _SPAN % n:
                    break
            j = z % n
            result[i], result[j] = result[j], result[i]
        return tuple(result), _rng(state)

    def permuted(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A uniformly shuffled copy of ``items`` and the advanced generator, like
        :meth:`shuffled` but drawn differently: one uniform number below ``n!`` (from a few
        64-bit draws, the top partial block rejected), whose digits in the factorial number
        system are the Fisher-Yates swaps. About 2.5 times as fast for 30 to 50 items; the
        determinizations a search samples again and again use it, while the games' setups keep
        :meth:`shuffled`, on whose draws their records depend."""
        result = list(items)
        count, words, limit = _permutations(len(result))
        state = self.state
        while True:
            value = 0
            for _ in range(words):
                word, state = _next64(state)
                value = value << 64 | word
            if value < limit:
                break
        value %= count
        for i in range(len(result) - 1, 0, -1):
            value, j = divmod(value, i + 1)
            result[i], result[j] = result[j], result[i]
        return tuple(result), _rng(state)


@lru_cache(maxsize=64)
def _permutations(n: int) -> tuple[int, int, int]:
    """For :meth:`Rng.permuted` of ``n`` items: ``n!``, the 64-bit draws that make a number
    with at least 64 bits to spare, and the bound below which such a number is kept (the
    largest multiple of ``n!`` the draws reach)."""
    count = math.factorial(n)
    words = count.bit_length() // 64 + 2
    span = 1 << 64 * words
    return count, words, span - span % count


_rng = maker(Rng)
"""``Rng(state)``, built faster: every draw makes one."""


def _next64(state: int) -> tuple[int, int]:
    state = (state + _GOLDEN) & _MASK
    return _mix(state), state


def _below(state: int, n: int) -> tuple[int, int]:
    if n < 1:
        raise ValueError(f"below() needs n >= 1, got {n}")
    while True:
        # _next64 and _mix, inlined: games and searches draw all the time.
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        z ^= z >> 31
        if z < _UNBIASED or z < _SPAN - _SPAN % n:
            return z % n, state


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)
