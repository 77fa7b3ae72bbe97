"""The one random-number generator of a game.

Every game owns exactly one :class:`Rng`; its whole state is a single integer
kept inside the game state, so saving, replaying and undo need nothing else and
a replay in Pyodide gives the same numbers as on CPython (pure integer
arithmetic, no platform floats).

The generator is SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast in pure
Python and good enough for shuffling cards and rolling dice.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """Seeded SplitMix64 generator whose state is one JSON-friendly integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        if state is not None:
            self.state = state & _MASK
        else:
            # Mix the seed once so that nearby seeds start far apart.
            self.state = (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & _MASK

    def next_u64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``range(n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        if n == 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Return a uniform integer ``low <= x <= high`` (both ends included)."""
        return low + self.randbelow(high - low + 1)

    def choice(self, seq: Sequence[T]) -> T:
        """Return one element of a non-empty sequence, uniformly."""
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): ``j = randbelow(i + 1)`` for i from the last index down,
        with ``randbelow`` and ``next_u64`` written out in the loop (the same numbers, fewer calls)."""
        state = self.state
        try:
            for i in range(len(items) - 1, 0, -1):
                n = i + 1
                limit = (1 << 64) - ((1 << 64) % n)
                while True:
                    state = (state + _GOLDEN) & _MASK
                    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    z ^= z >> 31
                    if z < limit:
                        break
                j = z % n
                items[i], items[j] = items[j], items[i]
        finally:
            self.state = state

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """Return ``k`` distinct elements of ``seq`` in random order."""
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, data: int) -> Rng:
        return cls(state=int(data))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
