"""The first compile from several threads at once (issue 28's crash).

Jobs of one run play in threads (optimize, sweep, tournament with
``--threads``).  On an empty numba cache they all type and compile the same
kernel functions at the same moment; a check-then-compile outside numba's
compiler lock let the second thread find compiling already disabled
(``RuntimeError: compilation disabled``).  Each test runs in a subprocess
with an empty cache folder of its own, so it sees a truly cold start.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run_cold(code: str, folder: Path, timeout: float) -> subprocess.CompletedProcess:
    """Run ``code`` as a script file (numba caches only functions of a file)
    with an empty numba cache in ``folder``."""
    script = folder / "cold.py"
    script.write_text(textwrap.dedent(code))
    env = dict(os.environ, NUMBA_CACHE_DIR=str(folder / "cache"), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


# Many small functions declared the kernel's way, each first called by eight
# threads released together; every thread must get the right answer.
DECLARED = """
    import threading
    from simulator.engine.jit import kernel_fn

    THREADS, ROUNDS = 8, 12
    failures = []
    for r in range(ROUNDS):
        @kernel_fn('i8')
        def f(a, b):
            return a * 3 + b
        barrier = threading.Barrier(THREADS)

        def call(t, f=f, r=r):
            barrier.wait()
            try:
                if f(r, t) != r * 3 + t:
                    failures.append((r, t, 'wrong value'))
            except Exception as e:                      # noqa: BLE001
                failures.append((r, t, repr(e)))

        ts = [threading.Thread(target=call, args=(t,)) for t in range(THREADS)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
    print('failures', len(failures), failures[:3])
    raise SystemExit(1 if failures else 0)
"""


@pytest.mark.slow
@pytest.mark.compile
@pytest.mark.parametrize("attempt", range(3))
def test_declared_functions_compile_once_from_many_threads(tmp_path, attempt):
    done = _run_cold(DECLARED, tmp_path, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


# The real thing: threads of one process each simulate a different matchup
# (each loads card effects of its own and types the kernel) on an empty cache.
SIMULATE = """
    from concurrent.futures import ThreadPoolExecutor
    from simulator.runs.runner import simulate

    BOTS = ["bm-smithy", "bm-witch", "bm-militia", "bm-moat",
            "bm-chapel", "bm-mine", "bm-remodel", "bm-library"]

    def play(bot):
        r = simulate(["big-money", bot], 40, threads=1, keep_records=False)
        return r.games

    with ThreadPoolExecutor(len(BOTS)) as pool:
        games = list(pool.map(play, BOTS))
    assert games == [40] * len(BOTS), games
    print("all finished")
"""


@pytest.mark.slow
@pytest.mark.compile
def test_threads_simulating_on_an_empty_cache_all_finish(tmp_path):
    done = _run_cold(SIMULATE, tmp_path, timeout=900)
    assert done.returncode == 0 and "all finished" in done.stdout, done.stdout + done.stderr
