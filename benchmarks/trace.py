"""What the event log costs games that are not traced.

``domsim log`` replays a game through the same rules with its event log
on.  Other games are played with the log compiled out of their turns, and
pay only the checks left in the card effects, shuffles and setup.  This
family times ``big-money`` vs ``smithy`` on one thread (the ``limit``
family's engine child) with the kernel as shipped and with the log compiled
out (``DOMSIM_TRACE=0``, in a numba cache folder of its own, removed at
the end), in separate processes, interleaved; the cost is 1 - shipped / without.
"""
from __future__ import annotations

import os
import tempfile

from .common import spread
from .limit import engine_rate


def run(runs: int = 5, games: int = 300_000, env: dict | None = None, log=print) -> dict:
    shipped_env = dict(env or os.environ)
    with tempfile.TemporaryDirectory(prefix="domsim-bench-notrace-") as cache:
        bare_env = {**shipped_env, "DOMSIM_TRACE": "0", "NUMBA_CACHE_DIR": cache}
        log("  trace: compiling the kernel without its event log (a first compile)")
        for e in (shipped_env, bare_env):
            engine_rate(2000, 1, e)                      # compile or load the cache
        shipped, bare, cost = [], [], []
        for r in range(runs):
            a = engine_rate(games, r + 1, shipped_env)
            b = engine_rate(games, r + 1, bare_env)
            shipped.append(a)
            bare.append(b)
            cost.append(1 - a / b)
            log(f"  trace run {r + 1}: shipped {a:,.0f}, without the log {b:,.0f} "
                f"games/CPU-s ({cost[-1]:+.1%} cost)")
    return {"strategies": ["big-money", "smithy"], "games": games,
            "shipped_games_per_cpu_s": spread(shipped),
            "without_log_games_per_cpu_s": spread(bare), "cost": spread(cost)}
