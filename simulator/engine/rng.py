"""xoroshiro128+ seeded per game by splitmix64.

One generator per game, seeded from (seed, game index) only, so a game plays
identically whatever thread or chunk runs it.  ``below(rng, n)`` maps the
upper 32 bits onto [0, n) by multiply-shift (bias below n / 2**32, far under
any statistical resolution this simulator has).
"""
import numpy as np
from numba import njit, uint64

_GOLDEN = uint64(0x9E3779B97F4A7C15)
_M1 = uint64(0xBF58476D1CE4E5B9)
_M2 = uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def _mix(x):
    x = (x ^ (x >> uint64(30))) * _M1
    x = (x ^ (x >> uint64(27))) * _M2
    return x ^ (x >> uint64(31))


@njit(cache=True, inline="always")
def seed_game(rng, seed, game):
    """Fill rng[0:2] for game number ``game`` of a run seeded ``seed``."""
    x = _mix(uint64(seed) + _GOLDEN) + uint64(game) * _GOLDEN
    x += _GOLDEN
    rng[0] = _mix(x)
    x += _GOLDEN
    rng[1] = _mix(x)
    if rng[0] == 0 and rng[1] == 0:        # the one forbidden state
        rng[1] = _GOLDEN


@njit(cache=True, inline="always")
def _rotl(x, k):
    return (x << uint64(k)) | (x >> uint64(64 - k))


@njit(cache=True, inline="always")
def step(s0, s1):
    """(output, s0, s1): one step on a state held in locals, which hot loops
    keep in registers (stored back in the array, it would be reloaded after
    every store the compiler cannot prove does not touch it)."""
    out = s0 + s1
    s1 ^= s0
    return out, _rotl(s0, 24) ^ s1 ^ (s1 << uint64(16)), _rotl(s1, 37)


@njit(cache=True, inline="always")
def scale(out, n):
    """Map a raw output onto [0, n) by its upper 32 bits, for 0 < n < 2**31."""
    return ((out >> uint64(32)) * uint64(n)) >> uint64(32)


@njit(cache=True, inline="always")
def next_u64(rng):
    """The next raw 64-bit output; advances the state."""
    out, rng[0], rng[1] = step(rng[0], rng[1])
    return out


@njit(cache=True, inline="always")
def below_u(rng, n):
    """A uniform unsigned integer in [0, n) for 0 < n < 2**31."""
    return scale(next_u64(rng), n)


@njit(cache=True, inline="always")
def below(rng, n):
    """``below_u`` as a signed int64, the kernel's index type."""
    return np.int64(below_u(rng, n))
