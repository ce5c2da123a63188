"""What the event log would cost games that are not traced.

The kernel is built twice from one source (simulator/kernel_traced.py):
runs use the build without the log, ``trace_game`` the one with it.  This
family times ``big-money`` vs ``smithy`` on one thread with each build's
``run_games``, in separate processes, interleaved; the difference is what
the log's checks would cost every game if runs shared the traced build
(1 - traced / plain).
"""
from __future__ import annotations

import json
import sys

from .common import spread
from .limit import _engine_child, _run


def _engine(games: int, seed: int, build: str, env: dict | None) -> float:
    out = _run([sys.executable, "-m", "benchmarks.trace", str(games), str(seed), build], env)
    return json.loads(out.strip().splitlines()[-1])["games_per_cpu_s"]


def run(runs: int = 5, games: int = 300_000, env: dict | None = None, log=print) -> dict:
    for build in ("plain", "traced"):
        _engine(2000, 1, build, env)                     # compile or load the cache
    plain, traced, cost = [], [], []
    for r in range(runs):
        a = _engine(games, r + 1, "plain", env)
        b = _engine(games, r + 1, "traced", env)
        plain.append(a)
        traced.append(b)
        cost.append(1 - b / a)
        log(f"  trace run {r + 1}: without the log {a:,.0f}, with it {b:,.0f} "
            f"games/CPU-s ({1 - b / a:+.1%})")
    return {"strategies": ["big-money", "smithy"], "games": games,
            "plain_games_per_cpu_s": spread(plain),
            "traced_games_per_cpu_s": spread(traced), "cost": spread(cost)}


if __name__ == "__main__":               # the child: GAMES SEED plain|traced
    if sys.argv[3] == "traced":
        from simulator import kernel_traced, runner
        runner.K = kernel_traced         # runs on the build trace_game uses
    print(json.dumps(_engine_child(int(sys.argv[1]), int(sys.argv[2]))))
