"""Time to first result of the CLI, as whole processes, cold and warm cache.

Cold: ``NUMBA_CACHE_DIR`` points at a fresh empty folder, so every kernel
function compiles; warm: the same folder again, filled by the cold run.
Python's bytecode cache goes to that folder too (``PYTHONPYCACHEPREFIX``),
written even where ``PYTHONDONTWRITEBYTECODE`` is set, as on a user's
machine: without it every warm start compiled the package's sources again
(0.12 s).  Wall time of the process from start to exit, output discarded.
"""
from __future__ import annotations

import os
import subprocess
import tempfile
import time

from .common import child_cwd, domsim_command, spread

ARGS = ["compare", "big-money", "smithy", "--games", "10000"]


def _time(env: dict) -> float:
    started = time.perf_counter()
    done = subprocess.run(domsim_command() + ARGS, cwd=child_cwd(env), env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, timeout=900)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"domsim {' '.join(ARGS)} failed:\n{done.stderr[-2000:]}")
    return seconds


def run(runs: int = 5, env: dict | None = None, log=print) -> dict:
    """``env``: the environment of the children (see ``common.snapshot``)."""
    cold, warm = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="domsim-bench-cache-") as cache:
            child = {**(env or os.environ), "NUMBA_CACHE_DIR": cache,
                     "PYTHONPYCACHEPREFIX": os.path.join(cache, "pycache")}
            child.pop("PYTHONDONTWRITEBYTECODE", None)
            cold.append(_time(child))
            warm.append(_time(child))
    out = {"command": "domsim " + " ".join(ARGS), "runs": runs,
           "cold_s": spread(cold), "warm_s": spread(warm)}
    log(f"  start-up: cold {out['cold_s']['median']:.1f} s, "
        f"warm {out['warm_s']['median']:.2f} s")
    return out
