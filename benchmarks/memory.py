"""Peak memory of big runs, each in a fresh process so that the peak is its own.

The child loads the kernel with a small run first; its RSS then is the
baseline (Python, numba, LLVM), and the growth to the peak of the big run
(simulate plus ``summary()``, as ``domsim compare`` does) is what the games
cost.  The peak is reset before the run, because compiling (the kernel
changes often while the project is developed) can peak far above any run.  Aggregate-only runs (``simulate(..., keep_records=False)``) are
measured when the runner has that keyword.

``domsim compare`` itself is measured as a whole process (peak RSS from
``wait4``, numba cache warm) at two game counts 100 times apart (10^6 and
10^8; quick: 10^5 and 10^6): it keeps no per-game records, so the two peaks
must agree within ``FLAT_TOLERANCE``.
"""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
import time

from .common import child_cwd

FLAT_TOLERANCE = 0.10       # compare's peak RSS may differ this much across sizes

BOTS = ["big-money", "smithy"]

_CHILD = r"""
import json, resource, sys, time
from pathlib import Path
from simulator.runs.runner import simulate

def status_kb(key):
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return None

def reset_peak():
    # writing 5 to clear_refs resets VmHWM (Linux >= 4.0), so the peak seen
    # after the run is the run's own, not numba's compile peak before it
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False

games, keep, bots = int(sys.argv[1]), sys.argv[2] == "1", sys.argv[3].split(",")
kw = {} if keep else {"keep_records": False}
started = time.perf_counter()
simulate(bots, 2000, 0, **kw)
load_s = time.perf_counter() - started
reset = reset_peak()
base = status_kb("VmRSS")
started = time.perf_counter()
r = simulate(bots, games, 1, **kw)
r.summary()
seconds = time.perf_counter() - started
peak = status_kb("VmHWM") if reset else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"base_kb": base, "peak_kb": peak, "rss_after_kb": status_kb("VmRSS"),
                  "peak_reset": reset, "load_s": load_s, "seconds": seconds}))
"""


def has_keep_records() -> bool:
    from simulator.runs.runner import simulate
    return "keep_records" in inspect.signature(simulate).parameters


def measure(games: int, keep: bool, env: dict | None = None) -> dict:
    done = subprocess.run([sys.executable, "-c", _CHILD, str(games), "1" if keep else "0",
                           ",".join(BOTS)], cwd=child_cwd(env), env=env,
                          capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        return {"games": games, "records": keep, "error": done.stderr.strip()[-1500:]}
    m = json.loads(done.stdout.strip().splitlines()[-1])
    grown = max(0, m["peak_kb"] - m["base_kb"]) * 1024
    return {"games": games, "records": keep, "peak_mb": m["peak_kb"] / 1024,
            "base_mb": m["base_kb"] / 1024, "growth_mb": grown / 2**20,
            "bytes_per_game": grown / games, "rss_after_mb": (m["rss_after_kb"] or 0) / 1024,
            "peak_reset": m["peak_reset"], "load_s": m["load_s"], "seconds": m["seconds"]}


def measure_compare(games: int, env: dict | None = None) -> dict:
    """Peak RSS of ``domsim compare`` (the whole process) for ``games`` games,
    from ``wait4``: the child's own maximum, whatever ran before it."""
    import tempfile
    cmd = [sys.executable, "-m", "simulator", "compare", *BOTS, "--games", str(games),
           "--seed", "1", "--json"]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=child_cwd(env), env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - started
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if p.returncode != 0:
            return {"games": games, "error": err.read().decode(errors="replace")[-1500:]}
        played = json.loads(out.read())["games"]
    return {"games": games, "played": played, "peak_mb": usage.ru_maxrss / 1024,
            "seconds": seconds}


def compare_rows(sizes, env: dict | None = None, log=print) -> dict:
    rows = []
    for n in sizes:
        row = measure_compare(n, env)
        rows.append(row)
        _log(log, f"compare {n:,} games", row,
             lambda r: f"peak RSS {r['peak_mb']:,.0f} MB ({r['seconds']:,.0f} s)")
    peaks = [r["peak_mb"] for r in rows if "error" not in r]
    spread = (max(peaks) - min(peaks)) / min(peaks) if len(peaks) == len(rows) else None
    return {"rows": rows, "spread": spread, "tolerance": FLAT_TOLERANCE,
            "flat": spread is not None and spread <= FLAT_TOLERANCE}


def run(quick: bool = False, env: dict | None = None, log=print) -> dict:
    sizes = [10 ** 6] if quick else [10 ** 6, 10 ** 7]
    aggregate = has_keep_records()
    measure(1000, True, env)     # fill the numba cache: baselines without compiling
    rows = []
    for n in sizes:
        for keep in ([True, False] if aggregate else [True]):
            row = measure(n, keep, env)
            rows.append(row)
            _log(log, f"memory {n:,} games, records={keep}", row,
                 lambda r: f"peak {r['peak_mb']:,.0f} MB (+{r['growth_mb']:,.0f} MB "
                           f"over {r['base_mb']:,.0f} MB)")
    log("  domsim compare as a whole process:")
    compare = compare_rows([10 ** 5, 10 ** 6] if quick else [10 ** 6, 10 ** 8], env, log)
    return {"strategies": BOTS, "keep_records_available": aggregate, "rows": rows,
            "compare": compare}


def _log(log, what: str, row: dict, text) -> None:
    log(f"  {what}: " + (f"failed: {row['error'][-200:]}" if "error" in row else text(row)))
