"""How many games each kernel call plays.

A kernel call cannot be interrupted: Ctrl-C is seen only when it returns.
So calls are sized, as the run goes, to last about ``TARGET_SECONDS``: short
games get large calls (little overhead per game), 30,000-turn games get a
few games per call, and Ctrl-C is answered within about a second whatever
the games do.  Results do not depend on the sizes: every game's randomness
comes from (seed, game index), and the sums over games are exact.
"""
from __future__ import annotations

import time

TARGET_SECONDS = 0.25
MAX_CHUNK = 1 << 17        # bounds the per-call buffers (about 40 bytes a game)
GROWTH = 16                # a call is at most this many times the one before


def chunks(games: int, least: int = 1, target: float = TARGET_SECONDS,
           most: int = MAX_CHUNK):
    """Yield ``(first, count)`` covering games 0 .. games-1 in order.

    The first call plays ``least`` games; each next one is sized from the
    games per second of the one before (the time the caller spent between
    two yields), never fewer than ``least`` games."""
    least = max(1, min(int(least), most))
    first, size = 0, least
    while first < games:
        count = min(size, games - first)
        started = time.perf_counter()
        yield first, count
        seconds = time.perf_counter() - started
        first += count
        fit = count * target / seconds if seconds > 0 else most
        size = int(max(least, min(most, count * GROWTH, fit)))
