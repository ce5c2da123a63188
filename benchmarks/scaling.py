"""Per-game cost as the run grows from 10^3 to 10^7 games (all threads).

Small runs show the fixed cost of a ``simulate`` call (strategy compilation,
kingdom, thread start-up, Results); large ones show whether anything grows
faster than the games (record assembly, memory).  The 1- vs 2-thread
scaling is taken from the throughput family, which measures it per matchup.
"""
from __future__ import annotations

import time

from .common import spread, threads_available

BOTS = ("big-money", "smithy")


def sizes(quick: bool) -> list[int]:
    return [10 ** k for k in range(3, 7 if quick else 8)]


def run(runs: int = 5, quick: bool = False, log=print) -> dict:
    from simulator.runs.runner import simulate
    threads = threads_available()
    simulate(list(BOTS), 2000, 0, threads=threads)     # compile / load
    rows = []
    for n in sizes(quick):
        reps = runs if n <= 100_000 else (min(runs, 3) if n <= 1_000_000 else 1)
        wall, kernel = [], []
        for r in range(reps):
            started = time.perf_counter()
            res = simulate(list(BOTS), n, 1 + r, threads=threads)
            wall.append(time.perf_counter() - started)
            kernel.append(res.seconds)
            del res
        w, k = spread(wall), spread(kernel)
        rows.append({
            "games": n, "runs": reps, "wall_s": w, "kernel_s": k,
            "us_per_game": 1e6 * w["median"] / n,
            "kernel_us_per_game": 1e6 * k["median"] / n,
            "games_per_s": n / w["median"],
        })
        log(f"  scaling {n:>10,} games: {1e6 * w['median'] / n:8.2f} us/game "
            f"({n / w['median']:,.0f} games/s)")
    return {"threads": threads, "strategies": list(BOTS), "sizes": rows}
