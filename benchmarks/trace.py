"""What the event log costs games that are not traced.

``domsim log`` replays a game through the same kernel with its event log
on; every other game pays only the checks that find the log off.  This
family times ``big-money`` vs ``smithy`` on one thread (the ``limit``
family's engine child) with the kernel as shipped and with the log compiled
out (``DOMSIM_TRACE=0``, in a numba cache folder of its own, removed at
the end), in separate processes, interleaved; the cost is 1 - shipped / without.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile

from .common import spread
from .limit import _run

ENGINE = [sys.executable, "-m", "benchmarks.limit"]


def _engine(games: int, seed: int, env: dict) -> float:
    out = _run(ENGINE + [str(games), str(seed)], env)
    return json.loads(out.strip().splitlines()[-1])["games_per_cpu_s"]


def run(runs: int = 5, games: int = 300_000, env: dict | None = None, log=print) -> dict:
    shipped_env = dict(env or os.environ)
    with tempfile.TemporaryDirectory(prefix="domsim-bench-notrace-") as cache:
        bare_env = {**shipped_env, "DOMSIM_TRACE": "0", "NUMBA_CACHE_DIR": cache}
        log("  trace: compiling the kernel without its event log (a first compile)")
        for e in (shipped_env, bare_env):
            _engine(2000, 1, e)                          # compile or load the cache
        shipped, bare, ratio = [], [], []
        for r in range(runs):
            a = _engine(games, r + 1, shipped_env)
            b = _engine(games, r + 1, bare_env)
            shipped.append(a)
            bare.append(b)
            ratio.append(a / b)
            log(f"  trace run {r + 1}: shipped {a:,.0f}, without the log {b:,.0f} "
                f"games/CPU-s ({1 - a / b:+.1%} cost)")
    cost = [1 - x for x in ratio]
    return {"strategies": ["big-money", "smithy"], "games": games,
            "shipped_games_per_cpu_s": spread(shipped),
            "without_log_games_per_cpu_s": spread(bare), "cost": spread(cost)}
