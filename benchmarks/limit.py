"""The engine against the speed limit: the shared hand-tuned kernel
(``../shared/limit/dom_nb.py``, one numba function that plays only Big
Money against Smithy-Big-Money) and ``big-money`` vs ``smithy`` on the
engine, one thread each.

Each run starts two fresh processes, the limit kernel and then the engine,
so their numba functions never share a process (PERFORMANCE.md: that skews
timings), and the runs interleave so that load from other users of the
machine falls on both alike.  Both report games per CPU-second of their
timed call; the ratio is taken per run and summarised as a median.

Outside this workspace, where the shared kernel is absent, the family says
so and returns nothing; the ``minimal`` family (benchmarks/minimal.py)
stays as the in-repository yardstick.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from .common import ROOT, child_cwd, cpu_model, spread

STRATEGIES = ("big-money", "smithy")


def limit_kernel() -> Path | None:
    """The shared limit kernel: $DOMSIM_LIMIT_KERNEL, else ../shared/limit/dom_nb.py."""
    given = os.environ.get("DOMSIM_LIMIT_KERNEL")
    path = Path(given) if given else ROOT.parent / "shared" / "limit" / "dom_nb.py"
    return path if path.is_file() else None


def _engine_child(games: int, seed: int) -> dict:
    """Run in a child process: time one ``simulate`` call on one thread."""
    from simulator.runs.runner import simulate
    simulate(list(STRATEGIES), 2000, 0, threads=1, keep_records=False)   # load the cache
    cpu, wall = time.process_time(), time.perf_counter()
    simulate(list(STRATEGIES), games, seed, threads=1, keep_records=False)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {"games_per_cpu_s": games / cpu, "games_per_wall_s": games / wall}


def _run(cmd: list[str], env: dict | None) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=1800,
                          env={**(env or os.environ), "NUMBA_NUM_THREADS": "1"},
                          cwd=child_cwd(env))
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[:3])} … failed: {done.stderr.strip()[-300:]}")
    return done.stdout


def engine_rate(games: int, seed: int, env: dict | None) -> float:
    """Games per CPU-second of the engine child (``_engine_child``) in a fresh process."""
    out = _run([sys.executable, "-m", "benchmarks.limit", str(games), str(seed)], env)
    return json.loads(out.strip().splitlines()[-1])["games_per_cpu_s"]


def run(runs: int = 5, limit_games: int = 2_000_000, engine_games: int = 500_000,
        env: dict | None = None, log=print) -> dict:
    kernel = limit_kernel()
    if kernel is None:
        return {"skipped": "the shared limit kernel (../shared/limit/dom_nb.py) is not "
                           "here; see the minimal family for the in-repository yardstick"}
    _run([sys.executable, str(kernel), "1000", "1"], env)           # compile or load cache
    limit, engine, ratio = [], [], []
    for r in range(runs):
        out = _run([sys.executable, str(kernel), str(limit_games), str(r + 1)], env)
        lim = float(re.search(r"games_per_cpu_s=([0-9.]+)", out).group(1))
        eng = engine_rate(engine_games, r + 1, env)
        limit.append(lim)
        engine.append(eng)
        ratio.append(eng / lim)
        log(f"  limit run {r + 1}: limit {lim:,.0f}, engine {eng:,.0f} games/CPU-s "
            f"({eng / lim:.1%})")
    return {"kernel": str(kernel), "cpu": cpu_model(), "strategies": list(STRATEGIES),
            "limit_games": limit_games, "engine_games": engine_games,
            "limit_games_per_cpu_s": spread(limit), "engine_games_per_cpu_s": spread(engine),
            "ratio": spread(ratio)}


if __name__ == "__main__":               # the engine child: GAMES SEED
    print(json.dumps(_engine_child(int(sys.argv[1]), int(sys.argv[2]))))
